"""A card of the game in the rules (``card:`` blocks): drawn from the face its deck prints,
labelled, within the page, one Figure with an Alt; its mistakes are located errors."""

from __future__ import annotations

import pikepdf
import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from cutsheet.flow.blocks import FigureLabel
from cutsheet.flow.figures import MAX_HEIGHT_MM, CardFigure
from cutsheet.flow.frames import rules_margin, rules_side

from .readback import plumber_pages, plumber_texts, plumber_words
from .test_structure import document, role, walk

BA = "bidding-alpha"
BODY_PT = 10.0  # the standard profile's body size
RULES = "content/bidding-alpha/rules.yaml"
LABELS = ("Stage and", "Public scoring mark", "Name", "Cost: 2 Blue", "Card id")


# what the card prints in every profile (large print prints its id once, in the band, where
# standard prints "#44"), by which the rules page that draws it is found
PRINTED = ("Grand Vault", "STAGE 3", "PUBLIC SCORING")


def _figure_page(path):
    """The words of the rules page that draws the card, and the page."""
    pages = zip(plumber_pages(path), plumber_texts(path), plumber_words(path), strict=True)
    for page, text, words in pages:
        if all(printed in (text or "") for printed in (*PRINTED, "44")):
            return page, words
    raise AssertionError(f"{path}: no page draws the labelled card")


