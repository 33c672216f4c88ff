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

from ..diagnostics import Loc, Problem
from ..impose import HALF_PAPERS, PAPERS, Grid, SheetPlan, plan_sheets
from ..layouts import Layouts
from ..model import Component, Game, Item, PageItem
from ..profiles import Profile
from .documents import DocBuilder, doc_styles
from .faces import PreparedFace, check_face_geometry, draw_face, prepare_face
from .fonts import register
from .pdf import DocMeta, apply_meta, draw_segments, grid_furniture, new_canvas, page_furniture


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
        "game": {"title": g.title, "code": g.code, "vocab": g.vocab},
        "terms": g.terms,
        "component": {"id": component.id, "name": component.spec.name},
    }


def prepare(game: Game, layouts: Layouts, profile: Profile) -> tuple[Prepared, list[Problem]]:
    """Fill and measure every face of every item; returns located problems (overflow, glyphs)."""
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
        size = spec.size_mm
        faces = [("face", spec.face), ("back", spec.back)]
        for key, name in faces:
            if name is None:
                continue
            if name not in layouts.faces:
                known = ", ".join(sorted(layouts.faces))
                problems.append(
                    Problem(
                        _comp_key_loc(game, comp, key), f"unknown face '{name}' (known: {known})"
                    )
                )
                continue
            if (name, size) not in checked:
                checked.add((name, size))
                problems.extend(check_face_geometry(layouts.face(name), size, layouts))
        if any(name is not None and name not in layouts.faces for _, name in faces):
            continue
        cards: list[PrintedCard] = []
        for item in comp.items:
            ctx = item_context(game, comp, item)

            def loc_of(field: str | None, item: Item = item) -> Loc:
                return item.loc(field) if field else item.loc()

            front, probs = prepare_face(
                layouts.face(spec.face or ""),
                size,
                layouts,
                ctx,
                item.id,
                loc_of,
                profile.min_text_size,
            )
            problems.extend(probs)
            back = None
            if spec.back:
                back, probs = prepare_face(
                    layouts.face(spec.back),
                    size,
                    layouts,
                    ctx,
                    f"{item.id} (back)",
                    loc_of,
                    profile.min_text_size,
                )
                problems.extend(probs)
            cards.extend(PrintedCard(comp.id, item.id, front, back) for _ in range(item.copies))
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


# ------------------------------------------------------------------------ grids of cards
def _draw_grid_page(
    c: Canvas,
    grid: Grid,
    slots: Sequence[tuple[Any, PreparedFace]],
    label: str,
    cut_guides: str,
    used: int,
    marks: bool = True,
) -> None:
    for rect, face in slots:
        draw_face(c, face, rect.x, rect.y)
    if cut_guides == "lines":
        draw_segments(c, grid.cut_lines(), 0.25)
    if marks:
        draw_segments(c, grid.crop_marks(used=used))
    grid_furniture(c, grid, label)
    c.showPage()


def _draw_calibration(c: Canvas, paper: tuple[float, float], title: str) -> None:
    """One sheet: squares on the front; on the back, the same squares mirrored and shifted by
    -2..+2 mm. Hold it to the light: the pair that coincides names the offset to use."""
    pw, ph = paper
    steps = (-2, -1, 0, 1, 2)
    cell, side = 30.0, 14.0
    x0 = (pw - cell * len(steps)) / 2
    y0 = (ph - cell * len(steps)) / 2
    font = register()
    for back in (False, True):
        c.setFont(font, 11)
        heading = "Duplex calibration — back" if back else "Duplex calibration — front"
        c.drawString(x0 * mm, (ph - 20) * mm, f"{title}: {heading}")
        c.setFont(font, 8)
        lines = (
            [
                "Print this sheet two-sided (flip on long edge), hold it against a window.",
                "Find the back square that sits exactly on its front square; its label is the",
                "offset to pass as --back-offset X,Y (mm). Labels read on this side.",
            ]
            if back
            else [
                "Print this page and the next one on the two sides of one sheet.",
                "Every square here has a partner on the back, shifted by the amount its label says.",
            ]
        )
        for i, line in enumerate(lines):
            c.drawString(x0 * mm, (ph - 27 - 4.5 * i) * mm, line)
        c.setLineWidth(0.5)
        for j, dy in enumerate(steps):
            for i, dx in enumerate(steps):
                cx = x0 + (i + 0.5) * cell
                cy = y0 + (len(steps) - j - 0.5) * cell
                if back:
                    cx = pw - cx + dx
                    cy = cy + dy
                c.rect(
                    (cx - side / 2) * mm,
                    (cy - side / 2) * mm,
                    side * mm,
                    side * mm,
                    stroke=1,
                    fill=0,
                )
                if back:
                    c.setFont(font, 7)
                    c.drawCentredString(cx * mm, (cy - side / 2 - 3.5) * mm, f"{dx:+d},{dy:+d}")
        page_furniture(c, paper, "duplex calibration")
        c.showPage()


def _label(game: Game, part: str, n: int, side: str = "") -> str:
    return f"{game.spec.title} · {part} · sheet {n}{' ' + side if side else ''}"


