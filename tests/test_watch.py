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
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from watchfiles import Change

from cutsheet.build import Options, Project
from cutsheet.diagnostics import Problem, has_errors
from cutsheet.jobs import memo
from cutsheet.scaffold import new_game
from cutsheet.watch import changed_games, changes, edited_games, watch_loop, watching_now

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


def test_watch_ends_with_status_1_while_a_game_is_broken(run):
    """A second probe: 'watch --timeout' ended with 0 whatever state it left; a script
    that watches for a while now learns whether the games built in the end."""

    def broken() -> Iterator[set[tuple[Change, str]]]:
        yield run.edit(CARDS, "points: 3", "points: three")

    assert run.loop(broken()) == 1

    def fixed() -> Iterator[set[tuple[Change, str]]]:
        yield run.edit(CARDS, "points: three", "points: 3")

    assert run.loop(fixed()) == 0


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
    assert (
        "my-game: 1 error; the last good PDFs are kept; watching for changes (Ctrl-C to stop)"
        in run.said
    )
    assert not [m for m in run.said if "0 files" in m]
    assert digests(run.out) != kept["good"]  # the fix was built


def test_only_saves_under_content_and_layouts_rebuild(run):
    def batches() -> Iterator[set[tuple[Change, str]]]:
        (run.root / "notes.txt").write_text("hi")
        yield {(Change.added, str(run.root / "notes.txt"))}
        yield {(Change.modified, str(run.out / "my-game" / "standard-a4" / "cards.pdf"))}

    run.loop(batches())
    assert not [m for m in run.said if m.startswith("changed:")]
    assert len(run.problems) == 1  # the first build only


def test_a_symlink_loop_saved_into_a_game_is_reported_and_the_watch_goes_on(run):
    """A probe on Python 3.11: a symlink to itself saved into a game's folder ended the
    watch with a traceback (``Path.resolve`` raises RuntimeError on a loop up to 3.12)."""
    loop = run.root / "content" / "my-game" / "loop.yaml"

    def batches() -> Iterator[set[tuple[Change, str]]]:
        loop.symlink_to(loop)
        yield {(Change.added, str(loop))}
        yield run.edit(CARDS, "name: Sun", "name: Sunrise")  # and the loop goes on

    assert run.loop(batches()) == 0
    assert "changed: content/my-game/loop.yaml" in run.said
    assert "Sunrise" in card_text(run.out)
    assert changed_games(run.project, [str(loop)], ["my-game"]) == ["my-game"]
    assert edited_games(run.project, [str(loop)], ["my-game"]) == ["my-game"]
    said = [str(p) for batch in run.problems[1:] for p in batch]
    assert said and all(p.startswith("content/my-game/loop.yaml:1:1: warning:") for p in said)


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
    # the project's own icons and fonts: any game may draw them (a probe found an edited
    # icon never rebuilt while watching)
    assert changed_games(run.project, [str(root / "icons" / "gem.svg")], both) == both
    assert changed_games(run.project, [str(root / "fonts" / "Serif.ttf")], both) == both


def test_changes_sees_a_save_in_the_projects_icons(run):
    """The real watcher watches icons/ too: a folder made while watching, then a save in it."""
    icons = run.root / "icons"
    stream = changes(run.project, timeout=60)

    def later() -> None:
        time.sleep(0.5)
        icons.mkdir()
        time.sleep(1.0)
        (icons / "gem.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")

    threading.Thread(target=later, daemon=True).start()
    seen = False
    for batch in stream:  # ends after the timeout when the save is never seen
        if any(p.endswith("gem.svg") for _c, p in batch):
            seen = True
            break
    stream.close()
    assert seen


def test_a_game_added_while_watching_is_built(run):
    def batches() -> Iterator[set[tuple[Change, str]]]:
        new_game(run.root, "second-game")
        yield {(Change.added, str(run.root / "content" / "second-game" / "game.yaml"))}

    run.loop(batches())
    assert (run.out / "second-game" / "standard-a4" / "cards.pdf").is_file()


BOTH = Options(profiles=("standard", "large-print"), papers=("a4", "letter"))


