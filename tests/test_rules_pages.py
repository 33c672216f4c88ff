"""No rules page holds only a leftover: every page of a built rules PDF that has text has at
least 30 words in its body (the running footer, the 100 % note and the scale bar's label are
not body), in every game, profile and paper, in reading order and in the booklet.

The booklet is read a half page at a time (each side of the paper holds two); a half page
with no text at all is the booklet's padding to a multiple of four, which is allowed.
"""

from __future__ import annotations

import pytest

from .readback import plumber_pages
from .test_rule_coverage import FURNITURE

GAMES = ["bidding-alpha", "common-reserve", "festival-charter", "festivibes"]
TARGETS = [f"{p}-{paper}" for p in ("standard", "large-print") for paper in ("a4", "letter")]
MIN_WORDS = 30


def body_words(text: str) -> list[str]:
    lines = [ln.strip() for ln in text.splitlines()]
    return " ".join(ln for ln in lines if ln and not FURNITURE.match(ln)).split()


def thin_pages(path, halves: bool) -> list[str]:
    """'page N[ left|right]: K words, ending "…"' for each page body under MIN_WORDS."""
    out = []
    for n, page in enumerate(plumber_pages(path), 1):
        w, h = page.width, page.height
        parts = (
            [("left", (0, 0, w / 2, h)), ("right", (w / 2, 0, w, h))]
            if halves
            else [("", (0, 0, w, h))]
        )
        for name, box in parts:
            if halves and (n, name) == (1, "right"):
                continue  # the booklet's cover (test_the_booklet_opens_with_a_cover)
            words = body_words(page.crop(box).extract_text() or "")
            if 0 < len(words) < MIN_WORDS:
                where = f"page {n}{' ' + name if name else ''}"
                out.append(f"{where}: {len(words)} words, ending {' '.join(words[-6:])!r}")
    return out


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("game", GAMES)
def test_no_rules_page_holds_only_a_leftover(built, game, target):
    folder = built / game / target
    thin = [f"rules.pdf {t}" for t in thin_pages(folder / "rules.pdf", halves=False)]
    thin += [
        f"rules-booklet.pdf {t}" for t in thin_pages(folder / "rules-booklet.pdf", halves=True)
    ]
    assert not thin, f"{game} {target}: " + "; ".join(thin)


def test_body_words_leave_out_the_furniture():
    text = (
        "Print at 100% (actual size)\n50 mm\npage 3\nCommon Reserve · rules · page 2\n"
        "Common Reserve · page 4\nfour words are here"
    )
    assert body_words(text) == ["four", "words", "are", "here"]


@pytest.mark.parametrize("target", ["standard-a4", "large-print-letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_booklet_opens_with_a_cover(built, game, target):
    """Its first half page (right of the first side) holds the title, the players and time,
    and what is in the box; the rules start on the next half page."""
    from cutsheet.content import load_game
    from cutsheet.plan.context import component_lines

    from .conftest import ROOT

    spec = load_game(ROOT / "content" / game)
    first = plumber_pages(built / game / target / "rules-booklet.pdf")[0]
    cover = " ".join(
        (first.crop((first.width / 2, 0, first.width, first.height)).extract_text() or "").split()
    )
    assert " ".join(spec.spec.title.split()) in cover
    assert "In the box" in cover
    assert spec.spec.players in cover
    for line in component_lines(spec, target.rsplit("-", 1)[0], notes=False):
        assert " ".join(line.split())[:25] in cover, line
    first_section = spec.rules.sections[0].heading
    assert first_section not in cover


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("game", GAMES)
def test_a_count_stays_on_the_line_of_what_it_counts(built, game, target):
    """In the box, on the booklet's cover and in the rules: "4 × NO voting cards" may break
    inside the name, never after "4" or "4 ×" (the review found "4 ×" ending a line)."""
    from cutsheet.content import load_game
    from cutsheet.plan.context import component_lines

    from .conftest import ROOT

    spec = load_game(ROOT / "content" / game)
    counts = {line.split("\u00a0")[0] for line in component_lines(spec, "standard")}
    assert all(c.isdigit() for c in counts), counts
    for name in ("rules.pdf", "rules-booklet.pdf"):
        for page in plumber_pages(built / game / target / name):
            for line in (page.extract_text() or "").splitlines():
                words = line.split()
                assert not (words and words[-1] == "×"), (name, line)
                assert not (len(words) > 1 and words[-2] == "·" and words[-1] in counts), (
                    name,
                    line,
                )
