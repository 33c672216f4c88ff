"""YAML text to located data: safe loading only, one document, every value located.

YAML is parsed by libyaml (``yaml.CSafeLoader``) when PyYAML has it, and composed without
recursion from the parser's events (``yaml_compose``), then built into plain data
(``yaml_build``); scalars resolve as in YAML 1.2 (``yaml_schema``). Data and locations are
the ones PyYAML's pure-Python parser gives, which cutsheet used before: after a libyaml
error, a text of up to ``REPARSE_LIMIT`` (256 KiB) is parsed again in pure Python, so it
errs (or reads) as before. Duplicate keys, non-string keys and YAML syntax errors become
located problems.
"""

from __future__ import annotations

import gc
import re

import yaml

from ..diagnostics import ContentError, Loc, Problem
from . import colour_comments
from .limits import MAX_FILE_BYTES, MAX_PROBLEMS, capped, short, too_big
from .located import Located
from .yaml_build import DataBuilder
from .yaml_compose import compose
from .yaml_nodes import mark_loc
from .yaml_schema import CoreLoader, PyCoreLoader

REPARSE_LIMIT = 256 * 1024
"""Largest text (in characters) parsed again in pure Python after a libyaml error."""


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text into located data; raises ContentError with located problems."""
    if len(text) > MAX_FILE_BYTES:
        raise too_big(len(text.encode("utf-8", "replace")), file)
    text = text.removeprefix("\ufeff")
    if any(c in text for c in OTHER_BREAKS):
        raise ContentError(capped(_other_breaks(text, file)))
    return _parse_yaml(text, file, CoreLoader)


OTHER_BREAKS = {"\x85": "next line", "\u2028": "line separator", "\u2029": "paragraph separator"}
"""Characters YAML reads as a line break and an editor does not (text pasted from a web
page or a word processor brings them): each moves every later line number YAML gives, and
one in a comment or a plain value ends it early, so YAML errs lines below."""


def _other_breaks(text: str, file: str) -> list[Problem]:
    """One problem for each of ``OTHER_BREAKS`` in ``text``, where an editor shows it (the
    lines counted at ``\\n``, ``\\r\\n`` and ``\\r`` alone, the columns in characters)."""
    problems = []
    line, start = 1, 0
    for found in _LINE_ENDS.finditer(text):
        if found.group() in OTHER_BREAKS:
            char = found.group()
            problems.append(
                Problem(
                    Loc(file, line, found.start() - start + 1),
                    f"YAML: character U+{ord(char):04X} ({OTHER_BREAKS[char]}), which most"
                    " editors do not show, is a line break to YAML but not to an editor, so"
                    " every line number after it would be wrong: delete it (or start a new"
                    " line where one is meant)",
                )
            )
            if len(problems) > MAX_PROBLEMS:
                break
            continue
        line, start = line + 1, found.end()
    return problems


_LINE_ENDS = re.compile("\r\n|\r|\n|[\x85\u2028\u2029]")


def _parse_yaml(text: str, file: str, loader_class: type[yaml.SafeLoader]) -> Located:
    try:
        return _load(text, file, loader_class)
    except yaml.YAMLError as exc:
        if loader_class is PyCoreLoader:
            raise _yaml_problem(exc, text, file) from None
        return _as_before(exc, text, file)


def _load(text: str, file: str, loader_class: type[yaml.SafeLoader]) -> Located:
    """Located data; the parser's own errors (yaml.YAMLError) are left to the caller."""
    loader = loader_class(text)
    collecting = gc.isenabled()
    gc.disable()  # the graph has no cycles; collecting while building it costs a third
    try:
        root = compose(loader, file, text)
        if root is None:
            return Located({}, file, {(): Loc(file, 1, 1)})
        builder = DataBuilder(file)
        data = builder.build(root, ())
    finally:
        loader.dispose()
        if collecting:
            gc.enable()
    if builder.problems:
        raise ContentError(capped(list(dict.fromkeys(builder.problems))))  # aliases repeat
    return Located(data, file, *builder.places())


def _head(text: str, line: int) -> str:
    """``text`` up to the end of its 0-based line ``line``."""
    end = -1
    for _ in range(line + 1):
        end = text.find("\n", end + 1)
        if end < 0:
            return text
    return text[: end + 1]


