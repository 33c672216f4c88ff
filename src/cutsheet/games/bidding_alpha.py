"""The alpha cube-bidding game: deck sizes, the base card, the FAQ's cards, the ledger, and the
exchange-loop detector.

An exchange ``nX>mY`` pays n cubes of X for m of Y (``<>`` works both ways). Following
exchanges round a cycle of colours multiplies the cubes you started with by the product of
the rates m/n; a product above 1 is an infinite loop (the FAQ's joke), so it is an error.
Any cards can be owned together except two start cards (one is bought in the start turn).
The rules post's facts (cube colours and values, deck sizes, the FAQ's cards) are ``params``
in rules.yaml.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..diagnostics import Loc, Problem
from ..model import Component, Game, Item, PageItem, Strict
from . import and_list, check_parts, load_params, typed


class Base(Strict):
    income: str
    exchanges: list[str]
    copies: int


class Players(Strict):
    min: int
    max: int


class FaqCard(Strict):
    number: int
    stage: str
    about: str


class Params(Strict):
    players: Players
    stages: int
    turns_per_stage: int
    public_scoring: int
    discard_value: int
    track_max: int
    cube_values: dict[str, int]  # colour letter → value, in the rules' order
    base: Base
    start_cards: int
    faq_cards: list[FaqCard]

    @property
    def stage_names(self) -> list[str]:
        return [str(n) for n in range(1, self.stages + 1)]


class Card(Strict):
    number: int
    stage: str
    income: str | None = None
    exchanges: list[str] | None = None
    effect: str | None = None
    scoring: str | None = None
    public: str | None = None


@dataclass(frozen=True)
class Edge:
    """One direction of one exchange on one card."""

    source: str
    target: str
    rate: Fraction  # cubes of target received per cube of source paid
    text: str
    item: Item
    start: bool
    base: bool = False

    @property
    def label(self) -> str:
        return f"{self.item.id} ({self.text})"


def parse_exchange(text: str, colours: Sequence[str]) -> tuple[int, str, bool, int, str]:
    """'5R>G' → (5, 'R', False, 1, 'G'); the bool says two-way."""
    colour = "|".join(re.escape(c) for c in colours)
    m = re.match(rf"^(\d*)({colour})(<>|>)(\d*)({colour})$", text)
    if not m:
        raise ValueError(f"'{text}' is not an exchange like 5R>G or 3R<>G")
    n, src, arrow, k, dst = m.groups()
    pay, get = int(n or 1), int(k or 1)
    if pay == 0 or get == 0 or src == dst:
        raise ValueError(f"'{text}' must trade a positive number of one colour for another")
    return pay, src, arrow == "<>", get, dst


def edges_of(item: Item, card: Card, colours: Sequence[str]) -> list[Edge]:
    out = []
    start, base = card.stage == "start", card.stage == "base"
    for text in card.exchanges or []:
        pay, src, both, get, dst = parse_exchange(text, colours)
        out.append(Edge(src, dst, Fraction(get, pay), text, item, start, base))
        if both:
            out.append(Edge(dst, src, Fraction(pay, get), text, item, start, base))
    return out


def find_loops(edges: list[Edge], colours: Sequence[str]) -> list[tuple[list[Edge], Fraction]]:
    """Every cycle of colours that some ownable set of cards can run at a gain, with its best
    rate product; each set of cards is reported once. A cycle is walked from its first colour
    in alphabetical order."""
    by_pair: dict[tuple[str, str], list[Edge]] = {}
    for e in edges:
        by_pair.setdefault((e.source, e.target), []).append(e)
    found: dict[frozenset[str], tuple[list[Edge], Fraction]] = {}
    cycles = [
        cycle
        for k in range(2, len(colours) + 1)
        for cycle in itertools.permutations(colours, k)
        if cycle[0] == min(cycle)
    ]
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
Deck = tuple[Component, list[tuple[Item, Card]]]


def _decks(game: Game) -> dict[str, Deck]:
    """Stage → the deck that takes that stage's rows of the card list, its cards typed."""
    return {
        c.spec.where["stage"]: (c, typed(game, c.id, Card))
        for c in game.components
        if "stage" in c.spec.where
    }


