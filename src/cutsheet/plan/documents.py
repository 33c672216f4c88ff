"""Document blocks (sheets and rules) planned: templates rendered to markup, glyphs checked,
table columns sized (`table_widths.py`); what is drawn later is decided here."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import ceil
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..boxes import MM, Box
from ..boxes.cells import CellsElement
from ..boxes.icon import IconElement
from ..boxes.text import TextElement, fit
from ..diagnostics import Loc, Problem, did_you_mean, excerpt, id_hint
from ..measure import DocStyles, MarkupError, face_name, parsed, suffix_style, unprintable
from ..model import NAMED_SIZES_MM, Block, Column, Example
from ..profiles import Profile
from ..source import Located
from ..symbols import expand, said_plain
from ..text import TemplateProblem, literal, render
from ..text.pointed import pointed_markup, pointed_problem
from ..text.tags import upright
from .model import (
    CardBlock,
    CardRowBlock,
    Cell,
    Checks,
    DocBlock,
    ExampleBlock,
    FacePlan,
    FigureLabel,
    ListBlock,
    Para,
    Space,
    SpacesBlock,
    Suffixed,
    TableBlock,
    TrackBlock,
    WriteIn,
    WriteInsBlock,
)
from .run_colours import doc_markup, pair_problems
from .table_widths import column_widths, widened


@dataclass
class DocPlanner:
    """Turns content blocks into planned blocks, collecting located problems."""

    profile: Profile
    styles: DocStyles
    context: Mapping[str, Any]
    examples: Mapping[str, Example] = field(default_factory=dict)
    example_locs: Mapping[str, Loc] = field(default_factory=dict)
    # where each example's title and text are written, by (example, "title" or "text")
    example_parts: Mapping[tuple[str, str], Loc] = field(default_factory=dict)
    component_lines: Sequence[str] = ()
    component_locs: Sequence[Loc] = ()  # where each of those lines comes from in game.yaml
    faces: Mapping[str, FacePlan] = field(default_factory=dict)  # item id → its planned front
    card_sizes: Mapping[str, tuple[float, float] | None] = field(default_factory=dict)  # mm
    card_components: frozenset[str] = frozenset()  # every card component, in any profile
    # item id → the boxes its face draws in some profiles only (a `when:` naming the profile)
    profiled: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # the items of card components with an error of their own: a figure of one says nothing
    # more (its face is missing or short of the box that failed, and that error says why)
    faulty: frozenset[str] = frozenset()
    problems: list[Problem] = field(default_factory=list)
    label: str = "rules"  # what the document is, before each markup problem: "rules", a sheet
    # where a key of the block being planned is written (``block``'s ``inside``), if known
    _inside: Callable[..., Loc] | None = field(default=None, repr=False)

    # -- text ----------------------------------------------------------------------------
    def markup(self, template: str, loc: Loc, extra: Mapping[str, Any] | None = None) -> str:
        ctx = {**self.context, **(extra or {})}
        try:
            return render(template, ctx)
        except TemplateProblem as exc:
            self.problems.append(Problem(pointed_problem(loc, exc), f"{self.label}: {exc}"))
            return literal(template)

    def checked(self, markup: str, style: str, loc: Loc) -> str:
        """Markup as it will be set in ``style``: italics dropped where the profile wants
        none, bad markup reported (and printed literally), missing glyphs reported."""
        if not self.profile.italics:
            markup = upright(markup)
        markup = doc_markup(markup, self.profile)  # its colours under the profile's rules
        pstyle = getattr(self.styles, style) if isinstance(style, str) else style
        markup = expand(markup, pstyle.fontSize, pstyle.leading, face_name("bold"))
        try:
            para = parsed(markup, pstyle)
        except MarkupError as exc:
            said = f"bad markup: {exc}"
            self.problems.append(Problem(pointed_markup(loc, said), f"{self.label}: {said}"))
            markup = literal(markup)
            para = parsed(markup, pstyle)
        found = [lost.message for lost in unprintable(para)]
        if self.profile.min_contrast:  # a text colour on a back colour, both markup's
            found += pair_problems(para.frags, self.profile.min_contrast)
        self.problems += [Problem(pointed_markup(loc, m), f"{self.label}: {m}") for m in found]
        return markup

    def para(self, markup: str, style: str, loc: Loc, keep: bool = False) -> Para:
        return Para(self.checked(markup, style, loc), style, keep)

    def text(self, template: str, style: str, loc: Loc, keep: bool = False) -> Para:
        return self.para(self.markup(template, loc), style, loc, keep)

    # -- blocks --------------------------------------------------------------------------
    def blocks(self, blocks: Sequence[Block], loc_of: Callable[[int], Loc]) -> list[DocBlock]:
        out: list[DocBlock] = []
        for i, block in enumerate(blocks):
            out.extend(self.block(block, loc_of(i)))
        return out

    def block(
        self, block: Block, loc: Loc, inside: Callable[..., Loc] | None = None
    ) -> list[DocBlock]:
        """``block`` planned; ``inside(*keys)`` places a key within it (a table's column's
        ``value``), where the caller knows the block's source (a problem is said there)."""
        if not block.in_profile(self.profile.name):
            return []  # a block given to other profiles (``profiles:``)
        self._inside = inside
        try:
            return BLOCK_KINDS[block.kind](self, block, loc)
        finally:
            self._inside = None

    def at(self, loc: Loc, *keys: str | int, key: bool = False) -> Loc:
        """Where ``keys`` are written within the block being planned (at ``loc``), else
        ``loc``: the value there, or with ``key`` the key that names it (a misspelt name)."""
        return self._inside(*keys, key=key) if self._inside is not None else loc


