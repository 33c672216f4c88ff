"""A designer's own look (issue #21): named colours, project fonts, project icons, card sizes
and faces that know theirs, read back from the built PDFs."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from cutsheet.cli import main

GAME = """\
id: own
code: OWN
title: Own Look
players: "2"
layouts: own.yaml
components:
  - id: deck
    name: Deck
    part: cards
    count: 2
    face: front
    back: back
    items:
      - {id: OWN-A, name: Alpha}
      - {id: OWN-B, name: Beta}
    fields:
      name: {type: text}
"""
RULES = """\
sections:
  - heading: Play
    blocks:
      - text: "Play a card."
"""
LAYOUT = """\
include: [base.yaml]
colours:
  brand: "#0B6E4F"
  ink: "#1A1A2E"
styles:
  name: {font: bold, size: 14, leading: 16, align: center, color: ink}
faces:
  front:
    extends: card
    boxes:
      band: {kind: rect, x: 3, y: 3, w: 57, h: 12, fill: brand}
      title: {x: 5, y: 20, w: 53, h: 10, style: name, text: "{{ name }}"}
  back:
    extends: card-back
"""


@pytest.fixture
def own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    game = tmp_path / "content" / "own"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "rules.yaml").write_text(RULES)
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "own.yaml").write_text(LAYOUT)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (exactly once) in ``path``; its 1-based line."""
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))
    return text[: text.index(old)].count("\n") + 1


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(list(args))
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if ": error: " in line]


def build(capsys: pytest.CaptureFixture[str], profile: str = "standard") -> Path:
    """Build the game under one profile on A4; its cards.pdf."""
    code, errors = run(capsys, "build", "own", "--jobs", "1", "--paper", "a4", "--profile", profile)
    assert code == 0, errors
    return Path("build") / "own" / f"{profile}-a4" / "cards.pdf"


def hex_of(colour: object) -> str | None:
    """pdfplumber's colour tuple as #RRGGBB (None for none)."""
    if not isinstance(colour, tuple) or len(colour) != 3:
        return None
    return "#" + "".join(f"{round(float(c) * 255):02X}" for c in colour)


# ------------------------------------------------------------------ colours
def test_named_colours_fill_boxes_and_colour_text(own: Path, capsys) -> None:
    cards = build(capsys)
    with pdfplumber.open(cards) as pdf:
        page = pdf.pages[0]
        fills = {hex_of(r["non_stroking_color"]) for r in page.rects if r["fill"]}
        names = [c for c in page.chars if round(c["size"]) == 14]  # the 'name' style
        text = {hex_of(c["non_stroking_color"]) for c in names}
    assert "".join(c["text"] for c in names).startswith("Alpha")
    assert "#0B6E4F" in fills
    assert text == {"#1A1A2E"}


def test_unknown_colour_name_is_located_with_a_suggestion(own: Path, capsys) -> None:
    line = edit(own / "layouts" / "own.yaml", "fill: brand}", "fill: brnad}")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors == [
        f"layouts/own.yaml:{line}:7: error: OWN-A (and 1 more), box 'band': fill 'brnad' is"
        " not a colour (#RRGGBB, a name from 'colours', or none); did you mean 'brand'?"
    ]


def test_unknown_style_colour_is_located(own: Path, capsys) -> None:
    line = edit(own / "layouts" / "own.yaml", "color: ink}", "color: inc}")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    (error,) = errors
    assert error.startswith(f"layouts/own.yaml:{line}:")
    assert "color 'inc' is not a colour (#RRGGBB, or a name from 'colours'); did you mean" in error


def test_named_colours_meet_large_print_contrast(own: Path, capsys) -> None:
    """A profile's contrast check takes a named colour as its value: pale text on a white band
    fails (a profile of the project's own that checks contrast on the faces as laid out)."""
    path = own / "layouts" / "own.yaml"
    edit(path, 'ink: "#1A1A2E"', 'ink: "#DDDDDD"')
    edit(path, "h: 12, fill: brand}", 'h: 40, fill: "#FFFFFF"}')
    (own / "layouts" / "profiles").mkdir()
    (own / "layouts" / "profiles" / "contrast.yaml").write_text(
        "name: contrast\nbody_size: 10\nheading_size: 14\ntitle_size: 22\nsmall_size: 6.5\n"
        "min_text_size: 5\nmin_contrast: 4.5\n"
    )
    code, errors = run(capsys, "check", "own", "--profile", "contrast")
    assert code == 1
    assert any("text #DDDDDD on #FFFFFF has contrast 1.4:1" in e for e in errors), errors
