"""The ``cutsheet`` command's entry point. Ctrl-C while the command line is still being
imported ends the program quietly (exit 130), as it does once a command runs: a user never
sees a traceback for pressing Ctrl-C early."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


def _interrupted(_signum: int, _frame: FrameType | None) -> None:
    print("cutsheet: interrupted", file=sys.stderr, flush=True)
    os._exit(130)


def run() -> int:
    """Import the command line with Ctrl-C ending quietly, then run it (where Ctrl-C is a
    ``KeyboardInterrupt`` that ``main`` turns into the same quiet exit)."""
    signal.signal(signal.SIGINT, _interrupted)
    from .cli import main

    signal.signal(signal.SIGINT, signal.default_int_handler)
    return main()
