"""Where a word a template problem names is written, when the template is a text written
over several lines of a YAML file (``source.scalar_lines``): the line and column of the
first token of the right kind that is that word, read with the template's own lexer, so a
word in the prose, in a comment or in a string is not taken for a name."""

from __future__ import annotations

import re
from collections.abc import Collection

from jinja2 import TemplateSyntaxError

from ..diagnostics import Loc
from ..source.scalar_lines import Written, written
from .problem import TemplateProblem
from .sandbox import environment

NAME = ("name",)
"""A name the template uses (an unknown name): not a keyword, not after a dot."""
CONSTANT = ("string",)
"""A value the template compares something with (a misspelt profile or imposition)."""
KEY = ("attribute", "string")
"""A key looked up (``x.key``: a name after a dot, or ``x["key"]``)."""
KEYWORDS = frozenset(
    "and or not in is if else elif endif for endfor set endset with endwith block endblock"
    " macro endmacro call endcall filter endfilter raw endraw import from as include extends"
    " recursive true false none True False None".split()
)
"""Names the lexer gives that are the language's own, never a name the template uses."""


def pointed(loc: Loc, word: str, kinds: Collection[str] = NAME, expression: bool = False) -> Loc:
    """The place of the first token of one of ``kinds`` that is ``word`` in the multi-line
    text that starts at ``loc`` (or whose block does), read as a template, or as an
    ``expression`` (a ``when:``); ``loc`` itself when there is none, or when the text as
    written does not read so (an escaped quoted string)."""
    text = written(loc) if word else None
    if text is None:
        return loc
    source = "\n".join(_unquoted(text.rows))
    if expression:  # lexed as what a template prints: no row changes, nor any word's column
        source = "{{ " + source + " }}"
    try:
        tokens = list(environment().lex(source))
    except Exception:  # not a template as written: the problem stays at the text's start
        return loc
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    seen: dict[int, int] = {}  # row -> the word's occurrences in tokens before, on that row
    before = ""  # the last token that is not white space
    for lineno, kind, value in tokens:
        said = value[1:-1] if kind == "string" else value  # the lexer keeps a string's quotes
        if kind == "name":
            kind = "attribute" if before == "." else "keyword" if value in KEYWORDS else kind
        if kind != "whitespace":
            before = value
        if kind in kinds and said == word:
            row = lineno - 1
            hits = list(pattern.finditer(text.rows[row])) if row < len(text.rows) else []
            n = seen.get(row, 0)
            if n >= len(hits):
                return loc
            return _at(loc, text, row, hits[n].start())
        for i, part in enumerate(str(value).split("\n")):  # a token may run over rows
            found = len(pattern.findall(part))
            if found:
                seen[lineno - 1 + i] = seen.get(lineno - 1 + i, 0) + found
    return loc


_TAG = re.compile(r"<(/?)([A-Za-z][\w]*)")
"""A markup tag a problem quotes: ``<lab>``, ``</i>``."""


def pointed_markup(loc: Loc, message: str) -> Loc:
    """Where the tag a markup problem quotes (the first ``<name>`` or ``</name>`` in
    ``message``) is written in the multi-line text at ``loc``: for a tag "never closed", the
    opening nothing closes; for one "never opened", the closing nothing opened; else the
    first use of the tag as quoted (an opening or a closing one; ``<br>`` before ``<br/>``).
    ``loc`` itself when there is none, or the text is not noted (a tag a template or a field
    gives is not written there)."""
    quoted = _TAG.search(message)
    text = written(loc) if quoted else None
    if quoted is None or text is None:
        return loc
    name = re.escape(quoted.group(2))
    tags = re.compile(rf"<\s*(/?)\s*{name}(?![\w-])[^>]*>?", re.IGNORECASE)
    found = [(row, m) for row, line in enumerate(text.rows) for m in tags.finditer(line)]
    found = _unmatched(found, message) or [
        (row, m) for row, m in found if bool(m.group(1)) == bool(quoted.group(1))
    ]
    if not quoted.group(1) and message[quoted.end() : quoted.end() + 1] == ">":
        found = [f for f in found if not f[1].group().endswith("/>")] or found
    if not found:
        return loc
    row, m = found[0]
    return _at(loc, text, row, m.start())


