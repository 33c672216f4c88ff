"""Cut-ready on every printer, read back from the PDFs: the 5 mm printable safe area, art to
the trim, bleed with its TrimBox and BleedBox, gutterfold mirroring, text off the trim."""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from cutsheet.build import Options, build

from .readback import plumber_pages

MM = 72 / 25.4
SAFE = 5.0


def _quiet(_m: str) -> None:
    pass


def _ink(page: pdfplumber.page.Page) -> list[dict]:
    objs = page.chars + page.lines + page.rects + page.curves + page.images
    return [o for o in objs if o.get("non_stroking_color") != (1, 1, 1) or o.get("stroke")]


INK_DPI = 100  # a pixel is 0.25 mm


def test_no_ink_within_5_mm_of_any_paper_edge(built):
    """Every page of every PDF, both papers, both profiles, rendered: marks, notes, bars, art
    and text leave the outer 5 mm of the paper white (less a pixel for anti-aliasing)."""
    import pypdfium2 as pdfium

    pdfs = sorted(built.rglob("*.pdf"))
    assert len(pdfs) == 60
    band = math.floor((SAFE - 0.3) * INK_DPI / 25.4)  # whole pixels inside the 5 mm band
    for path in pdfs:
        doc = pdfium.PdfDocument(path)
        for number, page in enumerate(doc, 1):
            image = page.render(scale=INK_DPI / 72, grayscale=True).to_pil()
            w, h = image.size
            strips = ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h))
            darkest = [image.crop(strip).getextrema()[0] for strip in strips]
            assert min(darkest) >= 250, (str(path.relative_to(built)), number, darkest)
        doc.close()


def _stroke_extent(o: dict) -> tuple[float, float, float, float]:
    """(x0, x1, top, bottom) of the ink a stroked object lays down: a straight line's stroke
    reaches half its width either side of it (its butt ends stop at its ends), a shape's all
    round."""
    half = (o.get("linewidth") or 0) / 2 if o.get("stroke", True) else 0
    if o["object_type"] == "line" and abs(o["top"] - o["bottom"]) < 0.01:
        return o["x0"], o["x1"], o["top"] - half, o["bottom"] + half
    if o["object_type"] == "line" and abs(o["x0"] - o["x1"]) < 0.01:
        return o["x0"] - half, o["x1"] + half, o["top"], o["bottom"]
    return o["x0"] - half, o["x1"] + half, o["top"] - half, o["bottom"] + half


def test_no_stroke_reaches_into_the_5_mm_margin(built):
    """The rendered check above allows a pixel for anti-aliasing; this one reads the vectors:
    no line's or shape's stroke, counted half its width out from its path, comes within 5 mm
    of a paper edge (the scale bar's first tick sat on the 5 mm line, its 0.6 pt stroke
    0.1 mm inside the margin)."""
    for path in sorted(built.rglob("*.pdf")):
        for number, page in enumerate(plumber_pages(path), 1):
            for o in page.lines + page.rects + page.curves:
                x0, x1, top, bottom = _stroke_extent(o)
                nearest = min(x0, page.width - x1, top, page.height - bottom) / MM
                assert nearest >= SAFE - 0.005, (str(path.relative_to(built)), number, nearest)


def _fills(page: pdfplumber.page.Page, rgb: tuple[float, ...]) -> list[dict]:
    return [
        o
        for o in page.rects + page.curves
        if o.get("fill") and tuple(round(c, 3) for c in o["non_stroking_color"] or ()) == rgb
    ]


BLUE = (0.0, 0.447, 0.698)  # #0072B2, Common Reserve's back


