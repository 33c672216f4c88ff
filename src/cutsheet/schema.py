"""JSON Schema for every kind of content file, generated from the pydantic models.

Content files name their schema on their first line
(``# yaml-language-server: $schema=../../schema/game.schema.json``) so editors complete keys
and flag mistakes as you type.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .content import discover, load_game
from .layouts import LayoutFile
from .model import GameSpec, RulesSpec, item_model
from .profiles import Profile


def _dump(path: Path, schema: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    return path


def schemas(root: Path) -> dict[str, dict[str, Any]]:
    """Relative file name → schema, for the fixed files and each game's item files."""
    out: dict[str, dict[str, Any]] = {
        "game.schema.json": GameSpec.model_json_schema(),
        "rules.schema.json": RulesSpec.model_json_schema(),
        "layout.schema.json": LayoutFile.model_json_schema(),
        "profile.schema.json": Profile.model_json_schema(),
    }
    for gid in discover(root / "content"):
        game = load_game(root / "content" / gid)
        for comp in game.components:
            if comp.spec.source is None or not comp.spec.source.endswith((".yaml", ".yml")):
                continue
            if comp.spec.form == "page":
                from .model import PageItem

                items = PageItem.model_json_schema()
            else:
                items = item_model(comp.spec, game.spec.vocab).model_json_schema()
            out[f"{gid}/{comp.id}.schema.json"] = {
                "title": f"{game.spec.title}: {comp.spec.name}",
                "type": "object",
                "additionalProperties": False,
                "required": ["items"],
                "properties": {"items": {"type": "array", "items": items}},
            }
    return out


def write_schemas(root: Path, out: Path) -> list[Path]:
    return [_dump(out / name, schema) for name, schema in sorted(schemas(root).items())]
