"""The vertical edge map: each horizontal edge of a face's design moved to its place on the
scaled card, stretches scaled, text boxes grown to what their text needs, the empty space
between boxes giving some back (no further than pictures and frames allow) until the design
fits the card's height or can give no more."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ...boxes import Box
from ...layouts import Face
from .boxes import SAFE_MM, inside

GAP_FLOOR = 0.1  # empty space between boxes may shrink to this share of itself
MIN_GAP_MM = 1.5  # but an inner space keeps this much of itself (text never touches a frame)

Keep = tuple[float, float, float]  # (top, bottom, floor) of a stretch of the design, mm


def kept_stretches(face: Face, shown: set[str]) -> list[Keep]:
    """(top, bottom, floor): stretches of the design that may shrink no further than
    ``floor`` mm a stretch. The shown icons, images and shapes that hold no text keep their
    standard size however tight the card is (frames and panels around text grow with it);
    the space between a text box and the frame around it keeps ``MIN_GAP_MM``."""
    texts = [b for b in face.boxes if b.traits.holds_text and b.name in shown]
    out = []
    for b in face.boxes:
        if b.name not in shown or not b.traits.picture:
            continue
        held = [t for t in texts if inside(b, t)]
        if not held:
            out.append((b.y, b.y + b.h, float("inf")))  # a picture: its own size
        for t in held if b.traits.frames_text else ():
            out.append((b.y, t.y, MIN_GAP_MM))
            out.append((t.y + t.h, b.y + b.h, MIN_GAP_MM))
    return out


class _EdgeWalk:
    """The vertical edge map of a face, for any gap: the edges in order, each stretch's span
    and floor, and the text needs ending at each edge, found once; ``at(gap)`` then maps
    each horizontal edge of the design to its new position (mm from the top): every stretch
    scaled by ``ky`` (inner ones also by ``gap`` ≤ 1, to give room back, but no further than
    the kept stretches allow), and pushed down wherever a text box above needs more height
    for its text."""

    def __init__(
        self,
        face: Face,
        needs: Mapping[str, tuple[float, Box]],
        keeps: list[Keep],
        height: float,
        ky: float,
    ) -> None:
        ending: dict[float, list[tuple[float, float]]] = {}  # bottom edge -> (need, top edge)
        for need, b in needs.values():
            ending.setdefault(b.y + b.h, []).append((need, b.y))
        self.steps: list[tuple[float, float, float | None, list[tuple[float, float]]]] = [
            (e, span, floor, ending.get(e, []))
            for e, span, floor in _stretches(face, keeps, height, ky)
        ]

    def at(self, gap: float) -> dict[float, float]:
        new: dict[float, float] = {}
        prev_new = 0.0
        for e, span, floor, ending in self.steps:
            if floor is None:
                value = prev_new + max(min(span, SAFE_MM + 1), span * gap)
            else:
                value = prev_new + max(min(span, floor), span * gap)
            for need, top in ending:
                value = max(value, new[top] + need)
            new[e] = value
            prev_new = value
        return new


Stretch = tuple[float, float, float | None]  # (edge, its stretch scaled, its floor)
_STRETCHES: dict[int, tuple[Face, dict[tuple[object, ...], list[Stretch]]]] = {}
STRETCHES_KEPT = 64  # faces whose stretches are kept (a game's faces, a few cards each)


def _stretches(face: Face, keeps: list[Keep], height: float, ky: float) -> list[Stretch]:
    """Each horizontal edge of ``face`` in order, with the stretch above it scaled by ``ky``
    and how far that stretch may shrink (None: a margin, which keeps the safe zone and a
    little): the same for every item of a face with the same stretches kept, so found once
    for them all (a face is known by itself, and held, so its id stays its own)."""
    known = _STRETCHES.get(id(face))
    if known is None or known[0] is not face:
        if len(_STRETCHES) >= STRETCHES_KEPT:
            _STRETCHES.clear()
        known = _STRETCHES[id(face)] = (face, {})
    key = (tuple(keeps), height, ky)
    found = known[1].get(key)
    if found is None:
        found = known[1][key] = _stretches_of(face, keeps, height, ky)
    return found


def _stretches_of(face: Face, keeps: list[Keep], height: float, ky: float) -> list[Stretch]:
    edges = sorted({0.0, height} | {b.y for b in face.boxes} | {b.y + b.h for b in face.boxes})
    spans = [(a - 1e-6, b + 1e-6, f) for a, b, f in keeps]
    out: list[Stretch] = []
    prev_old = 0.0
    for e in edges:
        span = (e - prev_old) * ky
        if prev_old == 0.0 or e == height:  # a margin keeps the safe zone and a little
            floor: float | None = None
        else:  # the most any kept stretch over it keeps, at most the stretch itself
            most = -1.0
            for top, bottom, f in spans:
                if top <= prev_old and e <= bottom and f > most:
                    most = f
            floor = min(e - prev_old, most) if most >= 0.0 else 0.0
        out.append((e, span, floor))
        prev_old = e
    return out


def fitted_edge_map(
    face: Face,
    needs: Mapping[str, tuple[float, Box]],
    keeps: list[Keep],
    src_height: float,
    dst_height: float,
    ky: float,
    gap: float = 1.0,
    shown: Collection[str] = (),
) -> tuple[dict[float, float], float]:
    """The edge map with the inner space given back 5 % at a time, from ``gap``, until the
    design fits ``dst_height`` mm or is down to ``GAP_FLOOR``; and the share it kept. Where
    the design ends above the card's foot, its foot is still the card's: a colour that runs
    to the trim still does, and what is left goes to the largest empty space between the
    ``shown`` boxes (``_left_over``), else to the bottom margin.

    The height a gap gives never grows as the gap shrinks, so the first step that fits is
    found by bisection over the same 5 % steps: the same answer as trying them in turn."""
    walk = _EdgeWalk(face, needs, keeps, src_height, ky)
    steps = [gap]
    while steps[-1] > GAP_FLOOR:
        steps.append(round(steps[-1] - 0.05, 2))
    maps: dict[int, dict[float, float]] = {}

    def fits(i: int) -> bool:
        maps[i] = walk.at(steps[i])
        return maps[i][src_height] <= dst_height + 0.01

    lo, hi = 0, len(steps) - 1  # the answer lies in steps[lo..hi]; the last step if none fits
    if fits(lo):
        hi = lo
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid
    if hi not in maps:
        fits(hi)
    new = maps[hi]
    if new[src_height] < dst_height:
        new = _left_over(new, face, shown, dst_height - new[src_height])
        new[src_height] = dst_height
    return new, steps[hi]


def _left_over(
    new: dict[float, float], face: Face, shown: Collection[str], left: float
) -> dict[float, float]:
    """The edge map with ``left`` mm added just above the design's last row (its id, an icon
    beside it), when an empty run lies between that row and the boxes above it: the last row
    moves down to the card's foot, and every box above stays where the deck's other cards
    have it. A review: a deck shares the space its fullest card keeps (its ``gap``), and the
    bottom margin took what a card left, so a card without that card's text (a rule its
    ``when:`` hides) left its lower third blank, its id in mid-card. The bottom margin takes
    it as before where the design gives no such place: boxes that meet with no space between
    them, a last row of two boxes one above the other (a rule over a cost box: the rule
    would leave its deck's line), or a bottom margin that is the design's largest empty run
    (a back whose panel sits high). A box that holds a smaller one (a band under a title, a
    card's border) is no content. The bottom margin keeps ``SAFE_MM`` and a millimetre of
    what is left, if it had less (an id 3.5 mm above a poker card's foot, on a mini card)."""
    content = [b for b in face.boxes if b.name in shown]
    content = [b for b in content if not any(_holds(b, t) for t in content)]
    edges = sorted(new)
    runs: list[tuple[float, float]] = []  # (top edge, bottom edge) of each empty run
    for a, b in zip(edges, edges[1:], strict=False):
        if any(box.y < b - 1e-6 and box.y + box.h > a + 1e-6 for box in content):
            continue
        if runs and runs[-1][1] == a:
            runs[-1] = (runs[-1][0], b)
        else:
            runs.append((a, b))
    foot = edges[-1]
    inner = [run for run in runs[:-1] if run[0] > edges[0]]  # not the top margin
    if not inner or runs[-1][1] != foot:
        return dict(new)  # (boxes that meet: no place but the foot)
    size = {run: new[run[1]] - new[run[0]] for run in runs}
    if size[runs[-1]] >= max(size[run] for run in runs[:-1]):
        return dict(new)
    at = inner[-1][1]
    row = [b for b in content if at - 1e-6 <= b.y and b.y + b.h <= runs[-1][0] + 1e-6]
    if not row or max(b.y for b in row) >= min(b.y + b.h for b in row) - 1e-6:
        return dict(new)  # (no row, or boxes one above the other)
    give = left - max(0.0, SAFE_MM + 1 - size[runs[-1]])  # the bottom margin keeps the zone
    if give <= 0.0:
        return dict(new)
    return {e: v + give if e >= at else v for e, v in new.items()}


def _holds(outer: Box, inner: Box) -> bool:
    """Whether ``outer`` holds ``inner``: a smaller box with its centre inside it (a text
    box over the card's centre does not hold the card's border)."""
    return inner is not outer and inner.w * inner.h < outer.w * outer.h and inside(outer, inner)
