"""Common Reserve: the rulebook's arithmetic, used to prove the content and worked examples.

Rules re-stated as code: GATHER adds 2 of an open source, EXCHANGE pays 2 of one type for 2
of another, both capped at 6 per type; a delivery sends min(stock, demand) of each type and
scores 2 with nothing missing, 1 with exactly one unit missing, 0 otherwise. The rulebook's
numbers and names are ``params`` in rules.yaml.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field

from ..diagnostics import ContentError, Problem, id_hint
from ..model import Game, Item, PageItem, Strict, validate
from ..source import Located
from . import and_list, by_id, check_parts, typed

Stock = dict[str, int]


class Points(Strict):
    complete: int
    one_missing: int
    more_missing: int


class Params(Strict):
    resources: list[str]
    start: dict[str, int]
    capacity: int
    gather: int
    exchange: int
    actions_per_delivery: int
    deliveries_per_session: int
    cards_in_box: int
    demand_per_card: int
    points: Points
    actions: list[str]  # the action references, in the rulebook's order


class Delivery(Strict):
    demand: dict[str, int]
    closed: str


class Action(Strict):
    name: str


class Step(Strict):
    action: Literal["gather", "exchange", "wait"]
    resource: str | None = None
    give: str | None = None
    get: str | None = None
    after: dict[str, int]


class Example(Strict):
    card: str
    demand: dict[str, int]
    closed: str
    start: dict[str, int]
    steps: list[Step] = Field(default_factory=list)
    sent: dict[str, int]
    left: dict[str, int]
    missing: int
    points: int


# ------------------------------------------------------------------ the rulebook's arithmetic
def gather(stock: Mapping[str, int], resource: str, closed: str, p: Params) -> Stock:
    if resource == closed:
        raise ValueError(f"{resource} is the closed source and cannot be gathered")
    out = dict(stock)
    out[resource] = min(p.capacity, out[resource] + p.gather)
    return out


def exchange(stock: Mapping[str, int], give: str, get: str, p: Params) -> Stock:
    if give == get:
        raise ValueError("an exchange takes a different resource from the one it pays")
    if stock[give] < p.exchange:
        raise ValueError(f"an exchange pays {p.exchange} {give}, but the reserve has {stock[give]}")
    out = dict(stock)
    out[give] -= p.exchange
    out[get] = min(p.capacity, out[get] + p.exchange)
    return out


def deliver(stock: Mapping[str, int], demand: Mapping[str, int]) -> tuple[Stock, Stock, int]:
    """(sent, left, missing units): send the smaller of stock and demand of every type."""
    sent = {r: min(stock[r], demand[r]) for r in demand}
    left = {r: stock[r] - sent[r] for r in stock}
    missing = sum(demand[r] - sent[r] for r in demand)
    return sent, left, missing


def score(missing: int, p: Params) -> int:
    if missing == 0:
        return p.points.complete
    if missing == 1:
        return p.points.one_missing
    return p.points.more_missing


# ------------------------------------------------------------------ checks
def _fmt(stock: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in stock.items())


def _shown(value: object) -> str:
    return _fmt(value) if isinstance(value, Mapping) else str(value)


def _check_card(name: str, ex: Example, src: Located, item: Item, card: Delivery) -> list[Problem]:
    """The example states its card's demand and closed source as the card does."""
    problems: list[Problem] = []
    for key, card_value, stated in (
        ("demand", card.demand, ex.demand),
        ("closed", card.closed, ex.closed),
    ):
        if stated == card_value:
            continue
        shown, said, at = _shown(card_value), _shown(stated), src.loc((key,))
        msg = f"example '{name}': {key} is {said}, but card {item.id} says {shown}"
        problems.append(Problem(at, f"{msg} (at {item.loc(key)})"))
        msg = f"{item.id}: {key} {shown} disagrees with example '{name}' ({said}, at {at})"
        problems.append(Problem(item.loc(key), msg))
    return problems


