"""A block of write-ins taller than a page, after a heading and the paragraph kept with it, on
a full-page sheet: it goes on over the next page between two of its boxes, the heading and
its paragraph staying with the first boxes. Alone, such a block always went on that way; after
a heading the group could be cut only before the block, so it was refused ("a block is taller
than a page") by check and build alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
ROOT = Path(__file__).resolve().parents[1]
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


# ------------------------------------------------------------------ the cut, in one group
def group_of(lines: list[int], width: float = 400.0, text: str = "One box a round.") -> Any:
    """A heading, a paragraph (``text``) and a block of write-ins of ``lines`` lines each, as
    one group (``keep_with_next``), set ``width`` points wide at the standard profile's sizes."""
    from cutsheet.flow.blocks import Para, WriteIn, WriteInsBlock
    from cutsheet.flow.keep_with_next import KeepWithNext
    from cutsheet.flow.story import StoryBuilder
    from cutsheet.profiles import load_profile

    profile = load_profile(ROOT / "layouts", "standard")
    builder = StoryBuilder.for_profile(profile).for_frame(width)
    rows = tuple(WriteIn(f"Box {n}", None, 100.0, k) for n, k in enumerate(lines, 1))
    story = builder.flowables(
        [Para("Notes", "heading", True), Para(text, "body"), WriteInsBlock(rows)]
    )
    assert len(story) == 1 and isinstance(story[0], KeepWithNext)
    return story[0]


def test_a_block_that_fits_a_page_alone_but_not_with_its_heading_is_cut_between_boxes() -> None:
    from reportlab.platypus.flowables import _listWrapOn

    group = group_of([6, 6, 6, 6, 2])
    block = _listWrapOn(group._content[2:], 400, None)[1]
    whole = _listWrapOn(group._content, 400, None)[1]
    page = (block + whole) / 2  # the block fits it; with its heading and paragraph it does not
    found = group.cut(400, page)
    assert found is not None  # was: no place to cut (the heading needs the block's start)
    first, rest = found
    assert first[:2] == group._content[:2] and rest  # heading and paragraph with the first boxes


def test_what_goes_on_never_opens_with_the_space_after_a_box() -> None:
    from reportlab.platypus import Spacer
    from reportlab.platypus.flowables import _listWrapOn

    group = group_of([6] * 6)
    parts = group._content
    for n in range(3, len(parts)):  # a page ending at each part in turn, and just after it
        for extra in (0.0, 0.5, 3.0):
            room = _listWrapOn(parts[:n], 400, None)[1] + extra
            found = group.cut(400, room)
            if found is not None and found[1]:
                assert not isinstance(found[1][0], Spacer), (n, extra)


def test_cutting_a_long_block_wraps_its_parts_a_bounded_number_of_times(monkeypatch) -> None:
    """400 one-line boxes after a heading: each cut once measured the parts before every
    place it tried (and every heading's lines again for each), hundreds of times; a check
    took 33 s. Counted, not timed: the measures of one cut stay few."""
    from cutsheet.flow import keep_with_next

    group = group_of([1] * 400)
    calls = []
    real = keep_with_next._listWrapOn

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(keep_with_next, "_listWrapOn", counted)
    found = group.cut(400, 600)
    assert found is not None and len(found[0]) > 10
    assert len(calls) < 40, len(calls)


def test_a_figure_whose_caption_is_taller_than_a_page_still_builds_after_a_heading(
    tmp_path: Path,
) -> None:
    """A card figure and its caption are a block kept together; a caption taller than a
    booklet's half page (large print) is split between its lines, as before. The group was
    once cut between the figure and that caption, which then could be placed nowhere."""
    import pdfplumber

    root = make_project(tmp_path)
    caption = " ".join(["The caption goes on and on."] * 28)
    rules = root / "content" / "tiny" / "rules.yaml"
    rules.write_text(
        "sections:\n  - heading: Play\n    blocks:\n      - heading: Card\n"
        '      - text: "Look at this card before you play: it shows every part of a card'
        ' that matters in the rounds to come, and how to read each of them."\n'
        "      - card: {item: TY-A, labels: {title: The name, cost: What it costs},"
        f' caption: "{caption}"}}\n'
        '      - text: "After the card."\n'
    )
    assert main(["--root", str(root), "check"]) == 0
    out = tmp_path / "out"
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0
    with pdfplumber.open(out / "tiny" / "large-print-a4" / "rules.pdf") as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert text.count("The caption goes on and on.") == 28 and "After the card." in text


