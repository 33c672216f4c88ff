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


def _problems(tmp_path, text: str) -> list[tuple[int, int, str]]:
    import pytest

    from cutsheet.diagnostics import ContentError

    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        load_csv(path, tmp_path)
    return [(p.loc.line, p.loc.col, p.message) for p in raised.value.problems]


def test_a_stray_quote_whose_merged_row_has_the_headers_width_is_still_found(tmp_path):
    """A later quote closed the cell, and the rows swallowed happen to leave a row of the
    header's width: no count of cells shows it, but a line inside the cell that reads as a
    row of its own (a row's commas, an id of the row's kind first) does. Reported at the
    quote; once counted 'printed 10, the rulebook needs 12' at the header, or passed."""
    text = (
        "id,name,cost,effect\n"
        'SR-CUMIN,Cumin,2,"Swap any 2 cubes, if you have < 4.\n'
        "SR-CLOVE,Clove,2,Take 1 green\n"
        'SR-STAR,Star,3,"Say ""the best"" twice"\n'
        "SR-MACE,Mace,1,plain\n"
    )
    [(line, col, message)] = _problems(tmp_path, text)
    assert (line, col) == (2, 18)
    assert message.startswith("this quote opens a cell that runs on to line 4, so lines 2 to 4")
    assert "rows of their own inside one cell" in message


def test_lines_with_commas_inside_a_cell_quoted_on_purpose_still_read(tmp_path):
    """A paragraph over lines, commas and all, whose lines do not begin with an id of the
    row's kind, is a cell as meant."""
    path = tmp_path / "cards.csv"
    path.write_text(
        'id,name,text\nSR-A,A,"First, then,\nSR, a, b, c\nthen, x, y"\nSR-B,B,one\n',
        encoding="utf-8",
    )
    rows = load_csv(path, tmp_path).data
    assert [row["id"] for row in rows] == ["SR-A", "SR-B"]
    assert rows[0]["text"] == "First, then,\nSR, a, b, c\nthen, x, y"


def test_an_empty_cell_a_field_needs_is_missing_at_the_cell(ws):
    """A field that must have a value and whose cell is empty is missing there, at the cell's
    column (it was the row's first column), and the message says the cell is empty."""
    line = ws.edit(CSV, "BA-001,1,start,Spare Change,", "BA-001,1,start,,")
    said = [str(p) for p in ws.check("bidding-alpha") if "missing key" in p.message]
    assert said == [f"{CSV}:{line}:16: error: missing key 'name' (its cell is empty)"], said


def test_a_list_of_ids_in_prose_inside_a_quoted_cell_still_reads(tmp_path):
    """A rule that lists other cards' ids over two lines ("SD-MOON, SD-STAR, …") has a
    row's commas and begins with an id of the row's kind, but its commas are followed by
    spaces: prose, never a swallowed row (it was refused as a stray quote)."""
    path = tmp_path / "cards.csv"
    path.write_text(
        "id,name,points,rule,copies\n"
        'SD-SUN,Sun,3,"Scores 1 more beside any of:\n'
        'SD-MOON, SD-STAR, SD-COMET, or SD-NOVA, in any order.",\n'
        "SD-MOON,Moon,2,Plain.,\n",
        encoding="utf-8",
    )
    rows = load_csv(path, tmp_path).data
    assert [row["id"] for row in rows] == ["SD-SUN", "SD-MOON"]


def test_a_cell_over_the_csv_limit_is_reported_at_the_cell(tmp_path):
    import pytest

    from cutsheet.diagnostics import ContentError

    path = tmp_path / "cards.csv"
    for cell in ("x" * 140_000, '"' + "y, " * 50_000 + '"'):
        path.write_text(f"id,name,text\nA-1,one,two\nA-2,two,{cell}\n", encoding="utf-8")
        with pytest.raises(ContentError) as err:
            load_csv(path, tmp_path)
        (problem,) = err.value.problems
        assert (problem.loc.line, problem.loc.col) == (3, 9)
        size = len(cell) - (2 if cell.startswith('"') else 0)
        assert problem.message.startswith(f"CSV: this cell holds {size:,} characters, over")


def test_a_quote_written_once_inside_a_quoted_cell_is_an_error_at_it(tmp_path):
    """It ends the cell, and the csv module reads it away and runs the rest on: `"when you
    "dock" at"` printed `when you dock" at"`, with no error."""
    said = _problems(tmp_path, 'id,rule\nA-1,"Draw when you "dock" here."\nA-2,"ok" ,x\n')
    assert [line for line, _col, _ in said] == [2, 3]
    assert (
        said[0][:2] == (2, 20)
        and 'a quote inside a quoted cell is written twice ("")' in said[0][2]
    )
    assert "'dock\" here.\"' follows it" in said[0][2]
    assert said[1][2].startswith("row has 3 cells")  # the row the early quote widened


def test_quotes_written_twice_and_cells_ending_at_their_quote_still_read(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text('id,rule\nA-1,"say ""hi"""\nA-2,"a, b"\nA-3,"c"\n', encoding="utf-8")
    assert [row["rule"] for row in load_csv(path, tmp_path).data] == ['say "hi"', "a, b", "c"]


def test_a_quoted_file_separated_by_semicolons_is_said_once_as_such(tmp_path):
    """Excel quotes every cell where ';' separates them: the separator is the one mistake
    (a review found one 'quote ends its cell' error a row instead)."""
    said = _problems(tmp_path, '"id";"name"\n"A";"x"\n"B";"y"\n')
    assert len(said) == 1 and said[0][:2] == (1, 1) and "';'" in said[0][2], said


def test_a_quote_written_once_inside_a_cell_over_two_lines_is_an_error_at_it(tmp_path):
    said = _problems(tmp_path, 'id,text\nA,"line one\nhe said "hi" ok"\n')
    assert [(line, col) for line, col, _ in said] == [(3, 9)]
    assert 'written twice ("")' in said[0][2]
