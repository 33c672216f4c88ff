"""Festi'vibes: the rulebook's facts and arithmetic, used to prove the content.

A column's total is the sum of its Event values. Each ticket scores its column's total; a
player holding both tickets of a column scores it twice. At most two tickets a column.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..diagnostics import ContentError, Problem
from ..model import Game, Strict, validate
from . import load_params


class TwoPlayer(Strict):
    festivals: list[str]
    blocked: list[str]


class Params(Strict):
    limits: list[int]
    hand_size: int
    tickets_per_player: int
    max_tickets_per_column: int
    events: dict[str, str]  # value → name, as the rulebook lists them
    two_player: TwoPlayer


class Column(Strict):
    festival: str
    events: list[int]
    total: int
    tickets: list[str]


class EndOfGame(Strict):
    columns: list[Column]
    scores: dict[str, int]
    winner: str


# ------------------------------------------------------------------ the rulebook's arithmetic
def column_total(values: Sequence[int]) -> int:
    return sum(values)


def scores(columns: Sequence[tuple[int, Sequence[str]]]) -> dict[str, int]:
    """Each player's score from (column total, ticket colours) pairs. Two tickets of one player
    on a column double it, which is the same as each of them scoring it once."""
    out: dict[str, int] = {}
    for total, tickets in columns:
        for colour, n in Counter(tickets).items():
            out[colour] = out.get(colour, 0) + total * (2 if n >= 2 else 1)
    return out


# ------------------------------------------------------------------ checks
EFFECTS = (
    "swap-any",
    "swap-own",
    "replace",
    "swap-events",
    "discard",
    "increase-limit",
    "swap-hand",
)
TWO_PLAYER_LIMITS = [2, 3, 3, 4, 5]  # one 2, two 3s, one 4, one 5
BLOCKED_LIMITS = [2, 3, 3]


def _check_components(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    festivals = game.component("festivals")
    limits = sorted(i.values["limit"] * i.copies for i in festivals.items)
    if limits != sorted(p.limits):
        problems.append(
            Problem(
                festivals.src.loc(()),
                f"the festival limits are {limits}, the rulebook's are {sorted(p.limits)}",
            )
        )
    events = game.component("events")
    seen_values: Counter[int] = Counter()
    seen_effects: Counter[str] = Counter()
    for item in events.items:
        v = item.values
        name = p.events.get(str(v["value"]))
        if name is None:
            problems.append(
                Problem(
                    item.loc("value"),
                    f"{item.id}: the rulebook has no Event of value {v['value']:+d}",
                )
            )
        elif name != v["name"]:
            problems.append(
                Problem(
                    item.loc("name"),
                    f"{item.id}: the {v['value']:+d} Event is '{name}', not '{v['name']}'",
                )
            )
        seen_values[v["value"]] += item.copies
        if v.get("effect"):
            seen_effects[v["effect"]] += item.copies
    for value in p.events:
        if seen_values[int(value)] == 0:
            problems.append(
                Problem(
                    events.src.loc(()),
                    f"no Event card of value {int(value):+d} ({p.events[value]})",
                )
            )
    for effect in EFFECTS:
        if seen_effects[effect] == 0:
            problems.append(Problem(events.src.loc(()), f"no Event card has the effect '{effect}'"))
        if effect not in game.spec.terms:
            problems.append(
                Problem(
                    game.game_src.loc(("terms",)), f"terms has no entry for the effect '{effect}'"
                )
            )
    tickets = game.component("tickets")
    for item in tickets.items:
        if item.copies != p.tickets_per_player:
            problems.append(
                Problem(
                    item.loc("copies"), f"{item.id}: each colour has {p.tickets_per_player} tickets"
                )
            )
    for key in ("symbol", "fill"):
        values = [i.values[key] for i in tickets.items]
        if len(set(values)) != len(values):
            problems.append(
                Problem(tickets.src.loc(()), f"every ticket colour needs its own {key}")
            )
    return problems


def _check_two_player(game: Game, p: Params) -> list[Problem]:
    src = game.rules_src.sub(("params", "two_player"))
    festivals = {i.id: i.values["limit"] for i in game.component("festivals").items}
    tp = p.two_player
    problems = [
        Problem(src.loc(("festivals",)), f"two-player festival '{f}' is not one of the six")
        for f in tp.festivals + tp.blocked
        if f not in festivals
    ]
    if problems:
        return problems
    if (
        len(set(tp.festivals)) != len(tp.festivals)
        or sorted(festivals[f] for f in tp.festivals) != TWO_PLAYER_LIMITS
    ):
        problems.append(
            Problem(
                src.loc(("festivals",)),
                "two players use five festivals: one 2, two 3s, one 4 and one 5",
            )
        )
    for i, section in enumerate(game.rules.sections):
        for j, block in enumerate(section.blocks):
            row = block.card_row
            if row is not None and (row.cards != tp.festivals or row.marked != tp.blocked):
                problems.append(
                    Problem(
                        game.rules_src.loc(("sections", i, "blocks", j, "card_row")),
                        "the two-player diagram must show params.two_player's festivals"
                        " and blocked ones",
                    )
                )
    if (
        not set(tp.blocked) <= set(tp.festivals)
        or sorted(festivals[f] for f in tp.blocked) != BLOCKED_LIMITS
    ):
        problems.append(
            Problem(src.loc(("blocked",)), "the blocking tickets go on the 2 and both 3s")
        )
    return problems


def _check_example(game: Game, p: Params) -> list[Problem]:
    name = "end-of-game"
    if name not in game.rules.examples:
        return [
            Problem(
                game.rules_src.loc(("examples",)), f"the rulebook's example '{name}' is missing"
            )
        ]
    src = game.rules_src.sub(("examples", name, "data"))
    try:
        ex = validate(EndOfGame, src)
    except ContentError as exc:
        return exc.problems
    problems: list[Problem] = []
    festivals = {i.id: i.values["limit"] for i in game.component("festivals").items}
    deck = Counter({i.values["value"]: 0 for i in game.component("events").items})
    for i in game.component("events").items:
        deck[i.values["value"]] += i.copies
    used: Counter[int] = Counter()
    colours = set(game.spec.vocab.get("colour", []))
    for n, col in enumerate(ex.columns):
        where = ("columns", n)
        if col.festival not in festivals:
            problems.append(
                Problem(src.loc(where + ("festival",)), f"no festival '{col.festival}'")
            )
            continue
        if len(col.events) != festivals[col.festival]:
            problems.append(
                Problem(
                    src.loc(where + ("events",)),
                    f"the example's column {n + 1} holds {len(col.events)} events, its festival's limit is {festivals[col.festival]}",
                )
            )
        if column_total(col.events) != col.total:
            problems.append(
                Problem(
                    src.loc(where + ("total",)),
                    f"column {n + 1} adds up to {column_total(col.events):+d}, not {col.total:+d}",
                )
            )
        if len(col.tickets) > p.max_tickets_per_column:
            problems.append(
                Problem(
                    src.loc(where + ("tickets",)),
                    f"column {n + 1} holds more than {p.max_tickets_per_column} tickets",
                )
            )
        for t in col.tickets:
            if t not in colours:
                problems.append(
                    Problem(src.loc(where + ("tickets",)), f"'{t}' is not a player colour")
                )
        used.update(col.events)
    if sorted(c.festival for c in ex.columns) != sorted(festivals):
        problems.append(
            Problem(src.loc(("columns",)), "the example uses each of the six festivals once")
        )
    for value, n in used.items():
        if n > deck.get(value, 0):
            problems.append(
                Problem(
                    src.loc(("columns",)),
                    f"the example uses {n} Events of {value:+d}, the deck has {deck.get(value, 0)}",
                )
            )
    per_player = Counter(t for c in ex.columns for t in c.tickets)
    for colour, n in per_player.items():
        if n > p.tickets_per_player:
            problems.append(
                Problem(
                    src.loc(("columns",)),
                    f"{colour} plays {n} tickets, more than {p.tickets_per_player}",
                )
            )
    computed = scores([(c.total, c.tickets) for c in ex.columns])
    for colour, stated in ex.scores.items():
        if computed.get(colour, 0) != stated:
            problems.append(
                Problem(
                    src.loc(("scores", colour)),
                    f"{colour} scores {computed.get(colour, 0)}, not {stated}",
                )
            )
    best = max(computed.values())
    winners = sorted(c for c, v in computed.items() if v == best)
    if [ex.winner] != winners:
        problems.append(Problem(src.loc(("winner",)), f"the winner is {' and '.join(winners)}"))
    return problems


def check(game: Game) -> list[Problem]:
    p, problems = load_params(game, Params)
    if p is None:
        return problems
    return _check_components(game, p) + _check_two_player(game, p) + _check_example(game, p)
