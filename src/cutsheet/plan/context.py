"""Template contexts: what a card's text and a document's text may name."""

from __future__ import annotations

from typing import Any

from ..model import Component, Game, Item


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


def document_context(game: Game) -> dict[str, Any]:
    g = game.spec
    return {
        "game": {"title": g.title, "code": g.code, "players": g.players, "time": g.time},
        "params": game.rules.params,
        "examples": {k: v.data for k, v in game.rules.examples.items()},
        "items": {i.id: dict(i.values) for c in game.components for i in c.items},
        "terms": g.terms,
    }


def component_lines(game: Game, notes: bool = True) -> list[str]:
    """One line per component for the rules' "In the box" list (without the components'
    notes: the short list of a booklet's cover)."""
    lines = []
    for comp in game.components:
        s = comp.spec
        text = f"{comp.printed} × {s.name}" if comp.printed > 1 else f"1 {s.name}"
        if s.note and notes:
            text += f" — {s.note}"
        if s.optional:
            text += " (optional)"
        lines.append(text)
    return lines
