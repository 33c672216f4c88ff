"""Do the documents' blocks fit their pages? Measured at plan time, so ``check`` finds what
would otherwise fail (or be cut short) only while drawing.

A full-page sheet is laid out in a bare Frame, which never splits a block: every block must
fit one page whole, and so must a heading or a lead-in with as many blocks after it as it
keeps (``flow/keep_with_next.py``, cut between blocks as ``flow/sheets.py`` lays sheets out;
keeping a sheet's last block with the one before it decides page breaks only). The rules flow
through a document template, which splits paragraphs between lines, lists between items and
tables between rows: a block fails only when a part that cannot split (one line, one table
row, a worked example's box) is taller than a page, on the paper or on a booklet's half page.
No block may be too wide either (``page_widths.py``). Blocks are measured with the flowables
the renderer draws (``cutsheet.flow``), on every paper.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import replace

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph
from reportlab.platypus.doctemplate import ActionFlowable

from ..diagnostics import Loc, Problem, counted
from ..flow.frames import (
    FRAME_PADDING,
    INK_MM,
    LEAST_SIDE_MM,
    SHEET_MARGIN_MM,
    flatten,
    furniture_of,
    opening,
    padded_frame,
    rules_frame,
    sheet_frame,
)
from ..flow.keep_with_next import KeepWithNext, keep_with_next
from ..flow.paragraphs import ItemList
from ..flow.sheets import continued_height, continued_title
from ..flow.story import StoryBuilder
from ..flow.tables import TABLE_WIDTH_MM, long_table
from ..papers import Paper
from ..profiles import Profile
from .documents import written_at
from .model import (
    CardBlock,
    CardRowBlock,
    DocPlan,
    GamePlan,
    NewPage,
    PageDoc,
    SpacesBlock,
    TableBlock,
    TrackBlock,
    WriteInsBlock,
)
from .page_widths import (
    FUZZ,
    PageFrame,
    in_mm,
    small_figure,
    too_long_word,
    too_narrow,
    too_wide,
    walk,
)
from .text_runs import too_large, too_small

MAX_PAGES = 2_000  # a block that needs more pages than this is reported as too long


def _tag(flowables: Sequence[Flowable], index: int) -> None:
    for f in flowables:
        f._cs_block = index  # type: ignore[attr-defined]
        if isinstance(f, KeepTogether | ItemList):  # its parts may be laid out one by one
            _tag(f._content, index)


def _block_of(f: Flowable) -> int:
    """The block a flowable (or the tallest part of a group of them) comes from."""
    index = getattr(f, "_cs_block", None)
    if index is not None:
        return int(index)
    parts = [p for p in getattr(f, "_content", []) if getattr(p, "_cs_block", None) is not None]
    return int(parts[-1]._cs_block) if parts else 0


def _story(doc: DocPlan, builder: StoryBuilder, flat: bool) -> list[Flowable]:
    """The flowables the renderer lays out for ``doc``, each tagged with its block's index."""
    out: list[Flowable] = []
    for i, block in enumerate(doc.blocks):
        made = builder.block(block)
        _tag(made, i)
        out.extend(made)
    story = keep_with_next(out)
    return flatten(story) if flat else story


def _too_big(f: Flowable, canv: Canvas, width: float, height: float, split: bool) -> float:
    """0 when ``f`` can be placed on pages of ``width`` × ``height`` points, else the height
    (points) of the part of it that cannot. (Widths are the tables' own check.)"""
    pending: list[Flowable] = [f]
    pages = 0
    while pending:
        g = pending.pop(0)
        if isinstance(g, ActionFlowable):  # a frame break: every part starts a fresh page
            continue
        g = opening(g)  # as a page opens it, without a space before it
        pages += 1
        h = _height(g, canv, width, height)
        if h <= height + FUZZ:
            continue
        # a bare Frame splits nothing but a group, where its rules allow, and a table taller
        # than a page (flow/sheets.py)
        splits = split or hasattr(g, "for_bare_frame") or long_table(g, canv, width, height)
        parts = g.splitOn(canv, width, height) if splits else []
        if not parts or pages > MAX_PAGES:
            return h if parts else _tallest_part(g, h, canv, width, height)
        if isinstance(parts[0], ActionFlowable):  # KeepTogether: its parts, one by one
            pending[0:0] = parts
            continue
        first, *rest = parts
        fh = _height(first, canv, width, height)
        if fh > height + FUZZ:
            return fh
        pending[0:0] = rest
    return 0.0


