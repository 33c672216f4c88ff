"""Festival Charter: the rulebook's arithmetic, used to prove the cards and both examples.

A proposal is approved by ``approve_at`` or more YES of four; approval pays the full cost,
rejection costs ``rejection_cost``, and the budget never goes below 0. A PACKAGE is spent
when the pair is announced. A player scores primary × 2 + secondary × 1 over built features.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from ..diagnostics import ContentError, Problem
from ..model import Game, Item, Strict, validate
from . import load_params

FEATURES = ("GLOW", "FEAST", "PLAY", "REST")
KEEPERS = {
    "GLOW": "Glow Keeper",
    "FEAST": "Feast Keeper",
    "PLAY": "Play Keeper",
    "REST": "Rest Keeper",
}
NAMED_COSTS = {"Moon Gate": 2, "Long Table": 2}  # the only costs the rulebook prints
NAMED_PROJECTS = ("Moon Gate", "Long Table", "Evening Picnic", "Maker Nook")


class Params(Strict):
    players: int
    budget: int
    proposals: int
    approve_at: int
    rejection_cost: int
    primary_points: int
    secondary_points: int


class Outcome(Strict):
    yes_votes: int
    result: Literal["approved", "rejected"]
    budget_after: int
    package_spent: bool


class PackageVote(Strict):
    budget: int
    projects: list[str]
    cost: int
    outcomes: list[Outcome]


class FinalScoring(Strict):
    built: list[str]
    cost: int
    features: dict[str, int]
    scores: dict[str, int]
    winners: list[str]


# ------------------------------------------------------------------ the rulebook's arithmetic
def resolve(budget: int, cost: int, yes_votes: int, p: Params) -> tuple[str, int]:
    """(result, budget after) of one proposal."""
    if yes_votes >= p.approve_at:
        return "approved", budget - cost
    return "rejected", max(0, budget - p.rejection_cost)


def built_features(projects: Sequence[Mapping[str, int]]) -> dict[str, int]:
    return {f: sum(proj.get(f, 0) for proj in projects) for f in FEATURES}


def keeper_score(primary: str, secondary: str, features: Mapping[str, int], p: Params) -> int:
    return p.primary_points * features[primary] + p.secondary_points * features[secondary]


# ------------------------------------------------------------------ checks
def _by_id(game: Game, component: str) -> dict[str, Item]:
    return {i.id: i for i in game.component(component).items}


def _check_cards(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    projects = game.component("projects")
    names = {i.values["name"]: i for i in projects.items}
    for name in NAMED_PROJECTS:
        if name not in names:
            problems.append(
                Problem(projects.src.loc(()), f"the rulebook's project '{name}' is missing")
            )
    for name, cost in NAMED_COSTS.items():
        item = names.get(name)
        if item is not None and item.values["cost"] != cost:
            problems.append(
                Problem(
                    item.loc("cost"),
                    f"{item.id}: the rulebook says {name} costs {cost}, not {item.values['cost']}",
                )
            )
    total = sum(i.values["cost"] for i in projects.items)
    if total < 2 * p.budget:
        problems.append(
            Problem(
                projects.src.loc(()),
                f"the eight projects cost {total} together; keep it at least twice the budget "
                f"({2 * p.budget}) so choices matter",
            )
        )
    for item in projects.items:
        if not any(item.values["features"].values()):
            problems.append(
                Problem(item.loc("features"), f"{item.id}: a project supplies at least one feature")
            )
    priorities = game.component("priorities")
    primaries = []
    for item in priorities.items:
        v = item.values
        primaries.append(v["primary"])
        if v["primary"] == v["secondary"]:
            problems.append(
                Problem(
                    item.loc("secondary"),
                    f"{item.id}: the secondary feature must differ from the primary",
                )
            )
        expected = KEEPERS.get(v["primary"])
        if v["name"] != expected:
            problems.append(
                Problem(
                    item.loc("name"),
                    f"{item.id}: a {v['primary']} primary belongs to the {expected}",
                )
            )
    if sorted(primaries) != sorted(FEATURES):
        problems.append(
            Problem(
                priorities.src.loc(()), "each feature is the primary of exactly one priority card"
            )
        )
    return problems


def _check_log(game: Game, p: Params) -> list[Problem]:
    log = game.component("public-log").items[0]
    problems: list[Problem] = []
    for i, block in enumerate(log.values["blocks"]):
        table = block.get("table")
        if table and table["rows"] != p.proposals:
            problems.append(
                Problem(
                    log.loc("blocks", i, "table", "rows"),
                    f"the log needs {p.proposals} rows, proposals 1 to {p.proposals}",
                )
            )
        for j, w in enumerate(block.get("write_ins") or []):
            if w["label"] == "Starting budget" and w["suffix"] != f"{p.budget} units":
                problems.append(
                    Problem(
                        log.loc("blocks", i, "write_ins", j, "suffix"),
                        f"the starting budget is {p.budget}",
                    )
                )
    return problems


def _cost_parts(projects: Mapping[str, Item], ids: Sequence[str]) -> str:
    """'2 (Moon Gate, projects.yaml:9:11) + 4 (…)': each cost with where it is written."""
    return " + ".join(
        f"{projects[i].values['cost']} ({projects[i].values['name']}, {projects[i].loc('cost')})"
        for i in ids
    )


def _check_package(name: str, ex: PackageVote, game: Game, p: Params, loc: object) -> list[Problem]:
    src = game.rules_src.sub(("examples", name, "data"))
    projects = _by_id(game, "projects")
    problems: list[Problem] = []
    missing = [pid for pid in ex.projects if pid not in projects]
    if missing or len(set(ex.projects)) != 2:
        return [
            Problem(
                src.loc(("projects",)), f"example '{name}': a package is two different projects"
            )
        ]
    cost = sum(projects[pid].values["cost"] for pid in ex.projects)
    if cost != ex.cost:
        parts = _cost_parts(projects, ex.projects)
        problems.append(
            Problem(
                src.loc(("cost",)),
                f"example '{name}': the pair costs {parts} = {cost}, not {ex.cost}",
            )
        )
    if cost > ex.budget:
        problems.append(
            Problem(
                src.loc(("budget",)),
                f"example '{name}': a pair costing {cost} is not affordable with {ex.budget}",
            )
        )
    for i, o in enumerate(ex.outcomes):
        result, after = resolve(ex.budget, cost, o.yes_votes, p)
        where = ("outcomes", i)
        if o.result != result:
            problems.append(
                Problem(
                    src.loc(where + ("result",)),
                    f"example '{name}': {o.yes_votes} YES means {result}",
                )
            )
        if o.budget_after != after:
            problems.append(
                Problem(
                    src.loc(where + ("budget_after",)),
                    f"example '{name}': the budget after is {after}, not {o.budget_after}",
                )
            )
        if not o.package_spent:
            problems.append(
                Problem(
                    src.loc(where + ("package_spent",)),
                    f"example '{name}': the marker is spent either way",
                )
            )
    return problems


def _check_scoring(name: str, ex: FinalScoring, game: Game, p: Params) -> list[Problem]:
    src = game.rules_src.sub(("examples", name, "data"))
    projects = _by_id(game, "projects")
    keepers = _by_id(game, "priorities")
    problems: list[Problem] = []
    unknown = [pid for pid in ex.built if pid not in projects]
    if unknown:
        return [Problem(src.loc(("built",)), f"example '{name}': no project {', '.join(unknown)}")]
    cost = sum(projects[pid].values["cost"] for pid in ex.built)
    if cost != ex.cost:
        parts = _cost_parts(projects, ex.built)
        problems.append(
            Problem(
                src.loc(("cost",)),
                f"example '{name}': the built set costs {parts} = {cost}, not {ex.cost}",
            )
        )
    features = built_features([projects[pid].values["features"] for pid in ex.built])
    if features != {f: ex.features.get(f, 0) for f in FEATURES}:
        shown = ", ".join(f"{f} {n}" for f, n in features.items())
        problems.append(
            Problem(src.loc(("features",)), f"example '{name}': the built set supplies {shown}")
        )
    scores = {}
    for kid, keeper in keepers.items():
        scores[kid] = keeper_score(
            keeper.values["primary"], keeper.values["secondary"], features, p
        )
        stated = ex.scores.get(kid)
        if stated != scores[kid]:
            problems.append(
                Problem(
                    src.loc(("scores", kid)) if kid in ex.scores else src.loc(("scores",)),
                    f"example '{name}': {keeper.values['name']} scores {scores[kid]}, not {stated}",
                )
            )
    best = max(scores.values())
    winners = sorted(k for k, v in scores.items() if v == best)
    if sorted(ex.winners) != winners:
        problems.append(
            Problem(
                src.loc(("winners",)), f"example '{name}': the winners are {', '.join(winners)}"
            )
        )
    return problems


def check(game: Game) -> list[Problem]:
    src = game.rules_src
    p, problems = load_params(game, Params)
    if p is None:
        return problems
    problems = _check_cards(game, p) + _check_log(game, p)
    kinds = {"package-vote": PackageVote, "final-scoring": FinalScoring}
    for name, model in kinds.items():
        if name not in game.rules.examples:
            problems.append(
                Problem(src.loc(("examples",)), f"the rulebook's example '{name}' is missing")
            )
            continue
        try:
            ex = validate(model, src.sub(("examples", name, "data")))
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        if isinstance(ex, PackageVote):
            problems.extend(_check_package(name, ex, game, p, None))
        else:
            problems.extend(_check_scoring(name, ex, game, p))
    return problems