def test_a_save_rebuilds_the_edited_games_standard_a4_first_then_the_rest(run):
    new_game(run.root, "second-game")
    seen: dict[str, str] = {}

    def say(message: str) -> None:
        run.said.append(message)
        if "cards up to date" in message:
            seen["cards"] = card_text(run.out)

    def batches() -> Iterator[set[tuple[Change, str]]]:
        run.said.clear()
        yield run.edit(CARDS, "name: Sun", "name: Sunrise")

    watch_loop(run.project, [], BOTH, run.out, batches(), say=say, show=lambda _p: None)
    said = [m.split(" (")[0] for m in run.said]  # without the timings
    assert said[:4] == [
        f"changed: {CARDS}",
        "[1/1] my-game standard",
        "my-game standard-a4: cards up to date in build/my-game/standard-a4",
        # the rules do not show the card: kept with the sheets, so the kit is done already
        "my-game standard-a4: up to date in build/my-game/standard-a4",
    ]
    assert run.said[3].endswith("; now the rest")
    assert "Sunrise" in seen["cards"]
    # the passes of a batch are one build: the game loaded once, each profile planned once
    assert memo().loads == {"my-game": 1}
    assert memo().plans == {("my-game", "standard"): 1, ("my-game", "large-print"): 1}
    rest = said[4:]
    assert "[1/2] my-game large-print" in rest or "[2/2] my-game large-print" in rest
    assert not [m for m in rest if "second-game" in m]  # not the edited game: not rebuilt
    assert run.said[-1] == "my-game: no errors; watching for changes (Ctrl-C to stop)"
    assert "Sunrise" in card_text(run.out)
    letter = run.out / "my-game" / "large-print-letter" / "cards.pdf"
    assert "Sunrise" in PdfReader(letter).pages[0].extract_text()


def test_a_yaml_error_shows_after_the_quick_pass_then_the_other_kits_are_checked(run):
    """The quick pass's error is shown at once; the other kits are then checked, and what
    they add is shown (nothing here: a YAML error is every kit's, said once)."""
    shown: list[list[Problem]] = []

    before: dict[Path, bytes] = {}

    def batches() -> Iterator[set[tuple[Change, str]]]:
        run.said.clear()
        before.update({p: p.read_bytes() for p in run.out.rglob("*.pdf")})  # the first build's
        yield run.edit(CARDS, "points: 3", "points: [3")

    watch_loop(run.project, [], BOTH, run.out, batches(), say=run.said.append, show=shown.append)
    assert len(shown) == 2  # the first build's (none), the quick pass's; the rest added none
    assert [str(p).split(": error: ")[0] for p in shown[-1]] == [f"{CARDS}:7:13"]  # the "["
    said = [m.split(" (")[0] for m in run.said]
    assert said[:3] == [
        f"changed: {CARDS}",
        "[1/1] my-game standard",
        "my-game standard-a4: failed; checking the other kits",
    ]
    assert said[-1] == "my-game: 1 error; the last good PDFs are kept; watching for changes"
    assert before and {p: p.read_bytes() for p in run.out.rglob("*.pdf")} == before


def test_a_mistake_only_large_print_has_is_said_with_the_quick_passs(run):
    """A probe: a card name made too long failed standard A4 at once, and large print's own
    overflow was said only after the first was mended. Both are said in one round now."""
    shown: list[list[Problem]] = []
    long = "name: " + "Sunrise " * 40

    def batches() -> Iterator[set[tuple[Change, str]]]:
        run.said.clear()
        yield run.edit(CARDS, "name: Sun", long.rstrip())

    watch_loop(run.project, [], BOTH, run.out, batches(), say=run.said.append, show=shown.append)
    problems = [str(p) for batch in shown for p in batch]
    assert any("large-print" in p for p in problems), problems
    assert any("large-print" not in p for p in problems), problems
    assert len(problems) == len(set(problems))  # none said twice


def test_a_rest_that_fails_after_the_quick_pass_says_which_kit_has_the_edit(run):
    """A probe: an edit that breaks only large print left standard-a4 with the edit (the quick
    pass wrote it) and the rest as it was, and watch said "the last good PDFs are kept",
    as if nothing had changed; it now says which kit has the edit. A later probe: build's
    own line for the failing pass ("nothing written ... its last good PDFs are kept") read
    as the batch's, against it: watch says how the game stands in one line."""
    shown: list[list[Problem]] = []
    layout = "layouts/my-game.yaml"
    old = 'text: "{{ name }}"'

    def batches() -> Iterator[set[tuple[Change, str]]]:
        run.said.clear()
        yield run.edit(layout, old, "text: \"{{ name }}{{ (1/0) if profile == 'large-print' }}\"")

    watch_loop(run.project, [], BOTH, run.out, batches(), say=run.said.append, show=shown.append)
    assert has_errors(shown[-1])
    assert run.said[-1] == (
        "my-game: 1 error; standard-a4 has this edit, its other PDFs are the last good ones;"
        " watching for changes (Ctrl-C to stop)"
    ), run.said
    assert not [line for line in run.said if "nothing written" in line], run.said


