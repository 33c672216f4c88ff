"""Festi'vibes: content proved against the rulebook and read back from the PDFs."""

from __future__ import annotations

from cutsheet.content import load_game
from cutsheet.games.festivibes import scores

from .readback import plumber_pages, plumber_words, pypdf_texts

FV = "festivibes"
EVENTS = "content/festivibes/events.yaml"
RULES = "content/festivibes/rules.yaml"
GAME = "content/festivibes/game.yaml"
NAMES = {
    1: "Free food",
    2: "Wellness workshop",
    3: "Immersive experience",
    4: "VIP access",
    -1: "Artist delayed",
    -2: "High prices",
    -3: "Crowd rush",
    -4: "Storms",
    -5: "Fake ticket",
}


def messages(ws):
    return [str(p) for p in ws.check(FV)]


def test_the_shipped_content_is_clean(ws):
    assert messages(ws) == []


def test_the_deck_has_every_value_and_effect(repo):
    game = load_game(repo.content / FV)
    events = game.component("events")
    assert events.printed == 26
    assert {i.values["value"] for i in events.items} == set(NAMES)
    assert {i.values["effect"] for i in events.items if i.values["effect"]} == set(
        game.spec.vocab["effect"]
    )
    assert all(i.authored for i in events.items)
    assert sorted(i.values["limit"] for i in game.component("festivals").items) == [
        2,
        2,
        3,
        3,
        4,
        5,
    ]
    assert game.component("tickets").printed == 12 and game.component("help").printed == 8


def test_removing_one_event_fails_at_the_deck(ws):
    ws.edit(EVENTS, "  - {id: FV-STORMS, name: Storms, value: -4, authored: true}\n", "")
    count_line = ws.line_of(GAME, "    count: 26")
    items_line = ws.line_of(EVENTS, "  - {id: FV-FOOD,")
    out = messages(ws)
    assert out[0] == (
        f"{EVENTS}:{items_line}:3: error: Event cards: 25 printed (16 items, copies: 3 of FV-FOOD,"
        " 3 of FV-WELLNESS, 2 of FV-IMMERSIVE and 3 more), but the rulebook needs 26"
        f" (count at {GAME}:{count_line}:12)"
    )


def test_an_event_name_must_match_its_value(ws):
    line = ws.edit(
        EVENTS,
        "{id: FV-VIP, name: VIP access, value: 4,",
        "{id: FV-VIP, name: VIP access, value: 3,",
    )
    assert (
        f"{EVENTS}:{line}:24: error: FV-VIP: the +3 Event is 'Immersive experience', not 'VIP access'"
        in messages(ws)
    )


def test_an_effect_must_be_one_of_the_seven(ws):
    line = ws.edit(
        EVENTS,
        "effect: discard, authored: true}\n  - {id: FV-RUSH,",
        "effect: teleport, authored: true}\n  - {id: FV-RUSH,",
    )
    assert (
        messages(ws)[0].startswith(f"{EVENTS}:{line}:")
        and "'teleport' is not one of" in messages(ws)[0]
    )


def test_the_example_is_recomputed(ws):
    line = ws.edit(
        RULES,
        "scores: {Orange: 6, Pink: 5, Red: 5, Brown: 8}",
        "scores: {Orange: 6, Pink: 5, Red: 4, Brown: 8}",
    )
    assert messages(ws) == [f"{RULES}:{line}:41: error: Red scores 5, not 4"]


def test_a_column_cannot_hold_three_tickets(ws):
    line = ws.edit(
        RULES, "total: 0, tickets: [Orange, Pink]}", "total: 0, tickets: [Orange, Pink, Red]}"
    )
    out = messages(ws)
    assert f"{RULES}:{line}:79: error: column 6 holds more than 2 tickets" in out


def test_a_column_total_must_add_up(ws):
    line = ws.edit(RULES, "events: [2, 1, -2], total: 1", "events: [2, 1, -1], total: 1")
    assert f"{RULES}:{line}:61: error: column 4 adds up to +2, not +1" in messages(ws)


def test_a_renamed_component_is_located_and_the_rest_is_still_checked(ws):
    ws.edit(GAME, "id: festivals", "id: festival-cards")
    line = ws.edit(
        EVENTS,
        "{id: FV-VIP, name: VIP access, value: 4,",
        "{id: FV-VIP, name: VIP access, value: 3,",
    )
    components = ws.line_of(GAME, "components:")
    assert messages(ws) == [
        f"{EVENTS}:{line}:24: error: FV-VIP: the +3 Event is 'Immersive experience', not 'VIP access'",
        f"{GAME}:{components}:1: error: no component 'festivals', which this game's rulebook"
        " checks need (components: festival-cards, events, event-reference, tickets, help)",
    ]


