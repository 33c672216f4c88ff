"""One alignment a column across a large-print deck: a text box that is running text on one
card (left-aligned, ``scale.needs.text_needs``) sets every box of its column (its left edge,
width and style: ``scale.column_of``) as running text on every card of its deck, where one
was left centred on a card whose text is one line (an accessibility review: the eye's
starting point jumped from card to card; a layout may name the boxes of one panel apart and
choose one by ``when:``). The deck's planner learns each side's sets from its first pass
(``scale_face``) and plans again the cards that kept their own alignment in such a column."""

from __future__ import annotations

from collections.abc import Sequence

Column = tuple[float, float, str]
"""Where a text box sits across its face and how it is set: its left edge and width (mm) and
its style. Boxes of one column on the cards of a deck are one panel to a reader, whatever
their names (a layout may choose one of several by ``when:``)."""
Aligned = tuple[frozenset[Column], frozenset[Column]] | str | None
"""A side's columns set as running text and those that kept their own alignment; ``UNKNOWN``
for a scaled side remembered from an item with the same values; None for a side laid out."""
UNKNOWN = "unknown"
Running = tuple[frozenset[Column], frozenset[Column]]  # what a deck sets as running, by side


def deck_running(sides: Sequence[Sequence[Aligned]]) -> Running:
    """For each side, the columns that are running text on one card of the deck and keep
    their own alignment on another: set as running text on every card. Empty where the deck
    is aligned alike already (so nothing is planned again)."""
    out = []
    for back in (0, 1):
        known = [s[back] for s in sides if isinstance(s[back], tuple)]
        running = frozenset[Column]().union(*(a[0] for a in known))  # type: ignore[index]
        kept = frozenset[Column]().union(*(a[1] for a in known))  # type: ignore[index]
        out.append(running & kept)
    return out[0], out[1]


def misaligned(aligned: Sequence[Aligned], running: Running) -> bool:
    """Whether a card keeps its own alignment in a column its deck sets as running text (or may:
    a side remembered from another card, whose sets are not known here)."""
    for back in (0, 1):
        a = aligned[back]
        if running[back] and (a == UNKNOWN or (isinstance(a, tuple) and a[1] & running[back])):
            return True
    return False
