"""The print plan: a game's plan under one profile imposed on one paper with the print options
(imposition, bleed, cut guides, back offset). Every page of the card and sheet parts with
every placed item, mark and note, the full-page sheets and the rules' page sizes, and the
located problems imposing found. ``check`` and ``build`` both make it, so they cannot
disagree; the output targets only draw it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ..diagnostics import Loc, Problem, clip
from ..flow.frames import Furniture
from ..model import Game
from ..papers import Paper
from ..plan.model import DocPlan, GamePlan, PageDoc, PrintedCard, Run
from .base import (
    SAFE_MARGIN,
    NoteSize,
    PagePlan,
    Size,
    mark_rule,
    pad_to_multiple,
    saddle_stitch_order,
)
from .pages import impose

CARD_PARTS = ("cards", "sheets")


@dataclass(frozen=True)
class PrintOptions:
    """How cards are put on paper; the same for every game and paper of a build."""

    imposition: Literal["duplex", "gutterfold"] = "duplex"
    bleed: float = 0.0  # mm of art beyond every trim (0 for home printing; 3 for a print shop)
    cut_guides: Literal["marks", "lines"] = "marks"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm the back pages are shifted by


@dataclass(frozen=True)
class ImposedPage:
    """One page of cards as imposed, with its margin label."""

    page: PagePlan[PrintedCard]
    label: str


@dataclass(frozen=True)
class PartPrint:
    """The ``cards`` or ``sheets`` part on one paper: its imposed card pages, then its
    full-page sheets (numbered on from ``first_doc_sheet``), then, when the part is printed
    two-sided, the duplex calibration sheet.

    ``pages`` are imposed from ``runs`` alone, with the paper, the print options and the
    furniture (the margin notes' sizes, the page labels): whatever holds those beside the part
    (``render.parts.PartInput``) can be told from another by the runs, without the pages."""

    part: str
    duplex: bool
    runs: tuple[Run, ...]
    pages: tuple[ImposedPage, ...]
    docs: tuple[PageDoc, ...]
    first_doc_sheet: int
    calibration: bool
    components: Mapping[str, int]  # component id -> copies printed


@dataclass(frozen=True)
class DocPrint:
    """A flowing document's page: the rules on the paper, or the booklet's half page."""

    part: str
    doc: DocPlan
    page: Size  # the paper, or the booklet's half page (``half``): its frame is ``rules_frame``

    @property
    def half(self) -> bool:
        return self.part == "rules-booklet"

    def sides(self, count: int) -> tuple[tuple[int, int], ...]:
        """The booklet's printed sides once its ``count`` half pages are known (drawing them
        counts them): each side's left and right half page in saddle-stitch order, -1 for a
        blank half; none for a document that is not a booklet."""
        if self.part != "rules-booklet":
            return ()
        order = saddle_stitch_order(pad_to_multiple(count, 4))
        return tuple((a if a < count else -1, b if b < count else -1) for a, b in order)


@dataclass(frozen=True)
class PrintPlan:
    game_plan: GamePlan
    paper: Paper
    options: PrintOptions
    parts: tuple[PartPrint, ...]
    documents: tuple[DocPrint, ...]
    problems: tuple[Problem, ...]

    @property
    def furniture(self) -> Furniture:
        return self.game_plan.furniture


def note_size(furniture: Furniture, part: str) -> NoteSize:
    """The furniture of ``part`` as the imposition docks it (mm)."""
    return NoteSize(
        text_w=furniture.note_w,
        line_h=furniture.line_mm,
        label_w=furniture.label_w(part),
        bar_label_w=furniture.bar_label_w,
        titled_w=furniture.titled_w(part),
    )


def _items(
    run: Run, limit: int | None = None
) -> tuple[Size, list[tuple[PrintedCard, PrintedCard | None]], tuple[int, int] | None]:
    cards = run.cards if limit is None else run.cards[:limit]
    return (run.size, [(c, c if c.back else None) for c in cards], run.grid)


def _runs_of(plan: GamePlan, part: str) -> list[Run]:
    return [e for e in plan.parts.get(part, ()) if isinstance(e, Run)]


def _fit_problems(plan: GamePlan, paper: Paper, options: PrintOptions) -> list[Problem]:
    """A run whose card does not fit the paper with these options, named with its overflow."""
    problems = []
    for part in CARD_PARTS:
        note = note_size(plan.furniture, part)
        for run in _runs_of(plan, part):
            if not run.cards:
                continue
            try:
                impose(
                    [_items(run, 1)],
                    paper.size,
                    imposition=options.imposition,
                    bleed=options.bleed,
                    note=note,
                    back_offset=options.back_offset,
                )
            except ValueError as exc:
                problem = _too_big(plan.game, run, paper, options, str(exc), plan.profile.name)
                problems.append(problem)
    return problems


PAPER_TOO_SMALL = "paper"
"""The ``code`` of a card or grid that the paper's printable area cannot hold (``_too_big``)."""


