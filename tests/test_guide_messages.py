"""The editing guide's messages are what cutsheet prints. The guide builds a game, step by step
(``cutsheet new star-deck``, then each section's snippets); this module builds the same game
the same way, checks it at each step, and makes each deliberate mistake of the guide's "Read
an error" table on the finished game: every located message the guide quotes is printed, word
for word, and every message a step prints is quoted in the guide. A row added to the table
without its mistake here fails, so the guide cannot drift from the code unseen."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from cutsheet.cli import main

from .conftest import ROOT

GUIDE = (ROOT / "src" / "cutsheet" / "data" / "guide" / "editing.md").read_text(encoding="utf-8")
LOCATED = re.compile(r"[\w./-]+:\d+:\d+: (?:error|warning): .*")
QUOTED = re.compile(r"`([\w./-]+:\d+:\d+: (?:error|warning): [^`]*)`")
GAME = "content/star-deck/"
LAYOUT = "layouts/star-deck.yaml"
CLEAN = "cutsheet: 1 game checked, no errors\n"


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old``, which must occur once in the file."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path.name, old, text.count(old))
    path.write_text(text.replace(old, new), encoding="utf-8")


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def run(root: Path, *args: str) -> tuple[int, str]:
    """``cutsheet ARGS`` in ``root`` (messages name paths from there): status and stderr."""
    cwd, err = os.getcwd(), io.StringIO()
    os.chdir(root)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(list(args))
    finally:
        os.chdir(cwd)
    return code, err.getvalue()


def located(said: str) -> list[str]:
    return [line for line in said.splitlines() if LOCATED.fullmatch(line)]


def quoted_in_guide(root: Path) -> list[str]:
    """Check the game as it stands; every located message must be quoted in the guide."""
    _code, said = run(root, "check")
    lines = located(said)
    assert lines, said
    return [line for line in lines if line not in GUIDE]


def clean(root: Path) -> None:
    code, said = run(root, "check")
    assert (code, said) == (0, CLEAN)


# ------------------------------------------------------------------ the guide's steps
EVENTS = """\
  - id: events
    name: Events
    part: cards
    count: 3
    face: event
    back: card-back
    source: events.csv
    fields:
      name: {type: text}
      effect: {type: text}
"""
EVENT_FACE = """\
  event:
    extends: card
    boxes:
      band: {kind: rect, x: 4, y: 4, w: 55, h: 14, fill: "#000000"}
      title: {x: 5, y: 6, w: 53, h: 10, style: big-white, text: "{{ name }}"}
      effect: {x: 6, y: 28, w: 51, h: 30, style: body-center, text: "{{ effect }}"}
"""
CSV = """\
id,name,effect
SD-EV-STORM,Solar storm,Everyone discards their lowest card.
SD-EV-ECLIPSE,Eclipse,Sun cards score nothing this round.
SD-EV-SHOWER,Meteor shower,Everyone draws a card.
"""
CSV_FLAVOUR = """\
id,name,effect,flavour
SD-EV-STORM,Solar storm,Everyone discards their lowest card.,The radio crackles.
SD-EV-ECLIPSE,Eclipse,Sun cards score nothing this round.,
SD-EV-SHOWER,Meteor shower,Everyone draws a card.,Make a wish.
"""
FLAVOUR_BOX = (
    '      flavour: {x: 6, y: 62, w: 51, h: 12, style: small-center, text: "<i>{{ flavour }}</i>",'
    ' when: "flavour"}\n'
)
TERMS = 'terms:\n  day: {fill: "#E69F00", icon: star}\n  night: {fill: "#0072B2", icon: circle}\n'
SKY_FIELDS = (
    "      sky: {type: choice, of: [day, night], required: false}\n"
    "      keywords: {type: list, required: false}\n"
)
SKY_BOXES = (
    '      band: {kind: rect, x: 3, y: 3, w: 57, h: 13, fill: "{{ terms[sky].fill }}",'
    ' when: "sky"}\n'
    '      sky-icon: {kind: icon, icon: "{{ terms[sky].icon }}", x: 5, y: 77, w: 7, h: 7,'
    ' when: "sky"}\n'
    "      keywords: {x: 5, y: 17, w: 53, h: 6, style: body-center,"
    ' text: "{{ keywords|join(\' · \') }}", when: "keywords"}\n'
)
SCORE_PAD = """\
  - id: score-pad
    name: Score pad
    part: sheets
    form: page
    count: 1
    source: score-pad.yaml
