"""A table to fill in taller than a page, on a full-page sheet: it goes on over the next page
between two rows, its header repeated, after a heading kept with its first rows. A sheet
moves every other block whole, and such a table was refused ("a block is taller than a
page") although the rules split the same table."""

from __future__ import annotations

from pathlib import Path

import pytest

from cutsheet.cli import main

from .corpus_cases import make_project, on_board

TABLE = (
    "table: {rows: 40, columns: [{header: Round, value: '{{ row }}', width: 20},"
    " {header: Notes}, {header: Done, checks: 3}]}"
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("long-table")
    root = make_project(tmp)
    board = f"heading: Log\n          - {TABLE}"
    on_board(root, board)
    assert main(["--root", str(root), "check"]) == 0
    out = tmp / "out"
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0
    return out / "tiny"


@pytest.mark.parametrize(
    "kit", ["standard-a4", "standard-letter", "large-print-a4", "large-print-letter"]
)
def test_a_long_table_runs_on_over_pages_with_its_header_on_each(built: Path, kit: str) -> None:
    import pdfplumber

    rounds: list[int] = []
    with pdfplumber.open(built / kit / "sheets.pdf") as pdf:
        pages = [p for p in pdf.pages if "Round" in (p.extract_text() or "")]
        assert len(pages) >= 2, kit
        for n, page in enumerate(pages):
            words = page.extract_words()
            text = page.extract_text()
            assert ("Board (continued)" in text) == (n > 0)  # the title, then "(continued)"
            header = next(w for w in words if w["text"] == "Round")
            if n == 0:  # the heading stays with the table's first rows
                log = next(w for w in words if w["text"] == "Log")
                assert log["top"] < header["top"]
            column = (header["x0"] - 7, header["x0"] - 6 + 20 * 72 / 25.4)  # 20 mm wide
            left = [  # the Round column: the numbers under its header
                w
                for w in words
                if w["text"].isdigit()
                and column[0] < (w["x0"] + w["x1"]) / 2 < column[1]
                and w["top"] > header["top"]
            ]
            rounds += [int(w["text"]) for w in sorted(left, key=lambda w: w["top"])]
    assert rounds == list(range(1, 41)), (kit, rounds)
