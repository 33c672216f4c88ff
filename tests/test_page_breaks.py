"""Page breaks as printed, read back from every built rules.pdf, rules-booklet.pdf (each half
page) and sheets.pdf (its flowing pages): no page ends with a lead-in (a line ending with a
colon), no heading has fewer than two lines of text under it on its page, and the labels of
a card_row diagram sit inside their boxes (read back, and in the geometry the plan measures).
A full-page sheet does not put its last block alone on a page.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cutsheet import jobs
from cutsheet.flow.diagrams import CardRowDiagram
from cutsheet.flow.frames import Furniture
from cutsheet.flow.sheets import sheet_story
from cutsheet.flow.story import StoryBuilder
from cutsheet.layouts import packaged_papers
from cutsheet.measure import doc_styles, register
from cutsheet.plan.model import CardRowBlock, Para, WriteIn, WriteInsBlock
from cutsheet.plan.pages import _frames
from cutsheet.profiles import Profile
from cutsheet.render.documents import TaggedStory

from .conftest import HALF_PAPERS, ROOT, read_pages
from .readback import pdfium_pages, plumber_texts, pypdf_texts
from .test_keep_with_next import (
    A4_H,
    BAND,
    FILLER,
    FOLLOWERS,
    PAPER_NAMES,
    PROFILES,
    body_chars,
    games,
    is_heading,
    profile,
    render,
    tagged_runs,
)

FUZZ = 0.6  # points


@dataclass
class Slot:
    """The body text of one page, or of one half page of a booklet side, in lines from the
    top (each line its chars, left to right); ``last`` when nothing follows it."""

    where: str
    lines: list[list[dict]]
    last: bool


def text_lines(chars: list[dict]) -> list[list[dict]]:
    """``chars`` in lines (baselines within 3 pt), from the top of the page down."""
    lines: list[list[dict]] = []
    for ch in sorted((c for c in chars if c["text"].strip()), key=lambda c: -c["matrix"][5]):
        if lines and abs(lines[-1][0]["matrix"][5] - ch["matrix"][5]) < 3:
            lines[-1].append(ch)
        else:
            lines.append([ch])
    return [sorted(line, key=lambda c: c["x0"]) for line in lines]


def text(line: list[dict]) -> str:
    """A line's text, a space where a gap between letters is as wide as one."""
    out = ""
    for prev, ch in zip([None, *line], line, strict=False):
        if prev is not None and ch["x0"] - prev["x1"] > 0.15 * ch["size"]:
            out += " "
        out += ch["text"]
    return out


def _halves(page, paper: str, band: float) -> Iterator[tuple[str, list[dict], int]]:
    """Each half of a booklet side: (left or right, its body chars, its page number)."""
    half_h = HALF_PAPERS[paper][1] * mm
    bottom = (page.height + half_h) / 2 - band  # the halves sit centred, at 100 %
    for slot, name in enumerate(("left", "right")):
        x0, x1 = slot * page.width / 2, (slot + 1) * page.width / 2
        inside = [ch for ch in page.chars if x0 <= ch["x0"] < x1]
        body, rest = [], []
        for ch in inside:  # the body above the band, the page number's line below it
            (body if page.height - ch["matrix"][5] < bottom - 0.5 else rest).append(ch)
        foot = " ".join(text(line) for line in text_lines(rest))
        number = re.search(r"page (\d+)", foot)
        if body:
            yield name, body, int(number.group(1)) if number else 0


def slots(path: Path, prof: Profile, paper: str) -> Iterator[Slot]:
    """Every page (or half page) of a rules file or of a sheets file's flowing pages."""
    band = Furniture(prof.scale_note, prof.small_size).band_mm * mm
    if path.name == "rules-booklet.pdf":
        halves = [
            (f"side {n} {name}", body, number)
            for n, page in enumerate(read_pages(path), start=1)
            for name, body, number in _halves(page, paper, band)
        ]
        final = max(number for *_x, number in halves)
        for where, body, number in halves:
            yield Slot(where, text_lines(body), number == final)
        return
    flowing = _flowing_pages(path)
    for n, page in enumerate(read_pages(path), start=1):
        if n not in flowing:
            continue
        bottom = page.height - band
        body = [ch for ch in page.chars if page.height - ch["matrix"][5] < bottom - 0.5]
        yield Slot(f"page {n}", text_lines(body), flowing[n])