"""
SCORE_PAD_ITEMS = """\
# yaml-language-server: $schema=../../schema/star-deck/score-pad.schema.json
items:
  - id: SD-SCORE
    title: Score pad
    blocks:
      - text: Write each player's points at the end of every round.
      - table:
          columns:
            - {header: Round, value: "{{ row }}", width: 20}
            - {header: Player 1}
            - {header: Player 2}
            - {header: Player 3}
          rows: 6
      - heading: Stars left in the deck
      - track: {label: Stars, start: 0, stop: 12}
      - write_ins:
          - {label: Winner}
          - {label: Date, width: 40}
"""
TITLE_BOX = '      title: {x: 5, y: 6, w: 53, h: 10, style: title, text: "{{ name }}"}\n'


def snippets_in_guide() -> None:
    """What these steps write is what the guide shows (a line of each, as it is indented)."""
    shown = (EVENTS, EVENT_FACE, CSV, CSV_FLAVOUR, FLAVOUR_BOX, TERMS, SKY_FIELDS, SKY_BOXES)
    for text in (*shown, SCORE_PAD, SCORE_PAD_ITEMS):
        for line in text.splitlines():
            assert line in GUIDE, line


def guide_game(root: Path) -> None:
    """The star-deck game, built section by section as the guide builds it; at each step
    whose guide section shows a mistake, what check prints is what the guide quotes."""
    root.mkdir(parents=True, exist_ok=True)
    assert run(root, "new", "star-deck", "--title", "Star Deck")[0] == 0
    game, layout = root / GAME, root / LAYOUT
    # Change a card's text
    edit(game / "cards.yaml", "at once.\n", "at once, then draw one.\n")
    clean(root)
    # Add a card: its count is then one short, as the guide shows, until it is set
    append(
        game / "cards.yaml",
        "  - id: SD-COMET\n    name: Comet\n    points: 4\n"
        "    rule: Every other player discards a card.\n",
    )
    assert quoted_in_guide(root) == []
    edit(game / "game.yaml", "count: 5", "count: 6")
    clean(root)
    # Add a component: its face is missing until it is written
    append(game / "game.yaml", EVENTS)
    (game / "events.csv").write_text(CSV, encoding="utf-8")
    assert quoted_in_guide(root) == []
    append(layout, EVENT_FACE)
    clean(root)
    edit(
        layout,
        "x: 5, y: 6, w: 53, h: 10, style: big-white",
        "x: 1.5, y: 6, w: 53, h: 10, style: big-white",
    )
    assert quoted_in_guide(root) == []  # a text box too near the trim
    edit(
        layout,
        "x: 1.5, y: 6, w: 53, h: 10, style: big-white",
        "x: 5, y: 6, w: 53, h: 10, style: big-white",
    )
    # Add a CSV column: unknown until its field is declared
    (game / "events.csv").write_text(CSV_FLAVOUR, encoding="utf-8")
    assert quoted_in_guide(root) == []
    edit(game / "game.yaml", "      effect: {type: text}\n", "      effect: {type: text}\n"
         "      flavour: {type: text, required: false}\n")  # fmt: skip
    append(layout, FLAVOUR_BOX)
    clean(root)
    # Lists, colours and icons on a card
    edit(game / "game.yaml", "layouts: star-deck.yaml\n", "layouts: star-deck.yaml\n" + TERMS)
    edit(game / "game.yaml", '"what the card does, if anything"}\n',
         '"what the card does, if anything"}\n' + SKY_FIELDS)  # fmt: skip
    edit(game / "cards.yaml", "then draw one.\n", "then draw one.\n"
         "    sky: day\n    keywords: [bright, hot]\n")  # fmt: skip
    edit(layout, TITLE_BOX, SKY_BOXES + TITLE_BOX)  # drawn first: under the title
    clean(root)
    # Sheets and record pads
    append(game / "game.yaml", SCORE_PAD)
    (game / "score-pad.yaml").write_text(SCORE_PAD_ITEMS, encoding="utf-8")
    clean(root)


# ------------------------------------------------------------------ the table's mistakes
SEVENTY_FIVE_WORDS = (
    "Choose another player and look at their hand. Take one card you like from it, then give"
    " them one card of your own in its place. After that, every player passes one card to the"
    " player on their left, face down, all at the same time. When the deck runs out, shuffle"
    " the discards to make a new one. At the end of the round you score one extra point for"
    " each Star you hold."
)


def _in(rel: str, old: str, new: str) -> Callable[[Path], None]:
    return lambda root: edit(root / rel, old, new)


def _schema_then_a_field(root: Path) -> None:
    assert run(root, "schema")[0] == 0
    fields = "      keywords: {type: list, required: false}\n"
    edit(root / GAME / "game.yaml", fields, fields + "      mood: {type: text, required: false}\n")


def _no_event_face(root: Path) -> None:
    layout = root / LAYOUT
    layout.write_text(layout.read_text(encoding="utf-8").split("  event:\n")[0], encoding="utf-8")


def _a_field(name: str) -> Callable[[Path], None]:
    flavour = "      flavour: {type: text, required: false}\n"
    return _in(GAME + "game.yaml", flavour, f"{flavour}      {name}: {{type: text}}\n")


CARDS, CSV_FILE, GAME_FILE = GAME + "cards.yaml", GAME + "events.csv", GAME + "game.yaml"
MISTAKES: dict[str, Callable[[Path], None]] = {
    "`name: [Sun` (YAML syntax)": _in(CARDS, "name: Sun", "name: [Sun"),
    "`rule: &more then draw one.` (an `&` first)": _in(
        CARDS,
        "rule: Play another card at once, then draw one.",
        "rule: &more then draw one.",
    ),
    "`pionts: 3` (a misspelt key)": _in(CARDS, "points: 3", "pionts: 3"),
    "`points: three` (wrong type)": _in(CARDS, "points: 3", "points: three"),
    "`points: 12` (with `max: 9`)": _in(CARDS, "points: 3", "points: 12"),
    "`points: true` (or `3.0`)": _in(CARDS, "points: 3", "points: true"),
    "`id: XX-SUN`": _in(CARDS, "id: SD-SUN", "id: XX-SUN"),
    "the id `SD-SUN` twice": _in(CARDS, "id: SD-MOON", "id: SD-SUN"),
    "one card too many": lambda root: append(
        root / CARDS, "  - id: SD-PLANET\n    name: Planet\n    points: 5\n"
    ),
    "a row too many in a CSV": lambda root: append(
        root / CSV_FILE, "SD-EV-COMET,Comet,Everyone passes a card left.,\n"
    ),
    "an empty `name` cell in a CSV": _in(CSV_FILE, "SD-EV-ECLIPSE,Eclipse,", "SD-EV-ECLIPSE,,"),
    "a rule of 75 words": _in(
        CARDS, "Play another card at once, then draw one.", SEVENTY_FIVE_WORDS
    ),
    "`name: Sun ☉`": _in(CARDS, "name: Sun", "name: Sun ☉"),
    "`{{ nmae }}` in a layout": _in(
        LAYOUT, 'title, text: "{{ name }}"', 'title, text: "{{ nmae }}"'
    ),
    '`txt: "{{ name }}"` in the event face\'s title': _in(
        LAYOUT, 'big-white, text: "{{ name }}"', 'big-white, txt: "{{ name }}"'
    ),
    "`colour: red` on the event face's band (a rect)": _in(
        LAYOUT, 'fill: "#000000"}', 'fill: "#000000", colour: red}'
    ),
    "a field named `profile` at the end of the events' `fields:`": _a_field("profile"),
    "a field named `_notes` there": _a_field("_notes"),
    "`style: hugee`": _in(LAYOUT, "style: huge,", "style: hugee,"),
    "`extends: cards`": _in(
        LAYOUT, "card-front:\n    extends: card\n", "card-front:\n    extends: cards\n"
    ),
    "`face: event` with no such face": _no_event_face,
    '`- text: "Play {{ params.rounds }} rounds."` in rules.yaml, no `params:`': _in(
        GAME + "rules.yaml",
        "      - text: >-\n          Shuffle",
        '      - text: "Play {{ params.rounds }} rounds."\n      - text: >-\n          Shuffle',
    ),
    "`nmae` in the events CSV's header": _in(CSV_FILE, "id,name,", "id,nmae,"),
    "a CSV row without its last comma": _in(CSV_FILE, "this round.,\n", "this round.\n"),
    "`where: {name: Eclpse}` under the events' `source:`": _in(
        GAME_FILE, "source: events.csv\n", "source: events.csv\n    where: {name: Eclpse}\n"
    ),
    "`source: ../../../secret.csv`": _in(
        GAME_FILE, "source: events.csv", "source: ../../../secret.csv"
    ),
    '`fill: "#ZZZZZZ"` on the event face\'s band': _in(
        LAYOUT, 'fill: "#000000"', 'fill: "#ZZZZZZ"'
    ),
    '`when: "flavor"`': _in(LAYOUT, 'when: "flavour"', 'when: "flavor"'),
    '`<img src="…"/>` in a text box': _in(
        LAYOUT, 'text: "{{ effect }}"', "text: \"<img src='sun.png'/>{{ effect }}\""
    ),
    "`{{ 'x' * 10**9 }}`": _in(
        LAYOUT, 'title, text: "{{ name }}"', "title, text: \"{{ 'x' * 10**9 }}\""
    ),
    "a changed `fields`, after `cutsheet schema`": _schema_then_a_field,
    "the keywords box moved to `y: 30`, onto the points": _in(
        LAYOUT, "x: 5, y: 17,", "x: 5, y: 30,"
    ),
    "the sky icon moved to `x: 28, y: 17`, onto the keywords": _in(
        LAYOUT, "x: 5, y: 77, w: 7, h: 7", "x: 28, y: 17, w: 7, h: 7"
    ),
    "`content/star-deck/old-cards.yaml`, a copy no component's `source` names": lambda root: (
        shutil.copy(root / CARDS, root / GAME / "old-cards.yaml")
    ),
}


def table() -> dict[str, list[str]]:
    """The "Read an error" table: what was written → the messages the guide quotes for it."""
    rows = GUIDE.split("| You wrote | cutsheet says |\n| --- | --- |\n", 1)[1]
    out: dict[str, list[str]] = {}
    for line in rows.splitlines():
        if not line.startswith("| "):
            break
        wrote, says = line[2:].split(" | ", 1)
        out[wrote] = QUOTED.findall(says)
    return out


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("guide") / "mygame"
    guide_game(root)
    return root


def test_the_steps_write_what_the_guide_shows():
    snippets_in_guide()


def test_every_row_of_the_table_is_a_mistake_made_here():
    assert set(table()) == set(MISTAKES)
    assert all(table().values())  # each row quotes a message


@pytest.mark.parametrize("wrote", sorted(MISTAKES))
def test_each_mistake_says_what_the_guide_quotes(finished, tmp_path, wrote):
    root = tmp_path / "mygame"
    shutil.copytree(finished, root)
    MISTAKES[wrote](root)
    code, said = run(root, "check")
    printed = located(said)
    quoted = table().get(wrote, [])
    assert [q for q in quoted if q not in printed] == [], said
    errors = any(": error: " in q for q in quoted)
    assert code == (1 if errors else 0), said
    assert all(line in GUIDE for line in printed), said  # nothing else is printed


def test_a_shape_written_after_a_text_box_is_said_as_the_guide_shows(finished, tmp_path):
    """The guide's example of text that can hardly be read: a black rect over the effect."""
    root = tmp_path / "mygame"
    shutil.copytree(finished, root)
    append(root / LAYOUT, '      cover: {kind: rect, x: 6, y: 28, w: 51, h: 30, fill: "#000000"}\n')
    assert quoted_in_guide(root) == []


