"""Card components planned: each item's faces filled (laid out or flowed), one printed card
per copy, the size chosen (a flowing profile grows a component to its card size only when
its text does not fit), and the face-down backs proved identical."""

from __future__ import annotations

from ..boxes import FillContext
from ..diagnostics import Loc, Problem, excerpt
from ..layouts import Layouts
from ..model import Component, Game, Item, size_mm
from ..profiles import Profile
from .checks import face_contrast, face_geometry, on_panels
from .context import item_context
from .faces import fill_face
from .model import FacePlan, PrintedCard, Run
from .scale import scale_face


def face_for(layouts: Layouts, name: str, profile: Profile) -> tuple[str, str]:
    """The face to draw for ``name`` under ``profile`` and how: its ``NAME@PROFILE`` variant
    when the layout has one (drawn as laid out), else ``name`` itself as the profile says
    (laid out, or scaled to the profile's sizes)."""
    variant = f"{name}@{profile.name}"
    if variant in layouts.faces:
        return variant, "layout"
    return name, profile.faces


def component_key_loc(game: Game, comp: Component, key: str) -> Loc:
    index = game.components.index(comp)
    return game.game_src.loc(("components", index, key))


def _plan_item(
    game: Game,
    comp: Component,
    item: Item,
    layouts: Layouts,
    profile: Profile,
    size: tuple[float, float],
    modes: tuple[str, str],
    names: tuple[str, str | None],
) -> tuple[list[FacePlan | None], list[Problem], list[Problem]]:
    ctx = item_context(game, comp, item)

    def loc_of(field: str | None, item: Item = item) -> Loc:
        return item.loc(field) if field else item.loc()

    faces: list[FacePlan | None] = []
    problems: list[Problem] = []
    overflows: list[Problem] = []
    styles = layouts.text_styles
    sides = ((names[0], item.id, modes[0]), (names[1], f"{item.id} (back)", modes[1]))
    for name, label, mode in sides:
        if name is None:
            faces.append(None)
            continue
        face = layouts.face(name)
        fc = FillContext(ctx, styles, label, loc_of, profile.min_text_size, game.root)
        if mode == "scale":
            face, fc, over = scale_face(face, comp.spec.size_mm, size, fc, profile)
            if over is not None:
                overflows.append(over)  # its boxes leave the card: that is the one problem
            else:
                fc.problems.extend(face_geometry(face, size, label))
        planned = fill_face(face, size, fc)
        if profile.min_contrast:
            planned = on_panels(planned, profile.min_contrast) if mode == "scale" else planned
            fc.problems.extend(face_contrast(planned, profile.min_contrast, label))
        problems.extend(fc.problems)
        faces.append(planned)
    return faces, problems, overflows


def _plan_cards(
    game: Game,
    comp: Component,
    layouts: Layouts,
    profile: Profile,
    size: tuple[float, float],
    modes: tuple[str, str],
    names: tuple[str, str | None],
) -> tuple[list[PrintedCard], list[Problem], list[Problem]]:
    """Every copy of every item of one component at ``size``; returns the cards, problems,
    and (flow only) the overflows, kept apart so the caller can try a bigger card first."""
    problems: list[Problem] = []
    overflows: list[Problem] = []
    cards: list[PrintedCard] = []
    for item in comp.items:
        (front, back), probs, over = _plan_item(
            game, comp, item, layouts, profile, size, modes, names
        )
        problems.extend(probs)
        overflows.extend(over)
        assert front is not None
        cards.extend(PrintedCard(comp.id, item.id, front, back) for _ in range(item.copies))
    return cards, problems, overflows


def _unknown_faces(game: Game, comp: Component, layouts: Layouts) -> list[Problem]:
    problems = []
    for key, name in (("face", comp.spec.face), ("back", comp.spec.back)):
        if name is not None and name not in layouts.faces:
            known = ", ".join(sorted(f for f in layouts.faces if "@" not in f))
            problems.append(
                Problem(
                    component_key_loc(game, comp, key),
                    f"unknown face {excerpt(name)} (known: {known})",
                )
            )
    return problems


def plan_component(
    game: Game,
    comp: Component,
    layouts: Layouts,
    profile: Profile,
    checked: set[tuple[str, tuple[float, float]]],
) -> tuple[Run | None, list[Problem]]:
    """The run of printed cards of one card component, and its problems."""
    spec = comp.spec
    problems = _unknown_faces(game, comp, layouts)
    if problems:
        return None, problems
    size = spec.size_for(profile.name)
    front_name, front_mode = face_for(layouts, spec.face or "", profile)
    back_name, back_mode = face_for(layouts, spec.back, profile) if spec.back else (None, "layout")
    for name, mode in ((front_name, front_mode), (back_name, back_mode)):
        if name is not None and mode == "layout" and (name, size) not in checked:
            checked.add((name, size))
            problems.extend(face_geometry(layouts.face(name), size))
    names, modes = (front_name, back_name), (front_mode, back_mode)
    cards, probs, overflows = _plan_cards(game, comp, layouts, profile, size, modes, names)
    for name in profile.card_sizes:
        bigger = size_mm(name)
        if not overflows:
            break
        if bigger[0] * bigger[1] > size[0] * size[1]:
            size = bigger
            cards, probs, overflows = _plan_cards(game, comp, layouts, profile, size, modes, names)
    problems.extend(probs + overflows)
    backs = {card.back.texts for card in cards if card.back is not None}
    if len(backs) > 1 and not spec.double_sided:
        problems.append(
            Problem(
                component_key_loc(game, comp, "back"),
                f"{spec.name}: the backs differ from card to card, which gives a face-down card"
                " away; use one back for all, or set 'double_sided: true'",
            )
        )
    return Run(comp.id, size, tuple(cards)), problems
