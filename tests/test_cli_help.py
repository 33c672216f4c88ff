"""The command line helps: ``cutsheet`` alone lists the commands, a typo in a command or an
option gets a suggestion and the usage of the command it belongs to, every command has a
description, ``list`` labels what it prints, and ``preview`` finds sheets by id."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from cutsheet.cli import main
from cutsheet.cli.arguments import parser
from cutsheet.scaffold import new_game

from .conftest import ROOT

COMMANDS = ["build", "watch", "new", "check", "preview", "schema", "list", "export", "guide"]


def refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    assert exc.value.code == 2
    return capsys.readouterr().err.splitlines()


def test_cutsheet_alone_lists_every_command_with_one_line_each(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out.splitlines()
    listed = [line.split()[0] for line in out if line.startswith("  ")]
    assert listed == COMMANDS
    for line in out:
        if line.startswith("  "):
            name, text = line.split(maxsplit=1)
            assert len(text) > 15, name  # a real description, not a placeholder
    assert out[0] == "usage: cutsheet [--root DIR] COMMAND ..."
    assert out[-1] == "'cutsheet COMMAND --help' describes a command and its options."


@pytest.mark.parametrize(
    ("typo", "meant"), [("bulid", "build"), ("chek", "check"), ("lst", "list")]
)
def test_a_misspelt_command_gets_a_suggestion(capsys, typo, meant):
    err = refusal(capsys, typo)
    assert err[-1].startswith(f"cutsheet: error: argument COMMAND: invalid choice: '{typo}'")
    assert err[-1].endswith(f"; did you mean '{meant}'?")


@pytest.mark.parametrize(
    ("argv", "meant"),
    [
        (["build", "--profle", "standard"], "--profile"),
        (["check", "--profiel=standard"], "--profile"),
        (["watch", "--imposition", "duplex", "--bleeed", "3"], "--bleed"),
        (["preview", "g", "--itme", "X"], "--item"),
    ],
)
def test_a_misspelt_option_gets_a_suggestion_and_its_commands_usage(capsys, argv, meant):
    err = refusal(capsys, *argv)
    command = argv[0]
    assert err[0].startswith(f"usage: cutsheet {command} ")
    assert err[-1].startswith(f"cutsheet {command}: error: unrecognized arguments: ")
    assert err[-1].endswith(f"; did you mean '{meant}'?")


def test_a_misspelt_choice_gets_a_suggestion(capsys):
    err = refusal(capsys, "build", "--imposition", "gutterfld")
    assert err[0].startswith("usage: cutsheet build ")
    assert err[-1].endswith("; did you mean 'gutterfold'?")


def test_an_option_nothing_resembles_gets_no_guess(capsys):
    err = refusal(capsys, "list", "--zzz")
    assert err[-1] == "cutsheet list: error: unrecognized arguments: --zzz"
    # names are compared without their dashes: "--jobs" is nothing like "--to"
    err = refusal(capsys, "export", "--to", "png", "--jobs", "1")
    assert err[-1] == "cutsheet export: error: unrecognized arguments: --jobs"


@pytest.mark.parametrize(
    ("value", "offset"), [("-1,2", (-1.0, 2.0)), ("-1.5,-2", (-1.5, -2.0)), ("-.5,1", (-0.5, 1.0))]
)
@pytest.mark.parametrize("command", ["build", "watch", "check"])
def test_a_back_offset_may_start_with_a_minus(command, value, offset):
    """``--back-offset -1,2`` is the offset -1,2, not a missing value followed by an
    option: the duplex calibration sheet labels its squares with negative offsets too."""
    args = parser().parse_args([command, "--back-offset", value])
    assert args.back_offset == offset


@pytest.mark.parametrize("value", ["1_0,0", "\uff11,\uff12", "0x1,0"])
def test_a_back_offset_is_a_number_as_typed_in_ascii(capsys, value):
    """A probe: float() took '1_0' as 10 and full-width '１' as 1."""
    err = refusal(capsys, "build", "--back-offset", value)
    assert err[-1].startswith("cutsheet build: error: argument --back-offset: expected mm, got")


def test_game_names_after_an_option_are_games_too(monkeypatch, capsys):
    """A probe: 'build common-reserve --profile standard festivibes' was "unrecognized
    arguments: festivibes" (argparse takes positionals before the first option only)."""
    monkeypatch.chdir(ROOT)
    argv = ["check", "common-reserve", "--profile", "standard", "festivibes", "--jobs", "1"]
    assert main(argv) == 0
    assert capsys.readouterr().err.splitlines()[-1] == "cutsheet: 2 games checked, no errors"
    err = refusal(capsys, "check", "common-reserve", "--profile", "standard", "x", "--bogus")
    assert err[-1].startswith("cutsheet check: error: unrecognized arguments: x --bogus")
    err = refusal(capsys, "check", "common-reserve", "--paper", "a4", "letter")
    assert err[-1] == "cutsheet check: error: unrecognized arguments: letter"  # not a game


