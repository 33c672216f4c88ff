"""Discover games and load one game's content into frozen models (the 'model' stage)."""

from __future__ import annotations

from pathlib import Path

from .diagnostics import ContentError, Loc, Problem
from .itemmodel import item_model
from .model import (
    ComponentSpec,
    Game,
    GameSpec,
    Item,
    PageItem,
    RulesSpec,
    validate,
)
from .source import Located, load_any, load_yaml


def discover(content_dir: Path) -> list[str]:
    """Game ids: every folder of ``content/`` that holds a game.yaml, in name order."""
    return sorted(p.parent.name for p in content_dir.glob("*/game.yaml"))


def _items_of(
    spec: ComponentSpec, index: int, game_src: Located, game_dir: Path, root: Path
) -> tuple[Located, list[Located]]:
    """The located list of a component's items, from its source file or inline."""
    if spec.source is None:
        where = ("components", index, "items")
        items = game_src.sub(where)
        return items, [items.sub((j,)) for j in range(len(items.data))]
    path = game_dir / spec.source
    if not path.is_file():
        raise ContentError(
            [Problem(game_src.loc(("components", index, "source")), f"no file '{spec.source}'")]
        )
    doc = load_any(path, root)
    if path.suffix.lower() == ".csv":
        return doc, [doc.sub((j,)) for j in range(len(doc.data))]
    if not isinstance(doc.data, dict) or "items" not in doc.data:
        raise ContentError([Problem(doc.loc(()), "expected a mapping with a list under 'items'")])
    extra = sorted(set(doc.data) - {"items"})
    if extra:
        raise ContentError([Problem(doc.key_loc((extra[0],)), f"unknown key '{extra[0]}'")])
    items = doc.sub(("items",))
    if not isinstance(items.data, list):
        raise ContentError([Problem(items.loc(()), "'items' must be a list")])
    return items, [items.sub((j,)) for j in range(len(items.data))]


def _selected(spec: ComponentSpec, located: Located) -> bool:
    data = located.data if isinstance(located.data, dict) else {}
    return all(str(data.get(k)) == v for k, v in spec.where.items())


def _load_component(
    spec: ComponentSpec, index: int, gspec: GameSpec, game_src: Located, game_dir: Path, root: Path
) -> tuple[Located, list[Item]]:
    listing, located_items = _items_of(spec, index, game_src, game_dir, root)
    located_items = [li for li in located_items if _selected(spec, li)]
    items: list[Item] = []
    problems: list[Problem] = []
    if spec.form == "page":
        model = PageItem
    else:
        try:
            model = item_model(spec, gspec.vocab)
        except KeyError as exc:
            loc = game_src.loc(("components", index, "fields"))
            raise ContentError([Problem(loc, f"unknown vocabulary {exc} (see 'vocab')")]) from None
    for located in located_items:
        try:
            obj = validate(model, located)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        values = obj.model_dump(exclude={"id", "copies", "authored"})
        items.append(Item(obj.id, obj.copies, obj.authored, values, located))
    if problems:
        raise ContentError(problems)
    return listing, items


def load_game(game_dir: Path, root: Path | None = None) -> Game:
    """Read and validate every content file of one game; raises ContentError with all problems."""
    from .model import Component

    game_src = load_yaml(game_dir / "game.yaml", root)
    gspec = validate(GameSpec, game_src)
    problems: list[Problem] = []
    if gspec.id != game_dir.name:
        problems.append(
            Problem(
                game_src.loc(("id",)), f"id '{gspec.id}' must match its folder '{game_dir.name}'"
            )
        )
    components: list[Component] = []
    files = [str(game_dir / "game.yaml"), str(game_dir / "rules.yaml")]
    files += sorted({str(game_dir / s.source) for s in gspec.components if s.source})
    for i, spec in enumerate(gspec.components):
        try:
            listing, items = _load_component(spec, i, gspec, game_src, game_dir, root)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        components.append(Component(spec, tuple(items), game_src.loc(("components", i)), listing))
    rules_path = game_dir / "rules.yaml"
    rules_src = Located({}, str(rules_path), {(): Loc(str(rules_path), 1, 1)})
    rules = RulesSpec(sections=[])
    try:
        rules_src = load_yaml(rules_path, root)
        rules = validate(RulesSpec, rules_src)
    except ContentError as exc:
        problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return Game(gspec, str(game_dir), tuple(components), rules, game_src, rules_src, tuple(files))