def _tallest_part(f: Flowable, whole: float, canv: Canvas, width: float, height: float) -> float:
    """The height of what cannot be placed, where ``f`` (``whole`` points tall) cannot be
    placed at all: a part of a group taller than a page itself (a caption, cut from its figure
    as the group allows, still has to open a page), else the whole group (no place to cut)."""
    named = _block_of(f)  # the block the message names: a part of another is not said
    parts = [p for p in getattr(f, "_content", ()) if getattr(p, "_cs_block", None) == named]
    tallest = max((_height(p, canv, width, height) for p in parts), default=0.0)
    return tallest if tallest > height + FUZZ else whole


def _height(f: Flowable, canv: Canvas, width: float, height: float) -> float:
    """The height of ``f`` set ``width`` wide (a KeepTogether's wrap says 'too tall' to make
    the template split it; its real height is its content's)."""
    h = float(f.wrapOn(canv, width, height)[1])
    return float(getattr(f, "_H", h)) if isinstance(f, KeepTogether) else h


def _frames(plan: GamePlan, kind: str, papers: Sequence[Paper]) -> Iterator[PageFrame]:
    """(paper, width, height, slack) in points of the frame a kind of document is set in;
    a block may run ``slack`` into the right margin, not closer to the edge than 5 mm."""
    band, body = furniture_of(plan.profile).band_mm, plan.profile.body_size
    # named with the profile where it sets its own sizes: "the large-print A4 page"
    own = f"{plan.profile.name} " if plan.profile.faces == "scale" else ""
    if kind == "sheet":
        slack = (SHEET_MARGIN_MM - INK_MM) * mm
        for paper in papers:
            frame = padded_frame(*sheet_frame(paper.size, band), 0)  # as the writer's
            yield f"{own}{paper.title} page", frame._aW, frame._aH, slack
        return
    for half in (False, True):  # a block runs no further into the side than on any page
        slack = (LEAST_SIDE_MM[half] - INK_MM) * mm + FRAME_PADDING
        for paper in papers:
            frame = rules_frame(paper.half if half else paper.size, half, band, body)
            name = own + paper.title + (" booklet page" if half else " page")
            yield name, frame._aW, frame._aH, slack


def _fits_every_page(f: Flowable, canv: Canvas, frames: Sequence[PageFrame]) -> bool:
    """Whether ``f`` fits every page whole, known from one measure: at the narrowest width
    within the lowest frame (text is no taller set wider; a card figure drawn at the width
    it is given is, so a block holding one is not known so)."""
    narrowest = min(frame[1] for frame in frames)
    lowest = min(frame[2] for frame in frames)
    return not _grows_with_width(f) and _height(f, canv, narrowest, lowest) <= lowest + FUZZ


def _too_tall(
    f: Flowable,
    canv: Canvas,
    frames: Sequence[PageFrame],
    split: bool,
    what: tuple[str, str] = ("a block is", ""),
) -> str | None:
    """How ``f`` overflows the page that holds it (or the part of it that cannot be split)
    worst, if any page cannot, said of ``what`` it is and with what to do (``_what``): the
    page it falls shortest of, so that a block cut down to the room said fits every page
    (the first page that failed, an A4 page, may have more room than a Letter one)."""
    worst: tuple[float, str, float, float] | None = None  # (shortfall, paper, need, room)
    for paper, width, height, _slack in frames:
        over = _too_big(f, canv, width, height, split)
        if over and (worst is None or over - height > worst[0]):
            worst = (over - height, paper, over, height)
    if worst is None:
        return None
    _short, paper, over, height = worst
    need, room = in_mm(over, height)
    said, hint = what
    return (
        f"{said} taller than a page: it needs {need} in one piece, the {paper} has"
        f" room for {room}{hint}"
    )