def test_a_value_that_is_no_number_after_an_option_is_still_refused(capsys):
    err = refusal(capsys, "build", "--back-offset", "-x")
    assert err[-1] == "cutsheet build: error: argument --back-offset: expected one argument"
    err = refusal(capsys, "build", "--back-offset", "-1,2,3")
    assert err[-1].startswith("cutsheet build: error: argument --back-offset: expected X,Y in mm")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_a_description_and_helps_every_option(command):
    p = parser()
    sub = next(a for a in p._actions if a.dest == "command")
    command_parser = sub.choices[command]
    assert command_parser.description and len(command_parser.description) > 40
    undocumented = [
        a.dest for a in command_parser._actions if a.dest != "help" and not (a.help or "").strip()
    ]
    assert undocumented == []
    text = command_parser.format_help()
    assert command_parser.description.split()[0] in text


def test_list_shows_every_game_it_can_read_and_says_what_is_wrong_with_the_others(tmp_path, capsys):
    """A probe: one broken game ended ``list`` there, and the games after it were never
    listed (``build`` and ``check`` keep the games independent)."""
    for game in ("aa-game", "zz-game"):
        new_game(tmp_path, game)
    broken = tmp_path / "content" / "aa-game" / "game.yaml"
    broken.write_text(broken.read_text().replace('title: "Aa Game"', "title: [Aa", 1))
    assert main(["--root", str(tmp_path), "list"]) == 1
    said = capsys.readouterr()
    out = said.out.splitlines()
    assert out[0] == f"2 games in {tmp_path / 'content'}"
    assert "game aa-game: cannot be read (see below)" in out
    assert any(line.startswith("game zz-game: Zz Game") for line in out)
    errors = said.err.splitlines()
    assert errors[0].endswith(
        "aa-game/game.yaml:6:8: error: YAML syntax: the '[' opened here is not closed:"
        " expected ',' or ']', but got ':' at line 7, column 8"
    )
    assert errors[-1] == "cutsheet: 1 error"


def test_guide_prints_the_editing_guide_that_new_games_point_to(capsys, tmp_path):
    assert main(["guide"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# Editing a game, step by step")
    new_game(tmp_path, "my-game")
    for made in ("README.md", "layouts/my-game.yaml"):
        said = (tmp_path / made).read_text()
        assert '`cutsheet guide`, "Make it yours"' in said, made
    assert "## Make it yours" in text and "docs/editing.md" not in said


def test_list_labels_what_it_prints(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "4 games in content"
    start = out.index(
        "game common-reserve: Common Reserve, A small group, cooperative (no individual scores);"
        " item ids start CR-"
    )
    header = out[start + 1].split()
    assert header == ["prints", "component", "id", "part", "items"]
    deliveries = out[start + 2]
    assert deliveries.split() == ["12", "Delivery", "cards", "deliveries", "cards", "12"]
    # the columns line up under their labels
    assert deliveries.index("deliveries") == out[start + 1].index("id")


@pytest.fixture(scope="module")
def reserve(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("reserve")
    shutil.copytree(ROOT / "content" / "common-reserve", root / "content" / "common-reserve")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    return root


def test_preview_renders_a_sheet_by_its_id_without_a_build(reserve, tmp_path, capsys):
    out = tmp_path / "png"
    argv = ["--root", str(reserve), "preview", "common-reserve", "--item", "CR-RESERVE"]
    assert main([*argv, "--part", "sheets", "--out", str(out), "--dpi", "20"]) == 0
    (png,) = sorted(out.glob("*.png"))
    assert png.name == "CR-RESERVE-1.png"
    w, h = Image.open(png).size  # one A4 page at 20 dpi
    assert (abs(w - 165) <= 1, abs(h - 234) <= 1) == (True, True)
    assert not (reserve / "build" / "common-reserve").exists()  # nothing was built
    # the part may be left out: the id is found in whichever part holds it
    again = tmp_path / "again"
    assert main([*argv, "--out", str(again), "--dpi", "20", "--paper", "letter"]) == 0
    (png,) = sorted(again.glob("*.png"))
    w, h = Image.open(png).size  # US Letter
    assert (abs(w - 170) <= 1, abs(h - 220) <= 1) == (True, True)
    capsys.readouterr()


def test_item_with_part_looks_only_in_that_part(reserve, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(reserve)  # paths are shown relative to the working folder
    argv = ["--root", str(reserve), "preview", "common-reserve", "--out", str(tmp_path)]
    assert main([*argv, "--item", "CR-RESERVE", "--part", "cards"]) == 1
    (line, _summary) = capsys.readouterr().err.splitlines()
    assert line.startswith("content/common-reserve: error: no card 'CR-RESERVE' (known: ")
    assert line.endswith("; 'CR-RESERVE' is in the sheets part")
    assert main([*argv, "--item", "CR-SEED-TENT", "--part", "sheets"]) == 1
    said = capsys.readouterr().err
    assert "no sheet 'CR-SEED-TENT' (known: CR-EXCHANGE," in said
    # the very id in the other part comes before a near one in this part (a probe: a score
    # pad's id asked for among the cards got "did you mean" a card's)
    assert said.splitlines()[0].endswith("; 'CR-SEED-TENT' is in the cards part")
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--item", "CR-SEED-TENT", "--part", "rules"])
    assert exc.value.code == 2  # options that cannot go together
    assert "the rules part has none" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.png"))


def test_preview_of_a_built_part_says_how_to_build_it(tmp_path):
    new_game(tmp_path, "my-game")
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), "preview", "my-game", "--part", "cards"])
    message = str(exc.value.code)
    assert "cards.pdf does not exist; run 'cutsheet build my-game' first" in message
    # a profile or paper a plain build leaves out: the command that writes that very file
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), "preview", "my-game", "--profile", "ink-saver"])
    assert "run 'cutsheet build my-game --profile ink-saver' first" in str(exc.value.code)
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), "preview", "my-game", "--paper", "a3"])
    assert "run 'cutsheet build my-game --paper a3' first" in str(exc.value.code)
    # built elsewhere (--build): the build that writes there (a probe: told to build build/)
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), "preview", "my-game", "--build", "/tmp/my builds"])
    assert "run 'cutsheet build my-game --out '/tmp/my builds'' first" in str(exc.value.code)
    # a folder where the PDF belongs is said to be one (a probe: "does not exist")
    folder = tmp_path / "build" / "my-game" / "standard-a4" / "cards.pdf"
    folder.mkdir(parents=True)
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), "preview", "my-game"])
    assert str(exc.value.code).endswith("cards.pdf is a folder, not a file")
    # a part the game does not have: no build would write it (a probe was told to build)
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), "preview", "my-game", "--part", "sheets"])
    assert (
        exc.value.code == "cutsheet: my-game has no sheets (its parts: cards, rules, rules-booklet)"
    )


