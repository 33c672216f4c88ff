"""PNG previews of single items and of built pages, rendered with pypdfium2."""

from __future__ import annotations

import glob
import io
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium

from .diagnostics import ContentError, Loc, Problem, display_path, has_errors
from .output import stage

if TYPE_CHECKING:
    from .model import Game
    from .plan.model import GamePlan, PageDoc, PrintedCard


def _drop_pages_past(out_stem: Path, count: int) -> None:
    """Remove ``<out_stem>-<n>.png`` for every ``n`` past ``count``: what a preview of a
    longer file left beside this one's pages."""
    page = re.compile(re.escape(out_stem.name) + r"-([0-9]+)\.png")
    for path in out_stem.parent.glob(f"{glob.escape(out_stem.name)}-*.png"):
        found = page.fullmatch(path.name)
        if found and int(found.group(1)) > count and path.is_file() and not path.is_symlink():
            path.unlink(missing_ok=True)


def pdf_to_pngs(
    pdf: bytes | Path, out_stem: Path, dpi: int, pages: list[int] | None = None
) -> list[Path]:
    """Render ``pages`` (1-based; all when None) of a PDF to ``<out_stem>-<n>.png``. A built
    file that cannot be read (emptied, cut short, overwritten) is a located error saying to
    build it again, not PDFium's exception."""
    try:
        doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    except pdfium.PdfiumError as exc:
        if not isinstance(pdf, Path):
            raise  # a PDF cutsheet drew in memory: a bug, not the user's file
        found = re.search(r"\(([^()]+)\)", str(exc))  # "… (PDFium: Data format error)."
        said = found.group(1) if found else str(exc)
        raise ContentError(
            [
                Problem(
                    Loc(display_path(pdf)), f"not a PDF that can be read ({said}); build it again"
                )
            ]
        ) from None
    written: list[Path] = []
    staged: list[Path] = []  # the temporary files drawn so far, one a page
    try:
        numbers = pages or list(range(1, len(doc) + 1))
        for n in numbers:
            if not 1 <= n <= len(doc):
                where = display_path(pdf) if isinstance(pdf, Path) else str(out_stem)
                raise ContentError([Problem(Loc(where), f"no page {n} (the file has {len(doc)})")])
            image = doc[n - 1].render(scale=dpi / 72).to_pil()
            path = out_stem.parent / f"{out_stem.name}-{n}.png"
            path.parent.mkdir(parents=True, exist_ok=True)  # an error names the folder
            png = io.BytesIO()
            image.save(png, format="PNG")
            staged.append(stage(path, png.getvalue()))  # beside it, as a build stages a PDF
            written.append(path)
        for tmp, path in zip(staged, written, strict=True):  # all drawn: now they replace
            os.replace(tmp, path)  # the last ones, never a half-written or mixed set
        staged = []
        if pages is None:  # the whole file: a longer one's last pages are not this one's
            _drop_pages_past(out_stem, len(doc))
    finally:
        doc.close()
        for tmp in staged:  # stopped (Ctrl-C, an error): the last good PNGs stay as they were
            tmp.unlink(missing_ok=True)
    return written


def variant(profile: str, paper: str | None = None, imposition: str = "duplex") -> str:
    """What a PNG's name adds for a profile, paper or imposition other than the defaults
    (standard, A4, duplex), so that a large-print preview does not overwrite the standard
    one: '-large-print-letter', '-gutterfold'."""
    shown = (profile, paper, imposition)
    return "".join(f"-{v}" for v in shown if v not in (None, "standard", "a4", "duplex"))


def preview_item(
    root: Path,
    game_id: str,
    item_id: str,
    profile_name: str,
    out: Path,
    dpi: int,
    part: str | None = None,
    paper: str = "a4",
    imposition: str = "duplex",
) -> list[Path]:
    """One item as PNGs, without building the whole game, from the same plan a build draws:
    a card's front (and back), or the pages of a full-page sheet on ``paper``, its text as a
    build with ``imposition`` writes it (a card's never reads it). ``part`` (cards, sheets)
    limits the search."""
    from . import jobs
    from .plan.model import PageDoc

    jobs.forget()
    prepared, problems = jobs.plan(str(root), game_id, profile_name, imposition)
    if prepared is None:
        raise ContentError(problems)
    # a game with errors is previewed too, where the item was planned: its text that does
    # not fit is drawn as it overflows, for the eye (the errors are said, and no build draws
    # it); an item the errors left unplanned says them
    failed = problems if has_errors(problems) else []
    parts = {k: v for k, v in prepared.parts.items() if part is None or k == part}
    known: set[str] = set()
    for name, entries in parts.items():
        for entry in entries:
            if isinstance(entry, PageDoc):
                known.add(entry.item)
                if entry.item == item_id:  # the sheet alone, as the sheets part prints it
                    data = _sheet_alone(root, prepared, name, entry, paper, imposition)
                    stem = f"{item_id}{variant(profile_name, paper, imposition)}"
                    return pdf_to_pngs(data, out / stem, dpi)
                continue
            for card in entry.cards:
                known.add(card.item)
                if card.item == item_id:
                    stem = f"{item_id}{variant(profile_name)}"
                    return _card_alone(card, prepared.game.spec.language, out / stem, dpi)
    ids = {i.id for c in prepared.game.components for i in c.items}
    elsewhere = _printed_elsewhere(prepared.game, item_id, profile_name)
    if elsewhere is not None:  # the game has it: not a mistyped id (said before the rest)
        raise ContentError([elsewhere, *failed])
    own = [p for p in failed if item_id in p.subject or item_id in p.message]
    if own:  # its own errors left it unplanned: they are what to mend
        raise ContentError(failed)
    planned = any(_holds(v, item_id) for v in prepared.parts.values())  # (in another part)
    if failed and item_id in ids and not planned:  # errors of its face or layout left it
        # unplanned (a walkthrough: "no card 'X' (known: … X …); did you mean 'X'?")
        raise ContentError([_unplanned(root, prepared.game, item_id), *failed])
    # an id the game does not have is said first, whatever else is wrong (a review: a
    # mistyped id was hidden behind another card's error)
    known |= ids if failed and part is None else set()
    missing = _not_found(root, game_id, item_id, part, known, prepared.parts)
    raise ContentError([missing, *failed])


