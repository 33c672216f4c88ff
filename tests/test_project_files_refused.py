"""A project's own files that are not what their names claim: a FIFO, a folder or junk where a
font, an icon or a licence belongs, an SVG icon that points at other files, a picture too big
to decode. Each is a located content error from ``check`` (the same as ``build`` gives),
never a hang, a traceback or "cutsheet failed on this game"."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import reportlab

from cutsheet.cli import main

from .test_own_look import write_own  # the same project, with this file's game and layout

GAME = """\
id: own
code: OWN
title: Own Files
players: "2"
layouts: own.yaml
components:
  - id: deck
    name: Deck
    part: cards
    count: 1
    face: front
    back: back
    items:
      - {id: OWN-A, name: Alpha}
    fields:
      name: {type: text}
"""
LAYOUT = """\
include: [base.yaml]
styles:
  name: {font: bold, size: 14, leading: 16, align: center}
faces:
  front:
    extends: card
    boxes:
      title: {x: 5, y: 20, w: 53, h: 10, style: name, text: "{{ name }}"}
  back:
    extends: card-back
"""
FONT_LINE = 3  # the line of the 'name' style in LAYOUT: where a font is named
ICON_BOX = "      mark: {kind: icon, icon: mine, x: 5, y: 40, w: 8, h: 8}\n"
RL_FONT = Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf"
PNG = bytes.fromhex(  # one red pixel
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c"
    "49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture
def own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_own(tmp_path, GAME, LAYOUT)


def cutsheet(*args: str) -> tuple[int, list[str]]:
    """cutsheet run as a process that is stopped after 30 s, for a case that could make it
    wait for ever (inside a C library, where no signal reaches it): exit code, error lines."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cutsheet", *args], capture_output=True, text=True, timeout=30
        )
    except subprocess.TimeoutExpired:
        return -1, ["waited on a file for 30 s"]
    return done.returncode, [line for line in done.stderr.splitlines() if ": error: " in line]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    """cutsheet's exit code, its error lines and all it wrote to stderr."""
    code = main(list(args))
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if ": error: " in line], err


def check_and_build(capsys: pytest.CaptureFixture[str]) -> list[tuple[int, list[str]]]:
    """``check`` and ``build`` of the game: (exit code, error lines) of each."""
    out = []
    for command in (["check", "own"], ["build", "own", "--jobs", "1", "--paper", "a4"]):
        code, errors, _err = run(capsys, *command)
        out.append((code, errors))
    return out


def check_and_build_apart() -> list[tuple[int, list[str]]]:
    """``check_and_build`` in processes that are stopped if they wait."""
    return [cutsheet("check", "own"), cutsheet("build", "own", "--jobs", "1", "--paper", "a4")]


def use_font(project: Path) -> None:
    """The 'name' style set in the project's font 'Mine' (fonts/Mine.ttf)."""
    path = project / "layouts" / "own.yaml"
    path.write_text(path.read_text().replace("{font: bold,", "{font: Mine,"))
    (project / "fonts").mkdir(exist_ok=True)


def use_icon(project: Path) -> Path:
    """An icon box showing the project's icon 'mine'; its folder."""
    path = project / "layouts" / "own.yaml"
    text = path.read_text()
    anchor = "      title: {"
    path.write_text(text.replace(anchor, ICON_BOX + anchor))
    (project / "icons").mkdir(exist_ok=True)
    return project / "icons"


# ------------------------------------------------------------------ FIFOs, never waited on
@fifo_only
def test_a_fifo_as_a_project_font_is_refused_not_waited_on(own: Path) -> None:
    use_font(own)
    os.mkfifo(own / "fonts" / "Mine.ttf")
    message = (
        f"layouts/own.yaml:{FONT_LINE}:16: error: font file 'fonts/Mine.ttf' is a FIFO"
        " (a named pipe), not a file"
    )
    assert check_and_build_apart() == [(1, [message]), (1, [message])]


