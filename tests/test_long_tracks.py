"""A track too long for one row of its frame runs on in rows of ten under the first, its
label beside them all (a score track of 0-40 was refused on every paper: "a cell would be
1.5 mm wide"). A track that fits one row is set as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from cutsheet.cli import main
from cutsheet.flow.tables import track_per_row

from .corpus_cases import add_to_rules, make_project, on_board
from .struct_tables import tables_in


def test_a_row_holds_every_number_that_fits_else_tens_else_as_many_as_fit() -> None:
    assert track_per_row(11, 20, 500, 100) == 11  # 220 pt in 400: one row
    assert track_per_row(41, 20, 500, 100) == 20  # 20 fit: rows of twenty (tens)
    assert track_per_row(41, 20, 400, 100) == 10  # 15 fit: rows of ten
    assert track_per_row(41, 20, 290, 100) == 9  # ten would need 200 pt: 9 fit, 5 rows
    assert track_per_row(12, 20, 270, 100) == 6  # 8 fit: two even rows of 6, not 8 and 4
    assert track_per_row(41, 20, 110, 100) == 1  # never none
    assert track_per_row(41, 20, None, 100) == 41  # no frame known: one row


def _track(pdf: Path) -> tuple[tuple[float, float], dict[int, tuple[float, float]]]:
    """Where the label "Score" and each number under or beside it sit on the last page:
    (x centre, top), points."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        words = doc.pages[-1].extract_words()
    label = next(w for w in words if w["text"] == "Score")
    digits = [((w["x0"] + w["x1"]) / 2, w["top"], w["text"]) for w in words if w["text"].isdigit()]
    first = [x for x, top, _ in digits if abs(top - label["top"]) < 5]  # the first row's
    numbers: dict[int, tuple[float, float]] = {}
    for x, top, text in sorted(digits, key=lambda d: d[1]):  # the grid's before a footer's
        if top > label["top"] - 5 and any(abs(x - c) < 2 for c in first) and int(text) <= 40:
            numbers.setdefault(int(text), (x, top))
    return ((label["x0"] + label["x1"]) / 2, label["top"]), numbers


