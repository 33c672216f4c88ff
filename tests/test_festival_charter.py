"""Festival Charter: the content proved against the rulebook, and read back from the PDFs."""

from __future__ import annotations

import pytest

from cutsheet.content import load_game
from cutsheet.games.festival_charter import Params, built_features, keeper_score, resolve

from .readback import plumber_texts, pypdf_texts

FC = "festival-charter"
PROJECTS = "content/festival-charter/projects.yaml"
RULES = "content/festival-charter/rules.yaml"
GAME = "content/festival-charter/game.yaml"
P = Params(
    players=4,
    budget=12,
    proposals=8,
    approve_at=3,
    rejection_cost=1,
    primary_points=2,
    secondary_points=1,
    package_size=2,
    keepers={
        "GLOW": "Glow Keeper",
        "FEAST": "Feast Keeper",
        "PLAY": "Play Keeper",
        "REST": "Rest Keeper",
    },
    named_projects=["Moon Gate", "Long Table", "Evening Picnic", "Maker Nook"],
    named_costs={"Moon Gate": 2, "Long Table": 2},
)


def messages(ws):
    return [str(p) for p in ws.check(FC)]


def test_the_shipped_content_is_clean(ws):
    assert messages(ws) == []


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_counts_are_the_rulebooks(repo, profile):
    game = load_game(repo.content / FC)
    printed = {c.id: c.printed for c in game.components if c.spec.in_profile(profile)}
    # large print says once, on a reference card, what every priority card repeats
    reference = {"priority-reference": 1} if profile == "large-print" else {}
    assert printed == {
        "projects": 8,
        "priorities": 4,
        **reference,
        "yes-votes": 4,
        "no-votes": 4,
        "public-log": 1,
        "package-markers": 4,
        "chair-marker": 1,
    }
    authored = [i.values["name"] for i in game.component("projects").items if i.authored]
    assert len(authored) == 8  # Moon Gate's name and cost are stated; its features are ours


def test_raising_moon_gates_cost_fails_at_that_line(ws):
    line = (
        ws.edit(PROJECTS, "    name: Moon Gate\n    cost: 2", "    name: Moon Gate\n    cost: 3")
        + 1
    )
    out = messages(ws)
    assert (
        out[0]
        == f"{PROJECTS}:{line}:11: error: FCH-MOON: the rulebook says Moon Gate costs 2, not 3"
    )
    assert any("the pair costs 3 (Moon Gate, " + f"{PROJECTS}:{line}:11)" in m for m in out)
    assert any(m.endswith("= 10, not 9") for m in out)


def test_changing_an_authored_cost_breaks_the_built_set_example(ws):
    line = (
        ws.edit(PROJECTS, "    name: Maker Nook\n    cost: 3", "    name: Maker Nook\n    cost: 4")
        + 1
    )
    cost_line = ws.line_of(RULES, "      cost: 9")
    assert messages(ws) == [
        f"{RULES}:{cost_line}:13: error: example 'final-scoring': the built set costs 2 (Moon Gate, {PROJECTS}:9:11)"
        f" + 4 (Evening Picnic, {PROJECTS}:20:11) + 4 (Maker Nook, {PROJECTS}:{line}:11) = 10, not 9"
    ]


def test_a_wrong_keeper_score_in_the_example(ws):
    line = ws.edit(RULES, "FCH-PLAY-KEEPER: 5", "FCH-PLAY-KEEPER: 6")
    assert messages(ws) == [
        f"{RULES}:{line}:74: error: example 'final-scoring': Play Keeper scores 5, not 6"
    ]


def test_a_wrong_budget_after_rejection(ws):
    line = ws.edit(RULES, "budget_after: 6", "budget_after: 7")
    assert messages(ws) == [
        f"{RULES}:{line}:58: error: example 'package-vote': the budget after is 6, not 7"
    ]


def test_a_renamed_component_is_located_and_the_rest_is_still_checked(ws):
    ws.edit(GAME, "id: public-log", "id: public-record")
    line = ws.edit(RULES, "budget_after: 6", "budget_after: 7")
    components = ws.line_of(GAME, "components:")
    assert messages(ws) == [
        f"{GAME}:{components}:1: error: no component 'public-log', which this game's rulebook"
        " checks need (components: projects, priorities, priority-reference, yes-votes,"
        " no-votes, public-record, package-markers, chair-marker)",
        f"{RULES}:{line}:58: error: example 'package-vote': the budget after is 6, not 7",
    ]


