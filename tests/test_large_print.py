"""Large print: read every large-print PDF back and hold it to the profile's promises."""

from __future__ import annotations

import glob
import re
from pathlib import Path
from typing import Any

import pikepdf
import pytest

from cutsheet.contrast import contrast
from cutsheet.layouts import load_layouts
from cutsheet.profiles import load_profile

from .conftest import ROOT
from .readback import plumber_pages, plumber_texts, pypdf_texts

MM = 72 / 25.4
GAMES = ["bidding-alpha", "common-reserve", "festival-charter", "festivibes"]


def lp_pdfs(built: Path) -> list[Path]:
    return [Path(p) for p in sorted(glob.glob(str(built / "*" / "large-print-*" / "*.pdf")))]


def test_every_game_has_a_large_print_set(built):
    names = {p.relative_to(built).parts[:2] for p in lp_pdfs(built)}
    assert names == {(g, f"large-print-{paper}") for g in GAMES for paper in ("a4", "letter")}


@pytest.mark.parametrize("game", GAMES)
def test_no_character_under_18_pt_and_no_italics(built, game):
    for path in [p for p in lp_pdfs(built) if p.relative_to(built).parts[0] == game]:
        for number, page in enumerate(plumber_pages(path), 1):
            for ch in page.chars:
                # pdfminer reports a rotated glyph's advance as its size; its box width is the size
                size = ch["size"] if ch["upright"] else ch["x1"] - ch["x0"]
                where = f"{path.relative_to(built)} page {number} {ch['text']!r}"
                assert size >= 17.99, where
                assert "Italic" not in ch["fontname"], where


def _cut_pitches(path: Path, page: int) -> tuple[list[int], list[int]]:
    marks = [ln for ln in plumber_pages(path)[page].lines if abs(ln["linewidth"] - 0.25) < 0.01]
    xs = sorted({round(ln["x0"], 2) for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01})
    ys = sorted({round(ln["top"], 2) for ln in marks if abs(ln["top"] - ln["bottom"]) < 0.01})
    return (
        [round((b - a) / MM) for a, b in zip(xs, xs[1:], strict=False)],
        [round((b - a) / MM) for a, b in zip(ys, ys[1:], strict=False)],
    )


def test_cards_grow_only_as_far_as_their_design_needs(built):
    # dense delivery cards keep their design on a jumbo card, 2 × 2 a page (the reminder every
    # delivery repeats is said once, on the deck's reference card)
    assert _cut_pitches(built / "common-reserve" / "large-print-a4" / "cards.pdf", 0) == (
        [89, 89],
        [127, 127],
    )
    # priority cards and vote cards, whose tick and cross keep their size, jumbo too
    path = built / "festival-charter" / "large-print-a4" / "cards.pdf"
    assert {str(_cut_pitches(path, i)) for i in (0, 4)} == {"([89, 89], [127, 127])"}


def test_marks_beside_the_cards_stay_full_length_where_those_above_are_short(built):
    """Two 185 × 130 mm player aids fill an A4 page: the page label above them and the print
    note below leave room for the shortest marks there (1.5 mm), but the margins beside the
    cards have room for full ones, 5 mm, which a low-vision player can see to cut by (they
    were 1.5 mm all round)."""
    path = built / "bidding-alpha" / "large-print-a4" / "cards.pdf"
    page = next(
        p
        for p in plumber_pages(path)
        if len([w for w in p.extract_words() if w["text"] == "BA-AID"]) == 2
    )
    left, right = 12.5 * MM, page.width - 12.5 * MM  # the cards' cut lines, 185 mm apart
    marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]
    beside = [  # horizontal, in the margins left and right of the cards
        ln
        for ln in marks
        if abs(ln["top"] - ln["bottom"]) < 0.01 and (ln["x1"] <= left or ln["x0"] >= right)
    ]
    ends = [  # vertical, on the cards' cut lines, above and below them
        ln
        for ln in marks
        if abs(ln["x0"] - ln["x1"]) < 0.01 and min(abs(ln["x0"] - x) for x in (left, right)) < 0.1
    ]
    assert len(beside) == 6 and len(ends) == 4, (len(beside), len(ends))
    assert all(abs((ln["x1"] - ln["x0"]) / MM - 5.0) < 0.01 for ln in beside)
    assert min(min(ln["x0"], page.width - ln["x1"]) for ln in beside) / MM >= 5.0 - 0.01
    assert all((ln["bottom"] - ln["top"]) / MM >= 1.5 - 0.01 for ln in ends)


