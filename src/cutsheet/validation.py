"""Validation with locations: every pydantic error becomes ``path:line:col: message``."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from types import UnionType
from typing import Any, TypeVar, Union, get_args, get_origin
from weakref import WeakKeyDictionary

from pydantic import BaseModel, ValidationError

from .diagnostics import ContentError, Loc, Problem, clip, did_you_mean, excerpt
from .model import (
    COLOUR_NAME,
    COLOUR_OR_NAME,
    FONT_NAME,
    GAME_CODE,
    HEX_COLOUR,
    ITEM_ID,
    SLUG,
    GameSpec,
)
from .source import Located

M = TypeVar("M", bound=BaseModel)

_PATTERN_HINT = {
    ITEM_ID: "an id in capitals and digits joined by '-', e.g. CR-SEED-TENT",
    SLUG: "lower-case words joined by '-', e.g. common-reserve",
    GAME_CODE: "2 to 5 capital letters, e.g. CR",
    HEX_COLOUR: "a colour: '#' and six hexadecimal digits (0-9, A-F), e.g. #0B6E4F",
    COLOUR_NAME: "a name of letters, digits, '-' and '_', starting with a letter",
    COLOUR_OR_NAME: "a colour ('#' and six hexadecimal digits, 0-9 and A-F, e.g. #0B6E4F) or"
    " the name of one of the layout's 'colours'",
    FONT_NAME: "a font's name: letters, digits, spaces and '_.+~-', starting with a letter or"
    " digit",
}
"""How a value that does not match one of cutsheet's own patterns is written, said in words."""

_FIELD_WORDS: WeakKeyDictionary[type, dict[str, str]] = WeakKeyDictionary()


SYNONYMS = {
    "centre": ("center", "middle"),
    "centred": ("center", "middle"),
    "centered": ("center", "middle"),
    "center": ("middle",),
    "middle": ("center",),
}
"""Words a designer writes for an alignment that is spelt otherwise (``valign: centre`` for
``middle``, ``align: middle`` for ``center``): suggested when no spelling is close."""


def _synonym(given: str, words: list[str]) -> str:
    """ "; did you mean 'middle'?" for a word ``SYNONYMS`` knows, when one of its meanings
    is among ``words``; '' otherwise."""
    for meant in SYNONYMS.get(given.strip().lower(), ()):
        if meant in words:
            return f"; did you mean '{meant}'?"
    return ""


def describe_patterns(model: type[BaseModel], words: Mapping[str, str]) -> None:
    """How the values of ``model``'s fields with a ``pattern`` are written, in the words of
    their ``description`` (``e.g. 2R+1B``): said beside the pattern a value misses."""
    _FIELD_WORDS[model] = dict(words)


def _pattern_words(model: type[BaseModel], path: tuple[Any, ...]) -> str:
    """The description given to the field at ``path`` (its last name), or ''."""
    name = next((p for p in reversed(path) if isinstance(p, str)), "")
    return _FIELD_WORDS.get(model, {}).get(name, "")


def _data_path(data: Any, path: tuple[Any, ...]) -> tuple[Any, ...]:
    """``path`` without pydantic's union tags ("str", "tuple[float, float]", a model's name):
    only the keys and indexes that lead through ``data``."""
    out: list[Any] = []
    for p in path:
        found = _step(data, p)
        if found is _MISSING:
            continue  # a union member's tag, not a place in the file
        data = found
        out.append(p)
    return tuple(out)


def _cell_item(data: Any, data_path: tuple[Any, ...], path: tuple[Any, ...]) -> tuple[int, ...]:
    """The index in ``path`` of an item of a list written as one text (a CSV cell split on
    ';'), where ``data_path`` ends at that text: ``(1,)`` for the second; () otherwise (its
    place, when the reader noted one, is said; else the cell's)."""
    value = data
    for p in data_path:
        value = _step(value, p)
    if not isinstance(value, str) or not data_path:
        return ()
    last = max(i for i, p in enumerate(path) if p == data_path[-1])
    return next(((p,) for p in path[last + 1 :] if isinstance(p, int)), ())


_MISSING = object()


def _step(data: Any, p: Any) -> Any:
    """The value under key or index ``p`` of ``data``, or ``_MISSING``."""
    if isinstance(data, Mapping) and p in data:
        return data[p]
    if isinstance(data, list) and isinstance(p, int) and 0 <= p < len(data):
        return data[p]
    return _MISSING


