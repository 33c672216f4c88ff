"""Nothing lost: a build killed at any moment (Ctrl-C or SIGKILL) leaves the last good PDFs
whole, and the next build leaves a manifest that matches every file and no temporary files;
a second build into the same folder is refused; killing a parallel build's parent leaves no
worker behind."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cutsheet.output import clean_temps, locked

from .corpus_cases import make_project

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals and /proc as on Linux")


def start(root: Path, out: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "cutsheet", "build", "--out", str(out), *args],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def build(root: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    proc = start(root, out, "--jobs", "1", *args)
    stdout, stderr = proc.communicate(timeout=300)
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)


def whole_pdfs(out: Path) -> None:
    """Every PDF in the folder is complete: a kill never leaves half a file in place."""
    for pdf in out.rglob("*.pdf"):
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), pdf


def consistent(out: Path) -> dict[str, str]:
    """The manifest lists files that are there with their hashes; no temporary file is left."""
    manifest = json.loads((out / "manifest.json").read_text())
    files = {}
    for entry in manifest["outputs"]:
        data = (out / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
        files[entry["path"]] = entry["sha256"]
    assert not [str(p) for p in out.rglob("*.tmp")]
    return files


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, Path]:
    return make_project(tmp_path), tmp_path / "out"


def test_a_build_killed_at_any_moment_loses_nothing(project):
    """Ctrl-C, then SIGKILL, at several moments of builds that have work to do; after each
    kill every PDF in place is whole, and the next build leaves everything consistent,
    cleaning the temporary files a SIGKILL left behind."""
    root, out = project
    t0 = time.monotonic()
    result = build(root, out)  # the last good build
    took = time.monotonic() - t0
    assert result.returncode == 0, result.stderr
    assert len(consistent(out)) == 20  # 4 parts and a font licence, 2 profiles, 2 papers
    game = root / "content" / "tiny" / "game.yaml"
    text = game.read_text()
    runs = 0
    for sig in (signal.SIGINT, signal.SIGKILL):
        for delay in (0.2, 0.5, 1.0, max(took - 0.15, 0.3)):
            runs += 1
            game.write_text(text.replace("title: Tiny", f"title: Tiny {runs}"))  # work to do
            proc = start(root, out, "--jobs", "1")
            time.sleep(delay)
            proc.send_signal(sig)
            _stdout, stderr = proc.communicate(timeout=60)
            assert "Traceback" not in stderr
            whole_pdfs(out)
        stale = [  # what a SIGKILL inside atomic_write leaves
            out / ".manifest.json.k1ll3d.tmp",
            out / ".cache" / ".tiny-standard-a4.json.k1ll3d.tmp",
            out / "tiny" / "standard-a4" / ".cards.pdf.k1ll3d.tmp",
        ]
        for path in stale:
            path.write_bytes(b"half a file")
        mine = out / "tiny" / "notes.tmp"  # not a build's: left alone
        mine.write_text("mine")
        again = build(root, out)
        assert again.returncode == 0, again.stderr
        assert mine.read_text() == "mine"
        mine.unlink()
        assert len(consistent(out)) == 20
        whole_pdfs(out)
    assert clean_temps([out, out / ".cache"]) == 0


def test_a_second_build_into_the_same_folder_is_refused(project):
    root, out = project
    (out / "tiny").mkdir(parents=True)
    (out / "tiny" / "cards.pdf").write_bytes(b"%PDF-1.4 last good")
    with locked(out):  # a build is writing here
        result = build(root, out)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{out}: error: another cutsheet build is writing to this folder; wait for it or use"
        " another --out",
        "cutsheet: 1 error",
    ]
    assert (out / "tiny" / "cards.pdf").read_bytes() == b"%PDF-1.4 last good"
    assert not list(out.rglob("*.tmp"))


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has died; only its parent has not reaped it


def test_killing_a_parallel_builds_parent_leaves_no_worker(project):
    root, out = project
    proc = start(root, out, "--jobs", "2")  # two profiles: two jobs, two workers
    workers: set[int] = set()
    deadline = time.monotonic() + 30
    while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
        workers = _children(proc.pid)
        time.sleep(0.01)
    assert len(workers) >= 2, "the build did not start its workers"
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if _alive(w)]


def test_a_ctrl_c_that_lands_in_a_callback_ends_quietly(monkeypatch, capsys):
    """A Ctrl-C that landed in the import system's module-lock callback, while a build
    imported a module, was printed as "Exception ignored in …" with a traceback (Python
    cannot raise it there) and swallowed. The command's hook for such exceptions asks for it
    again, silently, to arrive where it is raised; any other is said as Python says it."""
    import _thread
    import types

    from cutsheet import entry

    asked = []
    monkeypatch.setattr(_thread, "interrupt_main", lambda: asked.append(True))
    monkeypatch.setattr(entry, "_interrupted", [True])
    monkeypatch.setattr(entry, "AGAIN_S", 0.0)
    info = types.SimpleNamespace(
        exc_type=KeyboardInterrupt, exc_value=KeyboardInterrupt(), exc_traceback=None,
        err_msg=None, object=None,
    )  # fmt: skip
    entry._unraisable(info)
    for _ in range(100):  # asked for from another thread
        if asked:
            break
        time.sleep(0.01)
    assert asked == [True] and capsys.readouterr().err == ""
    said = []
    monkeypatch.setattr(sys, "__unraisablehook__", said.append)
    other = types.SimpleNamespace(**{**vars(info), "exc_type": ValueError})
    entry._unraisable(other)
    assert said == [other] and asked == [True]


def test_a_ctrl_c_asked_for_again_arrives_where_it_is_raised():
    """In a process: a Ctrl-C raised in a weak reference's callback reaches the code after it
    as a KeyboardInterrupt, with nothing printed."""
    code = (
        "import sys, signal, weakref, time\n"
        "from cutsheet import entry\n"
        "sys.unraisablehook = entry._unraisable\n"
        "signal.signal(signal.SIGINT, entry._interrupt)\n"
        "class A: pass\n"
        "try:\n"
        "    a = A(); r = weakref.ref(a, lambda _r: entry._interrupt(2, None)); del a\n"
        "    t = time.monotonic()\n"
        "    while time.monotonic() - t < 5: pass\n"
        "    print('went on')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.stdout.strip(), done.stderr) == ("interrupted", "")


def test_the_hook_is_the_commands_own():
    """Only the command installs it (a program that imports cutsheet keeps its own)."""
    code = "import sys, cutsheet.cli, cutsheet.entry; print(sys.unraisablehook is sys.__unraisablehook__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"
