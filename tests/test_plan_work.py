"""Planning does each piece of work once: counted here, never timed (``make bench`` times
builds). A deck tried on a bigger card stops trying the smaller one at its first card that
overflows."""

from __future__ import annotations

from collections import Counter

from cutsheet.content import load_game
from cutsheet.layouts import load_layouts
from cutsheet.plan import cards
from cutsheet.profiles import load_profile

from .conftest import ROOT


def test_a_deck_tried_bigger_stops_at_its_first_card_that_overflows(monkeypatch):
    """Bidding Alpha's stage decks do not fit their own poker size in large print: the
    first card that overflows sends the deck to a jumbo sleeve, without planning the others
    at poker size first; every card is planned at jumbo size."""
    tried: Counter[tuple[float, float]] = Counter()
    item = cards._CardPlanner.item

    def counting(self, it, at):  # type: ignore[no-untyped-def]
        tried[at.size] += 1
        return item(self, it, at)

    monkeypatch.setattr(cards._CardPlanner, "item", counting)
    game = load_game(ROOT / "content" / "bidding-alpha")
    layouts = load_layouts(ROOT / "layouts", game.spec.layouts)
    profile = load_profile(ROOT / "layouts", "large-print", layouts.sizes)
    comp = next(c for c in game.components if c.id == "stage-1")
    run, problems = cards.plan_component(game, comp, layouts, profile, set())
    assert problems == [] and run is not None and run.size == (89.0, 127.0)
    assert 0 < tried[(63.0, 88.0)] < len(comp.items) <= tried[(89.0, 127.0)]


def test_a_card_that_fits_is_planned_once_at_its_own_size(monkeypatch):
    """A deck that fits its own size is planned there alone, every card of it."""
    tried: Counter[tuple[float, float]] = Counter()
    item = cards._CardPlanner.item

    def counting(self, it, at):  # type: ignore[no-untyped-def]
        tried[at.size] += 1
        return item(self, it, at)

    monkeypatch.setattr(cards._CardPlanner, "item", counting)
    game = load_game(ROOT / "content" / "bidding-alpha")
    layouts = load_layouts(ROOT / "layouts", game.spec.layouts)
    profile = load_profile(ROOT / "layouts", "standard", layouts.sizes)
    comp = next(c for c in game.components if c.id == "stage-1")
    run, problems = cards.plan_component(game, comp, layouts, profile, set())
    assert problems == [] and run is not None
    assert dict(tried) == {(63.0, 88.0): len(comp.items)}