def _branch_misses(errors: list[Any], data: Any) -> set[int]:
    """Errors of a union member whose type the value is not (``str`` for a mapping) when
    another member got further into the same value: that member is the one meant."""
    paths = [_data_path(data, tuple(e["loc"])) for e in errors]
    out = set()
    for i, err in enumerate(errors):
        if not _type_miss(err) or tuple(err["loc"]) == paths[i]:
            continue
        if any(
            j != i
            and paths[j][: len(paths[i])] == paths[i]
            and (len(paths[j]) > len(paths[i]) or not _type_miss(errors[j]))
            for j in range(len(errors))
        ):
            out.add(i)
    return out


def _union_misses_joined(said: list[tuple[Loc, str]], errors: list[Any]) -> list[tuple[Loc, str]]:
    """Each member's miss of a union at one place (``size: 15``: "input should be a valid
    string", "… a valid tuple") said once: "input should be a valid string or a valid tuple,
    got 15"."""
    out: list[tuple[Loc, str]] = []
    joined: dict[tuple[Loc, str, str], int] = {}
    for (loc, msg), err in zip(said, errors, strict=True):
        head, sep, rest = msg.partition("input should be ")
        wanted, got_sep, got = rest.rpartition(", got ")
        if not (_type_miss(err) and sep and got_sep):
            out.append((loc, msg))
            continue
        key = (loc, head, got)
        if key in joined:
            at, before = out[joined[key]]
            kinds, _, tail = before.partition("input should be ")[2].rpartition(", got ")
            out[joined[key]] = (at, f"{head}input should be {kinds} or {wanted}, got {tail}")
        else:
            joined[key] = len(out)
            out.append((loc, msg))
    return out


def _type_miss(err: Mapping[str, Any]) -> bool:
    """An error that says only which type the value is not (a union member's miss)."""
    return str(err["type"]).endswith("_type")


LAYOUT_KEYS = frozenset(
    {"include", "styles", "faces", "papers", "impositions", "sizes", "colours", "fonts"}
)
"""A layout file's own keys (``layouts.LayoutFile``'s, which this module may not import: a
test keeps them alike): one written in game.yaml is said to belong there (a designer's
probe: ``sizes:`` in game.yaml was only an unknown key, with the keys game.yaml allows)."""


def _unknown_key(path: tuple[Any, ...], model: type[BaseModel], located: Located) -> str:
    """A key the model does not take: the nearest it does, else those it does; a layout
    file's key in game.yaml, where it belongs."""
    key = str(path[-1])
    known = _known_keys(model, path[:-1], located)
    guess = difflib.get_close_matches(key[:100], known, n=1, cutoff=0.6)
    hint = f", did you mean '{guess[0]}'?" if guess else f" (allowed: {', '.join(known)})"
    if not path[:-1] and model is GameSpec and key in LAYOUT_KEYS:
        hint = f": '{key}:' belongs in a layout file (the one in layouts/ that 'layouts:' names)"
    return f"unknown key {excerpt(key)}{hint}"


def _message(err: Mapping[str, Any], model: type[BaseModel], located: Located) -> tuple[Loc, str]:
    path = tuple(err["loc"])
    kind = err["type"]
    if kind == "extra_forbidden":
        return located.key_loc(path), _unknown_key(path, model, located)
    if kind == "too_long" or (kind == "missing" and path and isinstance(path[-1], int)):
        return _list_length(err, path, located, model)
    if kind == "missing":
        row, cell = located.loc(path[:-1]), located.loc(path)  # a CSV's empty cell is placed
        in_csv = cell != row or str(path[-1]) in located.columns  # (its first cell: the row's)
        empty = " (its cell is empty)" if in_csv else ""
        return cell, f"missing key {excerpt(str(path[-1]))}{empty}"
    data_path = _data_path(located.data, path)
    at = located.loc((*data_path, *_cell_item(located.data, data_path, path)))
    # (a union member's tag is no place in the file)
    if path and path[-1] == "[key]":  # a mapping's key: the key is the mistake, not its value
        at, data_path = located.key_loc(path[:-1]), data_path[:-1]
    where = ".".join(clip(str(p), 40) for p in data_path if not isinstance(p, int))
    if kind == "string_pattern_mismatch":
        msg = _pattern_miss(err, model, data_path)
    elif kind == "literal_error":
        expected = str(err["ctx"]["expected"])
        msg = f"{excerpt(err['input'])} is not one of {clip(expected, 300)}"
        words = re.findall(r"'((?:[^'\\]|\\.)*)'", expected)  # pydantic quotes each with repr
        said = did_you_mean(str(err["input"]), words)
        if not said and data_path and data_path[-1] in ("align", "valign"):
            said = _synonym(str(err["input"]), words)  # a layout's word, not a designer's
        msg += said
    elif kind == "model_type":  # "a valid dictionary or instance of Counts_cost": ours
        msg = f"input should be a mapping of keys to values, got {excerpt(err['input'])}"
    elif shape := _shape_miss(err, _model_at(model, path) is not None):
        msg = shape
    elif kind.startswith("value_error") or kind == "assertion_error":
        msg = str(err["msg"]).removeprefix("Value error, ")
    elif err["input"] is None and located.prefix + tuple(data_path) in located.values:
        # written as `~`, `null` or nothing at all, in YAML
        msg = (
            f"{err['msg'][:1].lower()}{err['msg'][1:]}, got nothing (YAML reads an empty value,"
            " ~ and null as nothing: quote the value, '~', if it is the text)"
        )
    else:
        msg = f"{err['msg'][:1].lower()}{err['msg'][1:]}, got {excerpt(err['input'])}"
        one_key = isinstance(err["input"], dict) and len(err["input"]) == 1
        member = path[-1:] == ("str",)  # a union's member: said with the others (joined)
        if kind == "string_type" and not member and isinstance(err["input"], bool | int | float):
            # YAML reads true, no, on, 1, 2.5 unquoted as a yes/no or a number, not text
            msg += f" (YAML reads it as {_yaml_kind(err['input'])}: put it in quotes for the text)"
        elif kind == "string_type" and one_key and not member:
            if next(iter(err["input"].values())) is None:  # {note}: no ': ' in it
                msg += " (YAML reads text in { } as a mapping: put the text in quotes)"
            else:
                msg += (
                    " (a ': ' inside text makes YAML read a key and its value: put the text"
                    " in quotes)"
                )
    return at, f"{where}: {msg}" if where else msg


