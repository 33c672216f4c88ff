"""A game's commit is atomic: stopped at any rename of its commit, the next build finds the
game's PDFs all old or all new, and the manifest and cache agreeing with them; a full disk
(a file-size limit) is one line naming the file and keeps the last good build."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cutsheet import commit
from cutsheet.build import Options, Project, build
from cutsheet.output import locked

from .corpus_cases import make_project

STD = Options(profiles=("standard",), papers=("a4",))
PDFS = [f"tiny/standard-a4/{part}.pdf" for part in ("cards", "sheets", "rules", "rules-booklet")]
LICENCES = [
    f"tiny/standard-a4/font-licences/{name}" for name in ("OFL-AtkinsonHyperlegible.txt", "OFL.txt")
]


class Killed(BaseException):
    """The process stops here: nothing after it runs (no except Exception catches it)."""


def _stopping(
    stop: int, real_replace: Callable[[str, str], None], out: Path | None = None
) -> Callable[[str, str], None]:
    """``os.replace`` that stops the process (``Killed``) at its rename number ``stop``,
    counting only the renames into ``out`` when given (not cutsheet's own caches)."""
    seen = [0]

    def replace(a: str, b: str) -> None:
        if out is None or Path(b).is_relative_to(out):
            if seen[0] == stop:
                raise Killed
            seen[0] += 1
        real_replace(a, b)

    return replace


def _build(root: Path, out: Path) -> list[str]:
    said: list[str] = []
    _outputs, report = build(Project(root), ["tiny"], STD, out, jobs=1, progress=said.append)
    assert not report.problems, report.problems
    return said


def _hashes(out: Path, files: list[str] = PDFS) -> dict[str, str]:
    return {p: hashlib.sha256((out / p).read_bytes()).hexdigest() for p in files}


def _manifest_agrees(out: Path, files: list[str] = PDFS) -> None:
    manifest = json.loads((out / "manifest.json").read_text())
    for entry in manifest["outputs"]:
        data = (out / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
    assert sorted(e["path"] for e in manifest["outputs"]) == sorted(files)


def _own_font(root: Path) -> None:
    """The tiny game's titles in a project font, with its licence file beside it."""
    import reportlab

    (root / "fonts").mkdir()
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", root / "fonts")
    (root / "fonts" / "OFL.txt").write_text("The licence, first edition.\n")
    layout = root / "layouts" / "tiny.yaml"
    layout.write_text(layout.read_text() + "styles:\n  title: {font: Vera, size: 12}\n")


def test_a_build_stopped_at_every_rename_of_a_commit_is_all_old_or_all_new(tmp_path, monkeypatch):
    """The PDFs and the kit's font licences (a project font's licence changed too)."""
    root = make_project(tmp_path)
    _own_font(root)
    files = PDFS + LICENCES
    good = tmp_path / "good"
    _build(root, good)
    old = _hashes(good, files)
    (root / "fonts" / "OFL.txt").write_text("The licence, second edition.\n")
    rules = root / "content" / "tiny" / "rules.yaml"
    rules.write_text(rules.read_text().replace("heading: Play", "heading: Played", 1))
    rules_too = root / "content" / "tiny" / "game.yaml"  # every PDF changes: the title
    rules_too.write_text(rules_too.read_text().replace("title: Tiny", "title: Tiny Two", 1))

    calls: list[tuple[str, str]] = []
    real_replace = os.replace
    counting = tmp_path / "counting"
    shutil.copytree(good, counting)
    monkeypatch.setattr(
        os, "replace", lambda a, b: calls.append((str(a), str(b))) or real_replace(a, b)
    )
    _build(root, counting)
    monkeypatch.undo()
    new = _hashes(counting, files)
    assert all(new[p] != old[p] for p in PDFS + LICENCES[1:])  # the packaged licence stays
    renamed = [Path(b).name for _a, b in calls]
    # journal first (the commit point), the four PDFs, the project's licence (cutsheet's own
    # is the same bytes: left in place), the cache entry, the parts' digests, the manifest;
    # then the manifest once more at the end of the build
    assert renamed[0] == "commit-tiny.json" and renamed[1:5] == [Path(p).name for p in PDFS]
    assert renamed[5:6] == [Path(LICENCES[1]).name]
    assert Path(LICENCES[0]).name not in renamed
    assert len(calls) >= 9

    outcomes = set()
    for stop in range(len(calls)):
        out = tmp_path / f"stop{stop}"
        shutil.copytree(good, out)
        monkeypatch.setattr(os, "replace", _stopping(stop, real_replace))
        with pytest.raises(Killed):
            _build(root, out)
        monkeypatch.undo()
        journal = commit.journal_file(out, "tiny")
        assert journal.exists() == (0 < stop < 9), stop  # the commit point passed, not done
        with locked(out):  # what the next build does first
            commit.recover(out)
        assert not journal.exists()
        now = _hashes(out, files)
        assert now in (old, new), f"stopped at rename {stop}: a mix of old and new files"
        outcomes.add("new" if now == new else "old")
        _manifest_agrees(out, files)
        said = _build(root, out)  # the next build: new PDFs, nothing left over
        assert (now == new) == any(m.endswith("unchanged") for m in said), (stop, said)
        assert _hashes(out, files) == new
        _manifest_agrees(out, files)
        assert not list(out.rglob("*.tmp"))
    assert outcomes == {"old", "new"}


def test_a_journal_that_names_a_path_out_of_the_build_is_dropped(tmp_path):
    out = tmp_path / "out"
    (out / ".cache").mkdir(parents=True)
    outside = tmp_path / "outside.pdf"
    outside.write_bytes(b"mine")
    staged = out / ".cache" / ".x.json.abc.tmp"
    staged.write_bytes(b"{}")
    for moves in (
        [{"tmp": ".cache/.x.json.abc.tmp", "dest": "../outside.pdf", "sha256": "0"}],
        [{"tmp": "../outside.pdf", "dest": ".cache/x.json", "sha256": "0"}],
        [{"tmp": ".cache/.x.json.abc.tmp", "dest": "/etc/passwd", "sha256": "0"}],
        [{"tmp": ".cache/.x.json.abc.tmp", "dest": ".cache/lock", "sha256": "0"}],
        [{"tmp": ".cache/.x.json.abc.tmp", "dest": ".cache/x.json", "sha256": "0"}],  # hash
        "not a list",
    ):
        journal = commit.journal_file(out, "tiny")
        journal.write_text(json.dumps({"moves": moves}))
        assert commit.recover(out) == []
        assert not journal.exists()
        assert outside.read_bytes() == b"mine" and staged.read_bytes() == b"{}"
    assert not (out / ".cache" / "x.json").exists()


def test_a_journal_may_name_a_kits_font_licence_and_nothing_like_it(tmp_path):
    """A licence file of a kit is a commit's own destination; a path that only looks like
    one (hidden, a font file, deeper, outside) is not, and its journal is dropped whole."""
    out = tmp_path / "out"
    kit = out / "tiny" / "standard-a4" / "font-licences"
    kit.mkdir(parents=True)
    (out / ".cache").mkdir()
    for dest, ok in (
        ("tiny/standard-a4/font-licences/OFL.txt", True),
        ("tiny/standard-a4/font-licences/LICENSE", True),
        ("tiny/standard-a4/font-licences/.bashrc", False),
        ("tiny/standard-a4/font-licences/Vera.ttf", False),
        ("tiny/standard-a4/font-licences/x/OFL.txt", False),
        ("tiny/standard-a4/font-licences/../../../OFL.txt", False),
        ("tiny/standard-a4/notes/OFL.txt", False),
    ):
        name = Path(dest).name
        staged = Path(dest).parent / f".{name}.abc.tmp"
        (out / staged).parent.mkdir(parents=True, exist_ok=True)
        (out / staged).write_bytes(b"licence")
        sha = hashlib.sha256(b"licence").hexdigest()
        moves = [{"tmp": staged.as_posix(), "dest": dest, "sha256": sha}]
        commit.journal_file(out, "tiny").write_text(json.dumps({"moves": moves}))
        said = [commit.stopped_commit("tiny")]
        assert commit.recover(out) == (said if ok else []), dest
        assert (out / dest).is_file() == ok, dest
        (out / staged).unlink(missing_ok=True)


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE as on Linux")
def test_a_full_disk_is_one_line_naming_the_file_and_keeps_the_last_good_build(tmp_path):
    import resource

    root = make_project(tmp_path)
    out = tmp_path / "out"
    _build(root, out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    smallest = min((out / p).stat().st_size for p in PDFS)
    game = root / "content" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("title: Tiny", "title: Tiny Two", 1))
    game.write_text(game.read_text().replace("    count: 3\n", "    count: 2\n", 1))
    cards = root / "content" / "tiny" / "cards.csv"  # TY-B goes: its image must go too
    cards.write_text(cards.read_text().replace("TY-B,plain,Beta,2,\n", ""))

    def limit() -> None:  # a file can grow to just below the smallest PDF: none fits
        resource.setrlimit(resource.RLIMIT_FSIZE, (smallest - 1, smallest - 1))

    result = subprocess.run(
        [sys.executable, "-B", "-m", "cutsheet", "build", "tiny", "--profile", "standard"]
        + ["--paper", "a4", "--out", str(out)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=limit,
    )
    assert result.returncode == 1
    lines = [x for x in result.stderr.splitlines() if not x.startswith("cutsheet: ")]
    assert lines == [
        f"{out}/tiny/standard-a4/cards.pdf: error: cannot write this file: File too large;"
        " the last good files are kept"
    ], result.stderr
    assert "Traceback" not in result.stderr and "None" not in result.stderr
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before  # the last good PDFs, manifest and cache, and no temporary file


def test_the_last_commit_lists_the_kits_a_build_kept(tmp_path):
    """The build's last commit writes the whole manifest (no manifest is written after it):
    the kits it kept unchanged are listed beside the ones it rebuilt, even when the manifest
    was gone."""
    root = make_project(tmp_path)
    out = root / "build"
    both = Options(profiles=("standard", "large-print"), papers=("a4",))
    _outputs, report = build(Project(root), ["tiny"], both, out, jobs=1, progress=print)
    assert not report.problems, report.problems
    listed = sorted(e["path"] for e in json.loads((out / "manifest.json").read_text())["outputs"])
    (out / "manifest.json").unlink()
    packaged = Path(commit.__file__).parent / "data" / "layouts" / "profiles" / "large-print.yaml"
    own = root / "layouts" / "profiles" / "large-print.yaml"  # rebuilds large-print only
    own.parent.mkdir()
    own.write_text(packaged.read_text().replace("Print at 100%", "Print at 100 %"))
    said: list[str] = []
    _outputs, report = build(Project(root), ["tiny"], both, out, jobs=1, progress=said.append)
    assert not report.problems, report.problems
    assert "tiny standard-a4: unchanged" in said
    assert any(m.startswith("[1/1] tiny large-print") for m in said), said
    manifest = json.loads((out / "manifest.json").read_text())
    assert sorted(e["path"] for e in manifest["outputs"]) == listed
    for entry in manifest["outputs"]:
        data = (out / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]


def _export(root: Path, out: Path) -> list[str]:
    from cutsheet.exports import ExportOptions, export

    said: list[str] = []
    options = ExportOptions(to="png", profiles=("standard",), dpi=72)
    _entries, report = export(Project(root), ["tiny"], options, out, progress=said.append)
    assert not report.errors, report.errors
    return said


def _exported(out: Path) -> dict[str, str]:
    folder = out / "tiny" / "export" / "png"
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*"))}


def test_an_export_stopped_at_every_rename_is_all_old_or_all_new_and_keeps_the_build(
    tmp_path, monkeypatch
):
    """A probe: an export wrote its images one by one (a killed one left new and old cards
    side by side, the manifest's hashes wrong), and it did not finish a build's half-done
    commit first, so the next build's recovery put a stale manifest over the export's. An
    export now commits as a build does, and finishes a stopped commit before its own."""
    root = make_project(tmp_path)
    good = tmp_path / "good"
    _build(root, good)
    _export(root, good)
    built, old = _hashes(good), _exported(good)
    layout = root / "layouts" / "tiny.yaml"  # every front changes, and the back: the title
    layout.write_text(layout.read_text().replace('"Cost {{ cost }}"', '"Price {{ cost }}"'))
    game = root / "content" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("title: Tiny", "title: Tiny Two", 1))
    game.write_text(game.read_text().replace("    count: 3\n", "    count: 2\n", 1))
    cards = root / "content" / "tiny" / "cards.csv"  # TY-B goes: its image must go too
    cards.write_text(cards.read_text().replace("TY-B,plain,Beta,2,\n", ""))
    counting, calls = tmp_path / "counting", []
    shutil.copytree(good, counting)
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: calls.append(b) or real_replace(a, b))
    _export(root, counting)
    monkeypatch.undo()
    calls = [b for b in calls if Path(b).is_relative_to(counting)]  # not cutsheet's own caches
    new = _exported(counting)
    assert set(old) - set(new) == {"TY-B.png"} and all(new[k] != old[k] for k in new), new
    for stop in range(len(calls)):
        out = tmp_path / f"stop{stop}"
        shutil.copytree(good, out)
        monkeypatch.setattr(os, "replace", _stopping(stop, real_replace, out))
        with pytest.raises(Killed):
            _export(root, out)
        monkeypatch.undo()
        journaled = bool(list((out / ".cache").glob("commit-export-*.json")))
        said = _build(root, out)  # the next build finishes the export's commit, then its own
        finished = "tiny/export/png: finished the export a stopped one left half done"
        assert (finished in said) == journaled, (stop, said)
        now = _exported(out)
        assert now in (old, new), f"stopped at rename {stop}: old and new images mixed"
        _manifest_agrees(out, PDFS + [f"tiny/export/png/{n}" for n in now] + LICENCES[:1])
        _export(root, out)
        assert _exported(out) == new and _hashes(out) != built
        _manifest_agrees(out, PDFS + [f"tiny/export/png/{n}" for n in new] + LICENCES[:1])


@pytest.mark.parametrize(
    ("damage", "why"), [("not json", "not JSON"), ('{"outputs": 5}', "no list")]
)
def test_a_manifest_that_cannot_be_read_is_said_before_it_is_written_afresh(tmp_path, damage, why):
    """A probe: a damaged build/manifest.json was replaced without a word, and the entries of
    files still on disk (other kits, exports) dropped out of it."""
    root = make_project(tmp_path)
    out = tmp_path / "out"
    options = Options(profiles=("standard",), papers=("a4",))
    _outputs, report = build(Project(root), ["tiny"], options, out)
    assert not report.problems, report.problems
    (out / "manifest.json").write_text(damage)
    _outputs, report = build(Project(root), ["tiny"], options, out)
    (warned,) = [p for p in report.problems if p.severity == "warning"]
    assert str(warned.loc).endswith("manifest.json")
    assert f"not a manifest cutsheet can read ({why}" in warned.message
    assert "build and export again to list the other files" in warned.message
    listed = json.loads((out / "manifest.json").read_text())["outputs"]
    assert listed and all((out / e["path"]).is_file() for e in listed)  # written afresh
    _outputs, report = build(Project(root), ["tiny"], options, out)
    assert not report.problems  # said once: the next build reads it


def _changed(root: Path) -> None:
    """Every PDF of the tiny game changes (its title)."""
    game = root / "content" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("title: Tiny", "title: Tiny Two", 1))


