"""The print-on-demand target: one PDF per deck, named after its component id
(``deliveries.pdf``), one card face per page in the order a service asks for (each copy's
front then its back, or back then front), every page the trim plus the bleed with the
TrimBox at the card and the BleedBox around it, fonts embedded. A card printed without a
back gets a blank back page, so the pages always pair."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Problem
from ..impose.print_plan import PrintPlan
from ..plan.model import FacePlan
from ..render.parts import meta_for, render_faces
from ..render.pdf import DocMeta
from . import ExportSettings, Rendered
from .decks import Deck, blank, decks


@dataclass(frozen=True)
class PodTarget:
    name: str = "pod"
    settings: ExportSettings = field(default_factory=ExportSettings)

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]:
        return draw(plan, self.settings)


TARGET = PodTarget()


def pages(deck: Deck, order: str) -> list[FacePlan]:
    """Two pages a copy: front and back (``front-back``) or back and front."""
    out: list[FacePlan] = []
    for card in deck.cards:
        pair = [card.front, card.back or blank(deck.size)]
        out += pair if order == "front-back" else pair[::-1]
    return out


def draw(plan: PrintPlan, settings: ExportSettings) -> list[Rendered]:
    game = plan.game_plan.game
    base = meta_for(game, "cards")
    out = []
    for deck in decks(plan.game_plan):
        meta = DocMeta(
            f"{game.spec.title} — {deck.title} (print on demand, {settings.order})",
            base.author,
            base.subject,
            base.creator,
            base.lang,
        )
        faces = pages(deck, settings.order)
        data = render_faces(faces, meta, plan.options.bleed)
        name = f"{deck.component}.pdf"
        out.append(
            Rendered("", deck.component, data, len(faces), {deck.component: deck.copies}, name)
        )
    return out
