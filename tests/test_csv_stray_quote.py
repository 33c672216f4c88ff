"""A stray quote in a CSV card list opens a cell that swallows the line breaks after it, up to
the next quote in the file: the rows in between read as one long row of the wrong width. The
mistake is the quote, so that is where it is reported, not where the merged row ends."""

from __future__ import annotations

from cutsheet.source import load_csv

CSV = "content/bidding-alpha/cards.csv"


def test_a_stray_quote_mid_file_is_reported_at_the_quote(ws):
    line = ws.edit(CSV, "BA-001,1,start,Spare Change,", 'BA-001,1,start,"Spare Change,')
    said = [(p.loc.line, p.loc.col, p.message) for p in ws.check("bidding-alpha")]
    assert len(said) == 1, said
    (at_line, col, message) = said[0]
    assert (at_line, col) == (line, 16)
    assert message.startswith("this quote opens a cell that runs on to line ")
    assert "a quote inside a cell is written twice" in message


def test_a_cell_quoted_over_two_lines_on_purpose_still_reads(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text('id,text\nA-1,"two\nlines"\nA-2,one\n', encoding="utf-8")
    located = load_csv(path, tmp_path)
    assert [row["text"] for row in located.data] == ["two\nlines", "one"]


def test_a_row_too_long_after_a_cell_quoted_over_lines_on_purpose_points_at_the_extra_cell(
    tmp_path,
):
    """A cell that holds a line break or two is meant: the extra cell is the mistake."""
    import pytest

    from cutsheet.diagnostics import ContentError

    path = tmp_path / "cards.csv"
    path.write_text('id,text\nA-1,"two\nlines",extra\n', encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        load_csv(path, tmp_path)
    (problem,) = raised.value.problems
    assert (problem.loc.line, problem.loc.col) == (3, 8)
    assert problem.message.startswith("row has 3 cells")