def _built_then_changed(tmp_path: Path) -> tuple[Path, Path, dict[str, bytes]]:
    """The tiny game built, then changed (every PDF): its project, its output folder and
    every file the build wrote."""
    root = make_project(tmp_path)
    out = tmp_path / "out"
    _build(root, out)
    before = _everything(out)
    _changed(root)
    return root, out, before


def _everything(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def test_a_folder_where_a_pdf_goes_keeps_the_last_good_build_and_blocks_nothing_after(tmp_path):
    """A probe: a folder in the place of one PDF failed the commit half way through its
    renames (the PDFs before it new, the rest and the manifest old), left the journal, and
    every later build and export in that folder failed on it. The commit now looks before its
    commit point: nothing is switched, the one line names the folder."""
    root = make_project(tmp_path)
    out = tmp_path / "out"
    _build(root, out)
    (out / PDFS[2]).unlink()
    (out / PDFS[2]).mkdir()
    before = _everything(out)
    _changed(root)
    said: list[str] = []
    _outputs, report = build(Project(root), ["tiny"], STD, out, jobs=1, progress=said.append)
    assert [str(p) for p in report.problems] == [
        f"{out / PDFS[2]}: error: cannot write here: is a folder, not a file; remove it"
        " (the last good files are kept)"
    ]
    # no new PDF, no journal, no temporary file; the manifest lists the files that are there
    assert _everything(out).keys() == before.keys()
    assert all(_everything(out)[k] == v for k, v in before.items() if k != "manifest.json")
    _manifest_agrees(out, [p for p in PDFS if p != PDFS[2]] + LICENCES[:1])
    (out / PDFS[2]).rmdir()
    _build(root, out)
    _manifest_agrees(out, PDFS + LICENCES[:1])
    assert not list(out.rglob("*.tmp"))


@pytest.mark.parametrize("fail_at", range(5))
def test_a_rename_that_fails_during_the_switch_undoes_the_ones_done(tmp_path, monkeypatch, fail_at):
    """A rename refused half way through a commit (a PDF another program holds open, on
    Windows) puts back the files the renames done replaced: all old, no journal left."""
    root, out, before = _built_then_changed(tmp_path)
    real_replace, seen = os.replace, [0]

    def refusing(a: str, b: str) -> None:
        if Path(b).suffix == ".pdf" and not str(a).endswith(".old.tmp"):  # not the undoing
            if seen[0] == fail_at:
                raise PermissionError(13, "Permission denied", str(a), None, str(b))
            seen[0] += 1
        real_replace(a, b)

    monkeypatch.setattr(os, "replace", refusing)
    _outputs, report = build(Project(root), ["tiny"], STD, out, jobs=1, progress=print)
    monkeypatch.undo()
    if fail_at >= len(PDFS):  # every PDF switched: the commit went through
        assert not report.problems
        return
    assert [str(p) for p in report.problems] == [
        f"{out / PDFS[fail_at]}: error: cannot write this file: Permission denied;"
        " the last good files are kept"
    ]
    assert _everything(out) == before


def test_a_stopped_commit_that_cannot_be_finished_is_undone_and_said(tmp_path, monkeypatch):
    """A build killed during its switch leaves a journal; when a folder then stands where one
    of its files goes, the next build undoes the stopped commit (the last good files back),
    says so, and reports the folder for that game only."""
    root, out, before = _built_then_changed(tmp_path)
    monkeypatch.setattr(os, "replace", _stopping(2, os.replace, out))  # the journal, a PDF
    with pytest.raises(Killed):
        _build(root, out)
    monkeypatch.undo()
    assert commit.journal_file(out, "tiny").exists()
    (out / PDFS[3]).unlink()
    (out / PDFS[3]).mkdir()
    with locked(out):
        said = commit.recover(out)
    assert said == [
        f"tiny: could not finish what a stopped build left half done ({out / PDFS[3]}:"
        " Is a directory); undone, the last good files are kept"
    ]
    assert not commit.journal_file(out, "tiny").exists()
    now = _everything(out)
    assert {k: v for k, v in now.items() if not k.endswith(".tmp")} == {
        k: v for k, v in before.items() if k != PDFS[3]
    }
    (out / PDFS[3]).rmdir()
    _build(root, out)
    _manifest_agrees(out, PDFS + LICENCES[:1])
    assert not list(out.rglob("*.tmp"))


def test_an_export_with_a_folder_where_an_image_goes_keeps_its_files_and_the_build(tmp_path):
    """The export's probe: a folder in the place of one image left the export half new and
    its manifest stale, and blocked every later command in the folder."""
    root = make_project(tmp_path)
    out = tmp_path / "out"
    _build(root, out)
    _export(root, out)
    folder = out / "tiny" / "export" / "png"
    last = sorted(folder.glob("*.png"))[-1]
    last.unlink()
    last.mkdir()
    before = _everything(out)
    layout = root / "layouts" / "tiny.yaml"
    layout.write_text(layout.read_text().replace('"Cost {{ cost }}"', '"Price {{ cost }}"'))
    from cutsheet.exports import ExportOptions, export

    options = ExportOptions(to="png", profiles=("standard",), dpi=72)
    _entries, report = export(Project(root), ["tiny"], options, out, progress=print)
    assert [str(p) for p in report.errors] == [
        f"{last}: error: cannot write the export: is a folder, not a file; remove it"
    ]
    assert _everything(out) == before
    _build(root, out)  # not blocked
    last.rmdir()
    _export(root, out)
    assert not list(out.rglob("*.tmp"))


def _stopped_while_undoing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kill_at: int
) -> tuple[Path, Path, dict[str, bytes]]:
    """A build whose switch fails at the last PDF, killed at the ``kill_at``-th file its
    undo puts back: the project, the output folder, and every file of the build before."""
    root, out, before = _built_then_changed(tmp_path)
    real_replace, restores = os.replace, [0]

    def failing(a: str, b: str) -> None:
        if str(a).endswith(".old.tmp"):  # the undo puts a kept file back
            restores[0] += 1
            if restores[0] == kill_at:
                raise Killed
        elif Path(b) == out / PDFS[3]:
            raise PermissionError(13, "Permission denied", str(a), None, str(b))
        real_replace(a, b)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(Killed):
        build(Project(root), ["tiny"], STD, out, jobs=1, progress=print)
    monkeypatch.undo()
    return root, out, before


