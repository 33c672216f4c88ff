"""What the export targets share: a game's cards as decks (one component, one size), the
distinct faces of each deck with the file stems they are named by, and rasterizing the one
PDF drawing of those faces with pypdfium2 (the images are never drawn a second way)."""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ..plan.model import FacePlan, GamePlan, PrintedCard, Run


@dataclass(frozen=True)
class Deck:
    """The cards of one component at one size, every copy in print order."""

    component: str  # the file stem: the component id (``-2``… for a second size)
    title: str  # the component's name
    size: tuple[float, float]  # mm
    cards: tuple[PrintedCard, ...]

    @property
    def copies(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class Face:
    """One distinct face of a deck: its file stem, how many copies of the deck show it."""

    stem: str  # CR-SEED-TENT, CR-SEED-TENT-back, back, deliveries-back
    face: FacePlan
    copies: int
    side: Literal["front", "back"]


def decks(plan: GamePlan) -> list[Deck]:
    """Every component's printed cards (both card parts), by component and size; the
    full-page sheets are documents, not cards, and are left out."""
    names = {c.id: c.spec.name for c in plan.game.components}
    grouped: dict[tuple[str, tuple[float, float]], list[PrintedCard]] = {}
    for part in ("cards", "sheets"):
        for run in plan.parts.get(part, ()):
            if isinstance(run, Run):
                grouped.setdefault((run.component, run.size), []).extend(run.cards)
    out: list[Deck] = []
    seen: dict[str, int] = {}
    for (component, size), cards in grouped.items():
        seen[component] = seen.get(component, 0) + 1
        stem = component if seen[component] == 1 else f"{component}-{seen[component]}"
        out.append(Deck(stem, names.get(component, component), size, tuple(cards)))
    return [d for d in out if d.cards]


def blank(size: tuple[float, float]) -> FacePlan:
    """A face with nothing on it: the white back of a card printed without one."""
    return FacePlan(size[0], size[1], (), ())


def shared_back_stems(all_decks: Sequence[Deck]) -> dict[FacePlan, str]:
    """A back that is not a card's own text is shared: ``back`` when the game has one such
    back, else ``<deck>-back`` after the first deck that shows it."""
    found: dict[FacePlan, str] = {}
    for deck in all_decks:
        for card in deck.cards:
            if card.back is not None and not card.back_is_content and card.back not in found:
                found[card.back] = f"{deck.component}-back"
    if len(found) == 1:
        return {face: "back" for face in found}
    stems: dict[FacePlan, str] = {}
    for face, stem in found.items():  # one deck with several shared backs: -back, -back-2…
        n = sum(1 for s in stems.values() if s == stem or s.startswith(f"{stem}-"))
        stems[face] = stem if n == 0 else f"{stem}-{n + 1}"
    return stems


def deck_faces(deck: Deck, shared: dict[FacePlan, str]) -> list[Face]:
    """The deck's distinct faces in print order, each back after the first front that shows
    it; fronts named by item id (``-2``… when one item has several fronts), a back that is the
    card's own text by its front's stem and ``-back``, a shared back as ``shared`` says;
    each counted in the deck's copies."""
    fronts: dict[tuple[str, FacePlan], str] = {}
    copies: dict[tuple[str, FacePlan], int] = {}
    order: list[tuple[str, FacePlan, Literal["front", "back"]]] = []
    per_item: dict[str, int] = {}
    for card in deck.cards:
        key = (card.item, card.front)
        if key not in fronts:
            per_item[card.item] = per_item.get(card.item, 0) + 1
            n = per_item[card.item]
            fronts[key] = card.item if n == 1 else f"{card.item}-{n}"
            order.append((fronts[key], card.front, "front"))
        copies[(fronts[key], card.front)] = copies.get((fronts[key], card.front), 0) + 1
        back = card.back
        if back is None:
            continue
        stem = f"{fronts[key]}-back" if card.back_is_content else shared[back]
        if (stem, back) not in copies:
            order.append((stem, back, "back"))
        copies[(stem, back)] = copies.get((stem, back), 0) + 1
    return [Face(stem, face, copies[(stem, face)], side) for stem, face, side in order]


def px(mm_: float, dpi: float) -> int:
    """Whole pixels for ``mm_`` at ``dpi`` (63 mm at 300 dpi: 744), an exact half rounded
    up, as pdfium draws it (2.5 inches at 301 dpi: 753, where ``round`` gave the even 752
    and the image lost its last column); rounded to a millionth of a pixel first, so that
    a half that floating point misses by a hair is still one."""
    return max(1, math.floor(round(mm_ / 25.4 * dpi, 6) + 0.5))


def rasterize(pdf: bytes, sizes: Sequence[tuple[int, int]], dpi: float) -> Iterator[bytes]:
    """Each page of ``pdf`` as PNG bytes of exactly ``sizes[i]`` pixels at ``dpi``, with the
    resolution recorded in the file. pdfium rounds a page's pixels up; the part of a pixel
    past the exact size is cut off."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for index, (w, h) in enumerate(sizes):
            image = doc[index].render(scale=dpi / 72).to_pil()
            if image.size != (w, h):
                image = image.crop((0, 0, w, h))
            buf = io.BytesIO()
            image.save(buf, "PNG", dpi=(dpi, dpi), compress_level=6)
            yield buf.getvalue()
    finally:
        doc.close()


__all__ = ["Deck", "Face", "blank", "deck_faces", "decks", "px", "rasterize", "shared_back_stems"]
