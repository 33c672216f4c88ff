"""`cutsheet check` on Common Reserve: each content mistake is one located message."""

from __future__ import annotations

import shutil

import pytest

from cutsheet.content import load_game
from cutsheet.games.common_reserve import Params, deliver, exchange, gather, score
from cutsheet.layouts import PACKAGED as PACKAGED_LAYOUTS

DELIVERIES = "content/common-reserve/deliveries.yaml"
RULES = "content/common-reserve/rules.yaml"
GAME = "content/common-reserve/game.yaml"


def messages(ws):
    return [str(p) for p in ws.check("common-reserve")]


def test_the_shipped_content_is_clean(ws):
    assert messages(ws) == []


def test_the_twelve_cards_are_the_rulebooks(repo):
    game = load_game(repo.content / "common-reserve")
    cards = {
        i.values["name"]: (i.values["demand"], i.values["closed"])
        for i in game.component("deliveries").items
    }
    assert len(cards) == 12
    assert cards["Seed Tent"] == ({"WATER": 3, "FUEL": 1, "FIBRE": 1}, "WATER")
    assert cards["Closing Stand"] == ({"WATER": 1, "FUEL": 2, "FIBRE": 2}, "FUEL")
    assert all(sum(d.values()) == 5 for d, _ in cards.values())


def test_a_card_that_disagrees_with_the_worked_example_fails_at_the_card(ws):
    line = ws.edit(
        DELIVERIES,
        "demand: {WATER: 3, FUEL: 1, FIBRE: 1}\n    closed: WATER",
        "demand: {WATER: 3, FUEL: 2, FIBRE: 0}\n    closed: WATER",
    )
    out = messages(ws)
    assert out[0].startswith(
        f"{DELIVERIES}:{line}:13: error: CR-SEED-TENT: demand WATER 3, FUEL 2, FIBRE 0 disagrees with example 'full-delivery'"
    )
    assert any(m.startswith(f"{RULES}:") and "but card CR-SEED-TENT says" in m for m in out)


def test_a_wrong_number_in_a_worked_example_fails_at_that_number(ws):
    line = ws.edit(
        RULES,
        "      left: {WATER: 1, FUEL: 1, FIBRE: 3}",
        "      left: {WATER: 1, FUEL: 2, FIBRE: 3}",
    )
    assert messages(ws) == [
        f"{RULES}:{line}:13: error: example 'full-delivery': left should be WATER 1, FUEL 1, FIBRE 3, not WATER 1, FUEL 2, FIBRE 3"
    ]


def test_a_wrong_score_in_the_second_example(ws):
    line = (
        ws.edit(RULES, "      missing: 1\n      points: 1", "      missing: 1\n      points: 2") + 1
    )
    assert messages(ws) == [
        f"{RULES}:{line}:15: error: example 'short-delivery': points should be 1, not 2"
    ]


def test_an_illegal_gather_from_the_closed_source_is_reported(ws):
    line = ws.edit(
        RULES, "{action: gather, resource: FUEL, after", "{action: gather, resource: WATER, after"
    )
    assert messages(ws) == [
        f"{RULES}:{line}:11: error: example 'full-delivery', action 2 is illegal: WATER is the closed source and cannot be gathered"
    ]


def test_a_card_must_demand_five_units(ws):
    line = ws.edit(
        DELIVERIES,
        "demand: {WATER: 1, FUEL: 3, FIBRE: 1}\n    closed: FIBRE",
        "demand: {WATER: 1, FUEL: 3, FIBRE: 2}\n    closed: FIBRE",
    )
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:13: error: CR-DUSK-DISPLAY: demand adds up to 1 + 3 + 2 = 6, must be 5"
    ]


def test_unknown_key_suggests_the_right_one(ws):
    line = ws.edit(DELIVERIES, "    name: Woven Arch", "    nmae: Woven Arch")
    assert f"{DELIVERIES}:{line}:5: error: unknown key 'nmae', did you mean 'name'?" in messages(ws)


def test_closed_source_must_be_a_resource(ws):
    line = ws.edit(
        DELIVERIES, "    closed: FIBRE\n  - id: CR-WARM", "    closed: WOOD\n  - id: CR-WARM"
    )
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:13: error: closed: 'WOOD' is not one of 'WATER', 'FUEL' or 'FIBRE'"
    ]


def test_wrong_type(ws):
    line = ws.edit(
        DELIVERIES,
        "{WATER: 2, FUEL: 2, FIBRE: 1}\n    closed: FIBRE",
        "{WATER: two, FUEL: 2, FIBRE: 1}\n    closed: FIBRE",
    )
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:21: error: demand.WATER: input should be a valid integer, unable to parse string as an integer, got 'two'"
    ]


