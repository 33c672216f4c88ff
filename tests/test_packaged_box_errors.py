"""A new game uses cutsheet's own card back (``base.yaml``, in the installed package): a title
too long for its box is the designer's to mend, but not in a file they cannot edit. The error
points at the title in game.yaml and names the packaged box."""

from __future__ import annotations

import os

from cutsheet.build import Project, check_game
from cutsheet.scaffold import new_game

LONG = "A Very Long Title For A Game That Keeps Going Beyond Its Box"


def test_a_title_too_long_for_the_packaged_back_is_reported_at_the_title(tmp_path):
    new_game(tmp_path, "my-game")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines[at] = f"title: {LONG}\n"
    game.write_text("".join(lines), encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        errors = check_game(Project(tmp_path), "my-game").errors
    finally:
        os.chdir(cwd)
    assert errors, "the long title should not fit the packaged back's title box"
    for p in errors:
        assert (p.loc.path, p.loc.line, p.loc.col) == ("content/my-game/game.yaml", at + 1, 8), p
        assert "text does not fit" in p.message and "cutsheet's own box, base.yaml:" in p.message