@pytest.mark.parametrize("game", GAMES)
def test_a_colour_that_runs_to_the_trim_still_does_in_large_print(built, game):
    """A shape that fills a card from cut to cut (a deck's coloured back) fills the whole
    cell between the crop marks: a design that gives space back still ends at the card's
    foot (the alpha game's backs stopped 4.6 mm short, a white strip once cut)."""
    path = built / game / "large-print-a4" / "cards.pdf"
    checked = 0
    for page in plumber_pages(path):
        marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]
        xs = sorted({round(ln["x0"], 1) for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01})
        ys = sorted({round(ln["top"], 1) for ln in marks if abs(ln["top"] - ln["bottom"]) < 0.01})
        for r in page.rects:
            if not r["fill"] or not xs or not ys:
                continue
            spans_width = any(
                abs(r["x0"] - a) < 0.5 and abs(r["x1"] - b) < 0.5
                for a, b in zip(xs, xs[1:], strict=False)
            )
            touches_cut = any(abs(r["top"] - y) < 0.5 or abs(r["bottom"] - y) < 0.5 for y in ys)
            if spans_width and touches_cut:
                checked += 1
                cell = [(a, b) for a, b in zip(ys, ys[1:], strict=False) if a - 0.5 <= r["top"] < b]
                assert cell and abs(r["bottom"] - cell[0][1]) < 0.5, (page.page_number, r["top"])
    assert checked, "no full-width coloured shape found"


# Reference cards may be bigger than a sleeve: they lie on the table, two a page (185 × 130).
REFERENCE_TITLES = {
    "bidding-alpha": ("Player aid", "What the panels mean"),
    "festivibes": ("On your turn", "Event effects"),
}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_deck_card_fits_a_jumbo_sleeve(built, game, paper):
    """Every card cell of a large-print cards file, read from its crop marks, is at most
    89 × 127 mm (a jumbo sleeve), but for the pages of reference cards."""
    path = built / game / f"large-print-{paper}" / "cards.pdf"
    texts = pypdf_texts(path)
    decks = 0
    for page in range(len(texts)):
        widths, heights = _cut_pitches(path, page)
        if not widths or not heights:
            continue  # a page without cards (the duplex calibration)
        if max(widths) <= 89 and max(heights) <= 127:
            decks += 1
            continue
        text = texts[page]
        titles = REFERENCE_TITLES.get(game, ())
        assert any(t in text for t in titles), (path.name, page + 1, widths, heights)
        # a reference card is 185 × 130; anything else on its page fits a sleeve
        assert all(w <= 89 or w == 185 for w in widths), (page + 1, widths)
        assert all(h <= 127 or h == 130 for h in heights), (page + 1, heights)
    assert decks >= 2


@pytest.mark.parametrize("game", GAMES)
def test_only_reference_cards_are_bigger_than_a_jumbo_sleeve(repo, game):
    """In the plan: every large-print card run bigger than 89 × 127 mm is a reference card
    (one that goes on over its back), never a deck."""
    from cutsheet.content import load_game
    from cutsheet.plan import plan_game
    from cutsheet.plan.model import Run

    g = load_game(repo.content / game)
    layouts = load_layouts(repo.layouts, g.spec.layouts)
    planned, problems = plan_game(g, layouts, load_profile(repo.layouts, "large-print"))
    assert problems == []
    specs = {c.id: c.spec for c in g.components}
    runs = [r for r in planned.parts["cards"] if isinstance(r, Run)]
    assert runs
    for run in runs:
        if run.size[0] > 89 or run.size[1] > 127:
            assert specs[run.component].overleaf, (run.component, run.size)


