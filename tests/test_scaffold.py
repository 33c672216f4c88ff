"""``cutsheet new``: the files a new project gets, and the ones it never replaces."""

from __future__ import annotations

from cutsheet.cli import main
from cutsheet.scaffold import new_game


def test_a_new_project_gets_a_gitignore_for_its_builds(tmp_path):
    written = new_game(tmp_path, "my-game")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        ".gitignore",
        "README.md",
        "content/my-game/cards.yaml",
        "content/my-game/game.yaml",
        "content/my-game/rules.yaml",
        "layouts/my-game.yaml",
    ]
    ignored = [
        line for line in (tmp_path / ".gitignore").read_text().splitlines() if line[:1] != "#"
    ]
    assert ignored == ["build/"]


def test_a_projects_own_gitignore_and_readme_are_kept(tmp_path):
    (tmp_path / ".gitignore").write_text("*.pdf\n")
    (tmp_path / "README.md").write_text("mine\n")
    written = new_game(tmp_path, "my-game")
    assert not [p for p in written if p.name in (".gitignore", "README.md")]
    assert (tmp_path / ".gitignore").read_text() == "*.pdf\n"
    assert (tmp_path / "README.md").read_text() == "mine\n"


def test_a_second_game_writes_only_its_own_files(tmp_path, capsys):
    assert main(["--root", str(tmp_path), "new", "first"]) == 0
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "new", "second"]) == 0
    printed = capsys.readouterr().out.split()
    assert [p.rsplit("/", 1)[-1] for p in printed] == [
        "game.yaml",
        "cards.yaml",
        "rules.yaml",
        "second.yaml",
    ]
