"""cutsheet's own template filters: ``counts``, ``signed``, ``glyphs``, ``said`` and ``icon``."""

from __future__ import annotations

import bisect
import re
import threading
import unicodedata
from collections.abc import Callable, Mapping

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from .. import symbols
from ..colours import is_hex as is_colour
from ..colours import unknown as unknown_colour
from ..diagnostics import char_name
from ..source.yaml_build import MARKER
from .problem import TemplateProblem, short


class _Made(threading.local):
    """The symbols (marked text: ``symbols.cube``, ``icon``, ``actual_text``) the filters
    made for the template running in this thread: a marker character in its output must
    be one of theirs, whole (``rendering`` checks)."""

    def __init__(self) -> None:
        self.symbols: set[str] = set()


MADE = _Made()


def counts(values: Mapping[str, int], sep: str = " · ", zeros: bool = True) -> Markup:
    """``{WATER: 3, FUEL: 0}`` → "WATER 3 · FUEL 0" (``zeros=false`` leaves out the 0s)."""
    shown = [(k, v) for k, v in values.items() if zeros or v]
    return Markup(escape(sep)).join(escape(f"{k} {v}") for k, v in shown)


def signed(n: int) -> str:
    """``3`` → "+3", ``-3`` → "−3" (a minus sign, not a hyphen), ``0`` → "0"."""
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


_GROUP = r"[0-9A-Z<>]*(?:[A-Z]|>)[0-9A-Z<>]*"
_NOTATION = re.compile(rf"{_GROUP}(?:\+{_GROUP})*")
"""A run of notation: groups (``2R``, ``5R>G``) joined by ``+`` (``2R+1B``); a ``+`` that
starts or ends a word (``+2R``, a gain; ``3R+``) leaves the word as text."""


def _cube_fills(terms: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """The fill of each one-letter term (A to Z) that has one, read as a box's fill is
    (spaces around it aside; a name from the layouts' colours): a colour, or none or empty,
    which makes the letter no cube. A fill that is no colour is an error here, unless it is
    game.yaml's, said there (``symbols.fill_said``: its tile is ``STAND_IN_FILL``)."""
    if not isinstance(terms, Mapping):
        raise TemplateProblem("glyphs needs the terms (write glyphs(terms))")
    cubes = {
        k: v["fill"]
        for k, v in terms.items()
        if isinstance(k, str) and len(k) == 1 and isinstance(v, Mapping) and "fill" in v
    }
    named = symbols.project_colours()
    found = {}
    for letter, fill in cubes.items():
        written = str(fill).strip()
        if written in ("", "none"):
            continue
        found[letter] = named.get(written, written)
        if is_colour(found[letter]):
            continue
        if not symbols.fill_said(written):
            raise TemplateProblem(
                f"terms {letter}: fill {short(fill)} is not a colour (#RRGGBB, or a name from"
                " 'colours')"
            )
        found[letter] = symbols.STAND_IN_FILL
    return {k: v for k, v in found.items() if "A" <= k <= "Z"}


@pass_context  # never folded into a compiled template: what it makes is noted as it runs
def glyphs(_context: Context, value: str, terms: Mapping[str, Mapping[str, str]]) -> Markup:
    """Cube notation to symbols. In a run of notation (``5R>G``, ``RRRR``), each letter that
    has a ``fill`` in ``terms`` becomes a cube tile with its letter, and ``>``/``<>`` get room
    to breathe; the run keeps its literal text for readers (see :mod:`cutsheet.symbols`).
    Words that are not notation ("Bank", "Red") are left alone."""
    cubes = _cube_fills(terms)
    text = str(value)
    out: list[str] = []
    last = 0
    word_at = _word_finder(text)
    for m in _NOTATION.finditer(text):
        run = m.group(0)
        word = word_at(m.start(), m.end())
        if not any(ch in cubes for ch in run) or word != run:
            continue
        out.append(str(escape(text[last : m.start()])))
        shown = "".join(
            symbols.cube(ch, cubes[ch]) if ch in cubes else f"<b>{escape(ch)}</b>" for ch in run
        )
        said = symbols.spoken(run, _names(terms))
        made = symbols.actual_text(str(escape(run)), shown, str(escape(said)))
        MADE.symbols.add(made)
        out.append(made)
        last = m.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))


