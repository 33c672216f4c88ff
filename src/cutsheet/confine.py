"""Keep the files that content refers to inside the project folder.

A game names other files (``source: cards.csv``, images, fonts). Whoever reads such a name
calls ``confined`` first, so that an absolute path, a ``../`` escape or a symlink that
points elsewhere is a located content error instead of a read of some other file.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .diagnostics import ContentError, Loc, Problem, excerpt


def confined(
    path: Path | str, root: Path, loc: Loc, what: str, *, base: Path | None = None
) -> Path:
    """``path`` resolved (symlinks followed), if it lies inside ``root``; else a ContentError
    located at ``loc``: "{what} 'path' is outside the project folder".

    A relative ``path`` is taken from ``base`` when given (the folder of the file that names
    it), else from the working directory; pass the path as the file wrote it, together with
    ``base``, so that the message shows it as written. A missing file is not this function's
    concern: its resolved path is returned, for the caller to report.
    """
    written = Path(path)
    full = base / written if base is not None else written
    resolved, inside, reason = _resolved(str(full), str(root))
    shown = excerpt(str(path))
    if resolved is None:
        raise ContentError([Problem(loc, f"{what} {shown} cannot be resolved ({reason})")])
    if not inside:
        raise ContentError([Problem(loc, f"{what} {shown} is outside the project folder")])
    return resolved


@lru_cache(maxsize=4096)
def _resolved(full: str, root: str) -> tuple[Path | None, bool, str]:
    """``full`` resolved and whether it lies inside ``root``, once per path while a command
    runs (every card of a deck names the same image): (None, False, why) when it cannot be
    resolved. ``forget`` starts afresh; a build and a check call it first."""
    try:
        resolved = Path(full).resolve()
        return resolved, resolved.is_relative_to(Path(root).resolve()), ""
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL byte...
        reason = "a symlink loop" if isinstance(exc, RuntimeError) else "not a usable path"
        return None, False, reason


def forget() -> None:
    """Resolve every path afresh (a symlink may have changed since the last command)."""
    _resolved.cache_clear()


def project_of(game_dir: Path | str) -> Path:
    """The project folder of a game's content folder (``<project>/content/<game>``)."""
    return Path(game_dir).parent.parent