# Standard print says these on every card of a deck; large print says them once, on the
# deck's own large-print reference card.
SAID_ONCE = {
    "bidding-alpha": "once more in final scoring",
    "common-reserve": "Nothing missing: 2 points",
    "festival-charter": "Built symbols score for everyone who names them",
    "festivibes": "every ticket on",
}


@pytest.mark.parametrize("game", GAMES)
def test_what_every_card_repeats_is_said_once_in_large_print(built, game):
    def count(profile: str) -> int:
        texts = pypdf_texts(built / game / f"{profile}-a4" / "cards.pdf")
        text = " ".join(" ".join((t or "").split()) for t in texts)
        return text.count(SAID_ONCE[game])

    assert count("standard") >= 2
    assert count("large-print") == 1


def test_a_deck_card_that_does_not_fit_a_jumbo_sleeve_is_an_error(ws):
    """A deck card never grows past jumbo: text that does not fit is a located error."""
    rel = "content/common-reserve/deliveries.yaml"
    ws.edit(rel, "    name: Seed Tent\n", "    name: Seed Tent of the Long Summer Evenings\n")
    line = ws.line_of(rel, "    name: Seed Tent")
    problems = [str(p) for p in _check_lp(ws)]
    assert problems and all("89×127 mm card" in p for p in problems), problems
    assert problems[0].startswith(f"{rel}:{line}:"), problems


def _plan_at(repo, game_id: str, component: str, size: tuple[float, float]) -> list[str]:
    """The problems of one component planned at ``size`` in large print, never grown."""
    import dataclasses

    from cutsheet.content import load_game
    from cutsheet.plan.cards import plan_component

    game = load_game(repo.content / game_id)
    layouts = load_layouts(repo.layouts, game.spec.layouts)
    comp = next(c for c in game.components if c.id == component)
    spec = comp.spec.model_copy(update={"sizes": {"large-print": size}})
    comp = dataclasses.replace(comp, spec=spec)
    profile = load_profile(repo.layouts, "large-print").model_copy(update={"card_sizes": []})
    _run, problems, _faulty = plan_component(game, comp, layouts, profile, set())
    return [p.text for p in problems]


@pytest.mark.parametrize("game", GAMES)
def test_no_card_is_bigger_than_its_design_needs(repo, game):
    """A component printed bigger than its own size in large print does not fit the next
    smaller card it could have had: its own size, jumbo (89 × 127)."""
    from cutsheet.content import load_game
    from cutsheet.model import size_mm
    from cutsheet.plan import plan_game
    from cutsheet.plan.model import Run

    g = load_game(repo.content / game)
    layouts = load_layouts(repo.layouts, g.spec.layouts)
    planned, problems = plan_game(g, layouts, load_profile(repo.layouts, "large-print"))
    assert problems == []
    specs = {c.id: c.spec for c in g.components}
    for run in (r for part in planned.parts.values() for r in part if isinstance(r, Run)):
        spec = specs[run.component]
        if f"{spec.face}@large-print" in layouts.faces:
            continue  # laid out as written for its own size
        own = size_mm(spec.size)
        smaller = [own, size_mm("jumbo")]
        smaller = [s for s in smaller if s[0] * s[1] < run.size[0] * run.size[1]]
        smaller = [s for s in smaller if s[0] * s[1] >= own[0] * own[1]]
        for size in smaller[-1:]:
            assert any("does not fit" in m for m in _plan_at(repo, game, run.component, size)), (
                run.component,
                run.size,
                size,
            )


def test_write_in_rows_are_at_least_12_mm(built):
    path = built / "common-reserve" / "large-print-a4" / "sheets.pdf"
    page = next(
        p
        for p, t in zip(plumber_pages(path), plumber_texts(path), strict=True)
        if "Session record" in (t or "")
    )
    rules = sorted(
        {round(e["top"], 1) for e in page.edges if e["orientation"] == "h" and e["width"] > 100}
    )
    gaps = [round((b - a) / MM, 1) for a, b in zip(rules, rules[1:], strict=False)]
    rows = [g for g in gaps if g > 5]
    assert len(rows) >= 8 and min(rows) >= 12.0, gaps


