"""Command line: ``cutsheet build / check / watch / new / preview / schema / list``.

The project folder is the current folder or ``--root``; everything a command writes goes under
it (``build/``, ``schema/``) unless ``--out`` says otherwise. Exit 1 on any content error, with
located messages and no traceback.

``arguments`` parses the command line, ``commands`` runs one command, ``selection`` turns the
arguments into a project, its games, profiles and build options; ``main`` runs the command and
turns what goes wrong into an exit status and one line.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

from ..diagnostics import ContentError
from .arguments import Parser, commands_summary, parser
from .selection import print_problems


def main(argv: list[str] | None = None) -> int:
    p = parser()
    try:
        args, extras = p.parse_known_args(argv)
    except OSError as exc:  # --help or a usage message that cannot be written
        return _unwritable(exc)
    if args.command != "build":  # a build resumes collecting once it has warmed up (jobs.warm)
        gc.enable()
    if argv is None and args.command in ("build", "check"):  # this process's own command
        from ..collector import ends_after_jobs

        ends_after_jobs()
    if extras and isinstance(getattr(args, "games", None), list):
        # game names after an option ('build a --profile standard b'): argparse takes the
        # positionals given before the first option only; a word that names a game folder
        # is one more ('--paper a4 letter' leaves 'letter' unrecognized, as it is)
        from ..build import Project  # every command that takes games imports it

        known = set(Project(Path(getattr(args, "root", None) or ".")).games())
        games = [x for x in extras if x in known]
        args.games = [*args.games, *games]
        extras = [x for x in extras if x not in games]
    if extras:  # refused by the command they follow, with its usage and a suggestion
        sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
        command = sub.choices.get(args.command) if args.command else p
        (command if isinstance(command, Parser) else p).refuse_unknown(extras)
    try:
        if args.command is None:  # `cutsheet` alone: what there is to do
            print(commands_summary(p))
            return 0
        return int(args.func(args))
    except ContentError as exc:
        print_problems(exc.problems)
        return 1
    except KeyboardInterrupt:
        print("cutsheet: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `cutsheet list | head`: the reader left, which is fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # an unwritable --out, a full disk: one line, no traceback
        return _unwritable(exc)


def _unwritable(exc: OSError) -> int:
    """One line for what could not be written or read, and exit status 1."""
    if isinstance(exc, BrokenPipeError):  # `cutsheet --help | head -1`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    where = f"{exc.filename}: " if exc.filename else ""
    why = exc.strerror or str(exc)
    if isinstance(exc, FileExistsError) and exc.filename:  # a folder was to be made there
        from ..confine import not_a_folder

        why = not_a_folder(os.fsdecode(exc.filename)) or why
    print(f"cutsheet: {where}{why}", file=sys.stderr)
    return 1
