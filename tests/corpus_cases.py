"""The game corpus (``tests/corpus/game/``): a tiny project and one case file per kind of
content, layout, template or CSV mistake, each with the exact problems ``check`` and
``build`` must both report. Shared by the corpus test and the fuzz campaign."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cutsheet.cli import main

CORPUS = Path(__file__).parent / "corpus" / "game"
BASE = CORPUS / "_base"
SECRET = "TOP-SECRET-LINE"  # in every file outside the project; no message may show it
LAST_GOOD = b"%PDF-1.4 the last good build\n"


def cases() -> list[Path]:
    return sorted(CORPUS.glob("*.yaml"))


def _sub(text: str, outside: Path) -> str:
    return text.replace("{outside}", str(outside))


def make_project(tmp: Path, case: Path | None = None) -> Path:
    """The tiny project in ``tmp/project``, broken as ``case`` says; files outside it (which
    a case may try to read) in ``tmp/outside``."""
    root = tmp / "project"
    outside = tmp / "outside"
    shutil.copytree(BASE, root, symlinks=True)
    outside.mkdir(exist_ok=True)
    for name in ("secret.csv", "secret.yaml", "secret.png"):
        (outside / name).write_text(f"{SECRET}\nid,name\n")
    if case is None:
        return root
    spec: dict[str, Any] = yaml.safe_load(case.read_text())
    for rel, edits in (spec.get("edit") or {}).items():
        path = root / rel
        text = path.read_text()
        for old, new in edits:
            assert text.count(old) == 1, f"{case.name}: {old!r} occurs {text.count(old)} times"
            text = text.replace(old, _sub(new, outside))
        path.write_text(text)
    for rel, text in (spec.get("write") or {}).items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(_sub(text, outside))
    for rel, name in (spec.get("copy") or {}).items():
        shutil.copy(CORPUS / name, root / rel)
    for rel, target in (spec.get("symlink") or {}).items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).unlink(missing_ok=True)
        (root / rel).symlink_to(_sub(target, outside))
    for rel, target in (spec.get("move_out") or {}).items():  # moved out, a symlink left
        moved = Path(_sub(target, outside))
        shutil.move(root / rel, moved)
        (root / rel).symlink_to(moved)
    for rel in spec.get("fifo") or []:
        (root / rel).unlink()
        os.mkfifo(root / rel)
    for rel in spec.get("folder") or []:
        (root / rel).unlink()
        (root / rel).mkdir()
        (root / rel / "inside.yaml").write_text("sections: []\n")
    return root


def expected(case: Path) -> list[str]:
    return list(yaml.safe_load(case.read_text())["expect"])


def profile(case: Path | None) -> str:
    """The profile a case checks and builds (``profile:``; standard unless it says)."""
    if case is None:
        return "standard"
    return str(yaml.safe_load(case.read_text()).get("profile", "standard"))


@dataclass
class Outcome:
    code: int
    problems: list[str]  # the located lines, in order
    stderr: str


def run(root: Path, capsys: Any, *args: str) -> Outcome:
    """``cutsheet --root ROOT ARGS`` in this process, from inside the project (so paths show
    relative to it). Any exception escapes to the test: a traceback is a failure."""

    cwd = os.getcwd()
    os.chdir(root)
    try:
        capsys.readouterr()
        code = main(["--root", str(root), *args])
        err = capsys.readouterr().err
    finally:
        os.chdir(cwd)
    problems = [line for line in err.splitlines() if not line.startswith("cutsheet: ")]
    return Outcome(code, problems, err)


def check(root: Path, capsys: Any, profile: str = "standard") -> Outcome:
    return run(root, capsys, "check", "--profile", profile)


def seed_last_good(out: Path) -> dict[str, bytes]:
    """An output folder holding a 'last good build' that a failed build must not touch."""
    files = {
        "tiny/standard-a4/cards.pdf": LAST_GOOD,
        "tiny/standard-a4/rules.pdf": LAST_GOOD,
        "manifest.json": b'{"generator": "cutsheet", "outputs": []}\n',
    }
    for rel, data in files.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    return files


def build(root: Path, capsys: Any, out: Path, profile: str = "standard") -> Outcome:
    return run(root, capsys, "build", "--profile", profile, "--jobs", "1", "--out", str(out))


def written(out: Path) -> dict[str, bytes]:
    """Every file of a build folder but the cache (and its lock)."""
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and ".cache" not in p.relative_to(out).parts
    }


def add_to_rules(root: Path, blocks: str) -> None:
    """Put ``blocks`` (YAML lines of rules blocks, each ending in a newline) into the tiny
    game's rules, after its worked example."""
    rules = root / "content" / "tiny" / "rules.yaml"
    text = rules.read_text()
    rules.write_text(text.replace("      - example: pay\n", f"      - example: pay\n{blocks}"))


def on_board(root: Path, blocks: str) -> None:
    """Put ``blocks`` (YAML of sheet blocks: the first without its '- ', the others on lines
    of their own) on the tiny game's board sheet, where its score track is."""
    game = root / "content" / "tiny" / "game.yaml"
    text = game.read_text()
    game.write_text(text.replace("track: {label: Score, start: 0, stop: 10}", blocks))