@pytest.mark.parametrize(("profile", "size"), [("large-print", 12.0), ("standard", 8.0)])
def test_tick_boxes_are_as_big_as_the_write_ins(built, profile, size):
    """The session record's and the public log's tick boxes are the profile's write-in height
    (12 mm in large print), each inside its table row with room around it."""
    for game, title, count in (
        ("common-reserve", "Session record", 24),
        ("festival-charter", "Public budget record", 8),
    ):
        path = built / game / f"{profile}-a4" / "sheets.pdf"
        page = next(
            p
            for p, t in zip(plumber_pages(path), plumber_texts(path), strict=True)
            if title in (t or "")
        )
        boxes = [
            r for r in page.rects if abs(r["width"] - r["height"]) < 0.1 and r["width"] > 3 * MM
        ]
        rules = sorted(
            {round(e["top"], 1) for e in page.edges if e["orientation"] == "h" and e["width"] > 100}
        )
        assert len(boxes) == count, (game, profile)
        for box in boxes:
            assert abs(box["width"] / MM - size) < 0.05
            above = max(r for r in rules if r <= box["top"])
            below = min(r for r in rules if r >= box["bottom"])
            assert box["top"] - above >= 1 * MM and below - box["bottom"] >= 1 * MM


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_every_tick_box_keeps_its_number(built, profile):
    """The session record's three actions are numbered on every page: beside each box where
    the column has room (standard), else once, in the header, each number over the middle of
    its own box's column (large print's 12 mm boxes and 18 pt numbers). Large print once
    dropped the numbers."""
    path = built / "common-reserve" / f"{profile}-a4" / "sheets.pdf"
    page = next(
        p
        for p, t in zip(plumber_pages(path), plumber_texts(path), strict=True)
        if "Session record" in (t or "")
    )
    size = 12.0 if profile == "large-print" else 8.0
    boxes = [r for r in page.rects if abs(r["width"] - size * MM) < 0.1 and r["width"] > 3 * MM]
    header = next(w for w in page.extract_words() if w["text"] == "Actions")
    column = sorted({round(b["x0"], 1) for b in boxes})
    assert len(column) == 3, column
    numbers = [
        w
        for w in page.extract_words()
        if w["text"] in ("1", "2", "3") and column[0] - 10 * MM < w["x0"] < column[-1] + size * MM
    ]
    if profile == "standard":  # one number beside each box of every row
        assert len(numbers) == 3 * 8
        for w in numbers:
            right = min(x for x in column if x > w["x1"])
            assert right - w["x1"] < 3 * MM
        return
    assert sorted(w["text"] for w in numbers) == ["1", "2", "3"]  # once, in the header
    for w, x in zip(sorted(numbers, key=lambda w: w["x0"]), column, strict=True):
        assert w["top"] > header["bottom"] and w["bottom"] < min(b["top"] for b in boxes)
        assert abs((w["x0"] + w["x1"]) / 2 - (x + size * MM / 2)) < 0.5, (w, x)


def test_pdfs_are_tagged_with_language_and_title(built):
    for path in lp_pdfs(built):
        with pikepdf.open(path) as pdf:
            assert pdf.Root.MarkInfo.Marked is True, path
            assert str(pdf.Root.Lang) == "en"
            assert pdf.Root.ViewerPreferences.DisplayDocTitle is True
            assert str(pdf.docinfo.Title)
            assert pdf.Root.StructTreeRoot.K.S == "/Document"
            if path.name != "rules-booklet.pdf":  # the booklet's content sits in XObjects
                for page in pdf.pages:
                    assert "/StructParents" in page.obj


def structure(path: Path, page_index: int) -> list[tuple[str, list[str]]]:
    """(section kind, [child kinds]) for the structure elements on one page, in order."""
    with pikepdf.open(path) as pdf:
        page = pdf.pages[page_index].obj
        out = []
        for elem in pdf.Root.StructTreeRoot.K.K:
            kids = [k for k in elem.K] if elem.S == "/Sect" else [elem]
            kinds = [
                str(k.S) for k in kids if k.get("/Pg") is not None and k.Pg.objgen == page.objgen
            ]
            if kinds:
                out.append((str(elem.S), kinds))
        return out