@pytest.mark.parametrize("profile", ["standard"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_alpha_rules_draw_ba044_labelled_within_the_margins(built, profile, paper):
    page, words = _figure_page(built / BA / f"{profile}-{paper}" / "rules.pdf")
    text = " ".join(w["text"] for w in words)
    for label in LABELS:
        assert label in text, label
    # the card itself, drawn from its face: its id, name, stage and cost as the deck prints
    for printed in ("BA-044", "#44", *PRINTED):
        assert printed in text, printed
    side = rules_side(float(page.width) / mm, False, BODY_PT) * mm - 1  # the text block's
    top = rules_margin(False) * mm - 1
    for w in words:
        if w["bottom"] > page.height - 30 * mm:  # the page furniture, in the bottom margin
            continue
        assert side <= w["x0"] and w["x1"] <= page.width - side, w
        assert w["top"] >= top - 1, w
    # the "Card id" label sits level with the id it points at, to its right
    card_id = next(w for w in words if w["text"] == "BA-044")
    label = next(
        w for w in words if w["text"] == "Card" and words[words.index(w) + 1]["text"] == "id"
    )
    assert label["x0"] > card_id["x1"]
    assert (
        abs((label["top"] + label["bottom"]) / 2 - (card_id["top"] + card_id["bottom"]) / 2)
        < 4 * mm
    )
    # leader lines: thin lines ending on the card, one per label at least
    card_right = max(w["x1"] for w in words if w["text"] in ("#44", "BA-044"))
    lines = [c for c in page.curves + page.lines if c["x1"] > card_right and c["x0"] < label["x0"]]
    assert len(lines) >= 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_draws_the_card_whole_and_says_where_each_label_is(built, paper):
    """Large print sets a card's text at its least size, so the card is drawn at 100 %,
    never smaller, and its labels follow it as a list that names where each box is."""
    path = built / BA / f"large-print-{paper}" / "rules.pdf"
    page, words = _figure_page(path)
    text = " ".join(w["text"] for w in words)
    for printed in PRINTED:
        assert printed in text, printed
    # the large-print deck card prints its id once, in the band, in place of "#44"
    assert text.count("BA-044") == 1 and "#44" not in text
    title = next(w for w in words if w["text"] == "Vault")
    assert title["bottom"] - title["top"] >= 18 * 0.9  # the card's name at its large size
    after = " ".join(
        " ".join((t or "").split()) for t in plumber_texts(path)[page.page_number - 1 :][:2]
    )
    for label in LABELS[:-1]:
        assert f"{label}" in after, label
    # each place said once: a place that would repeat is said from the box before it
    said = [
        "Top middle: Stage and card id",
        "In it: Public scoring mark",
        "Below it: Name",
        "Below it: Cost",
        "Middle: Kind",
        "Below it: What it does",
    ]
    at = [after.find(words) for words in said]
    assert -1 not in at and at == sorted(at), dict(zip(said, at, strict=True))
    # the id's label goes with the id the large-print card leaves off
    assert LABELS[-1] not in after


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_the_booklet_draws_it_too(built, profile):
    page, words = _figure_page(built / BA / f"{profile}-a4" / "rules-booklet.pdf")
    text = " ".join(w["text"] for w in words)
    assert "Grand Vault" in text and ("#44" in text) == (profile == "standard")
    assert text.count("BA-044") == 1  # the id's box, or the band in large print
    for w in words:
        assert 0 <= w["x0"] and w["x1"] <= page.width and 0 <= w["top"] <= page.height, w


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_the_card_is_one_figure_with_an_alt_naming_it(built, profile):
    with pikepdf.open(built / BA / f"{profile}-a4" / "rules.pdf") as pdf:
        figures = [e for e in walk(document(pdf)) if role(e) == "Figure"]
        alts = [str(e.get("/Alt", "")) for e in figures]
        paragraphs = [e for e in walk(document(pdf)) if role(e) == "P"]
    assert len(figures) == 1, alts
    assert "BA-044" in alts[0] and "Grand Vault" in alts[0] and "STAGE 3" in alts[0]
    assert "COST 2 blue" in alts[0] and "2B" not in alts[0]  # said as the card says it
    assert len(paragraphs) > 10  # the labels are text beside it


def test_notation_in_a_text_is_said_as_a_reader_hears_it():
    from cutsheet.symbols import actual_text, expand, said_plain

    markup = expand(
        "Pay "
        + actual_text("2B", "2<b>B</b>", "2 blue")
        + " or "
        + actual_text("5R>G", "5R&gt;G", "5 red for 1 green"),
        10,
        12,
        "Helvetica-Bold",
    )
    assert said_plain(markup, "Pay 2B or 5R>G") == "Pay 2 blue or 5 red for 1 green"
    assert said_plain("plain text", "plain text") == "plain text"
    blue = expand(
        "Bonus: 1 for each " + actual_text("B", "<b>B</b>", "blue") + ".", 10, 12, "Helvetica-Bold"
    )
    assert said_plain(blue, "Bonus: 1 for each B.") == "Bonus: 1 for each blue."


def test_an_unknown_card_or_box_is_a_located_error(ws):
    line = ws.edit(RULES, "item: BA-044", "item: BA-999")
    got = [str(p) for p in ws.check(BA)]
    assert any(f"rules.yaml:{line}:" in m and "no card 'BA-999'" in m for m in got), got
    ws.edit(RULES, "item: BA-999", "item: BA-044")
    ws.edit(RULES, "public-star:", "public-sun:")
    got = [str(p) for p in ws.check(BA, ("standard", "large-print"))]
    assert any("draws no box 'public-sun'" in m and "public-star" in m for m in got), got


class _Face:
    def __init__(self, w: float, h: float) -> None:
        self.width_mm, self.height_mm = w, h


def _label(text: str, y: float) -> tuple[Paragraph, FigureLabel]:
    return Paragraph(text, ParagraphStyle("x", fontSize=10, leading=12)), FigureLabel(
        text, (40.0, y), y
    )


def test_a_card_too_big_for_the_column_or_page_is_drawn_smaller():
    labels = [
        _label("A label that wraps over more than one line of its column", y) for y in (5, 50)
    ]
    width = 115 * mm  # a booklet's half page
    fig = CardFigure(_Face(89, 300), labels, "a tall card")
    w, h = fig.wrap(width, 1e6)
    assert w <= width + 0.01
    assert fig.scale < 1
    assert fig.face.height_mm * mm * fig.scale <= MAX_HEIGHT_MM * mm + 0.01
    # labels never overlap, and each sits in the column beside the card
    spans = sorted((lead.y, lead.y + lead.height) for lead in fig.leaders)
    assert all(a[1] <= b[0] + 0.01 for a, b in zip(spans, spans[1:], strict=False))
    assert all(lead.x >= fig.face.width_mm * mm * fig.scale for lead in fig.leaders)
    assert h >= max(top for _bottom, top in spans) - 0.01


def test_a_card_that_fits_is_drawn_at_full_size():
    fig = CardFigure(_Face(63, 88), [_label("Cost", 20)], "a card")
    fig.wrap(170 * mm, 1e6)
    assert fig.scale == 1.0
    start, *_rest, end = fig.leaders[0].line
    assert end == pytest.approx((40 * mm, (88 - 20) * mm))  # on the box, at full size


def test_a_figure_of_a_card_whose_face_fails_adds_no_error_of_its_own(ws):
    """A card whose face has an error is missing from its deck's plan (or short of the box
    that failed): the rules' figure of it once added "no card 'BA-044' in this game's
    decks" or "BA-044 draws no box 'title'", though the card exists and the face's own
    error says what is wrong."""
    box = (
        'title: {x: 5, y: 12.3, w: 53, h: 7, style: card-name, valign: middle, text: "{{ name }}"}'
    )
    broken = box.replace('"{{ name }}"', '"{{ name }"')
    ws.edit("layouts/bidding-alpha.yaml", box, broken)
    said = [p.message for p in ws.check("bidding-alpha")]
    assert said and all("template" in m or "Jinja" in m or "{{" in m for m in said), said
    assert not [m for m in said if m.startswith("card: ")], said


def test_a_figures_mistake_is_said_though_another_card_of_its_deck_fails(ws):
    """One card of a deck with an error of its own (a glyph the font lacks in its name, BA-045) no
    longer hides the rules' figure of another card of that deck: a label naming a box the
    card does not draw is said at once, not after the first error is mended."""
    ws.edit("content/bidding-alpha/cards.csv", ",Rainbow,", ",Rainbow ☃,")  # BA-044's deck
    ws.edit(RULES, "public-star:", "public-sun:")
    said = [p.message for p in ws.check(BA)]
    assert any("U+2603" in m for m in said), said
    assert any("draws no box 'public-sun'" in m for m in said), said


def test_large_print_lists_a_figures_labels_in_the_order_the_card_is_read():
    """Large print draws the card at 100 % and lists its labels under it, each saying where
    on the card its box is: in the order the card is read (top to bottom, left to right by
    thirds), not the order the labels were written in."""
    from cutsheet.flow.blocks import CardBlock
    from cutsheet.flow.story import StoryBuilder
    from cutsheet.measure import doc_styles, register

    register()
    labels = (  # written bottom first
        FigureLabel("What it does", (30.0, 70.0), 70.0, (31.0, 70.0, 0.0, 0.0)),
        FigureLabel("Cost", (55.0, 8.0), 8.0, (55.0, 8.0, 0.0, 0.0)),
        FigureLabel("Name", (30.0, 9.0), 9.0, (30.0, 9.0, 0.0, 0.0)),
        FigureLabel("Type", (31.0, 44.0), 44.0, (31.0, 44.0, 0.0, 0.0)),
    )
    builder = StoryBuilder(doc_styles(18, 22, 28, 18, 1.25), 12, figures_shrink=False)
    flowables = builder.flowables([CardBlock(_Face(63, 88), "a card", labels, None)])
    [items] = [f for f in flowables if hasattr(f, "items")]
    said = [item._flowable.text for item in items.items()]
    assert said == [
        "<b>Top middle:</b> Name",
        "<b>Top right:</b> Cost",
        "<b>Middle:</b> Type",
        "<b>Bottom middle:</b> What it does",
    ]


def test_a_place_said_just_before_is_said_from_the_box_before():
    """Four boxes in a card's top third are not four times "Top middle": after the first,
    each says where it lies from the one before (below, or beside on the same line)."""
    from cutsheet.flow.figures import places_in_words

    face = _Face(63, 88)
    points = [(31.5, 5.0), (40.0, 5.5), (31.5, 15.0), (31.5, 24.0), (31.5, 44.0), (31.5, 52.0)]
    assert places_in_words([(x, y, 0.0, 0.0) for x, y in points], face) == [
        "Top middle",
        "Right of it",
        "Below it",
        "Below it",
        "Middle",
        "Below it",
    ]
    assert places_in_words([(40, 5, 0, 0), (25, 6, 0, 0), (50, 80, 0, 0)], face) == [
        "Top middle",
        "Left of it",
        "Bottom right",
    ]


def test_a_box_set_within_the_box_before_is_said_to_be_in_it():
    """A mark set inside a band (Bid & Build's public-scoring star, right of the band's
    middle) is in the band, not right of it; a box beside another on its line is still
    beside it, and one within the middle third of the box it is in is simply in it."""
    from cutsheet.flow.figures import places_in_words

    face = _Face(63, 88)
    band, star, title = (3, 3, 57, 8), (34, 4, 6, 6), (3, 13, 57, 7)
    assert places_in_words([band, star, title], face) == ["Top middle", "In it", "Below it"]
    plate, mark = (15, 3, 30, 8), (36, 4, 6, 6)  # the mark right of the plate's middle third
    assert places_in_words([plate, mark], face)[1] == "In it, at the right"
    assert places_in_words([(22, 3, 10, 8), (33, 3, 8, 8)], face)[1] == "Right of it"
    assert places_in_words([band, (29, 4, 5, 6)], face)[1] == "In it"
    assert places_in_words([plate, (21.5, 4, 3, 6)], face)[1] == "In it, at the left"


def test_a_text_boxs_leader_dot_stands_clear_of_it_and_on_the_card():
    """A text box's dot is 1 mm beyond its right edge (an id set flush right ends there),
    never off the card; a frame's dot stays on its edge."""
    from types import SimpleNamespace

    from cutsheet.plan.documents import TEXT_CLEARANCE, _leader

    def end(x: float, w: float, is_text: bool) -> tuple[float, float]:
        box = SimpleNamespace(x=x, y=80.0, w=w, h=4.0)
        face = SimpleNamespace(width_mm=63.0, elements=[SimpleNamespace(box=box, is_text=is_text)])
        return _leader(box, face)[0]  # type: ignore[arg-type]

    assert end(40, 19, is_text=True) == (59 + TEXT_CLEARANCE, 82.0)
    assert end(43, 20, is_text=True) == (63.0, 82.0)  # flush with the card's edge
    assert end(5, 53, is_text=False) == (58.0, 82.0)


def test_a_leader_under_a_box_runs_clear_of_the_band_it_sits_in():
    """The alpha's public-scoring star ends 1 mm above its band's edge, with the number to
    its right: its leader runs under the star, and 0.8 mm under it ran along the band's
    outline. It now runs 0.8 mm under the band's edge; a box in no such band, or in a frame
    whose edge lies far below, keeps its line 0.8 mm under itself."""
    from types import SimpleNamespace

    from cutsheet.plan.documents import _leader

    def el(x: float, y: float, w: float, h: float, kind: str, is_text: bool = False):
        traits = SimpleNamespace(frames_text=kind == "rect")
        return SimpleNamespace(
            box=SimpleNamespace(x=x, y=y, w=w, h=h, traits=traits), is_text=is_text
        )

    band, star, number = (
        el(3, 3, 57, 8, "rect"),
        el(42.5, 4, 6, 6, "icon"),
        el(49, 4.6, 9, 5, "text", True),
    )
    frame = el(0, 0, 63, 88, "rect")
    face = SimpleNamespace(width_mm=63.0, height_mm=88.0, elements=[frame, band, star, number])
    end, run = _leader(star.box, face)  # type: ignore[arg-type]
    assert end == (45.5, 10.0) and run == 11.8
    face.elements = [frame, star, number]
    assert _leader(star.box, face)[1] == 10.8  # type: ignore[arg-type]
    stripe = el(5, 81, 20, 5, "icon")  # low on the card, in its border only: the line stays on it
    face.elements = [frame, stripe, el(26, 82, 9, 3, "text", True)]
    assert _leader(stripe.box, face)[1] == 86.8  # type: ignore[arg-type]
