"""A heading with no words would be an empty heading in the structure tree (a screen reader
announces "heading level 2" and nothing), and a list of no steps an empty list: both are
refused where they are written; so is a card space with no label."""

from __future__ import annotations

RULES = "content/bidding-alpha/rules.yaml"


def test_an_empty_heading_is_refused_where_it_is_written(ws):
    line = ws.edit(RULES, "  - heading: The idea\n", '  - heading: "  "\n')
    said = [(p.loc.line, p.message) for p in ws.check("bidding-alpha")]
    assert said == [(line, "sections.heading: is empty: a heading needs words")]


def test_a_list_of_no_steps_is_refused_where_it_is_written(ws):
    text = ws.path(RULES).read_text(encoding="utf-8")
    start = text.index("      - steps:\n")
    end = text.index("\n      - ", start + 1)
    ws.path(RULES).write_text(text[:start] + "      - steps: []" + text[end:], encoding="utf-8")
    line = text[:start].count("\n") + 1
    said = [(p.loc.line, p.message) for p in ws.check("bidding-alpha")]
    assert len(said) == 1 and said[0][0] == line, said
    assert "steps: takes at least 1 item, got none" in said[0][1], said


def test_a_card_space_without_a_label_is_refused_where_it_is_written(ws):
    """A space's label is all a screen reader hears of it (and all a player reads)."""
    sheet = "content/common-reserve/reserve-sheet.yaml"
    line = ws.edit(sheet, "labels: [CURRENT, NEXT]", 'labels: [CURRENT, " "]')
    said = [(p.loc.line, p.message) for p in ws.check("common-reserve")]
    assert said == [(line, "blocks.spaces.labels: is empty: a space's label says what goes there")]


def test_a_card_space_label_wider_than_its_space_is_refused(ws):
    """A label is one line above its space: one wider than the space ran over the next
    space's label, printed without a word of warning."""
    sheet = "content/common-reserve/reserve-sheet.yaml"
    long = "CURRENT DELIVERY BEING WORKED ON"
    line = ws.edit(sheet, "labels: [CURRENT, NEXT]", f"labels: [{long}, NEXT]")
    said = [(p.loc.line, p.message) for p in ws.check("common-reserve")]
    assert said == [
        (
            line,
            f"spaces: label '{long}' is 69 mm wide at 10 pt, wider than its 63 mm space (it"
            " would run over the next); shorten it",
        )
    ]


def test_a_card_space_label_that_prints_nothing_or_two_lines_is_refused(ws):
    """A zero-width space says nothing; a tab or a line break printed as a missing glyph's
    box (a label is drawn as one line)."""
    sheet = "content/common-reserve/reserve-sheet.yaml"
    line = ws.edit(sheet, "labels: [CURRENT, NEXT]", 'labels: ["A\\tB", "\\u200b"]')
    said = [(p.loc.line, p.message) for p in ws.check("common-reserve")]
    assert said == [
        (line, "blocks.spaces.labels: is one line above its space: no tab or line break"),
        (line, "blocks.spaces.labels: is empty: a space's label says what goes there"),
    ]


def test_a_heading_with_nothing_after_it_is_a_warning_at_the_heading(ws):
    """A heading as a sheet's last block, or a section's last block, heads nothing: it was
    printed alone at the foot, and check said nothing."""
    sheet = "content/common-reserve/reserve-sheet.yaml"
    text = ws.path(sheet).read_text(encoding="utf-8")
    ws.path(sheet).write_text(text.rstrip("\n") + "\n      - heading: Notes\n", encoding="utf-8")
    line = text.rstrip("\n").count("\n") + 2
    assert ws.check("common-reserve") == []  # no error: the build goes on
    said = [(p.loc.line, p.severity, p.message) for p in ws.problems("common-reserve")]
    assert said == [
        (
            line,
            "warning",
            "CR-RESERVE: its sheet ends with this heading, which heads nothing (move it, or"
            " add what it heads)",
        )
    ], said
