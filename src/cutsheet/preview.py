"""PNG previews of single items and of built pages, rendered with pypdfium2."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from .diagnostics import ContentError, Loc, Problem, display_path


def pdf_to_pngs(
    pdf: bytes | Path, out_stem: Path, dpi: int, pages: list[int] | None = None
) -> list[Path]:
    """Render ``pages`` (1-based; all when None) of a PDF to ``<out_stem>-<n>.png``."""
    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    written = []
    try:
        numbers = pages or list(range(1, len(doc) + 1))
        for n in numbers:
            if not 1 <= n <= len(doc):
                raise ContentError(
                    [Problem(Loc(str(out_stem)), f"no page {n} (the file has {len(doc)})")]
                )
            image = doc[n - 1].render(scale=dpi / 72).to_pil()
            path = out_stem.parent / f"{out_stem.name}-{n}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            image.save(path)
            written.append(path)
    finally:
        doc.close()
    return written


def preview_item(
    root: Path,
    game_id: str,
    item_id: str,
    profile_name: str,
    out: Path,
    dpi: int,
    part: str | None = None,
    paper: str = "a4",
) -> list[Path]:
    """One item as PNGs, without building the whole game: a card's front (and back), or the
    pages of a full-page sheet on ``paper``. ``part`` (cards, sheets) limits the search."""
    from dataclasses import replace

    from .build import Project
    from .content import load_game
    from .layouts import load_layouts
    from .plan import plan_game
    from .plan.model import PageDoc
    from .profiles import load_profile
    from .render.parts import render_cards_like, render_single

    project = Project(root)
    game = load_game(project.content / game_id)
    layouts = load_layouts(project.layouts, game.spec.layouts, loc=game.game_src.loc(("layouts",)))
    profile = load_profile(project.layouts, profile_name)
    prepared, problems = plan_game(game, layouts, profile)
    if problems:
        raise ContentError(problems)
    parts = {k: v for k, v in prepared.parts.items() if part is None or k == part}
    known: set[str] = set()
    for name, entries in parts.items():
        for entry in entries:
            if isinstance(entry, PageDoc):
                known.add(entry.item)
                if entry.item == item_id:  # the sheet alone, as the sheets part prints it
                    alone = replace(prepared, parts={name: (entry,)})
                    rendered = render_cards_like(alone, name, paper)
                    if rendered is not None:  # one entry: always something to render
                        return pdf_to_pngs(rendered[0], out / item_id, dpi)
                continue
            for card in entry.cards:
                known.add(card.item)
                if card.item != item_id:
                    continue
                paths = []
                for side, face in (("front", card.front), ("back", card.back)):
                    if face is None:
                        continue
                    pdf = render_single(face, f"{item_id} {side}", game.spec.language)
                    paths += pdf_to_pngs(pdf, out / f"{item_id}-{side}", dpi)
                return paths
    import difflib

    what = "card or sheet" if part is None else {"cards": "card", "sheets": "sheet"}[part]
    guess = difflib.get_close_matches(item_id, sorted(known), n=1)
    hint = f"; did you mean '{guess[0]}'?" if guess else ""
    if part is not None and not guess:
        others = [k for k, v in prepared.parts.items() if k != part and _holds(v, item_id)]
        hint = f"; '{item_id}' is in the {others[0]} part" if others else ""
    raise ContentError(
        [
            Problem(
                Loc(display_path(project.content / game_id)),
                f"no {what} '{item_id}' (known: {', '.join(sorted(known)) or 'none'}){hint}",
            )
        ]
    )


def _holds(entries: tuple[object, ...], item_id: str) -> bool:
    """Whether a part's planned entries hold the item ``item_id``."""
    return any(
        getattr(e, "item", None) == item_id
        or any(c.item == item_id for c in getattr(e, "cards", ()))
        for e in entries
    )
