"""JSON Schema for every kind of content file, generated from the pydantic models.

Content files name their schema on their first line
(``# yaml-language-server: $schema=../../schema/game.schema.json``) so editors complete keys
and flag mistakes as you type. Each schema file is one self-contained JSON Schema (draft
2020-12, the dialect pydantic writes): every ``$ref`` points into the ``$defs`` at the top of
its own document. ``cutsheet check`` reports committed schemas that the models no longer
produce (:func:`stale_schemas`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .content import discover, located_item_model
from .diagnostics import ContentError, Loc, Problem, display_path
from .itemmodel import item_model
from .layouts import LayoutFile
from .model import ComponentSpec, GameSpec, PageItem, RulesSpec, validate
from .output import atomic_write
from .profiles import Profile
from .schema_enrich import enrich, enrich_item, known_values, read_values
from .source import load_yaml

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SUFFIX = ".schema.json"
STALE = "schema is out of date; run 'cutsheet schema' to mend it"
MISSING = "no schema yet for this content file; run 'cutsheet schema' to write it"
ORPHAN = "no content uses this schema any more; 'cutsheet schema' removes it"


def item_schema(
    component: ComponentSpec,
    vocab: Mapping[str, list[str]],
    code: str = "XX",
    values: Mapping[str, list[str]] | None = None,
) -> dict[str, Any]:
    """JSON Schema of one item of ``component``: a standalone document (its ``$defs`` at the
    top), ids starting with the game's ``code``, each field described (game.yaml's
    ``description``, else its type). Raises KeyError for a field whose vocabulary is unknown
    (as :func:`cutsheet.model.item_model` does)."""
    if component.form == "page":
        schema = PageItem.model_json_schema()
    else:
        schema = item_model(component, vocab).model_json_schema()
    return enrich_item(schema, component, code, values or known_values())


def _document(schema: dict[str, Any], title: str | None = None) -> dict[str, Any]:
    """A whole schema file: ``schema`` with the dialect it is written in (and a title)."""
    doc = {"$schema": DIALECT, **schema}
    if title is not None:
        doc["title"] = title
    return doc


def items_file_schema(title: str, item: dict[str, Any]) -> dict[str, Any]:
    """Schema of a YAML items file (``items:`` and a list of ``item``), ``$defs`` hoisted."""
    item = dict(item)
    defs = item.pop("$defs", {})
    doc: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["items"],
        "properties": {
            "items": {"type": "array", "items": item, "description": "the items, one entry each"}
        },
    }
    if defs:
        doc["$defs"] = defs
    return _document(doc, title)


def _fixed_schemas(values: Mapping[str, list[str]]) -> dict[str, dict[str, Any]]:
    models: dict[str, type[BaseModel]] = {
        "game": GameSpec,
        "rules": RulesSpec,
        "layout": LayoutFile,
        "profile": Profile,
    }
    return {
        f"{name}{SUFFIX}": _document(enrich(model.model_json_schema(), values, model.__name__))
        for name, model in models.items()
    }


def game_schemas(
    game_dir: Path, values: Mapping[str, list[str]] | None = None
) -> dict[str, dict[str, Any]]:
    """Relative file name → schema of each component of one game read from a YAML file.

    Only game.yaml is read (the items need not be valid for their schema to be written);
    raises ContentError when game.yaml itself is invalid or names an unknown vocabulary.
    """
    gid = game_dir.name
    game_src = load_yaml(game_dir / "game.yaml")
    game = validate(GameSpec, game_src)
    out: dict[str, dict[str, Any]] = {}
    problems: list[Problem] = []
    for index, comp in enumerate(game.components):
        if comp.source is None or not comp.source.lower().endswith((".yaml", ".yml")):
            continue
        try:
            if comp.form != "page":
                located_item_model(comp, index, game, game_src)  # its mistakes, located
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        item = item_schema(comp, game.vocab, game.code, values)
        out[f"{gid}/{comp.id}{SUFFIX}"] = items_file_schema(f"{game.title}: {comp.name}", item)
    if problems:
        raise ContentError(problems)
    return out


def _all_schemas(
    root: Path, values: Mapping[str, list[str]] | None = None
) -> tuple[dict[str, dict[str, Any]], list[Problem], list[str]]:
    """Every schema that can be built, the problems of the games that cannot, and their ids."""
    values = values if values is not None else known_values(root)
    out = _fixed_schemas(values)
    problems: list[Problem] = []
    broken: list[str] = []
    for gid in discover(root / "content"):
        try:
            out.update(game_schemas(root / "content" / gid, values))
        except ContentError as exc:
            problems.extend(exc.problems)
            broken.append(gid)
    return dict(sorted(out.items())), problems, broken


def schemas(root: Path) -> dict[str, dict[str, Any]]:
    """Relative file name → schema, for the fixed files and each game's YAML item files,
    in name order. Raises ContentError (with every game's problems) if a game.yaml is invalid."""
    out, problems, _broken = _all_schemas(root)
    if problems:
        raise ContentError(problems)
    return out


def render(schema: Mapping[str, Any]) -> str:
    """The exact text of a schema file: sorted keys, two-space indent, a trailing newline."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _write_atomic(path: Path, text: str) -> bool:
    """Write through a temporary file beside ``path`` and rename it (``atomic_write``), so a
    reader (an editor) never sees half a file; an unchanged file is left alone. Whether it
    changed. An OSError names ``path``, not the temporary file."""
    data = text.encode("utf-8")
    if path.is_file() and path.read_bytes() == data:
        return False
    atomic_write(path, data)
    return True


@dataclass(frozen=True)
class SchemaUpdate:
    """What :func:`update_schemas` did: the files written (changed or not), the schema files
    removed (their component or game is gone) and the problems of games that could not be
    read (their schemas are left as they were); ``changed``, those written whose bytes are
    new (``cutsheet new`` lists them)."""

    written: tuple[Path, ...]
    removed: tuple[Path, ...]
    problems: tuple[Problem, ...]
    changed: tuple[Path, ...] = ()


def update_schemas(root: Path, out: Path) -> SchemaUpdate:
    """Write every schema that can be built under ``out`` (atomically, deterministically) and
    remove the ``*.schema.json`` files under ``out`` that no content uses any more. A game
    whose game.yaml does not load keeps its schema files and reports its problems."""
    expected, problems, broken = _all_schemas(root)
    written, changed = [], []
    for name, schema in expected.items():
        path = out / name
        if _write_atomic(path, render(schema)):
            changed.append(path)
        written.append(path)
    removed = []
    for path in sorted(out.rglob(f"*{SUFFIX}")) if out.is_dir() else []:
        name = path.relative_to(out).as_posix()
        if name in expected or ("/" in name and name.split("/", 1)[0] in broken):
            continue
        if not path.is_file():  # a folder of the designer's own, named like a schema
            continue
        path.unlink()
        removed.append(path)
        if path.parent != out and not any(path.parent.iterdir()):
            path.parent.rmdir()  # a game's folder, empty once its last schema is gone
    return SchemaUpdate(tuple(written), tuple(removed), tuple(problems), tuple(changed))


def write_schemas(root: Path, out: Path) -> list[Path]:
    """Write every schema under ``out`` (see :func:`update_schemas`); return the paths.

    Raises ContentError, after writing what it could, when a game.yaml is invalid."""
    update = update_schemas(root, out)
    if update.problems:
        raise ContentError(list(update.problems))
    return list(update.written)


def stale_schemas(root: Path, games: Iterable[str] | None = None) -> list[Problem]:
    """A warning for each schema file under ``root/schema`` that is missing or differs from
    what the models produce now, and for each ``*.schema.json`` no content uses: a stale
    schema misleads an editor but never a build, and ``cutsheet schema`` mends both.

    ``games`` limits the per-game files looked at (the shared ones are always looked at).
    A game whose game.yaml does not load is skipped: ``cutsheet check`` reports why. While a
    layout file does not load, nothing is said: the schemas would lack its names, and every
    one would read as out of date for a mistake ``check`` already reports.
    """
    folder = root / "schema"
    values, unread = read_values(root)
    if unread:
        return []
    expected, _problems, broken = _all_schemas(root, values)
    wanted = None if games is None else set(games)

    def considered(name: str) -> bool:
        gid = name.split("/", 1)[0] if "/" in name else None
        if gid is None:
            return True
        return gid not in broken and (wanted is None or gid in wanted)

    problems: list[Problem] = []
    for name, schema in expected.items():
        if not considered(name):
            continue
        path = folder / name
        try:
            current: str | None = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            problems.append(Problem(Loc(display_path(path), 1, 1), MISSING, "warning"))
            continue
        except UnicodeDecodeError:
            current = None
        if current != render(schema):
            problems.append(Problem(Loc(display_path(path), 1, 1), STALE, "warning"))
    for path in sorted(folder.rglob(f"*{SUFFIX}")):
        name = path.relative_to(folder).as_posix()
        if name not in expected and considered(name) and path.is_file():
            problems.append(Problem(Loc(display_path(path), 1, 1), ORPHAN, "warning"))
    return problems