def _unmatched(
    found: list[tuple[int, re.Match[str]]], message: str
) -> list[tuple[int, re.Match[str]]]:
    """Of a tag's uses in order, those a problem says nothing matches: the openings left
    unclosed ("never closed"), or the closings with nothing open ("never opened"); [] for
    any other problem."""
    unclosed, stray = [], []
    for row, m in found:
        if not m.group(1):
            unclosed.append((row, m))
        elif unclosed:
            unclosed.pop()
        else:
            stray.append((row, m))
    if "never closed" in message:
        return unclosed
    if "never opened" in message:
        return stray
    return []


def pointed_syntax(loc: Loc, said: str) -> Loc:
    """Where a template written over several lines at ``loc`` stops reading as a template,
    Jinja's words for why being ``said``: the first non-blank character of the line Jinja's
    parser stops at (a folded text reaches Jinja as one line, so its own line number is no
    help). ``loc`` itself when the text is not noted, or the text as written does not fail
    so (quotes written twice inside a quoted text read otherwise)."""
    text = written(loc) if said else None
    if text is None:
        return loc
    try:
        environment().parse("\n".join(_unquoted(text.rows)))
    except TemplateSyntaxError as exc:
        row = (exc.lineno or 1) - 1
        if " ".join((exc.message or "").split()) != said or not 0 <= row < len(text.rows):
            return loc
        return _at(loc, text, row, _indent(text.rows[row]))
    except Exception:  # noqa: BLE001 - any other failure: the problem stays where it was
        return loc
    return loc


def pointed_problem(loc: Loc, problem: TemplateProblem, expression: bool = False) -> Loc:
    """Where a template's ``problem`` is written in the multi-line text at ``loc``: the word
    it names (``pointed``); for one that names none, the line a syntax error stops at
    (``pointed_syntax``), else the tag a markup problem quotes (``pointed_markup``); ``loc``
    itself when none is found. An ``expression`` (a ``when:``) is pointed at its word only."""
    if problem.word or expression:
        return pointed(loc, problem.word, problem.kinds, expression=expression)
    at = pointed_syntax(loc, problem.syntax)
    if at == loc and problem.context is not None:
        at = pointed_run(loc, problem)
    return pointed_markup(loc, str(problem)) if at == loc else at


_TAG_OPEN = re.compile(r"\{[{%]")
"""Where a tag of a template opens: ``{{`` or ``{%``."""


def pointed_run(loc: Loc, problem: TemplateProblem) -> Loc:
    """Where a template written over several lines at ``loc`` failed as it ran (a division
    by zero, a bound): run again as written, line breaks kept, with what it ran with
    (``problem.context``), the line it fails on, at its first tag (else its first
    character). ``loc`` itself when the text is not noted, or the text as written does not
    fail the same way."""
    text = written(loc) if problem.context is not None else None
    if text is None:
        return loc
    from .rendering import failing_line

    rows = _unquoted(text.rows)
    line = failing_line("\n".join(rows), problem)
    if line is None or not 1 <= line <= len(rows):
        return loc
    row = line - 1
    tag = _TAG_OPEN.search(text.rows[row])
    return _at(loc, text, row, tag.start() if tag else _indent(text.rows[row]))


def _at(loc: Loc, text: Written, row: int, index: int) -> Loc:
    """The place in the file of the character at ``index`` of the text's row ``row`` (its
    first row starts at the text's column; the others at the line's start)."""
    return Loc(loc.path, text.line + row, index + 1 + (text.col - 1 if row == 0 else 0))


def _indent(row: str) -> int:
    """Where a row's first character that is not a space is."""
    return len(row) - len(row.lstrip())


def _unquoted(rows: tuple[str, ...]) -> list[str]:
    """A quoted text's rows with its quotes as spaces (no word moves): what it holds is read
    as a template, not as one string. Any other text's rows as they are."""
    out = list(rows)
    quote = out[0][:1]
    last = out[-1].rstrip()
    if quote in ("'", '"') and len("\n".join(out).strip()) > 1 and last.endswith(quote):
        out[-1] = last[:-1] + " "
        out[0] = " " + out[0][1:]
    return out
