"""Card design read back from the built PDFs and the plans: the cube-bidding cards are filled
down the card, the first player card turns anticlockwise, the deck backs print the working
title whole, ticket colours stand apart from each other and from the events, text on colour
has 4.5:1 contrast, and the FUEL flame has the tips a drop lacks."""

from __future__ import annotations

import colorsys
import io
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from cutsheet.boxes.icon import ICON_NAMES, IconElement
from cutsheet.build import Project
from cutsheet.content import load_game
from cutsheet.layouts import load_layouts
from cutsheet.plan import plan_game
from cutsheet.plan.checks import face_contrast
from cutsheet.plan.model import FacePlan, GamePlan, PrintedCard, Run
from cutsheet.profiles import load_profile
from cutsheet.render import icons as icon_forms
from cutsheet.render.icons import ICONS, draw_icon

from .readback import plumber_pages, plumber_words

BA = "bidding-alpha"
MM = 72 / 25.4
CARD_W, CARD_H = 63.0, 88.0
ID_TOP_MM = 80.0  # the id, printed small at the bottom, is not what fills a card
DECK_ID = re.compile(r"^BA-(BASE|\d{3}[AB]?)$")
Frame = tuple[float, float, float, float]  # left, top, right, bottom, in points


def plan(repo: Project, game_id: str, profile: str = "standard") -> GamePlan:
    game = load_game(repo.content / game_id)
    layouts = load_layouts(repo.layouts, game.spec.layouts)
    planned, problems = plan_game(game, layouts, load_profile(repo.layouts, profile))
    assert problems == []
    return planned


def printed(planned: GamePlan) -> Iterator[PrintedCard]:
    for entries in planned.parts.values():
        for run in entries:
            if isinstance(run, Run):
                yield from run.cards


def icons(face: FacePlan) -> dict[str, str]:
    return {el.box.name: el.icon for el in face.elements if isinstance(el, IconElement)}


# ------------------------------------------------------------------ filled cube-bidding cards
def _card_frames(page: pdfplumber.page.Page) -> list[Frame]:
    """(left, top, right, bottom) of every 63 × 88 mm card on the page, from its cut lines
    (the crop marks: cards have no outline, their edge is the cut)."""
    marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]
    xs = sorted({round(ln["x0"], 2) for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01})
    ys = sorted({round(ln["top"], 2) for ln in marks if abs(ln["top"] - ln["bottom"]) < 0.01})
    cols = [(a, b) for a, b in zip(xs, xs[1:], strict=False) if abs(b - a - CARD_W * MM) < 1]
    rows = [(a, b) for a, b in zip(ys, ys[1:], strict=False) if abs(b - a - CARD_H * MM) < 1]
    return [(x0, top, x1, bottom) for top, bottom in rows for x0, x1 in cols]


def _tiles(page: pdfplumber.page.Page) -> list[dict[str, Any]]:
    """Cube tiles: rounded squares filled in a colour that is not white."""
    return [
        r
        for r in page.curves
        if 8 < r["width"] < 25 and abs(r["width"] - r["height"]) < 0.5
        if len(set(r["non_stroking_color"] or (0,))) > 1  # a colour, not black, grey or white
    ]


def _deck_cards(path: Path) -> Iterator[tuple[pdfplumber.page.Page, str, Frame]]:
    """Every deck card front: its page, its id, its (left, top, right, bottom) in points."""
    for page, words in zip(plumber_pages(path), plumber_words(path), strict=True):
        ids = [w for w in words if DECK_ID.match(w["text"])]
        for left, top, right, bottom in _card_frames(page):
            mine = [w["text"] for w in ids if left < w["x0"] < right and top < w["top"] < bottom]
            if mine:
                yield page, mine[0], (left, top, right, bottom)


def _inside(o: dict[str, Any], frame: Frame, below_mm: float = CARD_H) -> bool:
    left, top, right, _bottom = frame
    cx, cy = (o["x0"] + o["x1"]) / 2, (o["top"] + o["bottom"]) / 2
    return left < cx < right and top < cy < top + below_mm * MM


