"""The PNG target: one image per distinct card face, named by card id (``CR-SEED-TENT.png``,
``CR-SEED-TENT-back.png`` for a back that is the card's own text, ``back.png`` for the back
a game's cards share), at the settings' dpi (recorded in the file), the trim plus the bleed.
The faces are drawn once, to a PDF (the drawing every target shares), and rasterized."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Problem
from ..impose.print_plan import PrintPlan
from ..render.parts import render_faces
from ..render.pdf import DocMeta
from . import ExportSettings, Rendered
from .decks import Face, deck_faces, decks, px, rasterize, shared_back_stems

PROGRESS_EVERY = 50  # images between two progress lines


@dataclass(frozen=True)
class PngTarget:
    name: str = "png"
    settings: ExportSettings = field(default_factory=ExportSettings)

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]:
        return draw(plan, self.settings)


TARGET = PngTarget()


def distinct_faces(plan: PrintPlan) -> list[tuple[str, Face, dict[str, int]]]:
    """(deck, face, copies by deck) for every distinct face of the game: a shared back once,
    under the first deck that shows it, its copies counted by deck (the YES and NO votes'
    back: 4 and 4, where it said 8 YES)."""
    all_decks = decks(plan.game_plan)
    shared = shared_back_stems(all_decks)
    out: dict[str, tuple[str, Face, dict[str, int]]] = {}
    for deck in all_decks:
        for face in deck_faces(deck, shared):
            if face.stem in out:
                by_deck = out[face.stem][2]
                by_deck[deck.component] = by_deck.get(deck.component, 0) + face.copies
            else:
                out[face.stem] = (deck.component, face, {deck.component: face.copies})
    return list(out.values())


def draw(plan: PrintPlan, settings: ExportSettings) -> list[Rendered]:
    game = plan.game_plan.game
    faces = distinct_faces(plan)
    if not faces:
        return []
    bleed, dpi = plan.options.bleed, settings.dpi
    meta = DocMeta(f"{game.spec.title} — card faces", "cutsheet", "png export", "cutsheet", "")
    pdf = render_faces([f.face for _, f, _n in faces], meta, bleed)
    sizes = [
        (px(f.face.width_mm + 2 * bleed, dpi), px(f.face.height_mm + 2 * bleed, dpi))
        for _, f, _n in faces
    ]
    out: list[Rendered] = []
    for n, ((deck, face, by_deck), data) in enumerate(
        zip(faces, rasterize(pdf, sizes, dpi), strict=True), 1
    ):
        out.append(Rendered("", deck, data, 1, by_deck, f"{face.stem}.png"))
        if n % PROGRESS_EVERY == 0 and n < len(faces):
            settings.say(f"{game.id}: {n}/{len(faces)} images")
    return out
