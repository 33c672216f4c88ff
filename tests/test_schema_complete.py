"""The editor schemas complete and catch mistakes on their own: every key described, enums
where the set is known (sizes, styles, icons, fonts, faces, profiles), ids with the game's
own prefix, no "is not of type 'null'" for an optional key, one key a block, and a typo in
each kind of key caught without running cutsheet."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import validators
from jsonschema.exceptions import best_match

from cutsheet.boxes.icon import ICON_NAMES
from cutsheet.model import NAMED_SIZES_MM
from cutsheet.schema_enrich import known_values

from .conftest import ROOT

SCHEMAS = {
    p.relative_to(ROOT / "schema").as_posix(): json.loads(p.read_text(encoding="utf-8"))
    for p in sorted((ROOT / "schema").rglob("*.schema.json"))
}


def keys(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (path, schema) of a key under ``properties`` anywhere in a schema."""
    if isinstance(node, dict):
        for name, prop in (node.get("properties") or {}).items():
            yield f"{where}.{name}", prop
        for k, v in node.items():
            yield from keys(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from keys(v, f"{where}[{i}]")


def nulls(node: Any, where: str = "") -> Iterator[str]:
    if isinstance(node, dict):
        if node.get("type") == "null":
            yield where
        for k, v in node.items():
            yield from nulls(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from nulls(v, f"{where}[{i}]")


def errors(name: str, data: Any) -> list[str]:
    schema = SCHEMAS[name]
    return [e.message for e in validators.validator_for(schema)(schema).iter_errors(data)]


def best(name: str, data: Any) -> str:
    schema = SCHEMAS[name]
    error = best_match(validators.validator_for(schema)(schema).iter_errors(data))
    return error.message if error else ""


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_key_has_a_description(name):
    missing = [where for where, prop in keys(SCHEMAS[name]) if not prop.get("description")]
    assert missing == []


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_optional_keys_have_no_null_branch(name):
    # the one null that means something: a box set to null is removed from the face extended
    allowed = {"/$defs/FaceSpec/properties/boxes/additionalProperties/anyOf[1]"}
    assert set(nulls(SCHEMAS[name])) <= allowed


def test_the_value_sets_come_from_one_function():
    values = known_values(ROOT)
    assert sorted(values) == [
        "colours",
        "faces",
        "fonts",
        "icons",
        "kinds",
        "layouts",
        "papers",
        "profiles",
        "sizes",
        "styles",
    ]
    assert values["sizes"] == list(NAMED_SIZES_MM)
    assert values["icons"] == sorted(ICON_NAMES)
    assert values["papers"] == ["a3", "a4", "letter", "tabloid"]
    assert values["profiles"] == ["ink-saver", "large-print", "standard"]
    assert {"card", "card-back", "delivery", "festival"} <= set(values["faces"])
    assert {"title", "body", "id"} <= set(values["styles"])
    assert "base.yaml" in values["layouts"] and "festivibes.yaml" in values["layouts"]
    assert not [f for f in values["faces"] if "@" in f]  # NAME@profile is NAME


def test_enums_offer_sizes_faces_styles_icons_and_fonts():
    game = SCHEMAS["game.schema.json"]["$defs"]["ComponentSpec"]["properties"]
    values = known_values(ROOT)
    assert game["size"]["anyOf"][0]["enum"] == values["sizes"]
    assert game["face"]["enum"] == game["back"]["enum"] == values["faces"]
    assert game["sizes"]["propertyNames"] == {"enum": values["profiles"]}
    box = SCHEMAS["layout.schema.json"]["$defs"]["BoxSpec"]["properties"]
    assert box["style"]["enum"] == values["styles"]
    assert box["icon"]["anyOf"][0]["enum"] == values["icons"]
    assert box["kind"]["enum"] == values["kinds"]
    style = SCHEMAS["layout.schema.json"]["$defs"]["Style"]["properties"]
    assert style["font"]["enum"] == values["fonts"]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("common-reserve/deliveries.schema.json", "CR"),
        ("festivibes/events.schema.json", "FV"),
        ("common-reserve/reserve-sheet.schema.json", "CR"),
    ],
)
def test_ids_follow_the_games_own_prefix(name, code):
    item = SCHEMAS[name]["properties"]["items"]["items"]
    ident = item["properties"]["id"]
    assert ident["pattern"] == f"^{code}(-[A-Z0-9]+)+$"
    (example,) = ident["examples"]
    assert example.startswith(f"{code}-")
    assert f"{code}-" in ident["description"]
    others = {"CR": "FV-X", "FV": "CR-X"}[code]
    assert any("does not match" in m for m in errors(name, {"items": [{"id": others}]}))


