"""One job: a game under one profile on one paper. A process loads each game once and plans
each (game, profile) once, whatever the number of papers it draws; the plan's problems and the
game's rulebook checks are the job's problems, and a job with problems draws nothing."""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .diagnostics import ContentError, Problem

if TYPE_CHECKING:
    from .impose.print_plan import PrintOptions, PrintPlan
    from .layouts import Layouts
    from .model import Game
    from .plan.model import GamePlan

PARTS = ("cards", "sheets", "rules", "rules-booklet")
FONT_FILES = "fonts"


@dataclass(frozen=True)
class Options:
    profiles: tuple[str, ...] = ("standard",)
    papers: tuple[str, ...] = ("a4", "letter")
    cut_guides: str = "marks"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 0.0  # mm of art beyond every trim (0 for home printing; 3 for a print shop)
    imposition: str = "duplex"  # or "gutterfold": fronts and backs on one page, fold between

    def cache_key(self) -> str:
        return f"{self.cut_guides}|{self.back_offset!r}|{self.bleed!r}|{self.imposition}"

    @property
    def printing(self) -> PrintOptions:
        """The options that decide how a plan is put on paper."""
        from .impose.print_plan import PrintOptions

        return PrintOptions(
            imposition=self.imposition,  # type: ignore[arg-type]
            bleed=self.bleed,
            cut_guides=self.cut_guides,  # type: ignore[arg-type]
            back_offset=self.back_offset,
        )


@dataclass(frozen=True)
class Task:
    """A game under one profile, drawn on each of ``papers`` from one plan."""

    root: str
    game: str
    profile: str
    papers: tuple[str, ...]
    options: Options


@dataclass(frozen=True)
class Rendered:
    paper: str
    part: str
    data: bytes
    pages: int
    components: dict[str, int]


@dataclass
class Result:
    task: Task
    problems: list[Problem] = field(default_factory=list)
    files: list[Rendered] = field(default_factory=list)
    inputs: set[str] = field(default_factory=set)


# ------------------------------------------------------------------ per-process memo
LOADS: dict[str, int] = {}  # game -> times loaded in this process (tests count them)
PLANS: dict[tuple[str, str], int] = {}  # (game, profile) -> times planned
_loaded: dict[tuple[str, str], tuple[Game | None, Layouts | None, list[Problem]]] = {}
_planned: dict[tuple[str, str, str], tuple[GamePlan | None, list[Problem]]] = {}


def forget() -> None:
    """Start afresh (a new build in the same process may follow edits)."""
    _loaded.clear()
    _planned.clear()


def load(root: str, game_id: str) -> tuple[Game | None, Layouts | None, list[Problem]]:
    """The game, its layouts and its rulebook checks' problems; once per process."""
    key = (root, game_id)
    if key not in _loaded:
        from .checks import run_checks
        from .content import load_game
        from .layouts import load_layouts

        LOADS[game_id] = LOADS.get(game_id, 0) + 1
        project = Path(root)
        try:
            game = load_game(project / "content" / game_id, project=project)
            where = game.game_src.loc(("layouts",))
            layouts = load_layouts(project / "layouts", game.spec.layouts, loc=where)
            _loaded[key] = (game, layouts, run_checks(game))
        except ContentError as exc:
            _loaded[key] = (None, None, list(exc.problems))
    return _loaded[key]


def plan(root: str, game_id: str, profile_name: str) -> tuple[GamePlan | None, list[Problem]]:
    """The game's plan under one profile and every problem found so far; once per process."""
    key = (root, game_id, profile_name)
    if key not in _planned:
        from .plan import plan_game
        from .profiles import load_profile

        game, layouts, problems = load(root, game_id)
        if game is None or layouts is None:
            _planned[key] = (None, problems)
            return _planned[key]
        try:
            profile = load_profile(Path(root) / "layouts", profile_name)
        except ContentError as exc:
            _planned[key] = (None, problems + list(exc.problems))
            return _planned[key]
        PLANS[(game_id, profile_name)] = PLANS.get((game_id, profile_name), 0) + 1
        game_plan, found = plan_game(game, layouts, profile)
        _planned[key] = (game_plan, problems + found)
    return _planned[key]


