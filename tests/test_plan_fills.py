"""A card is filled once: a deck's overflows and its least gap are known from its scaled
faces, so neither a card of an attempt that overflows (a deck tried bigger) nor one planned
again at its deck's least gap is filled first for nothing. Counted, never timed."""

from __future__ import annotations

from collections import Counter

import pytest

from cutsheet.content import load_game
from cutsheet.layouts import load_layouts
from cutsheet.plan import cards
from cutsheet.profiles import load_profile

from .conftest import ROOT


@pytest.mark.parametrize(
    ("game_id", "deck"),
    [("bidding-alpha", "stage-1"), ("bidding-alpha", "stage-2"), ("common-reserve", "deliveries")],
)
def test_every_card_of_a_large_print_deck_is_filled_once_at_most(monkeypatch, game_id, deck):
    """Bidding Alpha's stage decks overflow their poker size in large print and are planned
    again at jumbo size, most cards again at the deck's least gap; Common Reserve's
    deliveries are planned again at their least gap: still one fill a card at most."""
    fills: Counter[str] = Counter()
    fill_face = cards.fill_face

    def counting(face, size, fc):  # type: ignore[no-untyped-def]
        fills[fc.label] += 1
        return fill_face(face, size, fc)

    monkeypatch.setattr(cards, "fill_face", counting)
    game = load_game(ROOT / "content" / game_id)
    layouts = load_layouts(ROOT / "layouts", game.spec.layouts)
    profile = load_profile(ROOT / "layouts", "large-print", layouts.sizes)
    comp = next(c for c in game.components if c.id == deck)
    run, problems, _faulty = cards.plan_component(game, comp, layouts, profile, set())
    assert problems == [] and run is not None
    assert fills and max(fills.values()) == 1
    assert len({card.item for card in run.cards}) == len(comp.items)
