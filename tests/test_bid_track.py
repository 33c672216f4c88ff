"""The alpha game's bid tracks read back from the built sheets: in large print each card on
offer has a bid track card of its own, 0 to 20 in one run, whose cells hold a 20 mm bid token;
standard print keeps its board of six 0-20 tracks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .readback import plumber_pages, plumber_texts, reader_texts

BA = "bidding-alpha"
MM = 72 / 25.4
TOKEN_FILLS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#CC79A7")
LP_CUBE_MM = 28.0  # a large-print cube's chip: a token chip is smaller than this
EPS = 0.05  # mm


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _same_colour(a: Any, b: tuple[float, float, float]) -> bool:
    return (
        isinstance(a, tuple)
        and len(a) == 3
        and all(abs(x - y) < 0.01 for x, y in zip(a, b, strict=True))
    )


def _centre_in(word: dict[str, Any], rect: dict[str, Any]) -> bool:
    x, y = (word["x0"] + word["x1"]) / 2, (word["top"] + word["bottom"]) / 2
    return rect["x0"] <= x <= rect["x1"] and rect["top"] <= y <= rect["bottom"]


def _tokens(sheets: Path) -> list[tuple[str, float, float, float, float]]:
    """Each bid token chip: its fill, its width and height, and the width and height of the
    cell its crop marks cut (mm)."""
    found = []
    for page in plumber_pages(sheets):
        for curve in page.curves:
            fill = next(
                (f for f in TOKEN_FILLS if _same_colour(curve["non_stroking_color"], _rgb(f))),
                None,
            )
            w, h = curve["width"] / MM, curve["height"] / MM
            if fill is None or not 15 <= w < LP_CUBE_MM - 1:
                continue
            # the crop marks of this chip's cell: ticks just above or below it (x), and
            # level with its top and bottom edges (y)
            near = 8 * MM
            ticks_x = [
                ln["x0"]
                for ln in page.lines
                if ln["x0"] == ln["x1"]
                and (
                    0 <= curve["top"] - ln["bottom"] < near
                    or 0 <= ln["top"] - curve["bottom"] < near
                )
            ]
            ticks_y = [  # a row's ticks stand at its ends only
                ln["top"]
                for ln in page.lines
                if ln["top"] == ln["bottom"]
                and (
                    0 <= curve["top"] - ln["top"] < near or 0 <= ln["top"] - curve["bottom"] < near
                )
            ]
            left = max(x for x in ticks_x if x <= curve["x0"])
            right = min(x for x in ticks_x if x >= curve["x1"])
            top = max(y for y in ticks_y if y <= curve["top"])
            bottom = min(y for y in ticks_y if y >= curve["bottom"])
            found.append((fill, w, h, (right - left) / MM, (bottom - top) / MM))
    return found


def _bid_track_cards(sheets: Path) -> dict[int, list[tuple[int, float, float]]]:
    """Card number → its track's cells in reading order: (the number in it, width, height)."""
    cards: dict[int, list[tuple[int, float, float]]] = {}
    for page in plumber_pages(sheets):
        lines = page.extract_text_lines()
        heads = [ln for ln in lines if ln["text"].startswith("Bid track — card ")]
        for k, head in enumerate(heads):
            end = heads[k + 1]["top"] if k + 1 < len(heads) else page.height
            cells = [r for r in page.rects if head["bottom"] < r["top"] and r["bottom"] < end]
            cells.sort(key=lambda r: (round(r["top"]), r["x0"]))
            words = page.extract_words()
            track = []
            for cell in cells:
                inside = [w["text"] for w in words if _centre_in(w, cell)]
                assert len(inside) == 1, (page.page_number, head["text"], inside)
                track.append((int(inside[0]), cell["width"] / MM, cell["height"] / MM))
            number = int(head["text"].rsplit(" ", 1)[1])
            assert number not in cards, (page.page_number, head["text"])
            cards[number] = track
    return cards


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_large_print_bid_track_reads_0_to_20_in_one_run(built, paper):
    """Six bid track cards, one a card on offer: each numbers 0 to 20 once, in reading order
    (no lone 0, no second column from 11), every cell 24 mm or more each way and at least as
    big as the bid token's cell, so a token sits on one number."""
    sheets = built / BA / f"large-print-{paper}" / "sheets.pdf"
    cards = _bid_track_cards(sheets)
    assert sorted(cards) == [1, 2, 3, 4, 5, 6]
    tokens = _tokens(sheets)
    assert tokens
    token_w = max(t[3] for t in tokens)
    token_h = max(t[4] for t in tokens)
    for number, track in cards.items():
        assert [n for n, _w, _h in track] == list(range(21)), (number, track)
        rows = sorted({round(h, 1) for _n, _w, h in track})
        assert len(rows) == 1, (number, rows)  # one cell size throughout
        for n, w, h in track:
            assert w >= 24 and h >= 24, (number, n, w, h)
            assert w + EPS >= token_w and h + EPS >= token_h, (number, n, w, h, token_w, token_h)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_bid_tokens_grow_with_the_cubes(built, paper):
    """Each of the six bid tokens prints once in large print, cut from a cell of 20 × 20 mm or
    more (its crop marks) with a chip that fills it; standard tokens stay 10 mm."""
    for profile, least in (("large-print", 20.0), ("standard", 10.0)):
        tokens = _tokens(built / BA / f"{profile}-{paper}" / "sheets.pdf")
        if profile == "standard":  # 9.2 mm chips: below the large-print filter
            assert tokens == []
            continue
        assert sorted(t[0] for t in tokens) == sorted(TOKEN_FILLS), tokens
        for fill, w, h, cell_w, cell_h in tokens:
            assert cell_w + EPS >= least and cell_h + EPS >= least, (fill, cell_w, cell_h)
            assert w >= cell_w - 1.5 and h >= cell_h - 1.5, (fill, w, h, cell_w, cell_h)


