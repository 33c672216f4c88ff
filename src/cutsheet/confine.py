"""Keep the files that content refers to inside the project folder, and read them only when
they are files.

A game names other files (``source: cards.csv``, images, fonts). Whoever reads such a name
calls ``confined`` first, so that an absolute path, a ``../`` escape or a symlink that
points elsewhere is a located content error instead of a read of some other file. What is
there is then refused by what it is when it is no regular file (``not_a_file``,
``read_file``): a folder, a device, a FIFO that would make the read wait for ever.
"""

from __future__ import annotations

import errno
import os
import stat
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


def lies_inside(path: Path | str, root: Path) -> bool:
    """Whether ``path`` (symlinks followed) resolves inside ``root``: for a look at a file
    before the reading that ``confined`` guards (a scan of names), which must not open one
    that lies elsewhere either."""
    resolved, inside, _reason = _resolved(str(path), str(root))
    return resolved is not None and inside


@lru_cache(maxsize=4096)
def _resolved(full: str, root: str) -> tuple[Path | None, bool, str]:
    """``full`` resolved and whether it lies inside ``root``, once per path while a command
    runs (every card of a deck names the same image): (None, False, why) when it cannot be
    resolved. ``forget`` starts afresh; a build and a check call it first."""
    try:
        resolved = Path(full).resolve()
        _no_loop(resolved)
        return resolved, resolved.is_relative_to(Path(root).resolve()), ""
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL byte...
        reason = "a symlink loop" if isinstance(exc, RuntimeError) else "not a usable path"
        return None, False, reason


def _no_loop(resolved: Path) -> None:
    """RuntimeError when ``resolved`` ends in a symlink loop. ``Path.resolve`` raises it
    itself up to Python 3.12; from 3.13 it returns the path where the loop begins, which
    only a look at what is there tells apart (ELOOP). Anything else there, or nothing at
    all, is the caller's to find out."""
    try:
        os.stat(resolved)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RuntimeError(f"symlink loop from {str(resolved)!r}") from None


def forget() -> None:
    """Resolve every path afresh (a symlink may have changed since the last command)."""
    _resolved.cache_clear()


def project_of(game_dir: Path | str) -> Path:
    """The project folder of a game's content folder (``<project>/content/<game>``)."""
    return Path(game_dir).parent.parent


#: Open without waiting for a writer (a FIFO never blocks a read); binary on Windows.
NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class FileRefused(ValueError):
    """A file that is not read: the message says why ("is a folder, not a file"); ``size``
    is the file's size in bytes when it was refused for being bigger than allowed."""

    def __init__(self, message: str, size: int | None = None) -> None:
        super().__init__(message)
        self.size = size


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, for messages."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def not_a_folder(path: Path | str) -> str | None:
    """Why no folder can be made or used at ``path`` when something else is there ("is a
    file, not a folder", or a link that points at nothing); None for a folder, and for
    nothing at all. Nothing is opened."""
    there = Path(path)
    if there.is_symlink() and not there.exists():
        return f"is a link to {os.readlink(there)}, which does not exist"
    if there.exists() and not there.is_dir():
        return "is a file, not a folder"
    return None


def not_a_file(path: Path | str) -> str | None:
    """Why ``path`` is not read when something that is no regular file is there ("is a
    folder, not a file"); None for a regular file, and for nothing at all (the caller says
    "not found" in its own words). Symlinks are followed; nothing is opened."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return None if stat.S_ISREG(mode) else f"is {kind_of(mode)}, not a file"


def read_file(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit`` of them); FileRefused
    saying why not. It is opened without blocking and checked once open, so a FIFO, a
    device or a folder is refused by what it is, never waited on or read."""
    try:
        fd = os.open(path, os.O_RDONLY | NONBLOCK)
    except FileNotFoundError:
        raise FileRefused("not found") from None
    except (OSError, ValueError) as exc:  # a folder where opening one fails (Windows)
        raise FileRefused(not_a_file(path) or _unreadable(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"is {kind_of(info.st_mode)}, not a file")
        if info.st_size > limit:
            raise FileRefused(f"is bigger than {limit:,} bytes", info.st_size)
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(limit + 1)  # a file may grow while it is read
    except OSError as exc:
        raise FileRefused(_unreadable(exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(f"is bigger than {limit:,} bytes", len(data))
    return data


def _unreadable(exc: OSError | ValueError) -> str:
    if isinstance(exc, PermissionError):
        return "cannot be read (permission denied)"
    if isinstance(exc, OSError) and exc.strerror:
        return f"cannot be read ({exc.strerror})"
    return "cannot be read (not a usable path)"


def in_the_way(out: Path, where: Path) -> tuple[Path, str] | None:
    """The first folder between ``out`` and ``where`` (a file a build or an export could not
    write) that something else stands in the place of, and why (``not_a_folder``); else
    ``where`` itself when something that is no file stands there (``not_a_file``)."""
    try:
        inside = where.relative_to(out)
    except ValueError:
        return None
    folder = out
    for part in inside.parts[:-1]:
        folder = folder / part
        why = not_a_folder(folder)
        if why is not None:
            return folder, why
    if not inside.parts or where.is_symlink():  # an error that named no file: not the folder
        return None
    why = not_a_file(where)
    return None if why is None else (where, why)
