"""A colour written unquoted after a key that takes one is a YAML comment: said at the '#',
with the fix, whether it left the key empty or hid a closing bracket; other comments (and a
colour key's comment in words) are left alone."""

from __future__ import annotations

import pytest

from cutsheet.diagnostics import ContentError
from cutsheet.source.yaml_reader import parse_yaml


def problem(text: str) -> str:
    with pytest.raises(ContentError) as caught:
        parse_yaml(text, "f.yaml")
    (only,) = caught.value.problems
    return f"{only.loc}: {only.message}"


@pytest.mark.parametrize(
    ("text", "where", "colour"),
    [
        ("box:\n  fill: #0B6E4F\n  w: 3\n", "f.yaml:2:9", "#0B6E4F"),
        ("stroke:   #abc   \n", "f.yaml:1:11", "#abc"),
        ("color: #0B6E4F80\n", "f.yaml:1:8", "#0B6E4F80"),
        ("- fill: #FFF\n", "f.yaml:1:9", "#FFF"),
        ('"fill": #ffcc00\n', "f.yaml:1:9", "#ffcc00"),
        ("colours:\n  brand: #bad\n", "f.yaml:2:10", "#bad"),
    ],
)
def test_a_colour_key_left_empty_by_a_colour_comment_is_refused(
    text: str, where: str, colour: str
) -> None:
    said = problem(text)
    assert said.startswith(f"{where}: {colour!r} here is a YAML comment")
    assert f"put the colour in quotes, {colour!r}" in said


def test_a_colour_comment_that_hides_a_closing_brace_is_said_where_it_is() -> None:
    said = problem("a: {x: 1, fill: #fff}\nb: {y: 2}\n")
    assert said.startswith("f.yaml:1:17: '#fff' here is a YAML comment")
    assert "hides the rest of the line" in said


def test_a_brace_left_open_is_still_said_where_it_opens() -> None:
    """Quoted text that reads like a colour comment is text: the open brace is the mistake."""
    said = problem('t: {x: 5, text: "Pick a team: #ace"\nu: 1\n')
    assert said.startswith("f.yaml:1:4: YAML syntax: the '{' opened here is not closed")


def test_a_quote_left_out_inside_braces_is_said_on_its_own_line() -> None:
    """A quote left out pairs the wrong quotes: '#000000", w: 2}' after the value that
    ends there reads as a comment, which hides the '}'. PyYAML named the next line."""
    said = problem('a: {x: 1, fill: "#D55E00, stroke: "#000000", w: 2}\nb: {y: 2}\n')
    assert said.startswith("f.yaml:1:36: YAML syntax: the rest of this line is read as a comment")
    assert "hides the '}' that closes the '{' of column 4" in said
    assert "reads '#D55E00, stroke: ': is a quote missing?" in said


def test_a_comment_after_a_plain_value_inside_braces_is_said_where_it_starts() -> None:
    said = problem("a: {x: 1, text: Play # of cards}\nb: 2\n")
    assert said.startswith("f.yaml:1:22: YAML syntax: the rest of this line is read as a comment")
    assert said.endswith("a '#' after a space starts a comment: put the whole value in quotes")


@pytest.mark.parametrize("after", ["", ".", "  # more", " )"])
def test_a_comment_that_hides_the_brace_is_blamed_whatever_punctuation_follows(after: str) -> None:
    """The brace a quote left out hid, then a full stop or another comment (a review: only
    a brace at the line's very end was blamed)."""
    said = problem(f'a: {{x: 1, fill: "#D55E00, stroke: "#000000"}}{after}\nb: {{y: 2}}\n')
    assert said.startswith("f.yaml:1:36: YAML syntax: the rest of this line is read as a comment")


@pytest.mark.parametrize(
    ("text", "where", "ends"),
    [
        ('a: {fill: #CC79A7"}\nb: 1\n', "f.yaml:1:11:", 'is written in quotes, "#CC79A7"'),
        ("a: {x: 1, #}\nb: 1\n", "f.yaml:1:11:", 'is written in quotes, "#"'),
    ],
)
def test_a_value_that_starts_with_a_hash_inside_braces_is_told_to_be_quoted(
    text: str, where: str, ends: str
) -> None:
    said = problem(text)
    assert said.startswith(where) and said.endswith(ends), said


@pytest.mark.parametrize(
    "text",
    [
        # a note that holds braces of its own; the mistake is the comma left out on line 2
        "t: {x: 5, y: 8,   # as the {title} style says\n  w: 53, h: 10\n  style: title}\n",
        # a comment after a list: nothing to quote, and the old message stands
        "a: {y: [1, 2]  # }\nb: 1\n",
        # a note with a stray brace inside it, the line going on after it (a review)
        "box: {x: 1, y: 2,  # (see layouts: the card's {x, y} } pair)\n  w: 3\n  h: 4}\n",
    ],
)
def test_a_comment_that_is_one_is_not_blamed(text: str) -> None:
    said = problem(text)
    assert "read as a comment" not in said, said
    assert not said.startswith("f.yaml:1:") or "not closed" in said, said


@pytest.mark.parametrize(
    "text",
    [
        "fill: # no fill here\n",  # a comment in words
        "fill: #bad idea\n",  # words after it: a comment
        "rule: #add later\n",  # not a colour key: a comment
        "note: #cafe\n",
        "fill: '#0B6E4F'\n",  # quoted: the colour
        "fill:\n  # #0B6E4F on a line of its own\n",
        "note: see #12\n",  # a value, not a comment
        "fill: #0B6E4Fx\n",  # no colour
        "text: |\n  fill: #0B6E4F\n",  # inside a block of text
    ],
)
def test_other_comments_and_values_are_read_as_before(text: str) -> None:
    parse_yaml(text, "f.yaml")
