"""``cutsheet watch``: a save rebuilds what changed; a broken save prints a located error, keeps
the last good PDFs and the loop goes on; Ctrl-C stops it with exit 0."""

from __future__ import annotations

import hashlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from watchfiles import Change

from cutsheet.build import Options, Project
from cutsheet.diagnostics import Problem
from cutsheet.scaffold import new_game
from cutsheet.watch import changed_games, watch_loop

OPTIONS = Options(profiles=("standard",), papers=("a4",))
CARDS = "content/my-game/cards.yaml"


def digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*.pdf"))
    }


def card_text(out: Path) -> str:
    return PdfReader(out / "my-game" / "standard-a4" / "cards.pdf").pages[0].extract_text()


class Run:
    """A project with one new game, and what a watch loop over it said."""

    def __init__(self, root: Path) -> None:
        self.root = root
        new_game(root, "my-game")
        self.project = Project(root)
        self.out = root / "build"
        self.said: list[str] = []
        self.problems: list[list[Problem]] = []

    def edit(self, rel: str, old: str, new: str) -> set[tuple[Change, str]]:
        path = self.root / rel
        text = path.read_text()
        assert text.count(old) == 1, old
        path.write_text(text.replace(old, new))
        return {(Change.modified, str(path))}

    def loop(
        self, batches: Iterator[set[tuple[Change, str]]], games: list[str] | None = None
    ) -> int:
        return watch_loop(
            self.project,
            games or [],
            OPTIONS,
            self.out,
            batches,
            say=self.said.append,
            show=self.problems.append,
        )


@pytest.fixture
def run(tmp_path, monkeypatch) -> Run:
    monkeypatch.chdir(tmp_path)  # problems show paths relative to the working directory
    return Run(tmp_path)


def test_a_save_rebuilds_the_game(run):
    seen: dict[str, str] = {}

    def batches() -> Iterator[set[tuple[Change, str]]]:
        seen["first"] = card_text(run.out)
        yield run.edit(CARDS, "name: Sun", "name: Sunrise")
        seen["second"] = card_text(run.out)

    assert run.loop(batches()) == 0
    assert "Sun\n" in seen["first"] and "Sunrise" not in seen["first"]
    assert "Sunrise" in seen["second"]
    assert f"changed: {CARDS}" in run.said
    assert run.said.count("my-game: no errors; watching for changes (Ctrl-C to stop)") == 2
    assert run.problems == [[], []]


def test_a_broken_save_prints_a_located_error_and_keeps_the_pdfs(run):
    kept: dict[str, dict[str, str]] = {}

    def batches() -> Iterator[set[tuple[Change, str]]]:
        kept["good"] = digests(run.out)
        yield run.edit(CARDS, "points: 3", "points: three")
        kept["broken"] = digests(run.out)
        yield run.edit(CARDS, "points: three", "points: 4")  # and the loop goes on

    assert run.loop(batches()) == 0
    assert kept["broken"] == kept["good"] and len(kept["good"]) == 3
    first, broken, fixed = run.problems
    assert first == [] and fixed == []
    assert [str(p) for p in broken] == [
        f"{CARDS}:7:13: error: points: input should be a valid integer, unable to parse string"
        " as an integer, got 'three'"
    ]
    assert "my-game: 1 error; watching for changes (Ctrl-C to stop)" in run.said
    assert digests(run.out) != kept["good"]  # the fix was built


def test_only_saves_under_content_and_layouts_rebuild(run):
    def batches() -> Iterator[set[tuple[Change, str]]]:
        (run.root / "notes.txt").write_text("hi")
        yield {(Change.added, str(run.root / "notes.txt"))}
        yield {(Change.modified, str(run.out / "my-game" / "standard-a4" / "cards.pdf"))}

    run.loop(batches())
    assert not [m for m in run.said if m.startswith("changed:")]
    assert len(run.problems) == 1  # the first build only


def test_a_layout_save_concerns_every_watched_game_and_a_content_save_its_own(run):
    new_game(run.root, "second-game")
    root = run.root
    layout = str(root / "layouts" / "base.yaml")
    cards = str(root / CARDS)
    both = ["my-game", "second-game"]
    assert changed_games(run.project, [layout], both) == both
    assert changed_games(run.project, [cards], both) == ["my-game"]
    assert changed_games(run.project, [cards], ["second-game"]) == []
    assert changed_games(run.project, [str(root / "README.md")], both) == []


def test_a_game_added_while_watching_is_built(run):
    def batches() -> Iterator[set[tuple[Change, str]]]:
        new_game(run.root, "second-game")
        yield {(Change.added, str(run.root / "content" / "second-game" / "game.yaml"))}

    run.loop(batches())
    assert (run.out / "second-game" / "standard-a4" / "cards.pdf").is_file()


# ------------------------------------------------------------------ the command itself
def test_cutsheet_watch_rebuilds_on_save_and_stops_on_ctrl_c(tmp_path):
    new_game(tmp_path, "my-game")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cutsheet", "watch", "--profile", "standard", "--paper", "a4"]
        + ["--jobs", "1", "--timeout", "120"],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in proc.stderr], daemon=True).start()

    def wait_for(text: str, timeout: float = 60) -> list[str]:
        got: list[str] = []
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                got.append(lines.get(timeout=0.2))
            except queue.Empty:
                continue
            if text in got[-1]:
                return got
        raise AssertionError(f"no '{text}' within {timeout} s: {got}")

    try:
        wait_for("watching for changes")
        time.sleep(0.5)  # the watcher is set up right after that line
        cards = tmp_path / CARDS
        cards.write_text(cards.read_text().replace("name: Sun", "name: Sunrise"))
        got = wait_for("watching for changes")
        assert f"cutsheet: changed: {CARDS}\n" in got
        assert "Sunrise" in card_text(tmp_path / "build")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        assert "cutsheet: stopped watching" in "".join(wait_for("stopped watching", 5))
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
