"""The layout files and packaged faces a project may name: what a message about a name that
is neither lists, and suggests from."""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path

PACKAGED = Path(str(files("cutsheet").joinpath("data", "layouts")))
"""Layout files that ship with cutsheet (``base.yaml``); a project's own file of the same name
wins."""


@functools.lru_cache(maxsize=1)
def packaged_faces() -> frozenset[str]:
    """The faces of cutsheet's own base.yaml (``card``, ``card-back``…), read once."""
    import yaml

    data = yaml.safe_load((PACKAGED / "base.yaml").read_text(encoding="utf-8"))
    return frozenset(data.get("faces", {}))


def layout_names(layout_dir: Path) -> list[str]:
    """The layout files a project may name: its own in ``layouts/`` and cutsheet's."""
    names = {p.name for p in PACKAGED.glob("*.yaml")}
    try:
        names |= {p.name for p in layout_dir.iterdir() if p.suffix in (".yaml", ".yml")}
    except OSError:  # no layouts/ folder
        pass
    return sorted(names)