def test_missing_key(ws):
    line = ws.line_of(DELIVERIES, "  - id: CR-LANTERN-STALL")
    ws.edit(DELIVERIES, "    closed: FUEL\n  - id: CR-WOVEN", "  - id: CR-WOVEN")
    assert messages(ws) == [f"{DELIVERIES}:{line}:5: error: missing key 'closed'"]


def test_duplicate_id(ws):
    line = ws.edit(DELIVERIES, "id: CR-CLOSING-STAND", "id: CR-SEED-TENT")
    assert (
        f"{DELIVERIES}:{line}:9: error: duplicate id 'CR-SEED-TENT' (first at {DELIVERIES}:4:9)"
        in messages(ws)
    )


def test_a_duplicate_id_by_a_merge_is_said_at_the_item_that_repeats_it(ws):
    """A hostile-input probe: an item made by merging another (<<: *g) was said at the first
    item's id twice ('…:5:9: duplicate id … (first at …:5:9)'), never at the repeat."""
    actions = "content/common-reserve/actions.yaml"
    ws.edit(actions, "  - id: CR-GATHER", "  - &g\n    id: CR-GATHER")
    line = ws.edit(actions, "  - id: CR-EXCHANGE\n    name: EXCHANGE", "  - <<: *g\n    name: EX")
    said = [m for m in messages(ws) if "duplicate id" in m]
    assert said == [
        f"{actions}:{line}:5: error: duplicate id 'CR-GATHER' (first at {actions}:5:9)"
    ], messages(ws)


def test_removing_a_card_fails_at_the_deck(ws):
    ws.edit(
        DELIVERIES,
        "  - id: CR-CLOSING-STAND\n    name: Closing Stand\n    demand: {WATER: 1, FUEL: 2, FIBRE: 2}\n    closed: FUEL\n",
        "",
    )
    count_line = ws.line_of(GAME, "    count: 12")
    assert messages(ws) == [
        f"{DELIVERIES}:4:3: error: Delivery cards: 11 printed, but the rulebook needs 12 (count at {GAME}:{count_line}:12)"
    ]


def test_text_that_does_not_fit_names_card_box_and_overflow(ws):
    line = ws.edit(
        DELIVERIES,
        "name: Dusk Display",
        "name: Dusk Display of the Extremely Long Festival Name That Goes On",
    )
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:11: error: CR-DUSK-DISPLAY, box 'title': text does not fit: it needs 15.9 mm, the box is 9 mm (6.9 mm over); shorten it, or give it a taller box or a smaller style"
    ]


@pytest.mark.parametrize(("written", "got"), [('""', "an empty value"), ('"   "', "only spaces")])
def test_a_required_text_left_blank_is_an_error_not_a_blank_card(ws, written, got):
    """A probe: ``name: ""`` built a card with no title, where the same cell left empty in a
    CSV is a missing key."""
    line = ws.edit(DELIVERIES, "name: Seed Tent", f"name: {written}")
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:11: error: name: input should be some text, got {got} (the field is required)"
    ]


def test_a_character_the_font_lacks_is_an_error_not_a_silent_gap(ws):
    line = ws.edit(DELIVERIES, "name: Dusk Display", "name: Dusk → Display")
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:11: error: CR-DUSK-DISPLAY, box 'title': font AtkinsonHyperlegible-Bold has no '→' (U+2192)"
    ]


def test_a_character_the_layout_writes_itself_is_the_layouts_error(ws):
    """A glyph the template writes (in its text, as a reference, or in a string it prints) is
    said once at the layout's box's text, not at each item whose value the template also
    prints (at its text: a probe found it at the box's key)."""
    layout = "layouts/common-reserve.yaml"
    old = 'title: {x: 5, y: 9, w: 53, h: 9, style: title, text: "{{ name }}"}'
    new = old.replace("{{ name }}", "&#x2192; {{ name }} {{ '\u2603' }}")  # a string it prints
    line = ws.edit(layout, old, new)
    col = (ws.root / layout).read_text().splitlines()[line - 1].index('text: "') + 7
    assert messages(ws) == [
        f"{layout}:{line}:{col}: error: CR-SEED-TENT (and 11 more), box 'title': font AtkinsonHyperlegible-Bold"
        f" has no {shown}"
        for shown in ("'→' (U+2192)", "'☃' (U+2603)")
    ]


def test_yaml_syntax_error(ws):
    line = ws.edit(DELIVERIES, "  - id: CR-WOVEN-ARCH", "  - id: CR-WOVEN-ARCH: [x")
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:22: error: YAML syntax: mapping values are not allowed here"
        " (a ': ' inside a value, or a key indented too far: put text with ': ' in quotes)"
    ]


def test_layout_template_typo_is_reported_once_at_its_text(ws):
    line = ws.edit(
        "layouts/common-reserve.yaml", '"{{ name }}"}\n      rule', '"{{ nmae }}"}\n      rule'
    )
    assert messages(ws) == [
        f"layouts/common-reserve.yaml:{line}:60: error: CR-SEED-TENT (and 11 more), box 'title': template uses an unknown name: 'nmae' is undefined; did you mean 'name'?"
    ]