def test_the_first_pass_is_the_games_own_layout_or_every_game_for_a_shared_one(run):
    new_game(run.root, "second-game")
    root, both = run.root, ["my-game", "second-game"]
    assert edited_games(run.project, [str(root / "layouts" / "second-game.yaml")], both) == [
        "second-game"
    ]
    assert edited_games(run.project, [str(root / "layouts" / "base.yaml")], both) == both
    assert edited_games(run.project, [str(root / CARDS)], both) == ["my-game"]


def test_a_game_folder_deleted_and_recreated_is_said_and_rebuilt(run):
    game = run.root / "content" / "my-game"
    saved = {p.name: p.read_text() for p in game.iterdir()}
    pdfs: dict[str, dict[str, str]] = {}

    def batches() -> Iterator[set[tuple[Change, str]]]:
        pdfs["before"] = digests(run.out)
        for p in game.iterdir():
            p.unlink()
        game.rmdir()
        yield {(Change.deleted, str(game / "cards.yaml")), (Change.deleted, str(game))}
        pdfs["gone"] = digests(run.out)
        game.mkdir()
        for name, text in saved.items():
            (game / name).write_text(text.replace("name: Sun", "name: Sunset"))
        yield {(Change.added, str(game))}  # the folder alone: its files came too fast

    run.loop(batches())
    assert pdfs["gone"] == pdfs["before"]
    # nothing else to build: the line says the watch waits again (a probe saw it end there)
    assert (
        "content/my-game/ is gone; its last PDFs stay in build/my-game;"
        " watching for changes (Ctrl-C to stop)" in run.said
    )
    assert "content/my-game/ is there again: building it" in run.said
    assert "Sunset" in card_text(run.out)
    assert run.said[-1] == "my-game: no errors; watching for changes (Ctrl-C to stop)"
    # a game both edited and back is named once (a probe saw 'my-game, my-game standard-a4')
    assert not [m for m in run.said if "my-game, my-game" in m]


def test_a_game_yaml_renamed_is_an_error_as_check_says_not_a_game_gone(run):
    """A probe: game.yaml renamed game.yml while watching was said as "content/my-game/ is
    gone" and watch ended 0, where check and build exit 1 on the folder. It is said as
    check says it, the last good PDFs stay, and once game.yaml is back the game builds."""
    game = run.root / "content" / "my-game"
    pdfs: dict[str, dict[str, str]] = {}

    def batches() -> Iterator[set[tuple[Change, str]]]:
        pdfs["before"] = digests(run.out)
        (game / "game.yaml").rename(game / "game.yml")
        yield {(Change.deleted, str(game / "game.yaml")), (Change.added, str(game / "game.yml"))}
        pdfs["renamed"] = digests(run.out)
        (game / "game.yml").rename(game / "game.yaml")
        yield {(Change.added, str(game / "game.yaml"))}

    code = run.loop(batches())
    assert pdfs["renamed"] == pdfs["before"]
    said = [str(p) for batch in run.problems for p in batch]
    assert [p for p in said if "content/my-game: error: this folder holds" in p], said
    assert not [m for m in run.said if "is gone" in m], run.said
    assert (
        "my-game: 1 error; the last good PDFs are kept in build/my-game;"
        " watching for changes (Ctrl-C to stop)" in run.said
    ), run.said
    assert run.said[-1] == "my-game: no errors; watching for changes (Ctrl-C to stop)"
    assert code == 0  # mended before the end


def test_watch_ends_1_while_a_folder_has_lost_its_game_yaml(run):
    game = run.root / "content" / "my-game"

    def batches() -> Iterator[set[tuple[Change, str]]]:
        (game / "game.yaml").rename(game / "game.yml")
        yield {(Change.deleted, str(game / "game.yaml"))}

    assert run.loop(batches()) == 1
    assert run.loop(iter([])) == 1  # a watch started on it: the folder is said and failing


