"""Common Reserve: the rulebook's arithmetic, used to prove the content and worked examples.

Rules re-stated as code: GATHER adds 2 of an open source, EXCHANGE pays 2 of one type for 2
of another, both capped at 6 per type; a delivery sends min(stock, demand) of each type and
scores 2 with nothing missing, 1 with exactly one unit missing, 0 otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field

from ..diagnostics import ContentError, Loc, Problem
from ..model import Game, Strict, validate
from ..source import Located
from . import load_params

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


def _check_example(name: str, ex: Example, src: Located, game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    cards = {i.id: i for i in game.component("deliveries").items}
    card = cards.get(ex.card)
    if card is None:
        return [Problem(src.loc(("card",)), f"example '{name}': no delivery card '{ex.card}'")]
    for key, card_value in (("demand", card.values["demand"]), ("closed", card.values["closed"])):
        stated = getattr(ex, key)
        if stated != card_value:
            shown = _fmt(card_value) if isinstance(card_value, dict) else card_value
            said = _fmt(stated) if isinstance(stated, dict) else stated
            problems.append(
                Problem(
                    src.loc((key,)),
                    f"example '{name}': {key} is {said}, but card {card.id} says {shown} "
                    f"(at {card.loc(key)})",
                )
            )
            problems.append(
                Problem(
                    card.loc(key),
                    f"{card.id}: {key} {shown} disagrees with example '{name}' ({said}, at {src.loc((key,))})",
                )
            )
    if len(ex.steps) > p.actions_per_delivery:
        problems.append(
            Problem(
                src.loc(("steps",)), f"example '{name}': more than {p.actions_per_delivery} actions"
            )
        )
    stock = dict(ex.start)
    for i, step in enumerate(ex.steps):
        where = src.loc(("steps", i))
        try:
            if step.action == "gather":
                stock = gather(stock, step.resource or "", ex.closed, p)
            elif step.action == "exchange":
                stock = exchange(stock, step.give or "", step.get or "", p)
        except (ValueError, KeyError) as exc:
            problems.append(Problem(where, f"example '{name}', action {i + 1} is illegal: {exc}"))
            return problems
        if step.after != stock:
            problems.append(
                Problem(
                    src.loc(("steps", i, "after")),
                    f"example '{name}', action {i + 1}: the reserve is {_fmt(stock)}, not {_fmt(step.after)}",
                )
            )
            stock = dict(step.after)
    sent, left, missing = deliver(stock, card.values["demand"])
    for key, value, shown in (
        ("sent", sent, _fmt(sent)),
        ("left", left, _fmt(left)),
        ("missing", missing, str(missing)),
        ("points", score(missing, p), str(score(missing, p))),
    ):
        stated = getattr(ex, key)
        if stated != value:
            said = _fmt(stated) if isinstance(stated, dict) else str(stated)
            problems.append(
                Problem(src.loc((key,)), f"example '{name}': {key} should be {shown}, not {said}")
            )
    return problems


def _check_sheets(game: Game, p: Params, ploc: Loc) -> list[Problem]:
    problems: list[Problem] = []
    reserve = game.component("reserve-sheet").items[0]
    tracks = [(i, b["track"]) for i, b in enumerate(reserve.values["blocks"]) if b.get("track")]
    if [t["label"] for _, t in tracks] != p.resources:
        problems.append(
            Problem(
                reserve.loc("blocks"),
                f"the reserve sheet needs one track for each of {', '.join(p.resources)}",
            )
        )
    for i, t in tracks:
        loc = reserve.loc("blocks", i, "track", "stop")
        if t["start"] != 0 or t["stop"] != p.capacity:
            problems.append(
                Problem(loc, f"track {t['label']} must run 0 to {p.capacity} (the capacity)")
            )
        if t["label"] in p.start and t["mark"] != p.start[t["label"]]:
            problems.append(
                Problem(
                    reserve.loc("blocks", i, "track", "mark"),
                    f"track {t['label']} must mark the start value {p.start[t['label']]}",
                )
            )
    record = game.component("session-record").items[0]
    tables = [(i, b["table"]) for i, b in enumerate(record.values["blocks"]) if b.get("table")]
    for i, t in tables:
        loc = record.loc("blocks", i, "table")
        if t["rows"] != p.deliveries_per_session:
            problems.append(
                Problem(
                    record.loc("blocks", i, "table", "rows"),
                    f"the record needs {p.deliveries_per_session} rows, one a delivery",
                )
            )
        checks = [c["checks"] for c in t["columns"] if c.get("checks")]
        if checks != [p.actions_per_delivery]:
            problems.append(
                Problem(
                    loc, f"the record needs one column of {p.actions_per_delivery} action boxes"
                )
            )
    totals = {
        f"/ {p.points.complete * p.deliveries_per_session}",
        f"/ {p.demand_per_card * p.deliveries_per_session}",
    }
    written = {
        w["suffix"] for b in record.values["blocks"] if b.get("write_ins") for w in b["write_ins"]
    }
    if not totals <= written:
        problems.append(
            Problem(
                record.loc("blocks"),
                f"the record's totals must read {' and '.join(sorted(totals))}",
            )
        )
    return problems


def check(game: Game) -> list[Problem]:
    src = game.rules_src
    p, problems = load_params(game, Params)
    if p is None:
        return problems
    ploc = src.loc(("params",))
    problems: list[Problem] = []
    if (
        sorted(p.start) != sorted(p.resources)
        or list(game.spec.vocab.get("resource", [])) != p.resources
    ):
        problems.append(
            Problem(
                ploc,
                "params.resources, params.start and vocab.resource must name the same resources",
            )
        )
    deliveries = game.component("deliveries")
    if deliveries.spec.count != p.cards_in_box:
        problems.append(Problem(deliveries.loc, f"the box holds {p.cards_in_box} delivery cards"))
    demand_spec = deliveries.spec.fields.get("demand")
    if demand_spec is None or demand_spec.total != p.demand_per_card:
        problems.append(
            Problem(deliveries.loc, f"every delivery demands exactly {p.demand_per_card} units")
        )
    for name in ("start",):
        for r, v in p.start.items():
            if not 0 <= v <= p.capacity:
                problems.append(
                    Problem(
                        src.loc(("params", name, r)), f"start {r} {v} is outside 0–{p.capacity}"
                    )
                )
    actions = [i.values["name"] for i in game.component("actions").items]
    if actions != ["GATHER", "EXCHANGE", "WAIT"]:
        problems.append(
            Problem(
                game.component("actions").src.loc(()),
                "the action references are GATHER, EXCHANGE and WAIT",
            )
        )
    problems.extend(_check_sheets(game, p, ploc))
    for name in game.rules.examples:
        exsrc = src.sub(("examples", name, "data"))
        try:
            ex = validate(Example, exsrc)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        problems.extend(_check_example(name, ex, exsrc, game, p))
    return problems
