"""cutsheet as a new user gets it: a wheel, installed into a fresh virtual environment outside
the source tree, starts a game in an empty folder and builds it. Also: what ships in the
package, and how a project adds or overrides packaged layouts and profiles."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from cutsheet.build import Options, Project, build
from cutsheet.layouts import PACKAGED as PACKAGED_LAYOUTS
from cutsheet.layouts import find_layout, load_layouts
from cutsheet.measure import FONT_DIR
from cutsheet.profiles import PACKAGED as PACKAGED_PROFILES
from cutsheet.profiles import available_profiles, load_profile, profile_path
from cutsheet.scaffold import new_game

from .conftest import ROOT

# One wheel, one venv and one wheelhouse per run: under pytest-xdist the module's tests run in
# one worker (two filling the wheelhouse in pytest's cache at once would trip over each other).
pytestmark = pytest.mark.xdist_group("install")

PAGE_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
FONTS = [
    "AtkinsonHyperlegible-Bold.ttf",
    "AtkinsonHyperlegible-BoldItalic.ttf",
    "AtkinsonHyperlegible-Italic.ttf",
    "AtkinsonHyperlegible-Regular.ttf",
    "OFL-AtkinsonHyperlegible.txt",
]
DATA = [f"data/fonts/{f}" for f in FONTS] + [
    "data/layouts/base.yaml",
    "data/layouts/profiles/standard.yaml",
    "data/layouts/profiles/large-print.yaml",
    "data/layouts/profiles/ink-saver.yaml",
    "data/new-game/game.yaml",
    "data/new-game/cards.yaml",
    "data/new-game/rules.yaml",
    "data/new-game/layout.yaml",
    "data/new-game/README.md",
    "data/new-game/gitignore",
    "data/guide/editing.md",
]


def pip(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_REQUIRE_VIRTUALENV")}
    return subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from a copy of the sources (so the build sees only what it packages)."""
    work = tmp_path_factory.mktemp("wheel")
    src = work / "cutsheet"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "src", src / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    result = pip("wheel", "--no-deps", "--quiet", "-w", str(work / "dist"), str(src), cwd=work)
    assert result.returncode == 0, result.stdout + result.stderr
    (built,) = (work / "dist").glob("cutsheet-*.whl")
    return built