def test_a_card_sheet_is_one_section_per_card_title_first(built):
    path = built / "common-reserve" / "large-print-a4" / "cards.pdf"
    title, note, *sections = structure(path, 0)
    assert title == ("/H1", ["/H1"])  # the file's title ("Common Reserve — Cards") first
    assert note == ("/P", ["/P"])  # then how to print it: "Before printing: Print at 100%…"
    assert len(sections) == 4  # four jumbo cards, 2 × 2
    assert all(
        kind == "/Sect" and kids[0] == "/H2" and set(kids[1:]) == {"/P"} for kind, kids in sections
    )
    text = pypdf_texts(path)[0]  # content order, like pdftotext -raw
    lines = [ln.strip() for ln in text.splitlines()]
    first = lines.index("Seed Tent")
    read = " ".join(lines[first : first + 12])
    assert read.startswith("Seed Tent DELIVERY Demand: WATER 3 FUEL 1 FIBRE 1 CLOSED: WATER"), read
    assert lines.index("CR-SEED-TENT") < lines.index("Lantern Stall")  # a card is read whole


def test_a_rules_page_reads_heading_then_text(built):
    path = built / "festival-charter" / "large-print-letter" / "rules.pdf"
    sections = structure(path, 0)
    kinds = [k for _kind, kids in sections for k in kids]
    assert kinds[0] == "/H1" and "/H2" in kinds and kinds.count("/P") >= 3
    text = pypdf_texts(path)[0]
    assert (
        text.index("Festival Charter")
        < text.index("The idea")
        < text.index("You are four planners")
    )


def test_text_colours_reach_7_to_1_on_every_laid_out_face():
    profile = load_profile(ROOT / "layouts", "large-print")
    assert profile.min_contrast == 7.0
    assert contrast("#000000", "#E6E6E6") >= 7  # table headers in documents
    for game in GAMES:
        layouts = load_layouts(ROOT / "layouts", f"{game}.yaml")
        for name, face in layouts.faces.items():
            if not name.endswith("@large-print"):
                continue
            for box in face.boxes:
                if box.kind in ("text", "cells"):
                    assert layouts.styles[box.style].size >= 18, (name, box.name)


def test_low_contrast_text_is_an_error(ws):
    """A face laid out for large print (``counter@large-print``) is drawn as written: its
    fibre counter in the standard green, not the shade of it that reaches 7:1, is an error at
    the text box, naming that shade."""
    rel = "layouts/common-reserve.yaml"
    line = ws.edit(rel, "'FIBRE': '#26AD88'}[resource]", "'FIBRE': '#009E73'}[resource]")
    word_line = ws.line_of(rel, "      word: {x: 3.2, y: 16.5")
    problems = [str(p) for p in _check_lp(ws)]
    assert (
        f"{rel}:{word_line}:7: error: CR-FIBRE, box 'word': text #000000 on #009E73 (box 'chip') has contrast 6.1:1, under 7:1"
        " (#26AD88, a shade of #009E73, reaches it)" in problems
    )
    assert line


def _check_lp(ws):
    return ws.check("common-reserve", ("large-print",))


def test_text_that_does_not_fit_at_18_pt_is_an_error_not_shrunk(ws):
    rel = "content/common-reserve/actions.yaml"
    ws.edit(
        rel,
        "      TURN still moves on to the next player clockwise.",
        "      TURN still moves on to the next player clockwise." + " Really." * 60,
    )
    line = ws.line_of(rel, "    body: >-\n      Leave the reserve")
    problems = [str(p) for p in _check_lp(ws)]
    assert len(problems) == 1
    assert problems[0].startswith(
        f"{rel}:{line}:11: error: CR-WAIT, box 'body' (field body): the large-print profile's"
        " text (18 pt and up) does not fit a 89×160 mm card ("
    )