def _check_example(name: str, ex: Example, src: Located, game: Game, p: Params) -> list[Problem]:
    cards = by_id(typed(game, "deliveries", Delivery))
    if ex.card not in cards:
        hint = id_hint(ex.card, cards)
        return [
            Problem(src.loc(("card",)), f"example '{name}': no delivery card '{ex.card}'{hint}")
        ]
    item, card = cards[ex.card]
    problems = _check_card(name, ex, src, item, card)
    if len(ex.steps) > p.actions_per_delivery:
        msg = f"example '{name}': more than {p.actions_per_delivery} actions"
        problems.append(Problem(src.loc(("steps",)), msg))
    stock = dict(ex.start)
    for i, step in enumerate(ex.steps):
        action = f"example '{name}', action {i + 1}"
        try:
            if step.action == "gather":
                stock = gather(stock, step.resource or "", ex.closed, p)
            elif step.action == "exchange":
                stock = exchange(stock, step.give or "", step.get or "", p)
        except (ValueError, KeyError) as exc:
            problems.append(Problem(src.loc(("steps", i)), f"{action} is illegal: {exc}"))
            return problems
        if step.after != stock:
            msg = f"the reserve is {_fmt(stock)}, not {_fmt(step.after)}"
            problems.append(Problem(src.loc(("steps", i, "after")), f"{action}: {msg}"))
            stock = dict(step.after)
    if set(stock) != set(card.demand):
        msg = f"example '{name}': the reserve holds {_fmt(stock)}, not every resource"
        return [*problems, Problem(src.loc(("start",)), msg)]
    sent, left, missing = deliver(stock, card.demand)
    for key, value, shown in (
        ("sent", sent, _fmt(sent)),
        ("left", left, _fmt(left)),
        ("missing", missing, str(missing)),
        ("points", score(missing, p), str(score(missing, p))),
    ):
        stated = getattr(ex, key)
        if stated != value:
            msg = f"example '{name}': {key} should be {shown}, not {_shown(stated)}"
            problems.append(Problem(src.loc((key,)), msg))
    return problems


def _check_examples(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    for name in game.rules.examples:
        exsrc = game.rules_src.sub(("examples", name, "data"))
        try:
            ex = validate(Example, exsrc)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        problems.extend(_check_example(name, ex, exsrc, game, p))
    return problems


def _check_reserve(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    for reserve, page in typed(game, "reserve-sheet", PageItem):
        tracks = [(i, b.track) for i, b in enumerate(page.blocks) if b.track is not None]
        if [t.label for _, t in tracks] != p.resources:
            msg = f"the reserve sheet needs one track for each of {', '.join(p.resources)}"
            problems.append(Problem(reserve.loc("blocks"), msg))
        for i, t in tracks:
            if t.start != 0 or t.stop != p.capacity:
                msg = f"track {t.label} must run 0 to {p.capacity} (the capacity)"
                problems.append(Problem(reserve.loc("blocks", i, "track", "stop"), msg))
            if t.label in p.start and t.mark != p.start[t.label]:
                msg = f"track {t.label} must mark the start value {p.start[t.label]}"
                problems.append(Problem(reserve.loc("blocks", i, "track", "mark"), msg))
    return problems


def _check_record(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    totals = {
        f"/ {p.points.complete * p.deliveries_per_session}",
        f"/ {p.demand_per_card * p.deliveries_per_session}",
    }
    for record, page in typed(game, "session-record", PageItem):
        for i, b in enumerate(page.blocks):
            if b.table is None:
                continue
            if b.table.rows != p.deliveries_per_session:
                msg = f"the record needs {p.deliveries_per_session} rows, one a delivery"
                problems.append(Problem(record.loc("blocks", i, "table", "rows"), msg))
            if [c.checks for c in b.table.columns if c.checks] != [p.actions_per_delivery]:
                msg = f"the record needs one column of {p.actions_per_delivery} action boxes"
                problems.append(Problem(record.loc("blocks", i, "table"), msg))
        written = {w.suffix for b in page.blocks for w in b.write_ins or []}
        if not totals <= written:
            problems.append(
                Problem(
                    record.loc("blocks"),
                    f"the record's totals must read {' and '.join(sorted(totals))}",
                )
            )
    return problems


def _check_params(game: Game, p: Params) -> list[Problem]:
    src = game.rules_src
    problems: list[Problem] = []
    if (
        sorted(p.start) != sorted(p.resources)
        or list(game.spec.vocab.get("resource", [])) != p.resources
    ):
        problems.append(
            Problem(
                src.loc(("params",)),
                "params.resources, params.start and vocab.resource must name the same resources",
            )
        )
    for r, v in p.start.items():
        if not 0 <= v <= p.capacity:
            problems.append(
                Problem(src.loc(("params", "start", r)), f"start {r} {v} is outside 0–{p.capacity}")
            )
    return problems


def _check_deliveries(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    deliveries = game.component("deliveries")
    if deliveries.spec.count != p.cards_in_box:
        problems.append(Problem(deliveries.loc, f"the box holds {p.cards_in_box} delivery cards"))
    demand_spec = deliveries.spec.fields.get("demand")
    if demand_spec is None or demand_spec.total != p.demand_per_card:
        problems.append(
            Problem(deliveries.loc, f"every delivery demands exactly {p.demand_per_card} units")
        )
    return problems


def _check_actions(game: Game, p: Params) -> list[Problem]:
    names = [action.name for _, action in typed(game, "actions", Action)]
    if names == p.actions:
        return []
    msg = f"the action references are {and_list(p.actions)}"
    return [Problem(game.component("actions").src.loc(()), msg)]


def check(game: Game) -> list[Problem]:
    return check_parts(
        game,
        Params,
        _check_params,
        _check_deliveries,
        _check_actions,
        _check_reserve,
        _check_record,
        _check_examples,
    )
