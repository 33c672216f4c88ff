"""A part whose drawing input did not change is kept, not drawn again (issue 26): one edited
delivery card redraws the cards and the rules that list it, and keeps the sheets. A kept part
is byte for byte what drawing the edited project from scratch gives; a part's file that is
not the one its record names (changed, a symlink, a record out of shape) is drawn again."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from watchfiles import Change

from cutsheet import cache, partcache
from cutsheet.build import Options, Project, build
from cutsheet.fingerprint import Fingerprints, Unfingerprintable, fingerprint
from cutsheet.profiles import default_profiles
from cutsheet.watch import watch_loop

from .corpus_cases import make_project

ROOT = Path(__file__).resolve().parents[1]
GAME = "common-reserve"
DELIVERIES = "content/common-reserve/deliveries.yaml"
SEED_TENT = "    name: Seed Tent\n"


def _project(root: Path) -> Project:
    (root / "content").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / GAME, root / "content" / GAME)
    shutil.copytree(ROOT / "layouts", root / "layouts")
    return Project(root)


def _options(project: Project) -> Options:
    return Options(profiles=tuple(default_profiles(project.layouts)), papers=("a4",))


STANDARD_A4 = Options(profiles=("standard",), papers=("a4",))


def _build(project: Project, out: Path, jobs: int = 1, options: Options | None = None) -> None:
    options = options or _options(project)
    _outputs, report = build(project, [GAME], options, out, jobs, lambda _message: None)
    assert not report.errors, report.errors


def _pdfs(out: Path) -> dict[str, Path]:
    return {p.relative_to(out).as_posix(): p for p in sorted(out.rglob("*.pdf"))}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _stamps(out: Path) -> dict[str, tuple[int, int]]:
    """Each PDF's inode and modification time: a rewritten file has a new inode."""
    return {rel: (p.stat().st_ino, p.stat().st_mtime_ns) for rel, p in _pdfs(out).items()}


def _edit(root: Path, new: str) -> None:
    path = root / DELIVERIES
    text = path.read_text()
    assert text.count(SEED_TENT) == 1
    path.write_text(text.replace(SEED_TENT, f"    name: {new}\n"))


def _entries(out: Path) -> dict[str, dict[str, object]]:
    return {e["path"]: e for e in json.loads((out / "manifest.json").read_text())["outputs"]}


@dataclass(frozen=True)
class Edited:
    project: Project
    out: Path  # built, then the card edited and built again
    before: dict[str, tuple[int, int]]  # the PDFs' stamps before the edit's build
    fresh: Path  # the edited project built from scratch


def _cli_build(root: Path, out: Path, jobs: int) -> None:
    """``cutsheet build`` in a process of its own (A4, the default profiles): a process
    that drew nothing before (this one has: an earlier test may have imported svglib, which
    patches ReportLab for the whole process)."""
    argv = [sys.executable, "-m", "cutsheet.cli", "--root", str(root), "build", "--paper", "a4"]
    argv += ["--jobs", str(jobs), "--out", str(out)]
    subprocess.run(argv, check=True, capture_output=True)


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> Edited:
    project = _project(tmp_path_factory.mktemp("reuse"))
    out = project.root / "build"
    _cli_build(project.root, out, jobs=2)
    before = _stamps(out)
    _edit(project.root, "Seed Yurt")
    _cli_build(project.root, out, jobs=2)  # the parts are kept in the workers
    fresh = tmp_path_factory.mktemp("fresh")
    _cli_build(project.root, fresh, jobs=1)
    return Edited(project, out, before, fresh)


def test_one_edited_card_keeps_the_sheets_and_every_part_is_what_a_fresh_build_draws(edited):
    kits = [f"{GAME}/{p}-a4" for p in ("standard", "large-print")]
    after, fresh = _pdfs(edited.out), _pdfs(edited.fresh)
    assert sorted(after) == sorted(fresh) and len(after) == 8
    for rel in after:
        assert _sha(after[rel]) == _sha(fresh[rel]), f"{rel} differs from a fresh build"
    kept = sorted(rel for rel, stamp in _stamps(edited.out).items() if edited.before[rel] == stamp)
    assert kept == sorted(f"{kit}/sheets.pdf" for kit in kits)  # the others show the card
    mine, theirs = _entries(edited.out), _entries(edited.fresh)
    assert mine == theirs  # pages, components and hashes of the kept parts too


def test_the_records_name_each_part_with_its_file(edited):
    for kit in ("standard-a4", "large-print-a4"):
        profile, paper = kit.rsplit("-", 1)
        records = partcache.read_records(partcache.records_file(edited.out, GAME, profile, paper))
        assert sorted(records) == ["cards", "rules", "rules-booklet", "sheets"]
        for part, record in records.items():
            assert record.sha256 == _sha(edited.out / GAME / kit / f"{part}.pdf")


