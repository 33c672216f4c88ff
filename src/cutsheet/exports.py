"""``cutsheet export``: a game's cards as PNGs, Tabletop Simulator decks, print-on-demand PDFs
or a contact sheet, each an output target drawn from the print plan that ``check`` and
``build`` make. Incremental like a build (the same cache, keyed on the files the game read
and the export's options), written into ``<out>/<game>/export/<to>/`` (``<to>-<profile>``
beside it for a profile other than standard) only when the whole export of that game
rendered, its changed files, cache entry, removals and manifest entries switched in as one
commit (``commit.commit_game``, as a build's game); recorded in ``<out>/manifest.json`` with
``kind: export``."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from . import jobs as runner
from .build import Progress, Project, job_licences, stderr_progress
from .cache import (
    Entry,
    cache_file,
    file_hash,
    icon_listing,
    options_key,
    read_entry,
    record,
    replayed,
    still_valid,
    warning_records,
)
from .commit import commit_game, recover
from .confine import in_the_way
from .content_files import content_listing
from .diagnostics import ContentError, Loc, Problem, Report, did_you_mean, excerpt, has_errors
from .impose.print_plan import PAPER_TOO_SMALL, PrintPlan
from .licences import licence_names
from .model import Game
from .output import (
    ManifestEntry,
    clean_temps,
    exported_under,
    locked,
    unreadable_manifest,
    write_manifest,
)
from .papers import Paper
from .targets import EXPORTS, ExportSettings, Rendered, exporter

DPI_RANGE = (72, 1200)
ORDERS = ("front-back", "back-front")
CONTACT_PAPER = "a4"  # the paper the print plan (and the contact sheet) is made on
BLEED_TARGETS = ("png", "pod")  # the targets that draw art past the trim (--bleed)
DPI_TARGETS = ("png", "tts")  # the targets of images (--dpi)


@dataclass(frozen=True)
class ExportOptions:
    """One export: the target, the profiles, and what changes its files."""

    to: str
    profiles: tuple[str, ...] = ("standard",)
    bleed: float = 0.0
    dpi: int = 300
    order: str = "front-back"
    url_base: str = ""  # tts: the address its images will have (default: the export folder's)

    @property
    def used_bleed(self) -> float:
        """The bleed the target draws: none for those that draw no art past the trim (a TTS
        sheet, a contact sheet), whatever was asked (the command says it is not used)."""
        return self.bleed if self.to in BLEED_TARGETS else 0.0

    def cache_key(self) -> str:
        base = f"|{self.url_base}" if self.to == "tts" and self.url_base else ""
        return f"export|{self.to}|{self.used_bleed!r}|{self.dpi}|{self.order}{base}"

    def images_at(self, where: Path) -> str:
        """The address a TTS saved object names its images under, ending with a slash: the
        one given (``url_base``), or the export folder's own (a file:/// address, which only
        this computer reads)."""
        if not self.url_base:
            return where.resolve().as_uri() + "/"
        return self.url_base if self.url_base.endswith("/") else self.url_base + "/"

    def refusal(self) -> str | None:
        """What is wrong with these options, in one line (None: nothing)."""
        if self.to not in EXPORTS:
            known = ", ".join(EXPORTS)
            return f"unknown export target {excerpt(self.to)} (known: {known})" + did_you_mean(
                self.to, EXPORTS
            )
        low, high = DPI_RANGE
        if not low <= self.dpi <= high:
            return f"a resolution is {low} to {high} dpi, got {self.dpi}"
        if self.to == "tts" and (mistake := url_base_mistake(self.url_base)) is not None:
            return mistake  # (another target does not use it: the command says so)
        if self.order not in ORDERS:
            known = ", ".join(ORDERS)
            return f"unknown page order {excerpt(self.order)} (known: {known})" + did_you_mean(
                self.order, ORDERS
            )
        return None


def url_base_mistake(url: str) -> str | None:
    """What is wrong with a ``--url-base`` (None: nothing, or none given)."""
    if not url or url_base_ok(url):
        return None
    return (
        "a --url-base is the address of a folder: https://, http:// (with a host) or"
        f" file:///, without spaces, quotes, a query (?) or a fragment (#), got {excerpt(url)}"
    )


def url_base_ok(url: str) -> bool:
    """Whether ``url`` can name a folder the TTS images are in: a web address with a host
    (and a port, if any, that is one), or a file address (``file:///path``, or a share's
    ``file://host/path``); nothing after a ``?`` or ``#``, no space, quote, backslash or
    control character, no ``%`` that is not an escape."""
    if re.search(r"[\x00-\x20\x7f\"'<>\\?#]|%(?![0-9A-Fa-f]{2})", url):
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises for a port that is not one
    except ValueError:  # an IPv6 host left open, a port out of range
        return False
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        return bool(parts.hostname)
    return url.lower().startswith("file://") and parts.path.startswith("/")


def folder(out: Path, game: str, profile: str, to: str) -> Path:
    """Where an export of ``game`` under ``profile`` goes."""
    name = to if profile == "standard" else f"{to}-{profile}"
    return out / game / "export" / name


def _cache(out: Path, game: str, profile: str, to: str) -> Path:
    return cache_file(out, game, profile, f"export-{to}")


def _render(
    root: str, game: str, profile: str, options: ExportOptions, where: Path, progress: Progress
) -> tuple[list[Rendered], list[Problem], set[str]]:
    """The export's files of one game under one profile, from its print plan; the problems
    that keep it from being written; the files it read."""
    # checked as a build on the paper checks it (its default options), and drawn with the
    # export's bleed: a png or pod file is one card and its bleed, no sheet with crop marks
    # to fit it on (a 5 mm bleed fitted no large-print board on A4: every card refused)
    prints, problems = _printed(root, game, profile)
    if has_errors(problems) or not prints:  # a plan's warnings are said, and it is drawn
        return [], problems, set()
    plan = replace(prints[0], options=replace(prints[0].options, bleed=options.used_bleed))
    settings = ExportSettings(
        dpi=options.dpi,
        order=options.order,  # type: ignore[arg-type]
        url_base=options.images_at(where),
        progress=progress,
    )
    files = exporter(options.to, settings).render(plan, problems)
    if not files:
        loc = plan.game_plan.game.game_src.loc(("components",))
        return [], [Problem(loc, f"{game}: no cards to export (no component prints a card)")], set()
    clashes = same_names(files, plan.game_plan.game, options.to)
    if clashes:
        return [], problems + clashes, set()
    return files, problems, runner.inputs_of(root, plan.game_plan)


def _printed(root: str, game: str, profile: str) -> tuple[list[PrintPlan], list[Problem]]:
    """The game's print plan on ``CONTACT_PAPER``; where a piece is bigger than that paper
    holds, on the first paper of ``_larger_papers`` that holds every piece (an export's PNG,
    deck or print-on-demand file has no paper: only its contact sheet is laid out on it).
    The first paper's problems where none holds them all."""
    printing = runner.Options(profiles=(profile,))
    first = runner.prints(root, game, profile, (CONTACT_PAPER,), printing)
    if not any(p.code == PAPER_TOO_SMALL for p in first[1] if p.severity == "error"):
        return first
    larger = _larger_papers(root, game)
    for paper in larger:
        found = runner.prints(root, game, profile, (paper.name,), printing)
        if not any(p.code == PAPER_TOO_SMALL for p in found[1]):
            return found
    tried = ", ".join(p.title for p in [_paper(root, game, CONTACT_PAPER), *larger])
    said = (
        f"; no paper it knows holds it ({tried}): name one that does under the layouts'"
        " papers:, and export lays it out there"
    )
    problems = [
        replace(p, message=p.message + said) if p.code == PAPER_TOO_SMALL else p for p in first[1]
    ]
    return first[0], problems


def _larger_papers(root: str, game: str) -> list[Paper]:
    """The papers the game knows (cutsheet's and its layouts' own) larger than
    ``CONTACT_PAPER``, smallest first, where papers of about one size (their areas the same
    whole number of A4s: A3 and Tabloid, 2) come in A4's shape first, as a print shop that
    printed the A4 sheets has them. By area alone Tabloid, a few square centimetres smaller,
    came before A3; by shape alone a designer's A2 came before Tabloid, half its size."""
    papers = _papers(root, game)
    base = papers[CONTACT_PAPER].size
    area = base[0] * base[1]
    larger = [p for p in papers.values() if p.size[0] * p.size[1] > area]
    return sorted(
        larger,
        key=lambda p: (
            round(p.size[0] * p.size[1] / area),
            _shape(p.size) != _shape(base),
            p.size[0] * p.size[1],
            p.name,
        ),
    )


def _shape(size: tuple[float, float]) -> float:
    """A paper's long side over its short side, to a hundredth: √2 for the ISO A sizes."""
    return round(max(size) / min(size), 2)


def _paper(root: str, game: str, name: str) -> Paper:
    return _papers(root, game)[name]


def _papers(root: str, game: str) -> dict[str, Paper]:
    """Every paper the game knows by name: cutsheet's, and its layouts' own over them."""
    from .layouts import packaged_papers

    _game, layouts, _problems = runner.load(root, game)
    return {**packaged_papers(), **(layouts.papers if layouts is not None else {})}


def same_names(files: list[Rendered], game: Game, to: str) -> list[Problem]:
    """Two files of one export that would have the same name (a letter's case aside: not
    every disk tells ``BACK.png`` from ``back.png``), one written over the other: the tts
    export names a deck's sheet after its component and its back ``<deck>-back.png``, so a
    component ``deliveries-back`` beside ``deliveries`` lost one image. An error at the
    later file's component, naming both."""
    first: dict[str, Rendered] = {}
    problems = []
    ids = [c.id for c in game.components]
    for f in files:
        taken = first.setdefault(f.name.casefold(), f)
        if taken is f:
            continue
        index = ids.index(f.part) if f.part in ids else None
        loc = game.game_src.loc(("components",) if index is None else ("components", index, "id"))
        whose = "it" if taken.part == f.part else f"component '{taken.part}'"
        problems.append(
            Problem(
                loc,
                f"the {to} export of component '{f.part}' and {whose} would both write"
                f" {excerpt(f.name)}, one over the other; rename a component (or an item) so"
                " that their files differ",
            )
        )
    return problems


def _entry(
    out: Path, where: Path, game: str, profile: str, options: ExportOptions, f: Rendered
) -> dict[str, Any]:
    return ManifestEntry(
        path=str((where / f.name).relative_to(out)),
        kind="export",
        target=options.to,
        game=game,
        profile=profile,
        paper=f.paper,  # the contact sheet's; '' for images and card-sized pages
        part=f.part,
        pages=f.pages,
        bleed=options.used_bleed,
        dpi=f.dpi or (options.dpi if f.name.endswith(".png") else None),  # a TTS sheet's own
        sha256=hashlib.sha256(f.data).hexdigest(),
        components=f.components,
    ).to_json()


def _commit(
    out: Path,
    where: Path,
    files: list[Rendered],
    entries: list[dict[str, Any]],
    old: Entry | None,
    cached: tuple[Path, bytes] | None,
) -> None:
    """Switch in every file that changed (an unchanged image keeps its date, so a folder
    synced to a host uploads only what changed), the export's cache entry (``cached``) and
    the manifest with its entries, and the removal of what the last export wrote that this
    one did not (a card since removed; never anything else), as one commit
    (``commit.commit_game``: a stopped export leaves its old files or its new ones, and the
    next build or export finishes a commit it stopped in)."""
    rel = where.relative_to(out).as_posix()
    changed = [
        (f"{rel}/{f.name}", f.data)
        for f, e in zip(files, entries, strict=True)
        if file_hash.__wrapped__(str(where / f.name)) != e["sha256"]
    ]
    if cached is not None:
        changed.append((cached[0].relative_to(out).as_posix(), cached[1]))
    kept = {e["path"] for e in entries}
    last = [e["path"] for e in (old.outputs if old else [])]  # its cache entry's, or
    last += exported_under(out, f"{rel}/")  # the manifest's (a cache lost, or never kept)
    gone = tuple(sorted({p for p in last if p not in kept and (out / p).parent == where}))
    # this export lists every file of its folder: an entry it does not list is gone
    commit_game(out, f"export-{rel.replace('/', '~')}", changed, entries, (f"{rel}/",), gone)


def _font_warnings(root: str, game: str, profile: str) -> list[Problem]:
    """What a build of the game under ``profile`` warns about its fonts (a project font with
    no licence file beside it), said by its export in the same words. An export copies no
    licence file, so one that cannot be copied is the build's error, not the export's."""
    _licences, problems = job_licences(root, game, profile)
    return [p for p in problems if p.severity == "warning"]


def _export_one(
    root: str, out: Path, game: str, profile: str, options: ExportOptions, progress: Progress
) -> tuple[list[dict[str, Any]], list[Problem]]:
    """One game under one profile: kept when nothing changed, else rendered and written."""
    where = folder(out, game, profile, options.to)
    key = (  # the licence files too: an export says the build's font-licence warning
        options_key(options, "export", Path(root))
        + f"|{profile}|icons={icon_listing(Path(root))}"
        + f"|licences={'/'.join(licence_names(Path(root)))}"
        + f"|content={content_listing(root, game)}"
    )
    if options.to == "tts":  # the saved object names its images there: a folder moved
        key += f"|at={options.images_at(where)}"  # (or --out elsewhere) writes it again
    cached = _cache(out, game, profile, options.to)
    old = read_entry(cached)
    mine = where.relative_to(out).as_posix() + "/"
    expected = {o["path"] for o in old.outputs if o["path"].startswith(mine)} if old else set()
    if old is not None and still_valid(old, key, Path(root), out, expected):
        progress(f"{game} {profile} {options.to}: unchanged")
        return old.outputs, replayed(old)  # what the export that wrote them said
    started = time.monotonic()
    files, problems, inputs = _render(root, game, profile, options, where, progress)
    warnings = runner.layout_warnings(root, game)  # said as check and build say them
    if has_errors(problems):
        progress(f"{game} {profile} {options.to}: FAILED")
        return [], problems + warnings
    warnings += problems + _font_warnings(root, game, profile)  # as a build that drew says
    entries = [_entry(out, where, game, profile, options, f) for f in files]
    recorded = record(Path(root), inputs)
    warned = warning_records(warnings)
    # not cached: a job that read a file from elsewhere, or said more warnings than kept
    entry = None
    if recorded is not None and warned is not None:
        entry = (cached, Entry(key, recorded, entries, warned).to_json())
    else:
        cached.unlink(missing_ok=True)  # an older entry would keep files this one replaced
    _commit(out, where, files, entries, old, entry)
    took = time.monotonic() - started
    progress(
        f"{game} {profile} {options.to}: {len(files)} file{'' if len(files) == 1 else 's'} ({took:.1f} s)"
    )
    return entries, warnings


def export(
    project: Project,
    games: Sequence[str],
    options: ExportOptions,
    out: Path,
    progress: Progress = stderr_progress,
) -> tuple[list[dict[str, Any]], Report]:
    """Export every game under every profile of ``options``; returns the manifest entries
    written or kept, and the report. A game with problems writes nothing and keeps the
    files of its last good export."""
    report = Report()
    refusal = options.refusal()
    if refusal:
        report.error(Loc(str(project.root)), refusal)
        return [], report
    runner.forget()
    file_hash.cache_clear()
    root = str(project.root)
    entries: list[dict[str, Any]] = []
    try:
        with locked(out):
            for done in recover(out):  # a build or an export stopped mid-commit: finished first
                progress(done)
            clean_temps(
                [out, out / ".cache"]  # out: a manifest staged by a stopped export
                + [folder(out, g, p, options.to) for g in games for p in options.profiles]
            )
            report.extend(p for p in [unreadable_manifest(out)] if p is not None)
            for game in games:
                for profile in options.profiles:
                    found, problems = _export_one(root, out, game, profile, options, progress)
                    entries += found
                    report.extend(problems)
            if entries:
                write_manifest(out, entries)
    except ContentError as exc:
        report.extend(exc.problems)
        return [], report
    except OSError as exc:
        named = [f for f in (exc.filename2, exc.filename) if isinstance(f, str)]  # a rename's
        where = named[0] if named else str(out)  # destination is the file, its source staged
        blocked = in_the_way(out, Path(where))
        if blocked is not None:  # a file where a folder of the export goes: said there
            report.error(Loc(str(blocked[0])), f"cannot write the export: {blocked[1]}; remove it")
        else:
            report.error(Loc(str(out)), f"cannot write the export: {exc.strerror} ({where})")
        return [], report
    report.problems = sorted(set(report.problems))
    return entries, report


__all__ = ["DPI_RANGE", "ORDERS", "ExportOptions", "export", "folder"]