@functools.cache
def _flowing_pages(path: Path) -> dict[int, bool]:
    """Page number → whether it ends its document, for the pages of flowing text (the rules,
    or a sheet's pages: no card grid, whose cards are sections); a sheet ends where the next
    one starts with its title (H1) or card pages follow."""
    with pikepdf.open(path) as pdf:
        tops = [top for _where, _kinds, top in tagged_runs(pdf)]
    flowing = {n: bool(top) and "/Sect" not in top for n, top in enumerate(tops, start=1)}
    out = {}
    for n, is_flowing in flowing.items():
        if is_flowing:
            nxt = tops[n] if n < len(tops) else []
            out[n] = not flowing.get(n + 1, False) or (bool(nxt) and nxt[0] == "/H1")
    return out


def documents(built: Path, profile_name: str, paper: str) -> list[Path]:
    out = []
    for game in games():
        folder = built / game / f"{profile_name}-{paper}"
        out += [folder / part for part in ("rules.pdf", "rules-booklet.pdf", "sheets.pdf")]
    return [p for p in out if p.exists()]


# ------------------------------------------------------------------ lead-ins and headings
@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("profile_name", PROFILES)
def test_no_page_ends_with_a_lead_in(built, profile_name, paper):
    """A paragraph ending with a colon stays with the first lines of what it introduces."""
    prof = profile(profile_name)
    problems, checked = [], 0
    for path in documents(built, profile_name, paper):
        for slot in slots(path, prof, paper):
            checked += 1
            if slot.lines and text(slot.lines[-1]).rstrip().endswith(":") and not slot.last:
                problems.append(f"{path.relative_to(built)} {slot.where}: {text(slot.lines[-1])!r}")
    assert checked > 10
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("profile_name", PROFILES)
def test_a_heading_has_two_lines_under_it_on_its_page(built, profile_name, paper):
    """The last heading of a page (its lines, when it wraps) has at least two lines of text
    under it on that page, unless the document ends there."""
    prof = profile(profile_name)
    problems, headings = [], 0
    for path in documents(built, profile_name, paper):
        for slot in slots(path, prof, paper):
            marks = [i for i, line in enumerate(slot.lines) if is_heading(line, prof.heading_size)]
            if not marks:
                continue
            headings += 1
            under = len(slot.lines) - marks[-1] - 1
            if under < 2 and not slot.last:
                problems.append(
                    f"{path.relative_to(built)} {slot.where}: {text(slot.lines[marks[-1]])!r}"
                    f" has {under} line(s) under it"
                )
    assert headings > 10
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ card_row diagrams
def shapes_and_text(page) -> Iterator[tuple[dict, list[dict]]]:
    """Each card or tab outline of a diagram (a curve at least 8 mm each way) with the chars
    that touch it."""
    for shape in page.curves:
        if shape["x1"] - shape["x0"] < 8 * mm or shape["bottom"] - shape["top"] < 8 * mm:
            continue
        touching = [
            ch
            for ch in page.chars
            if ch["text"].strip()
            and ch["x1"] > shape["x0"]
            and ch["x0"] < shape["x1"]
            and ch["bottom"] > shape["top"]
            and ch["top"] < shape["bottom"]
        ]
        yield shape, touching


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("profile_name", PROFILES)
def test_diagram_labels_sit_inside_their_boxes_as_printed(built, profile_name, paper):
    """No outline of a card or a ticket tab crosses a letter: every char that touches one
    lies inside it."""
    problems, tabs = [], 0
    for part in ("rules.pdf", "rules-booklet.pdf"):
        path = built / "festivibes" / f"{profile_name}-{paper}" / part
        for n, page in enumerate(read_pages(path), start=1):
            for shape, chars in shapes_and_text(page):
                tabs += bool(shape.get("fill")) and bool(chars)
                for ch in chars:
                    inside = (
                        ch["x0"] >= shape["x0"] - FUZZ
                        and ch["x1"] <= shape["x1"] + FUZZ
                        and ch["top"] >= shape["top"] - FUZZ
                        and ch["bottom"] <= shape["bottom"] + FUZZ
                    )
                    if not inside:
                        problems.append(f"{part} page {n}: {ch['text']!r} crosses an outline")
    assert tabs >= 6  # three ticket tabs in each file
    assert not problems, "\n".join(sorted(set(problems)))


