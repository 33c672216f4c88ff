"""Content files read from disk: checked to be a regular file of at most ``MAX_FILE_BYTES``
before reading, decoded as UTF-8, then parsed as CSV or YAML."""

from __future__ import annotations

from pathlib import Path

from ..confine import FileRefused, read_file
from ..diagnostics import ContentError, Loc, Problem, display_path
from .csv_reader import parse_csv
from .limits import MAX_FILE_BYTES, too_big
from .located import Located
from .yaml_reader import parse_yaml


def read_text(path: Path, shown_as: str) -> str:
    """A content file's text (UTF-8, a leading byte-order mark dropped), refused if it is
    bigger than ``MAX_FILE_BYTES``: its size is checked before reading. A FIFO or a device
    is refused, never waited on (it is opened without blocking and checked once open)."""
    where = Loc(shown_as)
    try:
        raw = read_file(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        if exc.size is not None:
            raise too_big(exc.size, shown_as) from None
        said = "file not found" if str(exc) == "not found" else str(exc)
        raise ContentError([Problem(where, said)]) from None
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