def test_feature_words_come_from_the_vocabulary(ws):
    line = ws.edit(PROJECTS, "features: {REST: 2}", "features: {SLEEP: 2}")
    assert messages(ws) == [
        f"{PROJECTS}:{line}:16: error: unknown key 'SLEEP' (allowed: GLOW, FEAST, PLAY, REST)"
    ]


def test_arithmetic():
    assert resolve(7, 4, 3, P) == ("approved", 3)
    assert resolve(7, 4, 2, P) == ("rejected", 6)
    assert resolve(0, 4, 1, P) == ("rejected", 0)  # never below zero
    features = built_features([{"GLOW": 2}, {"FEAST": 2, "REST": 1}, {"PLAY": 2}], P)
    assert features == {"GLOW": 2, "FEAST": 2, "PLAY": 2, "REST": 1}
    assert keeper_score("GLOW", "PLAY", features, P) == 6
    assert keeper_score("REST", "FEAST", features, P) == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_reads_back(built, repo, paper):
    game = load_game(repo.content / FC)
    text = " ".join(
        " ".join((t or "").split())
        for t in pypdf_texts(built / FC / f"standard-{paper}" / "cards.pdf")
    )
    for item in game.component("projects").items:
        v = item.values
        assert v["name"] in text and item.id in text
        for feature, n in v["features"].items():
            if n:
                assert f"{feature} {n}" in text
    for item in game.component("priorities").items:
        assert item.values["name"] in text
    assert text.count("YES") >= 4 and text.count("NO") >= 4


def test_yes_and_no_share_one_back(built):
    texts = plumber_texts(built / FC / "standard-a4" / "cards.pdf")
    fronts = " ".join(texts[i] for i in (0, 2, 4))
    backs = " ".join(texts[i] for i in (1, 3, 5))
    assert fronts.count("SECRET VOTE") == 8
    assert backs.count("Vote: YES or NO") == 8  # the same back behind every vote
    assert "YES\n" not in backs and "SECRET VOTE" not in backs


def test_public_log_and_markers(built):
    text = " ".join(pypdf_texts(built / FC / "standard-a4" / "sheets.pdf"))
    assert "Starting budget: 12 planning units" in text
    assert text.count("PACKAGE") >= 4 + 1 and "CHAIR" in text
    rows = [line.strip() for line in text.splitlines()]
    # proposals 1 to 8, then the Built projects list's lines 1 to 8
    assert [r for r in rows if r.isdigit()] == [str(n) for n in range(1, 9)] * 2
    assert rows.count("/ 4") == 8


@pytest.mark.parametrize("profile", ["standard-a4", "large-print-a4"])
def test_the_record_finishes_the_game(built, profile):
    """After the proposals, the record lists what was built and has a line a planner for the
    final score, with the tie rule, in both profiles."""
    texts = pypdf_texts(built / FC / profile / "sheets.pdf")
    text = " ".join(" ".join((t or "").split()) for t in texts)
    built_at = text.index("Built projects")
    scores_at = text.index("Final scores")
    assert text.index("Budget after") < built_at < scores_at
    listing = text[built_at:scores_at]
    for header in ("Project", "Cost", "GLOW", "FEAST", "PLAY", "REST", "Feature totals"):
        assert header in listing
    scoring = text[scores_at:]
    for header in ("Planner", "Priority", "Primary total", "Secondary total", "Score", "Winner"):
        assert header in scoring
    assert scoring.count("× 2") == 4  # a line a planner
    assert "tied on top share the win" in scoring


def test_a_record_without_its_scoring_area_is_refused(ws):
    log = "content/festival-charter/public-log.yaml"
    line = ws.edit(log, "          rows: 4\n", "          rows: 5\n")
    assert f"{log}:{line}:17: error: the final scores need 4 rows, one a planner" in messages(ws)
    text = ws.path(log).read_text()
    ws.path(log).write_text(text[: text.index("      - heading: Final scores")])
    assert any(
        m.startswith(f"{log}:")
        and m.endswith(
            "the record needs a final-scoring table, or the table cannot finish the game"
        )
        for m in messages(ws)
    )


def test_rules_examples_read_back(built):
    text = " ".join(
        " ".join(t.split()) for t in pypdf_texts(built / FC / "standard-a4" / "rules.pdf")
    )
    assert "Moon Gate and Long Table together: 2 + 2 = 4" in text
    assert "With 3 YES the pair is approved and the budget becomes 3" in text
    assert "With 2 YES the pair is rejected and the budget becomes 6" in text
    assert "Glow Keeper: 6; Feast Keeper: 6; Play Keeper: 5; Rest Keeper: 4." in text
