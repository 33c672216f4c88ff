"""One alignment a box across a large-print deck: a box that is running text on one card
(left-aligned, ``scale.needs.text_needs``) is set so on every card of its deck, where it was
left centred on a card whose text is one line (an accessibility review: the eye's starting
point jumped from card to card). The deck's planner learns each side's sets from its first
pass (``scale_face``) and plans again the cards that kept their own alignment in such a box."""

from __future__ import annotations

from collections.abc import Sequence

Aligned = tuple[frozenset[str], frozenset[str]] | str | None
"""A side's boxes set as running text and those that kept their own alignment; ``UNKNOWN``
for a scaled side remembered from an item with the same values; None for a side laid out."""
UNKNOWN = "unknown"
Running = tuple[frozenset[str], frozenset[str]]  # the boxes a deck sets as running text, by side


def deck_running(sides: Sequence[Sequence[Aligned]]) -> Running:
    """For each side, the boxes that are running text on one card of the deck and keep their
    own alignment on another: set as running text on every card. Empty where the deck is
    aligned alike already (so nothing is planned again)."""
    out = []
    for back in (0, 1):
        known = [s[back] for s in sides if isinstance(s[back], tuple)]
        running = frozenset[str]().union(*(a[0] for a in known))  # type: ignore[index]
        kept = frozenset[str]().union(*(a[1] for a in known))  # type: ignore[index]
        out.append(running & kept)
    return out[0], out[1]


def misaligned(aligned: Sequence[Aligned], running: Running) -> bool:
    """Whether a card keeps its own alignment in a box its deck sets as running text (or may:
    a side remembered from another card, whose sets are not known here)."""
    for back in (0, 1):
        a = aligned[back]
        if running[back] and (a == UNKNOWN or (isinstance(a, tuple) and a[1] & running[back])):
            return True
    return False
