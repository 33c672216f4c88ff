"""A card component's planned sides, remembered from item to item: a face planned without a
problem is the same plan for every item whose templates read the same values, so a deck of
100,000 cards fills, measures and scales each distinct face once (see ``SideMemo``).

What a face reads is found from its templates (``face_reads``); the game, the component and
its terms are the same for every item of a component. A value printed alone by a text box
(``{{ id }}``) and read nowhere else is keyed by its shape when it is one plain word: that
word's letters in place and each run of its digits sorted. Two such words have the same
width in every font, the same glyphs and the same places to break, so every measurement of
them is the same; the remembered plan then takes the item's own word in those boxes."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfmetrics

from ..boxes.base import Element
from ..boxes.text import TextBox, TextElement, fit, word_shape
from ..layouts import Face
from ..measure import TextStyle, paragraph_style, parsed
from ..text import names_read
from .model import FacePlan

SHARED_NAMES = frozenset({"game", "component", "terms"})
"""Template names whose values are the same for every item of a component."""
_SCALARS = frozenset({str, int, float, bool, type(None)})
_ABSENT = object()
_PLAIN = re.compile(r"\s*\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*")

Side = tuple[tuple[FacePlan, ...], Any, float]
"""One side planned: its faces (two when it goes on over the card's back), its overflow
(None) and the share of its inner space its scaling kept."""
Key = tuple[object, ...]


@dataclass(frozen=True)
class FaceReads:
    """The item values a face's templates read, and those among them that text boxes only
    print alone (``{{ id }}``), with those boxes' names."""

    names: frozenset[str]
    printed: Mapping[str, frozenset[str]]


def face_reads(face: Face) -> FaceReads | None:
    """What ``face`` reads: its ``when:`` expressions, and every other text of its boxes as a
    template (a box kind's templates are its text values: a text, a fill, an icon, an image's
    source). None when one does not parse (rendering it reports why)."""
    names: set[str] = set()
    alone: dict[str, set[str]] = {}
    elsewhere: set[str] = set()
    for box in face.boxes:
        for f in dataclasses.fields(box):
            value = getattr(box, f.name)
            if not isinstance(value, str) or f.name in ("name", "kind"):
                continue
            found = names_read(value, expression=f.name == "when")
            if found is None:
                return None
            names |= found
            printed = _PLAIN.fullmatch(value) if f.name == "text" else None
            if printed is not None and isinstance(box, TextBox):
                alone.setdefault(printed.group(1), set()).add(box.name)
            else:
                elsewhere |= found
    printed_alone = {n: frozenset(b) for n, b in alone.items() if n not in elsewhere}
    return FaceReads(frozenset(names), printed_alone)


@dataclass
class SideMemo:
    """Sides planned without a problem, by what they were planned from."""

    # by key, then by the shapes of the words (``word_shape``) the side was planned with
    entries: dict[Key, dict[tuple[str | None, ...], tuple[Side, dict[str, str]]]] = (
        dataclasses.field(default_factory=dict)
    )
    scaled: dict[Key, Any] = dataclasses.field(default_factory=dict)  # see ``scale_face``
    boxes: dict[Key, Any] = dataclasses.field(default_factory=dict)  # see ``boxes.text.fill``
    reads: dict[str, FaceReads | None] = dataclasses.field(default_factory=dict)

    def face_reads(self, face: Face) -> FaceReads | None:
        """What ``face``'s templates read (found once a face name)."""
        if face.name not in self.reads:
            self.reads[face.name] = face_reads(face)
        return self.reads[face.name]

    def key(
        self, face: Face, ctx: Mapping[str, Any], *how: object, measured: bool = False
    ) -> tuple[Key, dict[str, str]] | None:
        """The key of one item's side of ``face`` planned ``how``, and the words keyed by their
        shape (by name); None when a value read is not a plain scalar (never remembered).

        With ``measured``, a word is not in the key at all: ``get`` measures the item's word
        where the remembered side measured its own instead, and takes that side when the
        word sits the same way (``_sits``, ``_sits_scaled``)."""
        reads = self.face_reads(face)
        if reads is None:
            return None
        parts: list[tuple[str, object, object]] = []
        words: dict[str, str] = {}
        for n in sorted(reads.names - SHARED_NAMES):
            value = ctx.get(n, _ABSENT)
            shape = word_shape(value) if n in reads.printed else None
            if shape is not None:
                words[n] = value  # type: ignore[assignment]
                parts.append((n, "word", None if measured else shape))
            elif value is _ABSENT or type(value) in _SCALARS:
                parts.append((n, type(value), value))
            else:
                return None
        return (face.name, *how, tuple(parts)), words

    def fixed(self, face: Face, ctx: Mapping[str, Any]) -> tuple[object, ...] | None:
        """The values ``face`` reads besides those its text boxes print alone (None when one
        is not a plain scalar, or the face's templates do not parse)."""
        reads = self.face_reads(face)
        if reads is None:
            return None
        parts: list[tuple[str, object, object]] = []
        for n in sorted(reads.names - SHARED_NAMES - reads.printed.keys()):
            value = ctx.get(n, _ABSENT)
            if value is not _ABSENT and type(value) not in _SCALARS:
                return None
            parts.append((n, type(value), value))
        return tuple(parts)

    def get(
        self, face: Face, key: Key, words: Mapping[str, str], kx: float | None = None
    ) -> Side | None:
        """The side remembered under ``key``, with the item's own ``words`` in the boxes that
        print them; ``kx``: the face was scaled, stretched ``kx`` times across. A side
        remembered for words of the same shapes is taken as it is; else the first one
        remembered, if the item's words sit in it as its own did."""
        found = self.entries.get(key)
        if found is None:
            return None
        shapes = tuple(word_shape(w) for w in words.values())
        if shapes in found:
            side, were = found[shapes]
        else:
            side, were = next(iter(found.values()))
        if were == words:
            return side
        reads = self.reads[face.name]
        assert reads is not None
        swap = {b: words[n] for n, was in were.items() if words[n] != was for b in reads.printed[n]}
        if shapes not in found:
            if kx is None:
                sits = all(_sits(el, swap) for p in side[0] for el in p.elements)
            else:
                sits = len(side[0]) == 1 and all(
                    _sits_scaled(el, swap, face, kx) for el in side[0][0].elements
                )
            if not sits:
                return None
        planned = tuple(_swapped(p, swap) for p in side[0])
        return planned, side[1], side[2]

    def put(self, face: Face, key: Key, words: Mapping[str, str], side: Side) -> None:
        """Remember ``side``, when each word keyed by its shape is what its boxes print."""
        reads = self.reads[face.name]
        assert reads is not None
        boxes = {b: words[n] for n in words for b in reads.printed[n]}
        for plan in side[0]:
            if plan.texts != tuple(el.plain for el in plan.elements if el.box.traits.holds_text):
                return  # (texts gathered otherwise: a side that goes on over the back)
            for el in plan.elements:
                if el.box.name in boxes and not _prints(el, boxes[el.box.name]):
                    return
        shapes = tuple(word_shape(w) for w in words.values())
        self.entries.setdefault(key, {})[shapes] = (side, dict(words))


def _sits(el: Element, swap: Mapping[str, str]) -> bool:
    """Does the word ``swap`` gives ``el``'s box (if any) sit in it as its own word does: the
    same height, no glyph missing, no overrun that is a problem (``boxes.text.fill``)?"""
    word = swap.get(el.box.name)
    if word is None:
        return True
    if not isinstance(el, TextElement):
        return False
    m = fit(word, el.style, el.avail[0])
    return m.height == el.height and m.too_wide <= 0.5 and not m.missing and m.plain == word


def _sits_scaled(el: Element, swap: Mapping[str, str], face: Face, kx: float) -> bool:
    """``_sits`` on a scaled face, whose layout the word's measure at its box's new width
    decided (``scale.needs``): the box was not widened for its own word, and the word swapped
    in needs the same height there, runs over nothing and is no wider."""
    word = swap.get(el.box.name)
    if word is None:
        return True
    own = next((b for b in face.boxes if b.name == el.box.name), None)
    if own is None or el.box.w != own.w * kx:
        return False  # widened for its own word
    if not isinstance(el, TextElement) or not _sits(el, swap):
        return False
    width = el.avail[0]
    was, now = (fit(w, el.style, width) for w in (el.markup, word))
    if now.height != was.height or now.too_wide or was.too_wide or now.missing:
        return False
    return _word_width(word, el.style) <= _word_width(el.markup, el.style)


def _word_width(word: str, style: TextStyle) -> float:
    """A word's width set in ``style``, as ``measure.widest_word`` takes it (the font its
    paragraph sets it in)."""
    frag = _word_frag(style)
    return float(pdfmetrics.stringWidth(word, frag[0], frag[1]))


@lru_cache(maxsize=64)
def _word_frag(style: TextStyle) -> tuple[str, float]:
    frags = parsed("x", paragraph_style(style)).frags
    return frags[0].fontName, frags[0].fontSize


def _prints(el: Element, word: str) -> bool:
    return getattr(el, "markup", None) == word and el.plain == word


def _swapped(plan: FacePlan, swap: Mapping[str, str]) -> FacePlan:
    """``plan`` with the words of ``swap`` (by box name) in its text boxes."""
    elements = tuple(
        dataclasses.replace(el, markup=swap[el.box.name], text=swap[el.box.name])  # type: ignore[call-arg]
        if el.box.name in swap
        else el
        for el in plan.elements
    )
    texts = tuple(el.plain for el in elements if el.box.traits.holds_text)
    return dataclasses.replace(plan, elements=elements, texts=texts)
