"""Which item field a box's text is said at (``boxes.base.field_of``, ``field_holding``)."""

from __future__ import annotations

from cutsheet.boxes.base import field_holding, field_of


def test_a_field_a_template_loops_over_is_its_field():
    assert (
        field_of(
            "{% for line in turn %}{{ loop.index }}. {{ line }}<br/>{% endfor %}", {"turn": ["a"]}
        )
        == "turn"
    )


def test_a_field_it_prints_comes_before_one_it_loops_over():
    """A review: a loop over tags before the rule took the rule's fit error to the tags."""
    template = "{% for t in tags %}<b>{{ t }}</b> {% endfor %}{{ rule }}"
    assert field_of(template, {"tags": ["x"], "rule": "Pay 2R."}) == "rule"


def test_a_character_in_a_lists_item_is_found_there_as_written():
    """A review: a list's repr escapes a character like U+202F, so it was not found in it."""
    template = "{% if note %}{{ note }}<br/>{% endif %}{% for s in steps %}{{ s }}<br/>{% endfor %}"
    values = {"note": "Read first.", "steps": ["Pay 2\u202fcubes."]}
    assert field_holding(template, values, "\u202f") == "steps"


def test_a_character_shown_by_its_code_alone_is_said_at_the_field_that_holds_it(mini, capsys):
    """A character the font lacks that a message names by its code point alone (a format
    character such as U+2060: ``char_name``) is said at the field that holds it, like any
    other. (The place was once found by reading the message again, which looked for the
    character in quotes: U+2060 was said at the first field the text prints.)"""
    from cutsheet.cli import main

    layout = mini / "layouts" / "mini.yaml"
    layout.write_text(
        layout.read_text().replace('text: "{{ rule }}"', 'text: "{{ name }}: {{ rule }}"')
    )
    cards = mini / "content" / "mini" / "cards.csv"
    cards.write_text(cards.read_text().replace("MINI-C,Gamma,3,,", "MINI-C,Gamma,3,x\u2060y,"))
    assert main(["check", "mini"]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0] == (
        "content/mini/cards.csv:4:16: error: MINI-C, box 'rule':"
        " font AtkinsonHyperlegible-Regular has no U+2060"
    )