def _too_big(
    game: Game, run: Run, paper: Paper, options: PrintOptions, why: str, profile: str
) -> Problem:
    """Where and by how much a run's card overflows the paper's printable area; or, where
    the card fits it, why the imposition has no room (at the fixed grid asked for; in a
    profile other than the standard one, named: its print note is larger)."""
    from ..plan.context import component_key_loc

    comp = next(c for c in game.components if c.id == run.component)
    w, h = run.size
    b = options.bleed
    ox, oy = (abs(v) for v in options.back_offset)  # the room a back offset takes (one side)
    room = (paper.width - 2 * SAFE_MARGIN - ox, paper.height - 2 * SAFE_MARGIN - oy)
    over = _overflow(None, run.size, b, room)
    given = [f"{b:g} mm bleed"] if b else []
    if ox or oy:
        given.append(f"a back offset of {options.back_offset[0]:g},{options.back_offset[1]:g} mm")
    bleed = f" with {' and '.join(given)}" if given else ""
    first = run.cards[0].item
    where = component_key_loc(game, comp, "size")
    # a profile other than the standard one is named where it is the profile's doing: a size
    # of its own for the card, or, where the card fits, its print note (large print's is
    # larger); a card too big in every profile is said once, as the same problem
    if profile != "standard" and (not over or profile in comp.spec.sizes):
        bleed += f" in the {profile} profile"
    if over:  # the card itself, whatever the imposition
        why = over
    else:  # the imposition's room
        if run.grid is not None:  # a fixed grid, where it is asked for
            index = game.components.index(comp)
            per_profile = profile in comp.spec.impositions
            asked = ("impositions", profile) if per_profile else ("imposition",)
            where = game.game_src.loc(("components", index, *asked))
            if options.imposition == "duplex":  # (gutterfold's grid shares the page)
                why = _overflow(run.grid, run.size, b, room) or why
            if profile != "standard":
                why += f"; 'impositions: {{{profile}: auto}}' packs them there as they fit"
    return Problem(
        where,
        f"{comp.spec.name} ({clip(first, 40)}, {w:g} × {h:g} mm) does not fit {paper.title}"
        f" ({paper.width:g} × {paper.height:g} mm){bleed}: {why}",
        code=PAPER_TOO_SMALL,
    )


def _overflow(
    grid: tuple[int, int] | None,
    size: tuple[float, float],
    bleed: float,
    room: tuple[float, float],
) -> str | None:
    """By how much a card (``grid`` None) or a fixed grid of cards, with its bleed and crop
    marks (one mark zone: a side at the margin may go without), overflows the printable
    area ``room``; None when it fits there."""
    cols, rows = grid or (1, 1)
    low = mark_rule(bleed).depth_min
    need = (cols * (size[0] + 2 * bleed) + low, rows * (size[1] + 2 * bleed) + low)
    over = [
        f"{n - r:.1f} mm too {d}"
        for n, r, d in zip(need, room, ("wide", "tall"), strict=True)
        if n > r + 1e-6
    ]
    if not over:
        return None
    marks = f"{'bleed and ' if bleed else ''}crop marks"
    what = f"the {cols}×{rows} grid with its {marks}" if grid else f"with its {marks} it"
    return (
        f"{what} needs {need[0]:g} × {need[1]:g} mm, the printable area is"
        f" {room[0]:g} × {room[1]:g} mm: {', '.join(over)}"
    )