def _diagrams(profile_name: str) -> Iterator[tuple[CardRowDiagram, list[tuple[str, float]]]]:
    """Festi'vibes' card_row diagram, as the plan builds it, and the widths of the rules'
    frames (page and booklet half page, both papers)."""
    plan, _problems = jobs.plan(str(ROOT), "festivibes", profile_name)
    assert plan is not None
    builder = StoryBuilder.for_profile(plan.profile)
    for block in plan.rules.blocks:
        if isinstance(block, CardRowBlock):
            [group] = builder.block(block)
            [diagram] = [f for f in group._content if isinstance(f, CardRowDiagram)]
            frames = _frames(plan, "rules", [packaged_papers()[p] for p in ("a4", "letter")])
            yield diagram, [(paper, width) for paper, width, _h, _s in frames]


def assert_inside(inner: tuple[float, ...], outer: tuple[float, ...], what: str) -> None:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    assert ox - FUZZ <= x and x + w <= ox + ow + FUZZ, what
    assert oy - FUZZ <= y and y + h <= oy + oh + FUZZ, what


def assert_fits(diagram: CardRowDiagram, width: float, where: str) -> None:
    """Every label and mark, wrapped as drawn, inside its box, and the row inside ``width``."""
    canv = Canvas(None)
    w, _h = diagram.wrapOn(canv, width, 10_000)
    assert w <= width + FUZZ, where
    for (label, mark), box in zip(diagram.cards, diagram.boxes, strict=True):
        assert_inside(box.label, box.card, f"{where}: label box")
        label.wrap(box.label[2], 10_000)
        assert max(label.getActualLineWidths0()) <= box.label[2] + FUZZ, f"{where}: label"
        assert label.height <= box.label[3] + FUZZ, where
        if mark is not None:
            assert box.tab is not None and box.mark is not None
            assert_inside(box.mark, box.tab, f"{where}: mark box")
            assert box.tab[1] >= box.card[1] + box.card[3], f"{where}: tab above its card"
            mark.wrap(box.mark[2], 10_000)
            assert max(mark.getActualLineWidths0()) <= box.mark[2] + FUZZ, f"{where}: mark"


@pytest.mark.parametrize("profile_name", PROFILES)
def test_diagram_labels_fit_their_boxes_on_every_page_the_plan_measures(profile_name):
    seen = 0
    for diagram, frames in _diagrams(profile_name):
        for paper, width in frames:
            assert_fits(diagram, width, f"{profile_name} {paper}")
            seen += 1
    assert seen == 4  # A4 and Letter, page and booklet half page


