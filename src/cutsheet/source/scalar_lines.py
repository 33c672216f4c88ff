"""The lines of each text written over several lines of a YAML file, for a problem that
names a word of it to point at that word (``text.pointed``).

A problem in a template is located at its text's start, or at the block that holds it
(``Located.loc``). A rules paragraph written as a folded block (``text: >-`` and five lines
under it) reaches Jinja as one line, so "'nosuch' is undefined" would send the editor to the
``- text:`` line. When a YAML file is read, each scalar written over more than one line is
noted here with its own lines, under where it starts and under where the mapping holding it
starts when that is on the same line (``- text: >-``: the block's place); a mapping with two
such texts on its first line is no text's holder.

Per process, by the file's shown path: reading a file again replaces what was noted for it
(a file edited while ``cutsheet watch`` runs is never searched in its old lines). Only the
texts' own lines are kept, never evicted (where a problem points never depends on what else
the process read); a file longer than ``MAX_TEXT`` characters is not noted at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Loc

MAX_TEXT = 1 << 22
"""Characters of a file beyond which its texts are not noted (a deck of 100,000 cards: its
texts' problems stay at their starts rather than the process holding their lines)."""


@dataclass(frozen=True)
class Written:
    """A text as written: its first line and column (1-based) and its lines, the first from
    that column on."""

    line: int
    col: int
    rows: tuple[str, ...]


@dataclass
class _File:
    texts: dict[tuple[int, int], Written] = field(default_factory=dict)
    holders: dict[tuple[int, int], tuple[int, int] | None] = field(default_factory=dict)


_noted: dict[str, _File] = {}


def start_file(file: str) -> None:
    """Forget what was noted for ``file`` (it is being read again)."""
    _noted.pop(file, None)


def note(
    file: str,
    lines: list[str],
    loc: Loc,
    last_line: int,
    holder: Loc | None = None,
    end_col: int | None = None,
) -> None:
    """A text of ``file`` (split into ``lines``) that starts at ``loc`` and runs to
    ``last_line`` (1-based), ending before column ``end_col`` (0-based) of it (None: at its
    end; a quoted text ends at its quote, before what closes the mapping around it), in a
    mapping that starts at ``holder`` (None: not a mapping's value, or the mapping starts
    on another line)."""
    rows = [lines[n - 1] for n in range(loc.line, min(last_line, len(lines)) + 1)]
    if not rows:
        return
    if end_col is not None and last_line <= len(lines):
        rows[-1] = rows[-1][:end_col]
    rows[0] = rows[0][loc.col - 1 :]
    noted = _noted.setdefault(file, _File())
    noted.texts[(loc.line, loc.col)] = Written(loc.line, loc.col, tuple(rows))
    if holder is not None and holder.line == loc.line:
        key = (holder.line, holder.col)
        noted.holders[key] = None if key in noted.holders else (loc.line, loc.col)


def written(loc: Loc) -> Written | None:
    """The multi-line text that starts at ``loc``, or whose mapping starts there."""
    noted = _noted.get(loc.path)
    if noted is None:
        return None
    key: tuple[int, int] | None = (loc.line, loc.col)
    if key not in noted.texts:
        key = noted.holders.get((loc.line, loc.col))
    return noted.texts.get(key) if key is not None else None