def test_a_long_track_runs_on_in_rows_of_ten_on_every_page_it_is_set_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0-40 in the rules checks and builds; on the rules pages and the booklet's half pages
    of both papers and both profiles, 0-9 share a line, 10-19 the next, each number under
    the one ten before it, and 40 starts the last row (fewer a row where ten do not fit:
    large print's half page); the label stands level with the first row."""
    root = make_project(tmp_path)
    track = "      - track: {label: Score, start: 0, stop: 40, mark: 0}\n"
    add_to_rules(root, track)
    out = tmp_path / "out"
    assert main(["--root", str(root), "check"]) == 0, capsys.readouterr().err
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0, capsys.readouterr().err
    for kit in ("standard-a4", "standard-letter", "large-print-a4", "large-print-letter"):
        for part in ("rules", "rules-booklet"):
            label, at = _track(out / "tiny" / kit / f"{part}.pdf")
            assert sorted(at) == list(range(41)), (kit, part)
            per = sum(1 for n in at if abs(at[n][1] - at[0][1]) < 1)
            assert per == 10 or 5 < per < 10, (kit, part, per)  # fewer on a narrow frame
            for n in range(41):
                assert at[n][0] == pytest.approx(at[n % per][0], abs=1), (kit, part, n)
                assert at[n][1] == pytest.approx(at[n - n % per][1], abs=1), (kit, part, n)
            tops = [at[per * r][1] for r in range(40 // per + 1)]
            assert all(b > a + 10 for a, b in zip(tops, tops[1:], strict=False)), tops
            assert label[1] == pytest.approx(tops[0], abs=2) and label[0] < at[0][0]


def test_a_wrapped_tracks_label_heads_all_its_rows_for_a_screen_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In the tagged large-print rules, the track is one Table whose first TR opens with a
    TH (/Scope /Row) spanning its five rows, then 41 TDs holding the numbers in order and
    one empty TD spanning the rest of the last row (a reader hears one blank, not nine)."""
    root = make_project(tmp_path)
    track = "      - track: {label: Score, start: 0, stop: 40}\n"
    add_to_rules(root, track)
    out = tmp_path / "out"
    assert main(["--root", str(root), "build", "--out", str(out), "--profile", "large-print"]) == 0
    capsys.readouterr()
    (rows,) = tables_in(out / "tiny" / "large-print-a4" / "rules.pdf")
    assert len(rows) == 5
    kind, head = rows[0][0]
    assert kind == "/TH" and head["/Scope"] == "/Row" and head["/RowSpan"] == 5
    cells = [c for r in rows for c in r][1:]
    assert [kind for kind, _ in cells[:41]] == ["/TD"] * 41
    # the rest of the short last row is one empty cell spanning it, not one a column
    rest = cells[41:]
    per = len(rows[0]) - 1
    assert len(rest) == 1 and rest[0][0] == "/TD" and rest[0][1]["/ColSpan"] == per - 41 % per


def _checked(tmp_path: Path, capsys: pytest.CaptureFixture[str], track: str) -> list[str]:
    root = make_project(tmp_path)
    add_to_rules(root, track)
    main(["--root", str(root), "check", "--profile", "standard"])
    shown = capsys.readouterr().err.replace(f"{root}/", "")
    return [line for line in shown.splitlines() if ": error: " in line]


@pytest.mark.parametrize("stop", [20, 21, 22, 28])
def test_a_track_one_row_holds_beside_a_shorter_label_checks_as_it_is_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stop: int
) -> None:
    """11 to 19 numbers: too many for one row beside the 34 mm label on a booklet's half
    page, not beside one as wide as "Score". Check once measured them beside 34 mm (and
    refused them) while the renderer set the shorter label."""
    track = f"      - track: {{label: Score, start: 10, stop: {stop}}}\n"
    assert _checked(tmp_path, capsys, track) == []


def test_a_long_label_does_not_make_every_row_of_a_track_as_tall_as_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A label of seven words beside 0-40 wrapped in a column as narrow as its longest word
    and made each of the five rows as tall as all its lines: refused as taller than the A4
    booklet page. Beside a column as wide as the label's one line (34 mm at most), the rows
    share the label's height."""
    label = "Victory points scored by each player this round"
    assert (
        _checked(tmp_path, capsys, f"      - track: {{label: {label}, start: 0, stop: 40}}\n") == []
    )


def test_a_mark_off_the_track_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    track = "      - track: {label: Score, start: 0, stop: 10, mark: 15}\n"
    assert _checked(tmp_path, capsys, track) == [
        "content/tiny/rules.yaml:7:9: error: rules: track: mark 15 is not on the track (0 to 10)"
    ]


def test_tracks_of_a_sheet_line_up_whether_they_run_on_or_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a full-page sheet, a track of 25 numbers (rows of ten) under one of 11 (one row):
    both labels sit in the same 34 mm column, so the grids start at the same place (the
    wrapped track once took a column as narrow as its label)."""
    import pdfplumber

    root = make_project(tmp_path)
    tracks = (
        "track: {label: Fame, start: 0, stop: 24}\n"
        "          - track: {label: Mood, start: -5, stop: 5}"
    )
    on_board(root, tracks)
    out = tmp_path / "out"
    assert main(["--root", str(root), "build", "--out", str(out), "--profile", "standard"]) == 0
    capsys.readouterr()
    for paper in ("a4", "letter"):
        with pdfplumber.open(out / "tiny" / f"standard-{paper}" / "sheets.pdf") as pdf:
            words = pdf.pages[0].extract_words()
        first = {w["text"]: w for w in words}
        zero = [w for w in words if w["text"] == "0"]  # Fame's first cell, then Mood's 0
        fame, mood = first["Fame"], first["Mood"]
        assert fame["x0"] == pytest.approx(mood["x0"], abs=0.5)
        assert len(zero) == 2 and first["-5"]["top"] > first["24"]["top"]  # Mood under Fame
        # each grid's first cell starts where the label column ends: the same for both
        fame_grid = min(
            w["x0"]
            for w in words
            if w["text"] in ("0", "10", "20") and w["top"] < first["-5"]["top"]
        )
        mood_grid = first["-5"]["x0"]
        assert abs(fame_grid - mood_grid) < 4  # centred numbers in cells that start together


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_tracks_label_starts_at_the_margin_as_a_write_ins_does(built: Path, profile: str) -> None:
    """Common Reserve's reserve sheet: the tracks' labels (WATER, FUEL, FIBRE) and the
    ledger's write-in labels (WATER, from 2 …) start where the sheet's text does; the tracks'
    were set 2 mm in, by their cell's padding."""
    import pdfplumber

    path = built / "common-reserve" / f"{profile}-a4" / "sheets.pdf"
    with pdfplumber.open(path) as pdf:
        page = next(p for p in pdf.pages if "Ledger" in (p.extract_text() or ""))
        words = page.extract_words()
    margin = min(w["x0"] for w in words if w["text"] in ("Reserve", "Ledger", "Circle"))
    labels = [w for w in words if w["text"].rstrip(",") in ("WATER", "FUEL", "FIBRE")]
    assert len(labels) == 6  # three tracks, three write-ins
    assert all(w["x0"] == pytest.approx(margin, abs=0.5) for w in labels), labels
