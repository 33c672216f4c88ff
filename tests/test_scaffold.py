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


def test_the_scaffold_shows_where_a_font_a_palette_an_icon_and_a_size_go(tmp_path, capsys):
    """Its README says a line for each; the layout file has commented examples that work once
    uncommented (the palette used by a fill checks clean); game.yaml lists the sizes."""
    new_game(tmp_path, "my-game")
    readme = (tmp_path / "README.md").read_text()
    for where in ("fonts/", "`colours:`", "icons/", "`size:`"):
        assert where in readme, where
    layout = tmp_path / "layouts" / "my-game.yaml"
    text = layout.read_text()
    for example in ("# colours:", "# fonts:", "icons/", "{{ 'gem'|icon }}"):
        assert example in text, example
    assert "size: poker  # or bridge" in (tmp_path / "content/my-game/game.yaml").read_text()
    uncommented = text.replace("# colours:\n#   brand:", "colours:\n  brand:")
    uncommented += "      band: {kind: rect, x: 3, y: 3, w: 57, h: 2, fill: brand}\n"
    layout.write_text(uncommented)
    assert main(["--root", str(tmp_path), "check"]) == 0
    layout.write_text(uncommented.replace("fill: brand", "fill: brnad"))
    assert main(["--root", str(tmp_path), "check"]) == 1
    assert "did you mean 'brand'?" in capsys.readouterr().err


def test_a_title_with_a_control_character_is_refused_before_anything_is_written(tmp_path):
    """'cutsheet new t-two --title $'Star\\x07'' wrote a game.yaml its own check refused."""
    import pytest

    from cutsheet.scaffold import ScaffoldError, new_game

    with pytest.raises(ScaffoldError, match="U\\+0007, a character that prints nothing"):
        new_game(tmp_path, "t-two", title="Star\x07")
    assert not (tmp_path / "content").exists()


def test_a_title_the_font_cannot_print_is_refused_before_anything_is_written(tmp_path, capsys):
    """'cutsheet new sno --title "Ünïcode ☃ Game"' wrote a game whose first check failed
    three times over (its title is printed on every page label and on the backs). ``new``
    now names the character and writes nothing; a title the font prints is taken."""
    code = main(["--root", str(tmp_path), "new", "sno", "--title", "Ünïcode ☃ Game"])
    said = capsys.readouterr().err
    assert code == 1 and "'☃' (U+2603), which cutsheet's font cannot print" in said, said
    assert not list(tmp_path.iterdir())
    assert main(["--root", str(tmp_path), "new", "sno", "--title", "Ünïcode Game"]) == 0
    assert main(["--root", str(tmp_path), "check"]) == 0, capsys.readouterr().err


def test_a_game_named_like_a_yaml_number_or_null_checks_clean(tmp_path, capsys):
    """A probe: ``cutsheet new 123`` (or ``null``, ``true``, ``0x1f``) wrote ``id: 123``,
    which YAML reads as a number, and the new game failed its first check ("id: input should
    be a valid string, got 123"). Such an id is written quoted; a plain one stays plain."""
    names = ["123", "null", "true", "0x1f", "0o17", "my-game"]
    for name in names:
        assert main(["--root", str(tmp_path), "new", name]) == 0
    ids = [
        next(
            line
            for line in (tmp_path / "content" / n / "game.yaml").read_text().splitlines()
            if line.startswith("id: ")
        )
        for n in names
    ]
    assert ids == [
        'id: "123"',
        'id: "null"',
        'id: "true"',
        'id: "0x1f"',
        'id: "0o17"',  # a number to cutsheet's reader (YAML 1.2), not to PyYAML's
        "id: my-game",
    ]
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check"]) == 0, capsys.readouterr().err


def test_a_second_game_never_takes_a_code_another_game_uses(tmp_path, capsys):
    """Item ids start with the game's code: 'red-rock' would have been RR, as 'river-run' is,
    so their cards' ids would look alike. It gets the next free code; a taken --code is
    refused before anything is written."""
    assert main(["--root", str(tmp_path), "new", "river-run"]) == 0
    assert main(["--root", str(tmp_path), "new", "red-rock"]) == 0
    codes = [
        line
        for game in ("river-run", "red-rock")
        for line in (tmp_path / "content" / game / "game.yaml").read_text().splitlines()
        if line.startswith("code:")
    ]
    assert codes == ["code: RR", "code: RE"]
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "new", "third", "--code", "RR"]) == 1
    said = capsys.readouterr().err
    assert "--code 'RR' is the code of game 'river-run' already" in said
    assert not (tmp_path / "content" / "third").exists()


def test_an_existing_game_is_said_before_its_code(tmp_path, capsys):
    """'cutsheet new my-game --code MG' a second time: the game exists, which is what to say
    (its own code is taken by itself)."""
    assert main(["--root", str(tmp_path), "new", "my-game"]) == 0
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "new", "my-game", "--code", "MG"]) == 1
    assert "game 'my-game' already exists" in capsys.readouterr().err


def test_codes_are_read_as_yaml_and_a_fifo_is_never_waited_on(tmp_path, capsys):
    """Another game's code written as YAML allows (quoted, in flow style) is still its code;
    a game.yaml that is a FIFO is passed over, never read (reading one waits for a writer)."""
    import os

    old = tmp_path / "content" / "old"
    old.mkdir(parents=True)
    (old / "game.yaml").write_text('{id: old, "code": RR}\n')
    if hasattr(os, "mkfifo"):
        (tmp_path / "content" / "pipe").mkdir()
        os.mkfifo(tmp_path / "content" / "pipe" / "game.yaml")
    assert main(["--root", str(tmp_path), "new", "red-rock"]) == 0
    game = (tmp_path / "content" / "red-rock" / "game.yaml").read_text()
    assert "code: RE" in game.splitlines()


def test_a_folder_that_is_a_file_stops_new_before_anything_is_written(tmp_path, capsys):
    (tmp_path / "layouts").write_text("")
    assert main(["--root", str(tmp_path), "new", "zed-zoo"]) == 1
    assert "layouts is not a folder; nothing was written" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layouts"]


def test_a_new_game_whose_initials_are_taken_says_which_code_it_got(tmp_path, capsys):
    """dice-harbour beside dice-harbor gets DI, not its initials DH: said, not left to be
    found in its ids."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "dice-harbor"]) == 0
    assert main(["--root", str(tmp_path), "new", "dice-harbour"]) == 0
    said = capsys.readouterr().err.splitlines()
    assert said[-1].startswith(
        "cutsheet: new game 'dice-harbour', its ids start DI- (DH is the code of game"
        " 'dice-harbor'); try 'cutsheet --root "
    )
    assert ", its ids start" not in said[0]  # dice-harbor got its own initials
    assert main(["--root", str(tmp_path), "new", "roll-it", "--code", "ri"]) == 1
    assert capsys.readouterr().err.strip().endswith("must be 2 to 5 capital letters, e.g. RI")
