"""The ink-saver profile (``--profile ink-saver``): the same cards, sizes, text and cut lines
as standard, with large colour fills as outlines, backs as a thin frame inside the cut, black
text, and at most 30 % of standard's ink as Ghostscript's ``inkcov`` device measures it."""

from __future__ import annotations

import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pdfplumber
import pytest

from cutsheet.boxes import Box
from cutsheet.content import load_game
from cutsheet.diagnostics import Loc
from cutsheet.layouts import load_layouts
from cutsheet.plan import plan_game
from cutsheet.plan.ink import inked, tint, touches_trim
from cutsheet.plan.model import FacePlan, Run
from cutsheet.profiles import Ink, load_profile

from .readback import plumber_pages, plumber_texts
from .workers import ENGINES_GROUP

GAMES = ("bidding-alpha", "common-reserve", "festival-charter", "festivibes")
PAPERS = ("a4", "letter")
MM = 72 / 25.4
WHITE = "#FFFFFF"


def _faces(repo, game_id: str, profile: str) -> list[tuple[FacePlan, bool]]:
    """Every planned face of a game's cards and sheets: (face, is a face-down back)."""
    game = load_game(repo.content / game_id)
    layouts = load_layouts(repo.layouts, game.spec.layouts)
    plan, problems = plan_game(game, layouts, load_profile(repo.layouts, profile))
    assert not problems, problems
    out = []
    for runs in plan.parts.values():
        for run in runs:
            if isinstance(run, Run):
                for card in run.cards:
                    out.append((card.front, False))
                    if card.back is not None:
                        out.append((card.back, not card.back_is_content))
    return out


