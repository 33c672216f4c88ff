"""One function a command: ``cmd_build``, ``cmd_check``, ``cmd_preview``, ``cmd_schema``,
``cmd_new``, ``cmd_watch``, ``cmd_list``, ``cmd_export``, ``cmd_guide``. Each takes the
parsed arguments and returns the exit status; the heavy modules are imported only when a
command runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..diagnostics import ContentError, Problem, counted, display_path, has_errors, said_once
from ..papers import DEFAULT_PAPERS
from .selection import (
    build_options,
    chosen_games,
    chosen_papers,
    chosen_profiles,
    out_folder,
    print_problems,
    project_root,
    require_games,
    usage_refused,
)

POD_BLEED = 3.0
"""mm of art past the trim a pod export draws unless told otherwise, and what most print
services ask for (1/8 in is 3.175): less is said, not refused."""


def cmd_build(args: argparse.Namespace) -> int:
    from ..build import Project, build

    project = Project(project_root(args))
    require_games(project)
    options = build_options(args, project.layouts)
    out = out_folder(args, project.root, "build")
    games = chosen_games(project, args.games)
    chosen_papers(project, games, options.papers)
    _outputs, report = build(project, games, options, out, jobs=args.jobs)
    gameless = [] if args.games else project.gameless_problems()
    print_problems([*report.problems, *gameless], count_warnings=True)
    return 1 if report.errors or gameless else 0


def cmd_check(args: argparse.Namespace) -> int:
    from ..build import Project, check_games

    project = Project(project_root(args))
    require_games(project)
    options = build_options(args, project.layouts)
    games = chosen_games(project, args.games)
    chosen_papers(project, games, options.papers)
    problems: list[Problem] = list(check_games(project, games, options, args.jobs).problems)
    if not args.games:
        problems.extend(project.gameless_problems())
    if (project.root / "schema").is_dir():  # a project that commits its editor schemas
        from ..schema import stale_schemas

        problems.extend(stale_schemas(project.root, games))
    print_problems(problems)
    if not has_errors(problems):
        warned = sum(1 for p in said_once(problems) if p.severity != "error")
        also = f", {counted(warned, 'warning')}" if warned else ""
        print(
            f"cutsheet: {len(games)} game{'s' if len(games) != 1 else ''} checked, no errors{also}",
            file=sys.stderr,
        )
        return 0
    return 1


def cmd_preview(args: argparse.Namespace) -> int:
    from ..build import Project

    _preview_usage(args)  # a command line to mend is said first, as build's are
    root = project_root(args)
    project = Project(root)
    chosen_games(project, [args.game])
    chosen_profiles(project.layouts, [args.profile])
    chosen_papers(project, [args.game], [args.paper])
    out = out_folder(args, root, "build/preview", per_game=False)
    failed = False
    if args.item:
        paths, failed = _preview_item(args, root, out)
    else:
        paths = _preview_pages(args, root, out)
    for p in paths:
        print(display_path(p))
    return 1 if failed else 0


def _preview_usage(args: argparse.Namespace) -> None:
    """Options of preview that cannot go together (exit status 2), before any game is read."""
    if args.item is not None and not args.item.strip():  # not the built pages, silently
        usage_refused("--item needs a card's or a sheet's id (see cutsheet list)")
    if args.item:
        if args.page:
            usage_refused(
                "--page picks pages of a built part; --item renders that card's front and"
                " back (use one or the other)"
            )
        if args.part in ("rules", "rules-booklet"):
            usage_refused(
                f"--item names a card or a sheet; the {args.part} part has none"
                " (drop --item to see its pages)"
            )
        if args.build:
            usage_refused(
                "--build names the build whose pages to show; --item plans and draws that"
                " card afresh, from no build (use one or the other)"
            )
    elif args.imposition is not None:  # a built file is as it was built: nothing to choose
        usage_refused(
            "--imposition goes with --item (a sheet's text as that build writes it); the"
            " pages of a built part are as 'cutsheet build' imposed them"
        )


def _preview_item(args: argparse.Namespace, root: Path, out: Path) -> tuple[list[Path], bool]:
    """One card or sheet, planned as a build plans it, with the problems a build of its
    game says (a project paper that replaces one of cutsheet's own): drawn though the game
    has errors where the item was planned (text that does not fit, seen overflowing), and
    whether there were errors."""
    from ..jobs import layout_warnings, plan
    from ..preview import preview_item

    imposition = args.imposition or "duplex"
    try:
        paths = preview_item(
            root,
            args.game,
            args.item,
            args.profile,
            out,
            args.dpi,
            args.part,
            args.paper,
            imposition,
        )
    except ContentError as exc:
        raise ContentError([*exc.problems, *layout_warnings(str(root), args.game)]) from None
    _plan, said = plan(str(root), args.game, args.profile, imposition)  # its problems
    print_problems(sorted({*said, *layout_warnings(str(root), args.game)}))
    return paths, has_errors(said)


def _parts_of(root: Path, game_id: str) -> list[str] | None:
    """The parts a build of the game writes (cards and sheets when a component prints
    them; rules and the booklet always); None when the game cannot be read (a build says
    why)."""
    from .. import jobs

    game, _layouts, _problems = jobs.load(str(root), game_id)
    if game is None:
        return None
    printed = {c.spec.part for c in game.components}
    return [p for p in ("cards", "sheets") if p in printed] + ["rules", "rules-booklet"]


def _preview_pages(args: argparse.Namespace, root: Path, out: Path) -> list[Path]:
    """Pages of a part the last build wrote (read from its PDF, not drawn again), with the
    warnings a build of its game says, as ``_preview_item`` says them."""
    from .. import jobs
    from ..preview import pdf_to_pngs, variant

    part = args.part or "cards"
    built = Path(args.build) if args.build else root / "build"
    pdf = built / args.game / f"{args.profile}-{args.paper}" / f"{part}.pdf"
    if not pdf.is_file():
        from ..confine import not_a_file

        refused = not_a_file(pdf)  # a folder or a FIFO where the file belongs
        if refused is not None:
            raise SystemExit(f"cutsheet: {display_path(pdf)} {refused}")
        parts = _parts_of(root, args.game)
        if parts is not None and part not in parts:  # no build will ever write it
            raise SystemExit(f"cutsheet: {args.game} has no {part} (its parts: {', '.join(parts)})")
        command = f"cutsheet build {args.game}"  # what writes this very file
        if args.profile != "standard":
            command += f" --profile {args.profile}"
        if args.paper not in DEFAULT_PAPERS:
            command += f" --paper {args.paper}"
        if args.build:  # built elsewhere: the build that writes there
            import shlex

            command += f" --out {shlex.quote(args.build)}"
        raise SystemExit(
            f"cutsheet: {display_path(pdf)} does not exist; run"
            f" '{command}' first (or preview one item with --item ID)"
        )
    if pdf.is_symlink():  # a build writes files, never links: this one may point anywhere
        raise SystemExit(
            f"cutsheet: {display_path(pdf)} is a link, not a file a build wrote; run"
            f" 'cutsheet build {args.game}' again"
        )
    jobs.forget()  # the game as it is now, as a preview of an item reads it
    warnings = jobs.layout_warnings(str(root), args.game)
    try:
        stem = out / f"{args.game}-{part}{variant(args.profile, args.paper)}"
        paths = pdf_to_pngs(pdf, stem, args.dpi, args.page or None)
    except ContentError as exc:
        raise ContentError([*exc.problems, *warnings]) from None
    print_problems(warnings)
    return paths


def cmd_export(args: argparse.Namespace) -> int:
    from ..build import Project
    from ..exports import BLEED_TARGETS, DPI_TARGETS, ExportOptions, export

    project = Project(project_root(args))
    require_games(project)
    games = chosen_games(project, args.games)
    bleed = args.bleed if args.bleed is not None else (POD_BLEED if args.to == "pod" else 0.0)
    options = ExportOptions(
        to=args.to,
        profiles=chosen_profiles(project.layouts, args.profile or ["standard"]),
        bleed=bleed,
        dpi=args.dpi,
        order=args.order,
        url_base=args.url_base,
    )
    _url_base_usage(args.url_base, args.to, games, options.profiles)
    if (refusal := options.refusal()) is not None:
        raise SystemExit(f"cutsheet: {refusal}")
    for option, given, used in (
        ("--dpi", args.dpi != 300, DPI_TARGETS),
        ("--order", args.order != "front-back", ("pod",)),
        ("--bleed", args.bleed is not None, BLEED_TARGETS),
        ("--url-base", bool(args.url_base), ("tts",)),
    ):
        if given and args.to not in used:  # said, not refused: the export is still right
            print(
                f"cutsheet: warning: {option} is for --to {' or '.join(used)}; the {args.to}"
                " export does not use it",
                file=sys.stderr,
            )
    if args.to == "pod" and bleed < POD_BLEED:  # asked for: said, not refused
        print(
            f"cutsheet: warning: --bleed {bleed:g} mm: print services usually ask for"
            f" {POD_BLEED:g} mm (1/8 in, 3.175 mm) of art past the trim",
            file=sys.stderr,
        )
    _entries, report = export(project, games, options, out_folder(args, project.root, "build"))
    print_problems(report.problems)
    return 1 if report.errors else 0


def _url_base_usage(url: str, to: str, games: list[str], profiles: tuple[str, ...]) -> None:
    """A ``--url-base`` to mend on the command line (exit 2): no folder's address, or given
    for more than one game or profile, whose export folders each hold images of the same
    names (two saved objects would name one address for different images)."""
    from ..exports import url_base_mistake

    if not url or to != "tts":
        return
    if (mistake := url_base_mistake(url)) is not None:
        usage_refused(mistake)
    if len(set(games)) > 1 or len(set(profiles)) > 1:
        usage_refused(
            "--url-base is the web folder of one export folder's images: export one game in"
            " one profile with it (each export folder's images go to a web folder of their"
            " own; their names repeat between games and profiles)"
        )


def cmd_schema(args: argparse.Namespace) -> int:
    from ..schema import update_schemas

    root = project_root(args)
    update = update_schemas(root, Path(args.out) if args.out else root / "schema")
    for path in update.written:
        print(display_path(path))
    for path in update.removed:
        print(f"removed {display_path(path)}")
    print_problems(list(update.problems))
    return 1 if update.problems else 0


def cmd_new(args: argparse.Namespace) -> int:
    import shlex

    from ..scaffold import ScaffoldError, new_game

    root = Path(args.root).resolve()
    try:
        written = new_game(root, args.name, title=args.title, code=args.code)
    except ScaffoldError as exc:
        print(f"cutsheet: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(display_path(path))
    if (root / "schema").is_dir():  # a project that keeps editor schemas: add the new game's
        from ..schema import update_schemas

        update = update_schemas(root, root / "schema")
        for path in update.changed:  # said as the game's own files are: what changed
            print(display_path(path))
        if update.problems:  # the others' schemas stay as they were
            print("cutsheet: run 'cutsheet schema' once the other games check", file=sys.stderr)
    where = "" if root == Path.cwd().resolve() else f"--root {shlex.quote(args.root)} "
    print(
        f"cutsheet: new game '{args.name}'{_its_code(root, args.name)};"
        f" try 'cutsheet {where}build {args.name}'",
        file=sys.stderr,
    )
    return 0


def _its_code(root: Path, name: str) -> str:
    """How a new game's item ids start, said when that is not its name's initials (another
    game of the project has them): ", its ids start DI- (DH is the code of game 'dice-harbor')"."""
    from ..scaffold import codes_in_use, game_code

    codes = codes_in_use(root)
    code = next((c for c, game in codes.items() if game == name), None)
    initials = game_code(name)
    if code is None or code == initials or initials not in codes:
        return ""
    return f", its ids start {code}- ({initials} is the code of game '{codes[initials]}')"


def cmd_watch(args: argparse.Namespace) -> int:
    from ..build import Project
    from ..watch import changes, watch_loop, watching_now

    project = Project(project_root(args))
    require_games(project)
    options = build_options(args, project.layouts)  # a command line to mend first, as build
    games = chosen_games(project, args.games)
    chosen_papers(project, games, options.papers)
    out = out_folder(args, project.root, "build")
    out.mkdir(parents=True, exist_ok=True)  # unwritable: one line now, not an error a save
    if not args.games:  # a game whose game.yaml went missing is not watched: said once
        print_problems(project.gameless_problems())
    code = watch_loop(
        project,
        list(args.games),
        options,
        out,
        watching_now(changes(project, args.timeout)),  # watching before the first build
        jobs=args.jobs,
        show=print_problems,
    )  # Ctrl-C is how watching ends: the status says whether the games built at the end
    print("cutsheet: stopped watching", file=sys.stderr)
    return code


def cmd_list(args: argparse.Namespace) -> int:
    from ..build import Project
    from ..content import load_game

    project = Project(project_root(args))
    games = project.games()
    print(f"{len(games)} game{'s' if len(games) != 1 else ''} in {display_path(project.content)}")
    problems: list[Problem] = []
    for gid in games:  # a game that cannot be read is said, and the others are still listed
        try:
            game = load_game(project.content / gid)
        except ContentError as exc:
            print(f"\ngame {gid}: cannot be read (see below)")
            problems.extend(exc.problems)
            continue
        spec = game.spec
        print(f"\ngame {gid}: {spec.title}, {spec.players}; item ids start {spec.code}-")
        rows = [
            (f"{c.printed:,}", c.spec.name, c.id, c.spec.part, str(len(c.items)))
            for c in game.components
        ]
        header = ("prints", "component", "id", "part", "items")
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            cells = [row[0].rjust(widths[0])] + [
                v.ljust(w) for v, w in zip(row[1:], widths[1:], strict=True)
            ]
            print("  " + "  ".join(cells).rstrip())
    if problems:
        sys.stdout.flush()  # the list first, then what is wrong (as check says it)
        print_problems(problems)
    return 1 if has_errors(problems) else 0


GUIDE = Path(__file__).resolve().parent.parent / "data" / "guide" / "editing.md"
"""The editing guide, step by step (Markdown), shipped in the package."""


def cmd_guide(args: argparse.Namespace) -> int:
    """Print the editing guide: what ``cutsheet new``'s files point to, for everyone who
    installed cutsheet (the repository's docs/ are not in the wheel)."""
    sys.stdout.write(GUIDE.read_text(encoding="utf-8"))
    return 0
