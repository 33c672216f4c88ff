"""A build notices a change to a project's own icon or font file: the kit that draws it is
built again (not taken from the cache with the old picture or letters)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from .test_own_look import RL_FONTS, add_gem, build, edit, own  # noqa: F401, F811


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_an_edited_svg_icon_rebuilds(own: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    add_gem(own)
    before = _sha(build(capsys))
    edit(own / "icons" / "gem.svg", "#C0392B", "#1F77B4")
    assert _sha(build(capsys)) != before


def test_a_replaced_font_file_rebuilds(own: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    (own / "fonts").mkdir()
    shutil.copy(RL_FONTS / "VeraBd.ttf", own / "fonts" / "Title.ttf")
    layout = own / "layouts" / "own.yaml"
    edit(layout, "colours:", "fonts:\n  Title: {regular: Title}\ncolours:")
    text = layout.read_text()
    assert "font: bold" in text, text
    layout.write_text(text.replace("font: bold", "font: Title", 1))
    before = _sha(build(capsys))
    shutil.copy(RL_FONTS / "VeraIt.ttf", own / "fonts" / "Title.ttf")  # other letters
    assert _sha(build(capsys)) != before
