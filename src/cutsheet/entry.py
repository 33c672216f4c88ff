"""The ``cutsheet`` command's entry point. Ctrl-C ends the program quietly (exit 130) at any
moment after this module starts: while the command line is still being imported, while a
command runs, and also when it lands inside a compiled library's start-up (pydantic-core
turns a ``KeyboardInterrupt`` there into a ``PanicException``). A user never sees a
traceback for pressing Ctrl-C.

Start-up runs with the garbage collector paused (importing makes few cycles, and collecting
while it runs walks the new modules again and again): a build resumes it once everything a
job needs is imported and frozen (``jobs.warm``), every other command when it starts. A
command that ends, however it went, leaves at once, without tearing down the modules."""

from __future__ import annotations

import _signal  # the interpreter's own (``signal`` imports enum and more: 10 ms)
import os
import sys


def _quit(_signum: int, _frame: object) -> None:
    print("cutsheet: interrupted", file=sys.stderr, flush=True)
    os._exit(130)


def _is_the_command() -> bool:
    """Whether this process is the ``cutsheet`` command (its script, or ``python -m
    cutsheet``), not a program that imports cutsheet (a test run keeps its own Ctrl-C)."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    script = os.path.basename(getattr(main, "__file__", None) or "")
    return getattr(spec, "name", None) == "cutsheet.__main__" or script in (
        "cutsheet",
        "cutsheet.exe",
    )


if _is_the_command():  # quiet from the first line: importing the rest takes a while
    _signal.signal(_signal.SIGINT, _quit)

import gc  # noqa: E402 - after the handler: a Ctrl-C while these import ends quietly too
import signal  # noqa: E402
from types import FrameType  # noqa: E402
from typing import Any, TextIO  # noqa: E402

from . import startup  # noqa: E402

_interrupted: list[bool] = []


class ReaderGone:
    """A standard stream that outlives its reader: once the pipe it writes to is closed
    (``cutsheet build 2>&1 | head -1``), what follows goes nowhere and the command goes on,
    so a build still finishes and its exit status still says how it went. With ``any_error``
    (stderr: progress and messages), a stream that cannot be written for another reason (a
    full disk) is given up the same way; stdout, a command's own output, fails as before."""

    def __init__(self, stream: TextIO, any_error: bool = False) -> None:
        self._stream = stream
        self._gives_up_on = OSError if any_error else BrokenPipeError

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except self._gives_up_on:
            self._gone()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except self._gives_up_on:
            self._gone()

    def _gone(self) -> None:
        """Point the stream's file at the null device (what it still buffers is dropped)."""
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, self._stream.fileno())
        finally:
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    _interrupted.append(True)
    raise KeyboardInterrupt


AGAIN_S = 0.05
"""How long after a Ctrl-C Python could not raise it is asked for again (``_unraisable``)."""


def _unraisable(info: Any) -> None:
    """A Ctrl-C that lands where Python cannot raise it (a weak reference's callback, such
    as the import system's module locks) is printed as "Exception ignored in …" with a
    traceback, and then swallowed: the build would go on. It is asked for again instead,
    silently, to arrive where it can be raised and end the command as every other Ctrl-C
    does (``watch`` its own way); anything else is said as Python says it."""
    if issubclass(info.exc_type, KeyboardInterrupt) and _interrupted:
        import _thread
        import threading

        # from another thread, a moment later: asked for here, it would be raised in here
        threading.Timer(AGAIN_S, _thread.interrupt_main).start()
        return
    sys.__unraisablehook__(info)


def run() -> int:
    """Import the command line with Ctrl-C ending quietly, then run it (where Ctrl-C is a
    ``KeyboardInterrupt`` that ``main`` turns into the same quiet exit); the process ends
    with the command's exit status."""
    gc.disable()  # resumed by the command (see the module's docstring)
    startup.install()  # what start-up compiles, kept from the last start (``startup``)
    # pydantic looks for plugins in every installed package's entry points when cutsheet's
    # models are made (some 10 ms of every start); cutsheet's validation takes none
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    startup.no_plugin_loader()  # nor imports the loader that would look (30 ms)
    signal.signal(signal.SIGINT, _quit)
    if sys.stdout is not None:  # None: started with the stream closed (>&-)
        sys.stdout = ReaderGone(sys.stdout)  # type: ignore[assignment]
    if sys.stderr is not None:
        sys.stderr = ReaderGone(sys.stderr, any_error=True)  # type: ignore[assignment]
    else:  # closed (2>&-): messages go nowhere, not to stdout (print's fallback for None)
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process
    from .cli import main

    signal.signal(signal.SIGINT, _interrupt)
    sys.unraisablehook = _unraisable
    try:
        code = main()
    except BaseException:
        if not _interrupted:
            raise
        print("cutsheet: interrupted", file=sys.stderr, flush=True)
        code = 130
    return _leave(code)


def _leave(code: int) -> int:
    """End the process with ``code`` once what it printed is out, skipping the interpreter's
    teardown of every module and object (tens of milliseconds after a build; every file
    cutsheet writes is closed by then, and its workers are gone). When the output cannot be
    flushed, the interpreter's own exit says so, as it would have."""
    startup.finish()  # saved, if the command did not get as far as ``jobs.warm``
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BaseException:
        return code
    os._exit(code)