def test_preview_refuses_an_empty_item_and_names_a_file_in_the_out_folders_place(tmp_path, capsys):
    """A probe: --item '' previewed the built pages instead, and --out naming a file said
    only 'File exists'."""
    new_game(tmp_path, "my-game")
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), "preview", "my-game", "--item", " "])
    assert exc.value.code == 2  # a value that names nothing: a command line to mend
    said = capsys.readouterr().err
    assert said == "cutsheet: --item needs a card's or a sheet's id (see cutsheet list)\n"
    taken = tmp_path / "taken"
    taken.write_text("mine")
    argv = ["--root", str(tmp_path), "preview", "my-game", "--item", "MG-SUN", "--out", str(taken)]
    assert main(argv) == 1
    assert capsys.readouterr().err.strip() == f"cutsheet: {taken}: is a file, not a folder"
    assert taken.read_text() == "mine"


def test_preview_of_a_sheet_printed_several_times_shows_one_copy(tmp_path, capsys):
    """The ledger prints three copies (a page each): its preview is that page once, not
    three identical PNGs (a pad of 20 copies gave 40)."""
    root = tmp_path / "alpha"
    shutil.copytree(ROOT / "content" / "bidding-alpha", root / "content" / "bidding-alpha")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    out = tmp_path / "png"
    argv = ["--root", str(root), "preview", "bidding-alpha", "--item", "BA-LEDGER"]
    assert main([*argv, "--out", str(out), "--dpi", "20"]) == 0
    assert [p.name for p in sorted(out.glob("*.png"))] == ["BA-LEDGER-1.png"]
    capsys.readouterr()


@pytest.mark.parametrize(
    "command",
    [
        ["preview", "my-game", "--item", "MG-SUN", "--build", "elsewhere"],
        ["preview", "no-such-game", "--item", "MG-SUN", "--page", "1"],
        ["watch", "no-such-game", "--imposition", "gutterfold", "--back-offset", "1,1"],
        ["build", "no-such-game", "--imposition", "gutterfold", "--back-offset", "1,1"],
    ],
)
def test_options_that_cannot_go_together_are_said_before_any_game_is_read(
    tmp_path, capsys, command
):
    """A probe: preview's --item ignored --build (it draws the card afresh, from no build),
    and watch and preview looked the game up before the options, so a command line with
    both mistakes exited 1 ('no game') where build exits 2. Each is said first, exit 2."""
    new_game(tmp_path, "my-game")
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(tmp_path), *command])
    assert exc.value.code == 2, command
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith("cutsheet: --"), said
