"""Where a word of a text written over several lines of a YAML file is, for a problem that
names it.

A problem in a template is located at its text's start (``Located.loc``). A rules paragraph
written as a folded block (``text: >-`` and five lines under it) reaches Jinja as one line,
so "'nosuch' is undefined" would send the editor to the ``>-``. When a YAML file is read,
each scalar written over more than one line is noted here (the file's lines are kept with
it); ``pointed`` then finds the word a problem names in those lines and gives its own line
and column. A word found nowhere in them (a value built by a template, a name in an
escaped double-quoted string) leaves the problem at the text's start, as before.

Per process and per file: reading a file again replaces what was noted for it, so a file
edited while ``cutsheet watch`` runs is never searched in its old lines.
"""

from __future__ import annotations

import re

from ..diagnostics import Loc

MAX_FILES = 256
"""Files whose multi-line texts are kept at once (a project has a few dozen)."""
MAX_TEXT = 1 << 22
"""Characters of a file beyond which its lines are not kept (a deck of 100,000 cards: its
texts' problems stay at their starts rather than the process holding its lines)."""

# file -> (its lines, (line, col) where a multi-line text starts -> its last line), 1-based
_noted: dict[str, tuple[list[str], dict[tuple[int, int], int]]] = {}


def start_file(file: str) -> None:
    """Forget what was noted for ``file`` (it is being read again)."""
    _noted.pop(file, None)


def note(file: str, lines: list[str], loc: Loc, last_line: int) -> None:
    """A text of ``file`` (split into ``lines``) that starts at ``loc`` and runs to
    ``last_line`` (1-based)."""
    if file not in _noted and len(_noted) >= MAX_FILES:
        _noted.clear()
    _noted.setdefault(file, (lines, {}))[1][(loc.line, loc.col)] = last_line


_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
"""A template's expressions and statements: where a name it uses or compares is written."""


def pointed(loc: Loc, word: str) -> Loc:
    """The place of ``word``'s first whole occurrence inside a ``{{ }}`` or ``{% %}`` of the
    multi-line text that starts at ``loc``, or on its line after it (``loc`` may be the block
    that holds the text: ``- text: >-``); ``loc`` itself when no such text holds the word
    there (the same word in the prose around is not what the problem is about)."""
    found = _noted.get(loc.path)
    if found is None or not word:
        return loc
    lines, texts = found
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    for col in sorted(c for line, c in texts if line == loc.line and c >= loc.col):
        last = min(texts[(loc.line, col)], len(lines))
        rows = [lines[n - 1][col - 1 if n == loc.line else 0 :] for n in range(loc.line, last + 1)]
        text = "\n".join(rows)
        for tag in _TAGS.finditer(text):
            hit = pattern.search(text, tag.start(), tag.end())
            if hit is not None:
                before = text[: hit.start()]
                row = before.count("\n")
                column = len(before) - (before.rfind("\n") + 1) + 1
                return Loc(loc.path, loc.line + row, column + (col - 1 if row == 0 else 0))
    return loc
