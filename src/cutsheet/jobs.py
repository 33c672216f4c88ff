"""One job: a game under one profile on one paper, its game loaded and each (game, profile)
planned once a process whatever the papers drawn; the plan's problems and the game's rulebook
checks are the job's, and a job with problems draws nothing."""

from __future__ import annotations

import copy
import functools
import gc
import os
import re
import signal
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import startup
from .cache import hash_ahead, hashes_of
from .collector import plans_unwalked
from .content_files import content_files
from .diagnostics import ContentError, Loc, Problem, has_errors
from .spread import draw_parts
from .targets import Rendered

if TYPE_CHECKING:
    from .fingerprint import Fingerprints
    from .impose.print_plan import PrintOptions, PrintPlan
    from .layouts import Layouts
    from .model import Game
    from .output import ManifestEntry
    from .partcache import Keeper
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
    # the parts to draw: any other is kept when its input is unchanged, else left as it is
    # for a later build (watch draws the edited kit's cards first); not in the cache key
    parts: tuple[str, ...] = PARTS

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
    out: str = ""  # where the last build's files are: a part whose input is unchanged is kept


@dataclass
class Result:
    task: Task
    problems: list[Problem] = field(default_factory=list)
    files: list[Rendered] = field(default_factory=list)
    inputs: set[str] = field(default_factory=set)
    read: dict[str, str] = field(default_factory=dict)  # their hashes before they were read
    partial: bool = False  # a part was left undrawn (``Options.parts``): no cache entry


# ------------------------------------------------------------------ per-process memo
@dataclass
class Memo:
    """What this process has loaded and planned: each game once, each (game, profile) once,
    whatever the number of papers drawn from it; ``loads`` and ``plans`` count the work."""

    loaded: dict[tuple[str, str], tuple[Game | None, Layouts | None, list[Problem]]] = field(
        default_factory=dict
    )
    planned: dict[tuple[str, str, str, str], tuple[GamePlan | None, list[Problem]]] = field(
        default_factory=dict
    )  # (root, game, profile, imposition)
    imposed: dict[tuple[object, ...], tuple[list[PrintPlan], list[Problem]]] = field(
        default_factory=dict
    )  # (root, game, profile, papers, print options) -> the prints and their problems
    digests: dict[tuple[str, str, str], Fingerprints] = field(
        default_factory=dict
    )  # (root, game, profile) -> the fingerprints of its parts' inputs, read once
    loads: Counter[str] = field(default_factory=Counter)  # game -> times loaded
    plans: Counter[tuple[str, str]] = field(default_factory=Counter)  # (game, profile)


_memo = Memo()


def memo() -> Memo:
    """This process's memo (a build in this process starts a new one with ``forget``)."""
    return _memo


def forget() -> None:
    """Start afresh (a new build in the same process may follow edits)."""
    global _memo
    _memo = Memo()
    scales.cache_clear()
    content_bytes.cache_clear()


def load(root: str, game_id: str) -> tuple[Game | None, Layouts | None, list[Problem]]:
    """The game, its layouts and its rulebook checks' problems; once per process."""
    key, done = (root, game_id), _memo.loaded
    if key not in done:
        from .checks import run_checks
        from .content import load_game
        from .layouts import load_layouts

        _memo.loads[game_id] += 1
        hash_ahead(root, game_id)  # before anything is read: what the cache records
        project = Path(root)
        try:
            game = load_game(project / "content" / game_id, project=project)
            where = game.game_src.loc(("layouts",))
            layouts = load_layouts(project / "layouts", game.spec.layouts, loc=where)
            done[key] = (game, layouts, run_checks(game))
        except ContentError as exc:
            said = list(exc.problems)
            if not has_errors(said):  # warnings alone would build nothing, unsaid: a bug
                why = "not loaded, though only warnings were found: please report it"
                said.append(Problem(Loc(str(project / "content" / game_id)), why))
            done[key] = (None, None, said)
    return done[key]