def test_a_build_stopped_while_it_undoes_is_undone_by_the_next_all_old(tmp_path, monkeypatch):
    """A review: a build killed half way through undoing a failed switch left its journal as
    it was; the next build went on with the renames, took each file the first undo had put
    back for a new one of its own, and removed it (a good PDF gone, said to be kept). The
    journal now says the commit is being undone, and the next build undoes it again."""
    _root, out, before = _stopped_while_undoing(tmp_path, monkeypatch, kill_at=2)
    journal = commit.journal_file(out, "tiny")
    assert json.loads(journal.read_text())["undo"] is True
    with locked(out):
        said = commit.recover(out)
    assert said == [f"tiny: {commit.UNDONE}"]
    assert not journal.exists() and not list(out.rglob("*.tmp"))
    assert _everything(out) == before


def test_a_folder_where_an_undo_puts_a_file_back_blocks_nothing(tmp_path, monkeypatch):
    """A review: the next build undoing a commit stopped while it undid raised on a folder
    standing where a switched file was to be put back, and every build after failed on it.
    That file is left; the rest is put back, and the next build names the folder."""
    root, out, before = _stopped_while_undoing(tmp_path, monkeypatch, kill_at=1)
    (out / PDFS[0]).unlink()  # switched, its old file kept: a folder now where it goes back
    (out / PDFS[0]).mkdir()
    with locked(out):
        assert commit.recover(out) == [f"tiny: {commit.UNDONE}"]
    now = _everything(out)
    assert now == {k: v for k, v in before.items() if k != PDFS[0]}, set(now) ^ set(before)
    _outputs, report = build(Project(root), ["tiny"], STD, out, jobs=1, progress=print)
    assert [str(p) for p in report.problems] == [
        f"{out / PDFS[0]}: error: cannot write here: is a folder, not a file; remove it"
        " (the last good files are kept)"
    ]
