"""Does every item fit the paper? Checked at plan time for every paper, so ``check`` finds
what would otherwise fail only while imposing."""

from __future__ import annotations

from ..diagnostics import Problem
from ..impose import PAPERS, NoteSize, impose
from .cards import component_key_loc
from .model import GamePlan, Run


def impose_problems(plan: GamePlan) -> list[Problem]:
    problems = []
    for entries in plan.parts.values():
        for run in entries:
            if not isinstance(run, Run):
                continue
            line = plan.profile.small_size * 1.3 * 25.4 / 72
            note = NoteSize(text_w=40.0, line_h=line, label_w=30.0, bar_label_w=10.0)
            for paper, size in PAPERS.items():
                try:
                    impose([(run.size, [(0, None)])], size, imposition="simplex", note=note)
                except ValueError as exc:
                    comp = next(c for c in plan.game.components if c.id == run.component)
                    problems.append(
                        Problem(component_key_loc(plan.game, comp, "size"), f"{exc} ({paper})")
                    )
    return problems
