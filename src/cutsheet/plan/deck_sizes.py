"""The card sizes a deck is tried at under a profile, the warning for one that grows far
beyond the size it was meant for (a small token on a jumbo card), and what its overflows
say when even the largest size tried does not hold it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..diagnostics import Problem
from ..model import ComponentSpec, size_mm

Size = tuple[float, float]

GROWN_FAR = 4.0
"""A deck whose cards grow to a card size this many times their area is warned about: its
design sits in the middle of a card far larger than it."""


def sizes_tried(size: Size, card_sizes: Sequence[str | Size]) -> list[Size]:
    """The card sizes a component is tried at, in turn while a card overflows: its own, then
    each of the profile's ``card_sizes`` larger (in area) than the last one tried."""
    tried = [size]
    for name in card_sizes:
        bigger = size_mm(name)
        if bigger[0] * bigger[1] > tried[-1][0] * tried[-1][1]:
            tried.append(bigger)
    return tried


def grown_far(spec: ComponentSpec, meant: Size, size: Size, profile: str) -> str | None:
    """The warning for a deck whose faces fit no size up to ``GROWN_FAR`` times the area
    they were meant for under ``profile`` (a size of the profile's own would serve them, or
    a larger one where it has one); None when it grew less, or not at all."""
    if size[0] * size[1] < GROWN_FAR * meant[0] * meant[1]:
        return None
    was, now = (f"{w:g} × {h:g} mm" for w, h in (meant, size))
    fix = (
        "give it a larger one under 'sizes:' that its design fits"
        if profile in spec.sizes
        else "give the component a size of its own for the profile that its design fits"
        f" (sizes: {{{profile}: [w, h]}})"
    )
    return (
        f"{spec.name}: in {profile.replace('-', ' ')} its design does not fit {was}, so each"
        f" card prints at {now}; {fix}"
    )


def at_grown_size(
    overflows: list[Problem], others: list[Problem], meant: Size, size: Size, profile: str
) -> tuple[list[Problem], list[Problem]]:
    """The overflows and badges' spills measured on the largest card tried, saying so: their
    millimetres are that card's, not the component's (a 35 mm token's circle 82 mm across)."""
    was, now = (f"{w:g} × {h:g} mm" for w, h in (meant, size))
    said = f" [measured at {now}: it fits neither {was} nor any larger card {profile} tries]"

    def at(p: Problem) -> Problem:  # (one that names the card it does not fit says it)
        named = f"{size[0]:g}×{size[1]:g} mm card" in p.message
        return p if named else dataclasses.replace(p, message=p.message + said)

    return [at(p) for p in overflows], [at(p) if p.code == "badge" else p for p in others]


def overflows_said(
    overflows: list[Problem],
    others: list[Problem],
    sizes: tuple[Size, Size],
    spec: ComponentSpec,
    profile: str,
) -> tuple[list[Problem], list[Problem]]:
    """A deck's overflows and other problems as said: at the size it grew to, which one and
    why, when it grew (``sizes``: the size meant and the size tried last; ``at_grown_size``),
    and each overflow with what mends it (``overflow_mends``)."""
    meant, size = sizes
    if overflows and size != meant:
        overflows, others = at_grown_size(overflows, others, meant, size, profile)
    return overflow_mends(overflows, spec, spec.face or "", profile), others


SCALED_OVER = "profile's text ("
"""How a scaled face's overflow is said (``scale._overflow``): the text its profile sets."""


def overflow_mends(
    overflows: list[Problem], spec: ComponentSpec, face: str, profile: str
) -> list[Problem]:
    """A scaled face's overflows, with what mends one (a designer's probe: the message said
    how far over and stopped): shorter text, a larger card or a face of its own for the
    profile, or, for a card with no back that players read rather than play, going on over
    its back (``overleaf``)."""

    def ways(p: Problem) -> str:
        side = spec.back if "(back)" in p.message.split(": ", 1)[0] and spec.back else face
        said = (
            f"; shorten the text, or give the component a larger card for {profile}"
            f" (sizes: {{{profile}: [w, h]}}) or a face of its own for it ('{side}@{profile}')"
        )
        if not spec.overleaf and spec.back is None:
            said += ", or, for a card players read rather than play, overleaf: true (its text"
            said += " goes on over its back)"
        return said

    return [
        dataclasses.replace(p, message=p.message + ways(p)) if SCALED_OVER in p.message else p
        for p in overflows
    ]