def test_space_at_a_page_foot_is_dropped_whole_and_none_ends_a_document() -> None:
    """A block's own space and the space after it, at a sheet page's foot: both dropped, not
    the first alone (the second opened the next page, or a page of its own at the end of a
    sheet, blank but for its title); and no document ends with space."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, KeepTogether, Paragraph, Spacer
    from reportlab.platypus.flowables import _listWrapOn

    from cutsheet.flow.frames import end_space_dropped
    from cutsheet.flow.sheets import fill_frame

    text = Paragraph("A last line.")
    height = _listWrapOn([text], 300, None)[1]
    frame = Frame(0, 0, 300, height + 1, 0, 0, 0, 0)
    story = [text, Spacer(1, 6), Spacer(1, 3)]
    assert fill_frame(frame, story, Canvas("unused.pdf")) == 3
    assert story == []  # nothing left to open a page with
    block = KeepTogether([Paragraph("Box"), Spacer(1, 6), Spacer(1, 3)])
    ended = end_space_dropped([Paragraph("Before"), Spacer(1, 4), block, Spacer(1, 2)])
    assert ended[-1] is block and len(block._content) == 1


def test_a_block_that_fits_a_page_moves_whole_when_its_heading_keeps_its_lines_without_it() -> None:
    """Cut inside a block only where no other cut keeps the heading with its lines: with a
    paragraph of three lines under it, the heading and paragraph end the page and the block,
    which fits a page, goes on whole (as before such blocks could be cut at all)."""
    from reportlab.platypus.flowables import _listWrapOn

    text = " ".join(["Write what the round left behind, in a word or two, as you go."] * 4)
    group = group_of([6, 6, 6, 6, 2], text=text)
    assert group._content[1].wrapOn(None, 400, 1e6) and len(group._content[1].blPara.lines) >= 3
    block = _listWrapOn(group._content[2:], 400, None)[1]
    whole = _listWrapOn(group._content, 400, None)[1]
    found = group.cut(400, (block + whole) / 2)
    assert found is not None
    first, rest = found
    assert first == group._content[:2] and rest == group._content[2:]


def test_the_last_block_kept_with_the_one_before_moves_only_if_it_fits_the_next_page() -> None:
    """A sheet's later pages have less room, under the title repeated: a last pair that fits
    the first page's frame but not that room is laid out part by part where it stands, not
    moved to a page it cannot fit either (which left the first page with one line, and an
    extra page)."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from reportlab.platypus.flowables import _listWrapOn

    from cutsheet.flow.frames import padded_frame
    from cutsheet.flow.sheets import KeepLast, fill_frame

    line = Paragraph("A line of text.")
    pair = [Paragraph("<br/>".join(["Two"] * 20)), Paragraph("<br/>".join(["Three"] * 20))]
    height = _listWrapOn(pair, 300, None)[1]
    frame = padded_frame(0, 0, 300, height + 5, 0)
    frame.page_room = height - 5  # the room under a repeated title
    story = [line, KeepLast(pair)]
    placed = fill_frame(frame, story, Canvas("unused.pdf"))
    assert placed >= 2, story  # the pair begins on this page


def test_space_that_would_open_a_frame_is_dropped() -> None:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph, Spacer

    from cutsheet.flow.frames import padded_frame

    frame = padded_frame(0, 0, 300, 300, 0)
    canv = Canvas("unused.pdf")
    assert frame.add(Spacer(1, 20), canv) == 1 and frame._y == frame._y2  # nothing moved
    assert frame.add(Paragraph("First line."), canv) == 1
    below = frame._y
    assert frame.add(Spacer(1, 20), canv) == 1 and frame._y == below - 20  # kept in the page


def test_a_caption_goes_on_under_its_figure_when_the_block_runs_over_a_page(
    tmp_path: Path,
) -> None:
    """After a heading and a paragraph, a card figure whose caption takes it past a page: the
    caption starts under the figure and goes on over the next page between two lines (as the
    block does alone), not all of it moved off the figure's page (a third review: a large-print
    booklet grew a page)."""
    import pdfplumber

    root = make_project(tmp_path)
    words = " ".join(["word"] * 40)
    caption = "CAPSTART " + " ".join(["The caption goes on."] * 30) + " CAPEND"
    (root / "content" / "tiny" / "rules.yaml").write_text(
        "sections:\n  - heading: Play\n    blocks:\n      - heading: Card\n"
        f"      - text: 'PARA {words}'\n"
        "      - card: {item: TY-A, labels: {title: The name, cost: What it costs},"
        f" caption: '{caption}'}}\n"
        "      - text: 'After the card.'\n"
    )
    out = tmp_path / "out"
    assert main(["--root", str(root), "build", "--out", str(out)]) == 0
    for kit in KITS:
        for part in ("rules", "rules-booklet"):  # a booklet's sides hold two half pages
            with pdfplumber.open(out / "tiny" / kit / f"{part}.pdf") as pdf:
                halves = [
                    p.crop((x, 0, x + p.width / 2, p.height)) if part != "rules" else p
                    for p in pdf.pages
                    for x in ((0, p.width / 2) if part != "rules" else (0,))
                ]
                pages = [" ".join((h.extract_text() or "").split()) for h in halves]
            figure = next(n for n, text in enumerate(pages) if "Alpha" in text)  # the card drawn
            assert "CAPSTART" in pages[figure], (kit, part, pages[figure][-200:])