def test_a_folder_given_a_game_yml_while_watching_is_an_error(run):
    """A review: a folder that gained game.yml and cards.yaml but no game.yaml while
    watching was not said, and watch ended 0, where check ends 1 on it."""
    third = run.root / "content" / "third"

    def batches() -> Iterator[set[tuple[Change, str]]]:
        third.mkdir()
        (third / "game.yml").write_text("id: third\n")
        (third / "cards.yaml").write_text("items: []\n")
        yield {(Change.added, str(third / "game.yml")), (Change.added, str(third / "cards.yaml"))}

    assert run.loop(batches()) == 1
    said = [str(p) for batch in run.problems for p in batch]
    assert [p for p in said if "content/third: error: this folder holds" in p], said
    assert run.said[-1] == "third: 1 error; watching for changes (Ctrl-C to stop)", run.said


def test_a_game_without_pdfs_is_not_said_to_keep_them(run):
    """A review: a game that never built (here: its output folder removed) said 'the last
    good PDFs are kept in build/my-game' when its game.yaml went."""
    import shutil

    game = run.root / "content" / "my-game"

    def batches() -> Iterator[set[tuple[Change, str]]]:
        shutil.rmtree(run.out / "my-game")
        (game / "game.yaml").rename(game / "game.yml")
        yield {(Change.deleted, str(game / "game.yaml"))}

    assert run.loop(batches()) == 1
    assert run.said[-1] == "my-game: 1 error; watching for changes (Ctrl-C to stop)", run.said


def test_a_folder_gone_while_the_watcher_started_is_a_deletion(run, monkeypatch):
    """A flaky CI run: layouts/ removed while the native watcher was still starting (a busy
    machine) was never seen deleted; the watch started again on the folders left, and the
    stream waited for a deletion it would never say. Found gone when the watch starts again,
    the folder is said deleted: here with a watcher that sees nothing at all."""
    import watchfiles

    layouts = run.root / "layouts"
    calls: list[int] = []

    def blind(*folders: Path, stop_event: threading.Event, **_kw: object) -> Iterator[set]:
        calls.append(len(folders))
        if len(calls) == 1:  # the folder goes while this watch starts; it sees nothing
            for p in layouts.iterdir():
                p.unlink()
            layouts.rmdir()
        yield set()  # a timeout's empty batch
        stop_event.wait(0.05)

    monkeypatch.setattr(watchfiles, "watch", blind)
    stream = changes(run.project, timeout=10)
    assert next(stream) == {(Change.deleted, str(layouts))}
    assert calls == [2]  # content/ and layouts/: said before the watch on content/ alone
    stream.close()


def test_changes_follows_a_layouts_folder_deleted_and_recreated(run):
    """The real watcher: layouts/ removed and made again is watched again, and a save in the
    new folder is seen."""
    layouts = run.root / "layouts"
    saved = {p.name: p.read_text() for p in layouts.iterdir()}
    seen: list[set[tuple[Change, str]]] = []
    stream = changes(run.project, timeout=60)

    def step() -> set[tuple[Change, str]]:
        batch = next(stream)
        seen.append(batch)
        return batch

    def until(found: Callable[[set[tuple[Change, str]]], bool]) -> None:
        while not found(step()):
            pass

    def later(edit: Callable[[], None]) -> None:
        """The watcher (re)starts when next asked: edit once it is running."""

        def run_it() -> None:
            time.sleep(0.5)
            edit()

        threading.Thread(target=run_it, daemon=True).start()

    def delete() -> None:
        for p in layouts.iterdir():
            p.unlink()
        layouts.rmdir()

    def save() -> None:
        for name, text in saved.items():
            (layouts / name).write_text(text.replace("style: title", "style: heading"))

    later(delete)
    until(lambda b: any(c == Change.deleted for c, _p in b))
    layouts.mkdir()  # made again at once, as a checkout does
    until(lambda b: (Change.added, str(layouts)) in b)
    later(save)
    until(lambda b: any(p.endswith("my-game.yaml") for _c, p in b))
    stream.close()
    assert any((Change.added, str(layouts)) in b for b in seen)


def test_watching_starts_before_the_first_build(run):
    """A save made while the first build runs is a change: the command wraps ``changes`` in
    ``watching_now``, whose watcher is up at once (``changes`` alone starts when first asked,
    after that build, and missed such a save)."""
    stop = threading.Event()
    stream = watching_now(changes(run.project, timeout=30, stop=stop))
    time.sleep(1.0)  # the first build, during which nothing asks for a change
    cards = run.root / CARDS
    cards.write_text(cards.read_text().replace("name: Sun", "name: Sunrise"))
    batch = next(stream)  # within a second; without the eager watcher, at the timeout: none
    assert any(p == str(cards) for _c, p in batch)
    stop.set()  # the watcher thread ends now, not 30 s on, inside watchfiles' native loop
    list(stream)


