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
        from .plan.fits import impose_problems
        from .plan.pages import page_problems
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
        found += impose_problems(game_plan)
        if not found:  # a plan with problems is never drawn: its pages need no measuring
            found += page_problems(game_plan)
        _planned[key] = (game_plan, problems + found)
    return _planned[key]


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
    """Check (from the plan) and, when nothing is wrong, draw every part of one job."""
    game_plan, problems = plan(task.root, task.game, task.profile)
    result = Result(task, sorted(set(problems)))
    if game_plan is None or result.problems:
        return result
    drawn: list[Problem] = []
    for paper in task.papers:
        result.files.extend(draw(game_plan, task, paper, drawn))
    if drawn:  # the plan missed it; the render caught it: nothing of this job is written
        result.problems = sorted(set(drawn))
        result.files = []
        return result
    result.inputs = inputs_of(task.root, game_plan)
    return result


def draw(
    game_plan: GamePlan, task: Task, paper: str, problems: list[Problem] | None = None
) -> list[Rendered]:
    """Every part on one paper; what goes wrong while drawing (a block no page can hold)
    goes to ``problems``, and that part is left out."""
    from reportlab.platypus.doctemplate import LayoutError

    problems = problems if problems is not None else []
    out: list[Rendered] = []
    try:
        _draw(game_plan, task, paper, out, problems)
    except LayoutError as exc:
        where = game_plan.rules.loc
        why = " ".join(str(exc).split())
        problems.append(Problem(where, f"rules: a block is taller than a page ({paper}): {why}"))
    return out


def _draw(
    game_plan: GamePlan, task: Task, paper: str, out: list[Rendered], problems: list[Problem]
) -> None:
    from .booklet import impose_booklet
    from .render.parts import meta_for, render_cards_like, render_rules

    game = game_plan.game
    for part in ("cards", "sheets"):
        drawn = render_cards_like(
            game_plan,
            part,
            paper,
            cut_guides=task.options.cut_guides,
            back_offset=task.options.back_offset,
            bleed=task.options.bleed,
            imposition=task.options.imposition,
        )
        if drawn is not None:
            problems.extend(drawn[2])
            counts = {c.id: c.printed for c in game.components if c.spec.part == part}
            out.append(Rendered(paper, part, drawn[0], drawn[1], counts))
    data, pages = render_rules(game_plan, paper)
    out.append(Rendered(paper, "rules", data, pages, {"rules": 1}))
    half, _ = render_rules(game_plan, paper, half=True)
    meta = meta_for(game, "rules-booklet", "short")
    booklet, sides = impose_booklet(
        half,
        paper,
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
