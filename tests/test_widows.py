"""A paragraph of the rules split over two pages never leaves its last line alone at the
top of the next one (a widow: the review found "results are public." and "you do not have."
heading booklet pages); the first line alone at a page's foot (an orphan) was already kept
off."""

from __future__ import annotations

import pytest
from reportlab.platypus import Paragraph

from cutsheet.measure import doc_styles, register


@pytest.mark.parametrize(("body", "ls"), [(9.0, 1.25), (18.0, 1.3)])
def test_a_split_paragraph_keeps_two_lines_on_each_page(body: float, ls: float) -> None:
    register()
    style = doc_styles(body, body * 1.3, body * 1.6, body * 0.8, ls).body
    words = " ".join(f"word{i}" for i in range(400))
    para = Paragraph(words, style)
    width = 200.0
    _w, height = para.wrap(width, 1e6)
    lines = round(height / style.leading)
    assert lines >= 5
    # room for all but the last line: the last two go over, never the last one alone
    first, rest = para.split(width, (lines - 1) * style.leading + 0.1)
    assert len(first.blPara.lines) == lines - 2
    assert len(rest.wrap(width, 1e6)) and len(rest.blPara.lines) == 2
    # room for one line only: it is not left alone either
    assert para.split(width, style.leading + 0.1) == []
