"""A paragraph of a flowing document is broken into lines once per width, and those lines
serve every paragraph made from the same parsed markup (``flow.paragraphs.Wraps``): the
plan's checks set a block on each paper in turn, and the renderer then finds each paper's
lines kept, identical to those it would break itself."""

from __future__ import annotations

from reportlab.lib.units import mm

from cutsheet.flow.story import StoryBuilder
from cutsheet.measure import doc_styles, register

TEXT = (
    "Take <b>two</b> cards, keep one and pass the other to your left; the player with the"
    " most <i>coins</i> goes first. "
) * 3
WIDTHS = (90 * mm, 120 * mm, 150 * mm)


def _para(builder: StoryBuilder):  # type: ignore[no-untyped-def]
    return builder.para(TEXT, builder.styles.body)


def _lines(p) -> list[tuple[float, list[str]]]:  # type: ignore[no-untyped-def]
    """A broken paragraph's lines as (width, words)."""
    out = []
    for line in p.blPara.lines:
        words = [str(w.text) for w in line.words] if p.blPara.kind == 1 else list(line[1])
        out.append((round(line.extraSpace if p.blPara.kind == 1 else line[0], 6), words))
    return out


def test_a_paragraph_set_at_several_widths_keeps_the_lines_of_each() -> None:
    register()
    builder = StoryBuilder(doc_styles(10, 14, 20, 8, 1.25), 8)
    checked = _para(builder)
    for width in WIDTHS:  # the plan: one flowable, set on each paper in turn
        checked.wrap(width, 10_000)
    assert set(checked.shared) == set(WIDTHS)
    for width in WIDTHS:  # the renderer: a fresh flowable per paper finds its lines kept
        drawn = _para(builder)
        assert drawn.shared is checked.shared
        drawn.wrap(width, 10_000)
        assert drawn._wrapped_at is checked.shared[width]


def test_kept_lines_are_those_a_fresh_paragraph_breaks() -> None:
    register()
    builder = StoryBuilder(doc_styles(10, 14, 20, 8, 1.25), 8)
    checked = _para(builder)
    for width in WIDTHS:
        checked.wrap(width, 10_000)
    for width in WIDTHS:
        kept = _para(builder)
        kept.wrap(width, 10_000)
        fresh = _para(builder)
        fresh.shared = None  # broken by ReportLab alone, from the parsed fragments
        fresh.wrap(width, 10_000)
        assert kept.height == fresh.height
        assert _lines(kept) == _lines(fresh)