def test_watch_writes_the_edited_cards_before_the_rules(tmp_path):
    project = _project(tmp_path / "project")
    out = tmp_path / "out"
    kit = out / GAME / "standard-a4"
    seen: dict[str, dict[str, str]] = {}

    def hashes() -> dict[str, str]:
        return {p.name: _sha(p) for p in sorted(kit.glob("*.pdf"))}

    def say(message: str) -> None:
        if "cards up to date" in message:
            seen["cards"] = hashes()

    def batches() -> Iterator[set[tuple[Change, str]]]:
        seen["before"] = hashes()
        _edit(project.root, "Seed Yurt")
        yield {(Change.modified, str(project.root / DELIVERIES))}

    options = Options(profiles=("standard",), papers=("a4", "letter"))
    watch_loop(project, [GAME], options, out, batches(), say=say, show=lambda _p: None)
    before, cards, after = seen["before"], seen["cards"], hashes()
    assert cards["cards.pdf"] != before["cards.pdf"]
    assert cards["rules.pdf"] == before["rules.pdf"] != after["rules.pdf"]  # rules next
    assert before["sheets.pdf"] == cards["sheets.pdf"] == after["sheets.pdf"]
    fresh = tmp_path / "fresh"  # in this process, as the watch drew
    _build(project, fresh, options=options)
    assert after == {p.name: _sha(p) for p in sorted((fresh / GAME / "standard-a4").glob("*.pdf"))}


@pytest.fixture
def rebuilt(tmp_path: Path) -> tuple[Project, Path]:
    """A built copy with the card edited since (the sheets' input is unchanged)."""
    project = _project(tmp_path / "project")
    out = tmp_path / "out"
    _build(project, out, options=STANDARD_A4)
    _edit(project.root, "Seed Yurt")
    return project, out


def _drawn_again(out: Path, rel: str, before: tuple[int, int]) -> bool:
    return (out / rel).stat().st_ino != before[0] or (out / rel).stat().st_mtime_ns != before[1]


