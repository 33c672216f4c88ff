"""The PDF target: every part of a print plan as a PDF on its paper: ``cards`` and
``sheets`` (imposed pages, full-page sheets, the calibration sheet), ``rules`` in reading
order, and ``rules-booklet`` imposed for saddle-stitching. A build may keep a part from its
last build instead of drawing it (``keep``: see ``partcache``)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection
from dataclasses import dataclass

from reportlab.platypus.doctemplate import LayoutError

from ..diagnostics import Problem
from ..impose.print_plan import PartPrint, PrintPlan
from ..render.parts import PartInput, draw_part, part_inputs
from . import Rendered

Keep = Callable[[PartInput], tuple[str, Rendered | None]]
"""The digest of a part's input, and the part's file from the last build when drawing that
input again would give the same bytes (the file is kept where it is), else None: the part
is drawn, and its digest recorded with it."""


@dataclass(frozen=True)
class PdfTarget:
    name: str = "pdf"

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]:
        return draw(plan, problems)


TARGET = PdfTarget()


def draw(
    print_plan: PrintPlan,
    problems: list[Problem] | None = None,
    keep: Keep | None = None,
    only: Collection[str] | None = None,
) -> list[Rendered]:
    """Every part on one paper, kept or drawn (only the parts in ``only``, when given: the
    others are kept or left out); what goes wrong while drawing (a block no page can hold)
    goes to ``problems``, and that part and the ones after it are left out."""
    problems = problems if problems is not None else []
    out: list[Rendered] = []
    for inp in part_inputs(print_plan):
        rendered, stop = draw_input(print_plan, inp, problems, keep, only)
        if stop:
            break
        if rendered is not None:
            out.append(rendered)
    return out


def draw_input(
    print_plan: PrintPlan,
    inp: PartInput,
    problems: list[Problem],
    keep: Keep | None = None,
    only: Collection[str] | None = None,
) -> tuple[Rendered | None, bool]:
    """One part of ``print_plan`` (``draw``'s step): kept, drawn or left out (None), and
    whether drawing it failed in a way that leaves out the paper's later parts too."""
    paper = print_plan.paper.name
    digest, kept = keep(inp) if keep is not None else ("", None)
    if kept is not None:
        return kept, False
    if only is not None and inp.name not in only:
        return None, False
    try:
        data, pages, found = draw_part(inp)
    except LayoutError as exc:
        where = print_plan.game_plan.rules.loc
        why = " ".join(str(exc).split())
        problems.append(Problem(where, f"rules: a block is taller than a page ({paper}): {why}"))
        return None, True
    problems.extend(found)
    sha = hashlib.sha256(data).hexdigest()  # here: in a worker, not in the committing parent
    return Rendered(paper, inp.name, data, pages, components(inp), digest=digest, sha256=sha), False


def components(inp: PartInput) -> dict[str, int]:
    """What a part prints, for the manifest: its components' copies, or the rules."""
    return dict(inp.part.components) if isinstance(inp.part, PartPrint) else {"rules": 1}
