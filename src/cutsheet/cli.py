"""Command line: ``cutsheet build / check / watch / new / preview / schema / list``.

The project folder is the current folder or ``--root``; everything a command writes goes under
it (``build/``, ``schema/``) unless ``--out`` says otherwise. Exit 1 on any content error, with
located messages and no traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .diagnostics import ContentError, Problem, display_path

if TYPE_CHECKING:  # the commands import the heavy modules only when they run
    from .build import Options, Project


def _root(args: argparse.Namespace) -> Path:
    root = Path(args.root).resolve()
    if not (root / "content").is_dir():
        raise SystemExit(
            f"cutsheet: no content/ folder in {root} (run from the project folder, pass --root,"
            " or start a game here with 'cutsheet new NAME')"
        )
    return root


def _out(args: argparse.Namespace, root: Path, default: str) -> Path:
    """``--out`` as given (relative to the working directory), else ``<root>/<default>``."""
    return Path(args.out) if args.out else root / default


def _some_games(project: Project) -> None:
    if not project.games():
        raise SystemExit(
            f"cutsheet: no games in {project.content} (a game is a folder with a game.yaml;"
            " start one with 'cutsheet new NAME')"
        )


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("expected X,Y in mm, e.g. 0.5,-1") from None
    return (x, y)


def _print_problems(problems: list[Problem]) -> None:
    shown = sorted(set(problems))
    for p in shown:
        print(p, file=sys.stderr)
    errors = sum(1 for p in shown if p.severity == "error")
    if errors:
        print(f"cutsheet: {errors} error{'s' if errors != 1 else ''}", file=sys.stderr)


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


def _known_profiles(layouts: Path) -> list[str]:
    """``profiles.available_profiles`` without importing pydantic (a no-op build stays fast):
    the project's ``layouts/profiles/*.yaml`` and the packaged ones."""
    from importlib.resources import files

    packaged = Path(str(files("cutsheet").joinpath("data", "layouts", "profiles")))
    return sorted({p.stem for d in (layouts / "profiles", packaged) for p in d.glob("*.yaml")})


def _profiles(layouts: Path, asked: list[str] | None) -> tuple[str, ...]:
    """The profiles asked for (all when none): the project's own (``layouts/profiles``) and
    the packaged ones; an unknown one lists the valid names."""
    import difflib

    known = _known_profiles(layouts)
    if not known:  # pragma: no cover - the package ships profiles
        raise SystemExit(f"cutsheet: no print profiles in {layouts / 'profiles'}")
    for name in asked or []:
        if name not in known:
            guess = difflib.get_close_matches(name, known, n=1)
            hint = f"; did you mean '{guess[0]}'?" if guess else ""
            raise SystemExit(
                f"cutsheet: unknown profile '{name}' (known: {', '.join(known)}){hint}"
            )
    return tuple(asked or known)


def _games(project: Project, names: list[str]) -> list[str]:
    """The games asked for (every game when none); an unknown name is refused before anything
    is built, with the valid names and a suggestion."""
    unknown = project.unknown(names)
    if unknown:
        raise SystemExit("\n".join(f"cutsheet: {message}" for message in unknown))
    return names or project.games()


def _options(args: argparse.Namespace, layouts: Path) -> Options:
    from .build import Options

    return Options(
        profiles=_profiles(layouts, args.profile),
        papers=tuple(args.paper or ("a4", "letter")),
        cut_guides=args.cut_guides,
        back_offset=args.back_offset,
        bleed=args.bleed,
        imposition=args.imposition,
    )


def cmd_build(args: argparse.Namespace) -> int:
    from .build import Project, build

    project = Project(_root(args))
    _some_games(project)
    options = _options(args, project.layouts)
    out = _out(args, project.root, "build")
    _outputs, report = build(project, _games(project, args.games), options, out, jobs=args.jobs)
    _print_problems(report.problems)
    return 1 if report.errors else 0


def cmd_check(args: argparse.Namespace) -> int:
    from .build import Project, check_game

    project = Project(_root(args))
    _some_games(project)
    profiles = _profiles(project.layouts, args.profile)
    problems: list[Problem] = []
    games = _games(project, args.games)
    for game in games:
        report = check_game(project, game, profiles)
        problems.extend(report.problems)
    if (project.root / "schema").is_dir():  # a project that commits its editor schemas
        from .schema import stale_schemas

        problems.extend(stale_schemas(project.root, games))
    _print_problems(problems)
    if not any(p.severity == "error" for p in problems):
        print(
            f"cutsheet: {len(games)} game{'s' if len(games) != 1 else ''} checked, no errors",
            file=sys.stderr,
        )
        return 0
    return 1


