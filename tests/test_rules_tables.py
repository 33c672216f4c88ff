"""A table in the rules: its columns without a width share the frame it is set in (a rules
page, a booklet's half page), at most the 180 mm a sheet's table has. They once shared 180 mm
wherever they were set, so every such table in the rules was refused as wider than the
booklet's half page, whatever it held."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.units import mm

from cutsheet.cli import main
from cutsheet.flow.blocks import TableBlock
from cutsheet.flow.tables import TABLE_WIDTH_MM, column_widths_in, room_in_frame

from .corpus_cases import add_to_rules, make_project, on_board

EXAMPLE_FILL = 0.949  # a worked example's grey (#F2F2F2), as pdfplumber reads it
HEADER_FILL = 0.902  # a table header's grey (#E6E6E6)


def _with_rules_table(tmp_path: Path, table: str) -> Path:
    """The corpus's tiny game with ``table`` after the worked example in its rules."""
    root = make_project(tmp_path)
    add_to_rules(root, table)
    return root


def _fills(page: object, grey: float) -> list[tuple[float, float]]:
    """(x0, x1) of each rectangle filled with ``grey``."""
    return [
        (r["x0"], r["x1"])
        for r in page.rects  # type: ignore[attr-defined]
        if r.get("non_stroking_color") and abs(r["non_stroking_color"][0] - grey) < 0.002
    ]


def test_a_table_in_the_rules_fills_each_rules_page_and_booklet_half_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Built in both profiles on both papers, the table's header spans exactly what the
    worked example above it spans (the frame's width), on the rules pages and on the
    booklet's half pages alike, and its column of tick boxes prints all its numbers."""
    import pdfplumber

    table = "      - table: {rows: 3, columns: [{header: Round}, {header: Done, checks: 3}]}\n"
    root = _with_rules_table(tmp_path, table)
    out = tmp_path / "out"
    assert main(["--root", str(root), "check"]) == 0, capsys.readouterr().err
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    seen = []
    for kit in ("standard-a4", "standard-letter", "large-print-a4", "large-print-letter"):
        for part in ("rules", "rules-booklet"):
            with pdfplumber.open(out / "tiny" / kit / f"{part}.pdf") as pdf:
                for page in pdf.pages:
                    words = [w["text"] for w in page.extract_words()]
                    if "Round" not in words:
                        continue
                    example, header = _fills(page, EXAMPLE_FILL), _fills(page, HEADER_FILL)
                    assert len(example) == 1 and len(header) == 1, (kit, part, example, header)
                    assert header[0] == pytest.approx(example[0], abs=0.1), (kit, part)
                    assert {"1", "2", "3"} <= set(words), (kit, part, words)
                    seen.append((kit, part))
    assert len(seen) == 8, seen


def _table_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, profile: str
) -> list[tuple[str, tuple[float, float], tuple[float, float], set[str]]]:
    """The tiny game with ``table`` in its rules, checked and built under ``profile``: for
    each rules file and booklet on each paper, where it is, the span of the worked example's
    fill (the frame's width), of the table header's fill, and the words of its page."""
    import pdfplumber

    root = _with_rules_table(tmp_path, table)
    out = tmp_path / "out"
    argv = ["--root", str(root), "build", "--profile", profile, "--out", str(out)]
    assert main([*argv[:2], "check", *argv[3:5]]) == 0, capsys.readouterr().err
    assert main(argv) == 0, capsys.readouterr().err
    capsys.readouterr()
    found = []
    for paper in ("a4", "letter"):
        for part in ("rules", "rules-booklet"):
            with pdfplumber.open(out / "tiny" / f"{profile}-{paper}" / f"{part}.pdf") as pdf:
                pages = [p for p in pdf.pages if "Done" in (p.extract_text() or "")]
                assert len(pages) == 1, (profile, paper, part)
                example, header = _fills(pages[0], EXAMPLE_FILL), _fills(pages[0], HEADER_FILL)
                words = {w["text"] for w in pages[0].extract_words()}
            found.append((f"{profile}-{paper} {part}", example[0], header[0], words))
    return found


def test_tick_boxes_too_many_to_number_in_a_half_page_are_bare_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Eight tick boxes with their numbers beside them (six in large print) need more than
    a booklet's half page; bare, with the header numbering them, they fit. Whether they are
    numbered was decided once, for the widest table, and the table was refused on the half
    page. Now each frame has them numbered where they fit and bare where not: the table
    spans the frame on every rules page and half page, and reads every number."""
    for profile, n in (("standard", 8), ("large-print", 6)):
        table = (
            f"      - table: {{rows: 2, columns: [{{header: R}}, {{header: Done, checks: {n}}}]}}\n"
        )
        for where, example, header, words in _table_pages(
            tmp_path / profile, capsys, table, profile
        ):
            assert header == pytest.approx(example, abs=0.1), where
            assert {str(i) for i in range(1, n + 1)} <= words, where


def test_a_table_wider_than_the_booklets_half_page_is_refused_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A column whose longest word needs most of a page leaves a table that fits the sheet's
    180 mm and the rules pages but not the booklet's half page: check and build both refuse
    it at the table's line, naming the page that cannot hold it."""
    word = "Abcdefghij" * 4
    table = f"      - table: {{rows: 3, columns: [{{header: {word}}}, {{header: Points}}]}}\n"
    root = _with_rules_table(tmp_path, table)
    line = 1 + (root / "content" / "tiny" / "rules.yaml").read_text().split("\n").index(
        table.rstrip("\n")
    )
    for command in ("check", "build"):
        assert main(["--root", str(root), command]) == 1
        said = capsys.readouterr().err
        where = f"content/tiny/rules.yaml:{line}:9: error: rules: a block is wider than a page"
        assert where in said and "the large-print A4 booklet page has room for" in said, said