def layout_warnings(root: str, game_id: str) -> list[Problem]:
    """The warnings of the game's layouts (a project paper that replaces one of cutsheet's
    own): said by every check and build, never stopping one."""
    _game, layouts, _problems = load(root, game_id)
    return list(layouts.warnings) if layouts is not None else []


def plan(
    root: str, game_id: str, profile_name: str, imposition: str = "duplex"
) -> tuple[GamePlan | None, list[Problem]]:
    """The game's plan under one profile and every problem found so far; once per process.
    ``imposition``: how cards.pdf is printed, which the rules' texts may say
    (``imposition`` in their templates): a build plans for one."""
    key, done = (root, game_id, profile_name, imposition), _memo.planned
    if key not in done:
        from .checks import run_profile_checks
        from .plan import plan_game
        from .profiles import load_profile
        from .text import kept as kept_templates

        game, layouts, problems = load(root, game_id)
        if game is None or layouts is None:
            done[key] = (None, problems)
            return done[key]
        try:
            profile = load_profile(Path(root) / "layouts", profile_name, layouts.sizes)
        except ContentError as exc:
            done[key] = (None, problems + list(exc.problems))
            return done[key]
        _memo.plans[(game_id, profile_name)] += 1
        with plans_unwalked():
            game_plan, found = plan_game(game, layouts, profile, imposition)
        found += run_profile_checks(game, profile_name)  # the game's own, of this profile
        kept_templates.save()  # what planning compiled, for the next run (``text.kept``)
        done[key] = (game_plan, problems + found)
    return done[key]


def prints(
    root: str, game_id: str, profile_name: str, papers: tuple[str, ...], options: Options
) -> tuple[list[PrintPlan], list[Problem]]:
    """The game's plan under one profile imposed on each of ``papers``, and every problem of
    the plan and of imposing it: what ``check`` reports and what a build must not draw.
    Once per process for the same papers and options (a build that resumes one asks again)."""
    key = (root, game_id, profile_name, papers, options.printing)
    if key not in _memo.imposed:
        _memo.imposed[key] = _prints(root, game_id, profile_name, papers, options)
    printed, problems = _memo.imposed[key]
    return list(printed), list(problems)


def _prints(
    root: str, game_id: str, profile_name: str, papers: tuple[str, ...], options: Options
) -> tuple[list[PrintPlan], list[Problem]]:
    from .impose.print_plan import plan_prints
    from .papers import Paper, declared_in, find_paper

    game_plan, problems = plan(root, game_id, profile_name, options.imposition)
    if game_plan is None or has_errors(problems):  # a plan with errors is never drawn
        return [], problems
    _game, layouts, _ = load(root, game_id)
    where = game_plan.game.game_src.loc(("layouts",))
    known_papers = layouts.papers if layouts else {}
    found = [find_paper(known_papers, name, where) for name in papers]
    unknown = [p for p in found if isinstance(p, Problem)]
    if unknown:  # said again with where another layout file declares it, if one does
        elsewhere = declared_in(Path(root) / "layouts")
        return [], [
            p
            for name in papers
            if isinstance(p := find_paper(known_papers, name, where, elsewhere), Problem)
        ]
    known = [p for p in found if isinstance(p, Paper)]
    printed, imposing = plan_prints(game_plan, known, options.printing)
    return printed, [*problems, *imposing]  # the plan's warnings with what imposing found


def inputs_of(root: str, game_plan: GamePlan) -> set[str]:
    """Every file the job read: content, layouts, the profile, images, fonts (the package's
    and the project's) and the project's icons. A layout or
    profile that came from the package is recorded with the project's path it would have
    there too (absent, so hashed as ''): adding a project's own copy later rebuilds."""
    from .font_files import font_files
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
    # the project's own fonts and icons: drawing reads them by name, never through the plan
    files |= {str(p) for p in font_files(Path(root) / "fonts").values()}
    files |= set(layouts.icons.values()) if layouts else set()
    # an icon file that cannot be drawn is said (an error, or a warning where no face draws
    # it): mended, the job is planned again and says no more of it. One that is no file (a
    # FIFO, a folder) has no hash, and would keep the job from ever being kept: the cache
    # key's listing of icons/ marks it instead (``cache.icon_listing``)
    broken = [file for file, _problem in layouts.broken_icons.values()] if layouts else []
    files |= {file for file in broken if os.path.isfile(file) or not os.path.exists(file)}
    return files