def cmd_preview(args: argparse.Namespace) -> int:
    from .build import Project
    from .preview import pdf_to_pngs, preview_item

    root = _root(args)
    project = Project(root)
    _games(project, [args.game])
    _profiles(project.layouts, [args.profile])
    out = _out(args, root, "build/preview")
    if args.item:
        paths = preview_item(root, args.game, args.item, args.profile, out, args.dpi)
    else:
        built = Path(args.build) if args.build else root / "build"
        pdf = built / args.game / f"{args.profile}-{args.paper}" / f"{args.part}.pdf"
        if not pdf.is_file():
            raise SystemExit(
                f"cutsheet: {pdf} does not exist; run 'cutsheet build {args.game}' first"
            )
        paths = pdf_to_pngs(pdf, out / f"{args.game}-{args.part}", args.dpi, args.page or None)
    for p in paths:
        print(display_path(p))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .schema import write_schemas

    root = _root(args)
    for path in write_schemas(root, Path(args.out) if args.out else root / "schema"):
        print(path)
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    import shlex

    from .scaffold import ScaffoldError, new_game

    root = Path(args.root).resolve()
    try:
        written = new_game(root, args.name, title=args.title, code=args.code)
    except ScaffoldError as exc:
        print(f"cutsheet: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(display_path(path))
    if (root / "schema").is_dir():  # a project that keeps editor schemas: add the new game's
        from .schema import write_schemas

        try:
            write_schemas(root, root / "schema")
        except ContentError:
            print("cutsheet: run 'cutsheet schema' once the other games check", file=sys.stderr)
    where = "" if root == Path.cwd().resolve() else f"--root {shlex.quote(args.root)} "
    print(
        f"cutsheet: new game '{args.name}'; try 'cutsheet {where}build {args.name}'",
        file=sys.stderr,
    )
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    from .build import Project
    from .watch import changes, watch_loop

    project = Project(_root(args))
    _some_games(project)
    _games(project, args.games)
    options = _options(args, project.layouts)
    out = _out(args, project.root, "build")
    out.mkdir(parents=True, exist_ok=True)  # unwritable: one line now, not an error a save
    try:
        watch_loop(
            project,
            list(args.games),
            options,
            out,
            changes(project, args.timeout),
            jobs=args.jobs,
            show=_print_problems,
        )
    except KeyboardInterrupt:  # Ctrl-C is how watching ends: not a failure
        pass
    print("cutsheet: stopped watching", file=sys.stderr)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from .build import Project
    from .content import load_game

    project = Project(_root(args))
    for gid in project.games():
        game = load_game(project.content / gid)
        print(f"{gid}: {game.spec.title} ({game.spec.players})")
        for comp in game.components:
            print(f"  {comp.printed:3d} × {comp.spec.name} [{comp.id}, {comp.spec.part}]")
    return 0


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

    def build_options(b: argparse.ArgumentParser) -> None:
        b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
        b.add_argument(
            "--profile", action="append", help="standard, large-print (default: all); repeatable"
        )
        b.add_argument(
            "--paper", action="append", choices=["a4", "letter"], help="default: both; repeatable"
        )
        b.add_argument(
            "--jobs",
            type=_jobs,
            default=os.cpu_count() or 1,
            help="worker processes (default: all cores)",
        )
        b.add_argument("--out", help="output folder (default: build/ in the project folder)")
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

    b = sub.add_parser("build", help="write PDFs and build/manifest.json")
    build_options(b)
    b.set_defaults(func=cmd_build)

    w = sub.add_parser("watch", help="build, then rebuild on every save under content/ or layouts/")
    build_options(w)
    w.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="stop after that many seconds (default: run until Ctrl-C)",
    )
    w.set_defaults(func=cmd_watch)

    n = sub.add_parser("new", help="start a new game: content/NAME/ and layouts/NAME.yaml")
    n.add_argument("name", metavar="NAME", help="the game's id, e.g. my-game")
    n.add_argument("--title", help="the game's title (default: from NAME, e.g. My Game)")
    n.add_argument("--code", help="2 to 5 capitals starting every card id (default: from NAME)")
    n.set_defaults(func=cmd_new)

    c = sub.add_parser("check", help="validate content without writing PDFs")
    c.add_argument("games", nargs="*", metavar="GAME")
    c.add_argument("--profile", action="append")
    c.set_defaults(func=cmd_check)

    v = sub.add_parser("preview", help="PNG of one card (--item) or of built pages")
    v.add_argument("game")
    v.add_argument("--item", help="card id, e.g. CR-SEED-TENT: renders it alone, in a second")
    v.add_argument("--part", default="cards", choices=["cards", "sheets", "rules", "rules-booklet"])
    v.add_argument(
        "--page", type=int, action="append", help="1-based page; repeatable (default: all)"
    )
    v.add_argument("--profile", default="standard")
    v.add_argument("--paper", default="a4", choices=["a4", "letter"])
    v.add_argument("--build", help="where built PDFs are (default: build/ in the project)")
    v.add_argument("--out", help="where PNGs go (default: build/preview/ in the project)")
    v.add_argument("--dpi", type=_dpi, default=100, help="resolution, 10 to 1200 (default: 100)")
    v.set_defaults(func=cmd_preview)

    s = sub.add_parser("schema", help="write JSON Schema for the content files (for editors)")
    s.add_argument("--out", help="folder (default: schema/ in the project folder)")
    s.set_defaults(func=cmd_schema)

    ls = sub.add_parser("list", help="games and their components")
    ls.set_defaults(func=cmd_list)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except ContentError as exc:
        _print_problems(exc.problems)
        return 1
    except KeyboardInterrupt:
        print("cutsheet: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `cutsheet list | head`: the reader left, which is fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # an unwritable --out, a full disk: one line, no traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"cutsheet: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
