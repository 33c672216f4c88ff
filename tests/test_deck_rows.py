"""Decks that share one CSV through ``where:`` take every row exactly once: a row no deck
takes, or one that two decks take, is an error at that row (its cell), through ``check`` and
``build`` alike, never a silently dropped card and a wrong count at ``cards.csv:1:1``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cutsheet.cli import main

from .conftest import ROOT

CSV = "content/bidding-alpha/cards.csv"
GAME = "content/bidding-alpha/game.yaml"


@pytest.fixture
def alpha(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "content" / "bidding-alpha", tmp_path / "content" / "bidding-alpha")
    shutil.copytree(ROOT / "layouts", tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def edit(root: Path, rel: str, old: str, new: str) -> int:
    """Replace the first ``old`` in ``rel``; return the 1-based line it is on."""
    path = root / rel
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return text[: text.index(old)].count("\n") + 1


def messages(root: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, list[str]]:
    """What check and build print (the lines that name a file), and their exit statuses."""
    said = {}
    for command in ("check", "build"):
        extra = ["--paper", "a4"] if command == "build" else []
        status = main(["--root", str(root), command, "--profile", "standard", *extra])
        err = capsys.readouterr().err.splitlines()
        said[command] = [str(status), *(line for line in err if line.startswith("content/"))]
    return said


def test_a_row_no_deck_takes_is_an_error_at_its_cell_with_a_suggestion(alpha, capsys):
    line = edit(alpha, CSV, "BA-002,2,start,", "BA-002,2,strat,")
    expected = [
        "1",
        f"{CSV}:{line}:10: error: no deck takes this row: stage 'strat' is none of"
        " 1, 2, 3, base, start; did you mean 'start'?",
    ]
    assert messages(alpha, capsys) == {"check": expected, "build": expected}


def test_a_row_with_no_value_at_all_is_named_at_its_empty_cell(alpha, capsys):
    """The empty cell has its place (the column after ``BA-002,2,``): the error points
    there, not at the row's first column."""
    line = edit(alpha, CSV, "BA-002,2,start,", "BA-002,2,,")
    said = messages(alpha, capsys)
    assert said["check"] == said["build"]
    assert said["check"][1:] == [
        f"{CSV}:{line}:10: error: no deck takes this row: stage '' is none of 1, 2, 3, base, start"
    ]


def test_a_row_two_decks_take_is_an_error_naming_both(alpha, capsys):
    # a deck with the same where: as another takes the same rows twice
    text = (alpha / GAME).read_text()
    assert text.count("where: {stage: base}") == 1
    (alpha / GAME).write_text(text.replace("where: {stage: base}", "where: {stage: start}"))
    said = messages(alpha, capsys)
    assert said["check"] == said["build"]
    base_line = edit(alpha, CSV, "BA-001,", "BA-001,")
    shown = said["check"][1:]
    assert said["check"][0] == "1"
    assert (
        f"{CSV}:{base_line}:1: error: this row is taken by 2 decks, 'base-cards' and 'start-cards'"
        in shown
    )
    assert f"{CSV}:2:11: error: no deck takes this row: stage 'base' is none of 1, 2, 3, start" in (
        shown
    )


def test_a_single_deck_reading_the_whole_csv_needs_no_where(tmp_path, capsys):
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "my-game")
    game = tmp_path / "content" / "my-game"
    (game / "cards.csv").write_text("id,name,points,rule\nMG-A,A,1,\nMG-B,B,2,x\n")
    text = (game / "game.yaml").read_text().replace("source: cards.yaml", "source: cards.csv")
    (game / "game.yaml").write_text(text.replace("count: 5", "count: 2"))
    assert main(["--root", str(tmp_path), "check", "--profile", "standard"]) == 0


def test_one_deck_may_take_part_of_a_csv(tmp_path, capsys):
    """The rule is for decks sharing a file: a single deck's where: leaves rows on purpose."""
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "my-game")
    game = tmp_path / "content" / "my-game"
    (game / "cards.csv").write_text("id,name,points,rule\nMG-A,A,1,\nMG-B,B,2,x\n")
    text = (game / "game.yaml").read_text().replace("source: cards.yaml", "source: cards.csv")
    text = text.replace("count: 5", "count: 1").replace(
        "source: cards.csv", "source: cards.csv\n    where: {name: A}"
    )
    (game / "game.yaml").write_text(text)
    assert main(["--root", str(tmp_path), "check", "--profile", "standard"]) == 0