def _what(block: object, kind: str, profile: str, own: bool = False) -> tuple[str, str] | None:
    """A block too tall for a page said as what it is and with what to do, where that helps:
    a track's rows never split (how many tracks it takes depends on each page's width as
    well as its height); card spaces too many for a row went on in rows (smaller ones:
    their ``size:``, or the ``card:`` they take their size from; on a sheet built in
    another profile than standard, also a sheet of its own for it, unless it is one already:
    ``own``); a card row's cards grow with their labels; a card figure is drawn no smaller than its text allows (a smaller card, or
    the block kept to other profiles). None for any other."""
    if isinstance(block, TrackBlock):
        track = f"a track of {counted(len(block.values), 'number')} is"
        return track, " (split it into tracks that each fit a page)"
    if isinstance(block, CardBlock):  # never drawn so small that its text is under size
        hint = " (it is never drawn smaller than its text's least size allows: show a smaller"
        hint += (
            " card, or give the block `profiles:` to keep it to the profiles whose pages hold it)"
        )
        return "a card figure is", hint
    if isinstance(block, CardRowBlock):  # its cards grow with their words and labels
        hint = " (its cards are as wide as their labels' longest words and as tall as their"
        hint += " longest labels, in more rows when one row has no room for them: shorter"
        hint += (
            " labels, marks or caption, fewer cards, or give the block `profiles:` to keep it to"
        )
        return f"a row of {counted(len(block.cards), 'card')} is", (
            hint + " the profiles whose pages hold it)"
        )
    if isinstance(block, SpacesBlock):
        hint = " (spaces too many for one row of the page go on in rows: fewer spaces, or"
        hint += " smaller ones"
        if kind == "sheet" and profile != "standard" and not own:
            hint += f"; or, for {profile} alone, a sheet of its own (a component's `profiles:`)"
        return "card spaces are", hint + ")"
    return None


def _heading_alone(f: Flowable, canv: Canvas, frames: Sequence[PageFrame]) -> str | None:
    """A heading (or lead-in) kept with a block that cannot split, the two taller than a
    page: with no place to cut them, the document template places them one by one and the
    heading stands alone at a page's foot (a heading never ends a page)."""
    if not isinstance(f, KeepWithNext) or f.bare:
        return None
    for paper, width, height, _slack in frames:
        if _height(f, canv, width, height) <= height + FUZZ:
            continue
        f.canv = canv  # as a frame sets it while it splits the group
        try:
            cut = f.cut(width, height)
        finally:
            del f.canv
        if cut is None:
            return (
                "a heading and the block it introduces are taller than a page together,"
                f" and the block cannot be split: on the {paper} the heading would stand"
                " alone (shorten the block, or move the heading away from it)"
            )
    return None


def _grows_with_width(f: Flowable) -> bool:
    """Whether ``f`` holds a flowable that may be taller set wider (``taller_when_wider``)."""
    return any(getattr(g, "taller_when_wider", False) for g in walk(f))


def _doc_problems(
    plan: GamePlan,
    doc: DocPlan,
    kind: str,
    label: str,
    papers: Sequence[Paper],
    own_sheet: bool = False,
) -> list[Problem]:
    """Each block's first problem on the pages of ``papers``; ``own_sheet``: a sheet printed in
    some profiles only (its own already, see ``_what``)."""
    builder = StoryBuilder.for_profile(plan.profile)
    canv = Canvas(io.BytesIO())
    frames = list(_frames(plan, kind, papers))
    if kind == "sheet":  # a later page opens with the title again: what is left under it
        title = continued_title(doc, builder)
        frames = [
            (name, w, h - continued_height(title, w, canv), slack) for name, w, h, slack in frames
        ]
    found: dict[int, str] = {}
    at: dict[int, Loc | None] = {}  # a word's place, when not its block's (an example's text)
    for set_for, some in _by_room(doc, frames, builder):
        story = _story(doc, set_for, flat=kind == "sheet")
        _story_problems(plan, doc, kind, label, story, canv, some, found, at, own_sheet)
    return [
        Problem(at.get(block) or doc.loc_of(block), message)
        for block, message in sorted(found.items())
    ]


def _by_room(
    doc: DocPlan, frames: list[PageFrame], builder: StoryBuilder
) -> list[tuple[StoryBuilder, list[PageFrame]]]:
    """The frames grouped by how ``doc``'s story is set in them, in page order, each group
    with the builder that sets it so: by the room a table's columns share there
    (``room_in_frame``) and by how many numbers a row of each track holds. One group, with
    the builder as it is, when no table of ``doc`` shares the room or has tick boxes to
    number where they fit and every track is one row in every frame (its story is then the
    same in every frame)."""
    shares = any(isinstance(b, TableBlock) and (b.needs or b.bare is not None) for b in doc.blocks)
    tracks = [b for b in doc.blocks if isinstance(b, TrackBlock)]
    groups: dict[
        tuple[float, tuple[tuple[int, float], ...]], tuple[StoryBuilder, list[PageFrame]]
    ] = {}
    for frame in frames:
        framed = builder.for_frame(frame[1])
        rows = tuple(framed.track_rows(t) for t in tracks)
        key = (framed.table_room if shares else 0.0, rows)
        groups.setdefault(key, (framed, []))[1].append(frame)
    unframed = tuple(builder.track_rows(t) for t in tracks)  # each track one row, as ever
    if len(groups) == 1 and not shares and next(iter(groups))[1] == unframed:
        return [(replace(builder, table_room=TABLE_WIDTH_MM * mm), frames)]
    return list(groups.values())


