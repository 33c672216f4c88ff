"""The command line's grammar: ``parser()`` with one subcommand per command (each bound to
its ``cmd_*`` function), and the argument types that refuse a bad value with one line."""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable
from typing import IO, Any, NoReturn, TypeAlias

from .. import __version__
from ..diagnostics import closest, did_you_mean
from .commands import (
    cmd_build,
    cmd_check,
    cmd_export,
    cmd_guide,
    cmd_list,
    cmd_new,
    cmd_preview,
    cmd_schema,
    cmd_watch,
)

_Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

NEGATIVE_VALUE = re.compile(r"^-\.?\d")
"""An argument that is a negative value (``-1,2``, ``-0.5``, ``-.5``), not an option."""

_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)$")


class Parser(argparse.ArgumentParser):
    """argparse with suggestions: a misspelt command or choice (``bulid``) and an unknown
    option (``--profle``) get the closest valid one, and an option error shows the usage of
    the command it belongs to, not the whole program's. A value that starts with a minus
    and a digit is a value, never an option: ``--back-offset -1,2`` as ``--back-offset=-1,2``
    (argparse's own pattern takes only a plain number, so ``-1,2`` was "expected one
    argument"); no option of cutsheet's starts with a digit."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_VALUE

    def error(self, message: str) -> NoReturn:
        found = _CHOICE.search(message)
        if found:
            known = [c.strip().strip("'") for c in found.group(2).split(",")]
            message += did_you_mean(found.group(1), known)
        super().error(message)

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        """argparse's own, except that a write error is not swallowed: ``cutsheet --help >
        /dev/full`` says it could not write and exits 1, as every command does."""
        if message:
            (file or sys.stderr).write(message)

    def refuse_unknown(self, extras: list[str]) -> NoReturn:
        """The arguments this (sub)command does not know, with a suggestion for an option."""
        options = sorted(o[2:] for o in self._option_string_actions if o.startswith("--"))
        hint = ""
        for extra in extras:
            if extra.startswith("-"):  # names compared without their dashes (all alike)
                guess = closest(extra.split("=", 1)[0].lstrip("-"), options)
                hint = f"; did you mean '--{guess}'?" if guess is not None else ""
                if hint:
                    break
        self.error(f"unrecognized arguments: {' '.join(extras)}{hint}")


def commands_summary(p: argparse.ArgumentParser) -> str:
    """Each command with its one-line help, as ``cutsheet`` alone prints them."""
    sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    rows = [(c.dest, c.help or "") for c in sub._choices_actions]
    width = max(len(name) for name, _h in rows)
    lines = [f"  {name:<{width}}  {text}" for name, text in rows]
    return "\n".join(
        [
            f"usage: {p.prog} [--root DIR] COMMAND ...",
            "",
            p.description or "",
            "",
            "commands:",
            *lines,
            "",
            f"'{p.prog} COMMAND --help' describes a command and its options.",
        ]
    )


#: The largest back-page shift that makes sense, in mm: a duplex printer that misses by more
#: than this needs another printer, not an offset (the calibration sheet reads to 2 mm).
MAX_BACK_OFFSET = 10.0
#: Worker processes: more than this is never faster on any machine cutsheet is built on.
MAX_JOBS = 256


_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?(inf|nan)", re.I)
"""A number as a person types one in ASCII (``inf`` and ``nan`` are refused by their range)."""
_MM_UNIT = re.compile(r"(?<=[0-9.])\s*mm\s*$", re.I)
"""A trailing "mm" after a number: the unit every length option is in."""


def _millimetres(text: str, what: str, low: float, high: float) -> float:
    """A finite number of mm from ``low`` to ``high``; anything else (``inf``, ``nan``, ``1e9``)
    is refused with the range that works. A unit typed after it ("3mm", "3 mm") is read as
    the mm it says."""
    text = _MM_UNIT.sub("", text)
    try:
        if not _DECIMAL.fullmatch(text.strip()):  # float() also takes '1_0' and '１'
            raise ValueError(text)
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected mm, got {text.strip()[:40]!r}") from None
    if not math.isfinite(value) or not low <= value <= high:
        raise argparse.ArgumentTypeError(
            f"{what} is {low:g} to {high:g} mm, got {text.strip()[:40]}"
        )
    return value


def _offset(text: str) -> tuple[float, float]:
    parts = text.split(",")
    if len(parts) != 2:
        m = f"{MAX_BACK_OFFSET:g}"
        raise argparse.ArgumentTypeError(f"expected X,Y in mm, each -{m} to {m}, e.g. 0.5,-1")
    m = MAX_BACK_OFFSET
    x, y = (_millimetres(v, "a back offset", -m, m) for v in parts)
    return (x, y)


def _whole(option: str, low: int, high: int, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``; anything else (``1.5``,
    ``0``, ``1e9``) is refused with the range that works."""
    works = f"{option} is a whole number from {low} to {high}{unit}"

    def parse(text: str) -> int:
        shown = text.strip()[:40]
        try:
            if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):  # int() takes '7_2' and '７'
                raise ValueError(text)
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{works}, got {shown!r}") from None
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"{works}, got {shown}")
        return n

    return parse


