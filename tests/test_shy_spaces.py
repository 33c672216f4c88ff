"""A word with a soft hyphen keeps the space after it where the next run of text changes
font: ReportLab marked it as followed by no space, and "ea&shy;ch <b>score</b>" printed
"eachscore" (found by a review of the held numbers)."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from cutsheet.measure import TextStyle, fresh, measure, paragraph_style, register

from .readback import pdfium_pages

register()
STYLE = TextStyle(size=10, leading=12.5)


def chars_of(markup: str, width: float, style: TextStyle = STYLE) -> list[dict]:
    """The printed characters of ``markup`` set ``width`` points wide."""
    para = fresh(markup, paragraph_style(style))
    _, height = para.wrap(width, 10_000)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(width + 40, height + 40))
    para.drawOn(canvas, 20, 20)
    canvas.save()
    [page] = pdfium_pages(buf.getvalue())
    return page.chars


def printed(markup: str, width: float) -> list[str]:
    """Each printed line of ``markup`` set ``width`` points wide, a space where the gap
    between two letters is 0.15 of the size or more (a space is about a quarter)."""
    rows: dict[int, list[dict]] = {}
    for ch in chars_of(markup, width):
        if ch["text"].strip():
            rows.setdefault(round(ch["matrix"][5]), []).append(ch)
    out = []
    for _, chars in sorted(rows.items(), reverse=True):
        chars.sort(key=lambda c: c["x0"])
        line = chars[0]["text"]
        for before, ch in zip(chars, chars[1:], strict=False):
            line += (" " if ch["x0"] - before["x1"] > 0.15 * STYLE.size else "") + ch["text"]
        out.append(line)
    return out


@pytest.mark.parametrize("shy", ["&shy;", "\xad", "&#173;"])
@pytest.mark.parametrize("run", ["<b>score</b>", "<i>score</i>", '<font size="12">score</font>'])
def test_a_soft_hyphen_word_keeps_its_space_before_another_run(shy: str, run: str) -> None:
    assert printed(f"Play ea{shy}ch {run} now.", 300) == ["Play each score now."]
    plain = measure(f"Play each {run} now.", STYLE, 300)
    assert measure(f"Play ea{shy}ch {run} now.", STYLE, 300).height == plain.height


@pytest.mark.parametrize("align", ["left", "right", "center"])
def test_a_run_that_starts_with_its_own_space_gets_one_space_not_two(align: str) -> None:
    """'ea&shy;ch <i> 12</i>': the run's own space is the one space (marking the word as
    followed by a space too printed two, past a right-aligned box's edge: review)."""
    style = TextStyle(size=10, leading=12.5, align=align)
    for markup in ("Take ea&shy;ch <b> score</b> now", "ea&shy;ch <i> 12</i>"):
        plain = markup.replace("&shy;", "")
        assert printed(markup, 300) == printed(plain, 300)
        assert _gap_after_h(chars_of(markup, 300, style)) == pytest.approx(
            _gap_after_h(chars_of(plain, 300, style)),
            abs=0.5,  # a space is 2.8 pt
        )


def _gap_after_h(chars: list[dict]) -> float:
    """The room (points) between "each" and the next letter: one space, not two."""
    shown = sorted((c for c in chars if c["text"].strip()), key=lambda c: c["x0"])
    at = next(i for i, c in enumerate(shown) if c["text"] == "h")
    return float(shown[at + 1]["x0"] - shown[at]["x1"])


def test_a_soft_hyphen_still_breaks_its_word_at_a_line_end() -> None:
    lines = printed("Playing onwards ex&shy;tra&shy;or&shy;di&shy;nary <b>score</b>", 95)
    lines = [line.replace("\x02", "-") for line in lines]  # PDFium's mark for a line's hyphen
    assert any(line.endswith("-") for line in lines), lines
    assert " ".join(lines).replace("- ", "").endswith("extraordinary score"), lines
