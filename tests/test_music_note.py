"""The music note every Festi'vibes Event card carries: one vector icon (``music-note``),
drawn inside its box, on every Event card of both profiles."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from cutsheet.boxes.icon import ICON_NAMES, IconElement
from cutsheet.render.icons import ICONS, draw_icon

from .test_card_design import plan, printed


def test_the_note_is_an_icon_of_the_set():
    assert "music-note" in ICON_NAMES and "music-note" in ICONS


def test_the_note_is_drawn_inside_its_box_heads_stems_and_beam():
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200))
    draw_icon(c, "music-note", 50, 50, 100, 100)
    c.save()
    page = pdfplumber.open(io.BytesIO(buf.getvalue())).pages[0]
    shapes = page.rects + page.curves
    assert len(page.rects) == 2  # two stems
    assert len(shapes) >= 5  # and a beam, two heads
    for s in shapes:
        assert 50 <= s["x0"] and s["x1"] <= 150 and 50 <= s["top"] and s["bottom"] <= 150, s
    width = max(s["x1"] for s in shapes) - min(s["x0"] for s in shapes)
    height = max(s["bottom"] for s in shapes) - min(s["top"] for s in shapes)
    assert width > 60 and height > 80  # it fills its box, not a speck in it


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_every_event_card_carries_the_note_and_no_rectangles_for_it(repo, profile):
    events = [c for c in printed(plan(repo, "festivibes", profile)) if c.component == "events"]
    assert events
    for card in events:
        notes = [
            el
            for el in card.front.elements
            if isinstance(el, IconElement) and el.icon == "music-note"
        ]
        assert len(notes) == 1, card.item
        assert not any("beam" in el.box.name or "stem" in el.box.name for el in card.front.elements)
