"""A designer's round token in large print: a 25 mm disc holding a value and an icon. The
disc is the token's ground, kept round and grown with the card, with what it holds inside
it (it was left at 25 mm in a jumbo card, the value above it and the icon below); on a
size of its own for the profile it grows into a circle, not a rounded square; and a token
that grows to a card many times its size is a warning that names the fix."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from cutsheet.cli import main
from cutsheet.scaffold import new_game

from .test_own_look import hex_of

LAGOON = "#A8DADC"
TOKEN = """  - id: shells
    name: Shell tokens
    part: cards
    size: [25, 25]
{sizes}    count: 3
    face: shell-token
    source: tokens.yaml
    fields:
      value: {{type: int, min: 1, max: 5}}
"""
FACE = f"""  shell-token:
    size: [25, 25]
    boxes:
      disc: {{kind: rect, x: 0, y: 0, w: 25, h: 25, radius: 12.5, fill: "{LAGOON}"}}
      value: {{x: 4, y: 4, w: 17, h: 10, style: title, text: "{{{{ value }}}}"}}
      icon: {{kind: icon, icon: star, x: 9, y: 14, w: 7, h: 7}}
"""
ITEMS = "items:\n  - {id: MG-SHELL-1, value: 1, copies: 2}\n  - {id: MG-SHELL-3, value: 3}\n"


def _project(root: Path, sizes: str = "") -> Path:
    new_game(root, "my-game")
    game = root / "content" / "my-game" / "game.yaml"
    game.write_text(game.read_text() + TOKEN.format(sizes=sizes))
    (root / "content" / "my-game" / "tokens.yaml").write_text(ITEMS)
    layout = root / "layouts" / "my-game.yaml"
    layout.write_text(layout.read_text() + FACE)
    return game


def _token_ink(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list, list, str]:
    """The large-print A4 cards.pdf's first page of tokens: the discs (their ink), the
    value's characters, and what the build said."""
    out = root / "out"
    args = ["--root", str(root), "build", "--profile", "large-print", "--paper", "a4"]
    assert main([*args, "--out", str(out)]) == 0
    said = capsys.readouterr().err
    with pdfplumber.open(out / "my-game" / "large-print-a4" / "cards.pdf") as pdf:
        for page in pdf.pages:
            discs = [
                o for o in page.curves + page.rects if hex_of(o.get("non_stroking_color")) == LAGOON
            ]
            if discs:
                big = (c for c in page.chars if c["upright"] and c["size"] >= 24)
                digits = [c for c in big if c["text"] in "13"]  # (not the page's own notes)
                return discs, digits, said
    raise AssertionError("no token printed")


def test_a_disc_holding_a_value_and_an_icon_grows_round_with_its_card(tmp_path, capsys):
    _project(tmp_path)
    discs, digits, _said = _token_ink(tmp_path, capsys)
    for disc in discs:
        assert abs(disc["width"] - disc["height"]) < 0.2
        assert disc["width"] > 60 * 72 / 25.4  # grown with the jumbo card, not left at 25 mm
    for c in digits:  # each value printed inside a disc
        assert any(
            d["x0"] < c["x0"]
            and c["x1"] < d["x1"]
            and d["top"] < c["top"]
            and c["bottom"] < d["bottom"]
            for d in discs
        ), c


def test_a_token_on_a_card_many_times_its_size_is_warned_with_the_fix(tmp_path, capsys):
    game = _project(tmp_path)
    line = game.read_text().splitlines().index("    size: [25, 25]") + 1
    assert main(["--root", str(tmp_path), "check", "--profile", "large-print"]) == 0
    said = capsys.readouterr().err
    assert (
        f"content/my-game/game.yaml:{line}:11: warning: Shell tokens: in large print its design"
        " does not fit 25 × 25 mm, so each card prints at 89 × 127 mm; give the component a"
        " size of its own for the profile that its design fits (sizes: {large-print: [w, h]})"
    ) in said.replace(str(tmp_path) + "/", "")
    _discs, _digits, built = _token_ink(tmp_path, capsys)
    assert "warning: Shell tokens: in large print its design does not fit" in built