def test_extends_cycle_is_located(ws):
    shutil.copy(PACKAGED_LAYOUTS / "base.yaml", ws.path("layouts/base.yaml"))  # the project's own
    line = (
        ws.edit(
            "layouts/base.yaml", "  card:\n    boxes:", "  card:\n    extends: delivery\n    boxes:"
        )
        + 1
    )
    out = messages(ws)
    assert (
        f"layouts/base.yaml:{line}:14: error: 'extends' makes a cycle: delivery -> card -> delivery"
        in out
    )


def test_reserve_track_must_match_capacity(ws):
    line = ws.edit(
        "content/common-reserve/reserve-sheet.yaml",
        "{label: FUEL, start: 0, stop: 6, mark: 2}",
        "{label: FUEL, start: 0, stop: 5, mark: 2}",
    )
    assert messages(ws) == [
        f"content/common-reserve/reserve-sheet.yaml:{line}:46: error: track FUEL must run 0 to 6 (the capacity)"
    ]


def test_session_record_needs_eight_rows(ws):
    line = ws.edit("content/common-reserve/session-record.yaml", "rows: 8", "rows: 7")
    assert messages(ws) == [
        f"content/common-reserve/session-record.yaml:{line}:17: error: the record needs 8 rows, one a delivery"
    ]


def test_a_renamed_component_is_located_and_the_rest_is_still_checked(ws):
    ws.edit(GAME, "id: deliveries", "id: deliverys")
    rows = ws.edit("content/common-reserve/session-record.yaml", "rows: 8", "rows: 7")
    components = ws.line_of(GAME, "components:")
    # the reserve sheet's CURRENT and NEXT spaces take the size of the card they name
    spaces = ws.line_of("content/common-reserve/reserve-sheet.yaml", "card: deliveries")
    assert messages(ws) == [
        f"{GAME}:{components}:1: error: no component 'deliveries', which this game's rulebook"
        " checks need (components: deliverys, delivery-reference, reserve-sheet,"
        " session-record, actions, turn-marker, counters)",
        f"content/common-reserve/reserve-sheet.yaml:{spaces}:9: error: spaces: no card"
        " component 'deliveries' (known: actions, counters, delivery-reference, deliverys,"
        " turn-marker)",
        f"content/common-reserve/session-record.yaml:{rows}:17: error: the record needs 8 rows,"
        " one a delivery",
    ]


def test_spaces_name_a_card_the_profile_prints(ws):
    """A sheet's card spaces take the size of a card component the profile prints: one that
    prints in another profile only is its own located error, the same in every profile it
    is checked in."""
    line = ws.edit(
        "content/common-reserve/reserve-sheet.yaml", "card: deliveries", "card: delivery-reference"
    )
    got = [str(p) for p in ws.check("common-reserve", ("standard", "large-print"))]
    assert got == [
        f"content/common-reserve/reserve-sheet.yaml:{line}:9: error: spaces: card component"
        " 'delivery-reference' is not printed in standard"
    ]
    ws.edit("content/common-reserve/reserve-sheet.yaml", "card: delivery-reference", "card: nope")
    got = [str(p) for p in ws.check("common-reserve", ("standard", "large-print"))]
    assert got == [  # one message for both profiles: the game's card components, known to both
        f"content/common-reserve/reserve-sheet.yaml:{line}:9: error: spaces: no card component"
        " 'nope' (known: actions, counters, deliveries, delivery-reference, turn-marker)"
    ]


def test_an_item_the_arithmetic_cannot_read_is_located(ws):
    ws.edit(
        GAME,
        "closed: {type: choice, of: resource,",
        "closed: {type: choice, of: resource, required: false,",
    )
    line = ws.line_of(DELIVERIES, "  - id: CR-LANTERN-STALL")
    ws.edit(DELIVERIES, "    closed: FUEL\n  - id: CR-WOVEN", "  - id: CR-WOVEN")
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:5: error: CR-LANTERN-STALL: closed: input should be a valid string,"
        " got None (read by the rulebook checks)"
    ]


# ------------------------------------------------------------- the arithmetic itself
P = Params(
    resources=["WATER", "FUEL", "FIBRE"],
    start={"WATER": 2, "FUEL": 2, "FIBRE": 2},
    capacity=6,
    gather=2,
    exchange=2,
    actions_per_delivery=3,
    deliveries_per_session=8,
    cards_in_box=12,
    demand_per_card=5,
    points={"complete": 2, "one_missing": 1, "more_missing": 0},
    actions=["GATHER", "EXCHANGE", "WAIT"],
)


