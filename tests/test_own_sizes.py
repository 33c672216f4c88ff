"""A project's own card sizes: ``sizes:`` in a layout file, usable as a component's ``size:``,
resolved at plan time; an unknown name is a located error with a suggestion."""

from __future__ import annotations

import pdfplumber
from pypdf import PdfReader

from cutsheet.cli import main
from cutsheet.scaffold import new_game


def _project(tmp_path, size: str):
    new_game(tmp_path, "my-game")
    layout = tmp_path / "layouts" / "my-game.yaml"
    text = layout.read_text().replace("    extends: card\n", "    extends: card\n    scale: true\n")
    layout.write_text(text + "sizes:\n  domino: [70, 100]\n")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    game.write_text(game.read_text().replace("    size: poker  #", f"    size: {size}  #"))
    return game


def test_a_projects_own_size_prints_cards_of_that_size(tmp_path):
    _project(tmp_path, "domino")
    args = ["--root", str(tmp_path), "build", "--profile", "standard", "--paper", "a4"]
    assert main(args) == 0
    reader = PdfReader(tmp_path / "build" / "my-game" / "standard-a4" / "cards.pdf")
    text = reader.pages[0].extract_text()
    assert "MG-SUN" in text
    # the card size, read from the crop marks' positions
    with pdfplumber.open(tmp_path / "build" / "my-game" / "standard-a4" / "cards.pdf") as pdf:
        xs = sorted({round(line["x0"] * 25.4 / 72, 1) for line in pdf.pages[0].lines})
    gaps = {round(b - a, 1) for a, b in zip(xs, xs[1:], strict=False)}
    assert 70.0 in gaps and 63.0 not in gaps


def test_an_unknown_size_is_located_with_a_suggestion(tmp_path, capsys):
    game = _project(tmp_path, "dominoo")
    line = (
        game.read_text()
        .splitlines()
        .index(
            "    size: dominoo  # or bridge, mini, tarot,"
            " square, jumbo, ... or [width, height] in mm"
        )
    )
    assert main(["--root", str(tmp_path), "check"]) == 1
    err = capsys.readouterr().err
    assert f"game.yaml:{line + 1}:11: error: Cards: unknown card size 'dominoo'" in err
    assert "domino); did you mean 'domino'?" in err