def test_a_disc_on_a_size_of_its_own_stays_a_circle(tmp_path, capsys):
    _project(tmp_path, sizes="    sizes: {large-print: [35, 35]}\n")
    assert main(["--root", str(tmp_path), "check", "--profile", "large-print"]) == 0
    assert "warning" not in capsys.readouterr().err
    discs, digits, _said = _token_ink(tmp_path, capsys)
    mm = 72 / 25.4
    for disc in discs:  # a circle meets its left side at its middle alone: no straight edge there
        assert abs(disc["width"] - 35 * mm) < 0.5 and abs(disc["height"] - 35 * mm) < 0.5
        assert not any(
            abs(x - disc["x0"]) < 0.01 and abs(y - (disc["top"] + disc["bottom"]) / 2) > 1 * mm
            for x, y in ((p[0], p[1]) for p in disc.get("pts", []))
        ), "a rounded square, not a circle"
    assert digits


def test_a_value_too_wide_for_its_circle_is_an_error_not_a_spill(tmp_path, capsys):
    """A coin holding a cost and a star: a circle holding several things is kept round and
    laid out with the face, which never asked whether its text stayed inside it ("333"
    stuck out of both sides in large print, where as a badge it had been an error)."""
    new_game(tmp_path, "demo")
    layout = tmp_path / "layouts" / "demo.yaml"
    text = layout.read_text()
    text = text.replace("w: 53, h: 24, style: huge", "w: 36, h: 24, style: huge")
    text = text.replace("w: 51, h: 20, style: body-center", "w: 36, h: 20, style: body-center")
    coin = (
        '      coin: {kind: rect, x: 44, y: 60, w: 14, h: 14, radius: 7, fill: "#F0E442"}\n'
        '      cost: {x: 46, y: 61, w: 10, h: 7, style: title, text: "{{ points * 111 }}"}\n'
        "      coinicon: {kind: icon, icon: star, x: 48.5, y: 68, w: 5, h: 5}\n"
    )
    layout.write_text(text + coin)
    line = text.count("\n") + 1
    for command in (["check"], ["build", "--paper", "a4"]):
        args = ["--root", str(tmp_path), *command, "--profile", "large-print"]
        assert main(args) == 1
        said = capsys.readouterr().err.replace(str(tmp_path) + "/", "")
        assert f"layouts/demo.yaml:{line}:7: error: DEM-SUN" in said, said
        assert "box 'cost': its text (" in said and "leaves the circle 'coin'" in said, said
    assert main(["--root", str(tmp_path), "check", "--profile", "standard"]) == 0


def test_a_size_of_its_own_too_small_is_warned_as_such(tmp_path, capsys):
    """With sizes: for the profile already there, the fix is a larger one there, not a
    size of its own; and a deck that does not fit even the largest card is that error
    alone, never also "prints at 89 × 127 mm"."""
    game = _project(tmp_path, sizes="    sizes: {large-print: [12, 12]}\n")
    line = game.read_text().splitlines().index("    sizes: {large-print: [12, 12]}") + 1
    assert main(["--root", str(tmp_path), "check", "--profile", "large-print"]) == 0
    said = capsys.readouterr().err.replace(str(tmp_path) + "/", "")
    assert (
        f"content/my-game/game.yaml:{line}:12: warning: Shell tokens: in large print its design"
        " does not fit 12 × 12 mm, so each card prints at 89 × 127 mm; give it a larger one"
        " under 'sizes:' that its design fits"
    ) in said, said
    layout = tmp_path / "layouts" / "my-game.yaml"
    wordy = "{{ value }} {{ 'many words ' * 200 }}"
    layout.write_text(layout.read_text().replace('text: "{{ value }}"', f'text: "{wordy}"'))
    assert main(["--root", str(tmp_path), "check", "--profile", "large-print"]) == 1
    said = capsys.readouterr().err
    assert "box 'value'" in said and "prints at 89 × 127 mm" not in said, said


