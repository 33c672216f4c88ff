"""Discover games and load one game's content into frozen models (the 'model' stage)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from pydantic import BaseModel

from .confine import confined, not_a_file, project_of
from .diagnostics import ContentError, Loc, Problem, clip, closest, did_you_mean, excerpt
from .fieldspec import ITEM_KEYS
from .itemmodel import BadPattern, BadWord, ItemBase, item_model
from .model import (
    MAX_PRINTED,
    ComponentSpec,
    Game,
    GameSpec,
    Item,
    PageItem,
    RulesSpec,
    validate,
)
from .names_known import component_profiles, document_names, duplicate_components
from .source import Located, load_any, load_yaml

_NOT_VALUES = set(ITEM_KEYS)  # an item's own keys, not among its values (``Item``)


def discover(content_dir: Path) -> list[str]:
    """Game ids: every folder of ``content/`` that holds a game.yaml, in name order."""
    return sorted(p.parent.name for p in content_dir.glob("*/game.yaml"))


def _items_of(
    spec: ComponentSpec,
    index: int,
    game_src: Located,
    game_dir: Path,
    root: Path | None,
    project: Path,
) -> tuple[Located, list[Located]]:
    """The located list of a component's items, from its source file or inline. A source
    file must lie inside the project folder (symlinks followed)."""
    if spec.source is None:
        where = ("components", index, "items")
        items = game_src.sub(where)
        return items, [items.sub((j,)) for j in range(len(items.data))]
    loc = game_src.loc(("components", index, "source"))
    if not spec.source.strip():  # (it would name the game's folder itself)
        message = (
            "source is empty: name the YAML or CSV file of its items, or list them under items:"
        )
        raise ContentError([Problem(loc, message)])
    path = confined(spec.source, project, loc, "source", base=game_dir)
    refused = not_a_file(path)
    if refused is not None:  # a folder, a FIFO: not "no file"
        raise ContentError([Problem(loc, f"source {excerpt(spec.source)} {refused}")])
    if not path.is_file():
        raise ContentError([Problem(loc, f"no file {excerpt(spec.source)}{_nearby(path)}")])
    doc = load_any(path, root)
    if path.suffix.lower() == ".csv":
        return doc, [doc.sub((j,)) for j in range(len(doc.data))]
    if not doc.data:  # nothing in it (an editor's save caught between truncate and write)
        raise ContentError(
            [Problem(doc.loc(()), "this file holds nothing: expected 'items:' and a list")]
        )
    if not isinstance(doc.data, dict) or "items" not in doc.data:
        said = "expected a mapping with a list under 'items'"
        if path.suffix.lower() not in (".yaml", ".yml"):  # a card list saved as .txt
            said += " (a source is read as YAML unless its name ends in .csv)"
        raise ContentError([Problem(doc.loc(()), said)])
    extra = sorted(set(doc.data) - {"items"})
    if extra:
        raise ContentError([Problem(doc.key_loc((extra[0],)), f"unknown key {excerpt(extra[0])}")])
    items = doc.sub(("items",))
    if not isinstance(items.data, list):
        raise ContentError([Problem(items.loc(()), "'items' must be a list")])
    return items, [items.sub((j,)) for j in range(len(items.data))]


_NO_SOURCE = ("game.yaml", "rules.yaml")


def _nearby(path: Path) -> str:
    """ "; did you mean …?" naming a YAML or CSV file beside where ``path`` was looked for
    (``event.yaml`` for ``events.yaml``), or ""."""
    try:
        names = sorted(
            p.name
            for p in path.parent.iterdir()
            if p.suffix.lower() in (".yaml", ".yml", ".csv")
            and p.name not in _NO_SOURCE  # a game's own files are never a component's source
            and p.is_file()
        )
    except OSError:
        return ""
    return did_you_mean(path.name, names)


def _no_items(spec: ComponentSpec, index: int, game_src: Located, listing: Located) -> Problem:
    """A component with nothing to print: an empty ``items``, a CSV with a header only."""
    name = excerpt(spec.id)
    if spec.source is None:
        loc = game_src.loc(("components", index, "items"))
        return Problem(loc, f"component {name} has no items ('items' is empty)")
    if listing.file.lower().endswith(".csv"):
        return Problem(listing.loc(()), f"component {name}: this CSV has a header but no rows")
    return Problem(listing.loc(()), f"component {name} has no items ('items' is empty)")


def _selected(spec: ComponentSpec, located: Located) -> bool:
    data = located.data if isinstance(located.data, dict) else {}
    return all(str(data.get(k)) == v for k, v in spec.where.items())


def _listed(values: list[str], most: int = 12) -> str:
    shown = ", ".join(clip(v, 30) for v in values[:most])
    return shown if len(values) <= most else f"{shown} and {len(values) - most:,} more"


def _where_problems(
    spec: ComponentSpec, index: int, game_src: Located, listing: Located, items: list[Located]
) -> list[Problem]:
    """A ``where:`` that selects nothing is a mistake: a key no item has, or a value no item
    has, is an error at that key or value, with the valid ones and a suggestion."""
    problems = []
    rows = [li.data for li in items if isinstance(li.data, dict)]
    for key, value in spec.where.items():
        path = ("components", index, "where", key)
        keys = sorted({k for row in rows for k in row} | set(listing.columns))
        if key not in keys:
            problems.append(
                Problem(
                    game_src.key_loc(path),
                    f"where: no item has a field {excerpt(key)} (fields: {_listed(keys)})"
                    + did_you_mean(key, keys),
                )
            )
            continue
        values = sorted({str(row[key]) for row in rows if key in row})
        if value not in values:
            problems.append(
                Problem(
                    game_src.loc(path),
                    f"where: no item has {clip(key, 40)} {excerpt(value)}"
                    f" (values: {_listed(values)})" + did_you_mean(value, values),
                )
            )
    return problems


def _declare(declared: Located | None) -> str:
    """How a column of the designer's own becomes a field: declared in the component's
    ``fields:`` in game.yaml (at its first field, when it has some)."""
    first = next(iter(declared.data), None) if declared is not None else None
    at = f" ({declared.key_loc((first,))})" if declared is not None and first else ""
    return (
        f"; a column of your own is a field declared under the component's fields: in game.yaml{at}"
    )


def _header_problems(
    listing: Located,
    model: type[BaseModel],
    declared: Located | None = None,
) -> list[Problem]:
    """A CSV column that is no field of the items (a misspelt header), at its header cell.
    When the field it is nearest to is one the component declares (``declared``: its
    ``fields:`` in game.yaml) and no column fills, either name may be the misspelt one: the
    message says where that field is declared too. A required field that no column fills
    (and no misspelt column is near) is one problem at the header, not one a row."""
    known = list(model.model_fields)
    problems = []
    guessed: set[str] = set()
    for name, loc in listing.columns.items():
        if name in known:
            continue
        hint = did_you_mean(name, known) or f" (fields: {', '.join(known)}){_declare(declared)}"
        near = closest(name, known)
        guessed.add(near or "")
        if near not in listing.columns and declared is not None and near in declared.data:
            hint += (
                f" (no column fills that field; if its name is the misspelt one, rename it"
                f" where it is declared: {declared.key_loc((near,))})"
            )
        problems.append(Problem(loc, f"unknown column {excerpt(name)}{hint}"))
    if not listing.columns:  # not a CSV: a missing key is said at its item
        return problems
    first = min(listing.columns.values(), key=lambda at: (at.line, at.col))
    for name, info in model.model_fields.items():
        if info.is_required() and name not in listing.columns and name not in guessed:
            said = f"no column {excerpt(name)}, a field every row must fill"
            if declared is not None and name in declared.data:
                said += f" (declared at {declared.key_loc((name,))})"
            problems.append(Problem(first, said + "; add it to the header"))
    return problems


def _uncovered_rows(
    decks: list[tuple[ComponentSpec, Located, list[Located]]],
) -> list[Problem]:
    """Decks that share one source with ``where:`` must take every row exactly once: a row no
    deck takes (a ``stage`` spelt ``strat``) is an error at its cell, with the values the
    decks take and a suggestion; a row two decks take, an error naming both."""
    rows = decks[0][2]
    keys = sorted({k for spec, _l, _r in decks for k in spec.where})
    problems = []
    for row in rows:
        taking = [spec.id for spec, _l, _r in decks if _selected(spec, row)]
        if len(taking) == 1:
            continue
        data = row.data if isinstance(row.data, dict) else {}
        if taking:
            shown = " and ".join(f"'{t}'" for t in taking)
            problems.append(
                Problem(row.loc(()), f"this row is taken by {len(taking)} decks, {shown}")
            )
            continue
        # blame the first cell whose value no deck asks for, else the first where: key
        wanted = {k: sorted({s.where[k] for s, _l, _r in decks if k in s.where}) for k in keys}
        key = next((k for k in keys if str(data.get(k)) not in wanted[k]), keys[0])
        value = str(data.get(key, ""))
        loc = row.loc((key,))  # an empty cell has its place too; a key never written, the row's
        problems.append(
            Problem(
                loc,
                f"no deck takes this row: {clip(key, 40)} {excerpt(value)} is none of"
                f" {_listed(wanted[key])}" + did_you_mean(value, wanted[key]),
            )
        )
    return problems


def _shared_sources(
    read: dict[str, list[tuple[ComponentSpec, Located, list[Located]]]],
    failed_where: set[str],
) -> list[Problem]:
    """:func:`_uncovered_rows` for each source file that several decks share through
    ``where:`` (a deck whose own ``where:`` is wrong is reported at that key, and its file is
    not). One deck may take part of a file: the rows it leaves are left on purpose."""
    problems = []
    for decks in read.values():
        if len(decks) < 2 or not any(spec.where for spec, _l, _r in decks):
            continue
        if any(spec.id in failed_where for spec, _l, _r in decks):
            continue
        problems += _uncovered_rows(decks)
    return problems


def located_item_model(
    spec: ComponentSpec, index: int, gspec: GameSpec, game_src: Located
) -> type[ItemBase]:
    """The item model of component ``index``; a field it cannot be built from (an unknown
    vocabulary, a pattern that is no regex, a word a counts field cannot count) is a
    ContentError located in game.yaml."""
    try:
        return item_model(spec, gspec.vocab)
    except KeyError as exc:
        loc = game_src.loc(("components", index, "fields"))
        vocab = excerpt(exc.args[0] if exc.args else None)
        message = f"unknown vocabulary {vocab} (see 'vocab')"
    except BadPattern as exc:
        field_name, reason = exc.args
        loc = game_src.loc(("components", index, "fields", field_name, "pattern"))
        message = f"pattern is not a regular expression cutsheet can use: {reason}"
    except BadWord as exc:
        field_name, word, reason = exc.args
        of = spec.fields[field_name].of
        if isinstance(of, list):  # the word where it is written: in the field, or in 'vocab'
            loc = game_src.loc(("components", index, "fields", field_name, "of", of.index(word)))
        else:
            loc = game_src.loc(("vocab", str(of), gspec.vocab[str(of)].index(word)))
        message = (
            f"counts field {excerpt(field_name)} cannot count {excerpt(word)}: {reason};"
            " rename the word"
        )
    raise ContentError([Problem(loc, message)])


def _load_component(
    spec: ComponentSpec,
    index: int,
    gspec: GameSpec,
    game_src: Located,
    listing: Located,
    located_items: list[Located],
) -> tuple[Located, list[Item]]:
    if not located_items:
        raise ContentError([_no_items(spec, index, game_src, listing)])
    problems = _where_problems(spec, index, game_src, listing, located_items)
    located_items = [li for li in located_items if _selected(spec, li)]
    items: list[Item] = []
    if spec.form == "page" and listing.columns:  # a CSV: a page's blocks do not fit cells
        where = game_src.loc(("components", index, "source"))
        said = "a page's items come from YAML (their blocks nest), not from a CSV file"
        raise ContentError([*problems, Problem(where, said)])
    if spec.form == "page":
        model: type[BaseModel] = PageItem
    else:
        model = located_item_model(spec, index, gspec, game_src)
    declared = game_src.sub(("components", index, "fields")) if spec.fields else None
    problems += _header_problems(listing, model, declared)
    if problems:  # every row would repeat a header's mistake
        raise ContentError(problems)
    for located in located_items:
        try:
            obj = validate(model, located)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        values = obj.model_dump(exclude=_NOT_VALUES)
        kept = obj if spec.form == "page" else None
        items.append(Item(obj.id, obj.copies, obj.authored, values, located.places(), kept))
    if problems:
        raise ContentError(problems)
    return listing.places(), items


def _confined_file(path: Path, project: Path, root: Path | None) -> Path:
    """A game's own file (game.yaml, rules.yaml) that is inside the project folder: a
    symlink to somewhere else is refused before it is read."""
    base = os.path.abspath(root or Path.cwd())
    link = os.path.abspath(path)  # the path as named, its symlinks not followed
    shown = os.path.relpath(link, base) if Path(link).is_relative_to(base) else link
    return confined(path.name, project, Loc(str(shown)), "file", base=path.parent)


def _load_rules(
    path: Path, project: Path, root: Path | None, problems: list[Problem]
) -> tuple[RulesSpec, Located]:
    """The game's rules (empty ones, when they cannot be read: the problem goes to
    ``problems``) and where they are."""
    try:
        _confined_file(path, project, root)
        src = load_yaml(path, root)
        return validate(RulesSpec, src), src
    except ContentError as exc:
        problems.extend(_with_remedy(p, path) for p in exc.problems)
        return RulesSpec(sections=[]), Located({}, str(path), {(): Loc(str(path), 1, 1)})


def _with_remedy(problem: Problem, path: Path) -> Problem:
    """A game without its rules.yaml is told what the file is and where to start one."""
    if problem.message != "file not found" or problem.loc.line:
        return problem
    said = (
        "file not found: a game's rules live here, as sections of headings and text"
        " (`cutsheet new` writes a game whose rules.yaml is a start to copy)"
    )
    return replace(problem, message=said)


def load_game(game_dir: Path, root: Path | None = None, project: Path | None = None) -> Game:
    """Read and validate every content file of one game; raises ContentError with all problems.

    ``project`` is the project folder (default: the folder holding ``content/``); every file
    the game reads must lie inside it, symlinks followed. ``root`` only shortens the paths
    shown."""
    from .model import Component

    project = project if project is not None else project_of(game_dir)
    _confined_file(game_dir / "game.yaml", project, root)
    game_src = load_yaml(game_dir / "game.yaml", root)
    gspec = validate(GameSpec, game_src)
    problems: list[Problem] = []
    if gspec.id != game_dir.name:
        problems.append(
            Problem(
                game_src.loc(("id",)),
                f"id {excerpt(gspec.id)} must match its folder {excerpt(game_dir.name)}",
            )
        )
    problems += duplicate_components(gspec, game_src)
    problems += component_profiles(gspec, game_src, project)
    components: list[Component] = []
    files = [str(game_dir / "game.yaml"), str(game_dir / "rules.yaml")]
    files += sorted({str(game_dir / s.source) for s in gspec.components if s.source})
    read: dict[str, list[tuple[ComponentSpec, Located, list[Located]]]] = {}
    failed_where: set[str] = set()
    for i, spec in enumerate(gspec.components):
        try:
            listing, located = _items_of(spec, i, game_src, game_dir, root, project)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        if spec.source is not None:
            read.setdefault(spec.source, []).append((spec, listing, located))
        if _where_problems(spec, i, game_src, listing, located):
            failed_where.add(spec.id)
        if spec.form == "page":  # a page's texts are document templates, as the rules' are
            problems += document_names(listing, project)
        try:
            listing, items = _load_component(spec, i, gspec, game_src, listing, located)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        components.append(Component(spec, tuple(items), game_src.loc(("components", i)), listing))
    problems += _shared_sources(read, failed_where)
    rules, rules_src = _load_rules(game_dir / "rules.yaml", project, root, problems)
    problems += document_names(rules_src, project)
    printed = sum(c.printed for c in components)
    if printed > MAX_PRINTED:
        problems.append(
            Problem(
                game_src.key_loc(("components",)),
                f"the game prints {printed:,} items, over the {MAX_PRINTED:,} limit",
            )
        )
    if problems:
        raise ContentError(problems)
    return Game(gspec, str(game_dir), tuple(components), rules, game_src, rules_src, tuple(files))