def leaves(elem: Any) -> Any:
    """The structure elements under ``elem`` that hold content, in reading order, each with
    its marked content (one reference, or several: a paragraph split over a page break is
    one element, its parts on two pages)."""
    for kid in elem.K if isinstance(elem.K, pikepdf.Array) else [elem.K]:
        if not (isinstance(kid, pikepdf.Dictionary) and "/S" in kid):
            continue
        refs = kid.K if isinstance(kid.K, pikepdf.Array) else [kid.K]
        mcrs = [r for r in refs if isinstance(r, pikepdf.Dictionary) and r.get("/Type") == "/MCR"]
        if mcrs:
            yield kid, mcrs
        else:
            yield from leaves(kid)


def test_the_imposed_booklet_keeps_its_tags_in_page_order(built):
    """Sides carry pages 4|1 and 2|3 …; the structure tree still reads page 1, 2, 3, 4."""
    path = built / "common-reserve" / "large-print-a4" / "rules-booklet.pdf"
    with pikepdf.open(path) as pdf:
        elements = list(leaves(pdf.Root.StructTreeRoot.K))
        assert str(elements[0][0].S) == "/H1"
        placed = []
        for _elem, mcrs in elements:
            for mcr in mcrs:
                assert "/StructParents" in mcr.Stm
                sheet = next(i for i, p in enumerate(pdf.pages) if p.objgen == mcr.Pg.objgen)
                names = {v.objgen: k for k, v in pdf.pages[sheet].Resources.XObject.items()}
                placed.append(int(names[mcr.Stm.objgen].removeprefix("/Page")))
    assert placed == sorted(placed)  # logical order, page after page
    assert set(placed) == set(range(1, max(placed) + 1))  # every page with text, from page 1