# ------------------------------------------------------------------ one planner per block kind
def _heading(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    return [p.text(block.heading or "", "heading", loc, keep=True)]


def _text(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    return [p.text(block.text or "", "body", loc)]


def _list(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    numbered = block.kind == "steps"
    entries = block.steps if numbered else block.bullets
    items = tuple(  # each item's problem at its own line (a probe: at the block's key)
        p.text(t, "body", p.at(loc, block.kind, i)).markup for i, t in enumerate(entries or [])
    )
    return [ListBlock(items, numbered)]


def _components(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    locs = p.component_locs or [loc] * len(p.component_lines)
    items = tuple(
        p.para(literal(t), "body", at).markup for t, at in zip(p.component_lines, locs, strict=True)
    )
    return [ListBlock(items, False)]


def _example(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    name = block.example or ""
    ex = p.examples.get(name)
    if ex is None:
        known = ", ".join(p.examples) or "none"
        guess = did_you_mean(name, p.examples)
        p.problems.append(Problem(loc, f"unknown example '{name}' (known: {known}){guess}"))
        return [Space(0)]
    eloc = p.example_locs.get(name, loc)
    tloc, xloc = (p.example_parts.get((name, part), eloc) for part in ("title", "text"))
    title = p.para(literal(ex.title), "strong", tloc).markup
    body = p.para(p.markup(ex.text, xloc, {"ex": ex.data}), "body", xloc).markup
    return [ExampleBlock(title, body, name)]


_QUOTED = re.compile(r"'(.*)' \(words are never broken")


def written_at(block: DocBlock, rules: Located, word: str) -> Loc | None:
    """Where the words of ``block`` are written when not where the block is: a worked
    example's title or text, whichever holds the word the problem ``word`` quotes (not
    the ``- example:`` line that places it); None for any other block."""
    if not isinstance(block, ExampleBlock) or not block.name:
        return None
    quoted = _QUOTED.search(word)
    shown = quoted.group(1).removesuffix("...") if quoted else ""
    part = "title" if shown and shown in html.unescape(block.title) else "text"
    return rules.key_loc(("examples", block.name, part))


def _track(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    tr = block.track
    assert tr is not None
    label = p.para(p.markup(tr.label, loc), "strong", loc).markup
    values = tuple(range(tr.start, tr.stop + 1))
    for v in values:
        p.para(f"<b>{v}</b>" if tr.mark == v else str(v), "cell", loc)
    if tr.mark is not None and tr.mark not in values:  # it would print unmarked
        said = f"track: mark {tr.mark} is not on the track ({tr.start} to {tr.stop})"
        p.problems.append(Problem(loc, f"{p.label}: {said}"))
    return [TrackBlock(label, values, tr.mark)]


def _cell(p: DocPlanner, col: Column, row: int, loc: Loc) -> Cell:
    if col.checks:
        return Checks(col.checks)
    text = p.markup(col.value, loc, {"row": row}) if col.value else ""
    if col.suffix:
        text = f"{text}<br/>" if text else ""
        small = p.styles.small.fontSize + 1
        markup = f'{text}<font size="{small}">{literal(col.suffix)}</font>'
        return Suffixed(p.checked(markup, suffix_style(p.styles), loc))  # type: ignore[arg-type]
    return p.para(text, "cell", loc).markup if text else ""


def _table(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    tb = block.table
    assert tb is not None
    for j, c in enumerate(tb.columns):  # a cell of tick boxes holds nothing else: said
        lost = [key for key in ("value", "suffix") if getattr(c, key)]
        if c.checks and lost:
            p.problems.append(
                Problem(
                    p.at(loc, "table", "columns", j, lost[0]),
                    f"{p.label}: the column {excerpt(c.header)} has tick boxes, which print"
                    f" no {' and no '.join(lost)}; give the {' and '.join(lost)} a column of"
                    " its own",
                )
            )
    header = [p.para(p.markup(c.header, loc), "strong", loc) for c in tb.columns]
    col_locs = [p.at(loc, "table", "columns", j, "value") for j in range(len(tb.columns))]
    rows = [
        [_cell(p, c, r, at) for c, at in zip(tb.columns, col_locs, strict=True)]
        for r in range(1, tb.rows + 1)
    ]
    cells = [header, *rows]
    scaled = f" in the {p.profile.name} profile" if p.profile.faces == "scale" else ""
    box_mm = p.profile.write_in_mm
    planned, bare, problem = column_widths(tb.columns, cells, p.styles, box_mm, scaled)
    if problem is not None:
        p.problems.append(Problem(loc, f"{p.label}: {problem}"))
    if p.profile.faces == "layout":  # a profile that scales grows them on purpose
        for j, set_at in widened(tb.columns, planned[0]):
            col = tb.columns[j]
            p.problems.append(
                Problem(
                    p.at(loc, "table", "columns", j, "width"),
                    f"{p.label}: the column {excerpt(col.header)} is given {col.width:g} mm;"
                    f" its longest word or its tick boxes need {ceil(set_at)} mm at"
                    f" {p.styles.body.fontSize:g} pt, so it is set wider than given (give it width:"
                    f" {ceil(set_at)} or more, or leave its width out to share the page's room)",
                    "warning",
                )
            )
    markup = tuple(h.markup for h in header)
    return [TableBlock(markup, tuple(tuple(r) for r in rows), *planned, bare)]


def _write_ins(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    rows = []
    for w in block.write_ins or []:
        label = p.para(p.markup(w.label, loc), "strong", loc).markup
        suffix = p.para(literal(w.suffix), "body", loc).markup if w.suffix else None
        rows.append(WriteIn(label, suffix, w.width or 40, w.lines))
    return [WriteInsBlock(tuple(rows))]


def _spaces(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    sp = block.spaces
    assert sp is not None
    for label in sp.labels:
        p.para(literal(label), "strong", loc)  # glyph check
    size = NAMED_SIZES_MM[sp.size]
    if sp.card is not None:  # as large as that component's card in this profile
        if sp.card not in p.card_components:  # (the game's, whatever the profile)
            known = ", ".join(sorted(p.card_components)) or "none"
            message = f"spaces: no card component {excerpt(sp.card)} (known: {known})"
            p.problems.append(Problem(loc, message))
        elif sp.card not in p.card_sizes:
            message = (
                f"spaces: card component {excerpt(sp.card)} is not printed in {p.profile.name}"
            )
            p.problems.append(Problem(loc, message))
        size = p.card_sizes.get(sp.card) or size  # (unplanned: its own problems say why)
    font_size = p.styles.strong.fontSize  # each label is drawn on one line above its space
    for label in sp.labels:
        width = stringWidth(label, face_name("bold"), font_size) / MM
        if width > size[0]:
            p.problems.append(
                Problem(
                    loc,
                    f"spaces: label {excerpt(label)} is {width:.0f} mm wide at"
                    f" {font_size:g} pt, wider than its {size[0]:g} mm space (it would run"
                    " over the next); shorten it",
                )
            )
    return [SpacesBlock(tuple(sp.labels), size)]


def _card_row(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    row = block.card_row
    assert row is not None
    items = p.context.get("items", {})
    for j, card_id in enumerate(row.marked):  # a mark on a card the row does not show
        if card_id not in row.cards:
            message = f"card_row: marked '{card_id}' is not in the row (its cards: "
            message += (", ".join(row.cards) or "none") + ")" + id_hint(card_id, row.cards)
            p.problems.append(Problem(p.at(loc, "card_row", "marked", j), message))
    cards = []
    for j, card_id in enumerate(row.cards):
        if card_id not in items:
            message = f"card_row: no item '{card_id}'" + id_hint(card_id, sorted(items))
            p.problems.append(Problem(p.at(loc, "card_row", "cards", j), message))
            continue
        label = p.para(p.markup(row.label, loc, dict(items[card_id])), "strong", loc).markup
        mark = p.para(literal(row.mark), "small", loc).markup if card_id in row.marked else None
        cards.append((label, mark))
    caption = p.text(row.caption, "small", loc).markup if row.caption else None
    return [CardRowBlock(tuple(cards), caption)]


TEXT_CLEARANCE = 1.0
"""mm between a text box's right edge and the dot of the leader line that names it."""


def _leader(box: Box, face: FacePlan) -> tuple[tuple[float, float], float]:
    """Where a label's leader line ends on ``box`` and the height it crosses the card at
    (mm): at the box's right edge (a text box's: ``TEXT_CLEARANCE`` beyond it), level with
    its middle (a text box's: its text's, which a tall box set at its top leaves well above
    the box's middle), unless text or an icon lies to its right on that line; then along
    under the box, up to the middle of its bottom edge."""
    mid = box.y + box.h / 2
    right = box.x + box.w
    is_text_box = any(el.box is box and el.is_text for el in face.elements)
    for el in face.elements:
        if el.box is box and isinstance(el, TextElement) and el.text.strip():
            top, bottom = el.ink_rows()
            mid = box.y + max(0.0, min(box.h, (top + bottom) / 2))
    for el in face.elements:
        b = el.box
        if b is box or not (el.is_text or isinstance(el, IconElement)) or b.x + b.w <= right + 0.1:
            continue
        if b.y < mid < b.y + b.h:
            return (box.x + box.w / 2, box.y + box.h), _under(box, face) + 0.8
    # a text box's dot stands clear of its box: right-aligned text ends at the edge (an id),
    # and never off the card
    if is_text_box:
        right = min(right + TEXT_CLEARANCE, face.width_mm)
    return (right, mid), mid


def _under(box: Box, face: FacePlan) -> float:
    """The height (mm) a leader line may run at under ``box``: its bottom edge, or the
    bottom edge of a frame or band the box sits in whose edge lies just below it (the alpha's
    public-scoring star ends 1 mm above its band's edge: a line 0.8 mm under the star ran
    along the band's outline, where it could not be told from it)."""
    low = box.y + box.h
    centre = box.x + box.w / 2
    for el in face.elements:
        b = el.box
        if b is box or not b.traits.frames_text or not b.x <= centre <= b.x + b.w:
            continue
        # a frame whose edge is the card's own (its border) leaves the line on the card
        if b.y < low <= b.y + b.h <= min(low + LINE_NEAR, face.height_mm - LINE_NEAR):
            low = b.y + b.h
    return low


LINE_NEAR = 2.0
"""mm: a rectangle's bottom edge this close under a box's is where its leader line would
run, so the line runs under that edge instead."""


def _card(p: DocPlanner, block: Block, loc: Loc) -> list[DocBlock]:
    """A card of the game as its deck plans it, its labels pointing at the boxes they name (a
    label whose box the profile leaves off the card, by a `when:` naming it, is left off)."""
    fig = block.card
    assert fig is not None
    face = p.faces.get(fig.item)
    if face is None:
        if fig.item not in p.faulty:
            message = f"card: no card '{fig.item}' in this game's decks"
            message += id_hint(fig.item, sorted(p.faces))
            p.problems.append(Problem(p.at(loc, "card", "item"), message))
        return [Space(0)]
    boxes = {el.box.name: el.box for el in face.elements}
    profiled = p.profiled.get(fig.item, frozenset())
    labels = []
    for name, text in fig.labels.items():
        box = boxes.get(name)
        if box is None and name in profiled:
            continue  # a box this profile leaves off the card: its label goes with it
        if box is None and fig.item in p.faulty:
            continue  # the box failed: its own error says why
        if box is None:  # the card's boxes in any profile: said alike by every profile
            named = {*boxes, *profiled}
            guess = did_you_mean(name, sorted(named))
            drawn = guess or f" (its boxes: {', '.join(sorted(named)) or 'none'})"
            message = f"card: {fig.item} draws no box '{name}'{drawn}"
            at = p.at(loc, "card", "labels", name, key=True)
            p.problems.append(Problem(at, message))
            continue
        end, run = _leader(box, face)
        area = (box.x, box.y, box.w, box.h)
        labels.append(FigureLabel(p.text(text, "body", loc).markup, end, run, area))
    said = [  # each text box as a reader hears it: notation in words ("COST 2 blue")
        said_plain(el.markup, el.plain) if isinstance(el, TextElement) else el.plain
        for el in face.elements
        if el.box.traits.holds_text
    ]
    texts = " · ".join(t.replace("\xa0", " ") for t in said if t.strip())  # (a held space)
    alt = f"Card {fig.item}, as it prints: {texts}"
    caption = p.text(fig.caption, "small", loc).markup if fig.caption else None
    return [CardBlock(face, alt, tuple(labels), caption, _smallest_text(face))]


def _smallest_text(face: FacePlan) -> float:
    """The smallest text ``face`` prints (points): each text box's smallest run as set (a
    ``<font size>``, ``<super>`` or ``<sub>`` sets one under its style), each cells box's
    style; 0 where it prints none."""
    sizes = [
        fit(el.markup, el.style, el.avail[0]).smallest
        if isinstance(el, TextElement)
        else el.style.size
        for el in face.elements
        if isinstance(el, TextElement | CellsElement)
    ]
    return min((s for s in sizes if s != float("inf")), default=0.0)


BLOCK_KINDS: dict[str, Callable[[DocPlanner, Block, Loc], list[DocBlock]]] = {
    "heading": _heading,
    "text": _text,
    "bullets": _list,
    "steps": _list,
    "components": _components,
    "example": _example,
    "track": _track,
    "table": _table,
    "write_ins": _write_ins,
    "spaces": _spaces,
    "card_row": _card_row,
    "card": _card,
}
