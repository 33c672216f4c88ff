"""The four printed parts of a game: cards, sheets, rules and the rules booklet.

``prepare`` fills and measures every face once per game and profile (paper does not change a
face); the ``render_*`` functions then impose and draw for one paper.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate, Spacer

from ..contrast import face_contrast
from ..diagnostics import Loc, Problem
from ..impose import HALF_PAPERS, PAPERS, Grid, SheetPlan, plan_sheets
from ..layouts import Layouts
from ..model import Component, Game, Item, PageItem, size_mm
from ..profiles import Profile
from ..text import literal, render_plain
from .documents import DocBuilder, doc_styles
from .faces import (
    PreparedFace,
    check_face_geometry,
    draw_face,
    prepare_face,
    prepare_flow_face,
)
from .fonts import face_name, register
from .pdf import (
    DocMeta,
    Furniture,
    apply_meta,
    draw_segments,
    grid_furniture,
    new_canvas,
    page_furniture,
)
from .tagging import Tagger, add_structure, attach


@dataclass(frozen=True)
class PrintedCard:
    """One physical copy: its faces, and which component and item it prints."""

    component: str
    item: str
    front: PreparedFace
    back: PreparedFace | None


@dataclass(frozen=True)
class Run:
    """Consecutive cards of one size from one component (a new sheet starts at each run)."""

    component: str
    size: tuple[float, float]
    cards: tuple[PrintedCard, ...]


@dataclass(frozen=True)
class PageDoc:
    """A full-page sheet (reserve sheet, ledger) made of blocks."""

    component: str
    item: Item
    copies: int


@dataclass(frozen=True)
class Prepared:
    game: Game
    profile: Profile
    parts: Mapping[str, tuple[Run | PageDoc, ...]]  # "cards" / "sheets" → in component order


def item_context(game: Game, component: Component, item: Item) -> dict[str, Any]:
    g = game.spec
    return {
        **item.values,
        "id": item.id,
        "copies": item.copies,
        "game": {"title": g.title, "code": g.code, "vocab": g.vocab, "folder": game.root},
        "terms": g.terms,
        "component": {"id": component.id, "name": component.spec.name},
    }


def face_for(layouts: Layouts, name: str, profile: Profile) -> tuple[str, bool]:
    """The face to draw for ``name`` under ``profile``: its ``NAME@PROFILE`` variant when the
    layout has one (drawn as laid out), else ``name`` itself (flowed if the profile flows)."""
    variant = f"{name}@{profile.name}"
    if variant in layouts.faces:
        return variant, False
    return name, profile.faces == "flow"


def _prepare_cards(
    game: Game,
    comp: Component,
    layouts: Layouts,
    profile: Profile,
    size: tuple[float, float],
    flow: bool,
    names: tuple[str, str | None],
) -> tuple[list[PrintedCard], list[Problem], list[Problem]]:
    """Every copy of every item of one component at ``size``; returns the cards, problems,
    and (flow only) the overflows, kept apart so the caller can try a bigger card first."""
    problems: list[Problem] = []
    overflows: list[Problem] = []
    cards: list[PrintedCard] = []
    for item in comp.items:
        ctx = item_context(game, comp, item)

        def loc_of(field: str | None, item: Item = item) -> Loc:
            return item.loc(field) if field else item.loc()

        faces: list[PreparedFace | None] = []
        for name, label in ((names[0], item.id), (names[1], f"{item.id} (back)")):
            if name is None:
                faces.append(None)
                continue
            face = layouts.face(name)
            if flow:
                prepared, probs, over = prepare_flow_face(
                    face,
                    size,
                    layouts,
                    ctx,
                    label,
                    loc_of,
                    profile.body_size,
                    profile.heading_size,
                    profile.line_spacing,
                    profile.italics,
                )
                if over is not None:
                    overflows.append(over)
            else:
                prepared, probs = prepare_face(
                    face, size, layouts, ctx, label, loc_of, profile.min_text_size
                )
                if profile.min_contrast:
                    probs += face_contrast(
                        face, layouts, ctx, profile.min_contrast, label, render_plain
                    )
            problems.extend(probs)
            faces.append(prepared)
        front, back = faces
        assert front is not None
        cards.extend(PrintedCard(comp.id, item.id, front, back) for _ in range(item.copies))
    return cards, problems, overflows


def prepare(game: Game, layouts: Layouts, profile: Profile) -> tuple[Prepared, list[Problem]]:
    """Fill and measure every face of every item; returns located problems (overflow, glyphs).

    Under a flowing profile a component keeps its own size when every card's text fits it,
    and grows to the profile's ``card_size`` otherwise; text that does not fit even then is
    an error naming the card, the box and the overflow. Nothing is ever shrunk."""
    register()
    problems: list[Problem] = []
    parts: dict[str, list[Run | PageDoc]] = {"cards": [], "sheets": []}
    checked: set[tuple[str, tuple[float, float]]] = set()
    for comp in game.components:
        spec = comp.spec
        if spec.form == "page":
            for item in comp.items:
                parts[spec.part].append(PageDoc(comp.id, item, item.copies))
            continue
        size = spec.size_for(profile.name)
        missing = False
        for key, name in (("face", spec.face), ("back", spec.back)):
            if name is not None and name not in layouts.faces:
                known = ", ".join(sorted(f for f in layouts.faces if "@" not in f))
                problems.append(
                    Problem(
                        _comp_key_loc(game, comp, key), f"unknown face '{name}' (known: {known})"
                    )
                )
                missing = True
        if missing:
            continue
        front_name, flow = face_for(layouts, spec.face or "", profile)
        back_name = face_for(layouts, spec.back, profile)[0] if spec.back else None
        if not flow:
            for name in (front_name, back_name):
                if name is not None and (name, size) not in checked:
                    checked.add((name, size))
                    problems.extend(check_face_geometry(layouts.face(name), size, layouts))
        names = (front_name, back_name)
        cards, probs, overflows = _prepare_cards(game, comp, layouts, profile, size, flow, names)
        if overflows and profile.card_size:
            bigger = size_mm(profile.card_size)
            if bigger[0] * bigger[1] > size[0] * size[1]:
                size = bigger
                cards, probs, overflows = _prepare_cards(
                    game, comp, layouts, profile, size, flow, names
                )
        problems.extend(probs + overflows)
        backs = {card.back.texts for card in cards if card.back is not None}
        if len(backs) > 1 and not spec.double_sided:
            problems.append(
                Problem(
                    _comp_key_loc(game, comp, "back"),
                    f"{spec.name}: the backs differ from card to card, which gives a face-down card"
                    " away; use one back for all, or set 'double_sided: true'",
                )
            )
        parts[spec.part].append(Run(comp.id, size, tuple(cards)))
    prepared = Prepared(game, profile, {k: tuple(v) for k, v in parts.items()})
    return prepared, collapse_repeats(problems)


def collapse_repeats(problems: list[Problem]) -> list[Problem]:
    """A layout mistake repeats for every item that uses the box: report it once, with a count.
    Problems are "<item id>[ (back)], box ...: message"; the same box location and message
    after the item id is the same mistake."""
    groups: dict[tuple[Loc, str], list[Problem]] = {}
    for p in problems:
        head, sep, rest = p.message.partition(", box ")
        key = (p.loc, rest if sep else p.message)
        groups.setdefault(key, []).append(p)
    out = []
    for (_loc, rest), group in groups.items():
        first = group[0]
        if len(group) == 1 or not first.message.partition(", box ")[1]:
            out.extend(group)
            continue
        ids = first.message.partition(", box ")[0]
        more = f" (and {len(group) - 1} more)"
        out.append(Problem(first.loc, f"{ids}{more}, box {rest}", first.severity))
    return out


def _comp_key_loc(game: Game, comp: Component, key: str) -> Loc:
    index = game.components.index(comp)
    return game.game_src.loc(("components", index, key))


def meta_for(game: Game, part: str, duplex: str | None = None) -> DocMeta:
    from .. import __version__

    g = game.spec
    names = {
        "cards": "Cards",
        "sheets": "Sheets, markers and references",
        "rules": "Rules",
        "rules-booklet": "Rules booklet",
    }
    return DocMeta(
        title=f"{g.title} — {names[part]}",
        author=g.publisher or "cutsheet",
        subject=f"{g.title}: print-and-play {names[part].lower()} ({g.subtitle})".replace(
            " ()", ""
        ),
        creator=f"cutsheet {__version__}",
        lang=g.language,
        duplex=duplex,  # type: ignore[arg-type]
    )


# ------------------------------------------------------------------------ writing a part
class PartWriter:
    """Draws one part (cards or sheets) onto one canvas: card grids with their backs, flowing
    document pages, the calibration sheet; tags content when the profile asks for it."""

    def __init__(
        self,
        prepared: Prepared,
        part: str,
        paper_name: str,
        duplex: bool,
        cut_guides: str,
        back_offset: tuple[float, float],
    ) -> None:
        self.game = prepared.game
        self.profile = prepared.profile
        self.part = part
        self.paper = PAPERS[paper_name]
        self.duplex = duplex
        self.cut_guides = cut_guides
        self.back_offset = back_offset
        self.furniture = furniture_of(self.profile)
        self.buf = io.BytesIO()
        self.c = new_canvas(
            self.buf, self.paper, meta_for(self.game, part, "long" if duplex else None)
        )
        self.tagger = Tagger(self.profile.tagged)
        attach(self.c, self.tagger)
        self.builder = _doc_builder(self.game, self.profile)
        self.sheet = 0

    def label(self, side: str = "") -> str:
        side = f" {side}" if side else ""
        long = f"{self.game.spec.title} · {self.part} · sheet {self.sheet}{side}"
        return self.furniture.label(long, f"{self.part} {self.sheet}{side}")

    def finish_page(self, label: str) -> None:
        with self.tagger.artifact(self.c):
            if label:
                page_furniture(self.c, self.paper, label, self.furniture)
        self.c.showPage()

    # -- card grids ----------------------------------------------------------------------
    def grid_page(
        self, grid: Grid, slots: Sequence[tuple[Any, PreparedFace]], side: str, used: int
    ) -> None:
        for index, (rect, face) in enumerate(slots):
            self.tagger.group = f"{self.sheet}{side}:{index}"
            draw_face(self.c, face, rect.x, rect.y, self.tagger)
        self.tagger.group = None
        with self.tagger.artifact(self.c):
            if self.cut_guides == "lines":
                draw_segments(self.c, grid.cut_lines(), 0.25)
            if slots:
                draw_segments(self.c, grid.crop_marks(used=used))
            grid_furniture(self.c, grid, self.label(side), self.furniture)
        self.c.showPage()

    def runs(self, runs: Sequence[Run]) -> None:
        plans: list[SheetPlan[PrintedCard]] = plan_sheets(
            self.paper,
            [(r.size, [(card, card if card.back else None) for card in r.cards]) for r in runs],
            duplex=self.duplex,
            note_pt=self.furniture.size,
        )
        for plan in plans:
            self.sheet += 1
            used = len(plan.front)
            fronts = [(rect, card.front) for rect, card in plan.front_slots()]
            self.grid_page(plan.grid, fronts, "front" if self.duplex else "", used)
            if plan.backs is not None:
                backs = [
                    (rect, card.back)
                    for rect, card in plan.back_slots(self.back_offset)
                    if card.back
                ]
                self.grid_page(plan.grid, backs, "back", used)

    # -- flowing pages -------------------------------------------------------------------
    def page_doc(self, doc: PageDoc) -> None:
        builder = self.builder
        page = PageItem.model_validate({"id": doc.item.id, **doc.item.values, "copies": 1})
        margin, bottom = 15.0, self.furniture.band_mm
        for _ in range(doc.copies):
            story: list[Flowable] = [
                builder.text(page.title, builder.styles.title, doc.item.loc("title"))
            ]
            for i, b in enumerate(page.blocks):
                story.extend(builder.block(b, doc.item.loc("blocks", i)))
            story = _flatten(story)
            while story:
                self.sheet += 1
                frame = Frame(
                    margin * mm,
                    bottom * mm,
                    (self.paper[0] - 2 * margin) * mm,
                    (self.paper[1] - bottom - margin) * mm,
                    leftPadding=0,
                    rightPadding=0,
                    topPadding=0,
                    bottomPadding=0,
                )
                before = len(story)
                frame.addFromList(story, self.c)
                self.finish_page(self.label("front" if self.duplex else ""))
                if self.duplex:
                    self.finish_page(self.label("back"))
                if len(story) == before:
                    builder.problems.append(
                        Problem(doc.item.loc(), f"{doc.item.id}: a block is taller than a page")
                    )
                    break

    # -- calibration ---------------------------------------------------------------------
    def calibration(self) -> None:
        """One sheet: squares on the front; on the back, the same squares mirrored and shifted
        by -2..+2 mm. Hold it to the light: the pair that coincides names the offset to use."""
        c, (pw, ph), f = self.c, self.paper, self.furniture
        steps = (-2, -1, 0, 1, 2)
        cell, side = 30.0, 14.0
        x0 = (pw - cell * len(steps)) / 2
        y0 = (ph - cell * len(steps)) / 2 - 10
        size = max(f.size, 8.0)
        line = size * 1.3 / mm
        for back in (False, True):
            heading = "Duplex calibration: back" if back else "Duplex calibration: front"
            lines = (
                [
                    "Print two-sided (flip on the long edge) and hold the sheet to a window.",
                    "The back square that sits exactly on its front square gives,",
                    "by its label, the --back-offset X,Y (mm) to build with.",
                ]
                if back
                else ["Print this page and the next on the two sides of one sheet."]
            )
            with self.tagger.text(c, "H1"):
                c.setFont(face_name("bold"), size + 3)
                c.drawString(15 * mm, (ph - 15 - line) * mm, heading)
            for i, text in enumerate(lines):
                with self.tagger.text(c, "P"):
                    c.setFont(face_name("regular"), size)
                    c.drawString(15 * mm, (ph - 17 - line * (i + 2.2)) * mm, text)
            with self.tagger.artifact(c):
                c.setLineWidth(0.5)
                for j, dy in enumerate(steps):
                    for i, dx in enumerate(steps):
                        cx = x0 + (i + 0.5) * cell
                        cy = y0 + (len(steps) - j - 0.5) * cell
                        if back:
                            cx, cy = pw - cx + dx, cy + dy
                        c.rect((cx - side / 2) * mm, (cy - side / 2) * mm, side * mm, side * mm)
                        if back:
                            c.setFont(face_name("regular"), max(f.size, 7))
                            c.drawCentredString(
                                cx * mm, (cy - side / 2 - 3.5) * mm, f"{dx:+d},{dy:+d}"
                            )
            self.finish_page(self.furniture.label("duplex calibration", "calibration"))

    def save(self) -> bytes:
        self.c.save()
        return add_structure(self.buf.getvalue(), self.tagger)


def furniture_of(profile: Profile) -> Furniture:
    return Furniture(profile.scale_note, profile.small_size)


def _doc_builder(game: Game, profile: Profile) -> DocBuilder:
    g = game.spec
    ctx = {
        "game": {"title": g.title, "code": g.code, "players": g.players, "time": g.time},
        "params": game.rules.params,
        "examples": {k: v.data for k, v in game.rules.examples.items()},
        "items": {i.id: dict(i.values) for c in game.components for i in c.items},
        "terms": g.terms,
    }
    lines = []
    for comp in game.components:
        s = comp.spec
        text = f"{comp.printed} × {s.name}" if comp.printed > 1 else f"1 {s.name}"
        if s.note:
            text += f" — {s.note}"
        if s.optional:
            text += " (optional)"
        lines.append(text)
    return DocBuilder(
        profile,
        doc_styles(profile),
        ctx,
        examples=game.rules.examples,
        example_locs={k: game.rules_src.key_loc(("examples", k)) for k in game.rules.examples},
        component_lines=lines,
    )


def _flatten(story: list[Flowable]) -> list[Flowable]:
    """A bare Frame (no doc template) cannot split KeepTogether: lay out its content instead."""
    out: list[Flowable] = []
    for f in story:
        if isinstance(f, KeepTogether):
            out.extend(_flatten(list(f._content)))
        else:
            out.append(f)
    return out


def render_cards_like(
    prepared: Prepared,
    part: str,
    paper_name: str,
    *,
    cut_guides: str = "marks",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> tuple[bytes, list[Problem]] | None:
    """Render the ``cards`` or ``sheets`` part, or None when the game has nothing in it."""
    entries = prepared.parts.get(part, ())
    if not entries:
        return None
    duplex = any(isinstance(e, Run) and any(card.back for card in e.cards) for e in entries)
    writer = PartWriter(prepared, part, paper_name, duplex, cut_guides, back_offset)
    pending: list[Run] = []
    for entry in entries:
        if isinstance(entry, Run):
            pending.append(entry)
            continue
        writer.runs(pending)
        pending = []
        writer.page_doc(entry)
    writer.runs(pending)
    if duplex:
        writer.calibration()
    return writer.save(), writer.builder.problems


# ------------------------------------------------------------------------ rules
def rules_story(builder: DocBuilder, game: Game) -> list[Flowable]:
    g = game.spec
    s = builder.styles
    top = game.rules_src.loc(())
    story: list[Flowable] = [
        builder.para(builder.markup(game.rules.title or g.title, top), s.title, top)
    ]
    facts = " · ".join(x for x in (g.subtitle, g.players, g.time) if x)
    story.append(builder.para(literal(facts), s.subtitle, top))
    for i, section in enumerate(game.rules.sections):
        loc = game.rules_src.loc(("sections", i, "heading"))
        h = builder.text(section.heading, s.heading, loc)
        h.keepWithNext = 1
        story.append(h)
        story.extend(
            builder.blocks(
                section.blocks, lambda j, i=i: game.rules_src.loc(("sections", i, "blocks", j))
            )
        )
    if g.edition or g.publisher:
        story.append(Spacer(1, 4 * mm))
        credit = ". ".join(x for x in (g.publisher, g.edition) if x) + "."
        story.append(builder.para(literal(credit), s.small, top))
    return story


def render_rules(
    prepared: Prepared, paper_name: str, *, half: bool = False
) -> tuple[bytes, list[Problem]]:
    """The rules in reading order, on the paper (or on half-size pages for the booklet),
    tagged when the profile asks (the booklet's imposition keeps the tags)."""
    game = prepared.game
    page = HALF_PAPERS[paper_name] if half else PAPERS[paper_name]
    part = "rules-booklet" if half else "rules"
    meta = meta_for(game, part)
    builder = _doc_builder(game, prepared.profile)
    furniture = furniture_of(prepared.profile)
    tagger = Tagger(prepared.profile.tagged)
    margin = 12.0 if half else 18.0
    buf = io.BytesIO()
    register()

    def on_page(c: Canvas, doc: BaseDocTemplate) -> None:
        attach(c, tagger)
        apply_meta(c, meta)
        long = f"{game.spec.title} · rules · page {doc.page}"
        with tagger.artifact(c):
            page_furniture(c, page, furniture.label(long, f"page {doc.page}"), furniture)

    doc = BaseDocTemplate(
        buf,
        pagesize=(page[0] * mm, page[1] * mm),
        leftMargin=margin * mm,
        rightMargin=margin * mm,
        topMargin=margin * mm,
        bottomMargin=furniture.band_mm * mm,
        title=meta.title,
        author=meta.author,
        subject=meta.subject,
        creator=meta.creator,
        producer=meta.creator,
        lang=meta.lang,
        invariant=1,
        initialFontName=register(),
    )
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    doc.build(rules_story(builder, game))
    return add_structure(buf.getvalue(), tagger), builder.problems


def check_documents(prepared: Prepared) -> list[Problem]:
    """Build (but do not draw) every document story, to surface template and glyph problems."""
    game = prepared.game
    builder = _doc_builder(game, prepared.profile)
    rules_story(builder, game)
    for entries in prepared.parts.values():
        for entry in entries:
            if isinstance(entry, PageDoc):
                page = PageItem.model_validate(
                    {"id": entry.item.id, **entry.item.values, "copies": 1}
                )
                builder.text(page.title, builder.styles.title, entry.item.loc("title"))
                for i, b in enumerate(page.blocks):
                    builder.block(b, entry.item.loc("blocks", i))
    return builder.problems


def render_single(face: PreparedFace, title: str, lang: str) -> bytes:
    """One face alone on a page of its own size with a hairline trim outline (previews)."""
    buf = io.BytesIO()
    meta = DocMeta(title, "cutsheet", "preview", "cutsheet", lang)
    c = new_canvas(buf, (face.width_mm, face.height_mm), meta)
    draw_face(c, face, 0, 0)
    c.setLineWidth(0.25)
    c.rect(0, 0, face.width_mm * mm, face.height_mm * mm, stroke=1, fill=0)
    c.showPage()
    c.save()
    return buf.getvalue()
