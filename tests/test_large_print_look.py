"""Large print's look, read back from the PDFs: text sits straight on a shade of its shape's
colour, never on a white sticker pasted inside a coloured shape (a back's title panel, a cube
token's or a counter's label); running text is left-aligned, on markers too. And ``check``
holds a face laid out for large print (``NAME@large-print``) to both, at its box."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from cutsheet.build import check_game

from .readback import plumber_pages

GAMES = ["bidding-alpha", "common-reserve", "festival-charter", "festivibes"]
PARTS = ["cards", "sheets"]  # where faces are drawn (rules pages are documents)


def _white(colour: Any) -> bool:
    return colour is not None and len(colour) in (1, 3) and all(abs(v - 1) < 1e-3 for v in colour)


def _centre_in(shape: dict[str, Any], ch: dict[str, Any]) -> bool:
    cx, cy = (ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2
    return shape["x0"] <= cx <= shape["x1"] and shape["top"] <= cy <= shape["bottom"]


def _area(shape: dict[str, Any]) -> float:
    return (shape["x1"] - shape["x0"]) * (shape["bottom"] - shape["top"])


def _parts(built: Path, game: str) -> list[Path]:
    folder = built / game / "large-print-a4"
    return [folder / f"{part}.pdf" for part in PARTS if (folder / f"{part}.pdf").exists()]


@pytest.mark.parametrize("game", GAMES)
def test_no_large_print_text_sits_on_a_white_sticker_inside_a_coloured_shape(built, game):
    """Under every character of a large-print card or marker, the innermost filled shape is
    not a white one lying inside a coloured one (a white panel or label pasted inside a back,
    a cube token, a counter). A white centre no bigger than the character itself is the
    inline cube-notation tile's, a symbol drawn in the text alike in every profile (not a
    panel the text was set on)."""
    stickers = set()
    coloured_text = 0
    for path in _parts(built, game):
        for number, page in enumerate(plumber_pages(path), 1):
            shapes = [s for s in page.rects + page.curves if s.get("fill")]
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                under = sorted((s for s in shapes if _centre_in(s, ch)), key=_area)
                if not under:
                    continue
                coloured_text += not _white(under[0]["non_stroking_color"])
                inner = under[0]
                if not _white(inner["non_stroking_color"]):
                    continue
                if max(inner["x1"] - inner["x0"], inner["bottom"] - inner["top"]) <= ch["size"]:
                    continue  # an inline cube tile's centre
                outer = [s for s in under[1:] if not _white(s["non_stroking_color"])]
                if outer:
                    stickers.add((path.name, number, tuple(outer[0]["non_stroking_color"])))
    assert not stickers, sorted(stickers)[:5]
    assert coloured_text, game  # backs, tokens, badges: text straight on a colour


@pytest.mark.parametrize("game", GAMES)
def test_large_print_running_text_is_left_aligned(built, game):
    """Every paragraph of a large-print card or marker that runs to more than one line and
    more than two words (a marker's sentences, an event's reminder) starts each line at one
    x; a heading (tagged H) and a label of one or two words may stay centred."""
    centred, paragraphs = [], 0
    for path in _parts(built, game):
        for number, page in enumerate(plumber_pages(path), 1):
            by_mcid: dict[int, list[dict[str, Any]]] = defaultdict(list)
            for ch in page.chars:
                tag = str(ch.get("tag", ""))  # (a tile's letter, a Span, sits in its line)
                if ch.get("mcid") is not None and (tag.startswith("P") or tag == "Span"):
                    by_mcid[ch["mcid"]].append(ch)
            for chars in by_mcid.values():
                lines: dict[int, list[dict[str, Any]]] = defaultdict(list)
                for ch in chars:
                    lines[round(ch["top"])].append(ch)
                if len(lines) < 2:
                    continue
                text = " ".join(
                    "".join(c["text"] for c in sorted(line, key=lambda c: c["x0"]))
                    for _top, line in sorted(lines.items())
                )
                if len(text.split()) <= 2:
                    continue
                paragraphs += 1
                starts = [  # each line's first ink (an item's text follows its label's space)
                    min([c for c in line if c["text"] != " "] or line, key=lambda c: c["x0"])
                    for _t, line in sorted(lines.items())
                ]
                # a line that starts with a tile starts at its tile, whose letter (the char
                # read) sits inside it: such a line's start is not known from its chars
                lefts = [None if c["tag"] == "Span" else c["x0"] for c in starts]
                # a list item's text starts after its label (padded to the list's widest), on
                # its first line only, at the column its wrapped lines hang at
                first, rest = lefts[0], [x for x in lefts[1:] if x is not None]
                if not rest:
                    continue
                if max(rest) - min(rest) > 1.0 or (first is not None and first < min(rest) - 1.0):
                    centred.append((path.name, number, text[:40]))
    assert not centred, centred[:5]
    assert paragraphs, game


def problems_said(ws, game: str, profile: str = "large-print") -> list[str]:
    """Every problem ``check`` says of ``game`` in ``profile``, warnings too."""
    cwd = os.getcwd()
    os.chdir(ws.root)
    try:
        report = check_game(ws.project, game, (profile,))
    finally:
        os.chdir(cwd)
    return [str(p) for p in sorted(report.problems)]


def test_a_white_label_inside_a_laid_out_counter_is_an_error_at_its_box(ws):
    """A counter laid out for large print with its word on a white label inside the chip
    (as it once was) is an error at the label's box, naming the shade of the chip's colour
    that the word reaches 7:1 on."""
    rel = "layouts/common-reserve.yaml"
    word = "      word: {x: 3.2, y: 16.5"
    line = ws.line_of(rel, word)
    panel = '      panel: {kind: rect, x: 3, y: 15.5, w: 24, h: 10.5, fill: "#FFFFFF"}\n'
    ws.edit(rel, word, panel + word)
    ws.edit(rel, "'FIBRE': '#26AD88'}[resource]", "'FIBRE': '#009E73'}[resource]")
    said = problems_said(ws, "common-reserve")
    assert (
        f"{rel}:{line}:7: error: CR-FIBRE, box 'panel': a white sticker under the text of box"
        " 'word', pasted inside box 'chip' (#009E73); set the text straight on that shape, in a"
        " shade of its colour that reaches 7:1 (#26AD88)"
    ) in said, said
    water = [s for s in said if s.startswith(f"{rel}:{line}:7: error: CR-WATER, box 'panel'")]
    assert water and water[0].endswith("(#56B4E9, as it is)"), said


def test_centred_running_text_on_a_laid_out_face_is_a_warning_at_its_box(ws):
    """An event laid out for large print whose reminder (six words on two lines) is centred
    is a warning at the box: large print sets running text left-aligned. A centred value or
    name (one or two words) says nothing."""
    rel = "layouts/festivibes.yaml"
    ws.edit(
        rel,
        "  lp-reminder: {size: 22, leading: 28.6}",
        "  lp-reminder: {size: 22, leading: 28.6, align: center}",
    )
    line = ws.line_of(rel, "      reminder-lp: {x: 6, y: 92")
    said = [s for s in problems_said(ws, "festivibes") if ": warning: " in s or ": error: " in s]
    assert said == [
        f"{rel}:{line}:7: warning: FV-FOOD (and 7 more), box 'reminder-lp': 6 words of running"
        " text on 2 lines, centred (style 'lp-reminder'); large print sets running text"
        " left-aligned (a label of one or two words may stay centred)"
    ], said


BAND = '      band: {kind: rect, x: 3, y: 3, w: 57, h: 20, fill: "#1B2A4A"}\n'


@pytest.mark.parametrize(
    ("coin", "title_w"),
    [
        (  # its value held inside it: a badge
            '      coin: {kind: rect, x: 44, y: 5, w: 12, h: 12, radius: 6, fill: "#FFFFFF"}\n'
            '      worth: {x: 45, y: 8, w: 10, h: 6, style: body-center, text: "{{ cost }}"}',
            37,
        ),
        (  # its value's box wider than it: no badge, so stretched out of round when scaled
            '      coin: {kind: rect, x: 40, y: 5, w: 12, h: 12, radius: 6, fill: "#FFFFFF"}\n'
            '      worth: {x: 34, y: 8, w: 22, h: 6, style: body-center, text: "{{ cost }}"}',
            28,
        ),
    ],
)
def test_a_white_coin_on_a_dark_band_keeps_the_design_in_large_print(tmp_path, coin, title_w):
    """A white circle holding a cost on a navy band, under a white title: every text reaches
    7:1 as designed. Large print once took the circle for a white sticker, set the cost on
    the band, and so turned the band grey-blue and the title black; the band now keeps its
    navy, the coin its white, and check says nothing of a sticker; also where the coin's
    value box is wider than the coin (scaled, the coin is stretched out of round: a circle
    is one as the face lays it out)."""
    from cutsheet.cli import main

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    text = layout.read_text()
    band = '      band: {kind: rect, x: 3, y: 3, w: 57, h: 8, fill: "#FFFFFF", stroke: "#000000"}'
    title = "title: {x: 5, y: 12, w: 53, h: 10, style: title,"
    assert band in text and title in text
    text = text.replace(band, BAND + coin)
    text = text.replace(title, f"title: {{x: 5, y: 8, w: {title_w}, h: 10, style: big-white,")
    layout.write_text(text)
    args = ["--root", str(root), "build", "tiny", "--profile", "large-print", "--paper", "a4"]
    assert main(args) == 0
    page = plumber_pages(root / "build" / "tiny" / "large-print-a4" / "cards.pdf")[0]
    fills = {
        tuple(round(v, 3) for v in s["non_stroking_color"])
        for s in page.rects + page.curves
        if s.get("fill")
    }
    navy = (0.106, 0.165, 0.29)  # #1B2A4A
    assert navy in fills and (1.0, 1.0, 1.0) in fills, fills

    def colours(ch: dict[str, Any]) -> list[tuple[float, ...]]:  # innermost first
        shapes = [s for s in page.rects + page.curves if s.get("fill") and _centre_in(s, ch)]
        return [
            tuple(round(v, 3) for v in s["non_stroking_color"]) for s in sorted(shapes, key=_area)
        ]

    on_band = [colours(ch) for ch in page.chars if ch["text"].isdigit() and navy in colours(ch)]
    assert len(on_band) == 3, on_band  # each card's cost on its white coin, on the band
    assert all(under[:2] == [(1.0, 1.0, 1.0), navy] for under in on_band), on_band


TOKENS = """  - id: markers
    name: Markers
    part: cards
    count: 2
    size: [25, 25]
    face: marker
    fields:
      value: {type: int}
      label: {type: text}
    items:
      - {id: TY-M1, value: 1, label: Fog}
      - {id: TY-M2, value: 2, label: Coins}
