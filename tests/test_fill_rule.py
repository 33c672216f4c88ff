"""Every path cutsheet draws names its fill rule, so its bytes never depend on what the
process imported before: svglib (imported for a project's SVG icon) patches ReportLab's
``Canvas.drawPath`` so that a path without one is filled non-zero for the rest of the
process."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import hashlib, io, sys
if sys.argv[1] == "svg":
    import svglib.svglib  # noqa: F401 - its import patches Canvas.drawPath
from reportlab.pdfgen.canvas import Canvas
from cutsheet.render.icons import ICONS, draw_icon
buf = io.BytesIO()
c = Canvas(buf, invariant=1, pageCompression=0)
for i, name in enumerate(sorted(ICONS)):
    draw_icon(c, name, 20 + (i % 10) * 50, 20 + (i // 10) * 50, 40, 40, "#D55E00", "#000000")
c.showPage()
c.save()
print(hashlib.sha256(buf.getvalue()).hexdigest())
"""


def _drawn(mode: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_icons_draw_the_same_bytes_after_svglib_is_imported():
    assert _drawn("svg") == _drawn("plain")