def _as_before(exc: yaml.YAMLError, text: str, file: str) -> Located:
    """What PyYAML's pure-Python parser, which cutsheet used before libyaml, makes of a text
    that libyaml refused: its error, worded and placed as before ("mapping values are not
    allowed here"), or its data where it reads what libyaml does not (a tab that starts a
    line of a block scalar, say).

    Only a text up to ``REPARSE_LIMIT`` is parsed again; libyaml's own error stands for a
    bigger one. A text nested deeper than libyaml's own limit (1,000 levels) is parsed
    again up to there, however long: the pure-Python parser streams, so it stops at our
    limit (64) and locates it.
    """
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if len(text) <= REPARSE_LIMIT:
        again_text = text
    elif mark is not None and "nesting depth" in str(exc):
        again_text = _head(text, mark.line)
    else:
        raise _yaml_problem(exc, text, file) from None
    try:
        located = _load(again_text, file, PyCoreLoader)
    except yaml.YAMLError as again:
        if again_text is text:
            raise _yaml_problem(again, text, file) from None
        raise _yaml_problem(exc, text, file) from None
    if again_text is not text:
        raise _yaml_problem(exc, text, file)
    return located


def _position_loc(text: str, position: int, file: str) -> Loc:
    line = text.count("\n", 0, position) + 1
    return Loc(file, line, position - (text.rfind("\n", 0, position) + 1) + 1)


_FLOW = {"while parsing a flow sequence": "[", "while parsing a flow mapping": "{"}
"""PyYAML's context for a bracket it is inside, and the bracket."""


_CLOSING = {"[": "]", "{": "}"}


def _comment_hid(
    text: str, start: yaml.Mark, end: yaml.Mark, opened: str, file: str
) -> tuple[Loc, str] | None:
    """Where a comment hid the bracket that closes the one opened at ``start`` (the parser
    then gave up at ``end``, on a later line), and what to do: a colour unquoted after a
    colour key (``colour_comments``), or a ``#`` after a value (PyYAML reads one right
    after a quoted value as a comment too: ``"#D55E00, stroke: "#000000"}``, a quote left
    out, pairs the wrong quotes) or where a value starts. Only a comment that holds a
    closing bracket its own text does not open (``_closes``), on the line the bracket
    opens; None when no comment did."""
    lines = text.split("\n")
    hidden = colour_comments.first_on_lines(lines, start.line, end.line, file)
    if hidden is not None or start.line == end.line:
        return hidden
    last = _last_token_on(text, start.line)
    if last is None or last.end_mark.line != start.line:
        return None
    line = lines[start.line]
    comment = line[last.end_mark.column :].lstrip(" \t")
    advice = _comment_advice(last, comment)
    if not comment.startswith("#") or advice is None or not _closes(comment, opened):
        return None
    at = Loc(file, start.line + 1, len(line) - len(comment) + 1)
    said = (
        f"YAML syntax: the rest of this line is read as a comment, which hides the"
        f" '{_CLOSING[opened]}' that closes the '{opened}' of column {start.column + 1}; {advice}"
    )
    return at, said


def _last_token_on(text: str, line: int) -> yaml.Token | None:
    """The last token PyYAML reads that starts on ``line`` (0-based) or before it."""
    last: yaml.Token | None = None
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if token.start_mark.line > line:
                break
            last = token
    except yaml.YAMLError:
        pass
    return last


def _comment_advice(last: yaml.Token, comment: str) -> str | None:
    """What to do about a comment after ``last``: None where the comment is one (after a
    bracket or a value that ends the line's entries, a closing bracket in it is a slip
    cutsheet cannot mend with a word)."""
    if isinstance(last, yaml.ScalarToken) and last.style in ('"', "'"):
        return f"the quoted value before it reads {short(repr(last.value))}: is a quote missing?"
    if isinstance(last, yaml.ScalarToken):
        return "a '#' after a space starts a comment: put the whole value in quotes"
    if isinstance(last, yaml.ValueToken | yaml.FlowEntryToken):
        word = re.match(r"#[^\s,\]}\"']*", comment)
        value = word.group() if word else "#"
        return f"a value that starts with '#' is written in quotes, \"{short(value)}\""
    return None


