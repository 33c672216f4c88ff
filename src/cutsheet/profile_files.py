"""Which print profiles a project has and which a build makes when none is named, from the
profile files alone (no YAML parsing, no pydantic: a no-op build stays fast). A profile file
is the project's ``layouts/profiles/NAME.yaml``, else the packaged one of that name."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from .confine import FileRefused, lies_inside, read_file

PACKAGED = Path(str(files("cutsheet").joinpath("data", "layouts", "profiles")))
SCAN_BYTES = 1 << 20  # a profile file read for its 'default: false' (never waited on)
ON_REQUEST = re.compile(r"^default:\s*false\b", re.MULTILINE)  # built only when named


def folders(layout_dir: Path) -> tuple[Path, Path]:
    """Where profiles are looked for, the project's first."""
    return (layout_dir / "profiles", PACKAGED)


def available_profiles(layout_dir: Path) -> list[str]:
    """Every profile a project can use: its own and the packaged ones, by name."""
    found = {p.stem for folder in folders(layout_dir) for p in folder.glob("*.yaml")}
    return sorted(name for name in found if not name.startswith("."))  # a hidden file: none


def _file_name(name: str) -> bool:
    """Whether ``name`` can name a profile's file: no folder in it, not hidden."""
    return bool(name) and "/" not in name and "\\" not in name and not name.startswith(".")


def misnamed_profile(layout_dir: Path, name: str) -> str:
    """ "; layouts/profiles/NAME.yml is not read: ..." where the project has a profile file of
    that name ending in .yml (only .yaml files are profiles), else ""."""
    if not _file_name(name):
        return ""
    try:
        misnamed = (layout_dir / "profiles" / f"{name}.yml").is_file()
    except (OSError, ValueError):  # a name too long for a file, or with a NUL in it
        return ""
    if not misnamed:
        return ""
    return (
        f"; layouts/profiles/{name}.yml is not read: a profile's file ends in .yaml"
        f" (rename it {name}.yaml)"
    )


def profile_path(layout_dir: Path, name: str) -> Path | None:
    """The file of profile ``name``: the project's, else the packaged one, else None."""
    if not _file_name(name):
        return None
    own, packaged = folders(layout_dir)
    for path in (own / f"{name}.yaml", packaged / f"{name}.yaml"):
        if path.exists():  # a project's folder or FIFO there is refused when it is read
            return path
    return None


def default_profiles(layout_dir: Path) -> list[str]:
    """The profiles a build makes when none is named: every available one whose file does
    not say ``default: false`` (ink-saver, say, is built when asked for)."""
    chosen = []
    own, _packaged = folders(layout_dir)
    for name in available_profiles(layout_dir):
        path = profile_path(layout_dir, name)
        if path is not None and path.parent == own and not lies_inside(path, layout_dir.parent):
            path = None  # a link out of the project is never opened: loading it refuses it
        try:
            text = read_file(path, SCAN_BYTES).decode("utf-8", "replace") if path else ""
        except FileRefused:  # not chosen by this: reading it for the build refuses it
            text = ""
        if not ON_REQUEST.search(text):
            chosen.append(name)
    return chosen