@fifo_only
@pytest.mark.parametrize("name", ["mine.svg", "mine.png"])
def test_a_fifo_as_a_project_icon_is_refused_not_waited_on(own: Path, name: str) -> None:
    os.mkfifo(use_icon(own) / name)
    message = f"icons/{name}: error: icon '{name}' is a FIFO (a named pipe), not a file"
    assert check_and_build_apart() == [(1, [message]), (1, [message])]


def test_a_folder_as_a_project_font_says_so(own: Path, capsys) -> None:
    use_font(own)
    (own / "fonts" / "Mine.ttf").mkdir()
    code, errors, _err = run(capsys, "check", "own")
    assert code == 1
    assert errors == [
        f"layouts/own.yaml:{FONT_LINE}:16: error: font file 'fonts/Mine.ttf' is a folder, not a file"
    ]


# ------------------------------------------------------------------ cache.read_regular
def test_read_regular_refuses_a_folder_without_raising(tmp_path: Path) -> None:
    from cutsheet.cache import read_regular

    (tmp_path / "LICENSE").mkdir()
    (tmp_path / "file").write_bytes(b"abc")
    assert read_regular(tmp_path / "LICENSE", 100) is None
    assert read_regular(tmp_path / "LICENSE") is None
    assert read_regular(tmp_path / "file", 100) == b"abc"
    assert read_regular(tmp_path / "file", 2) is None


@pytest.mark.parametrize("licence", ["LICENSE", "OFL.txt"])
def test_a_folder_named_like_a_font_licence_is_a_located_error(
    own: Path, capsys, licence: str
) -> None:
    use_font(own)
    shutil.copy(RL_FONT, own / "fonts" / "Mine.ttf")
    (own / "fonts" / licence).mkdir()
    message = (
        f"fonts/{licence}: error: licence file '{licence}' cannot be copied: it is not a"
        " readable file of at most 1,000,000 bytes"
    )
    assert check_and_build(capsys) == [(1, [message]), (1, [message])]


def test_a_folder_in_place_of_the_manifest_is_named(own: Path, capsys) -> None:
    (own / "build" / "manifest.json").mkdir(parents=True)
    code, errors, _err = run(capsys, "build", "own", "--jobs", "1", "--paper", "a4")
    assert code == 1
    assert errors == [
        f"{own / 'build' / 'manifest.json'}: error: cannot write here: is a folder, not a"
        " file; remove it (the last good files are kept)"
    ]


# ------------------------------------------------------------------ SVG icons hold all they draw
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    ' width="24" height="24">'
)
OWN_PARTS = "an SVG icon may refer only to its own parts ('#id')"
OUTSIDE = {
    f'{SVG}<image xlink:href="pic.png" width="24" height="24"/></svg>': (
        f"1:{len(SVG) + 1}: error: icon 'mine.svg' has an <image> element; an SVG icon is"
        " drawn from its own shapes (make a picture a PNG icon)"
    ),
    f'{SVG}<use xlink:href="/etc/passwd#x"/></svg>': (
        f"1:{len(SVG) + 1}: error: icon 'mine.svg' refers to '/etc/passwd#x' outside itself;"
        f" {OWN_PARTS}"
    ),
    f'{SVG}<use href="../other.svg#a"/></svg>': (
        f"1:{len(SVG) + 1}: error: icon 'mine.svg' refers to '../other.svg#a' outside itself;"
        f" {OWN_PARTS}"
    ),
    f'{SVG}<rect width="5" height="5" style="fill:url(a.svg#g)"/></svg>': (
        f"1:{len(SVG) + 1}: error: icon 'mine.svg' refers to 'url(a.svg#g)' outside itself;"
        f" {OWN_PARTS}"
    ),
    f'{SVG}<style>@import "a.css";</style><rect width="5" height="5"/></svg>': (
        f"1:{len(SVG) + 24}: error: icon 'mine.svg' imports a style sheet (@import); {OWN_PARTS}"
    ),
    f'<?xml-stylesheet href="a.css"?>{SVG}<rect width="5" height="5"/></svg>': (
        f"1:1: error: icon 'mine.svg' links a style sheet (<?xml-stylesheet?>); {OWN_PARTS}"
    ),
    f'<!DOCTYPE svg [<!ENTITY x SYSTEM "/etc/passwd">]>{SVG}<text>&x;</text></svg>': (
        f"1:47: error: icon 'mine.svg' declares an external entity; {OWN_PARTS}"
    ),
    f'{SVG}<rect width="5"': (
        f"1:{len(SVG) + 1}: error: icon 'mine.svg' cannot be read as SVG (unclosed token)"
    ),
    "": "1:1: error: icon 'mine.svg' cannot be read as SVG (no element found)",
    f'{SVG}<text x="2" y="20" font-family="DejaVu Sans">A</text></svg>': (
        f"1:{len(SVG) + 1}: error: icon 'mine.svg' has a <text> element: its letters would be"
        " set in a font of the machine that builds it, read from outside the project; turn the"
        " text into paths"
    ),
}


