"""PNG previews of single items and of built pages, rendered with pypdfium2."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from .diagnostics import ContentError, Loc, Problem


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
    root: Path, game_id: str, item_id: str, profile_name: str, out: Path, dpi: int
) -> list[Path]:
    """Front (and back) of one item as PNGs, without building the whole game."""
    from .build import Project
    from .content import load_game
    from .layouts import load_layouts
    from .plan import plan_game
    from .plan.model import Run
    from .profiles import load_profile
    from .render.parts import render_single

    project = Project(root)
    game = load_game(project.content / game_id)
    layouts = load_layouts(project.layouts, game.spec.layouts, loc=game.game_src.loc(("layouts",)))
    profile = load_profile(project.layouts, profile_name)
    prepared, problems = plan_game(game, layouts, profile)
    if problems:
        raise ContentError(problems)
    for entries in prepared.parts.values():
        for entry in entries:
            if not isinstance(entry, Run):
                continue
            for card in entry.cards:
                if card.item != item_id:
                    continue
                paths = []
                for side, face in (("front", card.front), ("back", card.back)):
                    if face is None:
                        continue
                    pdf = render_single(face, f"{item_id} {side}", game.spec.language)
                    paths += pdf_to_pngs(pdf, out / f"{item_id}-{side}", dpi)
                return paths
    known = sorted(
        {c.item for e in prepared.parts.values() for r in e if isinstance(r, Run) for c in r.cards}
    )
    raise ContentError(
        [
            Problem(
                Loc(str(project.content / game_id)),
                f"no card '{item_id}' (known: {', '.join(known)})",
            )
        ]
    )
