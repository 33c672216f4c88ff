"""A game at the limits checks in time linear in its size: counted, not timed. The Python
calls a check makes grow by the same amount for every item added, whatever the deck's size
(a step that compares every item with every other would double the growth)."""

from __future__ import annotations

import sys
from pathlib import Path

from cutsheet.build import Project, check_game

from .corpus_cases import make_project


def _deck(root: Path, n: int) -> None:
    game = root / "content" / "tiny" / "game.yaml"
    text = game.read_text()
    game.write_text(text.replace("    count: 3\n", f"    count: {n}\n", 1))
    rules = root / "content" / "tiny" / "rules.yaml"
    rules.write_text(rules.read_text().replace("'TY-A'", "'TY-N1'").replace("'TY-C'", "'TY-N2'"))
    rows = [f"TY-N{i},plain,Card {i},{i % 7},Pay {i % 3}R." for i in range(n)]
    (root / "content" / "tiny" / "cards.csv").write_text(
        "id,kind,name,cost,rule\n" + "\n".join(rows) + "\n"
    )


def _calls(root: Path) -> int:
    count = [0]

    def counter(_frame: object, event: str, _arg: object) -> None:
        if event in ("call", "c_call"):
            count[0] += 1

    sys.setprofile(counter)
    try:
        report = check_game(Project(root), "tiny", ["standard"])
    finally:
        sys.setprofile(None)
    assert not report.problems, report.problems
    return count[0]


def test_checking_grows_linearly_with_the_number_of_items(tmp_path):
    calls = {}
    for n in (40, 40, 80, 160):  # the first run imports and registers what every run uses
        root = make_project(tmp_path / f"n{n}-{len(calls)}")
        _deck(root, n)
        calls[n] = _calls(root)
    first, second = calls[80] - calls[40], calls[160] - calls[80]
    assert first > 0
    assert second / first < 2.3, (calls, second / first)  # linear: 2; quadratic: 4


def test_a_moved_box_is_the_box_dataclasses_replace_makes():
    """Scaling copies every box of every face with its new place (``_replaced``, without
    running ``__init__`` again): the same box ``dataclasses.replace`` makes, for every kind
    of box the games' layouts use."""
    import dataclasses

    from cutsheet import jobs
    from cutsheet.plan.scale import _replaced

    root = str(Path(__file__).resolve().parents[1])
    kinds = set()
    for game in ("bidding-alpha", "common-reserve", "festival-charter", "festivibes"):
        _game, layouts, _problems = jobs.load(root, game)
        assert layouts is not None
        for face in layouts.faces.values():
            for box in face.boxes:
                changes = {"x": box.x + 1.5, "y": 2.25, "w": box.w * 1.1, "h": 7.0, "style": "x"}
                before = dict(vars(box))
                made = _replaced(box, changes)
                assert type(made) is type(box)
                assert made == dataclasses.replace(box, **changes)
                assert vars(box) == before  # the original is untouched
                kinds.add(box.kind)
    assert len(kinds) >= 5, kinds
