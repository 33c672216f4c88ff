"""Festi'vibes: the rulebook's facts and arithmetic, used to prove the content.

A column's total is the sum of its Event values. Each ticket scores its column's total; a
player holding both tickets of a column scores it twice. At most two tickets a column. The
rulebook's facts (limits, Event names, the seven effects, the two-player set-up) are
``params`` in rules.yaml.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..diagnostics import Problem
from ..model import Game, Strict
from ..source import Located
from . import and_list, by_id, check_parts, example, in_words, typed


class TwoPlayer(Strict):
    festivals: list[str]
    blocked: list[str]
    limits: list[int]  # the limits of the festivals two players use
    blocked_limits: list[int]  # the limits of the festivals that get a blocking ticket


class Params(Strict):
    limits: list[int]
    hand_size: int
    tickets_per_player: int
    max_tickets_per_column: int
    events: dict[int, str]  # value → name, as the rulebook lists them
    effects: list[str]
    two_player: TwoPlayer


class Festival(Strict):
    limit: int


class Event(Strict):
    name: str
    value: int
    effect: str | None = None


class Ticket(Strict):
    fill: str
    symbol: str


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
def _limits(limits: Sequence[int], *, definite: bool) -> str:
    """'one 2, two 3s and one 5', or with ``definite`` 'the 2, both 3s and the 5'."""
    parts = []
    for limit, n in sorted(Counter(limits).items()):
        lead = in_words(n)
        if definite:
            lead = {1: "the", 2: "both"}.get(n, f"all {lead}")
        parts.append(f"{lead} {limit}{'s' if n > 1 else ''}")
    return and_list(parts)


def _festivals(game: Game) -> dict[str, int]:
    """Festival id → limit."""
    festivals = by_id(typed(game, "festivals", Festival))
    return {k: fest.limit for k, (_item, fest) in festivals.items()}


def _check_festivals(game: Game, p: Params) -> list[Problem]:
    festivals = typed(game, "festivals", Festival)
    limits = sorted(fest.limit for item, fest in festivals for _ in range(item.copies))
    if limits == sorted(p.limits):
        return []
    return [
        Problem(
            game.component("festivals").src.loc(()),
            f"the festival limits are {limits}, the rulebook's are {sorted(p.limits)}",
        )
    ]


def _check_events(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    seen_values: Counter[int] = Counter()
    seen_effects: Counter[str] = Counter()
    for item, event in typed(game, "events", Event):
        name = p.events.get(event.value)
        if name is None:
            msg = f"{item.id}: the rulebook has no Event of value {event.value:+d}"
            problems.append(Problem(item.loc("value"), msg))
        elif name != event.name:
            msg = f"{item.id}: the {event.value:+d} Event is '{name}', not '{event.name}'"
            problems.append(Problem(item.loc("name"), msg))
        seen_values[event.value] += item.copies
        if event.effect:
            seen_effects[event.effect] += item.copies
    deck, terms = game.component("events").src.loc(()), game.game_src.loc(("terms",))
    for value, name in p.events.items():
        if seen_values[value] == 0:
            problems.append(Problem(deck, f"no Event card of value {value:+d} ({name})"))
    for effect in p.effects:
        if seen_effects[effect] == 0:
            problems.append(Problem(deck, f"no Event card has the effect '{effect}'"))
        if effect not in game.spec.terms:
            problems.append(Problem(terms, f"terms has no entry for the effect '{effect}'"))
    return problems


def _check_tickets(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    tickets = typed(game, "tickets", Ticket)
    for item, _ in tickets:
        if item.copies != p.tickets_per_player:
            msg = f"{item.id}: each colour has {p.tickets_per_player} tickets"
            problems.append(Problem(item.loc("copies"), msg))
    for key, values in (
        ("symbol", [t.symbol for _, t in tickets]),
        ("fill", [t.fill for _, t in tickets]),
    ):
        if len(set(values)) != len(values):
            msg = f"every ticket colour needs its own {key}"
            problems.append(Problem(game.component("tickets").src.loc(()), msg))
    return problems


def _check_two_player(game: Game, p: Params) -> list[Problem]:
    src = game.rules_src.sub(("params", "two_player"))
    festivals = _festivals(game)
    tp = p.two_player
    problems = [
        Problem(
            src.loc(("festivals",)),
            f"two-player festival '{f}' is not one of the {in_words(len(festivals))}",
        )
        for f in tp.festivals + tp.blocked
        if f not in festivals
    ]
    if problems:
        return problems
    limits = sorted(festivals[f] for f in tp.festivals)
    if len(set(tp.festivals)) != len(tp.festivals) or limits != sorted(tp.limits):
        problems.append(
            Problem(
                src.loc(("festivals",)),
                f"two players use {in_words(len(tp.limits))} festivals:"
                f" {_limits(tp.limits, definite=False)}",
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
    blocked = sorted(festivals[f] for f in tp.blocked)
    if not set(tp.blocked) <= set(tp.festivals) or blocked != sorted(tp.blocked_limits):
        problems.append(
            Problem(
                src.loc(("blocked",)),
                f"the blocking tickets go on {_limits(tp.blocked_limits, definite=True)}",
            )
        )
    return problems


def _check_columns(
    ex: EndOfGame, src: Located, festivals: dict[str, int], colours: set[str], p: Params
) -> list[Problem]:
    """Each column of the example: a known festival filled to its limit, its total, tickets."""
    problems: list[Problem] = []
    for n, col in enumerate(ex.columns):
        where = ("columns", n)
        if col.festival not in festivals:
            problems.append(
                Problem(src.loc(where + ("festival",)), f"no festival '{col.festival}'")
            )
            continue
        if len(col.events) != festivals[col.festival]:
            msg = (
                f"the example's column {n + 1} holds {len(col.events)} events,"
                f" its festival's limit is {festivals[col.festival]}"
            )
            problems.append(Problem(src.loc(where + ("events",)), msg))
        if column_total(col.events) != col.total:
            msg = f"column {n + 1} adds up to {column_total(col.events):+d}, not {col.total:+d}"
            problems.append(Problem(src.loc(where + ("total",)), msg))
        if len(col.tickets) > p.max_tickets_per_column:
            msg = f"column {n + 1} holds more than {p.max_tickets_per_column} tickets"
            problems.append(Problem(src.loc(where + ("tickets",)), msg))
        for t in col.tickets:
            if t not in colours:
                problems.append(
                    Problem(src.loc(where + ("tickets",)), f"'{t}' is not a player colour")
                )
    return problems


def _check_example(game: Game, p: Params) -> list[Problem]:
    ex, src = example(game, "end-of-game", EndOfGame)
    festivals = _festivals(game)
    deck: Counter[int] = Counter()
    for item, event in typed(game, "events", Event):
        deck[event.value] += item.copies
    colours = set(game.spec.vocab.get("colour", []))
    problems = _check_columns(ex, src, festivals, colours, p)
    if sorted(c.festival for c in ex.columns) != sorted(festivals):
        problems.append(
            Problem(
                src.loc(("columns",)),
                f"the example uses each of the {in_words(len(festivals))} festivals once",
            )
        )
    used = Counter(v for c in ex.columns if c.festival in festivals for v in c.events)
    for value, n in used.items():
        if n > deck[value]:
            problems.append(
                Problem(
                    src.loc(("columns",)),
                    f"the example uses {n} Events of {value:+d}, the deck has {deck[value]}",
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
    best = max(computed.values(), default=0)
    winners = sorted(c for c, v in computed.items() if v == best)
    if [ex.winner] != winners:
        problems.append(Problem(src.loc(("winner",)), f"the winner is {' and '.join(winners)}"))
    return problems


def check(game: Game) -> list[Problem]:
    return check_parts(
        game,
        Params,
        _check_festivals,
        _check_events,
        _check_tickets,
        _check_two_player,
        _check_example,
    )