def _check_base(game: Game, p: Params) -> list[Problem]:
    decks = _decks(game)
    if "base" not in decks or len(decks["base"][1]) != 1:
        msg = "the card list needs exactly one base card row"
        return [Problem(game.game_src.loc(("components",)), msg)]
    item, card = decks["base"][1][0]
    problems: list[Problem] = []
    if item.copies != p.base.copies:
        msg = f"the base card is printed {p.base.copies} times, one a player"
        problems.append(Problem(item.loc("copies"), msg))
    if card.income != p.base.income:
        problems.append(Problem(item.loc("income"), f"the base card's income is {p.base.income}"))
    if (card.exchanges or []) != p.base.exchanges:
        msg = f"the base card's exchanges are {' and '.join(p.base.exchanges)}"
        problems.append(Problem(item.loc("exchanges"), msg))
    return problems


def _check_sizes(game: Game, p: Params) -> list[Problem]:
    decks = _decks(game)
    components = game.game_src.loc(("components",))
    problems: list[Problem] = []
    if "start" not in decks or decks["start"][0].printed != p.start_cards:
        problems.append(Problem(components, f"there are {p.start_cards} start cards"))
    needed = p.turns_per_stage * p.players.max
    for stage in p.stage_names:
        if stage not in decks:
            problems.append(Problem(components, f"no stage {stage} deck"))
            continue
        deck = decks[stage][0]
        extra = p.public_scoring if stage == p.stage_names[-1] else 0
        if deck.printed < needed + extra:
            plus = f" + {extra} public" if extra else ""
            msg = f"stage {stage} has {deck.printed} cards; {p.players.max} players need "
            msg += f"{p.turns_per_stage} × {p.players.max}{plus} = {needed + extra}"
            problems.append(Problem(deck.src.loc(()), msg))
    return problems


def _check_public(game: Game, p: Params) -> list[Problem]:
    decks = _decks(game)
    last = p.stage_names[-1]
    public = [(i, card) for _, cards in decks.values() for i, card in cards if card.public]
    problems: list[Problem] = []
    for i, card in public:
        if card.stage != last:
            msg = f"{i.id}: only stage {last} cards carry the public scoring mark"
            problems.append(Problem(i.loc("public"), msg))
        if not card.scoring:
            msg = f"{i.id}: a public scoring card needs a scoring rule"
            problems.append(Problem(i.loc("public"), msg))
    if sum(1 for _, card in public if card.stage == last) < p.public_scoring:
        where = decks[last][0].src.loc(()) if last in decks else game.game_src.loc(())
        msg = f"stage {last} needs at least {p.public_scoring} cards with the public scoring mark"
        problems.append(Problem(where, msg))
    return problems


def _check_numbers(game: Game, p: Params) -> list[Problem]:
    """Card numbers are unique within a stage, and the cards the FAQ names have effects."""
    decks = _decks(game)
    problems: list[Problem] = []
    numbered: dict[tuple[int, str], tuple[Item, Card]] = {}
    for _, cards in decks.values():
        for i, card in cards:
            key = (card.number, card.stage)
            if key in numbered:
                msg = f"{i.id}: card {key[0]} of stage {key[1]} is also {numbered[key][0].id}"
                problems.append(Problem(i.loc("number"), msg))
            numbered[key] = (i, card)
    for faq in p.faq_cards:
        what = f"card {faq.number} of stage {faq.stage}"
        if (faq.number, faq.stage) not in numbered:
            where = decks[faq.stage][0].src.loc(()) if faq.stage in decks else game.game_src.loc(())
            problems.append(Problem(where, f"the FAQ names {what} ({faq.about}); it is missing"))
            continue
        i, card = numbered[faq.number, faq.stage]
        if not card.effect:
            msg = f"{i.id}: the FAQ's {what} has an effect ({faq.about})"
            problems.append(Problem(i.loc("effect"), msg))
    return problems