def _squares(page: Any) -> list[tuple[float, float, float, float]]:
    """(x0, top, x1, bottom) in mm of the calibration squares on a page."""
    return [
        (r["x0"] / MM, r["top"] / MM, r["x1"] / MM, r["bottom"] / MM)
        for r in page.rects
        if abs(r["width"] - r["height"]) < 0.1 and 10 * MM < r["width"] < 20 * MM
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_sheet_is_legible_on_the_page_and_lines_up(built, paper):
    """At 18 pt: the back's squares stand where the front's do (mirrored, shifted by their
    label), each label under its own square and clear of every square, and no ink or text
    within 5 mm of the paper's edge, the instructions wrapped inside the page."""
    path = built / "common-reserve" / f"large-print-{paper}" / "cards.pdf"
    front, back = plumber_pages(path)[-2:]
    pw, ph = front.width / MM, front.height / MM
    fronts, backs = _squares(front), _squares(back)
    assert len(fronts) == len(backs) == 25
    centres = [((a + c) / 2, (b + d) / 2) for a, b, c, d in fronts]
    words = back.extract_words()
    labels = [w for w in words if re.fullmatch(r"[+-]\d,[+-]\d", w["text"])]
    assert len(labels) == 25
    for w in labels:
        lx, ltop, lbottom = (w["x0"] + w["x1"]) / 2 / MM, w["top"] / MM, w["bottom"] / MM
        own = min(backs, key=lambda s: abs((s[0] + s[2]) / 2 - lx) + abs(s[3] - ltop))
        assert abs((own[0] + own[2]) / 2 - lx) < 0.3, w["text"]
        assert 1.0 <= ltop - own[3] <= 4.0, w["text"]  # just under its square
        for s in backs:  # clear of every square
            assert lbottom < s[1] - 1 or ltop > s[3] or w["x1"] / MM < s[0] or w["x0"] / MM > s[2]
        dx, dy = (int(v) for v in w["text"].replace("+", "").split(","))
        mx, my = pw - (own[0] + own[2]) / 2, (own[1] + own[3]) / 2  # seen through the paper
        # a back printed dx mm right and dy mm down lands this square on a front square
        assert min(abs(mx + dx - cx) + abs(my + dy - cy) for cx, cy in centres) < 0.05
    for page in (front, back):
        for obj in page.chars + page.rects + page.lines:
            assert obj["x0"] / MM >= 5 - 0.01 and obj["x1"] / MM <= pw - 5 + 0.01
            assert obj["top"] / MM >= 5 - 0.01 and obj["bottom"] / MM <= ph - 5 + 0.01
        text = page.extract_text()
        assert "Duplex calibration" in text
    assert "--back-offset X,Y (mm)" in back.extract_text().replace("\n", " ")


@pytest.mark.parametrize(("profile", "heading"), [("standard", 14.0), ("large-print", 24.0)])
def test_the_calibration_sheet_heading_is_set_as_the_profiles_headings(built, profile, heading):
    """A review: the large-print calibration pages' headings were 21 pt (their text's 18
    and 3), under the 24 pt every other large-print heading is set at."""
    path = built / "common-reserve" / f"{profile}-a4" / "cards.pdf"
    for page in plumber_pages(path)[-2:]:
        sizes = {round(ch["size"], 1) for ch in page.chars if ch["top"] < 30 * MM}
        words = "".join(ch["text"] for ch in page.chars if round(ch["size"], 1) == heading)
        assert heading in sizes and words.startswith("Duplex calibration:"), (sizes, words)


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_the_reserve_sheet_spaces_are_as_large_as_a_delivery_card(built, profile):
    """The CURRENT and NEXT spaces (dashed outlines) measure what a delivery card measures in
    that profile, read from the cards' crop marks."""
    cards = built / "common-reserve" / f"{profile}-a4" / "cards.pdf"
    widths, heights = _cut_pitches(cards, 0)
    card = (widths[0], heights[0])
    assert card == ((63, 88) if profile == "standard" else (89, 127))
    spaces = []
    sheets = built / "common-reserve" / f"{profile}-a4" / "sheets.pdf"
    for page, text in zip(plumber_pages(sheets), plumber_texts(sheets), strict=True):
        if "CURRENT" not in (text or ""):
            continue
        for c in page.curves + page.rects:
            if c.get("dash"):
                spaces.append((round(c["width"] / MM), round(c["height"] / MM)))
    assert spaces == [card, card]


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_write_ins_are_set_from_the_margin_their_boxes_in_one_column(built, profile):
    """The session record's two write-ins: each label starts where the text above it does,
    and the two boxes (both 40 mm) start together, so their suffixes do too."""
    path = built / "common-reserve" / f"{profile}-a4" / "sheets.pdf"
    page = next(
        p
        for p, t in zip(plumber_pages(path), plumber_texts(path), strict=True)
        if "Session points" in (t or "")
    )
    words = page.extract_words()
    first = {w["text"]: w["x0"] for w in reversed(words)}  # each word's first place
    assert abs(first["Session"] - first["Once"]) < 0.5
    assert abs(first["Units"] - first["Once"]) < 0.5
    suffixes = sorted(w["x0"] for w in words if w["text"] in ("16", "40"))
    assert len(suffixes) == 2 and suffixes[1] - suffixes[0] < 0.5, suffixes


@pytest.mark.parametrize("game", GAMES)
def test_every_large_print_page_names_its_game(built, game):
    """A large-print page label is set big, so it once dropped the game's name ("cards 1
    front"): a loose page of one game's large-print set could not be told from another's.
    A flowing page (rules, a sheet) always has the room; an imposed page names the game
    where a margin holds the longer label and keeps the short one where none does (the
    title never costs a page a row: the page counts are those of the short labels)."""
    import yaml

    title = yaml.safe_load((ROOT / "content" / game / "game.yaml").read_text())["title"]
    short = re.compile(r"(cards|sheets) \d+( front| back)?$")
    titled = untitled = 0
    for path in [p for p in lp_pdfs(built) if p.relative_to(built).parts[0] == game]:
        if path.name == "rules-booklet.pdf":
            continue  # two half pages a side, each labelled as the rules' page
        for number, text in enumerate(pypdf_texts(path), 1):
            flat, where = " ".join(text.split()), f"{path.relative_to(built)} page {number}"
            if f"{title} · " in flat:
                titled += 1
                continue
            assert path.name == "cards.pdf" and short.search(flat), where
            untitled += 1
    assert untitled <= titled // 10, (titled, untitled)
