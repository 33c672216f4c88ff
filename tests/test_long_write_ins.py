"""A block of write-ins taller than a page, after a heading and the paragraph kept with it, on
a full-page sheet: it goes on over the next page between two of its boxes, the heading and
its paragraph staying with the first boxes. Alone, such a block always went on that way; after
a heading the group could be cut only before the block, so it was refused ("a block is taller
than a page") by check and build alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from cutsheet.cli import main

from .corpus_cases import make_project, on_board

LABELS = [f"Box {n}" for n in range(1, 9)]
BLOCKS = (
    "heading: Notes\n"
    "          - text: One box a round, for whatever the round left to remember.\n"
    "          - write_ins:\n"
    + "".join(f"              - {{label: '{label}', width: 100, lines: 6}}\n" for label in LABELS)
)
KITS = ["standard-a4", "standard-letter", "large-print-a4", "large-print-letter"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("long-write-ins")
    root = make_project(tmp)
    on_board(root, BLOCKS)
    assert main(["--root", str(root), "check"]) == 0
    out = tmp / "out"
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0
    return out / "tiny"


@pytest.mark.parametrize("kit", KITS)
def test_the_boxes_go_on_over_pages_in_order_after_their_heading(built: Path, kit: str) -> None:
    import pdfplumber

    with pdfplumber.open(built / kit / "sheets.pdf") as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    pages = [n for n, text in enumerate(texts) if any(label in text for label in LABELS)]
    assert len(pages) >= 2, kit  # eight boxes of six lines never fit one page
    assert pages == list(range(pages[0], pages[-1] + 1)), kit  # on pages that follow
    found = [
        label for n in pages for line in texts[n].splitlines() for label in LABELS if line == label
    ]
    assert found == LABELS, (kit, found)  # each box once, in order
    first = texts[pages[0]]
    assert "Notes" in first and "whatever the round left" in first, kit  # kept with them
    assert first.index("Notes") < first.index("whatever") < first.index("Box 1"), kit
