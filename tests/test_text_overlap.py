"""Two text boxes whose text, as set for an item, lies over the other's print on top of each
other: a warning at the later box (``plan.checks.text_overlaps``), said by check and build."""

from __future__ import annotations

import os

import pdfplumber

from cutsheet.build import check_game
from cutsheet.cli import main

REL = "layouts/common-reserve.yaml"


def _said(ws, game: str) -> list[str]:
    """Every warning and error ``check`` says of ``game`` in the standard profile."""
    cwd = os.getcwd()
    os.chdir(ws.root)
    try:
        report = check_game(ws.project, game, ("standard",))
    finally:
        os.chdir(cwd)
    return [str(p) for p in sorted(report.problems)]


def test_text_set_over_another_boxs_text_is_a_warning_at_the_later_box(ws):
    assert _said(ws, "common-reserve") == []
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 10"))
    line = ws.line_of(REL, "      kicker: {x: 5, y: 10")
    assert _said(ws, "common-reserve") == [  # the later box in reading order: the kicker
        f"{REL}:{line}:7: warning: CR-SEED-TENT (and 11 more), box 'kicker': its text is set"
        " over the text of box 'title' (53.0 × 2.6 mm), and the two print on top of each"
        " other; move or shrink one"
    ]


def test_boxes_side_by_side_or_touching_say_nothing(ws):
    """A box's lines are as tall as their leading: text that meets another box's by less
    than 1 mm is side by side, not on top of it."""
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 5.5"))
    assert _said(ws, "common-reserve") == []


def test_a_warning_never_stops_a_build_from_drawing(ws, capsys):
    """A plan's warnings are said and the job is drawn (a plan with a warning once drew
    nothing: "0 files", exit 0)."""
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 10"))
    out = ws.root / "out"
    argv = ["--root", str(ws.root), "build", "common-reserve", "--profile", "standard"]
    assert main([*argv, "--paper", "a4", "--jobs", "1", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "warning: CR-SEED-TENT (and 11 more), box 'kicker'" in err, err
    with pdfplumber.open(out / "common-reserve" / "standard-a4" / "cards.pdf") as pdf:
        assert len(pdf.pages) > 1 and "Demand" in pdf.pages[0].extract_text()
