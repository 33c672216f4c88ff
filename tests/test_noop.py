"""A build with nothing to do writes nothing and needs no lock: it says every kit is
unchanged from the cache's hashes alone, without loading a game or importing what draws,
validates or locks. Anything it would have to write (a missing or stale manifest, a commit a
stopped build left, a temporary file) sends it down the locked path like any build."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cutsheet.build import Options, Project, build
from cutsheet.commit import journal_file
from cutsheet.output import locked

from .corpus_cases import make_project

STD = Options(profiles=("standard",), papers=("a4",))


def _build(root: Path, out: Path) -> tuple[list[str], list[str]]:
    said: list[str] = []
    _outputs, report = build(Project(root), ["tiny"], STD, out, jobs=1, progress=said.append)
    return said, [str(p) for p in report.problems]


def _stamps(out: Path) -> dict[str, int]:
    return {str(p): p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    root = make_project(tmp_path)
    out = root / "build"
    said, problems = _build(root, out)
    assert not problems and any(m.startswith("[1/1] tiny") for m in said)
    return root, out


def test_a_no_op_writes_nothing(built):
    root, out = built
    before = _stamps(out)
    said, problems = _build(root, out)
    assert not problems
    assert said[0] == "tiny standard-a4: unchanged"
    assert said[-1].startswith("5 files in ")  # four PDFs and the font licence
    assert _stamps(out) == before  # not even the manifest, nor the lock file


def test_a_no_op_needs_no_lock_and_a_build_with_work_is_refused(built):
    root, out = built
    with locked(out):  # another build holds the folder
        said, problems = _build(root, out)
        assert not problems and said[0] == "tiny standard-a4: unchanged"
        rules = root / "content" / "tiny" / "rules.yaml"
        rules.write_text(rules.read_text().replace("heading: Play", "heading: Edited", 1))
        said, problems = _build(root, out)
        assert len(problems) == 1 and "another cutsheet build is writing" in problems[0]


def test_what_a_no_op_would_leave_wrong_takes_the_locked_path(built):
    root, out = built
    manifest = json.loads((out / "manifest.json").read_text())
    (out / "manifest.json").unlink()
    said, problems = _build(root, out)  # every kit unchanged; the manifest written again
    assert not problems and said[0] == "tiny standard-a4: unchanged"
    assert json.loads((out / "manifest.json").read_text()) == manifest
    stale = out / "tiny" / "standard-a4" / ".cards.pdf.k1ll3d.tmp"
    stale.write_bytes(b"half a file")
    with locked(out):  # a temporary file may be a running build's: not a no-op
        _said, problems = _build(root, out)
        assert len(problems) == 1 and "another cutsheet build is writing" in problems[0]
    _build(root, out)
    assert not stale.exists()
    journal_file(out, "tiny").write_text('{"moves": []}')
    said, problems = _build(root, out)
    assert not problems and not journal_file(out, "tiny").exists()
    assert said[0] == "tiny: finished the commit a stopped build left half done"


def test_a_no_op_imports_nothing_heavy(built):
    root, out = built
    script = (
        "import sys\n"
        "from cutsheet.cli import main\n"
        f"code = main(['--root', {str(root)!r}, 'build', 'tiny', '--paper', 'a4',"
        f" '--profile', 'standard', '--out', {str(out)!r}])\n"
        "heavy = ('pydantic', 'reportlab', 'pikepdf', 'jinja2', 'yaml', 'filelock', 'PIL')\n"
        "print(code, sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.stdout.strip() == "0 []", done.stderr
    assert "tiny standard-a4: unchanged" in done.stderr
