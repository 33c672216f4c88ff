"""``--out`` given relative to the working directory builds there, as an absolute one does
(a relative folder once made the commit fail with a traceback while staging)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .corpus_cases import make_project


def build_in(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``cutsheet build --paper a4 ARGS…`` run as a user runs it, in ``cwd``."""
    command = [sys.executable, "-m", "cutsheet.cli", "build", "--paper", "a4", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True)


def test_a_relative_out_folder_builds(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    done = build_in(root, "--out", "kit")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    cards = root / "kit" / "tiny" / "standard-a4" / "cards.pdf"
    assert cards.read_bytes().startswith(b"%PDF-")
    again = build_in(root, "--out", "kit")
    assert again.returncode == 0 and "unchanged" in again.stderr, again.stderr


def test_a_folder_has_no_file_hash(tmp_path: Path) -> None:
    from cutsheet.cache import file_hash

    assert file_hash(str(tmp_path)) is None  # not a regular file (it used to raise)
    assert file_hash(str(tmp_path / "absent")) == ""


def test_an_out_folder_with_dot_dot_builds(tmp_path: Path) -> None:
    """``--out ../kit`` (or ``sub/../kit``): the staged files are named without the ``..``,
    and were once not found inside the folder, a traceback after every PDF was drawn."""
    root = make_project(tmp_path)
    (root / "sub").mkdir()
    for out, cwd, kit in (
        ("../kit", root / "sub", root / "kit"),
        ("x/../kit2", root, root / "kit2"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "cutsheet.cli", "--root", str(root), "build", "--paper", "a4"]
            + ["--out", out],
            cwd=cwd,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert (kit / "tiny" / "standard-a4" / "cards.pdf").read_bytes().startswith(b"%PDF-")


def test_an_out_folder_among_the_sources_is_refused(tmp_path: Path) -> None:
    """``--out content`` (or ``layouts``, or a game's folder) would write PDFs, a manifest
    and a cache among the files the next build reads: refused, with exit 1 and nothing
    written. The project's own folder is allowed (``preview --out .``)."""
    root = make_project(tmp_path)
    before = sorted(str(p.relative_to(root)) for p in root.rglob("*"))
    for out in ("content", "content/tiny", "layouts", str(root / "content" / "x")):
        done = build_in(root, "--out", out)
        assert done.returncode == 1, (out, done.stderr)
        assert "among the project's sources" in done.stderr and "Traceback" not in done.stderr
    assert sorted(str(p.relative_to(root)) for p in root.rglob("*")) == before


def test_the_project_folder_is_refused_when_a_game_is_named_like_a_source(tmp_path: Path) -> None:
    """A probe: a game named ``content`` built with ``--out .`` wrote its PDFs into
    ``content/standard-a4/``, among the sources (the folder given is the project's, which
    previews may use; the game's folder under it is not)."""
    root = make_project(tmp_path)
    (root / "content" / "tiny").rename(root / "content" / "content")
    game = root / "content" / "content" / "game.yaml"
    game.write_text(game.read_text().replace("id: tiny", "id: content"))
    (root / "layouts" / "tiny.yaml").rename(root / "layouts" / "content.yaml")
    game.write_text(game.read_text().replace("layouts: tiny.yaml", "layouts: content.yaml"))
    before = sorted(str(p.relative_to(root)) for p in root.rglob("*"))
    done = build_in(root, "--out", ".")
    assert done.returncode == 1 and "among the project's sources" in done.stderr, done.stderr
    assert sorted(str(p.relative_to(root)) for p in root.rglob("*")) == before


def test_a_default_build_folder_that_links_into_the_sources_is_named(tmp_path: Path) -> None:
    """A probe: build/ a link to content/ said "--out None would write among ..."."""
    root = make_project(tmp_path)
    (root / "build").symlink_to(root / "content")
    done = build_in(root)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "cutsheet: build/ leads into the project's sources (a link?); remove it, or give --out"
        " a folder of its own"
    )
