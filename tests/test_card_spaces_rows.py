"""Card spaces too many for one row of their page go on in rows under one another (three
poker spaces on an A4 sheet were refused as wider than the page); a row that fits, or runs
only as far into the margin as a block may, stays one row (Common Reserve's two spaces)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cutsheet.cli import main
from cutsheet.flow.diagrams import CardSpaces

from .corpus_cases import make_project, on_board


def test_spaces_take_rows_of_as_many_as_fit() -> None:
    spaces = CardSpaces(["A", "B", "C"], (63.0, 88.0), "Helvetica", 10)
    w, h = spaces.wrap(180 * 72 / 25.4, 1000)
    assert spaces.per_row == 2 and h > 2 * 88 * 72 / 25.4  # two rows
    spaces.wrap(260 * 72 / 25.4, 1000)
    assert spaces.per_row == 3  # one row where they fit
    two = CardSpaces(["A", "B"], (89.0, 127.0), "Helvetica", 10)
    two.wrap(180 * 72 / 25.4, 1000)  # 182 mm with a closed-up gap: into the margin, one row
    assert two.per_row == 2


def test_three_spaces_on_a_sheet_go_on_in_a_second_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pdfplumber

    root = make_project(tmp_path)
    spaces = "spaces: {labels: [Market 1, Market 2, Market 3], card: deck}"
    on_board(root, spaces)
    out = tmp_path / "out"
    assert main(["--root", str(root), "check"]) == 0, capsys.readouterr().err
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0
    capsys.readouterr()
    for kit in ("standard-a4", "standard-letter", "large-print-a4", "large-print-letter"):
        with pdfplumber.open(out / "tiny" / kit / "sheets.pdf") as pdf:
            page = pdf.pages[0]
            words = page.extract_words()
            at = {
                f"Market {b['text']}": a
                for a, b in zip(words, words[1:], strict=False)
                if a["text"] == "Market"
            }
            one, two, three = (at[f"Market {n}"] for n in "123")
            assert one["top"] == pytest.approx(two["top"]) and two["x0"] > one["x0"], kit
            assert three["top"] > one["top"] + 80 * 72 / 25.4 and three["x0"] == pytest.approx(
                one["x0"]
            ), kit
            assert max(w["x1"] for w in words) < page.width - 5 * 72 / 25.4


def test_spaces_too_tall_say_what_makes_them_smaller_and_where_a_profile_has_its_own_sheet():
    """Spaces too tall for a page are made smaller by their ``size:`` or by the ``card:``
    they take their size from (a designer with ``card:`` was told "a smaller size"); on a
    sheet of a profile other than standard, a sheet of its own for it is also a way out."""
    from cutsheet.flow.blocks import SpacesBlock
    from cutsheet.plan.pages import _what

    spaces = SpacesBlock(("Draw", "Discard"), (63.0, 88.0))
    said, hint = _what(spaces, "sheet", "standard") or ("", "")
    assert said == "card spaces are"
    assert hint == (
        " (spaces too many for one row of the page go on in rows: fewer spaces, or smaller ones)"
    )
    assert _what(spaces, "rules", "large-print") == (said, hint)  # no sheet to give it
    _, lp_hint = _what(spaces, "sheet", "large-print") or ("", "")
    assert lp_hint == (
        " (spaces too many for one row of the page go on in rows: fewer spaces, or smaller"
        " ones; or, for large-print alone, a sheet of its own (a component's `profiles:`))"
    )
    assert _what(spaces, "sheet", "large-print", own=True) == (said, hint)  # one already