def _pattern_miss(
    err: Mapping[str, Any], model: type[BaseModel], data_path: tuple[Any, ...]
) -> str:
    """A text not of its pattern's form, said in words, with its lower-case spelling when
    that is of the form (a paper named A5, a size Big)."""
    pattern = err.get("ctx", {}).get("pattern", "")
    msg = f"{excerpt(err['input'])} is not "
    msg += _PATTERN_HINT.get(pattern, f"of the form {clip(pattern, 80)}")
    words = _pattern_words(model, data_path) if pattern not in _PATTERN_HINT else ""
    msg += f" ({clip(words, 80)})" if words else ""
    lower = str(err["input"]).lower()
    if lower != err["input"] and pattern and re.fullmatch(pattern, lower):
        msg += f"; did you mean '{clip(lower, 60)}'?"
    elif pattern == ITEM_ID and re.fullmatch(pattern, mended := _as_id(str(err["input"]))):
        msg += f"; did you mean '{clip(mended, 60)}'?"
    return msg


def _as_id(value: str) -> str:
    """``value`` written as an item id: capitals, anything else between them one '-'; ''
    for a value with a letter an id cannot have (an accent: dropped, it would be another
    id, or lose its game's code)."""
    if not value.isascii():
        return ""
    return re.sub(r"[^A-Z0-9]+", "-", value.upper()).strip("-")


