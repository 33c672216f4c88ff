"""Festival Charter: the rulebook's arithmetic, used to prove the cards and both examples.

A proposal is approved by ``approve_at`` or more YES of four; approval pays the full cost,
rejection costs ``rejection_cost``, and the budget never goes below 0. A PACKAGE is spent
when the pair is announced. A player scores primary × 2 + secondary × 1 over built features.
The rulebook's facts (features and their keepers, the projects and costs it names) are
``params`` in rules.yaml.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from ..diagnostics import Problem
from ..model import Game, Item, PageItem, Strict
from . import by_id, check_parts, example, in_words, typed


class Params(Strict):
    players: int
    budget: int
    proposals: int
    approve_at: int
    rejection_cost: int
    primary_points: int
    secondary_points: int
    package_size: int
    keepers: dict[str, str]  # feature → the keeper whose primary it is, in the rulebook's order
    named_projects: list[str]
    named_costs: dict[str, int]  # the only costs the rulebook prints

    @property
    def features(self) -> list[str]:
        return list(self.keepers)


class Project(Strict):
    name: str
    cost: int
    features: dict[str, int]


class Priority(Strict):
    name: str
    primary: str
    secondary: str


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


Projects = Mapping[str, tuple[Item, Project]]


# ------------------------------------------------------------------ the rulebook's arithmetic
def resolve(budget: int, cost: int, yes_votes: int, p: Params) -> tuple[str, int]:
    """(result, budget after) of one proposal."""
    if yes_votes >= p.approve_at:
        return "approved", budget - cost
    return "rejected", max(0, budget - p.rejection_cost)


def built_features(projects: Sequence[Mapping[str, int]], p: Params) -> dict[str, int]:
    return {f: sum(proj.get(f, 0) for proj in projects) for f in p.features}


def keeper_score(primary: str, secondary: str, features: Mapping[str, int], p: Params) -> int:
    """A feature missing from ``features`` supplies nothing."""
    return p.primary_points * features.get(primary, 0) + p.secondary_points * features.get(
        secondary, 0
    )


# ------------------------------------------------------------------ checks
def _projects(game: Game) -> dict[str, tuple[Item, Project]]:
    return by_id(typed(game, "projects", Project))


def _check_projects(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    listing = game.component("projects").src
    projects = _projects(game).values()
    names = {proj.name: (item, proj) for item, proj in projects}
    for name in p.named_projects:
        if name not in names:
            problems.append(Problem(listing.loc(()), f"the rulebook's project '{name}' is missing"))
    for name, cost in p.named_costs.items():
        item, proj = names.get(name, (None, None))
        if item is not None and proj is not None and proj.cost != cost:
            msg = f"{item.id}: the rulebook says {name} costs {cost}, not {proj.cost}"
            problems.append(Problem(item.loc("cost"), msg))
    total = sum(proj.cost for _, proj in projects)
    if total < 2 * p.budget:
        problems.append(
            Problem(
                listing.loc(()),
                f"the {in_words(len(projects))} projects cost {total} together; keep it at least twice"
                f" the budget ({2 * p.budget}) so choices matter",
            )
        )
    for item, proj in projects:
        if not any(proj.features.values()):
            problems.append(
                Problem(item.loc("features"), f"{item.id}: a project supplies at least one feature")
            )
    return problems


def _check_priorities(game: Game, p: Params) -> list[Problem]:
    problems: list[Problem] = []
    if sorted(p.features) != sorted(game.spec.vocab.get("feature", [])):
        problems.append(
            Problem(
                game.rules_src.loc(("params", "keepers")),
                "params.keepers names a keeper for each word of vocab.feature, once",
            )
        )
    primaries = []
    for item, keeper in typed(game, "priorities", Priority):
        primaries.append(keeper.primary)
        if keeper.primary == keeper.secondary:
            msg = f"{item.id}: the secondary feature must differ from the primary"
            problems.append(Problem(item.loc("secondary"), msg))
        expected = p.keepers.get(keeper.primary)
        if keeper.name != expected:
            msg = f"{item.id}: a {keeper.primary} primary belongs to the {expected}"
            problems.append(Problem(item.loc("name"), msg))
    if sorted(primaries) != sorted(p.features):
        problems.append(
            Problem(
                game.component("priorities").src.loc(()),
                "each feature is the primary of exactly one priority card",
            )
        )
    return problems


def _check_log(game: Game, p: Params) -> list[Problem]:
    """The record a table finishes the game on: a table naming "Chair" has a row a proposal;
    the Built projects list (naming "Project") a row a project, one of feature totals and a
    column a feature; the final scores (naming "Planner") a row a player. Both of the last
    two must be there."""
    projects = sum(item.copies for item in game.component("projects").items)
    tables = {
        "Chair": (p.proposals, f"the log needs {p.proposals} rows, proposals 1 to {p.proposals}"),
        "Project": (
            projects + 1,
            f"the Built projects list needs {projects + 1} rows: one for each of the"
            f" {in_words(projects)} projects and one of feature totals",
        ),
        "Planner": (p.players, f"the final scores need {p.players} rows, one a planner"),
    }
    problems: list[Problem] = []
    for log, page in typed(game, "public-log", PageItem):
        found: set[str] = set()
        for i, block in enumerate(page.blocks):
            for j, w in enumerate(block.write_ins or []):
                if w.label == "Starting budget" and w.suffix != f"{p.budget} units":
                    loc = log.loc("blocks", i, "write_ins", j, "suffix")
                    problems.append(Problem(loc, f"the starting budget is {p.budget}"))
            headers = [c.header for c in block.table.columns] if block.table else []
            kind = next((k for k in tables if k in headers), None)
            if block.table is None or kind is None:
                continue
            found.add(kind)
            rows, msg = tables[kind]
            if block.table.rows != rows:
                problems.append(Problem(log.loc("blocks", i, "table", "rows"), msg))
            absent = [f for f in p.features if f not in headers] if kind == "Project" else []
            if absent:
                msg = f"the Built projects list needs a column for {', '.join(absent)}"
                problems.append(Problem(log.loc("blocks", i, "table", "columns"), msg))
        for kind, what in (
            ("Project", "a Built projects list"),
            ("Planner", "a final-scoring table"),
        ):
            if kind not in found:
                msg = f"{log.id}: the record needs {what}, or the table cannot finish the game"
                problems.append(Problem(log.loc("blocks"), msg))
    return problems


def _cost_parts(projects: Projects, ids: Sequence[str]) -> str:
    """'2 (Moon Gate, projects.yaml:9:11) + 4 (…)': each cost with where it is written."""
    return " + ".join(
        f"{projects[i][1].cost} ({projects[i][1].name}, {projects[i][0].loc('cost')})" for i in ids
    )


def _check_package(game: Game, p: Params) -> list[Problem]:
    name = "package-vote"
    ex, src = example(game, name, PackageVote)
    projects = _projects(game)
    if any(pid not in projects for pid in ex.projects) or len(set(ex.projects)) != p.package_size:
        return [
            Problem(
                src.loc(("projects",)),
                f"example '{name}': a package is {in_words(p.package_size)} different projects",
            )
        ]
    problems: list[Problem] = []

    def add(where: tuple[str | int, ...], msg: str) -> None:
        problems.append(Problem(src.loc(where), f"example '{name}': {msg}"))

    cost = sum(projects[pid][1].cost for pid in ex.projects)
    if cost != ex.cost:
        add(
            ("cost",),
            f"the pair costs {_cost_parts(projects, ex.projects)} = {cost}, not {ex.cost}",
        )
    if cost > ex.budget:
        add(("budget",), f"a pair costing {cost} is not affordable with {ex.budget}")
    for i, o in enumerate(ex.outcomes):
        result, after = resolve(ex.budget, cost, o.yes_votes, p)
        if o.result != result:
            add(("outcomes", i, "result"), f"{o.yes_votes} YES means {result}")
        if o.budget_after != after:
            add(
                ("outcomes", i, "budget_after"),
                f"the budget after is {after}, not {o.budget_after}",
            )
        if not o.package_spent:
            add(("outcomes", i, "package_spent"), "the marker is spent either way")
    return problems


def _check_scoring(game: Game, p: Params) -> list[Problem]:
    name = "final-scoring"
    ex, src = example(game, name, FinalScoring)
    projects = _projects(game)
    unknown = [pid for pid in ex.built if pid not in projects]
    if unknown:
        return [Problem(src.loc(("built",)), f"example '{name}': no project {', '.join(unknown)}")]
    problems: list[Problem] = []
    cost = sum(projects[pid][1].cost for pid in ex.built)
    if cost != ex.cost:
        parts = _cost_parts(projects, ex.built)
        problems.append(
            Problem(
                src.loc(("cost",)),
                f"example '{name}': the built set costs {parts} = {cost}, not {ex.cost}",
            )
        )
    features = built_features([projects[pid][1].features for pid in ex.built], p)
    if features != {f: ex.features.get(f, 0) for f in p.features}:
        shown = ", ".join(f"{f} {n}" for f, n in features.items())
        problems.append(
            Problem(src.loc(("features",)), f"example '{name}': the built set supplies {shown}")
        )
    scores = {}
    for kid, (_item, keeper) in by_id(typed(game, "priorities", Priority)).items():
        scores[kid] = keeper_score(keeper.primary, keeper.secondary, features, p)
        stated = ex.scores.get(kid)
        if stated != scores[kid]:
            problems.append(
                Problem(
                    src.loc(("scores", kid)) if kid in ex.scores else src.loc(("scores",)),
                    f"example '{name}': {keeper.name} scores {scores[kid]}, not {stated}",
                )
            )
    best = max(scores.values(), default=0)
    winners = sorted(k for k, v in scores.items() if v == best)
    if sorted(ex.winners) != winners:
        problems.append(
            Problem(
                src.loc(("winners",)), f"example '{name}': the winners are {', '.join(winners)}"
            )
        )
    return problems


def check(game: Game) -> list[Problem]:
    return check_parts(
        game, Params, _check_projects, _check_priorities, _check_log, _check_package, _check_scoring
    )