def _check_exchanges(game: Game, p: Params) -> list[Problem]:
    colours = list(p.cube_values)
    problems: list[Problem] = []
    edges: list[Edge] = []
    for _, cards in _decks(game).values():
        for item, card in cards:
            try:
                edges.extend(edges_of(item, card, colours))
            except ValueError as exc:
                problems.append(Problem(item.loc("exchanges"), f"{item.id}: {exc}"))
    for combo, product in find_loops(edges, colours):
        route = "→".join([combo[0].source] + [e.target for e in combo])
        cards = " and ".join(dict.fromkeys(e.label for e in combo))
        culprit = next((e for e in combo if not e.base), combo[0])
        problems.append(
            Problem(
                culprit.item.loc("exchanges"),
                f"exchange loop: with {cards}, trading {route} round and round multiplies the cubes by {product} each time",
            )
        )
    return problems


def _check_cubes(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    for colour, value in p.cube_values.items():
        if str(game.spec.terms.get(colour, {}).get("value")) != str(value):
            msg = f"terms.{colour}.value must be {value}, as in the rules"
            problems.append(Problem(game.game_src.loc(("terms",)), msg))
    return problems


LEDGERS = "ledgers"
"""The ledger component the rulebook's checks need (two ledgers a page)."""
LARGE_PRINT_LEDGERS = "ledgers-large-print"
"""Large print's own ledgers, one a page, checked the same way when a game has them."""


def _ledger_kinds(game: Game) -> list[str]:
    """The game's ledger components: ``LEDGERS``, and ``LARGE_PRINT_LEDGERS`` when it has it."""
    return [LEDGERS] + [c.id for c in game.components if c.id == LARGE_PRINT_LEDGERS]


def _check_ledger(game: Game, p: Params) -> list[Problem]:
    """One ledger row a turn that pays income (the start turn, every stage turn, final
    scoring) in every ledger component. (A ledger for each player is counted under each
    profile a check or build makes: ``check_profile``.)"""
    turns = 1 + p.stages * p.turns_per_stage + 1
    msg = (
        f"the ledger needs {turns} rows, one a turn that pays income: the start"
        f" turn, {p.stages} stages × {p.turns_per_stage} turns and final scoring"
    )
    return [
        Problem(ledger.loc("blocks", i, "table", "rows"), msg)
        for cid in _ledger_kinds(game)
        for ledger, page in typed(game, cid, PageItem)
        for i, block in enumerate(page.blocks)
        if block.table is not None and block.table.rows != turns
    ]


def check_profile(game: Game, profile: str) -> list[Problem]:
    """A ledger for each of up to ``players.max`` players among the ledger components that
    print under ``profile``: each table on a page is one ledger, repeated by copies. None at
    all is said at the ledgers' ``profiles``."""
    p, _said_by_check = load_params(game, Params)
    if p is None:
        return []
    kinds = _ledger_kinds(game)
    printing = [cid for cid in kinds if game.component(cid).spec.in_profile(profile)]
    need = p.players.max
    if not printing:
        said = f"no ledger prints under the '{profile}' profile, but each of up to {need}"
        said += f" players needs one (the ledger components: {and_list(kinds)})"
        return [Problem(_profiles_loc(game, LEDGERS), said)]
    pages = [pair for cid in printing for pair in typed(game, cid, PageItem)]
    ledgers = sum(ledger.copies for ledger, page in pages for b in page.blocks if b.table)
    if not pages or ledgers >= need:
        return []
    short = f"{ledgers} ledgers print under the '{profile}' profile, but each of up to {need}"
    short += " players needs one"
    why = " (a table on a page is one ledger; copies repeat the page)"
    return [Problem(pages[0][0].loc("copies"), short + why)]


def _profiles_loc(game: Game, cid: str) -> Loc:
    """Where the component ``cid`` says its profiles (else where it is) in game.yaml."""
    at = [c.id for c in game.components].index(cid)
    return game.game_src.key_loc(("components", at, "profiles"))


def check(game: Game) -> list[Problem]:
    parts = (_check_base, _check_sizes, _check_public, _check_numbers, _check_exchanges)
    return check_parts(game, Params, *parts, _check_cubes, _check_ledger)