def _model_at(model: type[BaseModel], path: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model of the values at ``path``, found by walking the model's annotations (through
    a mapping's values, a list's entries and a union's members); None for plain values."""
    current: Any = model
    for part in path:
        if isinstance(part, int):
            continue  # a list's entry: _inner finds the model inside the list
        current = _child(current, str(part))
        if current is None:
            return None
    found = _inner(current, mappings=False)
    return found if isinstance(found, type) else None


def _shape_miss(err: Mapping[str, Any], of_mappings: bool = False) -> str:
    """A list written where a mapping is wanted ('- ' items for 'key:' ones), or the other
    way round, or a list of too few items, said in words (not with a Python rendering of the
    value); else ""."""
    kind, value = err["type"], err["input"]
    if kind == "dict_type" and isinstance(value, list):
        n = len(value)
        return (
            f"input should be a mapping of names to values, got a list of {n:,}"
            f" item{'s' * (n != 1)} (write each as 'NAME: …' on its own line, not '- …')"
        )
    if kind == "list_type" and isinstance(value, dict):
        return "input should be a list, got a mapping (write each item on a line of its own, '- …')"
    if kind == "list_type" and isinstance(value, str | int | float) and not of_mappings:
        return (
            f"input should be a list, got {excerpt(value)} (a list of one is written in"
            f" brackets: [{clip(str(value), 60)}])"
        )
    if kind in ("string_too_long", "string_too_short"):  # a text field's min and max
        ctx = err.get("ctx", {})
        bound = ctx.get("max_length") if kind == "string_too_long" else ctx.get("min_length")
        most = "at most" if kind == "string_too_long" else "at least"
        return f"{excerpt(value)} has {len(str(value)):,} characters; this field takes {most} {bound:,}"
    if kind == "too_short" and isinstance(value, list):
        least = int(err.get("ctx", {}).get("min_length", 1))
        got = f"{len(value):,}" if value else "none"
        return f"takes at least {least:,} item{'s' * (least != 1)}, got {got}"
    return ""


def _yaml_kind(value: bool | int | float) -> str:
    return "a yes/no" if isinstance(value, bool) else "a number"


def _list_length(
    err: Mapping[str, Any], path: tuple[Any, ...], located: Located, model: type[BaseModel]
) -> tuple[Loc, str]:
    """A list of too few items (pydantic: the first missing position) or too many (its
    ``too_long``), said as the number of items it takes, at the list; a size's message says
    what a size is (and that a name will do, where one will)."""
    listed = path[:-1] if err["type"] == "missing" else path
    data_path = _data_path(located.data, listed)
    words = [str(p) for p in data_path if not isinstance(p, int)]
    got = _at(located.data, data_path)
    takes, named = _tuple_shape(model, words)
    if takes is None and err["type"] == "too_long":
        takes = err.get("ctx", {}).get("max_length")
    if takes is not None:
        msg = f"takes {takes} items, got {excerpt(got)}"
    else:
        msg = f"too {'few' if err['type'] == 'missing' else 'many'} items, got {excerpt(got)}"
    if words and (words[-1] in ("size", "sizes") or words[-2:-1] == ["sizes"]):
        msg += " (a size is [width, height] in mm" + (", or a size's name)" if named else ")")
    where = ".".join(clip(w, 40) for w in words)
    return located.loc(data_path), f"{where}: {msg}" if where else msg


def _tuple_shape(model: type[BaseModel], words: list[str]) -> tuple[int | None, bool]:
    """How many items the tuple at ``words`` (keys from ``model``) takes, and whether a
    text (a name) will do instead; (None, False) when it is no tuple of a fixed length."""
    ann: Any = model
    for word in words:
        ann = _child(ann, word)
        if ann is None:
            return None, False
    members = get_args(ann) if get_origin(ann) in (Union, UnionType) else (ann,)
    sizes = [len(get_args(m)) for m in members if get_origin(m) is tuple and ... not in get_args(m)]
    return (sizes[0] if sizes else None), str in members


def _known_keys(model: type[BaseModel], path: tuple[Any, ...], located: Located) -> list[str]:
    """Field names allowed at ``path``, found by walking the model's annotations (through a
    mapping's values, a list's entries and a union's members)."""
    found = _model_at(model, path)
    if found is None:
        return []
    rule = _KEY_RULES.get(found)
    if rule is not None:  # the keys depend on the value (a box's on its kind)
        return rule(found, _at(located.data, path), _at(located.data, path[:-2]))
    return list(found.model_fields)


KeyRule = Callable[[type[BaseModel], Any, Any], list[str]]
"""The keys a value of a model may have, from the model, the value, and the data two steps
up (for a value in a mapping of a model, e.g. a box in ``boxes`` of a face, that model's)."""

_KEY_RULES: dict[type[BaseModel], KeyRule] = {}


def key_rule(model: type[BaseModel], rule: KeyRule) -> None:
    """Unknown-key messages of ``model`` list (and suggest from) the keys ``rule`` gives."""
    _KEY_RULES[model] = rule


def _child(ann: Any, part: str) -> Any:
    """The annotation of key ``part`` inside ``ann`` (a model's field, a mapping's value)."""
    inner = _inner(ann, mappings=True)
    if isinstance(inner, type) and issubclass(inner, BaseModel):
        field = inner.model_fields.get(part)
        return None if field is None else field.annotation
    if inner is not None:  # dict[K, V]: any key leads to V
        return inner.__args__[1]
    return None


def _inner(ann: Any, *, mappings: bool) -> Any:
    """The first model (or, with ``mappings``, ``dict[K, V]``) inside ``ann``: through
    ``X | None``, ``list[X]``, ``Annotated[X, …]``."""
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    if getattr(ann, "__origin__", None) is dict:
        if mappings:
            return ann
        return _inner(ann.__args__[1], mappings=False)
    for arg in getattr(ann, "__args__", ()) or ():
        found = _inner(arg, mappings=mappings)
        if found is not None:
            return found
    return None


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = _step(data, p)
        if data is _MISSING:
            return None
    return data


def validate(model: type[M], located: Located) -> M:
    """Validate located data; every pydantic error becomes a located problem."""
    try:
        return model.model_validate(located.data)
    except ValidationError as exc:
        problems = []
        errors = exc.errors()
        misses = _branch_misses(errors, located.data)
        kept = [err for i, err in enumerate(errors) if i not in misses] or errors
        for loc, msg in _union_misses_joined([_message(e, model, located) for e in kept], kept):
            problems.append(Problem(loc, msg))
        raise ContentError(list(dict.fromkeys(problems))) from None  # a list's items: said once