def _coverage(spans: list[tuple[float, float]]) -> tuple[float, float, float]:
    """(first top, last bottom, largest empty band between them) of vertical spans in mm."""
    spans = sorted(spans)
    first, reach, gap = spans[0][0], spans[0][1], 0.0
    for top, bottom in spans[1:]:
        gap = max(gap, top - reach)
        reach = max(reach, bottom)
    return first, reach, gap


def test_every_cube_bidding_card_front_is_filled_down_the_card(built, repo):
    """Text and cube tiles reach from the top to at least two thirds down every deck card,
    and no empty band across a card is as tall as a quarter of it (the id left out)."""
    seen = set()
    for page, card, frame in _deck_cards(built / BA / "standard-a4" / "cards.pdf"):
        tiles = _tiles(page)
        spans = [
            ((o["top"] - frame[1]) / MM, (o["bottom"] - frame[1]) / MM)
            for o in [*page.chars, *tiles]
            if _inside(o, frame, ID_TOP_MM) and not o.get("text", "x").isspace()
        ]
        first, reach, gap = _coverage(spans)
        assert first < 8, (card, first)
        assert reach > CARD_H * 2 / 3, f"{card}: text ends {reach:.1f} mm down"
        assert gap < CARD_H / 4, f"{card}: an empty band {gap:.1f} mm tall"
        seen.add(card)
    game = load_game(repo.content / BA)
    decks = ("base-cards", "start-cards", "stage-1", "stage-2", "stage-3")
    assert seen == {i.id for d in decks for i in game.component(d).items}


