"""Does every item fit the paper? Checked at plan time for every paper, so ``check`` finds
what would otherwise fail only while imposing."""

from __future__ import annotations

from ..diagnostics import Problem
from ..impose import PAPERS, fit_grid
from .cards import component_key_loc
from .model import GamePlan, Run


def impose_problems(plan: GamePlan) -> list[Problem]:
    problems = []
    for entries in plan.parts.values():
        for run in entries:
            if not isinstance(run, Run):
                continue
            for paper, size in PAPERS.items():
                try:
                    fit_grid(size, run.size, plan.profile.small_size)
                except ValueError as exc:
                    comp = next(c for c in plan.game.components if c.id == run.component)
                    problems.append(
                        Problem(component_key_loc(plan.game, comp, "size"), f"{exc} ({paper})")
                    )
    return problems
