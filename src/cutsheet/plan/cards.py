"""Card components planned: each item's faces filled (laid out or flowed), one printed card
per copy, the size chosen (a flowing profile grows a component to its card size only when
its text does not fit), and the face-down backs proved identical."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from ..boxes import FillContext
from ..diagnostics import Loc, Problem, did_you_mean, excerpt, has_errors
from ..layouts import Face, Layouts
from ..measure import TextStyle, legible_font
from ..model import Component, Game, ImpositionSpec, Item
from ..profiles import Profile
from .checks import (
    centred_running_text,
    clear_of,
    face_contrast,
    face_geometry,
    raised_runs,
    text_overlaps,
    unreadable_text,
    unseen_icons,
    white_stickers,
)
from .context import component_key_loc, item_context, shared_context
from .deck_alignment import UNKNOWN, Aligned, Column, Running, deck_running, misaligned
from .deck_sizes import grown_far, overflows_said, sizes_tried
from .faces import fill_face
from .icon_overlaps import icon_overlaps
from .ink import BLACK
from .model import FacePlan, PrintedCard, Run
from .overleaf import overleaf
from .packaged_boxes import placed_at_face, placed_in_content
from .picture_contrast import picture_contrast
from .resize import resized as resize
from .resize import same_size, size_problem
from .run_colours import markup_contrast, recoloured
from .scale import scale_face
from .scale.boxes import disc_names
from .side_memo import Key, Side, SideMemo

Size = tuple[float, float]
OVERLEAF_CUTS = "(a card goes on over its back between boxes, or at a <br/> outside other tags)"


def face_for(layouts: Layouts, name: str, profile: Profile) -> tuple[str, str]:
    """The face to draw for ``name`` under ``profile`` and how: its ``NAME@PROFILE`` variant
    when the layout has one (drawn as laid out), else ``name`` itself as the profile says
    (laid out, or scaled to the profile's sizes)."""
    variant = f"{name}@{profile.name}"
    if variant in layouts.faces:
        return variant, "layout"
    return name, profile.faces


def _legible(style: TextStyle, named: Mapping[str, str]) -> TextStyle:
    """``style`` in one of our faces (``legible_font``), saying which font it replaces, by
    the name the layouts give it (``named``: registered name -> that name)."""
    font = legible_font(style.font)
    if font == style.font:
        return style
    return dataclasses.replace(style, font=font, instead_of=named.get(style.font, style.font))


Scaled = tuple[Face, FillContext, "Problem | None", float, frozenset[Column], frozenset[Column]]
"""A face scaled to a card (``scale_face``): the face, its fill context, its overflow, its gap,
and its boxes set as running text and those that kept their own alignment."""


@dataclasses.dataclass
class _Pending:
    """One side of one item on its way: its face scaled (when it is), not yet filled; or
    planned (found remembered, or filled)."""

    back: int
    face: Face  # as the layouts give it (resized to the card when laid out)
    fc: FillContext
    mode: str
    keyed: tuple[Key, dict[str, str]] | None  # its key in the side memo
    kx: float | None
    scaled: Scaled | None = None
    side: Side | None = None


@dataclasses.dataclass
class _Planned:
    """One item's faces as planned, with what was found on the way. Its sides are filled
    last (``_CardPlanner.filled``): a deck's overflows and gaps are known from its scaled
    faces, so a card of an attempt that overflows, or one planned again at its deck's least
    gap, is never filled for nothing."""

    item: Item
    front: FacePlan | None = None
    back: FacePlan | None = None
    overleaf: bool = False  # the back holds the rest of the front
    gaps: list[float] = dataclasses.field(default_factory=lambda: [1.0, 1.0])
    # each side's boxes set as running text and those that kept their alignment (``scale_face``);
    # UNKNOWN: a scaled side remembered from an item with the same values; None: laid out
    aligned: list[Aligned] = dataclasses.field(default_factory=lambda: [None, None])
    problems: list[Problem] = dataclasses.field(default_factory=list)
    overflows: list[Problem] = dataclasses.field(default_factory=list)
    pending: list[_Pending] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class _Attempt:
    """How a component's cards are tried: the card size, whether a reference card may go on
    over its back, and the share of its inner space each side's scaled face keeps."""

    size: Size
    spill: bool = False
    gaps: tuple[float, float] = (1.0, 1.0)
    running: Running = (frozenset(), frozenset())  # the columns the deck sets as running text


@dataclasses.dataclass(frozen=True)
class _CardPlanner:
    """Plans one card component's items: its faces by name and how each is drawn."""

    game: Game
    comp: Component
    layouts: Layouts
    profile: Profile
    names: tuple[str, str | None]
    modes: tuple[str, str]
    resized: dict[str, Face] = dataclasses.field(default_factory=dict)  # faces scaled to size
    memo: SideMemo = dataclasses.field(default_factory=SideMemo)  # sides planned once
    # the items whose own sides have an error (or overflow), as the last ``cards`` planned them
    faulty: set[str] = dataclasses.field(default_factory=set)

    @functools.cached_property
    def shared(self) -> dict[str, Any]:
        """What every item's context holds alike (``shared_context``), made once."""
        return shared_context(self.game, self.comp)

    @functools.cached_property
    def styles(self) -> dict[str, TextStyle]:
        """The layouts' text styles, project fonts set in our own and text black where the
        profile says."""
        styles = self.layouts.text_styles
        if not self.profile.own_fonts:
            named = {registered: name for name, registered in self.layouts.fonts.items()}
            styles = {k: _legible(v, named) for k, v in styles.items()}
        ink = self.profile.ink
        if ink is not None and ink.text == "black":
            styles = {k: dataclasses.replace(v, color=BLACK) for k, v in styles.items()}
        return styles

    def scaled(self, face: Face, fc: FillContext, at: _Attempt, back: int) -> Scaled:
        """``face`` scaled to the attempt's card (``scale_face``)."""
        fixed = self.memo.fixed(face, fc.ctx)
        memo, gap = self.memo.scaled, at.gaps[back]
        profile, running = self.profile, at.running[back]
        return scale_face(face, face.size, at.size, fc, profile, gap, memo, fixed, running)

    def side(
        self,
        face: Face,
        fc: FillContext,
        mode: str,
        at: _Attempt,
        back: int,
        scaled: Scaled | None = None,
    ) -> Side:
        """One face filled: as laid out, or scaled (``scaled``, when it already is; and, when
        allowed and it is too tall for the card, cut in two onto the card's back); its
        planned sides, its overflow, and the inner space its scaling kept."""
        over, gap, size, profile = None, 1.0, at.size, self.profile
        planned: tuple[FacePlan, ...] | None = None
        laid = face  # as the layout has it (its circles: ``white_stickers``)
        if mode == "scale":
            face, fc, over, gap, *_aligned = scaled or self.scaled(face, fc, at, back)
            spill = at.spill and not back and self.names[1] is None and self.comp.spec.overleaf
            if over is not None and spill:
                sides = overleaf(fill_face(face, size, fc))
                if isinstance(sides, tuple):
                    planned, over = sides, None
                    for one in sides:
                        fc.problems.extend(
                            face_geometry(_as_face(face, one), size, fc.label, profile.name)
                        )
                else:
                    short = f"; front and back together are still {sides:.1f} mm over"
                    message = f"{over.message}{short} {OVERLEAF_CUTS}"
                    over = dataclasses.replace(over, message=message)
            elif over is None:
                fc.problems.extend(face_geometry(face, size, fc.label, profile.name))
        planned = tuple(recoloured(p, profile) for p in planned or (fill_face(face, size, fc),))
        for p in planned:
            fc.problems.extend(text_overlaps(p, fc.label, profile.name))
            fc.problems.extend(icon_overlaps(p, fc.label, profile.name))
            fc.problems.extend(raised_runs(p, size, fc.label))
            p = clear_of(p, fc.dropped)  # (what a box its error left off lay under: unknown)
            if profile.min_contrast:
                fc.problems.extend(face_contrast(p, profile.min_contrast, fc.label))
                fc.problems.extend(
                    picture_contrast(p, profile.min_contrast, fc.label, profile.name)
                )
                fc.problems.extend(markup_contrast(p, profile.min_contrast, fc.label))
                discs = disc_names(laid)
                fc.problems.extend(white_stickers(p, profile.min_contrast, fc.label, discs))
            else:
                fc.problems.extend(unreadable_text(p, fc.label))
                fc.problems.extend(unseen_icons(p, fc.label))
            if profile.faces == "scale":  # (a scaled face's running text is left-aligned)
                fc.problems.extend(centred_running_text(p, fc.label))
        return planned, over, gap

    def pending(self, face: Face, fc: FillContext, mode: str, at: _Attempt, back: int) -> _Pending:
        """One side: remembered, once for every item whose templates read the same values (a
        side planned without a problem is the same plan for them all; one with a problem is
        planned again for each item, whose messages name it); else its face scaled, when it
        is, and filled later (``fill``)."""
        # a word is measured again where it sits, on a face without icons (scaled faces grow
        # icons with their words) that does not go on over its card's back
        kx = at.size[0] / face.size[0] if mode == "scale" else None
        icons = any(b.traits.symbol for b in face.boxes)
        measured = mode == "layout" or not (icons or at.spill)
        keyed = self.memo.key(face, fc.ctx, mode, at, back, measured=measured)
        one = _Pending(back, face, fc, mode, keyed, kx)
        one.side = self.remembered(one)
        if one.side is None and mode == "scale":
            one.scaled = self.scaled(face, fc, at, back)
        return one

    def remembered(self, one: _Pending) -> Side | None:
        return None if one.keyed is None else self.memo.get(one.face, *one.keyed, one.kx)

    def fill(self, one: _Pending, at: _Attempt) -> Side:
        """The side planned: as remembered (by now, maybe, for an item filled before it), else
        filled from its scaled face, and remembered."""
        if one.side is None and (one.scaled is None or one.scaled[2] is None):
            one.side = self.remembered(one)
        if one.side is None:
            one.side = self.side(one.face, one.fc, one.mode, at, one.back, one.scaled)
            if one.keyed is not None and one.side[1] is None and not one.fc.problems:
                self.memo.put(one.face, *one.keyed, one.side)
        one.scaled = None
        return one.side

    def item(self, item: Item, at: _Attempt) -> _Planned:
        """One item's sides, scaled: its gaps and overflows known, its sides filled later
        (``filled``); filled now when a card may go on over its back (which decides its
        overflow)."""
        ctx = item_context(self.game, self.comp, item, self.profile.name, self.shared)

        def loc_of(field: str | None, item: Item = item) -> Loc:
            # a field left empty (a CSV's empty cell has a place) gave the box no text: the
            # text came from elsewhere (``{{ rule or name }}``), so the item is the place
            empty = field is not None and ctx.get(field) in (None, "")
            return item.loc(field) if field and not empty else item.loc()

        out = _Planned(item)
        labels = (item.id, f"{item.id} (back)")
        for back, (name, label, mode) in enumerate(
            zip(self.names, labels, self.modes, strict=True)
        ):
            if name is None:
                continue
            styles, root = self.styles, self.game.root
            face = self.resized.get(name) or self.layouts.face(name)
            laid = self.layouts.face(name).size
            scaled = None if face.size == laid else (face.size[0] / laid[0], face.size[1] / laid[1])
            fc = FillContext(
                ctx,
                styles,
                label,
                loc_of,
                self.profile.min_text_size,
                root,
                colours=self.layouts.colours,
                ink=self.profile.ink,
                back=bool(back),
                memo=self.memo.boxes,
                profile=self.profile.name,
                scaled=scaled,
            )
            one = self.pending(face, fc, mode, at, back)
            out.pending.append(one)
            if mode == "scale":
                out.aligned[back] = one.scaled[4:6] if one.scaled is not None else UNKNOWN
            over, out.gaps[back] = self.overflow(one, at)
            if over is not None:  # its boxes leave the card: that is the one problem
                out.overflows.append(placed_in_content(over, face, self.game, self.comp, item))
        if at.spill:
            self.filled(out, at)
        return out

    def overflow(self, one: _Pending, at: _Attempt) -> tuple[Problem | None, float]:
        """A side's overflow and gap: its scaled face's, or as planned (a side that may go on
        over the card's back is filled now: that decides its overflow)."""
        if at.spill:
            return self.fill(one, at)[1:]
        if one.side is not None:
            return one.side[1:]
        return (None, 1.0) if one.scaled is None else one.scaled[2:4]

    def filled(self, out: _Planned, at: _Attempt) -> _Planned:
        """``out`` with its sides filled, and their problems."""
        for one in out.pending:
            planned = self.fill(one, at)[0]
            face, item = one.face, out.item
            out.problems.extend(
                placed_in_content(p, face, self.game, self.comp, item) for p in one.fc.problems
            )
            if one.back:
                out.back = planned[0]
            else:
                out.front = planned[0]
                if len(planned) > 1:
                    out.back, out.overleaf = planned[1], True
        out.pending = []
        return out

    def cards(
        self, at: _Attempt, provisional: bool = False
    ) -> tuple[list[PrintedCard], list[Problem], list[Problem]]:
        """Every copy of every item; the cards, problems, and the overflows (kept apart so the
        caller can try a bigger card or the card's back first). Scaled faces keep the same
        share of their inner space on every card of the deck (the least any of them needs),
        so bands and panels match from card to card. A ``provisional`` attempt (one the
        caller tries again otherwise when a card overflows) stops at the first item that
        overflows: it returns that item's overflows alone, and no cards."""
        got = []
        for item in self.comp.items:
            got.append(self.item(item, at))
            if provisional and got[-1].overflows:
                return [], [], got[-1].overflows
        least = tuple(min(g.gaps[i] for g in got) for i in (0, 1))
        if not any(g.overflows for g in got):  # (a deck that overflows is tried bigger)
            running = deck_running([g.aligned for g in got])
            again = dataclasses.replace(at, gaps=least, running=running)
            for n, item in enumerate(self.comp.items):  # in place: a first plan planned again
                if got[n].gaps == list(least) and not misaligned(got[n].aligned, running):
                    got[n] = self.filled(got[n], at)
                else:  # is let go of first (20,000 cards: 169 MB, not 180)
                    got[n] = _Planned(item)
                    got[n] = self.filled(self.item(item, again), again)
        else:
            got = [self.filled(g, at) for g in got]
        cards: list[PrintedCard] = []
        for item, planned in zip(self.comp.items, got, strict=True):
            assert planned.front is not None
            own = planned.overleaf or (self.comp.spec.double_sided and planned.back is not None)
            card = PrintedCard(self.comp.id, item.id, planned.front, planned.back, own)
            cards.extend(card for _ in range(item.copies))
        problems = [p for g in got for p in g.problems]
        self.faulty.clear()
        self.faulty.update(g.item.id for g in got if g.overflows or has_errors(g.problems))
        return cards, problems, [p for g in got for p in g.overflows]


def _as_face(like: Face, plan: FacePlan) -> Face:
    """The boxes of one planned side, as a face, for the geometry check."""
    return Face(like.name, tuple(el.box for el in plan.elements), like.loc)


def _unknown_faces(game: Game, comp: Component, layouts: Layouts) -> list[Problem]:
    problems = []
    for key, name in (("face", comp.spec.face), ("back", comp.spec.back)):
        if name is not None and name not in layouts.faces:
            faces = sorted(f for f in layouts.faces if "@" not in f)
            known = ", ".join(faces) or "none"
            problems.append(
                Problem(
                    component_key_loc(game, comp, key),
                    f"unknown face {excerpt(name)}{did_you_mean(name, faces)} (known: {known})",
                )
            )
    return problems


def plan_component(
    game: Game,
    comp: Component,
    layouts: Layouts,
    profile: Profile,
    checked: set[tuple[str, tuple[float, float]]],
) -> tuple[Run | None, list[Problem], frozenset[str]]:
    """The run of printed cards of one card component, its problems, and its faulty items:
    those with an error of their own, or every item when the deck has one (its faces, its
    size, its backs) or could not be planned."""
    every = frozenset(item.id for item in comp.items)
    run, problems, faulty = _plan_component(game, comp, layouts, profile, checked)
    if run is None:
        return None, problems, every
    return run, problems, faulty if faulty is not None else every


def _plan_component(
    game: Game,
    comp: Component,
    layouts: Layouts,
    profile: Profile,
    checked: set[tuple[str, tuple[float, float]]],
) -> tuple[Run | None, list[Problem], frozenset[str] | None]:
    """``plan_component``; the faulty items None when every item is."""
    spec = comp.spec
    problems = _unknown_faces(game, comp, layouts)
    if problems:
        return None, problems, None
    try:  # a name that is not built in is a project's own, from the layouts' 'sizes:'
        size, own = spec.size_for(profile.name, layouts.sizes), spec.size_mm(layouts.sizes)
    except ValueError as exc:
        key = "sizes" if profile.name in spec.sizes else "size"
        return None, [Problem(component_key_loc(game, comp, key), f"{spec.name}: {exc}")], None
    front_name, front_mode = face_for(layouts, spec.face or "", profile)
    back_name, back_mode = face_for(layouts, spec.back, profile) if spec.back else (None, "layout")
    resized: dict[str, Face] = {}
    for key, name, mode in (("face", front_name, front_mode), ("back", back_name, back_mode)):
        if name is None:
            continue
        face = layouts.face(name)
        meant = size if mode == "layout" else own  # scaled faces start from their own
        if not same_size(face.size, meant):
            if not face.scale:
                loc = component_key_loc(game, comp, key)
                problems.append(size_problem(face, meant, loc, spec.name, layouts.sizes))
                continue
            if mode == "layout":
                face = resized[name] = resize(face, size)
        if mode == "layout" and (name, size) not in checked:
            checked.add((name, size))
            problems += [placed_at_face(p, face, game, comp) for p in face_geometry(face, size)]
    if problems:
        return None, problems, None
    planner = _CardPlanner(
        game, comp, layouts, profile, (front_name, back_name), (front_mode, back_mode), resized
    )
    tried = sizes_tried(size, profile.card_sizes)
    for i, size in enumerate(tried):  # the next is tried while a card overflows
        last = i == len(tried) - 1 and not spec.overleaf
        cards, probs, overflows = planner.cards(_Attempt(size), provisional=not last)
        if not overflows:
            break
    if overflows and spec.overleaf:  # a reference card goes on over its back
        cards, probs, overflows = planner.cards(_Attempt(size, spill=True))
    deck = _backs_differ(game, comp, cards)
    overflows, probs = overflows_said(overflows, probs, (tried[0], size), spec, profile.name)
    grown = [] if overflows else _grown(game, comp, tried[0], size, profile.name)
    problems.extend(probs + overflows + deck + grown)
    grid, found = _grid_of(game, comp, layouts, profile.name)
    whole = has_errors(deck + found)
    return (
        Run(comp.id, size, tuple(cards), grid),
        problems + found,
        None if whole else planner.faulty,
    )


def _grown(game: Game, comp: Component, meant: Size, size: Size, profile: str) -> list[Problem]:
    """``grown_far``'s warning, at the component's size for the profile (where its fix goes)."""
    said = grown_far(comp.spec, meant, size, profile)
    key = "sizes" if profile in comp.spec.sizes else "size"
    return [] if said is None else [Problem(component_key_loc(game, comp, key), said, "warning")]


def _backs_differ(game: Game, comp: Component, cards: list[PrintedCard]) -> list[Problem]:
    """A face-down deck whose backs are not all the same gives its cards away."""
    backs = {c.back.texts for c in cards if c.back is not None and not c.back_is_content}
    if len(backs) < 2 or comp.spec.double_sided:
        return []
    return [
        Problem(
            component_key_loc(game, comp, "back"),
            f"{comp.spec.name}: the backs differ from card to card, which gives a face-down"
            " card away; use one back for all, or set 'double_sided: true'",
        )
    ]


AUTOMATIC = "auto"
"""What a component may name under a profile (``impositions:``) for the automatic packing,
where its own ``imposition:`` is a fixed grid; a word of its own there (a layout's imposition
of that name is never taken for it), and no imposition's name under ``imposition:``."""

Asked = str | ImpositionSpec | None


def _grid_of(
    game: Game, comp: Component, layouts: Layouts, profile: str
) -> tuple[tuple[int, int] | None, list[Problem]]:
    """The fixed grid a component asks for under ``profile`` (by name from the layouts'
    ``impositions``, or inline; its ``impositions:`` for the profile, else its
    ``imposition:``), None for the automatic packing; an unknown name is a problem, and so
    is one under any profile of its ``impositions:`` (said under whichever is planned)."""
    grids = {
        key: _grid(game, comp, layouts, named, ("impositions", key))
        for key, named in comp.spec.impositions.items()
    }
    problems = [p for _grid_asked, found in grids.values() for p in found]
    if profile in grids:
        return grids[profile][0], problems
    grid, found = _grid(game, comp, layouts, comp.spec.imposition, ("imposition",))
    return grid, problems + found


def _grid(
    game: Game, comp: Component, layouts: Layouts, asked: Asked, path: tuple[str, ...]
) -> tuple[tuple[int, int] | None, list[Problem]]:
    """The grid ``asked`` names, written at ``path`` of the component; None for the
    automatic packing (``AUTOMATIC`` under ``impositions:``), and a problem for a name
    unknown."""
    per_profile = path[0] == "impositions"
    if asked is None or (per_profile and asked == AUTOMATIC):
        return None, []
    if not isinstance(asked, str):
        return asked.grid, []
    if asked in layouts.impositions:
        return layouts.impositions[asked].grid, []
    known = ", ".join([*sorted(layouts.impositions), *([AUTOMATIC] if per_profile else [])])
    loc = game.game_src.loc(("components", game.components.index(comp), *path))
    return None, [Problem(loc, f"unknown imposition {excerpt(asked)} (known: {known or 'none'})")]
