"""Text set over a picture is measured against the picture's pixels where a profile asks for a
contrast (large print, 7:1): the fill-only checks passed a title over a dark photo on a light
card, and large print set it black on the photo (a designer's probe)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cutsheet.cli import main

SKY = "      sky: {kind: image, src: PIC, x: 3, y: 3, w: 57, h: 19}\n"
TITLE = '      title: {x: 5, y: 6, w: 53, h: 10, style: title, text: "{{ name }}"}'


def _game(root: Path, colour: tuple[int, ...], size: tuple[int, int] = (300, 100)) -> Path:
    assert main(["--root", str(root), "new", "star-deck"]) == 0
    Image.new("RGB" if len(colour) == 3 else "RGBA", size, colour).save(
        root / "content" / "star-deck" / "pic.png"
    )
    layout = root / "layouts" / "star-deck.yaml"
    text = layout.read_text()
    assert TITLE in text
    layout.write_text(text.replace(TITLE, SKY.replace("PIC", "pic.png") + TITLE))
    return layout


def _check(root: Path, capsys, profile: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--root", str(root), "check", "--profile", profile])
    return code, capsys.readouterr().err


def test_large_print_text_on_a_dark_picture_is_an_error_at_the_text_box(tmp_path, capsys):
    layout = _game(tmp_path, (10, 20, 60))
    code, said = _check(tmp_path, capsys, "large-print")
    line = layout.read_text().splitlines().index(TITLE) + 1
    assert code == 1
    assert (
        f"layouts/star-deck.yaml:{line}:7: error: SD-SUN (and 2 more), box 'title': text"
        " #000000 is set over the picture of box 'sky' (pic.png) and misses 7:1 contrast on"
        " 100% of the box (large-print profile)"
    ) in said, said
    assert _check(tmp_path, capsys, "standard")[0] == 0  # no contrast asked of standard


@pytest.mark.parametrize(
    "colour, size",
    [
        ((240, 240, 240), (300, 100)),  # a pale picture: black text reads on it
        ((10, 20, 60, 0), (300, 100)),  # a dark one, transparent: the card shows through
        # dark, but narrow: kept in proportion and centred, a 3.8 mm strip, 7 % of the title
        ((10, 20, 60), (20, 100)),
    ],
)
def test_text_over_a_picture_it_reads_on_passes(tmp_path, capsys, colour, size):
    _game(tmp_path, colour, size)
    code, said = _check(tmp_path, capsys, "large-print")
    assert code == 0 and "picture" not in said, said


def test_a_text_box_with_a_fill_of_its_own_hides_the_picture(tmp_path, capsys):
    layout = _game(tmp_path, (10, 20, 60))
    layout.write_text(layout.read_text().replace(TITLE, TITLE[:-1] + ', fill: "#FFFFFF"}'))
    code, said = _check(tmp_path, capsys, "large-print")
    assert code == 0 and "picture" not in said, said


def test_a_panel_drawn_over_the_picture_is_what_the_text_is_set_on(tmp_path, capsys):
    """A white banner pasted over a photo, the title on it: the title reads black on white,
    and the picture under the banner is not measured (it was, and refused the title)."""
    layout = _game(tmp_path, (10, 20, 60))
    banner = '      banner: {kind: rect, x: 3, y: 4, w: 57, h: 14, fill: "#FFFFFF"}\n'
    layout.write_text(layout.read_text().replace(TITLE, banner + TITLE))
    code, said = _check(tmp_path, capsys, "large-print")
    assert code == 0 and "picture" not in said, said


def test_a_huge_picture_is_measured_on_a_small_copy(tmp_path, capsys):
    """A picture of 27 million pixels is reduced before it is converted: the check reads it
    as it does a small one (and does not hold a converted copy of it whole)."""
    from cutsheet.plan import picture_contrast

    _game(tmp_path, (10, 20, 60), size=(9000, 3000))
    code, said = _check(tmp_path, capsys, "large-print")
    assert code == 1 and "misses 7:1 contrast on 100% of the box" in said, said
    path = str(tmp_path / "content" / "star-deck" / "pic.png")
    cols, rows, _lums = picture_contrast._sample(path, "#FFFFFF")
    assert max(cols, rows) <= picture_contrast.SAMPLE