def test_a_wrong_optional_value_is_not_called_not_null():
    layout = {"faces": {"f": {"boxes": {"b": {"x": "left", "text": "t"}}}}}
    said = best("layout.schema.json", layout)
    assert "null" not in said and "'left' is not of type 'number'" == said
    rules = {"sections": [{"heading": "H", "blocks": [{"track": {"label": "x", "stop": "9"}}]}]}
    said = best("rules.schema.json", rules)
    assert "null" not in said and "'9' is not of type 'integer'" == said


def test_a_block_has_exactly_one_key_in_the_schema():
    def rules(*blocks: dict[str, Any]) -> dict[str, Any]:
        return {"sections": [{"heading": "H", "blocks": list(blocks)}]}

    assert errors("rules.schema.json", rules({"text": "a"})) == []
    assert errors("rules.schema.json", rules({"text": "a", "heading": "b"}))
    assert errors("rules.schema.json", rules({}))
    sheet = "common-reserve/reserve-sheet.schema.json"
    page = {"id": "CR-P", "title": "P", "blocks": [{"heading": "H", "text": "t"}]}
    assert errors(sheet, {"items": [page]})


GOOD: dict[str, Any] = {
    "game.schema.json": {
        "id": "g",
        "code": "GG",
        "title": "G",
        "players": "2",
        "layouts": "g.yaml",
        "components": [
            {
                "id": "cards",
                "name": "Cards",
                "part": "cards",
                "count": 1,
                "face": "card",
                "size": "poker",
                "source": "cards.yaml",
                "fields": {"name": {"type": "text"}},
            }
        ],
    },
    "rules.schema.json": {
        "sections": [{"heading": "H", "blocks": [{"track": {"label": "L", "stop": 3}}]}]
    },
    "layout.schema.json": {
        "include": ["base.yaml"],
        "styles": {"big": {"font": "bold", "size": 12}},
        "faces": {
            "front": {
                "extends": "card",
                "boxes": {
                    "t": {"x": 1, "y": 1, "w": 2, "h": 2, "style": "title", "text": "{{ name }}"},
                    "i": {"kind": "icon", "icon": "drop", "x": 1, "y": 1, "w": 2, "h": 2},
                    "r": {"kind": "rect", "fill": "#FF0000", "x": 1, "y": 1, "w": 2, "h": 2},
                },
            }
        },
    },
    "festivibes/events.schema.json": {"items": [{"id": "FV-X", "name": "X", "value": 1}]},
}

#: (schema, path to a mapping in GOOD's document, a key there, its misspelling)
KEY_TYPOS = [
    ("game.schema.json", (), "title", "tittle"),
    ("game.schema.json", ("components", 0), "source", "sorce"),
    ("game.schema.json", ("components", 0, "fields", "name"), "type", "typ"),
    ("rules.schema.json", ("sections", 0), "heading", "heding"),
    ("rules.schema.json", ("sections", 0, "blocks", 0), "track", "trak"),
    ("rules.schema.json", ("sections", 0, "blocks", 0, "track"), "label", "lable"),
    ("layout.schema.json", (), "styles", "stlyes"),
    ("layout.schema.json", ("styles", "big"), "font", "fnot"),
    ("layout.schema.json", ("faces", "front"), "extends", "extend"),
    ("layout.schema.json", ("faces", "front", "boxes", "t"), "style", "stlye"),
    ("festivibes/events.schema.json", ("items", 0), "name", "nmae"),
]

