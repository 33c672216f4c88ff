"""What a first game stalls on: every ruling the rulebooks leave open is stated in the built
rules of both profiles.

Each case is one question a table meets in its first game (issue 23, item 5), with the
phrases of our rules that answer it. The phrases are looked for in the text of the built
``rules.pdf`` (standard and large print, A4), normalised as the rulebook-fact test does, so
a line break, a hyphen break or a page break never hides them.
"""

from __future__ import annotations

import pytest

from .test_rule_coverage import normalise, rules_text

PROFILES = ("standard-a4", "large-print-a4")

STALLS: dict[str, dict[str, list[str]]] = {
    "bidding-alpha": {
        "cost notation: 2R is two Red cubes": [
            "so 2 r is two red cubes",  # tiles read back a glyph at a time
            "g 2 r is one green and two red",
        ],
        "value never stands in for a cost's colours": [
            "a cost must be paid in exactly those colours: value never stands in for them"
        ],
        "paying a bid in value: change in Red": [
            "a bid is paid in value, with any mix of cubes",
            "take the difference back in red cubes",
            "paying a bid of 4 with one blue gives 1 red in change",
        ],
        "an unaffordable start card: the cost rule wins": [
            "the start turn forbids choosing to discard, but a card you cannot afford must still be discarded",
            "green patch, cost 4 r",
            "the cost rule wins",
        ],
        "shuffle the stage 3 deck before the public reveal": [
            "shuffle the stage 3 deck first. then reveal its cards one at a time from the top"
        ],
        "a bought public scoring card scores for its owner": [
            "it then scores for its owner alone",
            "only the two set out at the start score for everyone",
        ],
        "a bid cap at 20 when holdings pass 20": [
            "a track stops at 20, so no bid goes higher",
            "even when your cubes are worth more than 20",
        ],
        "a discard pile away from play, face up and for good": [
            "the rules post puts a discarded card on a pile away from the cards in play",
            "this kit adds that the pile lies face up",
            "belongs to no one and never comes back",
        ],
        "an example of one bidding round": [
            "example of a bidding round",
            "ben puts his on 3 on the same card, so ana takes hers back at once",
            "the three unbought start cards are then discarded",
        ],
        "the rulings are the kit's own": ["this kit's own ruling for each"],
    },
    "festivibes": {
        "the draw pile runs out": ["empty draw pile", "play on without drawing"],
        "a player who cannot act": [
            "if you hold no event card and cannot place a ticket, skip your turn",
            "if no one can act, the game ends",
        ],
        "a tie": ["players level on the highest total share the win"],
        "Replace with no open spot": [
            "replace with no open spot",
            "the effect cannot be used, and the card just counts for its value",
        ],
        "One more on a Sold out column": [
            "one more on a sold out column: allowed",
            "a column holding one more is full at one card over its limit, and stays sold out",
        ],
    },
    "festival-charter": {
        "invented projects and secondary priorities are the kit's": [
            "part of this kit was made up to complete the game: four of the eight projects",
            "each priority's secondary feature",
        ],
        "the bargaining stays inside the fiction": [
            "every bargain stays inside the imaginary festival"
        ],
    },
    "common-reserve": {
        "the cards describe game supplies, not practical instructions": [
            "the cards describe supplies for the game only",
            "they are not real advice about fuel or gardening",
        ],
        "only printable materials and ordinary supplies": [
            "nothing else is needed beyond these printed sheets and everyday things"
        ],
    },
}

CASES = [(g, q) for g, qs in STALLS.items() for q in qs]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("game", "question"), CASES)
def test_the_rules_answer_what_a_first_game_stalls_on(built, game, question, profile):
    texts = rules_text(built / game / profile / "rules.pdf")
    missing = [w for w in STALLS[game][question] if not any(normalise(w) in t for t in texts)]
    assert not missing, f"{game} {profile}/rules.pdf does not answer {question!r}: {missing}"


def test_every_game_answers_at_least_one_stall(repo):
    assert sorted(STALLS) == sorted(repo.games())
