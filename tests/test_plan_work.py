"""Planning does each piece of work once: counted here, never timed (``make bench`` times
builds). A deck tried on a bigger card stops trying the smaller one at its first card that
overflows; a paragraph is wrapped once for each width, whatever height it is offered."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus import Paragraph

from cutsheet import measure as measure_module
from cutsheet.content import load_game
from cutsheet.layouts import load_layouts
from cutsheet.measure import MM, TextStyle, measure, paragraph_style, wrapped
from cutsheet.plan import cards
from cutsheet.profiles import load_profile
from cutsheet.text import TemplateProblem, render, rendering

from .conftest import ROOT


def _plan_stage_1(monkeypatch, profile_name: str):  # type: ignore[no-untyped-def]
    """Bidding Alpha's first stage deck planned under ``profile_name``, with the number of
    cards planned at each size tried."""
    tried: Counter[tuple[float, float]] = Counter()
    item = cards._CardPlanner.item

    def counting(self, it, at):  # type: ignore[no-untyped-def]
        tried[at.size] += 1
        return item(self, it, at)

    monkeypatch.setattr(cards._CardPlanner, "item", counting)
    game = load_game(ROOT / "content" / "bidding-alpha")
    layouts = load_layouts(ROOT / "layouts", game.spec.layouts)
    profile = load_profile(ROOT / "layouts", profile_name, layouts.sizes)
    comp = next(c for c in game.components if c.id == "stage-1")
    run, problems, _faulty = cards.plan_component(game, comp, layouts, profile, set())
    return comp, run, problems, tried


def test_a_deck_tried_bigger_stops_at_its_first_card_that_overflows(monkeypatch):
    """Bidding Alpha's stage decks do not fit their own poker size in large print: the
    first card that overflows sends the deck to a jumbo sleeve, without planning the others
    at poker size first; every card is planned at jumbo size."""
    comp, run, problems, tried = _plan_stage_1(monkeypatch, "large-print")
    assert problems == [] and run is not None and run.size == (89.0, 127.0)
    assert 0 < tried[(63.0, 88.0)] < len(comp.items) <= tried[(89.0, 127.0)]


def test_a_card_that_fits_is_planned_once_at_its_own_size(monkeypatch):
    """A deck that fits its own size is planned there alone, every card of it."""
    comp, run, problems, tried = _plan_stage_1(monkeypatch, "standard")
    assert problems == [] and run is not None
    assert dict(tried) == {(63.0, 88.0): len(comp.items)}


def _counted_line_breaks(monkeypatch) -> Counter[str]:  # type: ignore[no-untyped-def]
    """Measures forgotten, and ReportLab's line breaking counted from now on."""
    measure_module._wrapped.cache_clear()
    measure_module._measured.cache_clear()
    breaks = Counter[str]()
    real = Paragraph.breakLines

    def counting(self, widths):  # type: ignore[no-untyped-def]
        breaks["lines"] += 1
        return real(self, widths)

    monkeypatch.setattr(Paragraph, "breakLines", counting)
    return breaks


@pytest.mark.parametrize("height", [1.0, 40 * MM, 10_000.0])
def test_a_paragraph_is_wrapped_once_a_width_whatever_its_height(monkeypatch, height):
    """ReportLab breaks a paragraph's lines to its width alone: the paragraph measured in an
    unbounded box is the one a box of any height gets, and the same as a paragraph wrapped
    in that box afresh."""
    markup = "Take two <b>cubes</b> of any colour from the bank, then pass this card on."
    style = TextStyle("regular", 18.0, 23.4, "left")
    width = 60 * MM
    breaks = _counted_line_breaks(monkeypatch)
    first = measure(markup, style, width)
    para, h = wrapped(markup, style, "prose", width, height)
    again = measure(markup, style, width)
    assert breaks["lines"] == 1 and again == first and h == first.height
    fresh = Paragraph(markup, paragraph_style(style))
    assert fresh.wrap(width, height) == (width, h) and h > style.leading
    assert _lines(para) == _lines(fresh)


def _lines(para: Paragraph) -> list[tuple[float, list[str]]]:
    return [(ln.extraSpace, [w.text for w in ln.words]) for ln in para.blPara.lines]


def test_a_paragraph_is_parsed_and_wrapped_once_for_every_name_of_its_style(monkeypatch):
    """Large print measures a box's text under its layout style's name (``prose``) and
    fills it under the scaled style's (``prose@scaled``): one ``TextStyle``, one parse and
    one wrap."""
    markup = "Pay <b>2</b> less for your bid, whatever it was."
    style = TextStyle("regular", 18.0, 23.4, "center")
    measure_module.parsed.cache_clear()
    breaks = _counted_line_breaks(monkeypatch)
    first = measure(markup, style, 50 * MM)
    para, _h = wrapped(markup, style, "prose@scaled", 50 * MM, 30 * MM)
    assert wrapped(markup, style, "prose", 50 * MM, 10_000)[0] is para
    assert measure(markup, style, 50 * MM) == first
    assert breaks["lines"] == 1 and measure_module.parsed.cache_info().misses == 1
    assert para.style is paragraph_style(style)
    assert para.style.fontName == "Atkinson" and para.style.alignment == 1


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="{"), max_size=60))
def test_a_template_without_a_brace_prints_what_jinja_prints(source):
    """Text alone (no ``{{``, ``{%`` or ``{#``) is printed without compiling it, exactly as
    Jinja prints it: line breaks as ``\\n``, one trailing line break left off."""
    jinja = "".join(rendering._compile(source).run.generate())
    assert rendering._text_only(source) == jinja


@pytest.mark.parametrize(
    "source",
    ["Player aid", "R&D &amp; co\r\n", "line\rnext\r\n\r\n", "<b>Setup</b><br/>\n  Deal.  \n"],
)
def test_a_template_without_a_brace_is_never_compiled(monkeypatch, source):
    expected = render(source + " ", {})  # (another source: rendered and compiled as before)
    compiled = []
    monkeypatch.setattr(rendering, "_BY_VALUES", {})  # (nothing remembered from before)
    monkeypatch.setattr(rendering, "_compile", lambda s: compiled.append(s))
    assert render(source, {"x": 1}) == expected and compiled == []


def test_a_template_without_a_brace_is_still_bounded_and_checked():
    with pytest.raises(TemplateProblem, match="more than 100,000 characters"):
        render("x" * 100_001, {})
    render("x" * 100_000 + "\n", {})
    with pytest.raises(TemplateProblem, match="<ondraw> is not allowed"):
        render('<onDraw name="x" label="y"/>', {})