def test_batches_that_wait_are_merged_and_a_watcher_error_is_raised():
    got = list(watching_now(iter([{(Change.added, "a")}, {(Change.modified, "b")}])))
    assert set().union(*got) == {(Change.added, "a"), (Change.modified, "b")}

    def broken() -> Iterator[set[tuple[Change, str]]]:
        yield {(Change.added, "a")}
        raise OSError("inotify watch limit reached")

    with pytest.raises(OSError, match="inotify"):
        list(watching_now(broken()))


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
        wait_for("watching for changes")  # the watcher was up before the first build
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


def test_a_game_named_on_the_command_line_and_deleted_says_the_watch_waits(run):
    """``watch my-game`` and its folder removed: the line says it is gone and that the watch
    waits (a review found the deleted files taken for an edit, and no last line)."""
    game = run.root / "content" / "my-game"

    def batches() -> Iterator[set[tuple[Change, str]]]:
        run.said.clear()
        for p in game.iterdir():
            p.unlink()
        game.rmdir()
        yield {(Change.deleted, str(game / "cards.yaml")), (Change.deleted, str(game))}

    run.loop(batches(), games=["my-game"])
    assert run.said == [
        "content/my-game/ is gone; its last PDFs stay in build/my-game;"
        " watching for changes (Ctrl-C to stop)"
    ]


def test_a_broken_game_leaves_the_others_to_build_every_kit(run):
    """A review: with one game broken, watch built the others' standard A4 alone (at start,
    and after a change every game shares: an icon added) and said every game had failed;
    the others' Letter and large-print kits stayed stale until that game was mended. A game
    the quick pass refuses is now checked and keeps its last PDFs; the others go on to
    every kit."""
    new_game(run.root, "broken-game")
    run.edit("content/broken-game/cards.yaml", "points: 3", "points: [3")
    icon = run.root / "icons" / "dot.svg"
    shown: list[list[Problem]] = []

    def batches() -> Iterator[set[tuple[Change, str]]]:
        for kit in run.out.glob("my-game/*"):  # what the first build wrote: made again below
            for pdf in kit.glob("*.pdf"):
                pdf.unlink()
        run.said.clear()
        icon.parent.mkdir(exist_ok=True)
        icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>')
        yield {(Change.added, str(icon))}

    status = watch_loop(
        run.project, [], BOTH, run.out, batches(), say=run.said.append, show=shown.append
    )
    assert status == 1  # the broken game still is
    kits = sorted(p.parent.name for p in (run.out / "my-game").glob("*/cards.pdf"))
    assert kits == ["large-print-a4", "large-print-letter", "standard-a4", "standard-letter"]
    assert not (run.out / "broken-game").exists()
    said = [m.split(" (")[0] for m in run.said]
    assert "broken-game standard-a4: failed; checking the other kits" in said, said
    assert "my-game: no errors" in said, said  # its own line, then the broken game's last
    assert said[-1] == "broken-game: 1 error; watching for changes", said


def test_a_broken_game_at_start_is_said_alone_and_the_others_are_built_whole(run):
    new_game(run.root, "broken-game")
    run.edit("content/broken-game/cards.yaml", "points: 3", "points: [3")
    shown: list[list[Problem]] = []
    watch_loop(run.project, [], BOTH, run.out, iter(()), say=run.said.append, show=shown.append)
    said = [m.split(" (")[0] for m in run.said]
    assert "broken-game standard-a4: failed; checking the other kits" in said, said
    assert "my-game standard-a4: up to date in build/my-game/standard-a4" in said, said
    kits = sorted(p.parent.name for p in (run.out / "my-game").glob("*/cards.pdf"))
    assert kits == ["large-print-a4", "large-print-letter", "standard-a4", "standard-letter"]
    assert said[-1] == "broken-game: 1 error; watching for changes", said