def _closes(comment: str, opened: str) -> bool:
    """Whether ``comment`` holds a bracket that closes one opened before it, with nothing
    after it but punctuation or another comment: one its own text opened (``{title}``)
    does not, nor a stray one inside a note that goes on in words ("the {x, y} } pair")."""
    depth = 0
    for at, ch in enumerate(comment):
        if ch == opened:
            depth += 1
        elif ch == _CLOSING[opened]:
            depth -= 1
            if depth < 0:
                rest = comment[at + 1 :].strip()
                return rest.startswith("#") or not any(c.isalnum() for c in rest)
    return False


def _left_open(text: str, line: int, column: int, last_line: int) -> bool:
    """Whether the bracket at ``line``, ``column`` (0-based, in characters, as both of
    PyYAML's parsers count them) is still open at the end of line ``last_line`` (where the
    parser gave up), brackets nested in it and quoted text passed over. Only then is the
    mistake where it opens: a bracket closed by that line was not left open (the mistake is
    where the parser stopped, a comma left out between two lines of a list), and a place
    that holds no bracket is not one to point at."""
    at = 0
    for _ in range(line):
        at = text.find("\n", at) + 1
        if at == 0:
            return False
    at += column
    if at >= len(text) or text[at] not in _CLOSING:
        return False
    stack: list[str] = []
    quote = ""
    for i in range(at, len(text)):
        ch = text[i]
        if ch == "\n":
            line += 1
            if line > last_line:
                return True
        elif quote:
            if ch == quote and not (quote == '"' and text[i - 1] == "\\"):
                quote = ""
        elif ch in "'\"" and (not stack or text[i - 1] in "[{, \t\n"):
            quote = ch
        elif ch in _CLOSING:
            stack.append(_CLOSING[ch])
        elif stack and ch == stack[-1]:
            stack.pop()
            if not stack:
                return False
    return True


_UNINDENTED = " (its indent lines up with no key above it: indent it as the keys it goes with)"
_HINTS = {
    "mapping values are not allowed here": (
        " (a ': ' inside a value, or a key indented too far: put text with ': ' in quotes)"
    ),
    "expected <block end>, but found '<block mapping start>'": _UNINDENTED,
    "expected <block end>, but found '?'": _UNINDENTED,
    "expected <block end>, but found '<block sequence start>'": (
        " (a list indented unlike the keys and items around it: line it up with them)"
    ),
    "expected <block end>, but found '-'": (
        " (a list item under a key that has a value, or indented unlike the items above it)"
    ),
    "found character '\\t' that cannot start any token": (
        " (YAML indents with spaces, never a tab: replace the tab with spaces)"
    ),
}
"""What PyYAML's wording of a common slip means, added to its message."""
_RESERVED = (
    " ('@' and '`' cannot start a value written without quotes: put text that starts with"
    " one in quotes)"
)
_ALIAS = (
    " (a value that starts with '*' is read as an alias, and one with '&' as an anchor: put"
    " text that starts with one in quotes)"
)


def _context_hint(exc: yaml.MarkedYAMLError) -> str:
    """A hint for a slip PyYAML words by what it was reading: text that starts with a
    character YAML reserves ('@', '`'), or with '*' or '&' (read as an alias or anchor)."""
    problem, context = exc.problem or "", exc.context or ""
    if problem.startswith("found character") and problem.endswith("that cannot start any token"):
        if "'@'" in problem or "'`'" in problem:
            return _RESERVED
    if context.startswith(("while scanning an alias", "while scanning an anchor")):
        return _ALIAS
    return ""


AFTER_QUOTE = " (text after a value's closing quote: put the whole value in quotes)"
"""The hint for a value found where a block ends, when a quote precedes it on its line."""

_WORDS = (
    ("<block end>", "the end of its indented block"),
    ("'<block mapping start>'", "a key"),
    ("'<block sequence start>'", "a list"),
    ("'<block entry>'", "a list item ('- ')"),
    ("'<scalar>'", "a value"),
    ("'?'", "a key"),
    ("'-'", "a list item ('- ')"),
)
"""PyYAML's names for what it expected and found, in words (``'?'`` is no character of the
file: it is how PyYAML names a key)."""


def _quoted_before(mark: yaml.Mark | None) -> bool:
    """Whether a quote comes before ``mark`` on its line."""
    if mark is None or mark.buffer is None:
        return False
    start = mark.buffer.rfind("\n", 0, mark.index) + 1
    return any(q in mark.buffer[start : mark.index] for q in "\"'")


def _worded(problem: str) -> str:
    for token, words in _WORDS:
        problem = problem.replace(token, words)
    return problem


