"""Large print's look, read back from the PDFs: text sits straight on a shade of its shape's
colour, never on a white sticker pasted inside a coloured shape (a back's title panel, a cube
token's or a counter's label); running text is left-aligned, on markers too."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from .readback import plumber_pages

GAMES = ["bidding-alpha", "common-reserve", "festival-charter", "festivibes"]
PARTS = ["cards", "sheets"]  # where faces are drawn (rules pages are documents)


def _white(colour: Any) -> bool:
    return colour is not None and len(colour) in (1, 3) and all(abs(v - 1) < 1e-3 for v in colour)


def _centre_in(shape: dict[str, Any], ch: dict[str, Any]) -> bool:
    cx, cy = (ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2
    return shape["x0"] <= cx <= shape["x1"] and shape["top"] <= cy <= shape["bottom"]


def _area(shape: dict[str, Any]) -> float:
    return (shape["x1"] - shape["x0"]) * (shape["bottom"] - shape["top"])


def _parts(built: Path, game: str) -> list[Path]:
    folder = built / game / "large-print-a4"
    return [folder / f"{part}.pdf" for part in PARTS if (folder / f"{part}.pdf").exists()]


@pytest.mark.parametrize("game", GAMES)
def test_no_large_print_text_sits_on_a_white_sticker_inside_a_coloured_shape(built, game):
    """Under every character of a large-print card or marker, the innermost filled shape is
    not a white one lying inside a coloured one (a white panel or label pasted inside a back,
    a cube token, a counter). A white centre no bigger than the character itself is the
    inline cube-notation tile's, a symbol drawn in the text alike in every profile (not a
    panel the text was set on)."""
    stickers = set()
    coloured_text = 0
    for path in _parts(built, game):
        for number, page in enumerate(plumber_pages(path), 1):
            shapes = [s for s in page.rects + page.curves if s.get("fill")]
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                under = sorted((s for s in shapes if _centre_in(s, ch)), key=_area)
                if not under:
                    continue
                coloured_text += not _white(under[0]["non_stroking_color"])
                inner = under[0]
                if not _white(inner["non_stroking_color"]):
                    continue
                if max(inner["x1"] - inner["x0"], inner["bottom"] - inner["top"]) <= ch["size"]:
                    continue  # an inline cube tile's centre
                outer = [s for s in under[1:] if not _white(s["non_stroking_color"])]
                if outer:
                    stickers.add((path.name, number, tuple(outer[0]["non_stroking_color"])))
    assert not stickers, sorted(stickers)[:5]
    assert coloured_text, game  # backs, tokens, badges: text straight on a colour


@pytest.mark.parametrize("game", GAMES)
def test_large_print_running_text_is_left_aligned(built, game):
    """Every paragraph of a large-print card or marker that runs to more than one line and
    more than two words (a marker's sentences, an event's reminder) starts each line at one
    x; a heading (tagged H) and a label of one or two words may stay centred."""
    centred, paragraphs = [], 0
    for path in _parts(built, game):
        for number, page in enumerate(plumber_pages(path), 1):
            by_mcid: dict[int, list[dict[str, Any]]] = defaultdict(list)
            for ch in page.chars:
                if ch.get("mcid") is not None and str(ch.get("tag", "")).startswith("P"):
                    by_mcid[ch["mcid"]].append(ch)
            for chars in by_mcid.values():
                lines: dict[int, list[dict[str, Any]]] = defaultdict(list)
                for ch in chars:
                    lines[round(ch["top"])].append(ch)
                if len(lines) < 2:
                    continue
                text = " ".join(
                    "".join(c["text"] for c in sorted(line, key=lambda c: c["x0"]))
                    for _top, line in sorted(lines.items())
                )
                if len(text.split()) <= 2:
                    continue
                paragraphs += 1
                lefts = [min(c["x0"] for c in line) for _top, line in sorted(lines.items())]
                if max(lefts) - min(lefts) > 1.0:
                    centred.append((path.name, number, text[:40]))
    assert not centred, centred[:5]
    assert paragraphs, game
