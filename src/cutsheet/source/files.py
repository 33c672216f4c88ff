"""Content files read from disk: checked to be a regular file of at most ``MAX_FILE_BYTES``
before reading, decoded as UTF-8, then parsed as CSV or YAML."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..confine import kind_of
from ..diagnostics import ContentError, Loc, Problem, display_path
from .csv_reader import parse_csv
from .limits import MAX_FILE_BYTES, too_big
from .located import Located
from .yaml_reader import parse_yaml

#: Open without waiting for a writer (a FIFO never blocks a read); binary on Windows.
NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_text(path: Path, shown_as: str) -> str:
    """A content file's text (UTF-8, a leading byte-order mark dropped), refused if it is
    bigger than ``MAX_FILE_BYTES``: its size is checked before reading. A FIFO or a device
    is refused, never waited on (it is opened without blocking and checked once open)."""
    where = Loc(shown_as)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        fd = os.open(path, os.O_RDONLY | NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # a pipe or a device could block or never end
                raise ContentError([Problem(where, f"is {kind_of(info.st_mode)}, not a file")])
            if info.st_size > MAX_FILE_BYTES:
                raise too_big(info.st_size, shown_as)
            raw = handle.read(MAX_FILE_BYTES + 1)  # a file may grow while it is read
    except FileNotFoundError:
        raise ContentError([Problem(where, "file not found")]) from None
    except IsADirectoryError:
        raise ContentError([Problem(where, "is a folder, not a file")]) from None
    except PermissionError:
        raise ContentError([Problem(where, "cannot be read (permission denied)")]) from None
    except OSError as exc:
        raise ContentError([Problem(where, f"cannot be read ({exc.strerror})")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise too_big(len(raw), shown_as)
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        col = len(raw[start : exc.start].decode("utf-8", "replace")) + 1
        loc = Loc(shown_as, raw.count(b"\n", 0, exc.start) + 1, col)
        byte = raw[exc.start]
        say = f"not UTF-8 text: byte 0x{byte:02X} cannot be read here; save the file as UTF-8"
        raise ContentError([Problem(loc, say)]) from None


def load_yaml(path: Path, root: Path | None = None) -> Located:
    """Read and parse one YAML content file; ``root`` only shortens the path shown."""
    shown = display_path(path, root)
    return parse_yaml(read_text(path, shown), shown)


def load_csv(
    path: Path, root: Path | None = None, *, short_rows_are_errors: bool | None = None
) -> Located:
    """Read and parse one CSV content file; ``root`` only shortens the path shown."""
    shown = display_path(path, root)
    text = read_text(path, shown)
    return parse_csv(text, shown, short_rows_are_errors=short_rows_are_errors)


def load_any(
    path: Path, root: Path | None = None, *, short_rows_are_errors: bool | None = None
) -> Located:
    """``load_csv`` for a ``.csv`` file, ``load_yaml`` for anything else."""
    if path.suffix.lower() == ".csv":
        return load_csv(path, root, short_rows_are_errors=short_rows_are_errors)
    return load_yaml(path, root)
