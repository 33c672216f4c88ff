"""Cube notation with a letter no term gives a fill (a designer's probe: '2R+1X' printed a
red tile and a bold X without a word): a warning at the value, and it builds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cutsheet.text.filters import stray_letters

CARDS = "content/bidding-alpha/cards.csv"


def test_a_run_of_notation_with_a_letter_no_cube_is_found():
    cubes = {"R", "G", "B"}
    assert stray_letters("Pay 2R+1X, then 5R>G.", cubes) == [("2R+1X", "X")]
    assert stray_letters("RRRR or 3R<>G, Bank, VP, BA-001", cubes) == []  # words, not runs


def test_a_mistyped_cube_letter_is_a_warning_at_its_cell(ws):
    """Bid & Build's notation fields have patterns (an error already); its effects are text."""
    line = ws.edit(CARDS, "at any time to gain G.", "at any time to gain GX.")
    problems = ws.problems("bidding-alpha")
    said = [str(p) for p in problems if "is cube notation" in p.message]
    assert len(said) == 1 and said[0].startswith(f"{CARDS}:{line}:"), said
    assert said[0].endswith(
        "warning: BA-024: 'GX' is cube notation, but no term gives X a fill (cubes: B, G, R):"
        " it prints as a letter; a typo for a cube's?"
    )
    assert not [p for p in problems if p.severity == "error"]


def test_a_list_a_face_loops_over_into_glyphs_is_read_too(ws):
    """The player aid's steps are a list its template loops over: '{% for line in turn %}'
    then '{{ line|glyphs(terms) }}'."""
    ws.edit("content/bidding-alpha/game.yaml", "(the base card: RRRR)", "(the base card: RRRX)")
    said = [p.message for p in ws.problems("bidding-alpha") if "is cube notation" in p.message]
    assert said == [
        "BA-AID: 'RRRX' is cube notation, but no term gives X a fill (cubes: B, G, R): it"
        " prints as a letter; a typo for a cube's?"
    ]


def test_a_steps_warning_is_at_its_step_and_a_fill_of_none_is_no_cube(ws):
    """A review: a list's warning was at its first item, and a one-letter term whose fill is
    none counted as a cube (glyphs draws it as a letter)."""
    game = "content/bidding-alpha/game.yaml"
    ws.edit(game, "(the base card: RRRR)", "(the base card: RRRX)")
    ws.edit(game, '  B: {fill: "#56B4E9",', '  X: {fill: none}\n  B: {fill: "#56B4E9",')
    step = ws.line_of(game, "(the base card: RRRX)")
    said = [p for p in ws.problems("bidding-alpha") if "is cube notation" in p.message]
    assert [(p.loc.line, p.message.split(": ", 1)[1]) for p in said] == [
        (
            step,
            "'RRRX' is cube notation, but no term gives X a fill (cubes: B, G, R): it prints"
            " as a letter; a typo for a cube's?",
        )
    ]


def test_a_field_printed_through_a_chain_a_set_or_a_loop_is_read():
    from cutsheet.text.glyph_fields import glyph_sources

    assert glyph_sources(
        "{% set x = a %}{{ x|glyphs(terms) }}{{ b|default('')|glyphs(terms) }}"
        "{{ (d)|glyphs(terms) }}{{ i|e|glyphs(terms) }}"
    ) == {"a", "b", "d", "i"}
    # two loops with one name: the one before the glyphs
    assert glyph_sources(
        "{% for line in turn %}{{ line|glyphs(terms) }}{% endfor %}"
        "{% for line in final %}{{ line }}{% endfor %}"
    ) == {"turn"}


def test_an_expression_a_filter_block_and_a_loops_own_scope_are_read():
    """Read from the template's syntax tree (a regular expression took the first name of an
    expression only, and missed a filter block): every field an expression piped into glyphs
    reads, a filter block's body, a nested loop's names, a ``set`` block; a loop's name
    stands for its list inside the loop only; a template that does not parse prints none."""
    from cutsheet.text.glyph_fields import glyph_sources

    assert glyph_sources("{{ (cost ~ ' / ' ~ income)|glyphs(terms) }}") == {"cost", "income"}
    assert glyph_sources("{{ (oneoff or income or '')|trim|glyphs(terms) }}") == {
        "oneoff",
        "income",
    }
    assert glyph_sources("{% filter glyphs(terms) %}Pay {{ cost }}.{% endfilter %}") == {"cost"}
    assert glyph_sources("{% filter upper|glyphs(terms) %}{{ a }}{% endfilter %}") == {"a"}
    assert glyph_sources(
        "{% for row in rows %}{% for cell in row %}{{ cell|glyphs(terms) }}{% endfor %}{% endfor %}"
    ) == {"rows"}
    assert glyph_sources("{% set both %}{{ a }} {{ b }}{% endset %}{{ both|glyphs(terms) }}") == {
        "a",
        "b",
    }
    assert glyph_sources(
        "{% for e in exchanges %}{{ e }}{% endfor %}{{ e|glyphs(terms) }}"  # e: no loop's here
    ) == {"e"}
    assert glyph_sources("{{ x|glyphs(terms) }") == set()  # does not parse: said where checked
    assert glyph_sources("{{ name }} {{ effect|upper }}") == set()


def test_a_filter_block_over_a_field_is_read_in_a_game(ws):
    """Bid & Build's faces print an effect through glyphs in five boxes: in a filter block,
    the cell's typo is still said, once."""
    ws.edit(
        "layouts/bidding-alpha.yaml",
        "{{ effect|glyphs(terms) }}",
        "{% filter glyphs(terms) %}{{ effect }}{% endfilter %}",
        count=5,
    )
    line = ws.edit(CARDS, "at any time to gain G.", "at any time to gain GX.")
    said = [str(p) for p in ws.problems("bidding-alpha") if "is cube notation" in p.message]
    assert len(said) == 1 and said[0].startswith(f"{CARDS}:{line}:"), said


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="RGB2>< +x\t\n\u00a0\u2003.,(;!-X", max_size=40))
def test_a_runs_word_is_found_as_it_was_scanned(text):
    """glyphs looks a match's word up among the text's words, found once (a review: scanned
    from each match, a 20,000-character word took 12 s): the same word as the scan gives."""
    from cutsheet.text import filters

    word_at = filters._word_finder(text)
    for m in filters._NOTATION.finditer(text):
        assert word_at(m.start(), m.end()) == filters._word_at(text, m.start(), m.end())