def run(task: Task) -> Result:
    """Check (from the print plans) and, when nothing is wrong, draw every part of one job
    that its last build did not already draw from the same input (``partcache``)."""
    printed, problems = prints(task.root, task.game, task.profile, task.papers, task.options)
    result = Result(task, sorted(set(problems)))
    if has_errors(result.problems) or not printed:  # its warnings are said, and it is drawn
        return result
    drawn: list[Problem] = []
    inputs = inputs_of(task.root, printed[0].game_plan)
    keep = keeper(task, printed[0].game_plan, inputs)
    from .render.face_copies import between_papers

    with between_papers(len(printed)):
        drawn_parts = draw_parts(printed, drawn, keep, task.options.parts)
    for print_plan, files in drawn_parts:
        result.partial |= len(files) < len(print_plan.parts) + len(print_plan.documents)
        result.files.extend(files)
    if keep.changed_while_drawn():  # kept by no cache: drawn again next time
        result.partial, result.files = True, keep.undigested(result.files)
    if drawn:  # the plan missed it; the render caught it: nothing of this job is written
        result.problems = sorted(set(drawn))
        result.files = []
        return result
    result.inputs, result.read = inputs, hashes_of(task.root, inputs)
    return result


def keeper(task: Task, game_plan: GamePlan, inputs: set[str]) -> Keeper:
    """The job's part digests and kept parts: drawing reads besides a part's input every file
    the job read but the game's content (in the plan) and images (in the digests of the parts
    that show them), and the project's fonts and icons, by name and path."""
    from .font_files import font_files
    from .partcache import Keeper, environment, fingerprints

    _game, layouts, _ = load(task.root, task.game)
    files = inputs - set(game_plan.game.files) - game_plan.images
    files |= {str(p) for p in font_files(Path(task.root) / "fonts").values()}
    icons = set(layouts.icons.values()) if layouts else set()
    svg = any(i.lower().endswith(".svg") for i in icons)
    env = environment(files | icons, svg=svg, pikepdf=not game_plan.profile.tagged)
    read = _memo.digests.setdefault((task.root, task.game, task.profile), fingerprints())
    drawn = tuple(sorted(game_plan.images | icons))  # read again by path as they are drawn
    return Keeper(task.root, task.out, task.game, task.profile, task.options, env, read, drawn)


WARM = (
    "cutsheet.content",
    "cutsheet.checks",
    "cutsheet.games",  # what every game's own checks import (each is imported with its game)
    "cutsheet.licences",
    "cutsheet.plan",
    "cutsheet.plan.pages",
    "cutsheet.plan.page_widths",
    "cutsheet.printed",
    "cutsheet.validation",
    "cutsheet.impose.print_plan",
    "cutsheet.render.parts",
    "cutsheet.targets.pdf",
    "cutsheet.partcache",
    "cutsheet.fingerprint",  # not cutsheet.booklet: pikepdf imposes an untagged booklet only
    "jinja2.meta",
    "encodings.unicode_escape",
)
"""What a job imports, some of it only when it first needs it: imported by ``warm``."""

FORKED = ("ctypes",)  # worker_init: a worker dies with its parent (Linux)
"""What ``warm`` imports only before workers fork."""


_frozen: list[bool] = []

UNUSED_PATTERNS = (
    "(^(?:[a-z0-9\\.\\-\\+]*)://)",  # reportlab.platypus.paragraph.uri_pat: URLs split
    "([\u2e80-\uffff])",  # reportlab.lib.textsplit.rx: its cjkwrap
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff",  # yaml.reader: PyYAML's own reader's check
    "\n    ^\n    (\n        (https?://|www\\.)",  # jinja2.utils._http_re: the urlize filter
)
"""How the regular expressions begin that libraries compile as they are imported and
cutsheet seldom or never uses: ReportLab splits URLs only with ``uriWasteReduce`` (0 here)
and wraps CJK text elsewhere; PyYAML's own reader runs only on a file libyaml refuses; a
template may call ``urlize``, rarely. A pattern that is used is compiled then, and behaves
as it would have."""