#: (schema, path to a value in GOOD's document, a misspelt value)
VALUE_TYPOS = [
    ("game.schema.json", ("components", 0, "size"), "pokr"),
    ("game.schema.json", ("components", 0, "face"), "crad"),
    ("game.schema.json", ("components", 0, "part"), "card"),
    ("game.schema.json", ("components", 0, "fields", "name", "type"), "txt"),
    ("layout.schema.json", ("styles", "big", "font"), "blod"),
    ("layout.schema.json", ("faces", "front", "extends"), "crad"),
    ("layout.schema.json", ("faces", "front", "boxes", "t", "style"), "titel"),
    ("layout.schema.json", ("faces", "front", "boxes", "i", "icon"), "drp"),
    ("layout.schema.json", ("faces", "front", "boxes", "i", "kind"), "icn"),
    ("layout.schema.json", ("faces", "front", "boxes", "r", "fill"), "red"),
    ("layout.schema.json", ("include", 0), "bsae.yaml"),
]


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def test_the_good_documents_validate():
    for name, doc in GOOD.items():
        assert errors(name, doc) == [], name


@pytest.mark.parametrize(("name", "path", "key", "typo"), KEY_TYPOS)
def test_a_misspelt_key_of_each_kind_is_caught_by_the_schema_alone(name, path, key, typo):
    doc = json.loads(json.dumps(GOOD[name]))
    where = _at(doc, path)
    where[typo] = where.pop(key)
    assert errors(name, doc), f"{name}: '{typo}' for '{key}' passes"


@pytest.mark.parametrize(("name", "path", "typo"), VALUE_TYPOS)
def test_a_misspelt_value_from_a_known_set_is_caught_by_the_schema_alone(name, path, typo):
    doc = json.loads(json.dumps(GOOD[name]))
    _at(doc, path[:-1])[path[-1]] = typo
    assert errors(name, doc), f"{name}: '{typo}' at {'/'.join(map(str, path))} passes"


def test_a_template_stays_allowed_where_a_box_key_takes_one():
    doc = json.loads(json.dumps(GOOD["layout.schema.json"]))
    boxes = doc["faces"]["front"]["boxes"]
    boxes["i"]["icon"] = "{{ terms[kind].icon }}"
    boxes["r"]["fill"] = "{{ terms[kind].fill }}"
    assert errors("layout.schema.json", doc) == []


def test_a_projects_own_fonts_colours_and_icons_are_offered(tmp_path):
    """An editor completes what the project defines: a TrueType file in fonts/, a family, a
    colour name and an SVG in icons/ (issue #21)."""
    import reportlab

    from cutsheet.schema import schemas

    root = tmp_path
    (root / "fonts").mkdir()
    vera = Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf"
    (root / "fonts" / "Display-Bold.ttf").write_bytes(vera.read_bytes())
    (root / "icons").mkdir()
    (root / "icons" / "gem.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<rect width="10" height="10" fill="#0B6E4F"/></svg>'
    )
    (root / "layouts").mkdir()
    (root / "layouts" / "own.yaml").write_text(
        "colours: {brand: '#0B6E4F'}\nfonts: {Display: {regular: Display-Bold}}\n"
    )
    (root / "content").mkdir()
    values = known_values(root)
    assert {"Display-Bold", "Display"} <= set(values["fonts"])
    assert "brand" in values["colours"] and "gem" in values["icons"]
    layout = schemas(root)["layout.schema.json"]
    style = layout["$defs"]["Style"]["properties"]
    assert "Display-Bold" in style["font"]["enum"]
    assert {"enum": ["brand"]} in style["color"]["anyOf"]
