"""A count, a number of copies or a quantity is a whole number as written. pydantic on its own
reads ``true`` as 1 and ``1.0`` as 1, and a quoted "12" as 12: a card that says ``FUEL: true``
would print "1", and ``count: true`` would ask the rulebook for one card. Each is reported where
it is written; a CSV cell, which is always text, is still read as its number."""

from __future__ import annotations

import pytest

from .conftest import Workspace

CR = "common-reserve"
GAME = "content/common-reserve/game.yaml"
DELIVERIES = "content/common-reserve/deliveries.yaml"
SEED = "name: Seed Tent\n    demand: {WATER: 3"  # the first card's name and demand


def _said(ws: Workspace, game: str = CR) -> list[str]:
    return [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in ws.check(game)]


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ('"12"', "a whole number, got the text '12' (write it unquoted)"),
        ("true", "a whole number, got true"),
        ("12.0", "a whole number, got 12.0"),
        ("1_2", "a whole number, got '1_2'"),  # Python's int() reads 12 (a YAML 1.1 int)
        # unquoted, so not told to write it unquoted
        ("1e3", "a valid integer, unable to parse string as an integer, got '1e3'"),
    ],
)
def test_a_components_count_is_a_whole_number_written_as_one(ws, written, said):
    line = ws.edit(GAME, "    count: 12\n", f"    count: {written}\n")
    assert _said(ws) == [f"{line}:12: components.count: input should be {said}"]


@pytest.mark.parametrize(
    ("old", "new", "at", "said"),
    [
        (f"{SEED}, FUEL: 1,", f"{SEED}, FUEL: true,", (1, 30), "demand.FUEL: "),
        (SEED, f"copies: true\n    {SEED}", (0, 13), "copies: "),
        (SEED, f"copies: 1.0\n    {SEED}", (0, 13), "copies: "),
    ],
)
def test_an_items_quantities_and_copies_are_whole_numbers(ws, old, new, at, said):
    line = ws.line_of(DELIVERIES, SEED) + at[0]
    ws.edit(DELIVERIES, old, new)
    (message,) = _said(ws)
    value = "true" if "true" in new else "1.0"
    assert message == f"{line}:{at[1]}: {said}input should be a whole number, got {value}"


def test_a_csv_cell_is_read_as_its_number(ws):
    """The bidding game's card list is a CSV file: its numbers are text, and still numbers."""
    assert _said(ws, "bidding-alpha") == []


def test_a_csv_cell_with_underscores_is_no_whole_number(ws):
    """A cell's text is read as its number, but "2_0", which Python reads as 20, printed card
    #20 without a word."""
    line = ws.line_of("content/bidding-alpha/cards.csv", "BA-002,2,")
    ws.edit("content/bidding-alpha/cards.csv", "BA-002,2,", "BA-002,2_0,")
    assert _said(ws, "bidding-alpha") == [
        f"{line}:8: number: input should be a whole number, got '2_0'"
    ]


@pytest.mark.parametrize("written", ["true", "2.0", '"2"'])
def test_a_write_ins_lines_are_a_whole_number(ws, written):
    """``lines:`` on a write-in (4abe2d1) took ``true`` as one line (a review)."""
    sheet = "content/common-reserve/reserve-sheet.yaml"
    old = '{label: "FUEL, from 2", width: 135}'
    line = ws.edit(sheet, old, f'{{label: "FUEL, from 2", width: 135, lines: {written}}}')
    (message,) = _said(ws)
    assert message.startswith(f"{line}:56: blocks.write_ins.lines: input should be a whole")
