"""The pipeline's shape: each game loaded once and planned once per profile, plans shared by
both papers, games independent of each other, caches keyed on the files a game reads."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest

from cutsheet import jobs
from cutsheet.boxes import Element
from cutsheet.build import Options, build
from cutsheet.content import load_game
from cutsheet.layouts import load_layouts
from cutsheet.plan import plan_game
from cutsheet.plan.model import FacePlan, GamePlan, Run
from cutsheet.profiles import load_profile

BOTH = Options(profiles=("standard", "large-print"), papers=("a4", "letter"))


def _quiet(_m: str) -> None:
    pass


def _hashes(out: Path, game: str) -> dict[str, str]:
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted((out / game).rglob("*.pdf"))
    }


def test_a_build_loads_each_game_once_and_plans_once_per_profile(ws, tmp_path):
    games = ws.project.games()
    _out, report = build(ws.project, games, BOTH, tmp_path / "out", jobs=1, progress=_quiet)
    assert not report.errors
    assert jobs.memo().loads == {g: 1 for g in games}
    assert jobs.memo().plans == {(g, p): 1 for g in games for p in BOTH.profiles}


def test_a_plan_is_typed_frozen_and_shared_by_both_papers(repo):
    game = load_game(repo.content / "common-reserve")
    layouts = load_layouts(repo.layouts, game.spec.layouts)
    plan, problems = plan_game(game, layouts, load_profile(repo.layouts, "standard"))
    assert problems == []
    assert isinstance(plan, GamePlan)
    runs = [r for r in plan.parts["cards"] if isinstance(r, Run)]
    face = runs[0].cards[0].front
    assert isinstance(face, FacePlan)
    assert all(isinstance(el, Element) for el in face.elements)
    with pytest.raises(dataclasses.FrozenInstanceError):
        face.width_mm = 1  # type: ignore[misc]
    # shapes first, then the text in reading order, title first
    kinds = [el.is_text for el in face.elements]
    assert kinds == sorted(kinds)
    assert face.texts[0] == runs[0].cards[0].front.texts[0]


def test_a_broken_game_keeps_its_pdfs_while_the_others_build(ws, tmp_path):
    out = tmp_path / "out"
    games = ws.project.games()
    std = Options(profiles=("standard",), papers=("a4",))
    _o, report = build(ws.project, games, std, out, jobs=1, progress=_quiet)
    assert not report.errors
    before = _hashes(out, "festivibes")
    ws.edit("content/festivibes/game.yaml", "\ntitle: ", "\ntitel: ")
    ws.edit("content/common-reserve/rules.yaml", "title: Common Reserve", "title: Common Reserve!")
    outputs, report = build(ws.project, games, std, out, jobs=1, progress=_quiet)
    assert report.errors and all("festivibes" in str(p.loc) for p in report.errors)
    assert _hashes(out, "festivibes") == before
    assert any(o["game"] == "common-reserve" for o in outputs)
    manifest = json.loads((out / "manifest.json").read_text())
    for entry in manifest["outputs"]:  # the manifest matches the files on disk
        data = (out / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]


def test_a_change_to_one_layout_file_rebuilds_only_its_game(ws, tmp_path):
    out = tmp_path / "out"
    std = Options(profiles=("standard",), papers=("a4",))
    games = ws.project.games()
    build(ws.project, games, std, out, jobs=1, progress=_quiet)
    path = ws.path("layouts/festivibes.yaml")
    path.write_text(path.read_text() + "\n# a comment\n")
    said: list[str] = []
    build(ws.project, games, std, out, jobs=1, progress=said.append)
    rebuilt = [m for m in said if m.startswith("[")]
    assert len(rebuilt) == 1 and "festivibes" in rebuilt[0]
