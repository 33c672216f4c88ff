"""Make cutsheet's bundled fonts from the ``fontpkg-atkinson-hyperlegible`` wheel: every
TrueType file of the wheel, with its hinting removed, into ``src/cutsheet/data/fonts/``.

Hinting (the glyph programs and the ``fpgm``, ``prep``, ``cvt`` tables) only steers how a
glyph snaps to a screen's pixel grid at small sizes; print ignores it, and most PDF viewers
render without it. It is about a third of each font, so every font subset a PDF embeds is
that much smaller. Outlines, metrics, names and the character map are kept as they are:
text is set exactly as with the wheel's files.

    make fonts        # pip download of the wheel, then this script (fontTools from .[fonts])

Usage: python tools/fonts.py WHEEL.whl OUT_DIR
"""

from __future__ import annotations

import sys
import zipfile
from io import BytesIO
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HINTING = ("fpgm", "prep", "cvt ", "cvar", "hdmx", "VDMX", "LTSH")


def dehinted(data: bytes) -> bytes:
    """The font file ``data`` with every glyph and table kept but its hinting removed."""
    font = TTFont(BytesIO(data), recalcTimestamp=False)  # the same bytes every time
    opts = subset.Options()
    opts.hinting = False  # empty glyph programs, no hinting tables
    opts.glyph_names = True
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.name_legacy = True
    opts.notdef_outline = True
    opts.layout_features = ["*"]
    opts.legacy_kern = True
    opts.symbol_cmap = True
    opts.prune_unicode_ranges = False
    opts.recalc_bounds = False
    opts.drop_tables = []
    opts.passthrough_tables = True
    subsetter = subset.Subsetter(opts)
    subsetter.populate(glyphs=font.getGlyphOrder())  # every glyph: nothing is cut away
    subsetter.subset(font)
    left = [tag for tag in HINTING if tag in font]
    if left:
        raise SystemExit(f"fonts: hinting tables left in the font: {left}")
    out = BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    wheel, out_dir = Path(argv[0]), Path(argv[1])
    with zipfile.ZipFile(wheel) as zf:
        names = sorted(n for n in zf.namelist() if n.lower().endswith(".ttf"))
        if not names:
            raise SystemExit(f"fonts: no .ttf file in {wheel}")
        for name in names:
            data = zf.read(name)
            target = out_dir / Path(name).name
            target.write_bytes(dehinted(data))
            print(f"{target}: {len(data):,} → {target.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
