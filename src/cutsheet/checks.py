"""Generic content checks, parameterised by each game's YAML: counts, ids, totals."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path

from .built import Component
from .confine import FileRefused, read_file
from .content_files import content_files
from .diagnostics import (
    ContentError,
    Loc,
    Problem,
    and_list,
    clip,
    counted,
    first_and_more,
)
from .model import Game

SPANS_SAID = 5  # runs of a CSV deck's rows a count mismatch names (then "and N more places")


def check_counts(game: Game) -> list[Problem]:
    """Every component prints exactly the number its ``count`` states (the rulebook's)."""
    problems = []
    for i, comp in enumerate(game.components):
        if comp.printed != comp.spec.count:
            count_loc = game.game_src.loc(("components", i, "count"))
            where, rows = _items_place(comp)
            problems.append(
                Problem(
                    where,
                    f"{comp.spec.name}: {comp.printed} printed{rows}, but the rulebook needs "
                    f"{comp.spec.count} (count at {count_loc})",
                )
            )
    return problems


def _items_place(comp: Component) -> tuple[Loc, str]:
    """Where a component's items are, and, for rows of a CSV file, on which lines its rows
    start: a deck drawn from a shared card list (``where``) is said at its first row, not at
    the file's header, and its rows are named in runs (``9 to 26 and 66``: a row moved away
    from its deck is seen)."""
    copies = _copies_said(comp)
    if not comp.src.columns or not comp.items:  # a YAML list: its place is its first item
        entries = f"{counted(len(comp.items), 'item')}, copies: {copies}" if copies else ""
        return comp.src.loc(()), f" ({entries})" if entries else ""
    runs: list[list[tuple[int, int]]] = []  # runs of adjacent rows: (row, line) each
    for item in comp.items:
        row, line = item.src.prefix[-1], item.src.loc(()).line
        if runs and runs[-1][-1][0] == row - 1:
            runs[-1].append((row, line))
        else:
            runs.append([(row, line)])
    spans = [f"{r[0][1]}" if len(r) == 1 else f"{r[0][1]} to {r[-1][1]}" for r in runs]
    if len(spans) > SPANS_SAID:
        spans = [*spans[: SPANS_SAID - 1], f"{len(spans) - SPANS_SAID + 1} more places"]
    rows = "its row at line" if len(comp.items) == 1 else "its rows at lines"
    copied = f"; copies: {copies}" if copies else ""
    return comp.items[0].src.loc(()), f" (from {rows} {and_list(spans)}{copied})"


COPIES_SAID = 3
"""How many items with more than one copy a count that does not match names."""


def _copies_said(comp: Component) -> str:
    """The items printed more than once, as a count that does not match says them ("2 of
    HH-TEA and 3 of HH-RUM"): a designer sees what besides the entries makes the count; ''
    when every item prints once."""
    many = [f"{i.copies:,} of {i.id}" for i in comp.items if i.copies > 1]
    return and_list(first_and_more(many, COPIES_SAID))


def check_ids(game: Game) -> list[Problem]:
    """Item ids are unique across the game and start with the game's code."""
    problems = []
    first: dict[str, str] = {}
    prefix = game.spec.code + "-"
    for comp in game.components:
        for item in comp.items:
            loc = item.src.loc(("id",))
            if item.id in first:
                if str(loc) == first[item.id]:  # the same id text again (a merge <<: *a)
                    loc = item.src.loc(())  # this item, not the text it repeats
                problems.append(
                    Problem(loc, f"duplicate id '{item.id}' (first at {first[item.id]})")
                )
            else:
                first[item.id] = str(loc)
            if not item.id.startswith(prefix):
                problems.append(Problem(loc, f"id '{item.id}' must start with '{prefix}'"))
    return problems


def check_totals(game: Game) -> list[Problem]:
    """Quantities of a ``counts`` field add up to its declared ``total``."""
    problems = []
    for comp in game.components:
        for name, spec in comp.spec.fields.items():
            if spec.type != "counts" or spec.total is None:
                continue
            for item in comp.items:
                values = item.values.get(name)
                if values is None:
                    continue
                total = sum(values.values())
                if total != spec.total:
                    parts = " + ".join(str(v) for v in values.values())
                    problems.append(
                        Problem(
                            item.loc(name),
                            f"{item.id}: {name} adds up to {parts} = {total}, must be {spec.total}",
                        )
                    )
    return problems


def game_specific(game: Game, name: str = "check") -> Callable[..., list[Problem]] | None:
    """``cutsheet.games.<game_id>.check`` (or the function ``name``) when that module exists
    (a game needs none)."""
    module_name = f"{__package__}.games.{game.id.replace('-', '_')}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise
    return getattr(module, name, None)


MAX_UNREAD = 10
"""At most this many unread files are named, one warning each (the last says how many more)."""


def unread_files(game: Game) -> list[Problem]:
    """A warning at each YAML or CSV file in the game's folder that no build reads: not
    game.yaml, rules.yaml nor any component's ``source`` (a list left over from the scaffold,
    a copy saved beside the one a component names): an edit there would change nothing."""
    game_dir = Path(game.root)
    read = {os.path.normpath(os.path.abspath(f)) for f in game.files}
    unread = [
        rel
        for rel in content_files(game_dir)
        if os.path.normpath(os.path.abspath(game_dir / rel)) not in read
    ]
    if unread:
        unread = [rel for rel in unread if not named_by_another_game(game_dir, rel)]
    shown = os.path.dirname(game.game_src.file)  # the folder as this game's paths show it
    problems = []
    for i, rel in enumerate(unread[:MAX_UNREAD]):
        more = len(unread) - MAX_UNREAD
        files = "file" if more == 1 else "files"
        tail = f" (and {more} more {files} not read)" if i == MAX_UNREAD - 1 and more > 0 else ""
        problems.append(
            Problem(
                Loc(os.path.join(shown, rel), 1, 1),
                "this file is not read: no component's 'source' names it (a game reads its"
                " game.yaml, its rules.yaml and the files its components name), so a change"
                f" here changes nothing{tail}",
                "warning",
                code="unread",
            )
        )
    return problems


def named_by_another_game(game_dir: Path, rel: str) -> bool:
    """Whether another game's game.yaml names the file (``source: ../<game>/<file>``: a file
    two games share), read as text, at most ``MAX_GAME_YAML`` bytes of each: by its folder
    and path (a comment saying "rules.yaml" names no file of this folder)."""
    name = f"{game_dir.name}/{rel}".encode()
    content = os.path.realpath(game_dir.parent)
    try:
        others = [d for d in game_dir.parent.iterdir() if d != game_dir]
    except OSError:
        return False
    for other in others:
        path = os.path.realpath(other / "game.yaml")
        if not path.startswith(content + os.sep):  # nothing outside content/ is read
            continue
        try:  # a regular file only, never waited on (``confine.read_file``)
            if name in read_file(path, MAX_GAME_YAML):
                return True
        except FileRefused:
            continue
    return False


MAX_GAME_YAML = 1 << 20


def run_checks(game: Game) -> list[Problem]:
    problems = check_counts(game) + check_ids(game) + check_totals(game) + unread_files(game)
    return problems + empty_rules(game) + _game_checks(game, "check", game)


def empty_rules(game: Game) -> list[Problem]:
    """A warning when rules.yaml has no section: rules.pdf and the booklet would print the
    title alone, which no player can learn the game from."""
    if game.rules.sections:
        return []
    said = "sections: none, so rules.pdf and rules-booklet.pdf print the title alone; add one"
    said += " (a heading and its blocks)"
    return [Problem(game.rules_src.key_loc(("sections",)), said, "warning")]


def run_profile_checks(game: Game, profile: str) -> list[Problem]:
    """The game's own checks of what one profile prints (``games.<game>.check_profile``):
    each profile that a check or build makes is asked, and no other."""
    return _game_checks(game, "check_profile", game, profile)


def _game_checks(game: Game, name: str, *args: object) -> list[Problem]:
    """The problems of the game's own check ``name``, called with ``args``."""
    problems: list[Problem] = []
    specific = game_specific(game, name)
    if specific is not None:
        try:
            problems.extend(specific(*args))
        except ContentError as exc:  # a component the arithmetic needs is missing
            problems.extend(exc.problems)
        except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError) as exc:
            # content of a shape the game's arithmetic does not expect: say so, where the
            # game's components are, rather than stop with a traceback
            why = clip(" ".join(f"{type(exc).__name__}: {exc}".split()), 200)
            problems.append(
                Problem(
                    game.game_src.key_loc(("components",)),
                    f"the rulebook checks of '{game.id}' cannot read this content ({why});"
                    f" see cutsheet/games/{game.id.replace('-', '_')}.py for what they expect",
                )
            )
    return problems