@pytest.mark.parametrize("svg", OUTSIDE, ids=range(len(OUTSIDE)))
def test_an_svg_icon_that_reaches_outside_itself_is_refused(own: Path, capsys, svg: str) -> None:
    icons = use_icon(own)
    (icons / "pic.png").write_bytes(PNG)
    (icons / "mine.svg").write_text(svg)
    message = f"icons/mine.svg:{OUTSIDE[svg]}"
    assert check_and_build(capsys) == [(1, [message]), (1, [message])]


def test_preview_and_export_refuse_an_svg_icon_as_check_does(own: Path, capsys) -> None:
    icons = use_icon(own)
    (icons / "pic.png").write_bytes(PNG)
    svg = next(iter(OUTSIDE))
    (icons / "mine.svg").write_text(svg)
    message = f"icons/mine.svg:{OUTSIDE[svg]}"
    for command in (["preview", "own", "--item", "OWN-A"], ["export", "own", "--to", "png"]):
        code, errors, err = run(capsys, *command)
        assert (code, errors) == (1, [message]), err
        assert "Traceback" not in err


def test_an_svg_icon_may_use_its_own_parts(own: Path, capsys) -> None:
    (use_icon(own) / "mine.svg").write_text(
        f'{SVG}<defs><linearGradient id="g"><stop offset="0" stop-color="red"/>'
        '</linearGradient><rect id="r" width="10" height="10" fill="#0B6E4F"/></defs>'
        '<use xlink:href="#r"/><rect x="12" width="3" height="3" style="fill:url(#g)"/></svg>'
    )
    code, errors, _err = run(capsys, "build", "own", "--jobs", "1", "--paper", "a4")
    assert (code, errors) == (0, [])


# ------------------------------------------------------------------ PNG icons, checked as images are
def big_png(path: Path, side: int) -> None:
    """A one-bit PNG of ``side`` × ``side`` pixels: a few kilobytes that decode to many."""
    from PIL import Image

    Image.new("1", (side, side)).save(path)


PNG_CASES = {
    "junk": "is not an image (cannot identify image file 'mine.png')",
    "folder": "is a folder, not a file",
    "7100": "is too large (7,100×7,100 pixels, over the 50,000,000-pixel limit): scale it down",
}


def bad_png(icons: Path, case: str) -> None:
    path = icons / "mine.png"
    if case == "junk":
        path.write_text("junk\n")
    elif case == "folder":
        path.mkdir()
    else:
        big_png(path, int(case))


@pytest.mark.parametrize("case", PNG_CASES)
def test_a_png_icon_is_checked_as_an_image_box_picture(own: Path, capsys, case: str) -> None:
    bad_png(use_icon(own), case)
    message = f"icons/mine.png: error: icon 'mine.png' {PNG_CASES[case]}"
    results = check_and_build(capsys)
    for command in (["preview", "own", "--item", "OWN-A"], ["export", "own", "--to", "png"]):
        code, errors, err = run(capsys, *command)
        results.append((code, errors))
        assert "Traceback" not in err and "Warning" not in err, err
    assert results == [(1, [message])] * 4


def test_a_good_png_icon_still_draws(own: Path, capsys) -> None:
    (use_icon(own) / "mine.png").write_bytes(PNG)
    code, errors, _err = run(capsys, "build", "own", "--jobs", "1", "--paper", "a4")
    assert (code, errors) == (0, [])


