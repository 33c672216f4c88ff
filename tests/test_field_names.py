"""Field names a component may declare, CSV cells after a multi-line cell, and the keys an
unknown-key message lists: the unit side of the corpus cases ``field_name_*``,
``box_unknown_key*`` and ``csv_cell_after_multiline``."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from cutsheet.content import load_game
from cutsheet.diagnostics import ContentError
from cutsheet.layouts import LayoutFile
from cutsheet.model import GameSpec, validate
from cutsheet.plan.context import item_context
from cutsheet.schema import schemas
from cutsheet.source.csv_reader import parse_csv
from cutsheet.source.yaml_reader import parse_yaml
from cutsheet.text.sandbox import environment

ROOT = Path(__file__).resolve().parent.parent

GAME = """\
id: g
code: GG
title: G
players: two
layouts: g.yaml
components:
  - id: deck
    name: Deck
    part: cards
    count: 1
    face: front
    items: [{{id: GG-A}}]
    fields:
      {name}: {{type: text, required: false}}
"""


def field_problem(name: str) -> str | None:
    """The one problem of a game whose deck declares a field ``name`` (None if valid)."""
    src = parse_yaml(GAME.format(name=name), "game.yaml")
    try:
        validate(GameSpec, src)
    except ContentError as exc:
        (problem,) = exc.problems
        assert (problem.loc.line, problem.loc.col) == (14, 7), problem  # at the field's name
        return problem.message
    return None


def test_every_name_the_card_context_sets_is_refused():
    game = load_game(ROOT / "content" / "common-reserve", root=ROOT)
    component = game.components[0]
    item = component.items[0]
    own = set(item_context(game, component, item, "standard")) - set(item.values)
    assert own >= {"id", "copies", "game", "terms", "component", "profile"}
    for name in sorted(own):
        assert field_problem(name) is not None, name


def test_every_template_function_is_refused_and_says_so():
    names = [n for n in environment().globals if not n.startswith("_")]
    assert "range" in names
    for name in names:
        message = field_problem(name)
        assert message is not None and "template function" in message, name


@pytest.mark.parametrize("name", ["loop", "caller", "varargs", "kwargs", "self", "true"])
def test_names_jinja_gives_a_meaning_are_refused(name):
    """Inside a loop or a macro Jinja's own ``loop``, ``caller``, ``varargs`` and ``kwargs``
    hide a field of that name (a second probe: '{{ loop }}' in a for printed a method)."""
    message = field_problem(name)
    assert message is not None and "word of the template language" in message


@pytest.mark.parametrize("name", ["json", "copy", "dict", "schema", "model_config", "model_x"])
def test_names_of_the_data_model_are_refused(name):
    assert hasattr(BaseModel, name) or name.startswith("model_")
    message = field_problem(name)
    assert message is not None and f"rename the field (e.g. 'my_{name}')" in message


@pytest.mark.parametrize(
    ("name", "rename"),
    [("_cs_turns", "cs_turns"), ("flavour-text", "flavour_text"), ("2nd", "nd"), ("été", "ete")],
)
def test_a_name_that_is_no_identifier_is_refused_with_a_rename(name, rename):
    message = field_problem(name)
    assert message == (
        f"components.fields: '{name}' is not a field name (a letter, then letters, digits"
        f" and '_'); rename it (e.g. '{rename}')"
    )


@pytest.mark.parametrize("name", ["name", "cost", "final_lp", "Effect2", "kind", "text", "fill"])
def test_ordinary_names_are_fields(name):
    assert field_problem(name) is None


def test_the_game_schema_gives_the_rule_for_a_field_name():
    fields = schemas(ROOT)["game.schema.json"]["$defs"]["ComponentSpec"]["properties"]["fields"]
    assert fields["propertyNames"] == {"pattern": "^[A-Za-z][A-Za-z0-9_]*$"}
    assert fields["additionalProperties"] == {"$ref": "#/$defs/FieldSpec"}


# ------------------------------------------------------------------ CSV cells
def cell_locs(text: str) -> dict[tuple[int, str], tuple[int, int]]:
    located = parse_csv(text, "t.csv")
    out = {}
    for index, row in enumerate(located.data):
        for name in row:
            loc = located.loc((index, name))
            out[(index, name)] = (loc.line, loc.col)
    return out


def test_cells_after_a_multi_line_cell_are_on_its_last_line():
    text = 'id,a,b,c\nX-1,"one\ntwo, ""three""\nfour",b1,c1\nX-2,a2,"b\n2",c2\n'
    assert cell_locs(text) == {
        (0, "id"): (2, 1),
        (0, "a"): (2, 5),
        (0, "b"): (4, 7),
        (0, "c"): (4, 10),
        (1, "id"): (5, 1),
        (1, "a"): (5, 5),
        (1, "b"): (5, 8),
        (1, "c"): (6, 4),
    }


def test_a_row_too_long_after_a_multi_line_cell_points_at_the_extra_cell():
    with pytest.raises(ContentError) as exc:
        parse_csv('id,a\nX-1,"a\nb",extra\n', "t.csv")
    (problem,) = exc.value.problems
    assert (problem.loc.line, problem.loc.col) == (3, 4)


# ------------------------------------------------------------------ unknown keys
def unknown_key(model: type[BaseModel], text: str) -> str:
    with pytest.raises(ContentError) as exc:
        validate(model, parse_yaml(text, "f.yaml"))
    (problem,) = exc.value.problems
    return problem.message


BOXES = "faces:\n  f:\n    {extends}boxes:\n      b: {{{box}}}\n"


@pytest.mark.parametrize(
    ("box", "extends", "message"),
    [
        ("kind: text, x: 1, y: 1, w: 1, h: 1, txt: a", "", "did you mean 'text'?"),
        ("kind: rect, x: 1, y: 1, w: 1, h: 1, txt: a", "", "dash, when, radius)"),
        ("x: 1, y: 1, w: 1, h: 1, zzz: 1", "", "dash, when, radius)"),
        ("x: 1, y: 1, w: 1, h: 1, zzz: 1", "extends: card\n    ", "reverse, src)"),
        ("kind: icon, x: 1, y: 1, w: 1, h: 1, zzz: 1", "", "dash, when, icon, alt)"),
        ("x: 1, y: 1, w: 1, h: 1, text: a, colour: red", "", "when, text, valign, read_as)"),
    ],
)
def test_an_unknown_box_key_lists_its_kinds_keys(box, extends, message):
    got = unknown_key(LayoutFile, BOXES.format(box=box, extends=extends))
    assert got.endswith(message), got


def test_an_unknown_key_under_a_mapping_lists_the_keys_there():
    got = unknown_key(LayoutFile, "styles:\n  big: {size: 9, zzz: 1}\n")
    assert got.startswith("unknown key 'zzz' (allowed: font, size, leading"), got


@pytest.mark.parametrize(
    ("vocab", "where", "message"),
    [
        ("gems: [red, blue, red]", (2, 9), "vocab.gems: a vocabulary names each word once: 'red'"),
        ("gems: []", (2, 9), "vocab.gems: a vocabulary has at least one word"),
        ('gems: [" a", b]', (2, 9), "vocab.gems: the word ' a' has spaces around it; remove them"),
        ('gems: ["", b]', (2, 9), "vocab.gems: a word of a vocabulary is empty"),
    ],
)
def test_a_vocabulary_has_words_each_once_and_plain(vocab, where, message):
    """A second probe: duplicate, empty and space-padded words were taken silently (and a
    card's counts could never name a padded word)."""
    src = parse_yaml("vocab:\n  " + vocab + "\n" + GAME.format(name="name"), "game.yaml")
    with pytest.raises(ContentError) as exc:
        validate(GameSpec, src)
    (problem,) = exc.value.problems
    assert (problem.loc.line, problem.loc.col) == where
    assert problem.message == message