def _drawing(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The parts a build in this process draws ('a4/sheets'), as it draws them: a part drawn
    again the same is no longer written again (``commit``), so its file cannot tell."""
    import cutsheet.targets.pdf as target

    drawn: list[str] = []
    real = target.draw_part

    def spy(inp: Any) -> Any:
        drawn.append(f"{inp.paper.name}/{inp.part.part}")
        return real(inp)

    monkeypatch.setattr(target, "draw_part", spy)
    return drawn


SHEETS = f"{GAME}/standard-a4/sheets.pdf"


def test_a_sheet_file_that_changed_since_is_drawn_again(rebuilt):
    project, out = rebuilt
    good = (out / SHEETS).read_bytes()
    (out / SHEETS).write_bytes(good[:-10] + b"tampered\n\n")
    _build(project, out, options=STANDARD_A4)
    assert (out / SHEETS).read_bytes() == good  # drawn again: the input is unchanged


def test_a_sheet_file_that_is_a_symlink_is_drawn_again(rebuilt):
    project, out = rebuilt
    copy = out / GAME / "standard-a4" / "copy.bin"
    shutil.copyfile(out / SHEETS, copy)
    (out / SHEETS).unlink()
    (out / SHEETS).symlink_to(copy)  # the same bytes, inside the folder: still not kept
    _build(project, out, options=STANDARD_A4)
    assert not (out / SHEETS).is_symlink() and (out / SHEETS).read_bytes() == copy.read_bytes()


@pytest.mark.parametrize(
    "junk",
    [
        b"",
        b"{",
        b"[]",
        b'{"parts": []}',
        b'{"parts": {"sheets": {"digest": "x", "sha256": "y", "pages": 1}}}',
        b'{"parts": {"../../etc": {"digest": "'
        + b"0" * 64
        + b'", "sha256": "'
        + b"0" * 64
        + b'", "pages": 1}}}',
    ],
    ids=["empty", "cut", "list", "parts-list", "not-hex", "not-a-part"],
)
def test_a_record_out_of_shape_keeps_nothing(rebuilt, junk, monkeypatch):
    project, out = rebuilt
    records = partcache.records_file(out, GAME, "standard", "a4")
    (out / records).write_bytes(junk)
    parts = sorted(f"a4/{p.stem}" for p in (out / GAME / "standard-a4").glob("*.pdf"))
    drawn = _drawing(monkeypatch)
    _build(project, out, options=STANDARD_A4)
    assert sorted(drawn) == parts
    assert partcache.read_records(records)  # the commit wrote an honest record


def test_a_record_with_another_digest_keeps_nothing(rebuilt, monkeypatch):
    project, out = rebuilt
    path = partcache.records_file(out, GAME, "standard", "a4")
    data = json.loads(path.read_text())
    data["parts"]["sheets"]["digest"] = "0" * 64
    path.write_text(json.dumps(data))
    drawn = _drawing(monkeypatch)
    _build(project, out, options=STANDARD_A4)
    assert "a4/sheets" in drawn


def test_a_part_drawn_again_the_same_is_not_written_again(rebuilt, monkeypatch):
    """A layout's comment edited redraws a game (its digest holds the layout's bytes): the
    parts come out the same, and their files are left as they were (a viewer that watches
    a file's time does not reload them)."""
    project, out = rebuilt
    path = partcache.records_file(out, GAME, "standard", "a4")
    data = json.loads(path.read_text())
    data["parts"]["sheets"]["digest"] = "0" * 64
    path.write_text(json.dumps(data))
    before = _stamps(out)[SHEETS]
    drawn = _drawing(monkeypatch)
    _build(project, out, options=STANDARD_A4)
    assert "a4/sheets" in drawn and not _drawn_again(out, SHEETS, before)


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs")
def test_a_record_that_is_a_fifo_is_never_waited_on(rebuilt):
    project, out = rebuilt
    path = partcache.records_file(out, GAME, "standard", "a4")
    path.unlink()
    os.mkfifo(path)
    _build(project, out, options=STANDARD_A4)
    assert path.is_file() and partcache.read_records(path)


def test_a_picture_changed_in_place_redraws_the_parts_that_show_it(tmp_path):
    """The plan names a picture by its path only: its bytes are in the digest of the parts
    that show it (the cards), and no other part is drawn again."""
    root = make_project(tmp_path)
    project, out, fresh = Project(root), tmp_path / "out", tmp_path / "fresh"
    tiny = ["tiny"]
    assert not build(project, tiny, STANDARD_A4, out, 1, lambda _m: None)[1].errors
    before = _stamps(out)
    Image.new("RGB", (40, 30), "#2E86AB").save(root / "content" / "tiny" / "art.png")
    assert not build(project, tiny, STANDARD_A4, out, 1, lambda _m: None)[1].errors
    assert not build(project, tiny, STANDARD_A4, fresh, 1, lambda _m: None)[1].errors
    drawn = sorted(rel for rel, stamp in _stamps(out).items() if before[rel] != stamp)
    assert drawn == ["tiny/standard-a4/cards.pdf"]
    assert {rel: _sha(p) for rel, p in _pdfs(out).items()} == {
        rel: _sha(p) for rel, p in _pdfs(fresh).items()
    }


def test_a_picture_saved_again_while_it_is_drawn_is_drawn_again_next_time(tmp_path, monkeypatch):
    """A review of watch: a picture saved while a build drew it (B hashed for the digests,
    C read from disk when drawn) left parts holding C under B's digest; once B was saved
    back, the next build kept those parts. A job whose pictures changed while it drew keeps
    no digest and no cache entry: the next build draws them again."""
    from cutsheet.render.pen import CanvasPen

    root = make_project(tmp_path)
    project, out, fresh = Project(root), tmp_path / "out", tmp_path / "fresh"
    art = root / "content" / "tiny" / "art.png"
    tiny = ["tiny"]
    assert not build(project, tiny, STANDARD_A4, out, 1, lambda _m: None)[1].errors
    colours = {"B": "#2E86AB", "C": "#D55E00"}
    Image.new("RGB", (40, 30), colours["B"]).save(art)
    image, saved = CanvasPen.image, []

    def saved_while_drawn(pen: CanvasPen, path: str, *args: Any) -> None:
        if not saved:  # an editor saves C just as the picture is drawn
            Image.new("RGB", (40, 30), colours["C"]).save(art)
            saved.append(True)
        image(pen, path, *args)

    monkeypatch.setattr(CanvasPen, "image", saved_while_drawn)
    assert not build(project, tiny, STANDARD_A4, out, 1, lambda _m: None)[1].errors
    monkeypatch.undo()
    assert saved
    Image.new("RGB", (40, 30), colours["B"]).save(art)  # and B saved back
    assert not build(project, tiny, STANDARD_A4, out, 1, lambda _m: None)[1].errors
    assert not build(project, tiny, STANDARD_A4, fresh, 1, lambda _m: None)[1].errors
    assert {rel: _sha(p) for rel, p in _pdfs(out).items()} == {
        rel: _sha(p) for rel, p in _pdfs(fresh).items()
    }


# ------------------------------------------------------------------ the digest itself
@dataclass(frozen=True)
class Face:
    text: str
    size: tuple[float, float]
    colours: frozenset[str] = frozenset()


@dataclass
class Loose:
    text: str


def test_a_fingerprint_reads_every_field_exactly():
    a = Face("Seed Tent", (63.0, 88.0))
    assert fingerprint(a) == fingerprint(Face("Seed Tent", (63.0, 88.0)))
    assert fingerprint(a) != fingerprint(Face("Seed Tent", (63.0, 88.0 + 1e-12)))
    assert fingerprint(a) != fingerprint(Face("Seed Yurt", (63.0, 88.0)))
    assert fingerprint((1, 2)) != fingerprint((2, 1)) != fingerprint([1, 2])
    assert fingerprint({"a": 1, "b": 2}) != fingerprint({"b": 2, "a": 1})  # drawing order
    assert fingerprint(True) != fingerprint(1) and fingerprint(0.0) != fingerprint(-0.0)
    assert fingerprint(("ab", "c")) != fingerprint(("a", "bc"))


def test_a_fingerprint_refuses_what_it_cannot_read():
    with pytest.raises(Unfingerprintable):
        fingerprint(Face("x", (1.0, 1.0), frozenset({object()})))  # type: ignore[arg-type]


def test_a_mutable_object_is_read_again_each_time():
    prints = Fingerprints()
    loose = Loose("one")
    first = prints.of(loose)
    loose.text = "two"
    assert prints.of(loose) != first


def test_a_set_reads_the_same_in_every_process():
    code = (
        "from cutsheet.fingerprint import fingerprint;"
        "print(fingerprint(('x', (1.0, 2.0), frozenset(f'c{i}' for i in range(50)))))"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(seen) == 1


def test_svglib_imported_is_in_the_digest(monkeypatch):
    """Importing svglib patches ReportLab's drawPath for the whole process (a path without a
    fill rule is filled non-zero, not even-odd: other bytes), so whether this process has
    imported it is part of what drawing reads."""
    monkeypatch.delitem(sys.modules, "svglib.svglib", raising=False)
    without = partcache.library_versions()
    imported = types.ModuleType("svglib.svglib")
    imported.__version__ = "9.9"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "svglib.svglib", imported)  # as if imported (no patch)
    assert "svglib=-" in without and "svglib=9.9" in partcache.library_versions()
    assert partcache.library_versions(svg=True) == partcache.library_versions()


def test_a_file_drawing_reads_changes_the_digest(tmp_path):
    """An image (or a project's font or icon) is read by path while drawing: its bytes are
    in every part's digest, though the plan only names it."""
    image = tmp_path / "art.png"
    image.write_bytes(b"one")
    before = partcache.environment([str(image)])
    image.write_bytes(b"two")
    cache.file_hash.cache_clear()
    assert partcache.environment([str(image)]) not in (before, None)
    assert partcache.environment([str(tmp_path)]) is None  # a folder: nothing is kept


def test_a_card_part_is_told_by_its_runs_and_what_imposes_them(tmp_path):
    """A card part's digest reads the runs its pages are imposed from, not the pages: the
    same runs on the same paper with the same options and furniture give the same digest
    whatever pages the input holds; a paper, a print option or a card that moves or
    changes the pages gives another."""
    import dataclasses

    from cutsheet import jobs
    from cutsheet.render.parts import part_inputs

    root = make_project(tmp_path)
    options = jobs.Options(papers=("a4", "letter"))
    printed, problems = jobs.prints(str(root), "tiny", "standard", ("a4", "letter"), options)
    assert printed and not problems
    task = jobs.Task(str(root), "tiny", "standard", ("a4", "letter"), options)
    keeper = jobs.keeper(
        task, printed[0].game_plan, jobs.inputs_of(str(root), printed[0].game_plan)
    )

    def cards(plan: Any) -> Any:
        return next(i for i in part_inputs(plan) if i.name == "cards")

    a4, letter = cards(printed[0]), cards(printed[1])
    assert a4.part.runs and a4.part.pages
    digest = keeper.digest(a4)
    assert digest
    no_pages = dataclasses.replace(a4, part=dataclasses.replace(a4.part, pages=()))
    assert keeper.digest(no_pages) == digest
    assert keeper.digest(letter) not in ("", digest)  # another paper
    moved = dataclasses.replace(a4, options=dataclasses.replace(a4.options, bleed=3.0))
    assert keeper.digest(moved) not in ("", digest)  # pages imposed another way
    run = a4.part.runs[0]
    fewer = dataclasses.replace(run, cards=run.cards[:-1])
    edited = dataclasses.replace(a4, part=dataclasses.replace(a4.part, runs=(fewer,)))
    assert keeper.digest(edited) not in ("", digest)