def prints(
    root: str, game_id: str, profile_name: str, papers: tuple[str, ...], options: Options
) -> tuple[list[PrintPlan], list[Problem]]:
    """The game's plan under one profile imposed on each of ``papers``, and every problem of
    the plan and of imposing it: what ``check`` reports and what a build must not draw."""
    from .impose.print_plan import plan_prints
    from .papers import Paper, find_paper

    game_plan, problems = plan(root, game_id, profile_name)
    if game_plan is None or problems:  # a plan with problems is never imposed nor drawn
        return [], problems
    _game, layouts, _ = load(root, game_id)
    where = game_plan.game.game_src.loc(("layouts",))
    found = [find_paper(layouts.papers if layouts else {}, name, where) for name in papers]
    unknown = [p for p in found if isinstance(p, Problem)]
    if unknown:
        return [], unknown
    known = [p for p in found if isinstance(p, Paper)]
    return plan_prints(game_plan, known, options.printing)


def inputs_of(root: str, game_plan: GamePlan) -> set[str]:
    """Every file the job read: content, layouts, the profile, images, fonts. A layout or
    profile that came from the package is recorded with the project's path it would have
    there too (absent, so hashed as ''): adding a project's own copy later rebuilds."""
    from .layouts import find_layout
    from .measure import FACES, FONT_DIR
    from .profiles import profile_path

    files = set(game_plan.game.files)
    _game, layouts, _ = load(root, game_plan.game.id)
    for name in layouts.files if layouts else ():
        files.add(name)
        found = find_layout(Path(name).parent, Path(name).name)
        if found is not None:
            files.add(str(found))
    layout_dir = Path(root) / "layouts"
    files.add(str(layout_dir / "profiles" / f"{game_plan.profile.name}.yaml"))
    found_profile = profile_path(layout_dir, game_plan.profile.name)
    if found_profile is not None:
        files.add(str(found_profile))
    files |= {str(FONT_DIR / f[1]) for f in FACES.values()}
    files |= game_plan.images
    return files


def run(task: Task) -> Result:
    """Check (from the print plans) and, when nothing is wrong, draw every part of one job."""
    printed, problems = prints(task.root, task.game, task.profile, task.papers, task.options)
    result = Result(task, sorted(set(problems)))
    if result.problems or not printed:
        return result
    drawn: list[Problem] = []
    for print_plan in printed:
        result.files.extend(draw(print_plan, drawn))
    if drawn:  # the plan missed it; the render caught it: nothing of this job is written
        result.problems = sorted(set(drawn))
        result.files = []
        return result
    result.inputs = inputs_of(task.root, printed[0].game_plan)
    return result


def draw(print_plan: PrintPlan, problems: list[Problem] | None = None) -> list[Rendered]:
    """Every part on one paper; what goes wrong while drawing (a block no page can hold)
    goes to ``problems``, and that part is left out."""
    from reportlab.platypus.doctemplate import LayoutError

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
    from .booklet import impose_booklet
    from .render.parts import meta_for, render_card_part, render_rules

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


def worker_init() -> None:
    """Workers die with their parent (Linux), and leave Ctrl-C to it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except OSError:  # pragma: no cover - no glibc
            pass
    if os.getppid() == 1:  # the parent is already gone
        os._exit(1)


def meta_entry(task: Task, rendered: Rendered, sha: str) -> dict[str, Any]:
    cut = rendered.part in ("cards", "sheets")
    imposition = {"rules": "pages", "rules-booklet": "saddle-stitch"}.get(
        rendered.part, task.options.imposition
    )
    return {
        "path": f"{task.game}/{task.profile}-{rendered.paper}/{rendered.part}.pdf",
        "game": task.game,
        "profile": task.profile,
        "paper": rendered.paper,
        "part": rendered.part,
        "pages": rendered.pages,
        "imposition": imposition,
        "bleed": task.options.bleed if cut else 0.0,
        "sha256": sha,
        "components": rendered.components,
    }
