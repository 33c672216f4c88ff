"""A synthetic single-deck game written into a temporary project folder: one poker-size
card component read from a CSV (title + a two-sentence effect per row) with a shared back,
modelled on content/bidding-alpha and layouts/bidding-alpha.yaml."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from .texts import RESOURCES, VERBS, card_effect, card_title

GAME = "synth-deck"

GAME_YAML = """\
id: synth-deck
code: SYN
title: Synthetic Deck
players: 2 to 4 players
layouts: synth-deck.yaml
components:
  - id: deck
    name: Synthetic cards
    part: cards
    size: poker
    count: {count}
    face: synth-card
    back: synth-back
    source: cards.csv
    fields:
      title: {{type: text}}
      effect: {{type: text}}
"""

RULES_YAML = """\
title: "{{ game.title }}"
sections:
  - heading: Play
    blocks:
      - text: A deck for timing cutsheet; each card says what it does.
"""

LAYOUT_YAML = """\
include: [base.yaml]
styles:
  effect: {size: 9, leading: 12}
faces:
  synth-card:
    extends: card
    boxes:
      title: {x: 5, y: 6, w: 53, h: 12, style: title, text: "{{ title }}"}
      rule: {kind: line, x: 8, y: 20, w: 47, h: 1, stroke: "#000000"}
      effect: {x: 5, y: 24, w: 53, h: 52, style: effect, text: "{{ effect }}"}
  synth-back:
    extends: card-back
"""


def write_cards_csv(path: Path, count: int) -> None:
    """One row a card: id, title, effect."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "title", "effect"])
        for index in range(count):
            writer.writerow([f"SYN-{index + 1:05d}", card_title(index), card_effect(index)])


def write_project(root: Path, repo: Path, count: int) -> Path:
    """Create ``root`` as a cutsheet project holding only the synthetic game; returns root."""
    game_dir = root / "content" / GAME
    game_dir.mkdir(parents=True)
    (game_dir / "game.yaml").write_text(GAME_YAML.format(count=count), encoding="utf-8")
    (game_dir / "rules.yaml").write_text(RULES_YAML, encoding="utf-8")
    write_cards_csv(game_dir / "cards.csv", count)
    layouts = root / "layouts"
    packaged = repo / "src" / "cutsheet" / "data" / "layouts"
    shutil.copytree(packaged / "profiles", layouts / "profiles")
    shutil.copy2(packaged / "base.yaml", layouts / "base.yaml")
    (layouts / f"{GAME}.yaml").write_text(LAYOUT_YAML, encoding="utf-8")
    return root


def short_effect(index: int) -> str:
    """One short sentence (about 40 characters), so that 100,000 rows fit the 8 MiB a
    content file may hold."""
    verb = VERBS[index % len(VERBS)]
    return f"{verb} {1 + index % 3} {RESOURCES[index % len(RESOURCES)]}, pay {2 + index % 4}."


def write_limit_project(root: Path, repo: Path, count: int) -> Path:
    """The synthetic game with ``count`` cards of short effects in one CSV: at the item
    limit (100,000) the CSV stays under the 8 MiB a content file may hold."""
    write_project(root, repo, count)
    path = root / "content" / GAME / "cards.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "title", "effect"])
        for index in range(count):
            writer.writerow([f"SYN-{index + 1:06d}", card_title(index), short_effect(index)])
    return root
