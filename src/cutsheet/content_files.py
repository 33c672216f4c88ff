"""The content files in a game's folder: what a build reads its items and rules from (YAML and
CSV), listed without reading any (links not followed). Light enough for the cache's key, which
is worked out before anything heavy is imported."""

from __future__ import annotations

import os
from pathlib import Path

CONTENT_FILES = (".yaml", ".yml", ".csv")
"""What a game's items and rules are written in."""
MAX_LISTED = 1_000
"""At most this many are listed (a folder of more is not a game's content)."""


def content_files(game_dir: Path | str) -> tuple[str, ...]:
    """The YAML and CSV files in ``game_dir`` and below, as POSIX paths relative to it,
    sorted (hidden ones and editors' lock files left out); nothing when the folder cannot be
    read."""
    found: list[str] = []
    for folder, dirs, names in os.walk(game_dir):
        dirs[:] = sorted(d for d in dirs if not _hidden(d))
        base = os.path.relpath(folder, game_dir)
        for name in sorted(names):
            if name.lower().endswith(CONTENT_FILES) and not _hidden(name):
                rel = name if base == "." else f"{base}/{name}"
                found.append(rel.replace(os.sep, "/"))
                if len(found) >= MAX_LISTED:
                    return tuple(found)
    return tuple(found)


def _hidden(name: str) -> bool:
    """A hidden file or folder, or an editor's lock or backup (``.#x.yaml``, ``#x#``, ``x~``)."""
    return name.startswith((".", "#")) or name.endswith("~")


def content_listing(root: Path | str, game: str) -> str:
    """The names of a game's content files, for its cache key: a file added to or removed from
    its folder changes what its check warns of (``checks.unread_files``)."""
    return "/".join(content_files(Path(root) / "content" / game))