def _render_grid_runs(
    c: Canvas,
    game: Game,
    part: str,
    runs: Sequence[Run],
    paper: tuple[float, float],
    duplex: bool,
    cut_guides: str,
    back_offset: tuple[float, float],
    start: int,
) -> int:
    plans: list[SheetPlan[PrintedCard]] = plan_sheets(
        paper,
        [(r.size, [(card, card if card.back else None) for card in r.cards]) for r in runs],
        duplex=duplex,
    )
    n = start
    for plan in plans:
        n += 1
        fronts = [(rect, card.front) for rect, card in plan.front_slots()]
        used = len(plan.front)
        label = _label(game, part, n, "front" if duplex else "")
        _draw_grid_page(c, plan.grid, fronts, label, cut_guides, used)
        if plan.backs is not None:
            backs = [(rect, card.back) for rect, card in plan.back_slots(back_offset) if card.back]
            _draw_grid_page(
                c,
                plan.grid,
                backs,
                _label(game, part, n, "back"),
                cut_guides,
                used,
                marks=bool(backs),
            )
    return n


def _doc_builder(
    game: Game, profile: Profile, extra: Mapping[str, Any] | None = None
) -> DocBuilder:
    g = game.spec
    ctx = {
        "game": {"title": g.title, "code": g.code, "players": g.players, "time": g.time},
        "params": game.rules.params,
        "examples": {k: v.data for k, v in game.rules.examples.items()},
        "items": {i.id: dict(i.values) for c in game.components for i in c.items},
        "terms": g.terms,
        **(extra or {}),
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


def _render_page_doc(
    c: Canvas,
    builder: DocBuilder,
    game: Game,
    doc: PageDoc,
    paper: tuple[float, float],
    duplex: bool,
    start: int,
) -> int:
    n = start
    page = PageItem.model_validate({"id": doc.item.id, **doc.item.values, "copies": 1})
    margin = 15.0
    for _ in range(doc.copies):
        title = builder.text(page.title, builder.styles.title, doc.item.loc("title"))
        story: list[Flowable] = [title]
        for i, b in enumerate(page.blocks):
            story.extend(builder.block(b, doc.item.loc("blocks", i)))
        story = _flatten(story)
        while story:
            n += 1
            frame = Frame(
                margin * mm,
                16 * mm,
                (paper[0] - 2 * margin) * mm,
                (paper[1] - 16 - margin) * mm,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            before = len(story)
            frame.addFromList(story, c)
            page_furniture(c, paper, _label(game, "sheets", n, "front" if duplex else ""))
            c.showPage()
            if duplex:
                page_furniture(c, paper, _label(game, "sheets", n, "back"))
                c.showPage()
            if len(story) == before:
                builder.problems.append(
                    Problem(doc.item.loc(), f"{doc.item.id}: a block is taller than a page")
                )
                break
    return n


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
    game = prepared.game
    paper = PAPERS[paper_name]
    duplex = any(isinstance(e, Run) and any(card.back for card in e.cards) for e in entries)
    buf = io.BytesIO()
    c = new_canvas(buf, paper, meta_for(game, part, "long" if duplex else None))
    builder = _doc_builder(game, prepared.profile)
    n = 0
    pending: list[Run] = []
    for entry in entries:
        if isinstance(entry, Run):
            pending.append(entry)
            continue
        n = _render_grid_runs(c, game, part, pending, paper, duplex, cut_guides, back_offset, n)
        pending = []
        n = _render_page_doc(c, builder, game, entry, paper, duplex, n)
    n = _render_grid_runs(c, game, part, pending, paper, duplex, cut_guides, back_offset, n)
    if duplex:
        _draw_calibration(c, paper, game.spec.title)
    c.save()
    return buf.getvalue(), builder.problems


# ------------------------------------------------------------------------ rules
def rules_story(builder: DocBuilder, game: Game) -> list[Flowable]:
    g = game.spec
    s = builder.styles
    story: list[Flowable] = [
        builder.para(
            builder.markup(game.rules.title or g.title, game.rules_src.loc(())),
            s.title,
            game.rules_src.loc(()),
        )
    ]
    facts = " · ".join(x for x in (g.subtitle, g.players, g.time) if x)
    story.append(
        builder.para(
            builder.markup("{{ t }}", game.rules_src.loc(()), {"t": facts}),
            s.subtitle,
            game.rules_src.loc(()),
        )
    )
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
        story.append(
            builder.para(
                builder.markup(
                    "{{ t }}",
                    game.rules_src.loc(()),
                    {"t": ". ".join(x for x in (g.publisher, g.edition) if x) + "."},
                ),
                s.small,
                game.rules_src.loc(()),
            )
        )
    return story


def render_rules(
    prepared: Prepared, paper_name: str, *, half: bool = False
) -> tuple[bytes, list[Problem]]:
    """The rules in reading order, on the paper (or on half-size pages for the booklet)."""
    game = prepared.game
    page = HALF_PAPERS[paper_name] if half else PAPERS[paper_name]
    part = "rules-booklet" if half else "rules"
    meta = meta_for(game, part)
    builder = _doc_builder(game, prepared.profile)
    margin = 12.0 if half else 18.0
    buf = io.BytesIO()
    register()

    def on_page(c: Canvas, doc: BaseDocTemplate) -> None:
        apply_meta(c, meta)
        page_furniture(c, page, f"{game.spec.title} · rules · page {doc.page}")

    doc = BaseDocTemplate(
        buf,
        pagesize=(page[0] * mm, page[1] * mm),
        leftMargin=margin * mm,
        rightMargin=margin * mm,
        topMargin=margin * mm,
        bottomMargin=16 * mm,
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
    return buf.getvalue(), builder.problems


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