def test_a_box_left_off_by_its_error_hides_only_what_it_lay_under(finished, tmp_path):
    """A band whose fill is no colour is left off the face: the title over it is not said
    to be white on white, but the effect's black cover, elsewhere on the face, still is; a
    box whose when: fails leaves the other boxes' overlap said (review)."""
    root = tmp_path / "mygame"
    shutil.copytree(finished, root)
    edit(root / LAYOUT, 'fill: "#000000"}', 'fill: "#ZZZZZZ"}')
    append(root / LAYOUT, '      cover: {kind: rect, x: 6, y: 28, w: 51, h: 30, fill: "#000000"}\n')
    edit(root / LAYOUT, 'when: "rule"', 'when: "rul e"')
    edit(root / LAYOUT, "x: 5, y: 17,", "x: 5, y: 30,")
    _code, said = run(root, "check")
    printed = located(said)
    assert any("box 'band': fill '#ZZZZZZ' is not a colour" in line for line in printed), said
    assert any("box 'effect': text #000000 on #000000" in line for line in printed), said
    assert not any("box 'title': text #FFFFFF on #FFFFFF" in line for line in printed), said
    assert any("box 'rule': when:" in line for line in printed), said
    overlaps = [line for line in printed if "its text is set over the text of box" in line]
    assert len(overlaps) == 2, said  # standard and large print


