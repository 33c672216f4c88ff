"""Page furniture read back from the built PDFs: the 100 % note, the 50 mm scale bar with its
"50 mm", and the sheet label keep clear of every crop mark on every card and sheet page."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from cutsheet.profiles import load_profile

from .readback import plumber_pages

MM = 72 / 25.4
TOLERANCE = 1.0  # mm: a piece of furniture grown this much on every side still misses every mark
MARK_PT = 0.25  # crop marks are the 0.25 pt lines (see test_large_print._cut_pitches)
BAR_PT = 0.6  # the scale bar's line and ticks
LABEL = re.compile(
    r"^(.+ · (cards|sheets) · sheet|(.+ · )?(cards|sheets)) \d+( front| back)?( \(blank\))?$"
)
GAMES = ["bidding-alpha", "common-reserve", "festival-charter", "festivibes"]

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in points (pdfplumber's)


def _box(objs: list[dict]) -> Box:
    return (
        min(o["x0"] for o in objs),
        min(o["top"] for o in objs),
        max(o["x1"] for o in objs),
        max(o["bottom"] for o in objs),
    )


def _runs(page: pdfplumber.page.Page) -> list[tuple[str, Box]]:
    """Runs of text: characters on one baseline, one direction and one font, each starting
    where the one before ended (sideways text advances up the page)."""
    runs: list[tuple[tuple, list[dict]]] = []
    for ch in page.chars:
        m = ch["matrix"]
        sideways = abs(m[1]) > 0.5
        key = (round(m[0], 3), round(m[1], 3), round(m[4] if sideways else m[5], 2), ch["fontname"])
        if runs and runs[-1][0] == key:
            last = runs[-1][1][-1]
            step = last["top"] - ch["bottom"] if sideways else ch["x0"] - last["x1"]
            if abs(step) < 0.5:
                runs[-1][1].append(ch)
                continue
        runs.append((key, [ch]))
    return [("".join(c["text"] for c in chars), _box(chars)) for _, chars in runs]


def _bars(page: pdfplumber.page.Page) -> list[Box]:
    """Each 50 mm bar with the ticks across it."""
    strokes = [ln for ln in page.lines if abs(ln["linewidth"] - BAR_PT) < 0.01]
    out = []
    for bar in strokes:
        if abs(max(bar["x1"] - bar["x0"], bar["bottom"] - bar["top"]) - 50 * MM) > 0.1:
            continue
        x0, top, x1, bottom = _box([bar])
        ticks = [
            t
            for t in strokes
            if t["x0"] <= x1 + 0.5
            and x0 - 0.5 <= t["x1"]
            and t["top"] <= bottom + 0.5
            and top - 0.5 <= t["bottom"]
        ]
        out.append(_box(ticks))
    return out


def furniture(page: pdfplumber.page.Page, note: str) -> list[tuple[str, Box]]:
    """The note, the bar's label, the sheet label and the bar, each with its ink's box."""
    names = {note: "note", "50 mm": "50 mm"}
    text = [(names.get(t, "label"), box) for t, box in _runs(page) if t in names or LABEL.match(t)]
    return text + [("bar", box) for box in _bars(page)]


def marks(page: pdfplumber.page.Page) -> list[Box]:
    return [_box([ln]) for ln in page.lines if abs(ln["linewidth"] - MARK_PT) < 0.01]


def near(a: Box, b: Box, gap: float) -> bool:
    """``a`` grown ``gap`` points on every side meets ``b``."""
    return a[0] - gap < b[2] and b[0] < a[2] + gap and a[1] - gap < b[3] and b[1] < a[3] + gap


def imposed_pdfs(built: Path, game: str) -> list[Path]:
    return sorted(built.glob(f"{game}/*/cards.pdf")) + sorted(built.glob(f"{game}/*/sheets.pdf"))


@pytest.mark.parametrize("game", GAMES)
def test_furniture_keeps_clear_of_every_crop_mark(built, repo, game):
    """Every page with crop marks carries the note, the bar, its "50 mm" and the label once
    each; none of them comes within 1 mm of a mark (impose keeps 1.5 mm at the very least
    from the glyphs, 2.5 mm where the margins allow; 1 mm was what read as touching)."""
    pdfs = imposed_pdfs(built, game)
    assert pdfs
    pages = 0
    for path in pdfs:
        note = load_profile(repo.layouts, path.parent.name.rsplit("-", 1)[0]).scale_note
        for number, page in enumerate(plumber_pages(path), 1):
            cuts = marks(page)
            if not cuts:
                continue
            pages += 1
            where = f"{path.relative_to(built)} page {number}"
            pieces = furniture(page, note)
            assert sorted(k for k, _ in pieces) == ["50 mm", "bar", "label", "note"], where
            for kind, box in pieces:
                hit = [m for m in cuts if near(box, m, TOLERANCE * MM)]
                assert not hit, (where, kind, [round(v / MM, 2) for v in box], hit[:1])
    assert pages >= len(pdfs)  # marks are found: every file has marked pages


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 where they meet), in points."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3], 0.0)


@pytest.mark.parametrize("game", GAMES)
def test_the_scale_bar_stands_well_apart_from_the_crop_marks(built, game):
    """The bar keeps ``LINE_CLEAR_WIDE`` (4 mm) from every crop mark on every page of the
    four games, and stands in the middle of a side margin: at 2.5 mm, its end tick in line
    with a mark read as part of it (the review found it so on 214 of 277 pages)."""
    from cutsheet.impose.base import LINE_CLEAR_WIDE

    closest = []
    for path in imposed_pdfs(built, game):
        for number, page in enumerate(plumber_pages(path), 1):
            cuts = marks(page)
            for bar in _bars(page) if cuts else ():
                gap = min(_gap(bar, m) for m in cuts) / MM
                closest.append((round(gap, 2), f"{path.relative_to(built)} page {number}"))
    assert closest
    assert min(closest)[0] >= LINE_CLEAR_WIDE - 0.05, min(closest)