def test_a_row_of_cards_goes_on_below_when_its_words_need_wider_cards():
    """Long words at large-print sizes: wider cards, in two rows on a narrow page; a row too
    long for any page still shrinks below the plan's minimum, so the plan reports it."""
    register()
    builder = StoryBuilder(doc_styles(18, 24, 30, 18, 1.3), 12)
    cards = tuple(
        (f"Extraordinary<br/>{i}", "blocking ticket" if i < 3 else None) for i in range(5)
    )
    [group] = builder.block(CardRowBlock(cards, "A caption."))
    [diagram] = [f for f in group._content if isinstance(f, CardRowDiagram)]
    assert_fits(diagram, 170 * mm, "wide page")
    assert_fits(diagram, 110 * mm, "narrow page")
    assert diagram.per_row < len(cards)
    long_row = CardRowBlock(tuple(("A", None) for _ in range(40)), None)
    [group] = builder.block(long_row)
    [diagram] = [f for f in group._content if isinstance(f, CardRowDiagram)]
    diagram.wrapOn(Canvas(None), 110 * mm, 10_000)
    assert diagram.per_row == 40 and diagram.w < 10 * mm


# ------------------------------------------------------------------ full-page sheets
def test_a_sheets_last_block_is_not_alone_on_its_page(built):
    """Common Reserve's session record on US Letter in large print runs one block over its
    page: its last sentence goes with the write-ins before it, not alone."""
    path = built / "common-reserve" / "large-print-letter" / "sheets.pdf"
    pages = [t or "" for t in plumber_texts(path)]
    [last] = [t for t in pages if "Every card asks for 5 units" in t]
    assert "Session points" in last


# ------------------------------------------------------------------ the rules, checked on their own
def pages_of(data: bytes) -> list[list[list[dict]]]:
    """The body lines of each page of a document ``render`` made."""
    return [text_lines(body_chars(p, 0, p.width, p.height - BAND)) for p in pdfium_pages(data)]


ROOMS = [30.0 + 6 * k for k in range(30)]  # the room left at the foot of the first page
LEAD_IN = Para(FILLER + " Choose one of these:", "body")


@pytest.mark.parametrize("bare_frame", [False, True], ids=["document", "bare-frame"])
def test_a_lead_in_at_the_foot_of_a_page_moves_with_what_it_introduces(bare_frame):
    """A paragraph ending with a colon never ends a page; without the grouping it does."""
    builder = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    blocks = [LEAD_IN, FOLLOWERS["list"]]
    grouped = plain = 0
    for room in ROOMS:
        alone = [f for b in blocks for f in builder.block(b)]  # no grouping at all
        for story, stranded in ((builder.flowables(blocks), False), (alone, True)):
            pages = pages_of(render(story, room, bare_frame=bare_frame))
            ends = [p for p in pages[:-1] if p and text(p[-1]).rstrip().endswith(":")]
            if stranded:
                plain += bool(ends)
            else:
                grouped += bool(ends)
    assert grouped == 0
    assert plain > 0


def test_a_lead_in_that_cannot_take_its_table_along_leaves_its_first_lines():
    """A long lead-in that fits at the foot of a page, with no room left for the table it
    introduces (a table counts whole), keeps its first lines there and takes its last ones
    on with the table; it moved whole, leaving the foot of the page empty (review: large
    print's rules ran a third of a page short)."""
    builder = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    blocks = [Para(FILLER * 2 + " Choose one of these:", "body"), FOLLOWERS["table"]]
    kept = 0
    for room in ROOMS:
        pages = pages_of(render(builder.flowables(blocks), room, bare_frame=False))
        first, after = pages[0], pages[1]
        assert not first or not text(first[-1]).rstrip().endswith(":"), room
        if room >= 2 * 24 + 6:  # two lines of the body's 24 pt leading, and the spacing
            assert len(first) >= 2, room
            assert text(after[0]).split()[0] != "Round", room  # the lead-in's tail first
            kept += 1
    assert kept > 20


