"""What the editor schemas add to what pydantic writes: a description on every key, enums
where the set of values is known, no ``null`` branch on optional keys (so a wrong value is
"not one of …", never "is not of type 'null'"), and "exactly one key" on a block.

The value sets come from one function, :func:`known_values`, so that new sets (fonts and
colours a project defines) are added in one place. Descriptions live in :data:`DESCRIPTIONS`,
keyed by the model's title and the key; a model key without one is caught by the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .boxes import KINDS
from .boxes.icon import ICON_NAMES
from .fieldspec import FieldSpec
from .model import NAMED_SIZES_MM, ComponentSpec

JsonDict = dict[str, Any]

#: A value that is a Jinja2 template (``{{ … }}`` or ``{% … %}``): allowed wherever a box key
#: says "or a template giving one".
TEMPLATE: JsonDict = {
    "type": "string",
    "pattern": r"\{\{|\{%",
    "description": "a Jinja2 template giving the value",
}
COLOUR: JsonDict = {"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"}
FONTS = ("regular", "bold", "italic", "bold-italic")


def _layout_names(layouts: Path) -> dict[str, list[str]]:
    """The style names, face names (``NAME@profile`` as ``NAME``), colour and font family
    names and layout files of a project's ``layouts/`` and the packaged ``base.yaml``; a file
    that does not read is skipped (``check`` reports it), and named under ``unread``."""
    from .confine import lies_inside
    from .diagnostics import ContentError
    from .layouts import PACKAGED
    from .source import load_yaml

    files = {p.name: p for p in sorted(PACKAGED.glob("*.yaml"))}
    if layouts.is_dir():
        files.update({p.name: p for p in sorted(layouts.glob("*.yaml"))})
    names: dict[str, set[str]] = {
        k: set() for k in ("styles", "faces", "colours", "fonts", "sizes", "unread")
    }
    project = layouts.parent
    for path in files.values():
        if path.parent == layouts and not lies_inside(path, project):
            names["unread"].add(path.name)  # never opened: check refuses it at its place
            continue
        try:
            data = load_yaml(path).data
        except (ContentError, OSError):
            names["unread"].add(path.name)
            continue
        if not isinstance(data, dict):
            continue
        for key, found in names.items():
            if isinstance(data.get(key), dict):
                found.update(str(k).split("@", 1)[0] for k in data[key])
    return {"layouts": sorted(files), **{k: sorted(v) for k, v in names.items()}}


def known_values(root: Path | None = None) -> dict[str, list[str]]:
    """``read_values``'s sets alone."""
    return read_values(root)[0]