def test_a_game_broken_in_large_print_only_leaves_the_others_unmarked(run):
    """A review: one game failing in large print alone (after its standard A4 was written)
    was said with the others ('my-game, lp-game: 1 error') and kept the watch's status at
    1 after it was mended. Only the games the build refused fail."""
    new_game(run.root, "lp-game")
    rules = "content/lp-game/rules.yaml"
    block = "    blocks:\n      - text: >-\n"
    broken = '    blocks:\n      - text: "{{ 1 / 0 }}"\n        profiles: [large-print]\n'
    run.edit(rules, block, broken + "      - text: >-\n")

    def batches() -> Iterator[set[tuple[Change, str]]]:
        said = [m.split(" (")[0] for m in run.said]
        assert "my-game: no errors" in said, said
        assert any(m.startswith("lp-game: 1 error") for m in said), said
        run.said.clear()
        yield run.edit(rules, broken, block)

    status = watch_loop(run.project, [], BOTH, run.out, batches(), say=run.said.append)
    assert status == 0, run.said  # mended: nothing is failing
    assert run.said[-1].startswith("lp-game: no errors;"), run.said


def test_a_rebuild_the_folder_lock_refuses_waits_and_builds_then(run, monkeypatch):
    """A watch review: a save while another cutsheet build held the output folder was said
    as the game's error ("1 error; the last good PDFs are kept") and never built: the watch
    stayed failed with the save unbuilt. It waits for the other build, then builds."""
    from cutsheet import watch as watch_module
    from cutsheet.output import locked

    monkeypatch.setattr(watch_module, "BUSY_RETRY_S", 0.05)
    held, release = threading.Event(), threading.Event()

    def other_build() -> None:
        with locked(run.out):
            held.set()
            release.wait(10)

    def batches() -> Iterator[set[tuple[Change, str]]]:
        other = threading.Thread(target=other_build)
        other.start()
        assert held.wait(5)
        threading.Timer(0.5, release.set).start()
        yield run.edit(CARDS, "name: Sun", "name: Sunrise")
        other.join()

    assert run.loop(batches()) == 0
    assert "Sunrise" in card_text(run.out)
    assert any(
        m.endswith("another cutsheet build is writing there; waiting for it") for m in run.said
    )
    assert not any("1 error" in m for m in run.said)


def test_an_icon_broken_in_the_profile_that_draws_it_is_said_once_not_warned_after(run):
    """A broken icon drawn in standard only is standard's error and large print's warning,
    at one file: watch said the error after its quick pass, then the warning after the rest
    (a review); check and build say the error alone, and so does watch now."""
    shown: list[list[Problem]] = []
    icon = run.root / "icons" / "gem.svg"
    icon.parent.mkdir()
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><circle r="4"/></svg>'
    )
    drawn = "{% if profile == 'standard' %}{{ 'gem'|icon }}{% endif %}{{ name }}"
    run.edit("layouts/my-game.yaml", 'text: "{{ name }}"', f'text: "{drawn}"')

    def batches() -> Iterator[set[tuple[Change, str]]]:
        shown.clear()
        icon.write_text("<svg")
        yield {(Change.modified, str(icon))}

    watch_loop(run.project, [], BOTH, run.out, batches(), say=run.said.append, show=shown.append)
    said = [str(p) for batch in shown for p in batch if "gem.svg" in str(p)]
    assert any(": error: " in p for p in said), said
    assert not any(": warning: " in p for p in said), said


def test_a_game_whose_error_reads_as_one_shown_already_is_still_said_failed(run):
    """Two games draw one icon, one in standard, the other in large print only: broken in
    the save that edits the first, the second's error (the same words, at the same file,
    already shown for the first) was left out before errors were counted, and watch said
    'beta: no errors' while build refused it (a review)."""
    new_game(run.root, "beta")
    icon = run.root / "icons" / "gem.svg"
    icon.parent.mkdir()
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><circle r="4"/></svg>'
    )
    for game, profile in (("my-game", "standard"), ("beta", "large-print")):
        drawn = f"{{% if profile == '{profile}' %}}{{{{ 'gem'|icon }}}}{{% endif %}}{{{{ name }}}}"
        run.edit(f"layouts/{game}.yaml", 'text: "{{ name }}"', f'text: "{drawn}"')
    run.project = Project(run.root)

    def batches() -> Iterator[set[tuple[Change, str]]]:
        run.said.clear()
        icon.write_text("<svg")
        yield {(Change.modified, str(icon)), *run.edit(CARDS, "name: Sun", "name: Sunrise")}

    code = watch_loop(
        run.project, [], BOTH, run.out, batches(), say=run.said.append, show=lambda _p: None
    )
    assert code == 1
    assert not any(line.startswith("beta: no errors") for line in run.said), run.said
    assert any("beta" in line and "error" in line for line in run.said), run.said
