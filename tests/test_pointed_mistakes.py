"""A markup or template-syntax mistake in a text written over several lines is said where it
is written, as an unknown name already was (``text.pointed``): a probe of the editor's loop
found each at the text's first line, or at the box's key, lines above the mistake."""

from __future__ import annotations

import pytest

RULES = "content/bidding-alpha/rules.yaml"
LAYOUT = "layouts/bidding-alpha.yaml"
PARAGRAPH = "Every turn you collect cubes, bid for one of the cards on offer, and then buy it or"


def _at(ws, rel: str, line_text: str, needle: str) -> str:
    """``rel:line:col`` of ``needle`` on the line of ``rel`` that holds ``line_text``."""
    lines = (ws.root / rel).read_text().splitlines()
    n, line = next((i, x) for i, x in enumerate(lines, 1) if line_text in x)
    return f"{rel}:{n}:{line.index(needle) + 1}"


def _said(ws) -> list[str]:
    return [str(p) for p in ws.check("bidding-alpha")]


@pytest.mark.parametrize(
    ("mistake", "needle", "message"),
    [
        ("<Lab>", "<Lab>", "markup <lab> is not allowed"),
        ("<i>", "<i>", "bad markup: <i> is never closed"),
    ],
)
def test_a_tag_in_a_rules_paragraph_is_said_at_the_tag(ws, mistake, needle, message):
    ws.edit(RULES, "Cards give more cubes", f"Cards give {mistake}more cubes")
    said = _said(ws)
    at = _at(ws, RULES, "Cards give", needle)
    assert [s for s in said if s.startswith(f"{at}: error: rules: {message}")], (at, said)


def test_a_closed_tag_before_the_unclosed_one_is_not_blamed(ws):
    ws.edit(RULES, "Cards give more cubes", "Cards give <i>more</i> cubes, <i>better")
    said = _said(ws)
    at = _at(ws, RULES, "Cards give", "<i>better")
    assert [s for s in said if s.startswith(f"{at}: error: rules: bad markup")], (at, said)


def test_a_template_syntax_error_in_a_rules_paragraph_is_said_at_its_line(ws):
    ws.edit(RULES, "{{ params.stages }} stages of", "{{ params.stages stages of")
    said = _said(ws)
    at = _at(ws, RULES, "{{ params.stages stages", "game has a start")  # its line's start
    assert [s for s in said if s.startswith(f"{at}: error: rules: template error:")], (at, said)


@pytest.mark.parametrize(
    ("last", "needle", "message"),
    [
        ("so <Lab>x", "<Lab>", "markup <lab> is not allowed"),
        ("so <i>x", "<i>", "bad markup: <i> is never closed"),
        ("so {{ name x", "so", "template error:"),
    ],
)
def test_a_mistake_in_a_layout_text_over_several_lines_is_said_where_it_is(
    ws, last, needle, message
):
    ws.edit(
        LAYOUT,
        "      title: {x: 5, y: 12.3, w: 53, h: 7, style: card-name, valign: middle,"
        ' text: "{{ name }}"}',
        "      title:\n        x: 5\n        y: 12.3\n        w: 53\n        h: 7\n"
        "        style: card-name\n        valign: middle\n        text: >-\n"
        f"          {{{{ name\n          }}}} and\n          {last}",
    )
    said = _said(ws)
    at = _at(ws, LAYOUT, f"          {last}", needle)
    assert [s for s in said if s.startswith(f"{at}: error: ") and message in s], (at, said)


def test_a_wrong_item_of_a_list_cell_is_said_at_the_item(ws):
    """A probe: in Bid & Build's cards.csv, '5R>G; 8R>>B' was said at the cell's start, not
    at the item that is wrong. A quoted cell (whose quotes would move the items) is said at
    the cell."""
    csv = "content/bidding-alpha/cards.csv"
    ws.edit(
        csv,
        "BA-BASE,0,base,Base card,,,RRRR,5R>G; 8R>B,",
        "BA-BASE,0,base,Base card,,,RRRR,5R>G; 8R>>B,",
    )
    said = [str(p) for p in ws.check("bidding-alpha")]
    at = _at(ws, csv, "BA-BASE,", "8R>>B")
    assert [s for s in said if s.startswith(f"{at}: error: exchanges: '8R>>B'")], (at, said)
    ws.edit(csv, "RRRR,5R>G; 8R>>B,", 'RRRR,"5R>G; 8R>>B",')
    said = [str(p) for p in ws.check("bidding-alpha")]
    at = _at(ws, csv, "BA-BASE,", '"5R>G')
    assert [s for s in said if s.startswith(f"{at}: error: exchanges: '8R>>B'")], (at, said)


@pytest.mark.parametrize(
    ("lines", "bad", "message"),
    [
        (
            ("First <i>one</i> is fine,", "then italic</i> stray."),
            "</i> stray",
            "</i> closes a <i>",
        ),
        (("First<br/>is fine,", "then a break<br>here."), "<br>here", "<br>"),
    ],
)
def test_a_stray_closing_tag_or_an_open_break_is_said_where_it_is(ws, lines, bad, message):
    """A review: the first use of the tag's name was blamed, a good '<i>' or '<br/>' lines
    above the stray '</i>' or the '<br>'."""
    body = "\n          ".join(lines)
    ws.edit(RULES, f"          {PARAGRAPH}", f"          {body}\n          {PARAGRAPH}")
    said = _said(ws)
    at = _at(ws, RULES, lines[1], bad)
    assert [s for s in said if s.startswith(f"{at}: error: rules:") and message in s], (at, said)


def test_quotes_written_twice_in_a_quoted_text_are_no_syntax_error(ws):
    """A review: an unknown icon in a single-quoted text over lines, whose '' is a quote,
    was said at the line with the '' (read as written, it does not parse there)."""
    ws.edit(
        RULES,
        f"      - text: >-\n          {PARAGRAPH}",
        "      - text: 'First line,\n          second {{ ''a'' ~ ''b'' }} here,\n"
        "          third {{ ''blot''|icon }} there.'\n"
        f"      - text: >-\n          {PARAGRAPH}",
    )
    said = [s for s in _said(ws) if "unknown icon 'blot'" in s]
    lines = (ws.root / RULES).read_text().splitlines()
    second = next(i for i, x in enumerate(lines, 1) if "second {{ ''a''" in x)
    assert said and not [s for s in said if s.startswith(f"{RULES}:{second}:")], said
