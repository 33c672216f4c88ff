"""Every fact of each source rulebook is in the built rules.

``tests/data/rule_facts/<game>.yaml`` lists the facts a line-by-line reading of the rulebook
found, each as ``{fact: "short description", words: ["phrase", ...]}``. Every phrase must
appear in the text of the built ``rules.pdf`` (standard and large print, A4), compared
case-insensitively after joining line breaks and hyphen breaks, collapsing whitespace and
unifying dashes and quotes. A failure lists every missing fact at once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from .readback import pypdf_texts

FACTS = Path(__file__).parent / "data" / "rule_facts"
GAMES = sorted(p.stem for p in FACTS.glob("*.yaml"))
PROFILES = ("standard-a4", "large-print-a4")

# Page furniture that can fall between two halves of a sentence: the running footer
# ("Festival Charter · rules · page 2", or "Festival Charter · page 2" in large print, or
# "page 2" where a large-print line has no room for the title), the 100 % note and
# the label of the scale bar.
FURNITURE = re.compile(r"^(?:.* · (?:rules · )?)?page \d+$|^Print at 100%.*$|^50 mm$")
CHARS = str.maketrans(
    {
        "\u2212": "-",  # minus sign
        "\u2010": "-",  # hyphen
        "\u2011": "-",  # non-breaking hyphen
        "\u2013": "-",  # en dash
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00a0": " ",
        "\u202f": " ",
        "\u00ad": None,  # soft hyphen
    }
)


def normalise(text: str, *, drop_break_hyphens: bool = False) -> str:
    """One line of lower-case words: furniture lines gone, a hyphen at a line end joined to
    the next line (kept, or dropped for a word the layout hyphenated), whitespace collapsed,
    dashes, minus signs and curly quotes made plain."""
    text = text.translate(CHARS)
    lines = [ln.strip() for ln in text.splitlines()]
    text = "\n".join(ln for ln in lines if not FURNITURE.match(ln))
    text = re.sub(r"-\s*\n\s*", "" if drop_break_hyphens else "-", text)
    return " ".join(text.split()).lower()


def rules_text(path: Path) -> tuple[str, str]:
    raw = "\n".join(t or "" for t in pypdf_texts(path))
    return normalise(raw), normalise(raw, drop_break_hyphens=True)


def load_facts(game: str) -> list[dict]:
    return yaml.safe_load((FACTS / f"{game}.yaml").read_text(encoding="utf-8"))["facts"]


def missing_facts(facts: list[dict], texts: tuple[str, ...]) -> list[str]:
    out = []
    for f in facts:
        absent = [w for w in f["words"] if not any(normalise(w) in t for t in texts)]
        if absent:
            out.append(f"- {f['fact']}: missing {', '.join(repr(w) for w in absent)}")
    return out


def test_every_game_has_its_rulebook_facts(repo):
    assert GAMES == sorted(repo.games())
    for game in GAMES:
        facts = load_facts(game)
        assert 30 <= len(facts) <= 60, f"{game}: {len(facts)} facts, expected 30 to 60"
        for f in facts:
            assert set(f) == {"fact", "words"}, f
            assert f["fact"].strip() and f["words"], f
            assert all(isinstance(w, str) and w.strip() for w in f["words"]), f
        names = [f["fact"] for f in facts]
        assert len(names) == len(set(names)), f"{game}: a fact is listed twice"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_state_every_rulebook_fact(built, game, profile):
    texts = rules_text(built / game / profile / "rules.pdf")
    missing = missing_facts(load_facts(game), texts)
    assert not missing, (
        f"{game} {profile}/rules.pdf lacks {len(missing)} rulebook fact(s):\n" + "\n".join(missing)
    )


def test_normalise_joins_breaks_and_unifies_signs():
    raw = "50 mm\nPrint at 100%\npage 3\nvalues from \u22125 to\n+4; it\u2019s two-\nway"
    assert normalise(raw) == "values from -5 to +4; it's two-way"
    assert normalise(raw, drop_break_hyphens=True).endswith("it's twoway")
    assert missing_facts([{"fact": "x", "words": ["From -5 TO +4"]}], (normalise(raw),)) == []
    assert missing_facts([{"fact": "y", "words": ["+5"]}], (normalise(raw),)) == [
        "- y: missing '+5'"
    ]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_reserve_sheet_keeps_a_ledger_the_rules_mend_sums_from(built, profile):
    """Common Reserve's rulebook mends a wrong sum "from the written ledger": its sheet is one
    ("WATER: 2 → ____"). The pencil tracks show only the amount now, so the reserve sheet
    also prints a ledger line a resource, each from its starting 2, on the reserve sheet's
    pages (seed review: the rules named a record nothing printed)."""
    pages = [
        normalise(t or "") for t in pypdf_texts(built / "common-reserve" / profile / "sheets.pdf")
    ]
    sheet = " ".join(t for t in pages if t.startswith("reserve sheet"))
    assert "ledger" in sheet
    for resource in ("water", "fuel", "fibre"):
        assert f"{resource}, from 2" in sheet, resource
