"""How the suite shares its expensive work between pytest-xdist's workers (``make test`` runs
two, ``-n 2 --dist loadgroup``).

A session fixture is made once per worker, so a build every worker asks for is made once per
run only if the workers share it: ``once_per_run`` makes the first worker that asks fill the
folder while the others wait for it. The PDFs of those builds are read once per process
(readback.py), so the tests that read them run in one worker, one xdist group (conftest.py
marks them); a test or a module that names its own ``xdist_group`` keeps it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

WAIT_S = 1800.0  # how long a worker waits for another's build before it gives up
#: Tests that read the session's builds with other programs (Ghostscript, MuPDF, poppler,
#: qpdf), never with readback.py: a group apart, so the two groups share the two workers.
ENGINES_GROUP = "pdf-engines"


def _worker() -> str | None:
    return os.environ.get("PYTEST_XDIST_WORKER")


def once_per_run(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder that ``make`` fills once per test run. Without xdist it is a new temporary
    folder; with it, one folder in the run's temporary folder for every worker: the first
    worker to create it fills it, and the others wait until it is filled (or fail with the
    error that stopped it)."""
    if _worker() is None:
        out = factory.mktemp(name)
        make(out)
        return out
    run = factory.getbasetemp().parent  # each worker's basetemp sits in the run's folder
    out, done = run / name, run / f"{name}.done"
    try:
        out.mkdir()  # atomic: exactly one worker makes the folder, and fills it
    except FileExistsError:
        return _filled(out, done)
    try:
        make(out)
    except BaseException as exc:
        _say(done, f"{name}: not made in worker {_worker()}: {exc!r}")
        raise
    _say(done, "ok")
    return out


def _say(done: Path, text: str) -> None:
    partial = done.with_name(done.name + ".tmp")
    partial.write_text(text)
    partial.replace(done)  # the waiting workers never read half a word


def _filled(out: Path, done: Path) -> Path:
    deadline = time.monotonic() + WAIT_S
    while not done.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"{out.name}: another worker has not made it in {WAIT_S:.0f} s")
        time.sleep(0.1)
    said = done.read_text()
    if said != "ok":
        pytest.fail(said)
    return out


def group_names(item: pytest.Item) -> list[str]:
    """The names of ``item``'s ``xdist_group`` marks, as pytest-xdist reads them."""
    names = {
        str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
        for mark in item.iter_markers("xdist_group")
    }
    return sorted(names)


def keep_groups(items: Iterable[pytest.Item]) -> None:
    """Give each grouped test the ``@group`` suffix that ``--dist loadgroup`` schedules by.

    pytest-xdist 3.8 adds it by rewriting the test's legacy ``_nodeid``; since pytest 9.2 keeps
    a node's id as a structured ``NodeId``, that rewrite no longer takes (pytest-xdist issue
    1386) and a group's tests are spread over the workers, each making the session's builds
    and reading their PDFs again. Until xdist mends it, the suffix is added here, once."""
    for item in items:
        structured = getattr(item, "_id", None)
        names = group_names(item)
        if structured is None or not names:
            continue  # an older pytest: xdist's own rewrite works
        suffix = "@" + "_".join(names)
        if not item.nodeid.endswith(suffix):
            item._id = type(structured).parse(item.nodeid + suffix)
