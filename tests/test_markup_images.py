"""An ``<img>`` in paragraph markup of a file cutsheet ships (the transparent spacer beside
every symbol) is read once a process, not once an ``<img>`` parsed: ReportLab's parser asks
``measure._image_reader`` for it. Any other image is read anew each time, as before."""

from __future__ import annotations

import shutil

from reportlab.platypus import Paragraph

from cutsheet import measure
from cutsheet.measure import TextStyle, _paragraph_style, face_name
from cutsheet.symbols import CUBE_CLOSE, CUBE_OPEN, PAD_IMAGE, expand


def _counted(monkeypatch) -> list[object]:  # type: ignore[no-untyped-def]
    read: list[object] = []
    real = measure.ImageReader

    def counting(src, ident=None):  # type: ignore[no-untyped-def]
        read.append(src)
        return real(src, ident)

    monkeypatch.setattr(measure, "ImageReader", counting)
    measure._packaged_image.cache_clear()
    return read


def _cube(letter: str) -> str:
    return f"{CUBE_OPEN}{letter}|#D55E00{CUBE_CLOSE}"


def test_the_spacer_beside_symbols_is_read_once(monkeypatch):
    read = _counted(monkeypatch)
    style = _paragraph_style(TextStyle())
    for text in (f"Pay {_cube('R')} now", f"Gain {_cube('B')} and {_cube('G')}"):
        markup = expand(text, 9.0, 11.25, face_name("bold"))
        assert str(PAD_IMAGE) in markup
        para = Paragraph(markup, style)
        defns = [f.cbDefn for f in para.frags if hasattr(f, "cbDefn")]
        images = [d.image for d in defns if d.kind == "img"]
        assert images and {i.fileName for i in images} == {str(PAD_IMAGE)}
    assert read == [str(PAD_IMAGE)]


def test_an_image_cutsheet_does_not_ship_is_read_each_time(monkeypatch, tmp_path):
    read = _counted(monkeypatch)
    style = _paragraph_style(TextStyle())
    own = tmp_path / "own.png"
    shutil.copy(PAD_IMAGE, own)
    for src in (own, own, PAD_IMAGE, PAD_IMAGE):
        Paragraph(f'a <img src="{src}" width="4" height="4"/> b', style)
    assert read == [str(own), str(own), str(PAD_IMAGE)]
