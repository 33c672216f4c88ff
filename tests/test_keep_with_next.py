"""Keep-with-next: no page of the rules, no half page of the booklet and no flowing sheet page
ends with a heading, in any game, profile or paper.

Read two ways: as printed (pdfplumber: the lowest line of text above the page furniture is
not set in the heading's bold size) and as tagged (the last structure element on a page, or
inside a half page's XObject on a booklet side, is not an H2). A synthetic document shows the
check catches a stranded heading and that ReportLab's own keepWithNext alone strands one.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Spacer

from cutsheet.flow.frames import Furniture, flatten
from cutsheet.flow.sheets import fill_frame
from cutsheet.measure import doc_styles
from cutsheet.plan.model import DocBlock, ListBlock, Para, TableBlock
from cutsheet.profiles import Profile, default_profiles, load_profile
from cutsheet.render.documents import TaggedStory
from cutsheet.render.pdfstream import add_structure
from cutsheet.render.tagging import Tagger, attach

from .conftest import HALF_PAPERS, PAPERS, ReadPage, read_pages
from .readback import CharPage, pdfium_pages

ROOT = Path(__file__).resolve().parents[1]
PROFILES = default_profiles(ROOT / "layouts")
PAPER_NAMES = ("a4", "letter")


def profile(name: str) -> Profile:
    return load_profile(ROOT / "layouts", name)


# ------------------------------------------------------------------ reading the printed page
def last_line(chars: list[dict]) -> list[dict]:
    """The chars of the lowest text line (by baseline) among ``chars``."""
    text = [ch for ch in chars if ch["text"].strip()]
    if not text:
        return []
    lowest = min(ch["matrix"][5] for ch in text)
    return [ch for ch in text if abs(ch["matrix"][5] - lowest) < 1.0]


def is_heading(line: list[dict], heading_pt: float) -> bool:
    return bool(line) and all(
        abs(ch["size"] - heading_pt) < 0.5 and "Bold" in ch["fontname"] for ch in line
    )


def body_chars(
    page: ReadPage | CharPage | pdfplumber.page.Page, x0: float, x1: float, bottom: float
) -> list[dict]:
    """Chars between x0 and x1 whose baseline is above ``bottom`` (points from the top): the
    text of the page body, without the furniture band (note, scale bar, page number)."""
    return [
        ch
        for ch in page.chars
        if x0 <= ch["x0"] < x1 and page.height - ch["matrix"][5] < bottom - 0.5
    ]


def stranded_printed(path: Path, prof: Profile, paper: str) -> list[str]:
    """Pages (or booklet halves) whose last body line is a heading, as printed."""
    band = Furniture(prof.scale_note, prof.small_size).band_mm * mm
    out = []
    for number, page in enumerate(read_pages(path), start=1):
        if path.name == "rules-booklet.pdf":
            half_w, half_h = (v * mm for v in HALF_PAPERS[paper])
            bottom = (page.height + half_h) / 2 - band  # the halves sit centred, at 100 %
            slots = [(i * page.width / 2, (i + 1) * page.width / 2) for i in (0, 1)]
            assert page.width / 2 >= half_w - 0.5
        else:
            bottom = page.height - band
            slots = [(0.0, page.width)]
        for slot, (x0, x1) in enumerate(slots):
            line = last_line(body_chars(page, x0, x1, bottom))
            if is_heading(line, prof.heading_size):
                where = f"side {number} {'left' if slot == 0 else 'right'}"
                text = "".join(ch["text"] for ch in line)
                out.append(f"{where if len(slots) > 1 else f'page {number}'}: {text!r}")
    return out


# ------------------------------------------------------------------ reading the tags
def tagged_runs(pdf: pikepdf.Pdf) -> Iterator[tuple[str, list[str], list[str]]]:
    """(where, kinds in MCID order, kinds of those directly under Document) for every page, or
    for every half page XObject of a booklet side."""
    nums = pdf.Root.StructTreeRoot.ParentTree.Nums
    by_key = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    document = pdf.Root.StructTreeRoot.K
    for number, page in enumerate(pdf.pages, start=1):
        xobjects = page.Resources.get("/XObject", {})
        owners = [
            (f"side {number} {name}", xobjects[name])
            for name in sorted(xobjects.keys())
            if "/StructParents" in xobjects[name]
        ] or [(f"page {number}", page.obj)]
        for where, owner in owners:
            elems = list(by_key.get(int(owner.StructParents), []))
            top = [str(e.S) for e in elems if e.P.objgen == document.objgen]
            yield where, [str(e.S) for e in elems], top


def stranded_tagged(path: Path) -> list[str]:
    with pikepdf.open(path) as pdf:
        return [
            f"{where}: {kinds[-3:]}"
            for where, kinds, _top in tagged_runs(pdf)
            if kinds and kinds[-1] == "/H2"
        ]


def games() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("profile_name", PROFILES)
def test_no_rules_page_or_booklet_half_ends_with_a_heading(built, profile_name, paper):
    prof = profile(profile_name)
    problems = []
    checked = 0
    for game in games():
        for part in ("rules.pdf", "rules-booklet.pdf"):
            path = built / game / f"{profile_name}-{paper}" / part
            for problem in stranded_printed(path, prof, paper) + stranded_tagged(path):
                problems.append(f"{game}/{profile_name}-{paper}/{part} {problem}")
            checked += 1
    assert checked == 2 * len(games())
    assert not problems, "\n".join(problems)


def test_no_flowing_sheet_page_ends_with_a_heading(built):
    """Full-page sheets (ledgers, records) are laid out in a bare Frame: same rule."""
    problems = []
    for path in sorted(built.glob("*/*/sheets.pdf")):
        with pikepdf.open(path) as pdf:
            for where, _kinds, top in tagged_runs(pdf):  # card grids are Sect per card
                if top and top[-1] == "/H2":
                    problems.append(f"{path.relative_to(built)} {where}: {top[-3:]}")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ the check itself, checked
FILLER = (
    "Players take turns clockwise. On your turn you may gather, exchange or deliver, and you "
    "must say aloud what you do so that everyone can follow the reserve."
)
FOLLOWERS: dict[str, DocBlock] = {
    "paragraph": Para(FILLER * 2, "body"),
    "list": ListBlock(tuple(FILLER for _ in range(3)), True),
    "table": TableBlock(("Round", "Score"), tuple((str(r), "") for r in range(1, 9)), (None, None)),
}
A4_W, A4_H = (v * mm for v in PAPERS["a4"])
BAND = 20 * mm


def render(story: list[Flowable], room: float, *, bare_frame: bool) -> bytes:
    """``story`` after a spacer that leaves ``room`` points at the foot of the first page, on
    rules-like pages (a document template) or sheet-like ones (a bare Frame per page)."""
    buf = io.BytesIO()
    tagger = Tagger(True)
    if bare_frame:
        c = Canvas(buf, pagesize=(A4_W, A4_H))
        attach(c, tagger)
        height = A4_H - BAND - 15 * mm
        pending = flatten([Spacer(1, height - room), *story])
        while pending:
            frame = Frame(15 * mm, BAND, A4_W - 30 * mm, height, 0, 0, 0, 0)
            placed = fill_frame(frame, pending, c)  # as the writer lays out a sheet
            c.showPage()
            assert placed
        c.save()
    else:
        doc = BaseDocTemplate(buf, pagesize=(A4_W, A4_H), bottomMargin=BAND)
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, 0, 0, 0, 0)
        doc.addPageTemplates([PageTemplate(frames=[frame], onPage=lambda c, _d: attach(c, tagger))])
        doc.build([Spacer(1, doc.height - room), *story])
    return add_structure(buf.getvalue(), tagger)


def stranded_in(data: bytes, heading_pt: float, tmp_path: Path) -> bool:
    path = tmp_path / "doc.pdf"
    path.write_bytes(data)
    printed = any(
        is_heading(last_line(body_chars(page, 0, page.width, page.height - BAND)), heading_pt)
        for page in pdfium_pages(data)
    )
    assert printed == bool(stranded_tagged(path))  # the two readings agree
    return printed


@pytest.mark.parametrize("bare_frame", [False, True], ids=["document", "bare-frame"])
@pytest.mark.parametrize("follower", sorted(FOLLOWERS))
def test_a_heading_at_the_foot_of_a_page_moves_with_what_follows(tmp_path, follower, bare_frame):
    """A heading with room for itself and little else at the foot of a page never ends the
    page. Without the grouping (ReportLab's keepWithNext alone, which holds a heading only to
    a plain paragraph, and only in a document template) it does: the check is not vacuous."""
    renderer = TaggedStory(doc_styles(18, 24, 30, 18, 1.3), 12)
    blocks = [Para("A heading at the foot", "heading", True), FOLLOWERS[follower]]
    grouped = plain = 0
    for room in (45.0, 60.0, 75.0):  # the heading (24 pt, 1.3 leading, space before) fits
        grouped += stranded_in(
            render(renderer.flowables(blocks), room, bare_frame=bare_frame), 24, tmp_path
        )
        alone = [f for b in blocks for f in renderer.block(b)]
        plain += stranded_in(render(alone, room, bare_frame=bare_frame), 24, tmp_path)
    assert grouped == 0
    assert plain > 0 or (follower == "paragraph" and not bare_frame)