def _scaffold_face(root: Path, boxes: str) -> Path:
    """The scaffold's game with its front's points and rule boxes replaced by ``boxes``."""
    new_game(root, "tk")
    layout = root / "layouts" / "tk.yaml"
    kept = [line for line in layout.read_text().splitlines(True) if "points:" not in line]
    kept = [line for line in kept if "      rule:" not in line]
    layout.write_text("".join(kept) + boxes)
    return layout


@pytest.mark.parametrize(
    "boxes",
    [
        (  # a card-wide rule text at the card's foot, behind a disc it is not set in
            '      disc: {kind: rect, x: 16.5, y: 29, w: 30, h: 30, radius: 15, fill: "#F0E442"}\n'
            '      value: {x: 21.5, y: 33, w: 20, h: 12, style: huge, text: "{{ points }}"}\n'
            "      star: {kind: icon, icon: star, x: 27.5, y: 46, w: 8, h: 8}\n"
            "      rule: {x: 4, y: 4, w: 55, h: 76, style: body-center, valign: bottom,"
            ' text: "{{ rule }}", when: "rule"}\n'
        ),
        (  # a ribbon across a medal, wider than it
            '      disc: {kind: rect, x: 16.5, y: 29, w: 30, h: 30, radius: 15, fill: "#F0E442"}\n'
            '      value: {x: 21.5, y: 33, w: 20, h: 12, style: huge, text: "{{ points }}"}\n'
            "      star: {kind: icon, icon: star, x: 27.5, y: 46, w: 8, h: 8}\n"
            '      ribbon: {x: 4, y: 47, w: 55, h: 7, style: body-center, text: "Banner across it"}\n'
        ),
        (  # a corner index in the disc's square, outside the disc
            '      disc: {kind: rect, x: 4, y: 20, w: 55, h: 55, radius: 27.5, fill: "#F0E442"}\n'
            '      value: {x: 21.5, y: 35, w: 20, h: 12, style: huge, text: "{{ points }}"}\n'
            "      star: {kind: icon, icon: star, x: 27.5, y: 50, w: 8, h: 8}\n"
            '      corner: {x: 5, y: 21, w: 6, h: 5, style: id, text: "{{ points }}"}\n'
        ),
    ],
)
def test_a_text_beside_a_circle_is_not_held_by_it(tmp_path, capsys, boxes):
    _scaffold_face(tmp_path, boxes)
    assert main(["--root", str(tmp_path), "check", "--profile", "large-print"]) == 0, (
        capsys.readouterr().err
    )


def test_a_ring_drawn_over_its_value_holds_it_too(tmp_path, capsys):
    """Only the texts declared after a circle were checked: a ring (a stroke, no fill)
    declared after the value it rings let the value spill out of it unsaid."""
    _scaffold_face(
        tmp_path,
        '      cost: {x: 46, y: 61, w: 10, h: 7, style: title, text: "{{ points * 11111 }}"}\n'
        "      coinicon: {kind: icon, icon: star, x: 48.5, y: 68, w: 5, h: 5}\n"
        '      coin: {kind: rect, x: 44, y: 60, w: 14, h: 14, radius: 7, stroke: "#000000"}\n',
    )
    assert main(["--root", str(tmp_path), "check", "--profile", "large-print"]) == 1
    assert "leaves the circle 'coin'" in capsys.readouterr().err


def test_an_overflow_on_a_grown_card_says_the_size_it_was_measured_at(tmp_path, capsys):
    """A token that fits neither its own size nor the largest card the profile tries is an
    error whose millimetres are that largest card's (a circle 82 mm across on a 35 mm token
    baffles): the error says so."""
    _project(tmp_path, sizes="    sizes: {large-print: [35, 35]}\n")
    layout = tmp_path / "layouts" / "my-game.yaml"
    too_wide = '      id: {x: 5, y: 20, w: 15, h: 3, style: id, text: "{{ id }}"}\n'
    layout.write_text(layout.read_text() + too_wide)
    assert main(["--root", str(tmp_path), "check", "--profile", "large-print"]) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    assert errors and all(
        line.endswith(
            "[measured at 89 × 127 mm: it fits neither 35 × 35 mm nor any larger card"
            " large-print tries]"
        )
        for line in errors
    ), errors
