"""A track too long for one row of its frame runs on in rows of ten under the first, its
label beside them all (a score track of 0-40 was refused on every paper: "a cell would be
1.5 mm wide"). A track that fits one row is set as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from cutsheet.cli import main
from cutsheet.flow.tables import track_per_row

from .corpus_cases import make_project


def test_a_row_holds_every_number_that_fits_else_tens_else_fives() -> None:
    assert track_per_row(11, 20, 500, 100) == 11  # 220 pt in 400: one row
    assert track_per_row(41, 20, 500, 100) == 20  # 20 fit: rows of 20 (tens)
    assert track_per_row(41, 20, 400, 100) == 10  # 15 fit: rows of ten
    assert track_per_row(41, 20, 290, 100) == 5  # 10 would need 200 pt: 9 fit, fives
    assert track_per_row(41, 20, 180, 100) == 4  # 4 fit
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
    the one ten before it, and 40 alone starts the last row (in fives where ten do not fit:
    large print's half page); the label stands level with the first row."""
    root = make_project(tmp_path)
    rules = root / "content" / "tiny" / "rules.yaml"
    track = "      - track: {label: Score, start: 0, stop: 40, mark: 0}\n"
    rules.write_text(
        rules.read_text().replace("      - example: pay\n", f"      - example: pay\n{track}")
    )
    out = tmp_path / "out"
    assert main(["--root", str(root), "check"]) == 0, capsys.readouterr().err
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0, capsys.readouterr().err
    for kit in ("standard-a4", "standard-letter", "large-print-a4", "large-print-letter"):
        for part in ("rules", "rules-booklet"):
            label, at = _track(out / "tiny" / kit / f"{part}.pdf")
            assert sorted(at) == list(range(41)), (kit, part)
            per = sum(1 for n in at if abs(at[n][1] - at[0][1]) < 1)
            assert per in (5, 10), (kit, part, per)  # tens; fives on large print's half page
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
    TH (/Scope /Row) spanning its five rows, then 41 TDs holding the numbers in order."""
    import pikepdf

    root = make_project(tmp_path)
    rules = root / "content" / "tiny" / "rules.yaml"
    track = "      - track: {label: Score, start: 0, stop: 40}\n"
    rules.write_text(
        rules.read_text().replace("      - example: pay\n", f"      - example: pay\n{track}")
    )
    out = tmp_path / "out"
    assert main(["--root", str(root), "build", "--out", str(out), "--profile", "large-print"]) == 0
    capsys.readouterr()
    with pikepdf.open(out / "tiny" / "large-print-a4" / "rules.pdf") as pdf:
        tables: list[pikepdf.Dictionary] = []

        def walk(node: object) -> None:
            if isinstance(node, pikepdf.Dictionary) and "/S" in node:
                if node.S == "/Table":
                    tables.append(node)
                kids = node.get("/K")
                for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                    walk(kid)

        walk(pdf.Root.StructTreeRoot.K)
        assert len(tables) == 1
        rows = list(tables[0].K)
        assert len(rows) == 5 and all(r.S == "/TR" for r in rows)
        head = rows[0].K[0]
        assert head.S == "/TH"
        assert head.A.Scope == "/Row" and head.A.RowSpan == 5
        cells = [c.S for r in rows for c in r.K][1:]
        assert cells[:41] == ["/TD"] * 41