# ------------------------------------------------------------------ say what is there
@fifo_only
@pytest.mark.parametrize("kind", ["folder", "FIFO"])
def test_a_source_that_is_no_file_says_what_it_is(own: Path, kind: str) -> None:
    game = own / "content" / "own" / "game.yaml"
    game.write_text(
        GAME.replace("    items:\n      - {id: OWN-A, name: Alpha}\n", "    source: deck.yaml\n")
    )
    where = own / "content" / "own" / "deck.yaml"
    where.mkdir() if kind == "folder" else os.mkfifo(where)
    what = "a folder" if kind == "folder" else "a FIFO (a named pipe)"
    assert cutsheet("check", "own") == (
        1,
        [f"content/own/game.yaml:13:13: error: source 'deck.yaml' is {what}, not a file"],
    )


IMAGE_BOX = "      pic: {kind: image, src: pic.png, x: 5, y: 40, w: 8, h: 8}\n"
BIG = {
    10000: "is too large (10,000×10,000 pixels, over the 50,000,000-pixel limit): scale it down",
    15000: "is too large (225,000,000 pixels, over the 50,000,000-pixel limit): scale it down",
}


def use_image(project: Path) -> Path:
    """An image box showing content/own/pic.png; that path."""
    path = project / "layouts" / "own.yaml"
    anchor = "      title: {"
    path.write_text(path.read_text().replace(anchor, IMAGE_BOX + anchor))
    return project / "content" / "own" / "pic.png"


def test_an_image_that_is_a_folder_says_so(own: Path, capsys) -> None:
    use_image(own).mkdir()
    code, errors, _err = run(capsys, "check", "own")
    assert (code, errors) == (
        1,
        ["layouts/own.yaml:8:31: error: OWN-A, box 'pic': 'pic.png' is a folder, not a file"],
    )


@pytest.mark.parametrize("side", BIG)
def test_a_picture_over_pillows_limit_gets_cutsheets_message(own: Path, capsys, side: int) -> None:
    picture = use_image(own)
    big_png(picture, side)
    code, errors, err = run(capsys, "check", "own")
    assert (code, errors) == (
        1,
        [f"layouts/own.yaml:8:31: error: OWN-A, box 'pic': 'pic.png' {BIG[side]}"],
    )
    picture.write_bytes(PNG)
    big_png(use_icon(own) / "mine.png", side)
    code, errors, more = run(capsys, "check", "own")
    assert (code, errors) == (1, [f"icons/mine.png: error: icon 'mine.png' {BIG[side]}"])
    assert "ecompression" not in err + more


@fifo_only
def test_a_fifo_as_a_project_profile_is_refused_not_ignored(own: Path) -> None:
    (own / "layouts" / "profiles").mkdir()
    os.mkfifo(own / "layouts" / "profiles" / "standard.yaml")
    message = "layouts/profiles/standard.yaml: error: is a FIFO (a named pipe), not a file"
    assert cutsheet("check", "own") == (1, [message])
    assert cutsheet("build", "own", "--jobs", "1", "--paper", "a4") == (1, [message])


def test_a_photo_stored_sideways_is_a_warning(own: Path, capsys) -> None:
    """A probe: a camera's JPEG stored sideways, with an EXIF orientation a viewer applies,
    printed sideways without a word. A PDF shows the pixels as stored: said, a warning."""
    from PIL import Image

    picture = use_image(own).with_suffix(".jpg")
    layout = own / "layouts" / "own.yaml"
    layout.write_text(layout.read_text().replace("src: pic.png", "src: pic.jpg"))
    exif = Image.Exif()
    exif[0x0112] = 6  # turn 90° clockwise to view
    Image.new("RGB", (40, 24), (200, 30, 30)).save(picture, exif=exif)
    code, errors, err = run(capsys, "check", "own")
    assert code == 0 and not errors
    assert "layouts/own.yaml:8:31: warning: OWN-A, box 'pic': 'pic.jpg' is stored turned" in err
    Image.new("RGB", (24, 40), (200, 30, 30)).save(picture)  # saved turned: nothing said
    code, errors, err = run(capsys, "check", "own")
    assert code == 0 and "stored turned" not in err