def test_a_text_box_left_off_beside_the_title_leaves_the_band_under_it(finished, tmp_path):
    """A designer's walkthrough: a badge's text whose template fails was left off, and the
    band it lay on went with it, so the title beside it, white on that band, was said to
    be white on white (a warning in standard, an error in large print)."""
    root = tmp_path / "mygame"
    shutil.copytree(finished, root)
    append(
        root / LAYOUT,
        '      tag: {x: 30, y: 16.2, w: 20, h: 1.8, style: body, text: "{{ nosuch }}"}\n',
    )
    _code, said = run(root, "check")
    printed = located(said)
    assert any("box 'tag': template uses an unknown name: 'nosuch'" in line for line in printed)
    assert not any("box 'title': text #FFFFFF" in line for line in printed), said


BOX = re.compile(r"\bx: ([\d.]+), y: ([\d.]+), w: ([\d.]+), h: ([\d.]+)")


def test_the_lists_sections_boxes_fit_a_poker_card_inside_its_safe_zone():
    """The 'lists, colours and icons' snippets are boxes of a 63 × 88 mm card: each inside
    the card's 3 mm safe zone (the player aid's ran past the card; review)."""
    section = GUIDE.split("## Lists, colours and icons on a card", 1)[1].split("\n## ", 1)[0]
    boxes = [tuple(map(float, found)) for found in BOX.findall(section)]
    assert len(boxes) >= 6
    for x, y, w, h in boxes:
        assert x >= 1.5 and y >= 1.5 and x + w <= 63 - 3 and y + h <= 88 - 3, (x, y, w, h)
