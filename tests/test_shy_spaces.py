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


def printed(markup: str, width: float) -> list[str]:
    """Each printed line of ``markup`` set ``width`` points wide, a space where the gap
    between two letters is 0.15 of the size or more (a space is about a quarter)."""
    para = fresh(markup, paragraph_style(STYLE))
    _, height = para.wrap(width, 10_000)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(width + 40, height + 40))
    para.drawOn(canvas, 20, 20)
    canvas.save()
    [page] = pdfium_pages(buf.getvalue())
    rows: dict[int, list[dict]] = {}
    for ch in page.chars:
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


def test_a_soft_hyphen_still_breaks_its_word_at_a_line_end() -> None:
    lines = printed("Playing onwards ex&shy;tra&shy;or&shy;di&shy;nary <b>score</b>", 95)
    lines = [line.replace("\x02", "-") for line in lines]  # PDFium's mark for a line's hyphen
    assert any(line.endswith("-") for line in lines), lines
    assert " ".join(lines).replace("- ", "").endswith("extraordinary score"), lines