def _story_problems(
    plan: GamePlan,
    doc: DocPlan,
    kind: str,
    label: str,
    story: list[Flowable],
    canv: Canvas,
    frames: list[PageFrame],
    found: dict[int, str],
    at: dict[int, Loc | None],
    own_sheet: bool = False,
) -> None:
    """Each block's first problem on ``frames`` into ``found`` (a block already there keeps
    its own), and into ``at`` a word's place when it is not its block's."""
    for f in story:
        block = _block_of(f)
        if not isinstance(f, Paragraph):  # a paragraph is as wide as its frame; a table not
            drawn_as = type(doc.blocks[block])  # (``kind`` is the document's)
            what = {TrackBlock: "a track", WriteInsBlock: "a write-in row"}.get(drawn_as, "a table")
            narrow = too_narrow(f, canv, frames, what)
            if narrow is not None and block not in found:
                found[block] = f"{label}: {narrow}"
            wide = too_wide(f, canv, frames)
            if wide is not None and block not in found:
                found[block] = f"{label}: {wide}"
        sized = _text_size_problem(f, plan.profile) if block not in found else None
        if sized is not None:
            found[block] = f"{label}: {sized}"
        least, name = plan.profile.min_text_size, plan.profile.name
        figure = small_figure(f, frames, least, name) if block not in found else None
        # a heading kept with what follows it: a word too long is its own block's problem
        for part in f._content if isinstance(f, KeepWithNext) else [f]:
            owner = _block_of(part)
            word = too_long_word(part, canv, frames) if owner not in found else None
            if word is not None:
                found[owner] = f"{label}: {word}"
                at[owner] = written_at(doc.blocks[owner], plan.game.rules_src, word)
                break
        if _fits_every_page(f, canv, frames):
            if figure is not None and block not in found:
                found[block] = f"{label}: {figure}"
            continue
        # said as such where the block itself is too tall
        what = _what(doc.blocks[block], kind, plan.profile.name, own_sheet)
        if what and isinstance(f, KeepWithNext):  # (not a lead-in too tall before it)
            own = [g for g in f._content if getattr(g, "_cs_block", None) == block]
            what = what if any(_too_tall(g, canv, frames, False) for g in own) else None
        tall = _too_tall(f, canv, frames, kind != "sheet", what or ("a block is", ""))
        if tall is not None and block not in found:
            found[block] = f"{label}: {tall}"
        alone = _heading_alone(f, canv, frames) if kind != "sheet" else None
        if alone is not None and block not in found:
            found[block] = f"{label}: {alone}"
        if figure is not None and block not in found:  # (a card too tall is said as such)
            found[block] = f"{label}: {figure}"


def _text_size_problem(f: Flowable, profile: Profile) -> str | None:
    """A text run of ``f`` under ``profile``'s least size, or larger than its lines."""
    return too_small(f, profile.min_text_size, profile.name) or too_large(f)


def page_problems(plan: GamePlan, papers: Sequence[Paper]) -> list[Problem]:
    """Every block of a full-page sheet or of the rules that no page of ``papers`` can hold
    (the pages in order: the first that fails is named)."""
    problems: list[Problem] = []
    own = {c.id for c in plan.game.components if c.spec.profiles is not None}
    for entries in plan.parts.values():
        for entry in entries:
            if isinstance(entry, PageDoc):  # a sheet given to some profiles is one of its own
                alone = entry.component in own
                problems += _doc_problems(plan, entry.doc, "sheet", entry.item, papers, alone)
    problems += _doc_problems(plan, plan.rules, "rules", "rules", papers)
    end = plan.booklet.blocks.index(NewPage())  # the cover's own blocks, after the title's two
    cover = DocPlan(plan.booklet.blocks[2:end], plan.booklet.loc, plan.booklet.locs[2:end])
    problems += _doc_problems(plan, cover, "rules", "rules", papers)
    return sorted(set(problems))


__all__ = ["page_problems"]