def test_columns_share_the_room_they_are_given_each_at_least_what_it_needs() -> None:
    """Where the room is the widest table's, the columns share it as they always did; in a
    narrower frame they share that, a column needing more than its share keeping its need;
    a column given a width keeps it; a table planned without needs is left to ReportLab."""
    block = TableBlock(("A", "B", "C"), (("", "", ""),), (30 * mm, None, None), (20.0, 150.0))
    wide = column_widths_in(block, room_in_frame(200 * mm))
    assert wide[0] == 30 * mm and sum(wide) == pytest.approx(TABLE_WIDTH_MM * mm)  # type: ignore[arg-type]
    assert wide[1] == wide[2]
    narrow = column_widths_in(block, room_in_frame(100 * mm))
    assert narrow[0] == 30 * mm and narrow[2] == 150.0
    assert sum(narrow) == pytest.approx(100 * mm)  # type: ignore[arg-type]
    cramped = column_widths_in(block, 40 * mm)
    assert cramped[1:] == [20.0, 150.0]  # each its need: the plan reports the table too wide
    unplanned = TableBlock(("A", "B"), (("", ""),), (None, None))
    assert column_widths_in(unplanned, 100 * mm) == [None, None]


def test_tick_boxes_in_a_table_of_given_widths_are_bare_where_numbered_ones_do_not_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every column given a width: the page check measured the numbered boxes on every
    page (135 mm, refused on the booklet's half page) while drawing would have set them
    bare. Check now measures what is drawn: the table passes and, built, sits inside the
    frame on every rules page and half page with all eight numbers."""
    table = (
        "      - table: {rows: 2, columns: [{header: R, width: 15},"
        " {header: Done, checks: 8, width: 20}]}\n"
    )
    for where, (left, right), header, words in _table_pages(tmp_path, capsys, table, "standard"):
        assert left - 0.1 <= header[0] and header[1] <= right + 0.1, where
        assert {str(i) for i in range(1, 9)} <= words, where


def test_a_column_given_too_narrow_a_width_is_a_warning_where_laid_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A column given 5 mm for a header that needs more is set wider than asked: said at its
    width by check and build (a warning, the build goes on) for the standard profile, whose
    sizes are the designer's; large print grows its columns on purpose and says nothing."""
    table = "      - table: {rows: 2, columns: [{header: Reputation, width: 5}, {header: Done}]}\n"
    root = _with_rules_table(tmp_path, table)
    for command in (["check"], ["build", "--out", str(tmp_path / "out")]):
        assert main(["--root", str(root), *command]) == 0
        err = capsys.readouterr().err
        warned = [line for line in err.splitlines() if "'Reputation' is given 5 mm" in line]
        assert len(warned) == 1, err
        assert "content/tiny/rules.yaml:7:64: warning: rules: the column 'Reputation'" in warned[0]
        assert "tick boxes need 23 mm at 10 pt, so it is set wider than given" in warned[0]
        assert "(give it width: 23 or more" in warned[0]
    assert main(["--root", str(root), "check", "--profile", "large-print"]) == 0
    assert "is given 5 mm" not in capsys.readouterr().err


def test_a_tick_box_column_is_measured_numbered_as_it_is_drawn_where_it_fits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three tick boxes given 40 mm are drawn numbered, 45 mm wide, wherever they fit: the
    warning measured them bare (35 mm) and said nothing, or advised a width still too
    narrow."""
    columns = "[{header: Round, width: 20}, {header: Done, checks: 3, width: 40}]"
    root = _with_rules_table(tmp_path, f"      - table: {{rows: 2, columns: {columns}}}\n")
    assert main(["--root", str(root), "check", "--profile", "standard"]) == 0
    err = capsys.readouterr().err
    assert "the column 'Done' is given 40 mm; its longest word or its tick boxes need 45 mm" in err


def test_a_table_too_wide_for_large_print_says_which_profile_and_the_way_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fourteen tick boxes across four columns fit a standard sheet, not large print's:
    said at the table, with the document, the profile and a sheet of its own as a way out
    (the message once named neither the sheet nor the profile)."""
    checks = ", ".join(f"{{header: C{n}, checks: {n}}}" for n in (3, 4, 5, 2))
    table = f"table: {{rows: 2, columns: [{{header: Round, width: 16}}, {checks}]}}"
    root = make_project(tmp_path)
    on_board(root, table)  # a full-page sheet
    assert main(["--root", str(root), "check", "--profile", "standard"]) == 0
    capsys.readouterr()
    assert main(["--root", str(root), "check", "--profile", "large-print"]) == 1
    (line, _total) = capsys.readouterr().err.splitlines()
    assert ": error: TY-BOARD: the table needs " in line
    assert " mm at 18 pt in the large-print profile, more than the 180 mm a table may take" in line
    assert line.endswith("; or a sheet of its own for this profile: 'profiles:')")