def test_backs_are_coloured_to_the_trim_and_cards_share_cut_lines(built):
    back = plumber_pages(built / "common-reserve" / "standard-a4" / "cards.pdf")[1]
    blues = sorted(_fills(back, BLUE), key=lambda o: (o["top"], o["x0"]))
    ground = max(blues, key=lambda o: o["width"] * o["height"])  # under them all (grounds)
    assert ground["width"] / MM == pytest.approx(3 * 63, abs=0.05)
    blues = [o for o in blues if o is not ground]
    assert len(blues) == 9
    for o in blues:  # each back fills its whole 63 × 88 mm card
        assert o["width"] / MM == pytest.approx(63, abs=0.05)
        assert o["height"] / MM == pytest.approx(88, abs=0.05)
    row = [o for o in blues if abs(o["top"] - blues[0]["top"]) < 0.1]
    for a, b in zip(row, row[1:], strict=False):  # neighbours touch: one shared cut
        assert b["x0"] == pytest.approx(a["x1"], abs=0.05)


@pytest.fixture(scope="module")
def bled(repo, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("bleed")
    options = Options(profiles=("standard",), papers=("a4", "letter"), bleed=3.0)
    _o, report = build(repo, ["common-reserve"], options, out, jobs=1, progress=_quiet)
    assert not report.errors
    return out


def _boxes(path: Path) -> list[tuple[list[float], list[float]]]:
    with pikepdf.open(path) as pdf:
        return [([float(v) for v in p.TrimBox], [float(v) for v in p.BleedBox]) for p in pdf.pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_bleed_sets_trim_and_bleed_boxes_3_mm_apart_and_art_reaches_the_bleed(bled, paper):
    path = bled / "common-reserve" / f"standard-{paper}" / "cards.pdf"
    boxes = _boxes(path)
    trim, bleed = boxes[1]  # a back page
    for t, b, sign in zip(trim, bleed, (-1, -1, 1, 1), strict=True):
        assert (b - t) * sign / MM == pytest.approx(3.0, abs=0.01)
    blues = _fills(plumber_pages(path)[1], BLUE)  # the module's build, never written again
    ground = max(blues, key=lambda o: o["width"] * o["height"])  # under them all (grounds)
    blues = [o for o in blues if o is not ground]
    assert len(blues) >= 2
    for o in blues:  # every back's art is its card grown by the bleed
        assert o["width"] / MM == pytest.approx(63 + 6, abs=0.05)
        assert o["height"] / MM == pytest.approx(88 + 6, abs=0.05)
    left = min(o["x0"] for o in blues)
    assert left == pytest.approx(bleed[0], abs=0.05)  # the art reaches the BleedBox
    # the backs' bleeds meet halfway between the cards: one ground under them, no seam
    # (and none past their art)
    assert ground["x0"] == pytest.approx(left, abs=0.05)
    assert ground["x1"] == pytest.approx(max(o["x1"] for o in blues), abs=0.05)
    assert ground["top"] == pytest.approx(min(o["top"] for o in blues), abs=0.05)
    assert ground["bottom"] == pytest.approx(max(o["bottom"] for o in blues), abs=0.05)


def test_every_page_has_a_trim_box_and_a_bleed_box(built):
    for path in (built / "common-reserve" / "standard-a4").glob("*.pdf"):
        with pikepdf.open(path) as pdf:
            for page in pdf.pages:
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj, path


@pytest.fixture(scope="module")
def folded(repo, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gutterfold")
    options = Options(profiles=("standard",), papers=("a4",), imposition="gutterfold")
    _o, report = build(repo, ["festivibes"], options, out, jobs=1, progress=_quiet)
    assert not report.errors
    return out


def test_gutterfold_puts_each_back_behind_its_own_front(folded):
    """Festi'vibes festivals print their id on both sides: across the fold line, the mirror
    of each front's id is the same id on its back."""
    path = folded / "festivibes" / "standard-a4" / "cards.pdf"
    with pdfplumber.open(path) as doc:
        page = doc.pages[0]
        fold = [
            ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["linewidth"] > 0.4
        ]
        assert fold, "a fold line"
        x_fold = fold[0]["x0"]
        ids = [w for w in page.extract_words() if w["text"].startswith("FV-FEST-")]
    fronts = [w for w in ids if w["x1"] < x_fold]
    backs = [w for w in ids if w["x0"] > x_fold]
    assert fronts and len(fronts) == len(backs)
    for w in fronts:
        centre = ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2)
        mirror = 2 * x_fold - centre[0]
        near = min(
            backs, key=lambda b: abs((b["x0"] + b["x1"]) / 2 - mirror) + abs(b["top"] - w["top"])
        )
        assert near["text"] == w["text"]
        card_w = 63 * MM  # the id sits inside the mirrored card, not beside it
        assert abs((near["x0"] + near["x1"]) / 2 - mirror) < card_w


def _glyph_boxes(style: str) -> dict[str, tuple[int, int, int, int]]:
    """Each character's glyph bounds (xMin, yMin, xMax, yMax, in thousandths of an em) in the
    packaged Atkinson Hyperlegible ``style`` (Regular, Bold, Italic, BoldItalic), from its
    glyph table: the ink a character really lays down, not the font's declared descent."""
    import struct

    from reportlab.pdfbase.ttfonts import TTFontFile

    from cutsheet.measure import FONT_DIR

    face = TTFontFile(str(FONT_DIR / f"AtkinsonHyperlegible-{style}.ttf"))
    assert face.unitsPerEm == 1000
    glyf, places = face.get_table("glyf"), face.glyphPos
    boxes = {}
    for code, glyph in face.charToGlyph.items():
        at, end = places[glyph], places[glyph + 1]
        if end - at >= 10:
            boxes[chr(code)] = struct.unpack(">hhhh", glyf[at + 2 : at + 10])
    return boxes


def test_no_card_text_inks_within_3_mm_of_its_trim(exported_pod):
    """Every character of every card of every game, both profiles (the print-on-demand
    export: one card a page, its TrimBox the cut), keeps its glyph's ink at least 3 mm inside
    the trim. Measured on the glyphs' own outlines: pdfplumber's boxes use the font's declared
    descent (0.29 em against a 'g' of 0.19), which put a player aid's 'p' 2.9 mm from the
    trim where its ink is 3.3 mm from it (a review)."""
    import pypdf

    boxes = {s: _glyph_boxes(s) for s in ("Regular", "Bold", "Italic", "BoldItalic")}
    nearest, checked = (math.inf, ""), 0
    for path in sorted(exported_pod.rglob("*.pdf")):
        trims = [[float(v) for v in page.trimbox] for page in pypdf.PdfReader(path).pages]
        with pdfplumber.open(path) as pdf:
            for n, page in enumerate(pdf.pages):
                x0, y0, x1, y1 = trims[n]
                for c in page.chars:
                    if not c["text"].strip():
                        continue
                    style = c["fontname"].split("+")[-1].removeprefix("AtkinsonHyperlegible-")
                    a, b, m = boxes[style][c["text"]], float(c["size"]) / 1000, c["matrix"]
                    upright = m[1] == m[2] == 0 and m[0] == m[3] > 0  # (no rise: no <super>)
                    assert upright, (path.name, n + 1, c["text"], m)
                    left, bottom = m[4] + a[0] * b, m[5] + a[1] * b
                    right, top = m[4] + a[2] * b, m[5] + a[3] * b
                    gap = min(left - x0, x1 - right, bottom - y0, y1 - top) / MM
                    nearest = min(nearest, (gap, f"{path.name} page {n + 1} {c['text']!r}"))
                    checked += 1
    assert checked > 50_000  # every card's text was read, in both profiles
    assert nearest[0] >= 3.0 - 0.005, nearest


def test_text_within_3_mm_of_a_trim_is_a_located_error(ws):
    line = ws.line_of("layouts/festivibes.yaml", "      effect-rule:")
    text = ws.path("layouts/festivibes.yaml").read_text()
    ws.path("layouts/festivibes.yaml").write_text(
        text.replace("effect-rule: {x: 6,", "effect-rule: {x: 1.5,")
    )
    problems = [str(p) for p in ws.check("festivibes")]
    assert any(
        p.startswith(f"layouts/festivibes.yaml:{line}:7: error: ")
        and "text box 'effect-rule'" in p
        and "comes 1.5 mm from the left trim" in p
        for p in problems
    ), problems


def test_a_box_too_near_the_trim_is_said_once_a_profile(tmp_path, capsys):
    """The same layout mistake on every card, in standard and in large print (which fits each
    card's face to it, so checks each card's own), is two lines, not one a card: the
    large-print one names the profile, the card's size and how many cards share it."""
    from cutsheet.cli import main
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "my-game")
    layout = tmp_path / "layouts" / "my-game.yaml"
    text = layout.read_text()
    old = "title: {x: 5, y: 6, w: 53,"
    assert old in text
    layout.write_text(text.replace(old, "title: {x: 2, y: 6, w: 56,"))
    line = next(i for i, t in enumerate(layout.read_text().splitlines(), 1) if "title: {x: 2" in t)
    assert main(["--root", str(tmp_path), "check"]) == 1
    err = capsys.readouterr().err
    found = [e for e in err.splitlines() if "text box 'title'" in e]
    assert len(found) == 2, err
    standard, large = sorted(found, key=lambda e: " in large-print (" in e)
    head = f"layouts/my-game.yaml:{line}:7: error: "
    assert standard.endswith(
        f"{head}text box 'title' of face 'card-front' comes 2.0 mm from the left trim; keep text"
        " at least 3 mm inside it"
    ), standard
    assert f"{head}MG-" in large and " more), text box 'title' of face 'card-front' in" in large
    assert " in large-print (" in large and " mm from the left trim" in large, large


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_bleed_builds_crop_marks_are_3_mm_or_longer(bled, paper):
    """A print shop's cutter lines a sheet up on its crop marks: with bleed, none is shorter
    than 3 mm (home printing may shorten them to 2 mm to fit one more row)."""
    path = bled / "common-reserve" / f"standard-{paper}" / "cards.pdf"
    marks = [
        ln
        for page in plumber_pages(path)
        for ln in page.lines
        if abs(ln["linewidth"] - 0.25) < 0.01  # crop marks are 0.25 pt
    ]
    assert len(marks) > 20
    lengths = [max(abs(m["x1"] - m["x0"]), abs(m["bottom"] - m["top"])) / MM for m in marks]
    assert min(lengths) >= 3.0 - 0.01, min(lengths)


def test_bands_of_nearly_equal_width_share_their_left_cut_line():
    """Two bands a few millimetres apart in width (185 mm aid over two 89 mm cards; nine
    20 mm tokens under three 63 mm cards) stand on the widest one's left edge, with its left
    mark zone: centred, their corner marks stood a few millimetres apart, a cluster that
    invites a wrong cut. A band much narrower, or as wide, stays where it was."""
    from cutsheet.impose.geometry import ALIGN_MM, _aligned, _Band

    aid = _Band((185.0, 130.0), 0.0, 1, 1, 12.5, 280.0, (5.0, 5.0, 5.0, 5.0))
    cards = _Band((89.0, 127.0), 0.0, 2, 2, 16.0, 140.0, (5.0, 5.0, 8.5, 8.5))
    one = _Band((63.0, 88.0), 0.0, 1, 1, 73.5, 100.0, (5.0, 5.0, 60.0, 60.0))
    moved, far = _aligned([aid, cards, one])[1:]
    assert (moved.x, moved.depth[2], moved.depth[3]) == (12.5, 5.0, 8.5)
    assert moved.box.w == cards.box.w and moved.top == cards.top
    assert far == one and far.x - aid.x >= ALIGN_MM
    assert _aligned([aid, aid]) == [aid, aid]
    unmarked = _Band((185.0, 130.0), 0.0, 1, 1, 12.5, 280.0, (5.0, 5.0, 0.0, 5.0))
    assert _aligned([unmarked, cards])[1] == cards  # no left marks to share