def test_a_heading_carries_three_lines_of_a_long_paragraph():
    """In the rules a heading never ends a page with fewer than three lines of a long
    paragraph under it; set as a plain paragraph (ReportLab's orphan control alone), the
    same heading does."""
    builder = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    body = Para(FILLER * 3, "body")
    blocks = [Para("A heading at the foot", "heading", True), body]
    short = set()
    for room in ROOMS:
        alone = [f for b in (Para(blocks[0].markup, "heading"), body) for f in builder.block(b)]
        for story, plain in ((builder.flowables(blocks), False), (alone, True)):
            pages = pages_of(render(story, room, bare_frame=False))
            first = pages[0]
            heads = [i for i, line in enumerate(first) if is_heading(line, 24)]
            if heads and len(pages) > 1:
                under = len(first) - heads[-1] - 1
                if under < 3:
                    short.add((plain, under))
    assert not [under for plain, under in short if not plain]
    assert (True, 2) in short  # a plain heading and two lines of its paragraph end a page


def test_a_sheets_last_block_goes_with_the_block_before_it():
    """On a full-page sheet, a last paragraph that does not fit under the others takes the
    block before it to the next page; laid out block by block it would stand alone."""
    builder = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    rows = (WriteIn("Session points", "/ 16", 30), WriteIn("Units missing", "/ 40", 30))
    blocks = [Para(FILLER, "body"), WriteInsBlock(rows), Para("Every card asks for 5.", "body")]
    alone = kept = 0
    for room in ROOMS + [200.0, 260.0]:
        for story, plain in ((sheet_story(builder.flowables(blocks)), False), (None, True)):
            story = story if story is not None else builder.flowables(blocks)
            pages = pages_of(render(story, room, bare_frame=True))
            [last] = [p for p in pages if "Every card asks" in " ".join(map(text, p))]
            lonely = len(pages) > 1 and not any("Units" in text(line) for line in last)
            if plain:
                alone += lonely
            else:
                kept += not lonely
                assert not lonely, room
    assert alone > 0 and kept == len(ROOMS) + 2


def test_a_sheet_that_runs_on_opens_its_next_page_with_its_title_continued(built):
    """A full-page sheet too long for one page (large print on US Letter) opens the next page
    with its title and "(continued)"; every such heading follows a page of that sheet."""
    seen = 0
    for path in sorted(built.glob("*/*/sheets.pdf")):
        firsts = [(t or "").split("\n", 1)[0] for t in pypdf_texts(path)]
        for k, first in enumerate(firsts):
            if first.endswith(" (continued)"):
                title = first.removesuffix(" (continued)")
                assert k and firsts[k - 1] in (title, first), (path, k + 1, firsts[k - 1])
                seen += 1
    assert seen >= 2
    record = built / "common-reserve" / "large-print-letter" / "sheets.pdf"
    pages = [t or "" for t in pypdf_texts(record)]
    page = next(t for t in pages if "Session points" in t)
    assert page.startswith("Session record (continued)")


def test_a_card_row_too_tall_for_a_page_says_what_made_it_tall(ws):
    """A card row whose labels made its cards taller than a large-print page said only
    "a block is taller than a page", with no cause and no way out (review)."""
    rules = "content/festivibes/rules.yaml"
    many = "<br/>".join(str(n) for n in range(14))
    ws.edit(rules, '"Limit<br/>{{ limit }}"', f'"Limit<br/>{{{{ limit }}}}<br/>{many}"')
    found = ws.check("festivibes", ("large-print",))
    said = [p.message for p in found]
    assert len(said) == 1 and said[0].startswith("rules: a row of 5 cards is taller than a"), said
    assert "as tall as their longest labels" in said[0] and "`profiles:`" in said[0], said
    assert found[0].loc.line == ws.line_of(rules, "card_row:")  # at the block


def _words(prefix: str, n: int) -> str:
    return " ".join(f"{prefix}{k:03d}" for k in range(1, n + 1))


