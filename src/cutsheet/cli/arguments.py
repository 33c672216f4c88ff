"""The command line's grammar: ``parser()`` with one subcommand per command (each bound to
its ``cmd_*`` function), and the argument types that refuse a bad value with one line."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import TypeAlias

from .. import __version__
from .commands import (
    cmd_build,
    cmd_check,
    cmd_export,
    cmd_list,
    cmd_new,
    cmd_preview,
    cmd_schema,
    cmd_watch,
)

_Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("expected X,Y in mm, e.g. 0.5,-1") from None
    return (x, y)


def _whole(low: int, high: int | None, refusal: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (no bound when None);
    ``refusal`` words the error, with ``{n}`` for the number given."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number, got {text[:40]!r}"
            ) from None
        if n < low or (high is not None and n > high):
            raise argparse.ArgumentTypeError(refusal.format(n=n))
        return n

    return parse


_jobs = _whole(1, None, "at least 1 worker, got {n}")
_dpi = _whole(10, 1200, "a resolution is 10 to 1200 dpi, got {n}")


def _bleed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected mm, got {text[:40]!r}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"bleed is 0 to 10 mm, got {value:g}")
    return value


def _build_options(b: argparse.ArgumentParser) -> None:
    """What ``build`` and ``watch`` share: the games, the print options, workers and output."""
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    _print_options(b)
    b.add_argument(
        "--jobs",
        type=_jobs,
        default=os.cpu_count() or 1,
        help="worker processes (default: all cores)",
    )
    b.add_argument("--out", help="output folder (default: build/ in the project folder)")


def _print_options(b: argparse.ArgumentParser) -> None:
    """What decides the pages (``build``, ``watch`` and ``check`` alike): profiles, papers and
    how cards are put on them."""
    b.add_argument(
        "--profile", action="append", help="standard, large-print (default: all); repeatable"
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
        help="'lines' adds full-length hairlines along every cut, for scissors",
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
        choices=["duplex", "gutterfold"],
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
    b = sub.add_parser("build", help="write PDFs and build/manifest.json")
    _build_options(b)
    b.set_defaults(func=cmd_build)


def _add_watch(sub: _Subparsers) -> None:
    w = sub.add_parser("watch", help="build, then rebuild on every save under content/ or layouts/")
    _build_options(w)
    w.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="stop after that many seconds (default: run until Ctrl-C)",
    )
    w.set_defaults(func=cmd_watch)


def _add_new(sub: _Subparsers) -> None:
    n = sub.add_parser("new", help="start a new game: content/NAME/ and layouts/NAME.yaml")
    n.add_argument("name", metavar="NAME", help="the game's id, e.g. my-game")
    n.add_argument("--title", help="the game's title (default: from NAME, e.g. My Game)")
    n.add_argument("--code", help="2 to 5 capitals starting every card id (default: from NAME)")
    n.set_defaults(func=cmd_new)


def _add_check(sub: _Subparsers) -> None:
    c = sub.add_parser("check", help="validate content without writing PDFs")
    c.add_argument("games", nargs="*", metavar="GAME")
    _print_options(c)
    c.set_defaults(func=cmd_check)


def _add_preview(sub: _Subparsers) -> None:
    v = sub.add_parser("preview", help="PNG of one card (--item) or of built pages")
    v.add_argument("game")
    v.add_argument("--item", help="card id, e.g. CR-SEED-TENT: renders it alone, in a second")
    v.add_argument("--part", default="cards", choices=["cards", "sheets", "rules", "rules-booklet"])
    v.add_argument(
        "--page", type=int, action="append", help="1-based page; repeatable (default: all)"
    )
    v.add_argument("--profile", default="standard")
    v.add_argument("--paper", default="a4", metavar="PAPER", help="default: a4")
    v.add_argument("--build", help="where built PDFs are (default: build/ in the project)")
    v.add_argument("--out", help="where PNGs go (default: build/preview/ in the project)")
    v.add_argument("--dpi", type=_dpi, default=100, help="resolution, 10 to 1200 (default: 100)")
    v.set_defaults(func=cmd_preview)


def _add_export(sub: _Subparsers) -> None:
    e = sub.add_parser(
        "export", help="cards as PNGs, Tabletop Simulator decks, print-on-demand PDFs"
    )
    e.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    e.add_argument("--to", required=True, metavar="TARGET", help="png, tts, pod or contact")
    e.add_argument("--profile", action="append", help="standard (default), large-print; repeatable")
    e.add_argument(
        "--bleed",
        type=_bleed,
        default=None,
        metavar="MM",
        help="art beyond the trim, mm (default: 3 for pod, else 0)",
    )
    e.add_argument(
        "--dpi", default="300", metavar="N", help="png and tts resolution, 72 to 1200 (default 300)"
    )
    e.add_argument(
        "--order",
        default="front-back",
        metavar="ORDER",
        help="pod pages: front-back (default) or back-front",
    )
    e.add_argument("--out", help="output folder (default: build/ in the project folder)")
    e.set_defaults(func=cmd_export)


def _add_schema(sub: _Subparsers) -> None:
    s = sub.add_parser("schema", help="write JSON Schema for the content files (for editors)")
    s.add_argument("--out", help="folder (default: schema/ in the project folder)")
    s.set_defaults(func=cmd_schema)


def _add_list(sub: _Subparsers) -> None:
    ls = sub.add_parser("list", help="games and their components")
    ls.set_defaults(func=cmd_list)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cutsheet", description="Cut-ready print-and-play PDFs from YAML."
    )
    p.add_argument("--version", action="version", version=f"cutsheet {__version__}")
    p.add_argument(
        "--root",
        default=".",
        help="project folder holding content/ and layouts/; build/ and schema/ are written"
        " under it (default: the current folder)",
    )
    sub = p.add_subparsers(dest="command", required=True)
    for add in (_add_build, _add_watch, _add_new, _add_check, _add_preview, _add_schema, _add_list):
        add(sub)
    _add_export(sub)
    return p
