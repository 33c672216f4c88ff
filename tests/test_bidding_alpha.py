"""The alpha cube-bidding game: a CSV card list, cube notation, board, and the loop detector."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pypdf import PdfReader

from cutsheet.build import Options, build
from cutsheet.content import load_game
from cutsheet.games.bidding_alpha import Edge, find_loops, parse_exchange

from .readback import page_texts, plumber_pages, plumber_words, pypdf_texts

BA = "bidding-alpha"
CSV = "content/bidding-alpha/cards.csv"
GAME = "content/bidding-alpha/game.yaml"


def messages(ws):
    return [str(p) for p in ws.check(BA)]


def all_text(path):
    return " ".join(" ".join(t.split()) for t in page_texts(PdfReader(path)))


def test_the_shipped_content_is_clean(ws):
    assert messages(ws) == []


def test_decks_come_from_one_csv(repo):
    game = load_game(repo.content / BA)
    printed = {c.id: c.printed for c in game.components}
    assert printed["base-cards"] == 6 and printed["start-cards"] == 6
    assert all(printed[f"stage-{s}"] >= 18 for s in "123")
    stage3 = game.component("stage-3").items
    assert sum(1 for i in stage3 if i.values["public"]) >= 2
    base = game.component("base-cards").items[0]
    assert base.values["exchanges"] == ["5R>G", "8R>B"] and base.values["income"] == "RRRR"


STAGE_1_COUNT = "    note: three turns of one card a player\n    count: 19"


def test_a_csv_decks_count_is_said_at_its_first_row_naming_its_rows(ws):
    """A deck drawn from the shared card list by ``where`` is said where its rows start (an
    editor's jump lands in the deck, not on the header) and names the lines its rows take."""
    stage1 = ws.line_of(GAME, "id: stage-1") + 3  # its count
    ws.edit(GAME, STAGE_1_COUNT, STAGE_1_COUNT.replace("19", "18"))
    base = ws.line_of(GAME, "id: base-cards") + 4
    ws.edit(GAME, "    count: 6\n    face: deck-card", "    count: 5\n    face: deck-card")
    assert messages(ws) == [  # the card list: header, BA-BASE, six start cards, then stage 1
        f"{CSV}:2:1: error: Base cards: 6 printed (from its row at line 2; copies: 6 of BA-BASE),"
        " but the rulebook"
        f" needs 5 (count at {GAME}:{base}:12)",
        f"{CSV}:9:1: error: Stage 1 cards: 19 printed (from its rows at lines 9 to 27), but"
        f" the rulebook needs 18 (count at {GAME}:{stage1}:12)",
    ]


def test_a_row_away_from_its_deck_is_named_apart(ws):
    """Rows of a deck that do not sit together are named in runs, not as one range that
    takes in other decks' rows; a row of several lines shifts the lines of those after it."""
    stage1 = ws.line_of(GAME, "id: stage-1") + 3
    ws.edit(GAME, STAGE_1_COUNT, STAGE_1_COUNT.replace("19", "18"))
    rows = ws.path(CSV).read_text().splitlines(keepends=True)
    moved = next(r for r in rows if r.startswith("BA-007,"))  # stage 1's first card
    rows.remove(moved)
    at = next(i for i, r in enumerate(rows) if r.startswith("BA-022,"))  # an effect of stage 1
    rows[at] = rows[at].replace('"Each turn ', '"Each turn\n', 1)  # now over two lines
    ws.path(CSV).write_text("".join(rows) + moved)
    assert messages(ws) == [
        f"{CSV}:9:1: error: Stage 1 cards: 19 printed (from its rows at lines 9 to 27 and 67),"
        f" but the rulebook needs 18 (count at {GAME}:{stage1}:12)",
    ]


def test_a_malformed_cell_fails_at_its_row_and_column(ws):
    line = ws.edit(CSV, "BA-041,41,2,Sponsor,3G", "BA-041,41,2,Sponsor,3Q")
    assert messages(ws) == [
        f"{CSV}:{line}:21: error: cost: '3Q' is not of the form ^(\\d*[RGB])+$ (cubes, e.g. 2RG)"
    ]


def test_a_malformed_exchange_fails_at_its_cell(ws):
    line = ws.edit(CSV, "Money Changer,2R,,,3R<>G,", "Money Changer,2R,,,3R<<G,")
    assert messages(ws) == [
        f"{CSV}:{line}:32: error: exchanges: '3R<<G' is not of the form"
        " ^\\d*[RGB](>|<>)\\d*[RGB]$ (5R>G (one way), 3R<>G (both ways); several separated by ;)"
    ]


def test_an_exchange_loop_is_reported_naming_the_cards(ws):
    ws.edit(CSV, "Green Thumb,3R,,,3R>G,", "Green Thumb,3R,,,2R>G,")
    out = messages(ws)
    assert len(out) == 4
    assert all("exchange loop: with " in m and "BA-023 (2R>G)" in m for m in out)
    assert any("BA-029 (G<>3R)" in m and "multiplies the cubes by 3/2" in m for m in out)


def test_too_few_public_scoring_cards(ws):
    for name in ("Grand Vault", "Rainbow", "Landlord"):
        ws.edit(CSV, f"{name},", f"{name},", 1)
    ws.edit(
        CSV,
        "3 points for each set of R + G + B you hold.,public",
        "3 points for each set of R + G + B you hold.,",
    )
    ws.edit(
        CSV,
        "2 points for each income card you own.,public",
        "2 points for each income card you own.,",
    )
    ws.edit(
        CSV,
        "2 points for each exchange card you own.,public",
        "2 points for each exchange card you own.,",
    )
    assert messages(ws) == [
        f"{CSV}:1:1: error: stage 3 needs at least 2 cards with the public scoring mark"
    ]


def test_faq_cards_must_exist(ws):
    line = ws.edit(CSV, "BA-022,22,1,Auctioneer", "BA-022,21,1,Auctioneer")
    out = messages(ws)
    assert f"{CSV}:{line}:8: error: BA-022: card 21 of stage 1 is also BA-021" in out
    assert (
        f"{CSV}:1:1: error: the FAQ names card 22 of stage 1 (changes the bid order); it is missing"
        in out
    )


def test_a_renamed_component_is_located_and_the_rest_is_still_checked(ws):
    ws.edit(GAME, "id: ledgers\n", "id: ledger\n")
    line = ws.edit(CSV, "BA-BASE,0,base,Base card,,,RRRR,", "BA-BASE,0,base,Base card,,,RRR,")
    components = ws.line_of(GAME, "components:")
    assert messages(ws) == [
        f"{CSV}:{line}:28: error: the base card's income is RRRR",
        f"{GAME}:{components}:1: error: no component 'ledgers', which this game's rulebook checks"
        " need (components: base-cards, start-cards, stage-1, stage-2, stage-3, first-player,"
        " aids, kinds, board, score-track, bid-tracks, tokens, cubes, ledger, ledgers-large-print)",
    ]


def test_the_ledger_has_a_row_for_every_turn_that_pays_income(ws):
    line = ws.edit("content/bidding-alpha/ledger.yaml", "rows: 11", "rows: 10")
    assert messages(ws) == [
        f"content/bidding-alpha/ledger.yaml:{line}:17: error: the ledger needs 11 rows, one a turn"
        " that pays income: the start turn, 3 stages × 3 turns and final scoring"
    ]


def test_loop_finder_on_its_own():
    class Fake:
        def __init__(self, id_):
            self.id = id_

    a, b = Fake("A"), Fake("B")
    edges = [
        Edge("R", "G", Fraction(1, 2), "2R>G", a, False),
        Edge("G", "R", Fraction(3), "G<>3R", b, False),
        Edge("R", "G", Fraction(1, 3), "G<>3R", b, False),
    ]
    loops = find_loops(edges, "RGB")
    assert [(sorted(e.item.id for e in combo), product) for combo, product in loops] == [
        (["A", "B"], Fraction(3, 2))
    ]
    assert find_loops(edges[1:], "RGB") == []  # a fair two-way exchange alone is no loop
    # two start cards cannot be owned together
    starts = [Edge(e.source, e.target, e.rate, e.text, e.item, True) for e in edges]
    assert find_loops(starts, "RGB") == []


@pytest.mark.parametrize(
    "text,parsed",
    [
        ("5R>G", (5, "R", False, 1, "G")),
        ("3R<>G", (3, "R", True, 1, "G")),
        ("G<>3R", (1, "G", True, 3, "R")),
    ],
)
def test_parse_exchange(text, parsed):
    assert parse_exchange(text, "RGB") == parsed


def reader_text(path):
    """The text a reader or a copy gets (PDFium honours ActualText, as Acrobat and poppler do)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return " ".join(" ".join(p.get_textpage().get_text_bounded().split()) for p in doc)
    finally:
        doc.close()


@pytest.mark.parametrize("profile", ["standard", "large-print", "ink-saver"])
def test_cube_notation_reads_back_exactly(built, built_ink_saver, profile):
    folder = built_ink_saver if profile == "ink-saver" else built
    text = reader_text(folder / BA / f"{profile}-a4" / "cards.pdf")
    # each kind of effect reads as its panel's label, then its notation
    assert text.count("INCOME RRRR EXCHANGE 5R>G 8R>B") == 6
    assert text.count("INCOME RRRR") >= 6
    assert "3R<>G" in text and "EXCHANGE G<>3R 5R>B" in text


def test_cube_tiles_sit_in_their_lines_and_never_overlap(built):
    seen = 0
    for page in plumber_pages(built / BA / "standard-a4" / "cards.pdf")[:12]:
        tiles = [  # rounded squares in a cube colour (the white centres are left out)
            r
            for r in page.curves
            if 8 < r["width"] < 20 and abs(r["width"] - r["height"]) < 0.5
            if tuple(r["non_stroking_color"] or ()) != (1.0, 1.0, 1.0)
        ]
        seen += len(tiles)
        for i, a in enumerate(tiles):
            for b in tiles[i + 1 :]:
                apart = (
                    a["x1"] <= b["x0"] + 0.01
                    or b["x1"] <= a["x0"] + 0.01
                    or a["bottom"] <= b["top"] + 0.01
                    or b["bottom"] <= a["top"] + 0.01
                )
                assert apart, (page.page_number, a["x0"], a["top"], b["x0"], b["top"])
        chars = [c for c in page.chars if c["text"] in "RGB" and c["fontname"].endswith("Bold")]
        for t in tiles:  # each tile holds its letter
            assert any(
                t["x0"] <= (c["x0"] + c["x1"]) / 2 <= t["x1"]
                and t["top"] <= (c["top"] + c["bottom"]) / 2 <= t["bottom"]
                for c in chars
            ), (page.page_number, t["x0"], t["top"])
    assert seen > 50


def test_board_has_bid_tracks_and_a_score_track_on_its_back(built):
    texts = pypdf_texts(built / BA / "standard-letter" / "sheets.pdf")
    front, back = texts[0], texts[1]
    assert "bidding board" in front and "score track" in back
    assert all(f"Card {n}" in front for n in range(1, 7))
    numbers = front.split()
    assert numbers.count("20") == 6 and numbers.count("0") >= 6
    assert "99" in back.split()


def test_replacing_the_csv_rebuilds_without_code_changes(ws, tmp_path):
    rows = ["id,number,stage,name,cost,income,exchanges,effect,scoring,public,copies"]
    rows.append("BA-BASE,0,base,Base card,,RRRR,5R>G; 8R>B,,,,6")
    rows += [f"BA-S{n},{n},start,Opener {n},R,R,,,,,1" for n in range(1, 7)]
    numbers = {
        "1": [*range(7, 25), 27],
        "2": [25, 26, 27, *range(28, 44)],
        "3": list(range(44, 64)),
    }
    special = {(22, "1"), (27, "1"), (25, "2"), (27, "2")}
    for stage, nums in numbers.items():
        for k, number in enumerate(nums):
            effect = "Special." if (number, stage) in special else ""
            public = "public" if stage == "3" and k < 2 else ""
            scoring = "1 point." if public else ""
            # the rules show card BA-044 (a public scoring card), labelled: the list keeps one
            card = "BA-044" if (stage, k) == ("3", 0) else f"BA-X{stage}{k:02d}"
            rows.append(
                f"{card},{number},{stage},Card {stage}-{k},G,,,{effect},{scoring},{public},1"
            )
    ws.path(CSV).write_text("\n".join(rows) + "\n")
    problems = messages(ws)
    assert problems == [], problems
    out = tmp_path / "out"
    _o, report = build(ws.project, [BA], Options(papers=("a4",)), out, progress=lambda _m: None)
    assert not report.errors
    assert "Card 3-19" in all_text(out / BA / "standard-a4" / "cards.pdf")


def test_sponsor_no_longer_depends_on_ties(repo):
    """Every bid must be strictly higher, so a tie-breaking effect could never apply."""
    game = load_game(repo.content / BA)
    sponsor = next(i for c in game.components for i in c.items if i.id == "BA-041")
    text = " ".join(str(v) for v in sponsor.values.values() if v).lower()
    assert "tie" not in text and sponsor.values["name"] == "Sponsor"
    assert sponsor.authored  # the kit's own effect, since the rulebook's could never apply


@pytest.mark.parametrize("profile", ["standard", "large-print", "ink-saver"])
def test_the_strongbox_gives_its_owner_points(built, built_ink_saver, repo, profile):
    """Card 25 costs a Green; the cubes it holds now score, and the FAQ's ruling (they stay
    yours) still holds. The printed card says both."""
    game = load_game(repo.content / BA)
    box = next(i for i in game.component("stage-2").items if i.id == "BA-025")
    assert box.values["cost"] == "G" and box.values["number"] == 25
    assert box.values["scoring"] == "1 point a cube here."
    assert "stay yours" in box.values["effect"]
    folder = built_ink_saver if profile == "ink-saver" else built
    text = reader_text(folder / BA / f"{profile}-a4" / "cards.pdf")
    start = text.index("Strongbox")
    if profile == "large-print":  # the id once, in the band, in place of "#25"
        assert text.count("BA-025") == 1 and abs(start - text.index("BA-025")) < 30
        end = text.index("1 point a cube here", start)
        card = text[start : end + len("1 point a cube here")]
        assert len(card) < 200  # one card, read whole
    else:
        card = text[start : text.index("BA-025", start)]
    assert "EFFECT" in card and "SCORING" in card
    assert "1 point a cube here" in card


def test_the_ledgers_two_a_page_still_give_every_player_one(ws, built):
    """Three pages of two ledgers are six, one for each of up to 6 players; two pages are too
    few, at the copies that print them. The standard sheets hold the ledgers on 3 pages."""
    ledger = "content/bidding-alpha/ledger.yaml"
    line = ws.edit(ledger, "    copies: 3\n", "    copies: 2\n")
    ws.edit(GAME, "    count: 3  # pages", "    count: 2  # pages")
    assert messages(ws) == [
        f"{ledger}:{line}:13: error: 4 ledgers print under the 'standard' profile, but each of up to 6"
        " players needs one"
        " (a table on a page is one ledger; copies repeat the page)"
    ]
    for paper in ("a4", "letter"):
        texts = pypdf_texts(built / BA / f"standard-{paper}" / "sheets.pdf")
        ledgers = [t for t in texts if "Cube ledgers" in (t or "")]
        assert len(ledgers) == 3 and all(t.count("Final") == 2 for t in ledgers)
        assert not any("(continued)" in t for t in ledgers)


def test_large_print_gives_each_ledger_a_page_of_its_own(ws, built):
    """Two ledgers do not fit a large-print page: large print's own ledger component prints
    one a page, six pages, none of them "(continued)" (the second of two ledgers on a page
    read as the first one going on), and the check counts its ledgers too."""
    for paper in ("a4", "letter"):
        texts = pypdf_texts(built / BA / f"large-print-{paper}" / "sheets.pdf")
        ledgers = [t for t in texts if "Cube ledger" in (t or "")]
        assert len(ledgers) == 6 and all(t.count("Final") == 1 for t in ledgers)
        assert not any("(continued)" in t for t in ledgers)
    rules = " ".join(
        " ".join((t or "").split())
        for t in pypdf_texts(built / BA / "large-print-a4" / "rules.pdf")
    )
    assert (
        "beside the bidding tracks (the bid track cards), one card a track" in rules
    )  # large print has no board
    ledger = "content/bidding-alpha/ledger-large-print.yaml"
    line = ws.edit(ledger, "    copies: 6\n", "    copies: 5\n")
    source = "    profiles: [large-print]\n    source: ledger-large-print.yaml"
    ws.edit(GAME, "    count: 6\n" + source, "    count: 5\n" + source)
    assert [str(p) for p in ws.check(BA, ("standard", "large-print"))] == [
        f"{ledger}:{line}:13: error: 5 ledgers print under the 'large-print' profile, but each of up to 6"
        " players needs one"
        " (a table on a page is one ledger; copies repeat the page)"
    ]


def test_every_profile_prints_a_ledger_for_each_player(ws):
    """The ledgers are counted under each profile a check or build makes, over the ledger
    components that print under it: taking ink-saver out of the standard ledgers' profiles,
    or removing large print's own ledgers, leaves that profile without one, said at the
    ledgers' profiles when that profile is checked (and only then: a profile of the project
    that is not made does not stop this game)."""
    every = ("standard", "large-print", "ink-saver")
    old = "    profiles: [standard, ink-saver]  # large print: one ledger"
    line = ws.edit(GAME, old, old.replace(", ink-saver", ""))
    said = "players needs one (the ledger components: ledgers"
    assert [str(p) for p in ws.check(BA, every)] == [
        f"{GAME}:{line}:5: error: no ledger prints under the 'ink-saver' profile, but each of"
        f" up to 6 {said} and ledgers-large-print)"
    ]
    assert messages(ws) == []  # standard alone: its ledgers are there
    ws.edit(GAME, "  - id: ledgers-large-print\n", "  - id: ledgers-big\n")
    assert [str(p) for p in ws.check(BA, every) if p.severity == "error"] == [
        f"{GAME}:{line}:5: error: no ledger prints under the '{profile}' profile, but each of"
        f" up to 6 {said})"
        for profile in ("ink-saver", "large-print")
    ]


def test_text_too_long_is_reported_at_the_cell_the_box_prints(ws):
    """A box whose template tries ``scoring``, then ``effect`` printed a card's effect but
    named the empty scoring cell (and its row's first column): the field named is the first
    of the template's that holds something."""
    csv = "content/bidding-alpha/cards.csv"
    words = " ".join(["Trade two cubes for one."] * 120)
    row = "BA-003,3,start,Trading Post,R,,,3R<>G,"
    line = ws.edit(csv, f"{row},,,1,yes", f"{row}{words},,,1,yes")
    col = len(row) + 1
    got = [p for p in ws.check("bidding-alpha", ("standard", "large-print")) if "BA-003" in str(p)]
    assert got, got
    assert all((p.loc.line, p.loc.col) == (line, col) for p in got), [str(p) for p in got]
    assert all("field scoring" not in p.message for p in got), [str(p) for p in got]


def test_a_page_component_from_a_csv_is_one_error_at_its_source(ws):
    """A page's blocks nest, and a CSV cell cannot hold them: a page component whose source
    is a CSV is one error at its source, not a missing 'blocks' and an 'unquote 3' a row."""
    ws.path("content/bidding-alpha/ledger.csv").write_text("id,title,copies\nBA-LEDGER,Ledgers,3\n")
    line = ws.edit(GAME, "    source: ledger.yaml\n", "    source: ledger.csv\n")
    assert messages(ws) == [
        f"{GAME}:{line}:13: error: a page's items come from YAML (their blocks nest), not from"
        " a CSV file"
    ]


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_ledger_heads_each_column_over_its_centre(built, profile):
    """A table's headers are centred over their columns, as the values under them are:
    "Turn" over "Start" and "1.1", not set at its column's left beside centred values."""
    path = built / "bidding-alpha" / f"{profile}-a4" / "sheets.pdf"
    page = next(ws for ws in plumber_words(path) if any(w["text"] == "Turn" for w in ws))
    turn = next(w for w in page if w["text"] == "Turn")
    under = [w for w in page if w["text"] in ("Start", "1.1") and w["top"] > turn["bottom"]]
    assert len(under) >= 2
    centre = (turn["x0"] + turn["x1"]) / 2
    for w in under[:2]:
        assert (w["x0"] + w["x1"]) / 2 == pytest.approx(centre, abs=1.0), w["text"]


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_the_player_aid_says_to_discard_unbought_start_cards(built, profile):
    """The turn's fifth step, as the rules say it: after the start turn, with 3-5 players, the
    start cards nobody bought are discarded (a review found the aid left it out)."""
    path = built / "bidding-alpha" / f"{profile}-a4" / "cards.pdf"
    aids = " ".join(t for t in pypdf_texts(path) if "Player aid" in t)
    words = " ".join(aids.split())
    assert "After the start turn (3–5 players), discard unbought start cards." in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_ledger_starts_at_the_margin_as_its_player_label_does(built, paper):
    """A table is set from the left margin, as the text and the write-ins around it are. On
    Letter, wider than the table, the first ledger of a page stood 8 pt in (centred) while
    the label above it and the second ledger started at the margin."""
    path = built / "bidding-alpha" / f"standard-{paper}" / "sheets.pdf"
    pages = plumber_pages(path)
    page = next(p for p in pages if any(w["text"] == "Player" for w in p.extract_words()))
    labels = [w for w in page.extract_words() if w["text"] == "Player"]
    assert len(labels) == 2
    rules = [e for e in page.edges if e["orientation"] == "v"]
    for label in labels:
        under = [e for e in rules if label["bottom"] < e["top"] < label["bottom"] + 40]
        assert min(e["x0"] for e in under) == pytest.approx(label["x0"], abs=1.0)
