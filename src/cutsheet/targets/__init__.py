"""Output targets: what a print plan is written as. Each target is one module that draws
print plans (it decides nothing); the registry below is where the pipeline finds them by
name. The PDF writer (cards, sheets, rules, booklet) is the target every build writes."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..diagnostics import Problem
    from ..impose.print_plan import PrintPlan


@dataclass(frozen=True)
class Rendered:
    """One file a target made of a print plan, before it is committed."""

    paper: str
    part: str
    data: bytes
    pages: int
    components: dict[str, int]


class Target(Protocol):
    """An output format: the files it makes of one print plan. What goes wrong while
    drawing that the plan should have found goes to ``problems`` (the job then writes
    nothing)."""

    name: str

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]: ...


#: Every output target by name and the module that holds it (imported when first used:
#: drawing pulls in ReportLab, which a no-op build never needs).
TARGETS: dict[str, str] = {"pdf": "cutsheet.targets.pdf"}


def target(name: str) -> Target:
    """The output target called ``name`` (one of ``TARGETS``)."""
    module = importlib.import_module(TARGETS[name])
    found: Target = module.TARGET
    return found


__all__ = ["TARGETS", "Rendered", "Target", "target"]