def read_values(root: Path | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """Every set of values the schemas offer as an enum, by name: ``sizes``, ``papers``,
    ``icons``, ``fonts``, ``kinds`` (box kinds), ``profiles``, and, from the project at
    ``root`` (its layouts and the packaged ones), ``styles``, ``faces``, ``layouts``, the
    ``colours`` its layout files name, and its own fonts (``fonts/``, and families from
    ``fonts:``), icons (``icons/``) and card sizes (``sizes:``) after the packaged ones; and
    the layout files skipped because they do not load (the sets lack their names)."""
    from .font_files import font_files
    from .layouts import packaged_papers
    from .profiles import available_profiles
    from .symbols import icon_files

    project = root if root is not None else Path("/nonexistent")
    layouts = project / "layouts"
    names = _layout_names(layouts)
    values = {
        "sizes": [*NAMED_SIZES_MM, *(n for n in names["sizes"] if n not in NAMED_SIZES_MM)],
        "papers": sorted(packaged_papers()),
        "icons": [*sorted(ICON_NAMES), *sorted(icon_files(project / "icons"))],
        "fonts": [*FONTS, *sorted(font_files(project / "fonts")), *names["fonts"]],
        "kinds": list(KINDS),
        "profiles": available_profiles(layouts),
        "styles": names["styles"],
        "faces": names["faces"],
        "layouts": names["layouts"],
        "colours": names["colours"],
    }
    return values, names["unread"]


# ------------------------------------------------------------------ descriptions
_GAME = {
    "id": "the game's id: its folder's name (lower-case words joined by '-')",
    "title": "the game's title, printed on every part",
    "subtitle": "a line under the title",
    "publisher": "who publishes the game (printed in the rules)",
    "edition": "edition or version, printed in the rules",
    "players": "players, as printed (e.g. '2 to 4 players')",
    "time": "playing time, as printed (e.g. '20 minutes')",
    "language": "the text's language, a BCP 47 tag (en, fr, de-CH): hyphenation and tags",
    "vocab": "named word lists (choice and counts fields refer to them by name)",
    "components": "every physical component: decks, sheets, boards, tokens",
}
_COMPONENT = {
    "id": "the component's id (lower-case words joined by '-'); its YAML file's schema is"
    " schema/<game>/<id>.schema.json",
    "name": "the component's name, as the rules' component list prints it",
    "part": "which PDF it prints in: cards (cards.pdf) or sheets (sheets.pdf)",
    "form": "card: items laid out by a face; page: full-page sheets made of blocks",
    "size": "a named card size or [width, height] in mm",
    "items": "the items inline (instead of a source file)",
    "fields": "the fields of each item: name → type (text, int, bool, choice, counts, list);"
    " a name is a letter, then letters, digits and '_' ({{ name }} in a template)",
    "optional": "not needed to play (the rules' component list says so)",
    "note": "a note printed beside the component in the rules",
}
_FIELD = {
    "type": "text, int, bool, choice (one word), counts (word: number), list (several values)",
    "min": "int: the smallest value allowed",
    "max": "int: the largest value allowed",
    "required": "false: an item may leave this field out",
    "description": "what the field means: shown by editors on the item's key",
}
_BLOCK = {
    "heading": "a heading",
    "text": "a paragraph (markup and templates allowed)",
    "bullets": "a bulleted list, one string an entry",
    "steps": "a numbered list, one string a step",
    "track": "a row of numbered cells to mark a value on",
    "table": "a table to fill in: columns and a number of rows",
    "write_ins": "labelled boxes to write in",
}
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "GameSpec": _GAME,
    "ComponentSpec": _COMPONENT,
    "FieldSpec": _FIELD,
    "RulesSpec": {
        "title": "the rules' title (a template: {{ game.title }})",
        "params": "numbers and words the rules' text uses as {{ params.NAME }}",
        "sections": "the sections of the rules, in order",
        "examples": "worked examples by id: a text template over their own data",
    },
    "Section": {"heading": "the section's heading", "blocks": "the section's blocks, in order"},
    "Example": {"title": "the example's title", "data": "the values the example's text uses"},
    "Block": _BLOCK,
    "Track": {
        "label": "the track's label",
        "start": "first number (default 0)",
        "stop": "last number",
    },
    "Table": {"columns": "the table's columns", "rows": "how many rows to fill in"},
    "Column": {"header": "the column's heading", "suffix": "printed after each cell's value"},
    "WriteIn": {"label": "the box's label", "suffix": "printed after the box (e.g. 'points')"},
    "Spaces": {"labels": "one label a space"},
    "CardRow": {
        "cards": "item ids of the cards drawn, in order",
        "marked": "ids of the cards that carry the mark",
        "caption": "a line under the row",
    },
    "PageItem": {
        "id": "stable id of the sheet, starting with the game's code",
        "copies": "how many copies print",
        "authored": "true: content the rulebook does not state",
        "title": "the sheet's title",
        "blocks": "the sheet's blocks, in order; each block has exactly one key",
    },
    "LayoutFile": {
        "include": "layout files whose styles and faces this file uses (base.yaml ships)",
        "styles": "named text styles: font, size, leading, align, color",
        "faces": "named faces: boxes in mm from the card's top-left corner",
    },
    "Style": {
        "font": "regular, bold, italic or bold-italic (Atkinson Hyperlegible), a font file of"
        " the project's fonts/ by its name, or a family from 'fonts'",
        "align": "left, center or right",
        "color": "text colour, #RRGGBB or a name from 'colours'",
    },
    "FamilySpec": {
        "regular": "the family's regular font: a font file of fonts/ by its name",
        "bold": "its bold (what <b> sets)",
        "italic": "its italic (what <i> sets)",
        "bold-italic": "its bold italic",
    },
    "FaceSpec": {
        "extends": "face(s) whose boxes this face starts from",
        "boxes": "the face's boxes by name; null removes a box of the face it extends",
    },
    "BoxSpec": {
        "kind": "text (default), rect, icon, line, cells or image",
        "style": "a style from the layouts' styles (text boxes)",
        "stroke": "outline colour #RRGGBB, or a template giving one",
        "dash": "true: a dashed outline",
        "valign": "text: top (default), middle or bottom",
    },
    "Profile": {"name": "the profile's name: its file's name"},
}
_ITEM = {
    "id": "stable id printed on the card; it starts with the game's code",
    "copies": "how many copies of this item print (default 1)",
    "authored": "true: content the rulebook does not state",
}