def _sheet_alone(
    root: Path, plan: GamePlan, part: str, doc: PageDoc, paper: str, imposition: str
) -> bytes:
    """A full-page sheet printed alone on ``paper``, as its part prints it (one copy)."""
    from dataclasses import replace

    from . import jobs
    from .impose.print_plan import PrintOptions, plan_print
    from .papers import find_paper
    from .render.parts import render_card_part

    _game, layouts, _ = jobs.load(str(root), plan.game.id)
    sheet = find_paper(layouts.papers if layouts else {}, paper, Loc(f"--paper {paper}"))
    if isinstance(sheet, Problem):
        raise ContentError([sheet])
    options = PrintOptions(imposition=imposition)  # type: ignore[arg-type]
    one = replace(doc, copies=1)  # a pad of 20 copies: its pages once, not 20 times
    printed = plan_print(replace(plan, parts={part: (one,)}), sheet, options)
    data, _pages, _problems = render_card_part(printed, printed.parts[0])
    return data


def _card_alone(card: PrintedCard, lang: str, stem: Path, dpi: int) -> list[Path]:
    """A card's front and back, each alone on a page of its own size: ``stem``-front-1.png
    and ``stem``-back-1.png."""
    from .render.parts import render_single

    paths = []
    for side, face in (("front", card.front), ("back", card.back)):
        if face is not None:
            pdf = render_single(face, f"{card.item} {side}", lang)
            paths += pdf_to_pngs(pdf, stem.parent / f"{stem.name}-{side}", dpi)
    return paths


def _not_found(
    root: Path,
    game_id: str,
    item_id: str,
    part: str | None,
    known: set[str],
    parts: Mapping[str, tuple[object, ...]],
) -> Problem:
    """No item ``item_id``: the ids there are, a suggestion, or the part that holds it."""
    import difflib

    what = "card or sheet" if part is None else {"cards": "card", "sheets": "sheet"}[part]
    others = [k for k, v in parts.items() if k != part and _holds(v, item_id)]
    same = [k for k in sorted(known) if k.casefold() == item_id.casefold()]  # mg-sun: MG-SUN
    guess = same or difflib.get_close_matches(item_id, sorted(known), n=1)
    hint = f"; did you mean '{guess[0]}'?" if guess else ""
    if part is not None and others:  # the very id, in the other part: not a near one here
        hint = f"; '{item_id}' is in the {others[0]} part"
    return Problem(
        Loc(display_path(root / "content" / game_id)),
        f"no {what} '{item_id}' (known: {', '.join(sorted(known)) or 'none'}){hint}",
    )


def _unplanned(root: Path, game: Game, item_id: str) -> Problem:
    """An item the game has that its errors left unplanned (its face, its layout): said at
    the game, before those errors, as what stops its preview."""
    name = next(c.spec.name for c in game.components if any(i.id == item_id for i in c.items))
    return Problem(
        Loc(display_path(root / "content" / game.id)),
        f"'{item_id}' ({name}) cannot be previewed yet: the errors said here leave its"
        " component unplanned; mend them first",
    )


def _printed_elsewhere(game: Game, item_id: str, profile: str) -> Problem | None:
    """An item of a component that does not print under ``profile``, said at the
    component's ``profiles:`` with the profiles it prints in; None for any other id."""
    for index, comp in enumerate(game.components):
        if comp.spec.in_profile(profile) or not any(i.id == item_id for i in comp.items):
            continue
        listed = list(comp.spec.profiles or ())
        names = " and ".join([", ".join(listed[:-1]), listed[-1]] if len(listed) > 1 else listed)
        return Problem(
            game.game_src.loc(("components", index, "profiles")),
            f"'{item_id}' ({comp.spec.name}) is not printed in the {profile} profile: its"
            f" component prints in {names} only; preview it with --profile {listed[0]}",
        )
    return None


def _holds(entries: tuple[object, ...], item_id: str) -> bool:
    """Whether a part's planned entries hold the item ``item_id``."""
    return any(
        getattr(e, "item", None) == item_id
        or any(c.item == item_id for c in getattr(e, "cards", ()))
        for e in entries
    )