@pytest.mark.install
def test_the_wheel_ships_fonts_layouts_profiles_and_the_template(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [f for f in DATA if f"cutsheet/{f}" not in names]
    assert not missing


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory, request) -> Path:
    """A fresh venv with the wheel installed; returns its bin/ folder. Dependencies come from a
    wheelhouse kept in pytest's cache, filled from the package index on the first run only."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    house = Path(request.config.cache.mkdir("cutsheet-wheelhouse"))
    # --no-compile: pip's byte-compiling of every installed module (a failure of which pip only
    # reports) was two thirds of the install's CPU; what cutsheet imports is compiled on use
    install = ["--python", str(python), "install", "--quiet", "--no-compile", "--no-index"]
    install += ["--find-links"]
    result = pip(*install, str(house), str(wheel), cwd=venv)
    if result.returncode != 0:  # first run (or new dependencies): fill the wheelhouse
        # 'wheel', not 'download': a dependency published as source only (svglib 1.5) is
        # built into a wheel here, so the offline install below needs no build tools
        fetched = pip("wheel", "--quiet", "-w", str(house), str(wheel), cwd=venv)
        if fetched.returncode != 0:
            pytest.skip(f"cannot fetch the dependencies' wheels: {fetched.stderr[-500:]}")
        for own in house.glob("cutsheet-*"):  # only dependencies belong there
            own.unlink()
        result = pip(*install, str(house), str(wheel), cwd=venv)
    assert result.returncode == 0, result.stdout + result.stderr
    return venv / "bin"


def run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [str(bin_dir / "cutsheet"), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.install
def test_a_new_game_builds_from_an_installed_wheel(installed, tmp_path):
    where = subprocess.run(
        [str(installed / "python"), "-c", "import cutsheet; print(cutsheet.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(installed.parent)  # not the source tree

    project = tmp_path / "mygame"
    project.mkdir()
    new = run(installed, "new", "my-game", cwd=project)
    assert new.returncode == 0, new.stderr
    assert sorted(p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file()) == [
        ".gitignore",
        "README.md",
        "content/my-game/cards.yaml",
        "content/my-game/game.yaml",
        "content/my-game/rules.yaml",
        "layouts/my-game.yaml",
    ]
    readme = (project / "README.md").read_text()
    assert readme.startswith("Print-and-play games made with cutsheet")
    # what the new files point to is there for whoever installed the wheel (a probe found
    # them pointing at docs/editing.md, which only a clone of the repository has)
    assert "`cutsheet guide`" in readme
    guide = run(installed, "guide", cwd=project)
    assert guide.returncode == 0, guide.stderr
    assert guide.stdout.startswith("# Editing a game, step by step")
    assert "## Make it yours" in guide.stdout
    assert "build/" in (project / ".gitignore").read_text().splitlines()

    built = run(installed, "build", cwd=project)
    assert built.returncode == 0, built.stderr
    assert "Traceback" not in built.stderr and "error" not in built.stderr
    out = project / "build" / "my-game"
    assert sorted(p.name for p in out.iterdir()) == [  # ink-saver: only when asked for
        "large-print-a4",
        "large-print-letter",
        "standard-a4",
        "standard-letter",
    ]
    for folder in out.iterdir():
        paper = folder.name.rsplit("-", 1)[1]
        for part in ("cards", "rules", "rules-booklet"):
            reader = PdfReader(folder / f"{part}.pdf")
            sizes = {(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages}
            (size,) = sizes
            if part == "rules-booklet":  # two pages side by side on a landscape sheet
                size = size[::-1]
            assert size == pytest.approx(PAGE_PT[paper], abs=0.05), (folder.name, part)
        text = PdfReader(folder / "cards.pdf").pages[0].extract_text()
        assert "Sun" in text and "MG-SUN" in text, folder.name
        assert "another card" in text, folder.name
        rules = PdfReader(folder / "rules.pdf").pages[0].extract_text()
        assert "How to play" in rules, folder.name

    # --root from another folder: the same project, outputs under it, not the working folder
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    again = run(installed, "--root", str(project), "build", "my-game", cwd=elsewhere)
    assert again.returncode == 0, again.stderr
    assert "my-game standard-a4: unchanged" in again.stderr
    assert not list(elsewhere.iterdir())
    schema = run(installed, "--root", str(project), "schema", cwd=elsewhere)
    assert schema.returncode == 0, schema.stderr
    assert (project / "schema" / "my-game" / "cards.schema.json").is_file()
    assert not list(elsewhere.iterdir())


# ------------------------------------------------------------------ packaged data
def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_repository_holds_no_symlinks():
    """A checkout on any operating system (Windows without developer mode included) is the
    same tree: no file of the repository is a link."""
    listed = subprocess.run(
        ["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    links = [line.split("\t", 1)[1] for line in listed.stdout.splitlines() if line[:6] == "120000"]
    assert links == []
    on_disk = [p for p in (ROOT / "src").rglob("*") if p.is_symlink()]
    assert on_disk == []


def test_the_packaged_data_is_kept_in_one_place():
    """Fonts, base.yaml and the profiles live in the package only; the repository, a project
    like any other, uses the packaged ones (its own copies would drift)."""
    for name in FONTS:
        path = FONT_DIR / name
        assert path.is_file() and not path.is_symlink(), name
    assert (PACKAGED_LAYOUTS / "base.yaml").is_file()
    assert sorted(p.name for p in PACKAGED_PROFILES.glob("*.yaml")) == [
        "ink-saver.yaml",
        "large-print.yaml",
        "standard.yaml",
    ]
    assert not (ROOT / "fonts").exists()
    assert not (ROOT / "layouts" / "base.yaml").exists()
    assert not (ROOT / "layouts" / "profiles").exists()
    repo = Project(ROOT)
    assert find_layout(repo.layouts, "base.yaml") == PACKAGED_LAYOUTS / "base.yaml"
    assert profile_path(repo.layouts, "standard") == PACKAGED_PROFILES / "standard.yaml"


def test_the_fonts_are_found_inside_the_package():
    import cutsheet

    assert FONT_DIR.is_relative_to(Path(cutsheet.__file__).parent)


@pytest.fixture
def project(tmp_path) -> Project:
    new_game(tmp_path, "my-game")
    return Project(tmp_path)


def test_a_project_without_layouts_of_its_own_uses_the_packaged_ones(project):
    layouts = project.layouts
    assert find_layout(layouts, "base.yaml") == PACKAGED_LAYOUTS / "base.yaml"
    assert profile_path(layouts, "standard") == PACKAGED_PROFILES / "standard.yaml"
    assert available_profiles(layouts) == ["ink-saver", "large-print", "standard"]
    loaded = load_layouts(layouts, "my-game.yaml")
    assert {"card", "card-back", "card-front"} <= set(loaded.faces)


def test_a_projects_own_base_and_profiles_win_and_add(project):
    layouts = project.layouts
    (layouts / "profiles").mkdir()
    text = (PACKAGED_PROFILES / "standard.yaml").read_text()
    (layouts / "profiles" / "standard.yaml").write_text(
        text.replace("body_size: 10", "body_size: 11")
    )
    (layouts / "profiles" / "poster.yaml").write_text(
        text.replace("name: standard", "name: poster")
    )
    base = (PACKAGED_LAYOUTS / "base.yaml").read_text()
    (layouts / "base.yaml").write_text(base.replace("id: {size: 5.5,", "id: {size: 6,"))

    assert load_profile(layouts, "standard").body_size == 11
    assert load_profile(layouts, "large-print").body_size == 18  # still the packaged one
    assert available_profiles(layouts) == ["ink-saver", "large-print", "poster", "standard"]
    assert find_layout(layouts, "base.yaml") == layouts / "base.yaml"
    assert load_layouts(layouts, "my-game.yaml").styles["id"].size == 6


def test_adding_a_projects_own_base_rebuilds_a_cached_game(project, tmp_path):
    out = tmp_path / "build"
    options = Options(profiles=("standard",), papers=("a4",))
    said: list[str] = []
    _o, report = build(project, ["my-game"], options, out, progress=said.append)
    assert not report.errors
    _o, report = build(project, ["my-game"], options, out, progress=said.append)
    assert "my-game standard-a4: unchanged" in said
    cards = out / "my-game" / "standard-a4" / "cards.pdf"
    before = digest(cards)

    base = (PACKAGED_LAYOUTS / "base.yaml").read_text()
    (project.layouts / "base.yaml").write_text(base.replace('fill: "#0072B2"', 'fill: "#000000"'))
    said.clear()
    _o, report = build(project, ["my-game"], options, out, progress=said.append)
    assert not report.errors
    assert "my-game standard-a4: unchanged" not in said
    assert digest(cards) != before


def test_a_projects_profile_must_carry_its_file_name(project, monkeypatch):
    from cutsheet.diagnostics import ContentError

    monkeypatch.chdir(project.root)
    (project.layouts / "profiles").mkdir()
    shutil.copy(PACKAGED_PROFILES / "standard.yaml", project.layouts / "profiles" / "poster.yaml")
    with pytest.raises(ContentError) as caught:
        load_profile(project.layouts, "poster")
    assert [str(p) for p in caught.value.problems] == [
        "layouts/profiles/poster.yaml:3:7: error: profile name 'standard' must match its file"
        " name 'poster'"
    ]


def test_a_projects_profile_that_does_not_say_tagged_is_tagged(project, tmp_path):
    """Every profile is tagged unless it says ``tagged: false``: a project's profile copied
    from ``standard.yaml`` without its ``tagged:`` line built untagged, unsaid."""
    from pypdf import PdfReader

    (project.layouts / "profiles").mkdir()
    text = (PACKAGED_PROFILES / "standard.yaml").read_text()
    assert text.count("tagged: true\n") == 1
    text = text.replace("name: standard", "name: poster").replace("tagged: true\n", "")
    (project.layouts / "profiles" / "poster.yaml").write_text(text)
    (project.layouts / "profiles" / "plain.yaml").write_text(
        text.replace("name: poster", "name: plain") + "tagged: false\n"
    )
    out = tmp_path / "build"
    options = Options(profiles=("poster", "plain"), papers=("a4",))
    _o, report = build(project, ["my-game"], options, out)
    assert not report.errors
    for profile, tagged in (("poster", True), ("plain", False)):
        root = PdfReader(out / "my-game" / f"{profile}-a4" / "cards.pdf").trailer["/Root"]
        assert ("/StructTreeRoot" in root) is tagged, profile
        assert bool(root.get("/MarkInfo", {}).get("/Marked", False)) is tagged, profile