def test_gather_is_capped_at_six():
    assert gather({"WATER": 5, "FUEL": 0, "FIBRE": 0}, "WATER", "FUEL", P)["WATER"] == 6


def test_gather_refuses_the_closed_source():
    with pytest.raises(ValueError, match="closed"):
        gather({"WATER": 0, "FUEL": 0, "FIBRE": 0}, "FUEL", "FUEL", P)


def test_exchange_may_yield_the_closed_type_and_is_capped():
    out = exchange({"WATER": 5, "FUEL": 2, "FIBRE": 0}, "FUEL", "WATER", P)
    assert out == {"WATER": 6, "FUEL": 0, "FIBRE": 0}


def test_exchange_needs_two_to_pay():
    with pytest.raises(ValueError, match="pays 2 FUEL"):
        exchange({"WATER": 0, "FUEL": 1, "FIBRE": 0}, "FUEL", "WATER", P)


def test_delivery_sends_the_smaller_and_scores():
    sent, left, missing = deliver(
        {"WATER": 2, "FUEL": 2, "FIBRE": 2}, {"WATER": 1, "FUEL": 3, "FIBRE": 1}
    )
    assert (sent, left, missing, score(missing, P)) == (
        {"WATER": 1, "FUEL": 2, "FIBRE": 1},
        {"WATER": 1, "FUEL": 0, "FIBRE": 1},
        1,
        1,
    )
    assert score(0, P) == 2 and score(2, P) == 0 and score(5, P) == 0


def test_a_misspelt_choice_suggests_the_word(ws):
    line = ws.edit(
        DELIVERIES, "    closed: FIBRE\n  - id: CR-WARM", "    closed: FIBER\n  - id: CR-WARM"
    )
    assert messages(ws) == [
        f"{DELIVERIES}:{line}:13: error: closed: 'FIBER' is not one of 'WATER', 'FUEL' or"
        " 'FIBRE'; did you mean 'FIBRE'?"
    ]


def test_a_large_print_box_problem_names_the_profile(ws):
    """Large print scales a face's boxes: a word too wide for the 83 mm box it sets a 53 mm
    layout box at was reported with no profile named, and the layout says 53 mm."""
    line = ws.edit(DELIVERIES, "    name: Seed Tent\n", "    name: Seedtentextraordinar\n")
    got = [str(p) for p in ws.check("common-reserve", ("standard", "large-print"))]
    assert got == [
        f"{DELIVERIES}:{line}:11: error: CR-SEED-TENT, box 'title': a word is 1.7 mm wider than"
        " the 83 mm box in the large-print profile (words are never broken or shrunk; shorten"
        " it or widen the box)"
    ]


@pytest.mark.parametrize(
    ("before", "after", "col"),
    [
        ("publisher: Round & Revel", "publisher: Round & Revel ☃", 12),
        ("time: No clock;", "time: ☃ No clock;", 7),
    ],
)
def test_a_glyph_missing_from_a_game_yaml_line_is_reported_there(ws, before, after, col):
    """The rules' opening and credit lines print game.yaml's title, subtitle, players, time,
    publisher and edition: a glyph the font lacks there was reported at rules.yaml:4:1."""
    line = ws.edit(GAME, before, after)
    got = [f"{p.loc.path}:{p.loc.line}:{p.loc.col}" for p in ws.check("common-reserve")]
    assert got and set(got) == {f"{GAME}:{line}:{col}"}, got


@pytest.mark.parametrize(
    ("before", "after", "col"),
    [
        ("    name: Delivery cards\n", "    name: Delivery cards ☃\n", 11),
        ("    note: pencil tracks, a ledger", "    note: ☃ pencil tracks, a ledger", 11),
    ],
)
def test_a_glyph_missing_from_a_components_name_or_note_is_reported_there_once(
    ws, before, after, col
):
    """A component's name prints on every card's default back (base.yaml's box) and in the
    rules' and the booklet's lists of what is in the box; its note in the rules' list. A
    character the font lacks was reported at each of the twelve delivery cards, and at the
    components' list (game.yaml:16:1): now once a place it prints, at the name or the note."""
    line = ws.edit(GAME, before, after)
    got = ws.check("common-reserve", ("standard", "large-print"))
    assert {f"{p.loc.path}:{p.loc.line}:{p.loc.col}" for p in got} == {f"{GAME}:{line}:{col}"}
    said = sorted({p.text for p in got})
    rules = "rules: font AtkinsonHyperlegible-Regular has no '☃' (U+2603)"
    if "name" in before:
        assert said == [
            "CR-SEED-TENT (back) (and 11 more), box 'kind': font AtkinsonHyperlegible-Regular has no '☃' (U+2603)"
            " (cutsheet's own box, base.yaml:56: shorten the text, or give the face a box"
            " 'kind' of its own ('kind: ~' leaves it out))",
            rules,
        ], said
    else:
        assert said == [rules], said