def _texts(path: Path) -> list[str]:
    """Each page's text, its whitespace collapsed to single spaces."""
    return [" ".join((t or "").split()) for t in reader_texts(path)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_boards_in_each_profile(built, paper):
    """Standard keeps its board of six 0-20 tracks beside 'Card 1' to 'Card 6' and no bid
    track cards; large print has no board: its score track, 0 to 99, is a single-sided sheet
    of its own (no sheet in large print has a back)."""
    texts = list(plumber_texts(built / BA / f"standard-{paper}" / "sheets.pdf"))
    front = next(t for t in texts if "bidding board" in t)
    rows = [ln.split() for ln in front.splitlines()]
    rows = [r for r in rows if len(r) == 6 and all(x.isdigit() for x in r)]
    # six tracks side by side, read across: one row a number, 20 at the top down to 0
    assert [set(r) for r in rows] == [{str(n)} for n in range(20, -1, -1)], front
    assert all(f"Card {n}" in front for n in range(1, 7))
    assert not any("Bid track" in t for t in texts)
    texts = _texts(built / BA / f"large-print-{paper}" / "sheets.pdf")
    assert not any("bidding board" in t for t in texts)
    (score,) = [t for t in texts if "(working title): score track" in t]
    assert {str(n) for n in range(100)} <= set(score.split()), score
    assert not [t for t in texts if re.search(r"sheets \d+ back", t)]  # single-sided, all


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rules_and_aids_say_where_the_score_track_is(built, paper):
    """Final scoring turns the board over to its score track in standard print; in large
    print, where the score track is a sheet of its own, the rules and the player aid say to
    lay it out, and the rules name no bidding board."""
    standard = " ".join(_texts(built / BA / f"standard-{paper}" / "rules.pdf"))
    assert "Turn the board over to the score track and put every token on 0" in standard
    assert "beside the bidding board, whatever the number of players" in standard
    assert "sheet of its own" not in standard
    large = " ".join(_texts(built / BA / f"large-print-{paper}" / "rules.pdf"))
    assert "the score track is a sheet of its own" in large
    assert "lay out the score track and put every token on 0" in large
    assert "beside the bid track cards, whatever the number of players" in large
    assert "Turn the board over" not in large and "bidding board" not in large
    for profile, step in (
        ("standard", "Turn the board over; tokens on 0,"),  # "or on points won so far."
        ("large-print", "Lay out the score track; tokens on 0,"),
    ):
        cards = " ".join(_texts(built / BA / f"{profile}-{paper}" / "cards.pdf"))
        assert cards.count(step) == 6, (profile, step)  # six player aids
    assert "Turn the board over" not in cards  # the large-print cards, read last


def _list_lengths(pdf_path: Path) -> list[int]:
    """How many items each ``L`` of the structure tree holds, in reading order."""
    import pikepdf

    lengths: list[int] = []
    with pikepdf.open(pdf_path) as doc:
        stack = [doc.Root.StructTreeRoot.K]
        while stack:
            el = stack.pop()
            if not isinstance(el, pikepdf.Dictionary):
                continue
            kids = el.get("/K")
            kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
            if el.get("/S") == "/L":
                lengths.append(sum(1 for k in kids if isinstance(k, pikepdf.Dictionary)))
            stack.extend(reversed(kids))
    return lengths


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_track_numbers_are_read_one_by_one(built: Path, profile: str) -> None:
    """A track's numbers are a list, a number an item: a screen reader says "0, 1, 2", never
    "0123456" (they were one paragraph). Large print: six bid tracks of 21 and the score
    track of 100; standard: the board's six tracks and its score track."""
    lengths = _list_lengths(built / BA / f"{profile}-a4" / "sheets.pdf")
    assert lengths.count(100) == 1, lengths
    assert lengths.count(21) >= 6, lengths