def test_cube_tiles_on_deck_cards_are_big_enough_to_read_across_a_table(built):
    sizes = [
        t["width"] / MM
        for page, _card, frame in _deck_cards(built / BA / "standard-a4" / "cards.pdf")
        for t in _tiles(page)
        if _inside(t, frame)
    ]
    # mm; the old tiles were 4.6 mm. Notation is set at 16 pt (6.7 mm tiles), rules text at
    # 14 pt (5.4 mm tiles inside the words)
    assert len(sizes) > 100 and min(sizes) > 5.3, min(sizes)
    assert sorted(sizes)[len(sizes) // 10] > 6.5


def test_each_kind_of_effect_has_its_panel_label_and_icon(repo):
    labels = {
        "oneoff": ("1-OFF", "bolt"),
        "income": ("INCOME", "repeat"),
        "exchanges": ("EXCHANGE", "exchange"),
        "effect": ("EFFECT", "sparkle"),
        "scoring": ("SCORING", "trophy"),
    }
    game = load_game(repo.content / BA)
    items = {i.id: i for c in game.components for i in c.items}
    checked = 0
    for card in printed(plan(repo, BA)):
        if not DECK_ID.match(card.item):
            continue
        values = items[card.item].values
        kinds = [k for k in labels if values.get(k)]
        texts = " ".join(card.front.texts)
        drawn = set(icons(card.front).values())
        for kind in kinds:
            label, icon = labels[kind]
            if kind == "scoring" and values.get("public"):
                label, icon = "PUBLIC SCORING", "star"
            assert label in texts, (card.item, label)
            if len(kinds) <= 2:
                assert icon in drawn, (card.item, icon)
        checked += 1
    assert checked >= 65


def test_public_scoring_keeps_its_star_and_words(repo):
    for card in printed(plan(repo, BA)):
        if card.component != "stage-3":
            continue
        public = "PUBLIC SCORING" in card.front.texts
        assert public == ("star" in icons(card.front).values()), card.item
        assert public == ("public-star" in icons(card.front)), card.item


def test_a_card_with_three_kinds_lists_them_in_one_panel(ws):
    csv = "content/bidding-alpha/cards.csv"
    ws.edit(csv, "BA-020,20,1,Street Stall,3R,R,R,,", "BA-020,20,1,Street Stall,3R,R,R,4R>G,")
    assert [str(p) for p in ws.check(BA)] == []
    planned = plan(ws.project, BA)
    card = next(c for c in printed(planned) if c.item == "BA-020")
    names = {el.box.name for el in card.front.elements}
    assert {"frame4", "list4"} <= names and "frame1" not in names
    text = " ".join(card.front.texts)
    assert "1-off: R" in text and "Income: R" in text and "Exchange: 4R>G" in text


# ------------------------------------------------------------------ the first player card
def _path_points(name: str) -> list[list[tuple[float, float]]]:
    """The subpaths of every path icon ``name`` draws in a 100 pt box centred on (0, 0),
    Bézier curves sampled."""
    c = Canvas(io.BytesIO())
    subpaths: list[list[tuple[float, float]]] = []
    draw_path = c.drawPath

    def record(path: PDFPathObject, *args: Any, **kwargs: Any) -> None:
        tokens = path.getCode().split()
        numbers: list[float] = []
        for tok in tokens:
            if tok == "m":
                subpaths.append([(numbers[-2], numbers[-1])])
            elif tok == "l":
                subpaths[-1].append((numbers[-2], numbers[-1]))
            elif tok == "c":
                (x0, y0), (x1, y1, x2, y2, x3, y3) = subpaths[-1][-1], numbers[-6:]
                for i in range(1, 9):
                    t = i / 8
                    u = 1 - t
                    subpaths[-1].append(
                        (
                            u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                            u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                        )
                    )
            elif tok in ("h", "n"):
                pass
            else:
                try:
                    numbers.append(float(tok))
                except ValueError:
                    pass
        draw_path(path, *args, **kwargs)

    c.drawPath = record  # type: ignore[method-assign]
    icon_forms._drawn.clear()  # drawn, not copied from an icon drawn earlier in this process
    draw_icon(c, name, -50, -50, 100, 100)
    return subpaths


def _turn(name: str) -> float:
    """Which way a circular arrow points: the angle (degrees) from the outer corner of its
    head to its tip, seen from the icon's centre; positive is anticlockwise."""
    (outline,) = _path_points(name)
    cy = -3  # the circle's centre sits 0.03 of the size below the box's centre
    radius = [math.hypot(x, y - cy) for x, y in outline]
    corner = radius.index(max(radius))
    (x0, y0), (x1, y1) = outline[corner], outline[corner + 1]
    turn = math.degrees(math.atan2(y1 - cy, x1) - math.atan2(y0 - cy, x0))
    return (turn + 180) % 360 - 180


def test_the_first_player_card_turns_anticlockwise_as_its_text_says(repo):
    assert _turn("cycle-ccw") > 5 and _turn("cycle") < -5
    (card,) = [c for c in printed(plan(repo, BA)) if c.item == "BA-FIRST"]
    assert icons(card.front) == {"icon": "cycle-ccw"}
    assert "anticlockwise" in " ".join(card.front.texts)
    assert "cycle-ccw" in ICON_NAMES and set(ICON_NAMES) == set(ICONS)


# ------------------------------------------------------------------ the deck backs
def _lines(words: list[dict[str, Any]]) -> list[str]:
    rows: dict[int, list[dict[str, Any]]] = {}
    for w in words:
        rows.setdefault(round(w["top"]), []).append(w)
    return [" ".join(w["text"] for w in sorted(ws, key=lambda w: w["x0"])) for ws in rows.values()]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_deck_backs_print_the_working_title_whole(built, repo, paper):
    title = load_game(repo.content / BA).spec.title
    name, _, rest = title.rpartition(" (")
    assert name and rest == "working title)"
    backs = 0
    path = built / BA / f"standard-{paper}" / "cards.pdf"
    for page, words in zip(plumber_pages(path), plumber_words(path), strict=True):
        if any(DECK_ID.match(w["text"]) for w in words):
            continue  # a front page
        for frame in _card_frames(page):
            lines = _lines([w for w in words if _inside(w, frame)])
            if not any(line.endswith(" cards") for line in lines):
                continue
            backs += 1
            # the name on one line, "working title" on the next, nothing broken
            assert lines[:2] == [name, "working title"], lines
    assert backs == 19 + 19 + 20


# ------------------------------------------------------------------ colours
def _lab(hex_colour: str) -> tuple[float, float, float]:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable; 35 is plainly different."""
    return math.dist(_lab(a), _lab(b))


def test_ticket_colours_stand_apart_from_each_other_and_from_the_events(repo):
    planned = plan(repo, "festivibes")
    tickets = {c.item: c.front for c in printed(planned) if c.component == "tickets"}
    fills = {
        item: next(el.fill for el in face.elements if el.box.name == "panel")
        for item, face in tickets.items()
    }
    events = {
        el.fill
        for c in printed(planned)
        if c.component == "events"
        for el in c.front.elements
        if el.box.name.startswith("badge")
    }
    assert len(fills) == 4 and len(events) == 2
    names = list(fills)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert delta_e(fills[a], fills[b]) > 35, (a, b)
        for e in events:  # the rulebook makes negative values red: vermillion, which sits
            # 33 from the Orange ticket; the badge's diamond and the ticket's panel and
            # circle keep them apart where the colours come close
            assert delta_e(fills[a], e) > 30, (a, e)
    # Red reads red: its hue is nearer red than the vermillion that passed for orange
    red, orange = fills["FV-TICKET-RED"], fills["FV-TICKET-ORANGE"]
    hue = colorsys.rgb_to_hls(*(int(red[i : i + 2], 16) / 255 for i in (1, 3, 5)))[0] * 360
    assert hue < 10 or hue > 340, hue
    assert delta_e(red, "#D55E00") > 20 and delta_e(red, orange) > 60
    # each ticket also has its own symbol and its name, so colour is never the only cue
    symbols = {icons(face)["symbol"] for face in tickets.values()}
    assert len(symbols) == 4
    assert "diamond" not in symbols  # the negative events' badge: no ticket shares it
    for item, face in tickets.items():
        assert item.removeprefix("FV-TICKET-") in face.texts


@pytest.mark.parametrize("game", ["bidding-alpha", "festivibes", "common-reserve"])
def test_text_on_colour_reaches_4_5_to_1_in_standard(repo, game):
    problems = [
        p
        for card in printed(plan(repo, game))
        for face in (card.front, card.back)
        if face is not None
        for p in face_contrast(face, 4.5, card.item)
    ]
    assert problems == []


# ------------------------------------------------------------------ icons
def _peaks(points: list[tuple[float, float]]) -> int:
    """Tips of an outline: points higher than every point within a tenth of the outline on
    either side, standing at least 3 % of the icon above the lowest point between them."""
    if points[0] == points[-1]:
        points = points[:-1]
    n, k = len(points), max(3, len(points) // 10)
    tips = 0
    for i, (_x, y) in enumerate(points):
        around = [points[(i + d) % n][1] for d in range(-k, k + 1) if d]
        if y > max(around) and y - min(around) > 3:
            tips += 1
    return tips


def test_fuel_is_a_flame_with_tips_and_water_a_drop_with_one(repo):
    assert _peaks(_path_points("drop")[0]) == 1
    assert _peaks(_path_points("flame")[0]) >= 3
    assert len(_path_points("flame")) == 2  # the inner flame, cut out
    for card in printed(plan(repo, "common-reserve")):
        if card.component == "counters":
            want = {"CR-WATER": "drop", "CR-FUEL": "flame", "CR-FIBRE": "leaf"}[card.item]
            assert icons(card.front)["icon"] == want


def test_each_festivibes_effect_has_its_own_icon_and_no_ambiguous_one(repo):
    game = load_game(repo.content / "festivibes")
    drawn = {t["icon"] for t in game.spec.terms.values()}
    assert len(drawn) == len(game.spec.terms) == 7 and drawn <= set(ICON_NAMES)
    # the old "swap" icons that merged into a blob or read as ÷
    assert not drawn & {"arrows-both", "person-swap", "swap-vertical"}
    for card in printed(plan(repo, "festivibes")):
        if card.component == "events" and "effect-icon" in icons(card.front):
            term = game.spec.terms[
                next(i for i in game.component("events").items if i.id == card.item).values[
                    "effect"
                ]
            ]
            assert icons(card.front)["effect-icon"] == term["icon"]
