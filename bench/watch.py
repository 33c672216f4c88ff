"""One-card edit in ``cutsheet watch``: the time from a save to the replaced cards PDF.

``cutsheet watch`` runs on a copy of the repository's project (its command line only, like
every row); after its first build, the delivery card Seed Tent is renamed in place, and the
clock runs from the end of that write until ``common-reserve/standard-a4/cards.pdf`` is
replaced (a new file renamed into place: its inode changes), polled every 2 ms. Then the
watch is left to finish the rest of the rebuild (it says it is watching again) before the
next edit. Also runnable alone, e.g. against another installation's ``cutsheet``::

    python -m bench.watch [REPEATS]      # the cutsheet beside this interpreter
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .cli import cutsheet_command
from .procs import progress
from .scenarios import copy_project, edit_card

EDITED = Path("common-reserve") / "standard-a4" / "cards.pdf"
WATCHING = "watching for changes"
POLL_S = 0.002
SETTLE_S = 0.3  # after the watch says it is watching, before the next save
TIMEOUT_S = 600.0


@dataclass(frozen=True)
class WatchEdit:
    """One save: seconds to the replaced cards PDF, and to the watch being idle again."""

    to_pdf_s: float
    to_idle_s: float


class WatchFailed(Exception):
    """The watch stopped, or did not do what was waited for in time (the message says)."""


class Watch:
    """A running ``cutsheet watch`` and the lines it writes to stderr."""

    def __init__(self, root: Path, out: Path, log: Path) -> None:
        argv = [*cutsheet_command(), "--root", str(root), "watch", "--out", str(out)]
        self.log = log.open("w", encoding="utf-8")
        self.proc = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[tuple[float, str]] = []  # (time.monotonic(), line) of every line
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.seen.append((time.monotonic(), line))
            self.log.write(line)
            self.log.flush()
            self.lines.put(line)
        self.lines.put("")  # the watch is gone

    def wait_idle(self) -> None:
        """Until the watch says it is watching again (a pass or a rebuild is over)."""
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise WatchFailed(f"no word from cutsheet watch in {TIMEOUT_S:.0f} s") from None
            if not line:
                raise WatchFailed(f"cutsheet watch stopped; see {self.log.name}")
            if WATCHING in line and "the rest waits" not in line:
                return

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


def replaced_after(path: Path, before: tuple[int, int] | None, started: float) -> float:
    """Seconds from ``started`` until ``path`` is another file than ``before``."""
    deadline = started + TIMEOUT_S
    while _stamp(path) == before:
        if time.monotonic() > deadline:
            raise WatchFailed(f"{path} was not replaced within {TIMEOUT_S:.0f} s")
        time.sleep(POLL_S)
    return time.monotonic() - started


def watch_edits(repo: Path, tmp: Path, repeats: int) -> tuple[list[WatchEdit], str]:
    """Start ``cutsheet watch`` on a copy of the project, wait for its first build, then
    edit one card ``repeats`` times, timing each save to the replaced cards PDF. Returns the
    edits timed and, when the watch failed, why."""
    root = copy_project(repo, tmp / "watch-project")
    out = root / "build"
    log = tmp / "logs" / "one-card-edit-in-watch.log"
    log.parent.mkdir(exist_ok=True)
    watch = Watch(root, out, log)
    edits: list[WatchEdit] = []
    try:
        progress("one-card edit in watch: first build …")
        watch.wait_idle()
        for rep in range(repeats):
            time.sleep(SETTLE_S)
            before = _stamp(out / EDITED)
            edit_card(root, f"watched {rep + 1}")
            started = time.monotonic()
            to_pdf = replaced_after(out / EDITED, before, started)
            watch.wait_idle()
            edits.append(WatchEdit(to_pdf, time.monotonic() - started))
            progress(f"one-card edit in watch {rep + 1} of {repeats}: {to_pdf:.2f} s to the PDF")
    except WatchFailed as exc:
        progress(f"one-card edit in watch FAILED: {exc}")
        return edits, str(exc)
    finally:
        watch.stop()
    return edits, ""


def median_edit(edits: list[WatchEdit]) -> WatchEdit:
    """The edit with the median time to the PDF (the lower middle one for an even count)."""
    ordered = sorted(edits, key=lambda e: e.to_pdf_s)
    return ordered[(len(ordered) - 1) // 2]


def main(argv: list[str]) -> int:
    repeats = int(argv[0]) if argv else 5
    repo = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory(prefix="cutsheet-watch-") as tmp:
        edits, failed = watch_edits(repo, Path(tmp), repeats)
    if not edits:
        print(f"failed: {failed}")
        return 1
    print("to the PDF:", " ".join(f"{e.to_pdf_s:.3f}" for e in edits))
    idle = sorted(e.to_idle_s for e in edits)
    print(f"median to the PDF {median_edit(edits).to_pdf_s:.3f} s;", end=" ")
    print(f"median to idle {idle[(len(idle) - 1) // 2]:.3f} s")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main(sys.argv[1:]))
