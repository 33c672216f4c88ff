"""A deck is planned in time linear in its size: each distinct face is filled, measured and
scaled once, whatever the number of items that share it (``plan/side_memo.py``). Counted
here, never timed: the sides planned and the paragraphs ReportLab measures, for a deck of
many items with few distinct faces. ``make bench`` times a deck at the 100,000-item limit.
"""

from __future__ import annotations

import itertools
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from cutsheet import measure as measure_module
from cutsheet.boxes import text as text_box
from cutsheet.boxes.text import fit, word_shape
from cutsheet.build import Options, Project, build, check_game
from cutsheet.measure import TextStyle
from cutsheet.plan import cards

from .readback import page_texts

PACKAGED = Path(cards.__file__).resolve().parents[1] / "data" / "layouts"
ITEMS = 400
TITLES = ("Amber Harbour", "Quiet Orchard", "Northern Bridge", "Hollow Market")
EFFECTS = ("Gain 1 water.", "Take 2 fuel, pay 3.", "Collect 3 stone.", "Receive 1 grain.")

GAME = f"""\
id: many
code: MN
title: Many
players: 2 players
layouts: many.yaml
components:
  - id: deck
    name: Many cards
    part: cards
    size: poker
    count: {ITEMS}
    face: many-card
    back: many-back
    source: cards.csv
    fields:
      title: {{type: text}}
      effect: {{type: text}}
"""
LAYOUT = """\
include: [base.yaml]
faces:
  many-card:
    extends: card
    boxes:
      title: {x: 5, y: 6, w: 53, h: 12, style: title, text: "{{ title }}"}
      effect: {x: 5, y: 24, w: 53, h: 40, style: body, text: "{{ effect }}"}
  many-back:
    extends: card-back
"""


def ids() -> list[str]:
    """``ITEMS`` ids of one shape: each a different order of the same digits."""
    perms = itertools.permutations("0123456")
    return ["MN-" + "".join(p) for p in itertools.islice(perms, ITEMS)]


def numbered() -> list[str]:
    """``ITEMS`` ids of many shapes: MN-0001, MN-0002…"""
    return [f"MN-{i:04d}" for i in range(1, ITEMS + 1)]


def project(tmp: Path, names: list[str] | None = None) -> Path:
    root = tmp / "project"
    game = root / "content" / "many"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    rules = "title: Many\nsections:\n  - heading: Play\n    blocks:\n      - text: Play a card.\n"
    (game / "rules.yaml").write_text(rules)
    rows = ["id,title,effect"]
    for i, item in enumerate(names or ids()):
        rows.append(f'{item},{TITLES[i % 4]},"{EFFECTS[(i // 4) % 4]}"')
    (game / "cards.csv").write_text("\n".join(rows) + "\n")
    layouts = root / "layouts"
    shutil.copytree(PACKAGED / "profiles", layouts / "profiles")
    shutil.copy(PACKAGED / "base.yaml", layouts / "base.yaml")
    (layouts / "many.yaml").write_text(LAYOUT)
    return root


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[str], Counter[str]]:
    """Sides planned (by face) and paragraphs measured, from here on."""
    sides: Counter[str] = Counter()
    measured: Counter[str] = Counter()
    side, measure = cards._CardPlanner.side, text_box.measure

    def counting_side(self, face, *args, **kwargs):  # type: ignore[no-untyped-def]
        sides[face.name] += 1
        return side(self, face, *args, **kwargs)

    def counting_measure(markup, *args, **kwargs):  # type: ignore[no-untyped-def]
        measured[markup] += 1
        return measure(markup, *args, **kwargs)

    monkeypatch.setattr(cards._CardPlanner, "side", counting_side)
    monkeypatch.setattr(text_box, "measure", counting_measure)
    measure_module._wrapped.cache_clear()
    text_box._fit_shape.cache_clear()
    return sides, measured


def test_a_deck_plans_each_distinct_face_once(tmp_path, counted):
    sides, measured = counted
    root = project(tmp_path)
    options = Options(profiles=("standard", "large-print"))
    report = check_game(Project(root), "many", options)
    assert report.problems == []
    # 16 distinct fronts (4 titles × 4 effects, every id of one shape) and one shared back,
    # under two profiles, each tried at most at the card's own size and twice more
    assert sides["many-back"] <= 2 * 3
    assert sides["many-card"] <= 16 * 2 * 3
    assert sum(sides.values()) < ITEMS
    # of the 400 ids, only the one word of their shape is measured, once per box and width
    shape = word_shape(ids()[-1])
    assert shape == "MN-0123456"
    assert {m for m in measured if m.startswith("MN-")} == {shape}
    assert measured[shape] <= 2 * 3
    assert len(measured) < 20


@pytest.mark.parametrize("names", [ids, numbered], ids=["one shape", "many shapes"])
def test_a_remembered_side_prints_each_items_own_id(tmp_path, capsys, names):
    out = tmp_path / "out"
    root = project(tmp_path, names())
    options = Options(profiles=("standard", "large-print"), papers=("a4",))
    outputs, report = build(Project(root), ["many"], options, out, jobs=1)
    assert not report.errors, report.problems
    pdfs = [o["path"] for o in outputs if o["path"].endswith("cards.pdf")]
    assert len(pdfs) == 2
    for pdf in pdfs:  # pypdf reads the text in content order: every word as drawn
        text = "\n".join(page_texts(PdfReader(out / pdf)))
        assert sorted(w for w in text.split() if w.startswith("MN-")) == sorted(names()), pdf


@pytest.mark.parametrize("word", ["SYN-000120", "SYN-210000", "A1B22C", "x9y8"])
def test_a_word_measures_as_its_shape(word):
    style = TextStyle(font="bold", size=9, leading=11)
    own = measure_module.measure(word, style, 40.0)
    assert fit(word, style, 40.0) == own
    assert word_shape(word) is not None


@pytest.mark.parametrize(
    "value", ["two words", "a<b", "R&D", "tab\there", "\u200bzero", "", "x" * 201, 12]
)
def test_only_a_plain_word_has_a_shape(value):
    assert word_shape(value) is None


def test_a_word_that_sits_otherwise_is_planned_for_itself(tmp_path):
    names = numbered()
    names[300] = "MN-" + "8" * 40  # far wider than the id box: its own problem, at its row
    root = project(tmp_path, names)
    report = check_game(Project(root), "many", Options(profiles=("standard",)))
    assert [(p.loc.line, p.subject) for p in report.problems] == [(302, names[300])]
    assert "a word is" in report.problems[0].text