def test_two_player_festivals_are_a_subset(ws):
    line = ws.edit(
        RULES,
        "    festivals: [FV-FEST-2A, FV-FEST-3A, FV-FEST-3B, FV-FEST-4, FV-FEST-5]",
        "    festivals: [FV-FEST-2A, FV-FEST-2B, FV-FEST-3B, FV-FEST-4, FV-FEST-5]",
    )
    diagram = ws.line_of(RULES, "          cards: [FV-FEST-2A, FV-FEST-3A")
    assert messages(ws) == [
        f"{RULES}:{line}:16: error: two players use five festivals: one 2, two 3s, one 4 and one 5",
        f"{RULES}:{line + 1}:14: error: the blocking tickets go on the 2 and both 3s",
        f"{RULES}:{diagram}:11: error: the two-player diagram must show params.two_player's"
        " festivals and blocked ones",
    ]


def test_scores_double_a_column_held_twice():
    cols = [
        (2, ["Orange", "Pink"]),
        (3, ["Pink", "Red"]),
        (4, ["Orange", "Brown"]),
        (1, ["Red", "Red"]),
        (2, ["Brown", "Brown"]),
        (0, ["Orange", "Pink"]),
    ]
    assert scores(cols) == {"Orange": 6, "Pink": 5, "Red": 5, "Brown": 8}


def all_text(path):
    return " ".join(" ".join((t or "").split()) for t in pypdf_texts(path))


def test_every_name_and_value_reads_back(built, repo):
    game = load_game(repo.content / FV)
    for paper in ("a4", "letter"):
        text = all_text(built / FV / f"standard-{paper}" / "cards.pdf")
        for value, name in NAMES.items():
            assert name in text
            sign = f"+{value}" if value > 0 else f"−{-value}"
            assert sign in text
        for term in game.spec.terms.values():
            assert term["title"] in text
        for colour in ("ORANGE", "PINK", "RED", "BROWN"):
            assert text.split().count(colour) == 3
        assert text.count("SOLD OUT") == 6 and text.count("FESTIVAL") == 6


def test_festival_backs_line_up_with_their_fronts(built):
    """Each Sold-out side sits exactly behind its own festival once the sheet is turned."""
    path = built / FV / "standard-a4" / "cards.pdf"
    front = plumber_pages(path)[0]
    width = float(front.width)

    def ids(words):
        return {w["text"]: w for w in words if w["text"].startswith("FV-FEST")}

    fronts, backs = ids(plumber_words(path)[0]), ids(plumber_words(path)[1])
    assert set(fronts) == set(backs) and len(fronts) == 6
    for fid, word in fronts.items():
        # the id is right-aligned 4 mm inside each card's right edge, on both sides
        mm = 72 / 25.4
        front_centre = word["x1"] + 4 * mm - 31.5 * mm
        back_centre = backs[fid]["x1"] + 4 * mm - 31.5 * mm
        assert (
            back_centre == width - front_centre or abs(back_centre - (width - front_centre)) < 0.5
        ), fid
        assert abs(backs[fid]["top"] - word["top"]) < 0.5


def test_two_player_diagram_and_example_in_the_rules(built):
    text = all_text(built / FV / "standard-a4" / "rules.pdf")
    assert text.count("blocking ticket") >= 3
    assert sorted(text.split("Limit ")[i][0] for i in range(1, 6)) == ["2", "3", "3", "4", "5"]
    assert "their totals are +2, +3, +4, +1, +2 and 0" in text
    assert "Orange scores 6; Pink scores 5; Red scores 5; Brown scores 8" in text


def test_the_two_player_diagram_follows_the_set_up_data(ws):
    ws.edit(
        RULES,
        "          marked: [FV-FEST-2A, FV-FEST-3A, FV-FEST-3B]",
        "          marked: [FV-FEST-2A, FV-FEST-3A]",
    )
    cards_line = ws.line_of(RULES, "          cards: [FV-FEST-2A, FV-FEST-3A")
    assert messages(ws) == [
        f"{RULES}:{cards_line}:11: error: the two-player diagram must show params.two_player's festivals and blocked ones"
    ]


def test_the_tickets_fill_the_last_page_of_events(built, repo):
    """Tickets have no back: in duplex they follow the events on the room the last page of
    events leaves, rather than start a sheet of their own; the back page behind that page
    holds the events' backs only."""
    game = load_game(repo.content / "festivibes", project=repo.root)
    events = {i.id for i in game.component("events").items}
    for paper in ("a4", "letter"):
        texts = pypdf_texts(built / "festivibes" / f"standard-{paper}" / "cards.pdf")
        first = next(i for i, t in enumerate(texts) if "FV-TICKET-" in t)
        assert events & set(texts[first].split()), paper  # an event on the same page
        assert "FV-TICKET-" not in texts[first + 1]  # its back page: event backs only
