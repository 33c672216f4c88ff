"""The alpha cube-bidding game: deck sizes, the base card, the FAQ's cards, and the
exchange-loop detector.

An exchange ``nX>mY`` pays n cubes of X for m of Y (``<>`` works both ways). Following
exchanges round a cycle of colours multiplies the cubes you started with by the product of
the rates m/n; a product above 1 is an infinite loop (the FAQ's joke), so it is an error.
Any cards can be owned together except two start cards (one is bought in the start turn).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction

from ..diagnostics import Problem
from ..model import Game, Item, Strict
from . import load_params

EXCHANGE = re.compile(r"^(\d*)([RGB])(<>|>)(\d*)([RGB])$")
COLOURS = ("R", "G", "B")


class Base(Strict):
    income: str
    exchanges: list[str]
    copies: int


class Players(Strict):
    min: int
    max: int


class Params(Strict):
    players: Players
    stages: int
    turns_per_stage: int
    public_scoring: int
    discard_value: int
    track_max: int
    cube_values: dict[str, int]
    base: Base


@dataclass(frozen=True)
class Edge:
    """One direction of one exchange on one card."""

    source: str
    target: str
    rate: Fraction  # cubes of target received per cube of source paid
    text: str
    item: Item
    start: bool

    @property
    def label(self) -> str:
        return f"{self.item.id} ({self.text})"


def parse_exchange(text: str) -> tuple[int, str, bool, int, str]:
    """'5R>G' → (5, 'R', False, 1, 'G'); the bool says two-way."""
    m = EXCHANGE.match(text)
    if not m:
        raise ValueError(f"'{text}' is not an exchange like 5R>G or 3R<>G")
    n, src, arrow, k, dst = m.groups()
    pay, get = int(n or 1), int(k or 1)
    if pay == 0 or get == 0 or src == dst:
        raise ValueError(f"'{text}' must trade a positive number of one colour for another")
    return pay, src, arrow == "<>", get, dst


def edges_of(item: Item, start: bool) -> list[Edge]:
    out = []
    for text in item.values.get("exchanges") or []:
        pay, src, both, get, dst = parse_exchange(text)
        out.append(Edge(src, dst, Fraction(get, pay), text, item, start))
        if both:
            out.append(Edge(dst, src, Fraction(pay, get), text, item, start))
    return out


def find_loops(edges: list[Edge]) -> list[tuple[list[Edge], Fraction]]:
    """Every cycle of colours (2 or 3 steps) that some ownable set of cards can run at a
    gain, with its best rate product; each set of cards is reported once."""
    by_pair: dict[tuple[str, str], list[Edge]] = {}
    for e in edges:
        by_pair.setdefault((e.source, e.target), []).append(e)
    found: dict[frozenset[str], tuple[list[Edge], Fraction]] = {}
    cycles = [(a, b) for a, b in itertools.permutations(COLOURS, 2) if a < b]
    cycles += [("R", "G", "B"), ("R", "B", "G")]
    for cycle in cycles:
        steps = list(zip(cycle, cycle[1:] + cycle[:1], strict=True))
        options = [by_pair.get(step, []) for step in steps]
        for combo in itertools.product(*options):
            if sum(1 for e in {x.item.id: x for x in combo}.values() if e.start) > 1:
                continue  # two start cards cannot be owned together
            product = Fraction(1)
            for e in combo:
                product *= e.rate
            if product > 1:
                key = frozenset(e.item.id for e in combo)
                if key not in found or product > found[key][1]:
                    found[key] = (list(combo), product)
    # keep only minimal sets: a loop that needs extra cards adds nothing
    minimal = {k: v for k, v in found.items() if not any(o < k for o in found)}
    return [minimal[k] for k in sorted(minimal, key=sorted)]


# ------------------------------------------------------------------ checks
def _check_decks(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    decks = {c.spec.where.get("stage"): c for c in game.components if c.spec.where.get("stage")}
    base = decks.get("base")
    if base is None or len(base.items) != 1:
        return [
            Problem(
                game.game_src.loc(("components",)), "the card list needs exactly one base card row"
            )
        ]
    card = base.items[0]
    if card.copies != p.base.copies:
        problems.append(
            Problem(
                card.loc("copies"), f"the base card is printed {p.base.copies} times, one a player"
            )
        )
    if card.values.get("income") != p.base.income:
        problems.append(Problem(card.loc("income"), f"the base card's income is {p.base.income}"))
    if (card.values.get("exchanges") or []) != p.base.exchanges:
        problems.append(
            Problem(
                card.loc("exchanges"),
                f"the base card's exchanges are {' and '.join(p.base.exchanges)}",
            )
        )
    if decks.get("start") is None or decks["start"].printed != 6:
        problems.append(Problem(game.game_src.loc(("components",)), "there are 6 start cards"))
    needed = p.turns_per_stage * p.players.max
    for stage in ("1", "2", "3"):
        deck = decks.get(stage)
        if deck is None:
            problems.append(Problem(game.game_src.loc(("components",)), f"no stage {stage} deck"))
            continue
        extra = p.public_scoring if stage == "3" else 0
        if deck.printed < needed + extra:
            problems.append(
                Problem(
                    deck.src.loc(()),
                    f"stage {stage} has {deck.printed} cards; {p.players.max} players need "
                    f"{p.turns_per_stage} × {p.players.max}{f' + {extra} public' if extra else ''} = {needed + extra}",
                )
            )
    public = [i for c in decks.values() for i in c.items if i.values.get("public")]
    in_stage_3 = [i for i in public if i.values["stage"] == "3"]
    for i in public:
        if i.values["stage"] != "3":
            problems.append(
                Problem(
                    i.loc("public"), f"{i.id}: only stage 3 cards carry the public scoring mark"
                )
            )
        if not i.values.get("scoring"):
            problems.append(
                Problem(i.loc("public"), f"{i.id}: a public scoring card needs a scoring rule")
            )
    if len(in_stage_3) < p.public_scoring:
        problems.append(
            Problem(
                decks["3"].src.loc(()) if "3" in decks else game.game_src.loc(()),
                f"stage 3 needs at least {p.public_scoring} cards with the public scoring mark",
            )
        )
    numbered: dict[tuple[int, str], Item] = {}
    for c in decks.values():
        for i in c.items:
            key = (int(i.values["number"]), i.values["stage"])
            if key in numbered:
                problems.append(
                    Problem(
                        i.loc("number"),
                        f"{i.id}: card {key[0]} of stage {key[1]} is also {numbered[key].id}",
                    )
                )
            numbered[key] = i
    for number, stage, what in (
        (22, "1", "changes the bid order"),
        (27, "1", "copies"),
        (27, "2", "copies"),
        (25, "2", "holds cubes"),
    ):
        i = numbered.get((number, stage))
        if i is None:
            problems.append(
                Problem(
                    decks[stage].src.loc(()) if stage in decks else game.game_src.loc(()),
                    f"the FAQ names card {number} of stage {stage} ({what}); it is missing",
                )
            )
        elif not i.values.get("effect"):
            problems.append(
                Problem(
                    i.loc("effect"),
                    f"{i.id}: the FAQ's card {number} of stage {stage} has an effect ({what})",
                )
            )
    return problems


def _check_exchanges(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    edges: list[Edge] = []
    for c in game.components:
        stage = c.spec.where.get("stage")
        if stage is None:
            continue
        for item in c.items:
            try:
                edges.extend(edges_of(item, start=stage == "start"))
            except ValueError as exc:
                problems.append(Problem(item.loc("exchanges"), f"{item.id}: {exc}"))
    for combo, product in find_loops(edges):
        route = "→".join([combo[0].source] + [e.target for e in combo])
        cards = " and ".join(dict.fromkeys(e.label for e in combo))
        culprit = next((e for e in combo if e.item.values["stage"] != "base"), combo[0])
        problems.append(
            Problem(
                culprit.item.loc("exchanges"),
                f"exchange loop: with {cards}, trading {route} round and round multiplies the cubes by {product} each time",
            )
        )
    return problems


def check(game: Game) -> list[Problem]:
    src = game.rules_src
    p, problems = load_params(game, Params)
    if p is None:
        return problems
    problems = _check_decks(game, p) + _check_exchanges(game)
    terms = game.spec.terms
    for colour, value in p.cube_values.items():
        if str(terms.get(colour, {}).get("value")) != str(value):
            problems.append(
                Problem(
                    game.game_src.loc(("terms",)),
                    f"terms.{colour}.value must be {value}, as in the rules",
                )
            )
    if p.cube_values != {"R": 1, "G": 3, "B": 5}:
        problems.append(
            Problem(src.loc(("params", "cube_values")), "the rules post fixes R 1, G 3, B 5")
        )
    return problems