def _card_part(plan: GamePlan, part: str, paper: Paper, options: PrintOptions) -> PartPrint | None:
    entries = plan.parts.get(part, ())
    if not entries:
        return None
    runs = _runs_of(plan, part)
    backed = any(card.back for r in runs for card in r.cards)
    duplex = backed and options.imposition == "duplex"
    furniture = plan.furniture
    pages: list[ImposedPage] = []
    if runs:
        imposed = impose(
            [_items(r) for r in runs],
            paper.size,
            imposition=options.imposition,
            bleed=options.bleed,
            note=note_size(furniture, part),
            cut_guides=options.cut_guides,
            back_offset=options.back_offset,
        )
        for page in imposed:
            side = "" if page.side == "single" else page.side
            titled = page.furniture.titled
            pages.append(ImposedPage(page, furniture.page_label(part, page.sheet, side, titled)))
    last_sheet = max((p.page.sheet for p in pages), default=0)
    game = plan.game
    return PartPrint(
        part=part,
        duplex=duplex,
        runs=tuple(runs),
        pages=tuple(pages),
        docs=tuple(e for e in entries if isinstance(e, PageDoc)),
        first_doc_sheet=last_sheet + 1,
        calibration=duplex,
        components={
            c.id: c.printed
            for c in game.components
            if c.spec.part == part and c.spec.in_profile(plan.profile.name)
        },
    )


def _one_calibration(parts: list[PartPrint]) -> list[PartPrint]:
    """The duplex calibration sheet is about the printer, not the part: a kit carries it once,
    at the end of the first two-sided part (the cards, usually)."""
    out: list[PartPrint] = []
    seen = False
    for part in parts:
        out.append(replace(part, calibration=part.calibration and not seen))
        seen = seen or part.calibration
    return out


def plan_print(plan: GamePlan, paper: Paper, options: PrintOptions) -> PrintPlan:
    """``plan`` imposed on ``paper``. A plan with problems (a card too big for the paper)
    has no pages: it is never drawn."""
    problems = _fit_problems(plan, paper, options)
    parts: list[PartPrint] = []
    if not problems:
        for part in CARD_PARTS:
            printed = _card_part(plan, part, paper, options)
            if printed is not None:
                parts.append(printed)
    parts = _one_calibration(parts)
    documents = (
        DocPrint("rules", plan.rules, paper.size),
        DocPrint("rules-booklet", plan.booklet, paper.half),
    )
    return PrintPlan(plan, paper, options, tuple(parts), documents, tuple(problems))


def plan_prints(
    plan: GamePlan, papers: Sequence[Paper], options: PrintOptions
) -> tuple[list[PrintPlan], list[Problem]]:
    """``plan`` on each of ``papers``, and every problem: each paper's imposing problems, then
    (when there are none) the flowing documents' blocks that no page of these papers holds."""
    from ..plan.pages import page_problems

    prints = [plan_print(plan, paper, options) for paper in papers]
    problems = [p for pp in prints for p in pp.problems]
    if not problems:
        problems = page_problems(plan, papers)
        problems += [w for paper in papers for w in _offset_costs(plan, paper, options)]
    return prints, sorted(set(problems))


def _offset_costs(plan: GamePlan, paper: Paper, options: PrintOptions) -> list[Problem]:
    """A warning for each part of cards that takes more pages with the back offset than
    without it: the offset is taken off every page (its backs keep 5 mm of paper), and
    that room can cost a row or a column (of large print's reference cards, two a page, at
    5 mm; of poker cards at 10). Said of the part's file: its decks share its pages."""
    if options.back_offset == (0.0, 0.0) or options.imposition != "duplex":
        return []
    warnings = []
    for part in CARD_PARTS:
        runs = _runs_of(plan, part)  # cards without backs too: their pages shrink alike
        if not any(run.cards for run in runs):
            continue
        note = note_size(plan.furniture, part)
        items = [_items(run) for run in runs]
        moved, kept = (
            len(impose(items, paper.size, bleed=options.bleed, note=note, back_offset=offset))
            for offset in (options.back_offset, (0.0, 0.0))
        )
        if moved > kept:
            x, y = options.back_offset
            message = (
                f"{plan.profile.name}-{paper.name}/{part}.pdf: with a back offset of"
                f" {x:g},{y:g} mm fewer cards fit a page of {paper.title}: they take {moved}"
                f" pages, not {kept} (the offset is taken off every page)"
            )
            where = Loc(plan.game.game_src.file)
            warnings.append(Problem(where, message, "warning"))
    return warnings


__all__ = [
    "CARD_PARTS",
    "DocPrint",
    "ImposedPage",
    "PartPrint",
    "PrintOptions",
    "PrintPlan",
    "note_size",
    "plan_print",
    "plan_prints",
]
