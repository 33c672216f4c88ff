"""Located problems: every content mistake is reported as ``path:line:col: severity: message``."""

from __future__ import annotations

import difflib
import os
import re
import reprlib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Loc:
    """A place in a content file; line and column are 1-based, as editors show them."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{max(self.col, 1)}"


def display_path(path: Path | str, root: Path | None = None) -> str:
    """The path as the user should see it: relative to the working directory when possible,
    as written (a symbolic link named as the link, ``icons/gem.svg``, not as the file it
    points at, which may be anywhere), else as resolved (a working directory reached through
    a link)."""
    p = Path(path)
    try:
        base = root or Path.cwd()
        return str(Path(os.path.abspath(p)).relative_to(os.path.abspath(base)))
    except (ValueError, OSError):
        pass
    try:
        return str(p.resolve().relative_to(base.resolve()))
    except (ValueError, OSError, RuntimeError):  # elsewhere; a gone folder; a symlink loop
        return str(p)


_HIDDEN = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff]"
)


def readable(text: str) -> str:
    """``text`` with every control, bidi, invisible or surrogate character shown as
    ``[U+202E]``: a message never reorders or hides the terminal line it is printed on."""
    return _HIDDEN.sub(lambda m: f"[U+{ord(m.group()):04X}]", text)


def char_name(ch: str) -> str:
    """A character for a message: ``'☉' (U+2609)``, or only ``U+202E`` for one that would
    not show as itself (a control, bidi or format character, a combining mark, a space)."""
    code = f"U+{ord(ch):04X}"
    if unicodedata.category(ch)[0] in "CZM":
        return code
    return f"'{ch}' ({code})"


MAX_MESSAGE = 1_000
"""Longest message a problem carries; a longer one is cut (it would hold some file's text)."""
MAX_SUBJECT = 80
"""Longest subject (an item's id: a 300-character id is written by mistake, not read in full)."""


@dataclass(frozen=True, order=True)
class Problem:
    """A located mistake. ``subject`` names what it is about (an item, "CR-SEED-TENT (back)")
    and prints before the message; ``code`` says what kind of mistake it is ("box", "contrast"),
    so one mistake repeated for many subjects is told apart without reading the message."""

    loc: Loc
    message: str
    severity: Severity = "error"
    subject: str = ""
    code: str = ""

    def __post_init__(self) -> None:
        message = readable(self.message)
        if len(message) > MAX_MESSAGE:
            message = clip(message, MAX_MESSAGE)
        if message != self.message:
            object.__setattr__(self, "message", message)
        subject = readable(self.subject)
        if len(subject) > MAX_SUBJECT:
            subject = clip(subject, MAX_SUBJECT)
        if subject != self.subject:
            object.__setattr__(self, "subject", subject)

    @property
    def text(self) -> str:
        """The message as printed: its subject first."""
        return f"{self.subject}, {self.message}" if self.subject else self.message

    def __str__(self) -> str:
        return f"{readable(str(self.loc))}: {self.severity}: {self.text}"


class ContentError(Exception):
    """Raised by a stage that cannot go on; carries every problem it found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class Report:
    """Collects problems from many checks so the user sees all of them at once."""

    problems: list[Problem] = field(default_factory=list)
    refused: set[str] = field(default_factory=set)  # games a build wrote nothing of (errors)

    def error(self, loc: Loc, message: str) -> None:
        self.problems.append(Problem(loc, message, "error"))

    def warning(self, loc: Loc, message: str) -> None:
        self.problems.append(Problem(loc, message, "warning"))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.problems.extend(problems)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def said_once(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` as they are printed: each once, in order, and without a warning that only
    repeats an error said at the same place with a note after it (an icon file that cannot
    be drawn is an error of the profile or game that draws it and a warning of one that
    does not: the error says it)."""
    shown = sorted(set(problems))
    errors: dict[Loc, list[str]] = {}
    for p in shown:
        if p.severity == "error":
            errors.setdefault(p.loc, []).append(p.message)
    return [
        p
        for p in shown
        if p.severity == "error" or not any(p.message.startswith(m) for m in errors.get(p.loc, ()))
    ]


ALIKE_SAID = 20
"""How many problems with the same message in one file are printed (``said_alike``)."""


def said_alike(problems: Sequence[Problem], limit: int = ALIKE_SAID) -> list[Problem]:
    """``problems`` (as ``said_once`` orders them) with a flood cut short: of the problems
    with one message and severity in one file (a key missing from each of 2,000 items), the
    first ``limit`` are kept, the next says how many more there are and the last line they
    are on, and the rest are left out. Every problem is still counted by the caller."""

    def key(p: Problem) -> tuple[str, str, str]:
        return (p.loc.path, p.severity, p.message)

    total: dict[tuple[str, str, str], list[Problem]] = {}
    for p in problems:
        total.setdefault(key(p), []).append(p)
    seen: dict[tuple[str, str, str], int] = {}
    kept: list[Problem] = []
    for p in problems:
        alike = total[key(p)]
        n = seen[key(p)] = seen.get(key(p), 0) + 1
        if n <= limit or len(alike) == limit + 1:
            kept.append(p)
        elif n == limit + 1:
            last = max(q.loc.line for q in alike)
            note = f" (and {len(alike) - n:,} more like it in this file"
            note += f", the last at line {last})" if last > 0 else ")"
            said = p.message  # cut, not the note, when both are over the longest message
            if len(said) + len(note) > MAX_MESSAGE:
                said = clip(said, MAX_MESSAGE - len(note))
            kept.append(replace(p, message=said + note))
    return kept


def has_errors(problems: Iterable[Problem]) -> bool:
    """Whether any of ``problems`` is an error: a warning never stops a job from drawing."""
    return any(p.severity == "error" for p in problems)


def counted(n: int, noun: str) -> str:
    """'1 card', '2 cards', '1,200 cards'."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def clip(text: str, limit: int = 60) -> str:
    """``text`` itself when short, else its first ``limit`` characters and '…' (no quotes:
    for names and lists a message shows as they are)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def excerpt(value: object, limit: int = 60) -> str:
    """A short, repr-like rendering of a value taken from a content file, for messages.

    A message must never print a file's content: a long string is cut to about ``limit``
    characters and ends with '…' and its full length, e.g. ``'xxxx…' (5,000,000 characters)``.
    """
    limit = max(limit, 8)
    if isinstance(value, (str, bytes)):
        if len(value) <= limit:
            shown = repr(value)
            if len(shown) <= limit + 3:  # quotes and a b prefix
                return shown
        # Keep as many leading characters as fit once escaped (control characters widen).
        k = min(len(value), limit)
        while k > 1 and len(repr(value[:k])) > limit + 3:
            k -= 1
        head = repr(value[:k])
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{head[:-1]}…{head[-1]} ({len(value):,} {unit})"
    shortener = reprlib.Repr()
    shortener.maxstring = shortener.maxother = limit // 3
    shortener.maxlevel = 3
    shown = shortener.repr(value)
    cut = len(shown) > limit
    if cut:
        shown = shown[: limit - 1] + "…"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and (cut or "..." in shown):
        n = len(value)
        shown += f" ({n:,} item{'' if n == 1 else 's'})"
    return shown


def and_list(words: Sequence[str]) -> str:
    """'a, b and c'."""
    return " and ".join(filter(None, [", ".join(words[:-1]), *words[-1:]]))


def first_and_more(words: Sequence[str], most: int) -> list[str]:
    """The first ``most`` of ``words`` and "N more" for the rest, for ``and_list``; all of
    them when only one would be left (never "1 more")."""
    if len(words) <= most + 1:
        return list(words)
    return [*words[:most], f"{len(words) - most:,} more"]


def did_you_mean(
    word: str, known: Iterable[str], case_only: bool = False, cutoff: float = 0.6
) -> str:
    """ "; did you mean 'x'?" for the known name closest to ``word`` (a misspelling, or a
    slip of case: ``A4`` for ``a4``; with ``case_only``, a slip of case alone: ids a
    letter apart are other things), or ""."""
    guess = closest(word, known, case_only, cutoff)
    return f"; did you mean '{guess}'?" if guess is not None else ""


def id_hint(word: str, known: Iterable[str]) -> str:
    """``did_you_mean`` for an item id: a slip of case, or a letter typed twice or left out
    ("HL-SUNN" for "HL-SUN"). An id that differs by a letter or digit in place of another
    ("TY-Z" beside "TY-C", "BA-054" beside "BA-045") names another card, so it is not
    offered."""
    known = list(known)
    same = [k for k in known if k.casefold() == word.casefold()]
    near = [k for k in known if _one_more(k.casefold(), word.casefold())]
    guess = (same or near or [None])[0]
    return f"; did you mean '{guess}'?" if guess is not None else ""


def _one_more(a: str, b: str) -> bool:
    """Whether one of ``a`` and ``b`` is the other with one character more."""
    if abs(len(a) - len(b)) != 1:
        return False
    long, short = (a, b) if len(a) > len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def closest(
    word: str, known: Iterable[str], case_only: bool = False, cutoff: float = 0.6
) -> str | None:
    """The known name closest to ``word`` (``did_you_mean``'s guess), or None; the first
    in ``known``'s order where two are as close. ``cutoff``: how alike (difflib's ratio)
    a guess must be at least."""
    known = list(known)
    same = [k for k in known if k.casefold() == word.casefold()]
    if case_only:
        return same[0] if same else None
    guess = same or difflib.get_close_matches(word[:100], known, n=1, cutoff=cutoff)
    return guess[0] if guess else None
