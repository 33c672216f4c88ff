"""What no content can cause but a damaged install or a bug can: one line, never a traceback,
and a game that fails that way never stops the others."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cutsheet import jobs
from cutsheet.build import Options, Project, build
from cutsheet.measure import FACES, FONT_DIR

from .corpus_cases import make_project

SCRIPT = """
import shutil, sys
from pathlib import Path
from cutsheet import measure
from cutsheet.cli import main
fonts = Path(sys.argv[1])
shutil.copytree(measure.FONT_DIR, fonts)
bold = fonts / "AtkinsonHyperlegible-Bold.ttf"
bold.write_bytes(bold.read_bytes()[:3000])  # a damaged install: half a font
measure.FONT_DIR = fonts
sys.exit(main(sys.argv[2:]))
"""


def test_a_damaged_packaged_font_is_one_line_in_check_and_build(tmp_path):
    root = make_project(tmp_path)
    fonts = tmp_path / "fonts"
    for args in (["check"], ["build", "--out", str(tmp_path / "out")]):
        if fonts.exists():
            import shutil

            shutil.rmtree(fonts)
        result = subprocess.run(
            [sys.executable, "-c", SCRIPT, str(fonts), "--root", str(root), *args],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 1, result.stderr
        lines = [x for x in result.stderr.splitlines() if not x.startswith("cutsheet: ")]
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith(f"{fonts / 'AtkinsonHyperlegible-Bold.ttf'}: error: ")
        assert lines[0].endswith("; reinstall cutsheet")
        assert "cutsheet's own font cannot be loaded" in lines[0]
        assert "Traceback" not in result.stderr
    assert not list((tmp_path / "out").rglob("*.pdf"))
    assert {f[1] for f in FACES.values()} <= {p.name for p in FONT_DIR.iterdir()}


def test_a_bug_in_one_game_fails_that_game_only(tmp_path, monkeypatch):
    first = make_project(tmp_path / "a")
    second = first.parent / "project" / "content" / "other"
    second.mkdir()
    tiny = first / "content" / "tiny"
    for f in tiny.iterdir():
        text = f.read_bytes()
        if f.name == "game.yaml":
            text = text.replace(b"id: tiny", b"id: other")
        (second / f.name).write_bytes(text)
    real = jobs.plan

    def plan(root: str, game_id: str, profile: str, imposition: str = "duplex"):  # noqa: ANN202 - a stand-in
        if game_id == "other":
            raise ZeroDivisionError("division by zero")
        return real(root, game_id, profile, imposition)

    monkeypatch.setattr(jobs, "plan", plan)
    out = tmp_path / "out"
    std = Options(profiles=("standard",), papers=("a4",))
    outputs, report = build(
        Project(first), ["other", "tiny"], std, out, jobs=1, progress=lambda _m: None
    )
    assert [str(p) for p in report.problems] == [
        f"{first}/content/other/game.yaml: error: standard: cutsheet failed on this game"
        " (ZeroDivisionError: division by zero); please report it"
    ]
    assert sorted(o["path"] for o in outputs) == sorted(
        [f"tiny/standard-a4/{p}.pdf" for p in ("cards", "sheets", "rules", "rules-booklet")]
        + ["tiny/standard-a4/font-licences/OFL-AtkinsonHyperlegible.txt"]
    )
    pdfs = [o for o in outputs if o["path"].endswith(".pdf")]
    assert all(Path(out / o["path"]).read_bytes().startswith(b"%PDF-") for o in pdfs)