def _field_description(spec: FieldSpec) -> str:
    """A field's meaning when game.yaml gives none: its type, bounds and words."""
    if spec.type == "int":
        bounds = [f"at least {spec.min}" if spec.min is not None else ""]
        bounds += [f"at most {spec.max}" if spec.max is not None else ""]
        shown = ", ".join(b for b in bounds if b)
        return f"a whole number{', ' + shown if shown else ''}"
    words = {
        "text": "text",
        "bool": "true or false",
        "choice": "one of the words listed",
        "counts": "word: number for each word counted",
        "list": "a list (in a CSV cell: a; b)",
    }
    return words[spec.type] + ("" if spec.required else " (optional)")


# ------------------------------------------------------------------ the walk
def _strip_null(node: JsonDict) -> None:
    """``anyOf: [X, null]`` with ``default: null`` (an optional key) becomes X."""
    branches = node.get("anyOf")
    if not isinstance(branches, list) or node.get("default", 0) is not None:
        return
    rest = [b for b in branches if b != {"type": "null"}]
    if len(rest) == len(branches):
        return
    del node["anyOf"], node["default"]
    if len(rest) == 1:
        node.update(rest[0])
    else:
        node["anyOf"] = rest


def _one_of(values: list[str], *also: JsonDict) -> JsonDict:
    """A string from ``values`` (or, when given, matching one of ``also``)."""
    listed: JsonDict = {"type": "string", "enum": values} if values else {"type": "string"}
    return {"anyOf": [listed, *also]} if also else listed


def _set_string(node: JsonDict, choice: JsonDict) -> None:
    """Replace the string branch of ``node`` (or ``node`` itself) by ``choice``."""
    if node.get("type") == "string":
        for key in ("type", "pattern", "enum"):
            node.pop(key, None)
        node.update(choice)
        return
    for branch in node.get("anyOf", []):
        if branch.get("type") == "string":
            branch.clear()
            branch.update(choice)


def _profile_list(known: list[str]) -> Callable[[JsonDict], None]:
    """A ``profiles:`` list as check takes it: known names (when the project's are known),
    each once, one at least."""

    def narrow(node: JsonDict) -> None:
        node.update(minItems=1, uniqueItems=True)
        if known:
            node["items"] = {"enum": known}

    return narrow


