"""The ``cutsheet`` command's entry point. Ctrl-C ends the program quietly (exit 130) at any
moment after this module starts: while the command line is still being imported, while a
command runs, and also when it lands inside a compiled library's start-up (pydantic-core
turns a ``KeyboardInterrupt`` there into a ``PanicException``). A user never sees a
traceback for pressing Ctrl-C."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

_interrupted: list[bool] = []


def _quit(_signum: int, _frame: FrameType | None) -> None:
    print("cutsheet: interrupted", file=sys.stderr, flush=True)
    os._exit(130)


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    _interrupted.append(True)
    raise KeyboardInterrupt


def run() -> int:
    """Import the command line with Ctrl-C ending quietly, then run it (where Ctrl-C is a
    ``KeyboardInterrupt`` that ``main`` turns into the same quiet exit)."""
    signal.signal(signal.SIGINT, _quit)
    from .cli import main

    signal.signal(signal.SIGINT, _interrupt)
    try:
        return main()
    except BaseException:
        if not _interrupted:
            raise
        print("cutsheet: interrupted", file=sys.stderr, flush=True)
        return 130
