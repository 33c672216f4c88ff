"""How much one content file may hold, and the problems that say it holds more.

A hostile or broken file fails fast with a located error, never a traceback or a hang.
"""

from __future__ import annotations

import math

from ..diagnostics import ContentError, Loc, Problem, counted

MIB = 1024 * 1024
MAX_FILE_BYTES = 8 * MIB
"""Largest content file read (YAML or CSV); bigger ones are refused before reading."""
MAX_DEPTH = 64
"""Deepest nesting of collections (lists and mappings) in a YAML file, aliases included."""
MAX_VALUES = 500_000
"""Most values (YAML scalars, lists and mappings; CSV cells) written in one file: about
175 MB once located. An 8 MiB file of tiny values would otherwise hold 4 million."""
MAX_ALIAS_VALUES = 1_000_000
"""Most values that aliases (``*name`` and ``<<: *name``) may build in one YAML file."""
MAX_PROBLEMS = 100
"""Most problems reported for one file; the rest are counted in one last problem."""
MAX_CSV_ROWS = 100_000
"""Most rows (besides the header) in one CSV file."""
MAX_CSV_COLUMNS = 1_000
"""Most columns a CSV header may name."""


def capped(problems: list[Problem]) -> list[Problem]:
    """At most ``MAX_PROBLEMS`` problems, the rest counted in one more."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    problems = sorted(problems)
    rest = len(problems) - MAX_PROBLEMS
    more = Problem(problems[MAX_PROBLEMS].loc, f"and {counted(rest, 'more problem')} in this file")
    return [*problems[:MAX_PROBLEMS], more]


def short(message: str, limit: int = 160) -> str:
    """A parser's message, cut so that no long run of the file's text gets through."""
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 1] + "…"


def too_big(size: int, file: str) -> ContentError:
    """The error for a file of ``size`` bytes, over ``MAX_FILE_BYTES``."""
    shown = math.ceil(size * 10 / MIB) / 10  # rounded up: 8 MiB and a byte shows as 8.1
    return ContentError(
        [
            Problem(
                Loc(file, 1, 1),
                f"file is {shown:g} MiB, over the {MAX_FILE_BYTES // MIB} MiB limit"
                " for a content file",
            )
        ]
    )
