"""Keep the files that content refers to inside the project folder.

A game names other files (``source: cards.csv``, images, fonts). Whoever reads such a name
calls ``confined`` first, so that an absolute path, a ``../`` escape or a symlink that
points elsewhere is a located content error instead of a read of some other file.
"""

from __future__ import annotations

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
    shown = excerpt(str(path))
    try:
        resolved = full.resolve()
        inside = resolved.is_relative_to(root.resolve())
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL byte...
        reason = "a symlink loop" if isinstance(exc, RuntimeError) else "not a usable path"
        raise ContentError(
            [Problem(loc, f"{what} {shown} cannot be resolved ({reason})")]
        ) from None
    if not inside:
        raise ContentError([Problem(loc, f"{what} {shown} is outside the project folder")])
    return resolved


def project_of(game_dir: Path | str) -> Path:
    """The project folder of a game's content folder (``<project>/content/<game>``)."""
    return Path(game_dir).parent.parent
