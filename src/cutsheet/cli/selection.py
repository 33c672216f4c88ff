"""What a command works on, from its arguments: the project folder, the games and print
profiles asked for (unknown ones refused with the valid names), the build options, and the
problems found, printed."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ..diagnostics import (
    Problem,
    closest,
    counted,
    did_you_mean,
    excerpt,
    said_alike,
    said_once,
)

if TYPE_CHECKING:  # the commands import the heavy modules only when they run
    from ..build import Options, Project


def project_root(args: argparse.Namespace) -> Path:
    root = Path(args.root).resolve()
    if not (root / "content").is_dir():
        raise SystemExit(
            f"cutsheet: no content/ folder in {root} (run from the project folder, pass --root,"
            " or start a game here with 'cutsheet new NAME')"
        )
    return root


def _games(root: Path) -> list[str]:
    from ..build import Project  # the commands import it when they run

    return Project(root).games()


def out_folder(args: argparse.Namespace, root: Path, default: str, per_game: bool = True) -> Path:
    """``--out`` as given (relative to the working directory), else ``<root>/<default>``;
    made absolute and without ``..`` (as the temporary files staged in it are named), so a
    build's staged files are found inside it whatever it was given as. A folder that would
    mix the output with the project's sources (``content/``, ``layouts/`` or a folder in
    them) is refused: PDFs, a manifest and a cache do not belong among what a build reads."""
    out = Path(os.path.abspath(Path(args.out) if args.out else root / default))
    here = Path(os.path.realpath(out))
    top = Path(os.path.realpath(root))
    sources = [top / "content", top / "layouts"]
    # the project's own folder is a place for previews; but a game writes <out>/<game>/,
    # which for a game named 'content' or 'layouts' is among the sources again
    clash = (
        per_game  # a preview writes flat files: no <out>/<game>/ folder
        and here == top
        and any(s.name in _games(top) for s in sources)
    )
    if clash or any(here == s or s in here.parents for s in sources):
        if not args.out:  # the default folder itself leads there: a link
            raise SystemExit(
                f"cutsheet: {default}/ leads into the project's sources (a link?); remove"
                " it, or give --out a folder of its own"
            )
        raise SystemExit(
            f"cutsheet: --out {args.out} would write among the project's sources; choose a"
            f" folder of its own (the default is {default}/)"
        )
    return out


def require_games(project: Project) -> None:
    if not project.games():
        raise SystemExit(
            f"cutsheet: no games in {project.content} (a game is a folder with a game.yaml;"
            " start one with 'cutsheet new NAME')"
        )


def print_problems(problems: list[Problem], count_warnings: bool = False) -> None:
    """Each problem, then how many errors there are; with ``count_warnings``, how many
    warnings where there is no error (a build's last line: its files are written)."""
    shown = said_once(problems)
    for p in said_alike(shown):  # a flood of one mistake cut short; every one is counted
        print(p, file=sys.stderr)
    errors = sum(1 for p in shown if p.severity == "error")
    if errors:
        print(f"cutsheet: {counted(errors, 'error')}", file=sys.stderr)
    elif shown and count_warnings:
        print(f"cutsheet: {counted(len(shown), 'warning')}", file=sys.stderr)


def chosen_profiles(layouts: Path, asked: list[str] | None) -> tuple[str, ...]:
    """The profiles asked for (when none: every profile not marked ``default: false``): the
    project's own (``layouts/profiles``) and the packaged ones; an unknown one lists the
    valid names."""
    from ..profile_files import available_profiles, default_profiles, misnamed_profile

    known = available_profiles(layouts)
    if not known:  # pragma: no cover - the package ships profiles
        raise SystemExit(f"cutsheet: no print profiles in {layouts / 'profiles'}")
    for name in asked or []:
        if name not in known:
            hint = (
                misnamed_profile(layouts, name)
                or _one_each("--profile", name, known)
                or did_you_mean(name, known)
            )
            raise SystemExit(
                f"cutsheet: unknown profile '{name}' (known: {', '.join(known)}){hint}"
            )
    return tuple(asked or default_profiles(layouts))


def _one_each(option: str, name: str, known: Sequence[str]) -> str:
    """What to type where ``name`` lists several ("a4,letter"): the option once for each,
    each name as known (a slip in one, "a4,lettr", mended as ``did_you_mean`` would); a part
    close to no known name is said to be none."""
    parts = [p.strip() for p in name.split(",") if p.strip()]
    if len(parts) < 2:
        return ""
    meant = [p if p in known else closest(p, known) for p in parts]
    lost = [p for p, m in zip(parts, meant, strict=True) if m is None]
    if lost:  # no advice that fails again: what is no name is said as such
        return f"; give each with its own {option} ({', '.join(map(repr, lost))}: no such name)"
    return "; give each with its own " + option + ": " + " ".join(f"{option} {m}" for m in meant)


def chosen_games(project: Project, names: list[str]) -> list[str]:
    """The games asked for, each once (every game when none); an unknown name is refused
    before anything is built, with the valid names and a suggestion."""
    unknown = project.unknown(names)
    if unknown:
        raise SystemExit("\n".join(f"cutsheet: {message}" for message in unknown))
    return list(dict.fromkeys(names)) or project.games()


def chosen_papers(project: Project, games: list[str], papers: Sequence[str]) -> None:
    """A paper that no game asked for can print (not one of cutsheet's, nor in a chosen
    game's layouts) is a mistake on the command line: refused before anything is built, in
    one line with the known papers and a suggestion (``A4``: did you mean 'a4'?), not once
    a game at its ``layouts:`` line. A paper some of the games have is theirs to report."""
    from ..papers import DEFAULT_PAPERS

    if set(papers) <= set(DEFAULT_PAPERS):  # nothing to load: a no-op build stays light
        return
    from .. import jobs
    from ..layouts import packaged_papers

    known = set(packaged_papers())
    odd = [name for name in dict.fromkeys(papers) if name not in known]
    if not odd:
        return
    for game in games:  # only when a paper is not cutsheet's: a project's own, or a slip
        _game, layouts, _problems = jobs.load(str(project.root), game)
        if layouts is None:  # it may have the paper: its own errors say what is wrong
            return
        known.update(layouts.papers)
    for name in odd:
        if name not in known:
            listed = sorted(known)
            raise SystemExit(
                f"cutsheet: unknown paper {excerpt(name)} (known: {', '.join(listed)})"
                + (_one_each("--paper", name, listed) or did_you_mean(name, listed))
            )


def usage_refused(message: str) -> NoReturn:
    """A command line to mend (two options that cannot go together, a value that names
    nothing): ``message`` on stderr and exit status 2, as argparse ends on what it cannot
    read; a content mistake's status is 1."""
    print(f"cutsheet: {message}", file=sys.stderr)
    raise SystemExit(2)


def build_options(args: argparse.Namespace, layouts: Path) -> Options:
    from ..build import Options
    from ..papers import DEFAULT_PAPERS

    if args.imposition == "gutterfold" and tuple(args.back_offset) != (0.0, 0.0):
        # a fold puts each back behind its front whatever the printer: an offset would only
        # take room from every page and shift the glue-together pages out of register
        usage_refused(
            "--back-offset corrects a duplex printer's backs; --imposition gutterfold prints"
            " them on the front's side and folds: leave --back-offset out"
        )

    return Options(
        profiles=chosen_profiles(layouts, args.profile),
        papers=tuple(dict.fromkeys(args.paper or DEFAULT_PAPERS)),
        cut_guides=args.cut_guides,
        back_offset=args.back_offset,
        bleed=args.bleed,
        imposition=args.imposition,
    )