class DeferredPattern:
    """A regular expression compiled (by ``compile_``) when it is first used."""

    def __init__(self, pattern: str, flags: int, compile_: Any = re.compile) -> None:
        self.pattern, self.flags, self._compile = pattern, flags, compile_
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = self._compile(self.pattern, self.flags)
        return getattr(self._compiled, name)


@contextmanager
def unused_patterns_deferred() -> Iterator[None]:
    """While it lasts, a pattern of ``UNUSED_PATTERNS`` compiles only when it is first used
    (compiling those, classes over most of Unicode, is some 70 ms of every start); any other
    compiles as usual. For the libraries' imports, once a process, before anything forks."""
    compile_ = re.compile

    def deferring(pattern: Any, flags: int = 0) -> Any:
        if isinstance(pattern, str) and pattern.startswith(UNUSED_PATTERNS):
            return DeferredPattern(pattern, flags, compile_)
        return compile_(pattern, flags)

    re.compile = deferring  # type: ignore[assignment]
    try:
        yield
    finally:
        re.compile = compile_


def font_problems() -> list[Problem]:
    """The packaged fonts' problems (``measure.font_problems``: it registers them), with
    ReportLab imported as ``unused_patterns_deferred`` says."""
    with unused_patterns_deferred():
        from .measure import font_problems as problems

    return problems()


def warm(forks: bool = False) -> None:
    """Import what every job uses (``WARM``) and register the fonts, then, the first time in
    a process, move everything start-up made out of the garbage collector's sight
    (``gc.freeze``): workers forked after this share it warm instead of importing it again,
    and no collection walks it again. Only once: what a later build in the same process
    (``watch``) leaves behind is garbage to collect, not to keep. The collector runs from
    here on: the command line pauses it for start-up (``entry``), whose imports make next to
    no garbage. A game's own rulebook checks (``games/<game>.py``) are imported when the game
    is loaded, by the worker that runs its first job: a build of one game imports no other's.

    What only a worker uses (``FORKED``: ctypes, for its link to its parent) and Pillow's
    format plugins (``Image.preinit``: the symbols' spacer image, a game's pictures; Pillow
    itself comes with ReportLab) are loaded here only when workers are about to be forked
    (``forks``), so that each does not load them again; a build in this one process loads
    the plugins when it first reads an image, if ever."""
    import importlib

    with unused_patterns_deferred():
        for name in WARM + (FORKED if forks else ()):
            importlib.import_module(name)
        if forks:
            from PIL import Image

            Image.preinit()
    font_problems()  # registers the fonts (a damaged one was reported before any job)
    startup.finish()  # start-up's imports are done: what they compiled is kept for the next
    if not _frozen:
        gc.freeze()
        _frozen.append(True)
    gc.enable()


SCALED = 1.5
"""A profile that scales the faces (fitting each face again) costs this much more."""


def cost(task: Task) -> float:
    """A guess of a job's work, to start the longest first, made without loading the game
    (a worker loads what it runs, in parallel with the others): the bytes of the game's
    content files (its items and rules), ``SCALED`` times more for a profile that scales the
    faces, for the plan and for each paper drawn. A game that cannot be loaded or a profile
    that does not load is a short job that says why (and guessing long does no harm)."""
    size = content_bytes(task.root, task.game)
    return size * (SCALED if scales(task.root, task.profile) else 1.0) * (1 + len(task.papers))


@functools.lru_cache(maxsize=64)
def scales(root: str, profile: str) -> bool:
    """Whether a profile scales the faces (read once a build: every game's jobs ask)."""
    from .profiles import load_profile

    try:
        return load_profile(Path(root) / "layouts", profile).faces == "scale"
    except ContentError:
        return False