"""
TOKEN_FACE = """  marker:
    size: [25, 25]
    boxes:
      disc: {kind: rect, x: 1, y: 1, w: 23, h: 23, radius: 11.5, fill: "#1B5E8A"}
      value: {x: 5, y: 4, w: 15, h: 9, style: big-white, text: "{{ value }}"}
      label: {x: 4, y: 14, w: 17, h: 7, style: small-white, text: "{{ label }}"}
styles:
  small-white: {font: bold, size: 8, leading: 9, align: center, color: "#FFFFFF"}
"""


@pytest.mark.parametrize("worded", ["both", "one"])
def test_a_round_token_grows_as_a_circle_that_holds_its_number_and_word(tmp_path, worded):
    """A 25 mm round token (a circle holding a number and a word) grows to a larger card in
    large print. The circle was taken for a badge holding the number alone: it stayed the
    number's size while the word hung below it on the paper (in black), and the white
    number sat off it, unseen. It now grows as a circle with the card, and both texts are
    set inside it as the face lays them out; also on a token whose word a ``when:`` leaves
    out (the face, not the item, says the circle holds several)."""

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    tokens, face = TOKENS, TOKEN_FACE
    if worded == "one":
        tokens = tokens.replace("label: {type: text}", "label: {type: text, required: false}")
        tokens = tokens.replace("{id: TY-M2, value: 2, label: Coins}", "{id: TY-M2, value: 2}")
        face = face.replace('text: "{{ label }}"}', 'text: "{{ label }}", when: "label"}')
    _build_large_print(root, tokens, face)
    pdf = root / "build" / "tiny" / "large-print-a4" / "cards.pdf"
    found = 0
    for page in plumber_pages(pdf):
        circles = [  # the token's blue (a shade of it that white reaches 7:1 on)
            c
            for c in page.curves
            if c.get("fill") and not _white(c["non_stroking_color"]) and c["x1"] - c["x0"] > 60
        ]
        for c in circles:
            w, h = c["x1"] - c["x0"], c["bottom"] - c["top"]
            assert abs(w - h) < 0.5 and w > 40 * 72 / 25.4, (w, h)  # round, grown
            cx, cy, r = (c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2, w / 2
            inside = [
                ch["text"]
                for ch in page.chars
                if ch["text"].strip()
                and ((ch["x0"] + ch["x1"]) / 2 - cx) ** 2
                + ((ch["top"] + ch["bottom"]) / 2 - cy) ** 2
                < r * r
            ]
            assert "".join(inside) in ("1Fog", "2Coins" if worded == "both" else "2"), inside
            found += 1
    assert found == 2


def test_a_big_circle_that_holds_two_texts_on_a_card_that_does_not_grow(tmp_path):
    """A poker card's 51 mm circle holding a value and a sentence: large print sets both at
    the sizes it measured for them (a probe found them cut back to the standard boxes'
    height, so the text no longer fitted and the build failed), inside the circle."""

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    tokens = TOKENS.replace("    size: [25, 25]\n", "").replace("face: marker", "face: big")
    face = (
        "  big:\n    extends: card\n    boxes:\n"
        '      disc: {kind: rect, x: 6, y: 10, w: 51, h: 51, radius: 25.5, fill: "#1B5E8A"}\n'
        '      value: {x: 16, y: 18, w: 31, h: 12, style: big-white, text: "{{ value }}"}\n'
        "      label: {x: 14, y: 32, w: 35, h: 22, style: small-white,"
        ' text: "Gain one coin and then pass to the left"}\n'
        "styles:\n"
        '  small-white: {font: bold, size: 8, leading: 9, align: center, color: "#FFFFFF"}\n'
    )
    _build_large_print(root, tokens, face)
    pages = plumber_pages(root / "build" / "tiny" / "large-print-a4" / "cards.pdf")
    words = " ".join(w["text"] for page in pages for w in page.extract_words())
    assert words.count("Gain") == 2 and words.count("left") == 2, words  # both cards, whole


def _build_large_print(root: Path, tokens: str, face: str) -> None:
    """The tiny game with ``tokens`` (a component) and ``face`` (its layout) added, built in
    large print on A4."""
    from cutsheet.cli import main

    game = root / "content" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("components:\n", "components:\n" + tokens, 1))
    layout = root / "layouts" / "tiny.yaml"
    layout.write_text(layout.read_text() + face)
    args = ["--root", str(root), "build", "tiny", "--profile", "large-print", "--paper", "a4"]
    assert main(args) == 0


def test_a_label_of_two_words_that_wraps_keeps_its_centring(tmp_path):
    """cutsheet's own card back names the component under the game's title, centred: in
    large print "Lighthouse cards" wraps, and was set left-aligned as running text is, its
    first letter against the panel's edge. A word or two keeps its alignment, wrapped or not
    (running text, of more words, is still left-aligned)."""
    from cutsheet.cli import main

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    game = root / "content" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("name: Deck\n", "name: Lighthouse cards\n", 1))
    args = ["--root", str(root), "build", "tiny", "--profile", "large-print", "--paper", "a4"]
    assert main(args) == 0
    pages = plumber_pages(root / "build" / "tiny" / "large-print-a4" / "cards.pdf")
    backs = [p for p in pages if "Lighthouse" in (p.extract_text() or "")]
    assert backs
    for page in backs:
        words = page.extract_words()
        for first in (w for w in words if w["text"] == "Lighthouse"):
            second = min(  # its own card's: the nearest below it
                (w for w in words if w["text"] == "cards" and w["top"] > first["top"]),
                key=lambda w: w["top"] - first["top"] + abs(w["x0"] - first["x0"]),
            )
            assert second["top"] > first["bottom"]  # wrapped: two lines
            centres = [(w["x0"] + w["x1"]) / 2 for w in (first, second)]
            assert abs(centres[0] - centres[1]) < 1.0, (first, second)


@pytest.mark.parametrize("game", GAMES)
def test_each_box_is_aligned_one_way_across_its_deck(repo, game):
    """An accessibility review: in large print, a box whose text wraps is left-aligned, and
    one whose text was one line kept its centring, so the same panel started its text at
    another place from card to card (Bid & Build's Museum, '4 points.', centred among
    left-aligned scoring). A column (a text box's left edge, width and style, whatever its
    name: a layout may choose one of several boxes by ``when:``, as Bid & Build's scoring
    panel is) that is running text on one card of a deck is set so on every card of it."""
    from cutsheet import jobs
    from cutsheet.plan.model import Run

    jobs.forget()
    game_plan, _problems = jobs.plan(str(repo.root), game, "large-print")
    assert game_plan is not None
    mixed = {}
    for runs in game_plan.parts.values():
        for run in (r for r in runs if isinstance(r, Run)):
            seen: dict[tuple[int, float, float, str], set[str]] = {}
            for card in run.cards:
                for side, face in enumerate((card.front, card.back)):
                    for el in face.elements if face is not None else ():
                        align = getattr(getattr(el, "style", None), "align", None)
                        if align is not None:
                            box = el.box
                            style = str(box.style).split("@")[0]  # as the layout names it
                            column = (side, round(box.x, 1), round(box.w, 1), style)
                            seen.setdefault(column, set()).add(align)
            mixed |= {(run.component, *k): v for k, v in seen.items() if len(v) > 1}
    assert not mixed, mixed
