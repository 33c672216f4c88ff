"""The PDF target: every part of a print plan as a PDF on its paper: ``cards`` and
``sheets`` (imposed pages, full-page sheets, the calibration sheet), ``rules`` in reading
order, and ``rules-booklet`` imposed for saddle-stitching."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus.doctemplate import LayoutError

from ..booklet import impose_booklet
from ..diagnostics import Problem
from ..impose.print_plan import PrintPlan
from ..render.parts import meta_for, render_card_part, render_rules
from . import Rendered


@dataclass(frozen=True)
class PdfTarget:
    name: str = "pdf"

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]:
        return draw(plan, problems)


TARGET = PdfTarget()


def draw(print_plan: PrintPlan, problems: list[Problem] | None = None) -> list[Rendered]:
    """Every part on one paper; what goes wrong while drawing (a block no page can hold)
    goes to ``problems``, and that part is left out."""
    problems = problems if problems is not None else []
    out: list[Rendered] = []
    try:
        _draw(print_plan, out, problems)
    except LayoutError as exc:
        where = print_plan.game_plan.rules.loc
        why = " ".join(str(exc).split())
        paper = print_plan.paper.name
        problems.append(Problem(where, f"rules: a block is taller than a page ({paper}): {why}"))
    return out


def _draw(print_plan: PrintPlan, out: list[Rendered], problems: list[Problem]) -> None:
    game = print_plan.game_plan.game
    paper = print_plan.paper.name
    for part in print_plan.parts:
        data, pages, found = render_card_part(print_plan, part)
        problems.extend(found)
        out.append(Rendered(paper, part.part, data, pages, dict(part.components)))
    rules, booklet_pages = print_plan.documents
    data, pages = render_rules(print_plan, rules)
    out.append(Rendered(paper, "rules", data, pages, {"rules": 1}))
    half, _ = render_rules(print_plan, booklet_pages)
    meta = meta_for(game, "rules-booklet", "short")
    booklet, sides = impose_booklet(
        half,
        print_plan.paper.size,
        title=meta.title,
        author=meta.author,
        subject=meta.subject,
        creator=meta.creator,
        lang=meta.lang,
    )
    out.append(Rendered(paper, "rules-booklet", booklet, sides, {"rules": 1}))