def _enums(values: Mapping[str, list[str]]) -> dict[tuple[str, str], Callable[[JsonDict], None]]:
    """(model title, key) → how its value is narrowed to a known set."""
    sizes = _one_of(values["sizes"])
    faces = _one_of(values["faces"])
    colour = {"anyOf": [COLOUR, *([{"enum": values["colours"]}] if values["colours"] else [])]}

    def size(node: JsonDict) -> None:
        _set_string(node, sizes)

    def sizes_by_profile(node: JsonDict) -> None:
        _set_string(node.get("additionalProperties", {}), sizes)
        if values["profiles"]:
            node["propertyNames"] = {"enum": values["profiles"]}

    def face(node: JsonDict) -> None:
        _set_string(node, faces)
        for branch in node.get("anyOf", []):
            if branch.get("type") == "array":
                branch["items"] = faces

    def style(node: JsonDict) -> None:
        _set_string(node, _one_of(values["styles"]))

    def font(node: JsonDict) -> None:
        _set_string(node, _one_of(values["fonts"]))

    def text_colour(node: JsonDict) -> None:
        _set_string(node, colour)

    def icon(node: JsonDict) -> None:
        _set_string(node, _one_of(values["icons"], TEMPLATE))

    def fill(node: JsonDict) -> None:
        _set_string(node, {"anyOf": [*colour["anyOf"], TEMPLATE]})

    def include(node: JsonDict) -> None:
        node["items"] = _one_of(values["layouts"])

    def card_sizes(node: JsonDict) -> None:
        _set_string(node.get("items", {}), sizes)

    return {
        ("ComponentSpec", "size"): size,
        ("ComponentSpec", "sizes"): sizes_by_profile,
        ("ComponentSpec", "face"): face,
        ("ComponentSpec", "back"): face,
        ("FaceSpec", "extends"): face,
        ("FaceSpec", "size"): size,
        ("Spaces", "size"): size,
        ("BoxSpec", "style"): style,
        ("Style", "font"): font,
        ("Style", "color"): text_colour,
        ("BoxSpec", "icon"): icon,
        ("BoxSpec", "fill"): fill,
        ("BoxSpec", "stroke"): fill,
        ("LayoutFile", "include"): include,
        ("Profile", "card_sizes"): card_sizes,
        ("ComponentSpec", "profiles"): _profile_list(values["profiles"]),
        ("Block", "profiles"): _profile_list(values["profiles"]),
    }


def _model_node(node: JsonDict, title: str, narrow: Mapping[tuple[str, str], Any]) -> None:
    """Describe, narrow and strip the null branch of every key of one model's schema."""
    table = DESCRIPTIONS.get(title, {})
    for key, prop in node.get("properties", {}).items():
        _strip_null(prop)
        if "patternProperties" in prop:  # names of a form (a paper's, a colour's): no other
            prop.setdefault("additionalProperties", False)
        prop.pop("title", None)  # "Stroke Width": a key's own name says it better
        if "description" not in prop and key in table:
            prop["description"] = table[key]
        elif "description" not in prop and title.startswith("Counts_"):
            prop["description"] = f"how many {key}"
        if (title, key) in narrow:
            narrow[(title, key)](prop)
    if title == "Block":  # one key a block (and `profiles:` beside it): the schema says so
        node["if"] = {"required": ["profiles"]}
        node["then"] = {"minProperties": 2, "maxProperties": 2}
        node["else"] = {"minProperties": 1, "maxProperties": 1}


def enrich(schema: JsonDict, values: Mapping[str, list[str]], root_title: str) -> JsonDict:
    """``schema`` (a whole file's, ``$defs`` at the top) with descriptions, enums and
    optional keys without their null branch; ``root_title`` names the model at the top."""
    narrow = _enums(values)
    for title, definition in schema.get("$defs", {}).items():
        _model_node(definition, definition.get("title", title), narrow)
    _model_node(schema, root_title, narrow)
    return schema


def enrich_item(
    schema: JsonDict, component: ComponentSpec, code: str, values: Mapping[str, list[str]]
) -> JsonDict:
    """An item's schema with the game's own id prefix (pattern and example), and a
    description on every key: game.yaml's, else one from the field's type."""
    enrich(schema, values, "PageItem" if component.form == "page" else "Item")
    props = schema.get("properties", {})
    if "id" in props:
        props["id"]["pattern"] = f"^{code}(-[A-Z0-9]+)+$"
        props["id"]["examples"] = [f"{code}-{component.id.upper()}"]
        props["id"]["description"] = _ITEM["id"].replace("the game's code", f"{code}-")
    for key, text in _ITEM.items():
        if key in props and "description" not in props[key]:
            props[key]["description"] = text
    for name, spec in component.fields.items():
        if name in props:
            props[name]["description"] = spec.description or _field_description(spec)
    return schema
