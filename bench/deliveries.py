"""A deck of real Common Reserve delivery cards: the repository's ``common-reserve`` game
copied into a temporary project with a second deck of ``count`` delivery cards (ids
``CR-N00012`` and up, after the game's own twelve), each one of the twelve real deliveries'
name, demand and closed source in turn, set on the game's own ``delivery`` face and back. The
game's other components and its rules are kept, so the rulebook's checks still hold."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

GAME = "common-reserve"
FIRST_ID = 12  # the deck's ids start at CR-N00012


def write_deliveries(path: Path, real: list[dict[str, object]], count: int) -> None:
    """``count`` deliveries, the real ones in turn, under new ids."""
    lines = ["items:"]
    for index in range(count):
        card = real[index % len(real)]
        demand = ", ".join(f"{k}: {v}" for k, v in dict(card["demand"]).items())  # type: ignore[call-overload]
        lines += [
            f"  - id: CR-N{FIRST_ID + index:05d}",
            f"    name: {card['name']}",
            f"    demand: {{{demand}}}",
            f"    closed: {card['closed']}",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


COMPONENT = """\
  - id: bench-deliveries
    name: More delivery cards
    part: cards
    size: poker
    count: {count}
    face: delivery
    back: card-back
    source: bench-deliveries.yaml
    fields:
      name: {{type: text}}
      demand: {{type: counts, of: resource, total: 5}}
      closed: {{type: choice, of: resource}}

"""


def write_project(root: Path, repo: Path, count: int) -> Path:
    """Create ``root`` as a project holding only Common Reserve with a second delivery deck,
    ``count`` cards long, beside its own twelve (whose rulebook counts and names them);
    returns root."""
    game_dir = root / "content" / GAME
    shutil.copytree(repo / "content" / GAME, game_dir)
    shutil.copytree(repo / "layouts", root / "layouts")
    real = yaml.safe_load((game_dir / "deliveries.yaml").read_text(encoding="utf-8"))["items"]
    write_deliveries(game_dir / "bench-deliveries.yaml", real, count)
    game = game_dir / "game.yaml"
    text = game.read_text(encoding="utf-8")
    anchor = "  - id: reserve-sheet\n"
    if anchor not in text:
        raise SystemExit(f"bench: no reserve-sheet component in {game} to insert the deck before")
    text = text.replace(anchor, COMPONENT.format(count=count) + anchor, 1)
    game.write_text(text, encoding="utf-8")
    return root
