"""The game corpus: one small case per kind of content, layout, template or CSV mistake
(``tests/corpus/game/*.yaml``, each breaking the tiny game in ``tests/corpus/game/_base``).

For every case, ``cutsheet check`` and ``cutsheet build`` report exactly the case's located
problems (``path:line:col: error: message``), exit 1, never raise, never show a file from
outside the project, and the build writes no PDF and leaves the last good ones untouched.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .corpus_cases import (
    SECRET,
    build,
    cases,
    check,
    expected,
    make_project,
    profile,
    seed_last_good,
    written,
)

CASES = cases()


def _pdfs(files: dict[str, bytes]) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k.endswith(".pdf")}


def test_the_corpus_covers_every_kind_of_mistake():
    names = {case.stem for case in CASES}
    kinds = {
        "confinement": {"source_escapes", "layouts_absolute", "include_escapes", "image_symlink"},
        "markup": {"img_in_layout", "img_in_rules", "font_courier", "ondraw"},
        "bounds": {"template_repeat", "template_range", "template_output", "copies_huge"},
        "check is build": {"fill_not_a_colour", "template_division", "sheet_taller_than_page"},
        "csv": {"csv_short_row", "where_value", "csv_header_typo"},
    }
    for kind, wanted in kinds.items():
        assert wanted <= names, f"{kind}: {sorted(wanted - names)} missing"
    assert len(CASES) >= 40


def test_the_tiny_game_itself_checks_and_builds(tmp_path, capsys):
    root = make_project(tmp_path)
    assert check(root, capsys).code == 0
    out = tmp_path / "out"
    built = build(root, capsys, out)
    assert built.code == 0, built.stderr
    assert len(_pdfs(written(out))) == 8  # cards, sheets, rules, booklet on A4 and Letter


@pytest.mark.parametrize("case", CASES, ids=[case.stem for case in CASES])
def test_check_and_build_report_the_cases_problems(case, tmp_path, capsys):
    root = make_project(tmp_path, case)
    want = expected(case)
    assert want, f"{case.name} expects no problem"

    checked = check(root, capsys, profile(case))
    assert (checked.code, checked.problems) == (1, want), checked.stderr

    out = tmp_path / "out"
    before = seed_last_good(out)
    built = build(root, capsys, out, profile(case))
    assert (built.code, built.problems) == (1, want), built.stderr
    after = written(out)
    assert _pdfs(after) == _pdfs(before)  # no new PDF, the last good ones untouched
    assert json.loads(after["manifest.json"])["outputs"] == []

    for shown in (checked.stderr, built.stderr):
        assert "Traceback" not in shown
        assert SECRET not in shown and "root:x:" not in shown


@pytest.mark.parametrize("name", ["layouts_absolute", "template_range"])
def test_a_real_process_shows_no_traceback_and_no_file(name, tmp_path):
    """The two commands as a user runs them: nothing but the located lines and the count."""
    (case,) = [c for c in CASES if c.stem == name]
    root = make_project(tmp_path, case)
    for args in (["check"], ["build", "--out", str(tmp_path / "out")]):
        result = subprocess.run(
            [sys.executable, "-m", "cutsheet", *args, "--profile", "standard"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 1, result.stderr
        lines = [line for line in result.stderr.splitlines() if not line.startswith("cutsheet:")]
        assert lines == expected(case), result.stderr
        assert "Traceback" not in result.stderr and "root:x:" not in result.stderr
    assert not list(Path(tmp_path / "out").rglob("*.pdf"))


# --- cases too big to write out ---------------------------------------------------------------


def test_include_nests_at_most_32_files(tmp_path, capsys):
    root = make_project(tmp_path)
    layouts = root / "layouts"
    for i in range(40):
        (layouts / f"part{i}.yaml").write_text(f"include: [part{i + 1}.yaml]\n")
    (layouts / "part40.yaml").write_text("styles: {}\n")
    tiny = layouts / "tiny.yaml"
    tiny.write_text(
        tiny.read_text().replace("include: [base.yaml]", "include: [base.yaml, part0.yaml]")
    )
    want = ["layouts/part31.yaml:1:11: error: 'include' nests more than 32 layout files deep"]
    assert check(root, capsys).problems == want
    assert build(root, capsys, tmp_path / "out").problems == want


def test_a_game_check_that_cannot_read_the_content_is_a_located_error(tmp_path, monkeypatch):
    from cutsheet import checks
    from cutsheet.content import load_game

    game = load_game(make_project(tmp_path) / "content" / "tiny")

    def confused(_game):
        return {}["stage"]  # what a game's arithmetic does with content it did not expect

    monkeypatch.setattr(
        checks, "game_specific", lambda _game, name="check": confused if name == "check" else None
    )
    (problem,) = checks.run_checks(game)
    assert problem.loc.line == 9  # game.yaml's components
    assert problem.message == (
        "the rulebook checks of 'tiny' cannot read this content (KeyError: 'stage');"
        " see cutsheet/games/tiny.py for what they expect"
    )