def _runaway_quote(text: str, mark: yaml.Mark | None) -> yaml.Token | None:
    """The quoted value that ran on from an earlier line to the line where parsing failed:
    a quote left open closes at the next value's quote, and what follows it is the mistake
    PyYAML names. None when there is none (a value quoted over lines on purpose is valid
    YAML; it is only suspect when parsing fails right after it)."""
    if mark is None:
        return None
    last = None
    try:
        for token in yaml.scan(text, Loader=CoreLoader):
            if token.start_mark.index >= mark.index:
                break
            last = token
    except yaml.YAMLError:
        pass
    if (
        isinstance(last, yaml.ScalarToken)
        and last.style in ('"', "'")
        and last.start_mark.line < last.end_mark.line == mark.line
        and _KEY_LINE.search(text, last.start_mark.index, last.end_mark.index)
    ):
        return last  # it swallowed a line that reads as a key: the quote was left open
    return None


_KEY_LINE = re.compile(r"\n[ \t]*(?:-[ \t]+)?[A-Za-z_][\w-]*[ \t]*:(?:[ \t]|$)", re.M)
"""A line of a quoted value that reads as a key (``    effect: x``): what a quote left open
swallows, and a value quoted over lines on purpose seldom holds."""


def _yaml_problem(exc: yaml.YAMLError, text: str, file: str) -> ContentError:
    if isinstance(exc, yaml.reader.ReaderError):
        loc = _position_loc(text, exc.position, file)
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        hint = f'; remove it, or write it as "\\x{code:02X}" inside a double-quoted value'
        if code > 0xFF:
            hint = f'; remove it, or write it as "\\u{code:04X}" inside a double-quoted value'
        return ContentError([Problem(loc, f"YAML: character U+{code:04X} is not allowed{hint}")])
    if isinstance(exc, yaml.MarkedYAMLError):
        if exc.context == "while scanning a quoted scalar" and exc.context_mark is not None:
            # a quote never closed runs to the end of the file: the mistake is where it opens
            where = mark_loc(file, exc.context_mark)
            message = (
                "YAML syntax: this quote is never closed (a quoted value ends with the same"
                " quote; a ' inside '…' is written '', a \" inside \"…\" is written \\\")"
            )
            return ContentError([Problem(where, message)])
        opened = _FLOW.get(exc.context or "")
        start, end = exc.context_mark, exc.problem_mark
        if opened and start is not None and end is not None:
            hidden = _comment_hid(text, start, end, opened, file)
            if hidden is not None:
                return ContentError([Problem(*hidden)])
        if (
            opened
            and start is not None
            and end is not None
            and start.line != end.line
            and _left_open(text, start.line, start.column, end.line)
        ):
            # a bracket left open is found on a later line: the mistake is where it opens
            message = (
                f"YAML syntax: the '{opened}' opened here is not closed:"
                f" {short(_worded(exc.problem or ''))}"
                f" at line {end.line + 1}, column {end.column + 1}"
            )
            return ContentError([Problem(mark_loc(file, start), message)])
        runaway = _runaway_quote(text, exc.problem_mark)
        if runaway is not None and exc.problem_mark is not None:
            end = exc.problem_mark
            message = (
                f"YAML syntax: the quote opened here runs on to line {end.line + 1} (a quoted"
                " value ends with the same quote on its own line: close it there)"
            )
            return ContentError([Problem(mark_loc(file, runaway.start_mark), message)])
        if exc.context == "while scanning a simple key" and exc.context_mark is not None:
            # a key with no ':' (or a quote left open at a key) is said where it starts
            start, end = exc.context_mark, exc.problem_mark
            later = f" (it runs on to line {end.line + 1})" if end and end.line > start.line else ""
            message = f"YAML syntax: this key has no ':' after it{later}"
            return ContentError([Problem(mark_loc(file, start), message)])
        mark = exc.problem_mark or exc.context_mark
        msg = short(_worded(exc.problem or exc.context or "invalid YAML"))
        msg += _HINTS.get(exc.problem or "", "") or _context_hint(exc)
        if exc.problem == "expected <block end>, but found '<scalar>'" and _quoted_before(mark):
            msg += AFTER_QUOTE
        return ContentError([Problem(mark_loc(file, mark), f"YAML syntax: {msg}")])
    return ContentError([Problem(Loc(file, 1, 1), f"YAML: {short(str(exc))}")])