_jobs = _whole("--jobs", 1, MAX_JOBS, " workers")
_dpi = _whole("--dpi", 10, 1200, " dots per inch")
# exports.DPI_RANGE, repeated so the command line starts without importing the export (a test
# keeps the two equal)
_export_dpi = _whole("--dpi", 72, 1200, " dots per inch")
_page = _whole("--page", 1, 100_000)
MAX_WATCH_S = 7 * 24 * 3600  # a week; without --timeout, watch runs until Ctrl-C


def _timeout(text: str) -> float:
    """``watch --timeout``: seconds, more than 0 and at most a week (``inf``, ``nan``, ``0``
    and ``-1`` are refused with the range that works)."""
    works = f"--timeout is a number of seconds, more than 0 and at most {MAX_WATCH_S:,}"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{works}, got {text.strip()[:40]!r}") from None
    if not 0 < value <= MAX_WATCH_S:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{works}, got {text.strip()[:40]}")
    return value


def _title(text: str) -> str:
    """A title with something in it: an empty one was taken as none, silently."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "a title needs a word (leave --title out for one made from NAME)"
        )
    return text


def _bleed(text: str) -> float:
    return _millimetres(text, "bleed", 0, 10)


def default_jobs() -> int:
    """``--jobs`` when it is not given: every core this process may run on
    (``spread.usable_cores``), at most ``MAX_JOBS``."""
    from ..spread import usable_cores

    return max(1, min(usable_cores(), MAX_JOBS))


def _jobs_option(p: argparse.ArgumentParser, help: str) -> None:
    """``--jobs N``, ``default_jobs`` when not given (``build``, ``watch`` and ``check``)."""
    p.add_argument("--jobs", type=_jobs, default=default_jobs(), help=help)


def _build_options(b: argparse.ArgumentParser) -> None:
    """What ``build`` and ``watch`` share: the games, the print options, workers and output."""
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    _print_options(b)
    _jobs_option(b, "worker processes (default: every core cutsheet may run on)")
    b.add_argument("--out", help="output folder (default: build/ in the project folder)")


def _print_options(b: argparse.ArgumentParser) -> None:
    """What decides the pages (``build``, ``watch`` and ``check`` alike): profiles, papers and
    how cards are put on them."""
    b.add_argument(
        "--profile",
        action="append",
        help="standard, large-print, ink-saver or a project's own (default: every one not"
        " marked 'default: false', so not ink-saver); repeatable",
    )
    b.add_argument(
        "--paper",
        action="append",
        metavar="PAPER",
        help="a4, letter, a3, tabloid or a project's own (default: a4 and letter); repeatable",
    )
    b.add_argument(
        "--cut-guides",
        choices=["marks", "lines"],
        default="marks",
        help="'lines' adds full-length hairlines along every cut on the fronts, for scissors",
    )
    b.add_argument(
        "--bleed",
        type=_bleed,
        default=0.0,
        metavar="MM",
        help="art beyond every trim, in mm (default 0 for home printing; 3 for a print shop)",
    )
    b.add_argument(
        "--imposition",
        choices=["duplex", "gutterfold"],  # fieldspec.CARD_IMPOSITIONS (not imported: pydantic)
        default="duplex",
        help="duplex: backs on the next page (default); gutterfold: fronts and backs on one"
        " page, to fold and glue, for single-sided printers",
    )
    b.add_argument(
        "--back-offset",
        type=_offset,
        default=(0.0, 0.0),
        metavar="X,Y",
        help="shift back pages by X,Y mm (read it off the duplex calibration sheet)",
    )


def _add_build(sub: _Subparsers) -> None:
    b = sub.add_parser(
        "build",
        help="write the PDFs and build/manifest.json",
        description="Write every game (or the GAMEs named) in the default profiles (standard"
        " and large print; ink-saver when asked for) on A4 and US Letter:"
        " build/<game>/<profile>-<paper>/{cards,sheets,rules,rules-booklet}.pdf."
        " Unchanged games are taken from the cache; a broken game keeps its last good PDFs.",
    )
    _build_options(b)
    b.set_defaults(func=cmd_build)


def _add_watch(sub: _Subparsers) -> None:
    w = sub.add_parser(
        "watch",
        help="build, then rebuild on every save under content/, layouts/, icons/ or fonts/",
        description="Build, then rebuild on every save under content/, layouts/, icons/ or"
        " fonts/: the edited"
        " game's standard A4 first, then the rest. Mistakes are printed as they are saved;"
        " Ctrl-C stops.",
    )
    _build_options(w)
    w.add_argument(
        "--timeout",
        type=_timeout,
        metavar="SECONDS",
        help="stop after that many seconds (default: run until Ctrl-C)",
    )
    w.set_defaults(func=cmd_watch)


def _add_new(sub: _Subparsers) -> None:
    n = sub.add_parser(
        "new",
        help="start a new game: content/NAME/ and layouts/NAME.yaml",
        description="Start a small working game to edit: content/NAME/ (game.yaml, cards.yaml,"
        " rules.yaml) and layouts/NAME.yaml; a new project also gets a README.md and a"
        " .gitignore. Never overwrites a file.",
    )
    n.add_argument("name", metavar="NAME", help="the game's id, e.g. my-game")
    n.add_argument(
        "--title", type=_title, help="the game's title (default: from NAME, e.g. My Game)"
    )
    n.add_argument("--code", help="2 to 5 capitals starting every card id (default: from NAME)")
    n.set_defaults(func=cmd_new)


def _add_check(sub: _Subparsers) -> None:
    c = sub.add_parser(
        "check",
        help="find every mistake a build would hit, without writing anything",
        description="Validate every game (or the GAMEs named) in the default profiles"
        " (standard and large print; ink-saver when asked for), and"
        " impose it on every paper with the print options given, as build would, and write"
        " nothing: each mistake is path:line:col: error: message, and the exit status is 1 if"
        " there is one. Out-of-date editor schemas are warnings.",
    )
    c.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    _print_options(c)
    _jobs_option(
        c,
        "worker processes, one game under one profile at a time"
        " (default: every core cutsheet may run on)",
    )
    c.set_defaults(func=cmd_check)


def _add_preview(sub: _Subparsers) -> None:
    v = sub.add_parser(
        "preview",
        help="PNGs of one card or sheet (--item), or of a built part's pages",
        description="With --item: render that card (front and back) or sheet alone, without a"
        " build, in about a second. Without: render the pages of a part built by"
        " 'cutsheet build'. PNGs go to build/preview/.",
    )
    v.add_argument("game", metavar="GAME", help="the game's id")
    v.add_argument(
        "--item",
        help="a card's or sheet's id, e.g. CR-SEED-TENT or CR-RESERVE: rendered alone",
    )
    v.add_argument(
        "--part",
        choices=["cards", "sheets", "rules", "rules-booklet"],
        help="which part: the built file's pages, or where --item is looked for"
        " (default: cards; with --item, cards and sheets)",
    )
    v.add_argument(
        "--page", type=_page, action="append", help="1-based page; repeatable (default: all)"
    )
    v.add_argument("--profile", default="standard", help="print profile (default: standard)")
    v.add_argument("--paper", default="a4", metavar="PAPER", help="for pages (default: a4)")
    v.add_argument(
        "--imposition",
        choices=["duplex", "gutterfold"],  # model.CARD_IMPOSITIONS, as build's
        help="with --item: the build a sheet's text is written for, as build's --imposition"
        " (default: duplex); the pages of a built part are as they were built",
    )
    v.add_argument("--build", help="where built PDFs are (default: build/ in the project)")
    v.add_argument("--out", help="where PNGs go (default: build/preview/ in the project)")
    v.add_argument("--dpi", type=_dpi, default=100, help="resolution, 10 to 1200 (default: 100)")
    v.set_defaults(func=cmd_preview)


def _add_export(sub: _Subparsers) -> None:
    e = sub.add_parser(
        "export",
        help="cards as PNGs, Tabletop Simulator decks, print-on-demand PDFs",
        description="Export every game's cards (or the GAMEs named) from the same drawing the"
        " PDFs use: a PNG per face (png), Tabletop Simulator deck sheets and a saved object"
        " (tts), one PDF per deck for print-on-demand services (pod), or a contact sheet to"
        " proofread (contact), into build/<game>/export/<target>/.",
    )
    e.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    e.add_argument("--to", required=True, metavar="TARGET", help="png, tts, pod or contact")
    e.add_argument(
        "--profile", action="append", help="standard (default), large-print, ink-saver; repeatable"
    )
    e.add_argument(
        "--bleed",
        type=_bleed,
        default=None,
        metavar="MM",
        help="art beyond the trim, mm (default: 3 for pod, else 0)",
    )
    e.add_argument(
        "--dpi",
        type=_export_dpi,
        default=300,
        metavar="N",
        help="png and tts resolution, 72 to 1200 (default 300)",
    )
    e.add_argument(
        "--order",
        default="front-back",
        metavar="ORDER",
        help="pod pages: front-back (default) or back-front",
    )
    e.add_argument(
        "--url-base",
        default="",
        metavar="URL",
        help="tts: the web address you will upload the images to (the folder's, e.g."
        " https://example.org/my-game/); by default the export folder's file:/// address,"
        " which only this computer can open",
    )
    e.add_argument("--out", help="output folder (default: build/ in the project folder)")
    e.set_defaults(func=cmd_export)


def _add_schema(sub: _Subparsers) -> None:
    s = sub.add_parser(
        "schema",
        help="write JSON Schemas of the content files, for editors (schema/)",
        description="Write a JSON Schema for game.yaml, rules.yaml, the layouts, the profiles"
        " and each YAML items file to schema/, so an editor with the YAML language server"
        " completes keys and values; schemas of components that are gone are removed.",
    )
    s.add_argument("--out", help="folder (default: schema/ in the project folder)")
    s.set_defaults(func=cmd_schema)


def _add_list(sub: _Subparsers) -> None:
    ls = sub.add_parser(
        "list",
        help="the games and their components",
        description="Each game (id, title, players), then each component: the copies it"
        " prints, its name, its id and its part (cards or sheets).",
    )
    ls.set_defaults(func=cmd_list)


def _add_guide(sub: _Subparsers) -> None:
    g = sub.add_parser(
        "guide",
        help="the editing guide, step by step (cutsheet guide | less)",
        description="Print the editing guide that comes with cutsheet (Markdown): a new game,"
        " cards, components, CSV columns, sheets, errors, previews, watch, printing, papers,"
        " and making it yours (fonts, palette, icons, card sizes).",
    )
    g.set_defaults(func=cmd_guide)


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="cutsheet", description="Cut-ready print-and-play PDFs from YAML.")
    p.add_argument("--version", action="version", version=f"cutsheet {__version__}")
    p.add_argument(
        "--root",
        default=".",
        metavar="DIR",
        help="project folder holding content/ and layouts/; build/ and schema/ are written"
        " under it (default: the current folder)",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for add in (_add_build, _add_watch, _add_new, _add_check, _add_preview, _add_schema, _add_list):
        add(sub)
    _add_export(sub)
    _add_guide(sub)
    return p
