"""Template contexts: what a card's text and a document's text may name."""

from __future__ import annotations

from typing import Any

from ..diagnostics import Loc
from ..measure import missing_glyphs
from ..model import Component, Game, Item
from ..text.rendering import shared


def shared_context(game: Game, component: Component) -> dict[str, Any]:
    """What every item of ``component`` names alike: the game, its terms and the component.
    Made once for a component's items, so each is one object in every item's context: a
    template that reads only these gives the same result on every card, found once
    (``text.rendering`` remembers a result by the identity of such a value; templates
    cannot change a value in place)."""
    g = game.spec
    return {
        "game": shared({"title": g.title, "code": g.code, "vocab": g.vocab, "folder": game.root}),
        "terms": shared(g.terms),
        "component": shared({"id": component.id, "name": component.spec.name}),
    }


def item_context(
    game: Game,
    component: Component,
    item: Item,
    profile: str,
    shared: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What a card's templates may name: the item's fields, its id and copies, the game, its
    terms, the component (``shared``: made by ``shared_context`` for this component) and the
    profile's name (``profile``, for a box a profile leaves off)."""
    return {
        **item.values,
        "id": item.id,
        "copies": item.copies,
        **(shared if shared is not None else shared_context(game, component)),
        "profile": profile,
    }


def document_context(game: Game, profile: str, imposition: str = "duplex") -> dict[str, Any]:
    """What the rules' and documents' templates may name: the game, the rules' params and
    examples, every item's values, the terms, the profile's name (``profile``, for a
    sentence that differs in one profile) and how cards.pdf is imposed (``imposition``:
    duplex or gutterfold, for the advice on printing it)."""
    g = game.spec
    return {
        "game": {"title": g.title, "code": g.code, "players": g.players, "time": g.time},
        "params": game.rules.params,
        "examples": {k: v.data for k, v in game.rules.examples.items()},
        "items": _first_of_each_id(game),
        "terms": g.terms,
        "profile": profile,
        "imposition": imposition,
    }


def _first_of_each_id(game: Game) -> dict[str, dict[str, object]]:
    """Each item's values by id; of two items with one id (an error said at the second), the
    first: what an example or a rule names is the card the content gives first."""
    items: dict[str, dict[str, object]] = {}
    for c in game.components:
        for i in c.items:
            items.setdefault(i.id, dict(i.values))
    return items


def component_lines(game: Game, profile: str, notes: bool = True) -> list[str]:
    """One line per component printed under ``profile``, for the rules' "In the box" list
    (without the components' notes: the short list of a booklet's cover)."""
    lines = []
    for comp in game.components:
        s = comp.spec
        if not s.in_profile(profile):
            continue
        # the count is kept on the line of the name's first word: never "4 ×" at a line's
        # end and "NO voting cards" on the next (no-break spaces; printed as spaces)
        text = f"{comp.printed}\u00a0×\u00a0{s.name}" if comp.printed > 1 else f"1\u00a0{s.name}"
        if s.note and notes:
            text += f" — {s.note}"
        if s.optional:
            text += " (optional)"
        lines.append(text)
    return lines


def component_line_locs(game: Game, profile: str, fonts: tuple[str, ...]) -> list[Loc]:
    """Where each line of ``component_lines`` comes from, to point a problem of that line at
    the text to mend: the component's ``note`` in game.yaml when the note holds a character
    one of ``fonts`` lacks and its name none, else its ``name``."""
    locs = []
    for index, comp in enumerate(game.components):
        s = comp.spec
        if not s.in_profile(profile):
            continue
        key = "name"
        if s.note and not _lacks(s.name, fonts) and _lacks(s.note, fonts):
            key = "note"
        locs.append(game.game_src.loc(("components", index, key)))
    return locs


def _lacks(text: str, fonts: tuple[str, ...]) -> bool:
    return any(missing_glyphs(text, font) for font in fonts)


def component_key_loc(game: Game, comp: Component, key: str) -> Loc:
    index = game.components.index(comp)
    return game.game_src.loc(("components", index, key))
