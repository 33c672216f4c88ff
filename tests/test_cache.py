"""The cache trusts nothing it recorded: a copied project hashes its own files, two projects
built into one folder never share an entry, and an entry that does not parse, names a path
out of the project or out of the build folder, or names a FIFO, is ignored (the game is
rebuilt) without that path ever being opened."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pdfplumber
import pytest

from cutsheet import cache
from cutsheet.build import Options, Project, build

from .corpus_cases import make_project

STD = Options(profiles=("standard",), papers=("a4",))
ENTRY = Path(".cache") / "tiny-standard-a4.json"


def _build(root: Path, out: Path) -> list[str]:
    said: list[str] = []
    _outputs, report = build(Project(root), ["tiny"], STD, out, jobs=1, progress=said.append)
    assert not report.problems, report.problems
    return said


def _rebuilt(said: list[str]) -> bool:
    assert any(m.endswith("unchanged") for m in said) != any(m.startswith("[") for m in said)
    return any(m.startswith("[1/1] tiny") for m in said)


def _first_page_text(out: Path) -> str:
    with pdfplumber.open(out / "tiny" / "standard-a4" / "rules.pdf") as pdf:
        return pdf.pages[0].extract_text() or ""


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    root = make_project(tmp_path)
    out = root / "build"
    assert _rebuilt(_build(root, out))
    assert not _rebuilt(_build(root, out))  # the cache works at all
    return root, out


def test_an_entry_names_inputs_relative_to_the_project(built):
    root, out = built
    entry = json.loads((out / ENTRY).read_text())
    assert entry["inputs"]
    assert all(not Path(p).is_absolute() and ".." not in p for p in entry["inputs"])
    assert "content/tiny/game.yaml" in entry["inputs"]
    assert str(root) in entry["key"]  # the project is part of the key


def test_a_copied_project_rebuilds_after_an_edit(built, tmp_path):
    root, out = built
    copy = tmp_path / "copy"
    shutil.copytree(root, copy, symlinks=True)  # cp -a game game2, cache and all
    rules = copy / "content" / "tiny" / "rules.yaml"
    text = rules.read_text()
    assert "heading: Play" in text
    rules.write_text(text.replace("heading: Play", "heading: Copied Rules", 1))
    assert _rebuilt(_build(copy, copy / "build"))
    assert "Copied Rules" in _first_page_text(copy / "build")
    assert "Copied Rules" not in _first_page_text(out)  # the original is its own


def test_two_projects_with_one_game_id_into_one_folder(built, tmp_path):
    root, out = built
    other = make_project(tmp_path / "second")
    rules = other / "content" / "tiny" / "rules.yaml"
    rules.write_text(rules.read_text().replace("heading: Play", "heading: Second Project", 1))
    assert _rebuilt(_build(other, out))
    assert "Second Project" in _first_page_text(out)


def _poison(out: Path, edit: object) -> None:
    entry = json.loads((out / ENTRY).read_text())
    edit(entry)  # type: ignore[operator]
    (out / ENTRY).write_text(json.dumps(entry))


def _spy_on_opens(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every path the cache module opens from now on (the list fills as it does)."""
    opened: list[str] = []
    real_open = os.open

    def spy(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        opened.append(str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(cache.os, "open", spy)
    return opened


_WARNING = {"path": "/etc/shadow", "line": 1, "col": 1, "message": "m", "subject": "", "code": ""}


def _input(path: str, digest: str = "") -> object:
    def edit(entry: dict) -> None:
        entry["inputs"][path] = digest

    return edit


@pytest.mark.parametrize(
    "edit",
    [
        _input("/etc/shadow"),
        _input("/dev/zero"),
        _input("../outside/secret.csv"),
        _input("content/../../outside/secret.csv"),
        _input("content\\tiny\\game.yaml"),
        lambda e: e["outputs"][0].update(path="/dev/zero"),
        lambda e: e["outputs"][0].update(path="../outside/secret.csv"),
        lambda e: e["outputs"][0].update(path="tiny/standard-a4/../../../outside/secret.csv"),
        lambda e: e["outputs"].append(dict(e["outputs"][0], path="manifest.json")),
        lambda e: e.update(inputs={}),
        lambda e: e.update(inputs=[]),
        lambda e: e["outputs"][0].update(extra="x" * 100),
        lambda e: e.update(warnings={"path": "x"}),
        lambda e: e.update(warnings=[{"path": "/etc/shadow", "message": "x"}]),
        lambda e: e.update(warnings=[dict(_WARNING, line="17")]),
        lambda e: e.update(warnings=[dict(_WARNING, col=True)]),
        lambda e: e.update(warnings=[_WARNING] * (cache.MAX_WARNINGS + 1)),
    ],
    ids=[
        "etc-shadow",
        "dev-zero",
        "dot-dot",
        "dot-dot-inside",
        "backslashes",
        "output-dev-zero",
        "output-dot-dot",
        "output-escape",
        "output-not-its-own",
        "no-inputs",
        "inputs-not-a-mapping",
        "output-extra-key",
        "warnings-not-a-list",
        "warning-missing-keys",
        "warning-line-a-string",
        "warning-col-a-bool",
        "too-many-warnings",
    ],
)
def test_a_poisoned_entry_is_ignored_and_the_game_rebuilt(built, edit, monkeypatch):
    root, out = built
    _poison(out, edit)
    opened = _spy_on_opens(monkeypatch)
    assert _rebuilt(_build(root, out))
    outside = [p for p in opened if not Path(p).resolve().is_relative_to(root.resolve())]
    assert not [p for p in outside if not cache.from_package(p)], outside
    monkeypatch.undo()
    assert not _rebuilt(_build(root, out))  # the rebuild wrote an honest entry


def test_an_entry_that_does_not_parse_is_ignored(built):
    root, out = built
    for junk in (b"", b"{", b"[]", b'{"key": 1, "inputs": {}, "outputs": []}', b"\xff" * 10):
        (out / ENTRY).write_bytes(junk)
        assert _rebuilt(_build(root, out))


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs")
def test_an_entry_that_is_a_fifo_or_names_one_never_hangs(built):
    root, out = built
    fifo = root / "content" / "tiny" / "pipe"
    os.mkfifo(fifo)
    _poison(out, _input("content/tiny/pipe"))
    assert _rebuilt(_build(root, out))  # a FIFO is never a regular file: never waited on
    (out / ENTRY).unlink()
    os.mkfifo(out / ENTRY)
    assert _rebuilt(_build(root, out))
    assert (out / ENTRY).is_file()  # the commit put an honest entry in its place
    assert not _rebuilt(_build(root, out))


def test_a_poisoned_manifest_entry_is_dropped_unread(built, monkeypatch):
    root, out = built
    manifest = json.loads((out / "manifest.json").read_text())
    for path in ("/dev/zero", "../outside/secret.csv", "/etc/shadow"):
        manifest["outputs"].append(dict(manifest["outputs"][0], path=path))
    (out / "manifest.json").write_text(json.dumps(manifest))
    (out / ENTRY).unlink()
    opened: list[str] = []
    real_open = os.open
    monkeypatch.setattr(
        cache.os, "open", lambda p, *a, **k: opened.append(str(p)) or real_open(p, *a, **k)
    )
    assert _rebuilt(_build(root, out))
    assert not [p for p in opened if "/dev/" in p or "outside" in p or "/etc/" in p]
    paths = [e["path"] for e in json.loads((out / "manifest.json").read_text())["outputs"]]
    assert paths == sorted(
        [f"tiny/standard-a4/{part}.pdf" for part in ("cards", "rules", "rules-booklet", "sheets")]
        + ["tiny/standard-a4/font-licences/OFL-AtkinsonHyperlegible.txt"]
    )


def test_the_package_digest_is_kept_with_its_files_stats_and_follows_any_change(
    tmp_path, monkeypatch
):
    """Hashing the whole package is some 20 ms of every build: the digest is kept beside
    the bytecode with every file's stat, and found again from the stats alone; a file that
    changes, appears or goes changes the digest."""
    import time

    package = tmp_path / "pkg"
    (package / "data").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "data" / "font.ttf").write_bytes(b"\0font")
    kept = package / "__pycache__" / cache.DIGEST_FILE
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    real_now = time.time_ns
    monkeypatch.setattr(time, "time_ns", lambda: real_now() + 2 * cache.STABLE_NS)  # a while ago
    cache.file_hash.cache_clear()
    first = cache.package_digest(package, kept)
    assert first == cache.package_digest(package) and kept.is_file()
    read: list[str] = []
    monkeypatch.setattr(cache, "file_hash", lambda path: read.append(path) or "x")
    assert cache.package_digest(package, kept) == first and not read  # from the stats alone
    monkeypatch.undo()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(time, "time_ns", lambda: real_now() + 2 * cache.STABLE_NS)
    cache.file_hash.cache_clear()
    (package / "a.py").write_text("A = 2\n")
    second = cache.package_digest(package, kept)
    assert second != first and second == cache.package_digest(package)
    (package / "data" / "new.yaml").write_text("x: 1\n")
    cache.file_hash.cache_clear()
    assert cache.package_digest(package, kept) not in (first, second)
    cache.file_hash.cache_clear()


def test_the_package_digest_is_not_kept_where_bytecode_is_not_written(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("A = 1\n")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    kept = package / "__pycache__" / cache.DIGEST_FILE
    assert cache.package_digest(package, kept) == cache.package_digest(package)
    assert not kept.exists()


def test_a_kept_entrys_warnings_are_said_again_and_never_opened(built, monkeypatch):
    """A build that keeps a job's files says the warnings that job said (they follow from the
    same inputs): what an entry keeps is printed, made readable, never opened."""
    root, out = built
    hostile = dict(_WARNING, message="paper a4 \x1b[2Jreplaced\u202e", subject="S\x1b", code="c")
    _poison(out, lambda e: e.update(warnings=[hostile]))
    opened = _spy_on_opens(monkeypatch)
    said: list[str] = []
    _outputs, report = build(Project(root), ["tiny"], STD, out, jobs=1, progress=said.append)
    assert not _rebuilt(said)
    assert "/etc/shadow" not in opened
    [warning] = report.problems
    assert (warning.loc.path, warning.severity, warning.subject, warning.code) == (
        "/etc/shadow",
        "warning",
        "S[U+001B]",
        "c",
    )
    assert "\x1b" not in warning.message and "\u202e" not in warning.message


def test_a_kept_warnings_path_is_only_text(tmp_path, monkeypatch):
    """A warning's path is kept absolute as shown (a link stays the name shown) and shown
    again relative to the working folder, worked out as text: a path in a loop of links, or
    a working folder that is gone, is printed as it is, never looked up."""
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "f.ttf").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    monkeypatch.chdir(tmp_path)
    here = os.getcwd()  # as the build sees it (links resolved)
    said = [
        cache.Problem(cache.Loc("link/f.ttf", 0, 0), "no licence", "warning"),
        cache.Problem(cache.Loc(f"{here}/loop/x", 3, 1), "loop", "warning"),
        cache.Problem(cache.Loc("link/f.ttf"), "an error is not kept", "error"),
    ]
    records = cache.warning_records(said)
    assert records is not None
    kept = sorted(r["path"] for r in records)
    assert kept == [f"{here}/link/f.ttf", f"{here}/loop/x"]
    entry = cache.Entry("k", {}, [], records)
    assert sorted(p.loc.path for p in cache.replayed(entry)) == ["link/f.ttf", "loop/x"]
    monkeypatch.chdir("/")
    assert sorted(p.loc.path for p in cache.replayed(entry)) == [k[1:] for k in kept]

    def gone() -> str:
        raise FileNotFoundError("the working folder was removed")

    monkeypatch.setattr(cache.os, "getcwd", gone)
    assert sorted(p.loc.path for p in cache.replayed(entry)) == kept


def test_a_job_with_more_warnings_than_an_entry_keeps_is_not_cached():
    many = [
        cache.Problem(cache.Loc("x.yaml", i + 1, 1), "m", "warning")
        for i in range(cache.MAX_WARNINGS + 1)
    ]
    assert cache.warning_records(many) is None
    assert len(cache.warning_records(many[:-1]) or ()) == cache.MAX_WARNINGS


def test_a_rebuilt_file_leaves_the_manifest_byte_for_byte_as_it_was(tmp_path):
    """A file deleted and drawn again, the other profile's files kept from the cache, leaves
    manifest.json as the first build wrote it: the kept entries keep their keys' order and
    their components' (the cache stores them as made, ``output._canonical`` orders every
    entry alike)."""
    root = make_project(tmp_path)
    out = root / "build"
    both = Options(profiles=("standard", "large-print"), papers=("a4",))

    def build_both() -> list[str]:
        said: list[str] = []
        _o, report = build(Project(root), ["tiny"], both, out, jobs=1, progress=said.append)
        assert not report.problems, report.problems
        return said

    build_both()
    before = (out / "manifest.json").read_bytes()
    (out / "tiny" / "standard-a4" / "rules.pdf").unlink()
    said = build_both()
    assert any("unchanged" in m for m in said) and any(m.startswith("[") for m in said), said
    assert (out / "manifest.json").read_bytes() == before


def test_an_older_manifest_entry_gets_the_keys_every_build_entry_has(built):
    """An entry an older cutsheet wrote (no ``cut_guides`` nor ``back_offset``, keys in
    another order) is written again with those keys null (not recorded) and in the order of
    a fresh entry: a script reading the manifest meets one shape."""
    root, out = built
    path = out / "manifest.json"
    fresh = json.loads(path.read_text())["outputs"]
    old = [
        dict(sorted((k, v) for k, v in e.items() if k not in ("cut_guides", "back_offset")))
        for e in fresh
    ]
    path.write_text(json.dumps({"generator": "cutsheet 0.0.9", "outputs": old}))
    from cutsheet.output import manifest_bytes

    written = json.loads(manifest_bytes(out, []))["outputs"]
    assert [e["path"] for e in written] == [e["path"] for e in fresh]
    for was, now in zip(fresh, written, strict=True):
        assert list(now) == list(was)  # the fresh entry's keys, in its order
        if now["part"] in ("cards", "sheets"):
            assert now["cut_guides"] is None and now["back_offset"] is None  # not recorded


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_saved_while_a_build_runs_is_drawn_again_next_time(built, monkeypatch, jobs):
    """A watch review: a file saved after a job had read it was recorded by its new hash when
    the job's entry was written, so the PDFs drawn from its old text were "unchanged" to
    every later build. The entry records the bytes the job read: the next build draws the
    file as it is now."""
    from cutsheet import jobs as runner

    root, out = built
    rules = root / "content" / "tiny" / "rules.yaml"
    text = rules.read_text()
    rules.write_text(text.replace("heading: Play", "heading: Read Rules", 1))
    load = runner.load

    def saved_while_running(root_: str, game: str):  # the editor saves once the job has read
        found = load(root_, game)
        rules.write_text(text.replace("heading: Play", "heading: Saved Rules", 1))
        return found

    monkeypatch.setattr(runner, "load", saved_while_running)
    fresh = root / "fresh"  # a first build: nothing hashed before the job reads
    _o, report = build(Project(root), ["tiny"], STD, fresh, jobs=jobs, progress=lambda _m: None)
    assert not report.errors
    assert "Read Rules" in _first_page_text(fresh)  # drawn from what the job read
    monkeypatch.setattr(runner, "load", load)
    assert _rebuilt(_build(root, fresh))  # not "unchanged"
    assert "Saved Rules" in _first_page_text(fresh)