@functools.lru_cache(maxsize=256)
def content_bytes(root: str, game: str) -> int:
    """The bytes of the content files in a game's folder and below (``content_files``)."""
    folder = Path(root) / "content" / game
    total = 0
    for rel in content_files(folder):
        try:
            total += os.lstat(folder / rel).st_size
        except OSError:
            continue
    return total


ELSEWHERE = 1.2
"""What a job of a game another worker has loaded costs, against its cost where the game is
loaded: the game loaded and its text measured again. Measured: Bid & Build's standard job,
0.68 CPU-s alone against 0.57 after its large print; Common Reserve's large print, 0.29
against 0.25."""


class Schedule:
    """Which job a free worker takes next: the longest first (``cost``, guessed without
    loading a game), but a worker that has run a job of a game takes that game's other jobs
    first (it holds what the profiles share), and a job of a game another worker started
    counts ``ELSEWHERE`` times its cost (loading the game and measuring its text again).
    (Preferring a game no worker had started left a long job of a started one for last, a
    core idle at the end: 0.4 s of a 3.2 s build; taking the longest job alone, without the
    first preference, sent Bid & Build's standard job to the other worker: 6.8 % slower
    over 12 paired builds.) Which worker runs which job depends on which finishes first;
    what a job makes never does."""

    def __init__(self, todo: list[Task]) -> None:
        costs = [cost(task) for task in todo]
        order = sorted(range(len(todo)), key=lambda i: -costs[i])  # ties: the given order
        self.left = [todo[i] for i in order]
        self.costs = {task: costs[i] for i, task in enumerate(todo)}
        self.started: set[str] = set()  # games some worker has taken a job of

    def __len__(self) -> int:
        return len(self.left)

    def preload(self, workers: int) -> None:
        """Load each game that has two jobs or more among the first ``workers`` handed out:
        they start side by side, and a game loaded before the workers fork is loaded (and
        held in memory) once for them all. Any other game is loaded by the worker that runs
        it, in parallel with the others. A game that cannot be loaded is left to its job,
        which reports why."""
        trial = copy.copy(self)
        trial.left, trial.started = list(self.left), set(self.started)
        first = [t for t in (trial.take(set()) for _ in range(workers)) if t is not None]
        for task in first:
            if sum(1 for t in first if t.game == task.game) > 1:
                try:
                    load(task.root, task.game)  # once a process
                except Exception:  # the job meets it again, in a worker, and reports it
                    continue

    def _worth(self, task: Task) -> float:
        """A job's cost, divided by ``ELSEWHERE`` when another worker has its game."""
        return self.costs[task] / (ELSEWHERE if task.game in self.started else 1.0)

    def take(self, loaded: set[str]) -> Task | None:
        """The next job for a worker that has run jobs of the games ``loaded``; None when
        no job is left."""
        if not self.left:
            return None
        task = next((t for t in self.left if t.game in loaded), None)
        if task is None:  # the longest, a started game's counted as ``ELSEWHERE`` (ties: first)
            task = max(self.left, key=self._worth)
        self.started.add(task.game)
        self.left.remove(task)
        return task


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


def reap_workers() -> None:
    """Wait for the workers to end: a pool shut down without waiting (so that its workers
    end while the parent commits) no longer joins them itself."""
    import multiprocessing

    for process in multiprocessing.active_children():
        process.join()


def meta_entry(task: Task, rendered: Rendered, sha: str) -> ManifestEntry:
    """The manifest's entry for one file a job rendered."""
    from .output import ManifestEntry

    cut = rendered.part in ("cards", "sheets")
    imposition = {"rules": "pages", "rules-booklet": "saddle-stitch"}.get(
        rendered.part, task.options.imposition
    )
    return ManifestEntry(
        path=f"{task.game}/{task.profile}-{rendered.paper}/{rendered.part}.pdf",
        game=task.game,
        profile=task.profile,
        paper=rendered.paper,
        part=rendered.part,
        pages=rendered.pages,
        imposition=imposition,
        bleed=task.options.bleed if cut else 0.0,
        sha256=sha,
        components=rendered.components,
        cut_guides=task.options.cut_guides if cut else None,
        back_offset=task.options.back_offset if cut else None,
    )