def test_a_lead_in_is_not_cut_before_a_block_that_cannot_open_a_page_with_it(ws):
    """A lead-in before a worked example too tall to share a large-print booklet page with
    the lead-in's last lines: cutting the lead-in left those lines alone on a half page, the
    page ending with a colon, and check said nothing (review); the lead-in moves whole, and
    check says the block cannot be kept with what introduces it."""
    rules = ws.path("content/festivibes/rules.yaml")
    text = rules.read_text(encoding="utf-8")
    head, rest = text.split("\nsections:\n", 1)
    _old, examples = rest.split("\nexamples:\n", 1)
    sections = (
        "  - heading: Opening\n    blocks:\n"
        f'      - text: "{_words("f", 20)}."\n'
        f'      - text: "{_words("g", 20)}."\n'
        f'      - text: "{_words("l", 40)} these:"\n'
        "      - example: big\n"
        f'      - text: "{_words("t", 40)} end."\n'
    )
    big = f'  big:\n    title: "Worked example: big"\n    data: {{}}\n    text: "{_words("x", 110)}."\n'
    rules.write_text(f"{head}\nsections:\n{sections}\nexamples:\n{big}{examples}", encoding="utf-8")
    found = ws.check("festivibes", ("large-print",))
    said = [p.message for p in found]
    assert any("the block cannot be split" in m for m in said), said
    where = {p.loc.line for p in found if "cannot be split" in p.message}
    assert where == {ws.line_of("content/festivibes/rules.yaml", "- example: big")}, found


def test_a_paragraph_is_never_cut_after_its_own_colon_line():
    """A colon near a long paragraph's end: where the room left all but its last line, the
    split that keeps no widow landed on the colon line, and the one retry a line earlier
    landed there again (a page-break sweep); the paragraph is now cut where no page ends
    with a colon."""
    builder = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    words = ((FILLER + " ") * 3).split()
    ended = []
    for k in range(8, 30):
        body = Para(" ".join(words[:-k]) + ": " + " ".join(words[-k:]), "body")
        for room in ROOMS:
            pages = pages_of(render(builder.flowables([body]), room, bare_frame=False))
            if any(p and text(p[-1]).rstrip().endswith(":") for p in pages[:-1]):
                ended.append((k, room))
    assert ended == []


def test_a_heading_keeps_two_lines_before_the_rules_last_paragraph():
    """A heading whose one-line paragraph is followed by the rules' last paragraph (kept with
    the credit line after it) ended a page with that one line under it (a page-break sweep):
    the last paragraph is kept with the credit, not read as a heading that starts a group of
    its own, so the heading takes its two lines along."""
    builder = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    blocks = [
        Para("A heading near the foot", "heading", True),
        Para("One short line.", "body"),
        Para(FILLER, "body", True),  # the last paragraph: kept with the credit
        Para("Publisher. Edition.", "small"),
    ]
    short = []
    for room in ROOMS:
        pages = pages_of(render(builder.flowables(blocks), room, bare_frame=False))
        for page in pages[:-1]:
            heads = [i for i, line in enumerate(page) if is_heading(line, 24)]
            if heads and len(page) - heads[-1] - 1 < 2:
                short.append(room)
    assert short == []


def test_a_table_that_fits_the_next_page_is_not_cut_after_a_long_lead_in():
    """A heading, a lead-in and its table together taller than a page: the table was cut
    between rows although the lead-in's last lines and the whole table fit the next page (a
    page-break sweep); the lead-in is cut instead, and the table's header prints once."""
    builder = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    full = A4_H - 72 - BAND  # a page's frame, from its top (as BaseDocTemplate sets it)
    cut = []
    words = ((FILLER + " ") * 10).split()
    for n in range(129, 267, 9):  # words: the three blocks run over a page from 129
        lead_in = Para(" ".join(words[:n]) + " Choose one of these:", "body")
        blocks = [Para("A heading", "heading", True), Para("Short.", "body"), lead_in]
        blocks.append(FOLLOWERS["table"])
        pages = pages_of(render(builder.flowables(blocks), full, bare_frame=False))
        headers = [line for page in pages for line in page if text(line).startswith("Round")]
        if len(headers) != 1:
            cut.append(n)
    assert cut == []
