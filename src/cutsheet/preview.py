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
    """Front (and back) of one item as PNGs, from the same plan a build draws, without
    imposing or drawing the whole game."""
    from . import jobs
    from .plan.model import Run
    from .render.parts import render_single

    jobs.forget()
    prepared, problems = jobs.plan(str(root), game_id, profile_name)
    if prepared is None or problems:
        raise ContentError(problems)
    entries = [e for part in prepared.parts.values() for e in part]
    cards = [c for e in entries if isinstance(e, Run) for c in e.cards]
    for card in cards:
        if card.item != item_id:
            continue
        paths = []
        for side, face in (("front", card.front), ("back", card.back)):
            if face is None:
                continue
            pdf = render_single(face, f"{item_id} {side}", prepared.game.spec.language)
            paths += pdf_to_pngs(pdf, out / f"{item_id}-{side}", dpi)
        return paths
    known = ", ".join(sorted({c.item for c in cards}))
    where = Loc(str(root / "content" / game_id))
    raise ContentError([Problem(where, f"no card '{item_id}' (known: {known})")])