def _names(terms: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """How each one-letter term is said: its ``name`` (or ``word``), else the letter."""
    out = {}
    for k, v in terms.items():
        if isinstance(k, str) and len(k) == 1 and isinstance(v, Mapping):
            name = v.get("name") or v.get("word")
            if name:
                out[k] = str(name)
    return out


@pass_context  # never folded into a compiled template: what it makes is noted as it runs
def said(_context: Context, value: object, words: object) -> Markup:
    """``value`` printed as it is and said as ``words``: a letter or a short mark that stands
    for a word (a cube's ``R``: ``{{ cube|said(terms[cube].name ~ " cube") }}``). Like a run
    of notation (``glyphs``), the text layer keeps ``value`` for copy and search (the span's
    ActualText) and gives ``words`` as its expansion (``/E``), which a screen reader speaks.
    A value left out or empty prints nothing and says nothing; words left out or empty leave
    the value as it is. A value holds no symbol (glyphs, an icon, said: one span inside
    another) and no line break (a span is one run of a line: say each line on its own); a
    bar in the words is said as a space."""
    shown = "" if value is None else str(escape(value))
    if MARKER.search(shown):
        raise TemplateProblem(
            "said: its value holds a symbol (glyphs, icon or said), which said cannot hold"
        )
    if _LINE_BREAK.search(shown):
        raise TemplateProblem(
            "said: its value holds a line break (<br/>); say each line on its own"
        )
    spoken = _words_of(words)
    if not shown.strip() or not spoken:
        return Markup(shown)
    literal = str(escape(Markup(shown).striptags()))
    made = symbols.actual_text(literal, shown, str(escape(spoken)))
    MADE.symbols.add(made)
    return Markup(made)


def _words_of(words: object) -> str:
    """What ``said`` says: plain text, on one line (markup's tags and entities read as the
    text they print); '' for none (see ``readable``)."""
    if words is None:
        return ""
    if isinstance(words, Markup):
        text = words.striptags()
    elif isinstance(words, (str, int, float)) and not isinstance(words, bool):
        text = str(words)
    else:
        raise TemplateProblem(f"said: the words to say must be text, not {short(words)}")
    return readable(text, "said: the words to say hold")


def readable(text: str, holds: str) -> str:
    """``text`` on one line, to be given to a reader (what ``said`` says, a picture's
    ``alt``): never a symbol, nor a character a reader cannot be given (a control, a
    surrogate, a private-use or unassigned one, or a format character: bidi, invisible).
    A TemplateProblem says what ``holds`` it (``"alt: the text holds"``)."""
    text = " ".join(text.split())
    if MARKER.search(text):
        raise TemplateProblem(f"{holds} a symbol (glyphs, icon or said)")
    for ch in text:
        if unicodedata.category(ch) in _UNSAID:
            raise TemplateProblem(f"{holds} {char_name(ch)}, which a reader cannot be given")
    return text


_LINE_BREAK = re.compile(r"<\s*br\b", re.IGNORECASE)
_UNSAID = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories ``said`` refuses in its words: controls, format characters (bidi,
invisible), surrogates, private-use and unassigned code points."""


def stray_letters(text: str, cubes: set[str]) -> list[tuple[str, str]]:
    """Each run of notation in ``text`` that ``glyphs`` draws (a whole word with a letter of
    ``cubes``, the one-letter terms with a fill) and that holds a letter none of them is
    (``2R+1X``): the run and those letters. ``glyphs`` prints such a letter as a letter; a
    typo for a cube's, mostly (``plan.notation_check``)."""
    found = []
    word_at = _word_finder(text)
    for m in _NOTATION.finditer(text):
        run = m.group(0)
        if word_at(m.start(), m.end()) != run or not any(ch in cubes for ch in run):
            continue
        others = sorted({ch for ch in run if ch.isalpha() and ch not in cubes})
        if others:
            found.append((run, "".join(others)))
    return found


def _word_finder(text: str) -> Callable[[int, int], str]:
    """``_word_at`` for ``text``, its words found once: a match's word is looked up, not
    scanned for (a review: a 20,000-character word without a space, scanned from each of
    its matches, took 12 s of a check)."""
    spans = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    starts = [a for a, _ in spans]

    def word_at(start: int, end: int) -> str:
        i = bisect.bisect_right(starts, start) - 1
        if i < 0 or spans[i][1] < end:  # (inside one word always: a match holds no blank)
            return _word_at(text, start, end)
        a, b = spans[i]
        return text[a:b].rstrip(".,;:!?)").lstrip("(")

    return word_at


_WORD = re.compile(r"[^\s]+")


def _word_at(text: str, start: int, end: int) -> str:
    """The whitespace-delimited word around text[start:end] (trailing punctuation dropped)."""
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end].rstrip(".,;:!?)").lstrip("(")


@pass_context  # never folded into a compiled template: the project's icons vary
def icon(_context: Context, name: str, colour: str = "#000000") -> Markup:
    """An icon inside running text, at the text's size on its baseline (put a word beside it):
    a built-in one or one of the project's ``icons/``; its colour ``#RRGGBB`` or a named one
    (a project's own icon keeps its own colours)."""
    if str(name) not in symbols.known_icons():
        raise TemplateProblem(symbols.unknown_icon(str(name)))
    palette = symbols.project_colours()
    named = palette.get(str(colour), str(colour))
    if not is_colour(named):  # (with the nearest name, as a box's fill says it)
        raise TemplateProblem(unknown_colour(str(colour), palette, "icon colour", none=False))
    made = symbols.icon(str(name), named)
    MADE.symbols.add(made)
    return Markup(made)