def _big_fills(face: FacePlan, keep_mm2: float) -> list[str]:
    return [
        f"{el.box.name} {el.fill}"
        for el in face.elements
        if el.fill not in (None, WHITE) and el.box.w * el.box.h > keep_mm2
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_large_colour_fill_and_no_back_fill_at_the_trim(repo, game_id):
    """Standard has large fills (and backs filled to the trim); ink-saver has none: every fill
    larger than the profile's keep_mm2 is white, and no back's fill touches the trim."""
    ink = load_profile(repo.layouts, "ink-saver").ink
    assert ink is not None
    standard = _faces(repo, game_id, "standard")
    assert any(_big_fills(face, ink.keep_mm2) for face, _ in standard)
    saver = _faces(repo, game_id, "ink-saver")
    assert len(saver) == len(standard)
    for face, back in saver:
        assert not _big_fills(face, ink.keep_mm2)
        if back:
            size = (face.width_mm, face.height_mm)
            assert not [
                el.box.name
                for el in face.elements
                if el.fill not in (None, WHITE) and touches_trim(el.box, size)
            ]


def test_every_game_checks_clean_under_ink_saver(ws):
    for game in GAMES:
        assert ws.check(game, ("ink-saver",)) == []


def _geometry(page: pdfplumber.page.Page) -> list[tuple[float, ...]]:
    """The page's straight lines (crop marks, cut guides, rules), rounded to 0.01 pt."""
    return sorted(
        tuple(round(line[k], 2) for k in ("x0", "top", "x1", "bottom")) for line in page.lines
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_cards_text_and_cut_lines_as_standard_in_black(built, built_ink_saver, game_id):
    """Page for page: the same page sizes, the same words, the same crop marks and lines; and
    every character is black."""
    compared = 0
    for paper in PAPERS:
        for part in ("cards", "sheets"):
            std_path = built / game_id / f"standard-{paper}" / f"{part}.pdf"
            ink_path = built_ink_saver / game_id / f"ink-saver-{paper}" / f"{part}.pdf"
            assert std_path.is_file() == ink_path.is_file()
            if not std_path.is_file():
                continue
            std, saver = plumber_pages(std_path), plumber_pages(ink_path)
            assert len(std) == len(saver)
            texts = zip(plumber_texts(std_path), plumber_texts(ink_path), strict=True)
            for a, b, (text_a, text_b) in zip(std, saver, texts, strict=True):
                assert (a.width, a.height) == (b.width, b.height)
                assert text_a == text_b
                assert _geometry(a) == _geometry(b)
                colours = {tuple(c["non_stroking_color"] or (0,)) for c in b.chars}
                assert colours <= {(0,), (0.0, 0.0, 0.0)}, colours
                compared += 1
    assert compared >= 6


INKCOV_MARK = "cutsheet-tests: the file read next is number "


def _inkcov(paths: list[Path]) -> list[float]:
    """C + M + Y + K coverage summed over every page of each of ``paths``
    (gs -sDEVICE=inkcov), in one Ghostscript process: before each file it prints a marker
    (``INKCOV_MARK``, the file's number) on the stream inkcov prints its pages on, so each
    page's row is counted to its own file."""
    args = ["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-o", "-", "-sDEVICE=inkcov"]
    for number, path in enumerate(paths):
        args += ["-c", f"({INKCOV_MARK}{number}) = flush", "-f", str(path)]
    result = subprocess.run(args, capture_output=True, text=True, check=True)
    rows: list[list[list[str]]] = []
    for line in result.stdout.splitlines():
        if line.strip() == f"{INKCOV_MARK}{len(rows)}":
            rows.append([])
        elif line.strip():
            assert rows, result.stdout  # nothing before the first file's marker
            rows[-1].append(line.split())
    assert len(rows) == len(paths), result.stdout
    for path, file_rows in zip(paths, rows, strict=True):
        assert file_rows and all(len(r) >= 4 for r in file_rows), (path, result.stdout)
    return [sum(float(v) for r in file_rows for v in r[:4]) for file_rows in rows]


@pytest.mark.xdist_group(ENGINES_GROUP)  # Ghostscript reads the files, not readback.py
@pytest.mark.skipif(shutil.which("gs") is None, reason="needs Ghostscript's gs (ghostscript)")
def test_ink_saver_uses_at_most_30_percent_of_standards_ink(built, built_ink_saver):
    """Ghostscript's inkcov device over every page of every game's cards and sheets, both
    papers: ink-saver's total is at most 30 % of standard's."""
    totals = {"standard": 0.0, "ink-saver": 0.0}
    files = 0
    paths = {
        profile: [
            path
            for path in sorted(folder.glob(f"*/{profile}-*/*.pdf"))
            if path.name in ("cards.pdf", "sheets.pdf")
        ]
        for profile, folder in (("standard", built), ("ink-saver", built_ink_saver))
    }
    with ThreadPoolExecutor(max_workers=2) as pool:  # one gs a profile; summed in file order
        coverage = dict(zip(totals, pool.map(_inkcov, [paths[p] for p in totals]), strict=True))
    for profile in totals:
        for ink in coverage[profile]:
            totals[profile] += ink
            files += 1
    assert files >= 2 * 2 * (len(GAMES) + 3)  # every game's cards, three games' sheets
    assert totals["ink-saver"] <= 0.30 * totals["standard"], totals


def _pdf(path: Path, fills: list[tuple[float, float, float, float] | None]) -> Path:
    """A small PDF, one page a fill: a page filled with that CMYK colour, or left blank."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(100, 100), invariant=True)
    for fill in fills:
        if fill is not None:
            c.setFillColorCMYK(*fill)
            c.rect(0, 0, 100, 100, stroke=0, fill=1)
        c.showPage()
    c.save()
    return path


@pytest.mark.skipif(shutil.which("gs") is None, reason="needs Ghostscript's gs (ghostscript)")
def test_inkcov_of_many_files_in_one_process_counts_each_files_own_pages(tmp_path):
    """One gs reading several files gives each file the coverage it has read alone."""
    files = [
        _pdf(tmp_path / "cyan.pdf", [(1, 0, 0, 0)]),
        _pdf(tmp_path / "blank-and-black.pdf", [None, (0, 0, 0, 1), None]),
        _pdf(tmp_path / "half.pdf", [(0, 0.5, 0.5, 0)]),
    ]
    together = _inkcov(files)
    assert together == [_inkcov([path])[0] for path in files]
    assert all(v > 0.9 for v in together), together  # each file's one page of ink


def _box(x: float, y: float, w: float, h: float, kind: str = "rect") -> Box:
    return Box(name="b", kind=kind, x=x, y=y, w=w, h=h, loc=Loc("t.yaml", 1, 1))


def test_a_backs_fill_at_the_trim_becomes_a_frame_inside_the_cut():
    ink = Ink()
    box, fill, stroke = inked(_box(0, 0, 63, 88), "#0072B2", None, (63, 88), ink, back=True)
    assert fill is None and stroke == "#0072B2"
    assert (box.x, box.y, box.w, box.h) == (3, 3, 57, 82)
    assert box.stroke_width == ink.frame_width
    # on a front the same fill is an outline in its colour, where it was
    box, fill, stroke = inked(_box(0, 0, 63, 88), "#0072B2", None, (63, 88), ink, back=False)
    assert fill is None and stroke == "#0072B2" and (box.x, box.w) == (0, 63)


def test_outlines_tints_and_what_is_kept():
    ink = Ink()
    size = (63.0, 88.0)
    # a pale colour keeps the shape's own (black) outline; a strong one outlines in itself
    assert inked(_box(5, 5, 20, 20), "#F0E442", "#000000", size, ink, False)[1:] == (
        None,
        "#000000",
    )
    assert inked(_box(5, 5, 20, 20), "#009E73", "#000000", size, ink, False)[1:] == (
        None,
        "#009E73",
    )
    # an icon stays white inside; a small mark keeps its colour; white stays white
    assert inked(_box(5, 5, 20, 20, "icon"), "#D55E00", None, size, ink, False)[1] == WHITE
    assert inked(_box(5, 5, 2, 9), "#000000", None, size, ink, False)[1] == "#000000"
    assert inked(_box(5, 5, 20, 20), WHITE, "#FFFFFF", size, ink, False)[1:] == (WHITE, "#000000")
    # the tint mode mixes with white and outlines in the colour
    tinted = Ink(fills="tint", tint=0.2)
    assert inked(_box(5, 5, 20, 20), "#0072B2", None, size, tinted, False)[1:] == (
        tint("#0072B2", 0.2),
        "#0072B2",
    )
    assert tint("#000000", 0.2) == "#CCCCCC" and tint("#0072B2", 1.0) == "#0072B2"
