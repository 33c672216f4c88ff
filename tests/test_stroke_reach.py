"""A stroke is centred on its box's edge: a box that fills its card with a thick border puts
half of that border past the trim, over the crop marks, the margin's label and the next card.
The plan refuses such a box at its place in the layout, as it refuses a box that leaves the
face, and says how far the stroke reaches."""

from __future__ import annotations

from cutsheet.boxes import Box
from cutsheet.diagnostics import Loc
from cutsheet.plan.checks import _stroke_past

LAYOUT = "layouts/common-reserve.yaml"
KICKER = 'kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'


def _box(x: float, w: float, stroke: str | None = "#000000", width: float = 0.5) -> Box:
    return Box(
        name="b", kind="rect", x=x, y=10, w=w, h=10, loc=Loc("x"), stroke=stroke, stroke_width=width
    )


def test_half_the_stroke_reaches_past_the_box():
    half = 20 / 2 * 25.4 / 72  # 3.53 mm
    assert abs(_stroke_past(_box(0, 63, width=20), 63, 88) - half) < 1e-9
    assert abs(_stroke_past(_box(2, 59, width=20), 63, 88) - (half - 2)) < 1e-9
    assert _stroke_past(_box(0, 63, stroke=None, width=20), 63, 88) == 0.0  # no stroke drawn


def test_a_border_that_reaches_past_the_card_is_refused_where_it_is_written(ws):
    line = ws.edit(
        LAYOUT,
        KICKER,
        KICKER.replace("x: 5, y: 4.5, w: 53, h: 4", "x: 0, y: 0, w: 63, h: 88").replace(
            'style: small-center, text: "DELIVERY"',
            'kind: rect, stroke: "#FF0000", stroke_width: 20',
        ),
    )
    said = {(p.loc.line, p.message) for p in ws.check("common-reserve")}
    assert said == {
        (
            line,
            "box 'kicker' of face 'delivery': its 20 pt stroke reaches 3.5 mm past the 63×88 mm"
            " face (a stroke is centred on the box's edge: keep the box half its width inside)",
        )
    }


def test_a_thin_border_inside_the_card_passes(ws):
    ws.edit(LAYOUT, KICKER, 'kicker: {kind: rect, x: 1, y: 1, w: 61, h: 86, stroke: "#FF0000"}')
    assert ws.check("common-reserve") == []
