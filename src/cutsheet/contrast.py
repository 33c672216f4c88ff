"""Text contrast computed from layout data (WCAG 2 relative luminance), no drawing; and the
shade of a colour that text on it needs to reach a contrast (``reaching``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

WHITE = "#FFFFFF"
BLACK = "#000000"
SHADE_STEP = 0.05  # a shade is its colour mixed with black or white in steps this small
MAX_SHADE = 0.75  # mixed further than this, a shade has lost its colour


@cache  # a deck's few colours, asked for on every card it plans
def luminance(hex_colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@cache
def contrast(fg: str, bg: str) -> float:
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def mix(colour: str, toward: str, share: float) -> str:
    """``colour`` mixed with ``share`` (0 to 1) of ``toward``, as ``#RRGGBB``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(toward[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02X}" for x, y in zip(a, b, strict=True))


def _steps(limit: float) -> list[float]:
    n = round(limit / SHADE_STEP)
    return [round(i * SHADE_STEP, 4) for i in range(n + 1)]


def reaching(fill: str, inks: Sequence[str], minimum: float) -> tuple[str, str | None]:
    """The shade of ``fill`` nearest to it (darker or lighter, in ``SHADE_STEP``s, at most
    ``MAX_SHADE`` away) on which every text colour in ``inks`` reaches ``minimum``, and None;
    when no shade of it does, the lightest-needed tint of it that black text reaches
    ``minimum`` on, and black (the ink the text must take)."""
    for share in _steps(MAX_SHADE):
        for toward in (BLACK, WHITE):
            shade = mix(fill, toward, share)
            if all(contrast(ink, shade) >= minimum for ink in inks):
                return shade, None
    for share in _steps(1.0):
        tint = mix(fill, WHITE, share)
        if contrast(BLACK, tint) >= minimum:
            return tint, BLACK
    return WHITE, BLACK  # (unreached: black on white is 21:1)
