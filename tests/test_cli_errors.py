"""Errors an editor can act on: each is a line or two naming what is wrong (and what would be
right), exit 1 (argparse's usage errors: 2), never a traceback."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cutsheet.cli import main
from cutsheet.profiles import PACKAGED as PACKAGED_PROFILES
from cutsheet.scaffold import new_game

from .conftest import ROOT

SUMMARY = "cutsheet: 1 error"


def cutsheet(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cutsheet", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    """What the user reads on stderr, less the error count that closes a list of problems."""
    assert "Traceback" not in result.stderr, result.stderr
    return [line for line in result.stderr.splitlines() if line != SUMMARY]


@pytest.fixture
def project(tmp_path) -> Path:
    root = tmp_path / "project"
    new_game(root, "my-game")
    return root


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The last line ``cutsheet ARGV`` writes when its arguments refuse it (status 2)."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


# ------------------------------------------------------------------ unwritable outputs
@pytest.mark.parametrize(
    "args",
    [
        ("build", "--paper", "a4", "--profile", "standard"),
        ("schema",),
        ("preview", "my-game", "--item", "MG-SUN"),
        ("watch", "--timeout", "1"),
    ],
    ids=["build", "schema", "preview", "watch"],
)
@pytest.mark.parametrize("where", ["proc", "file"])
def test_an_unwritable_out_is_one_line_and_exit_1(project, args, where):
    if where == "proc":  # not writable even by root
        out = "/proc/cutsheet-test/out"
    else:  # a file where a folder should be
        (project / "a-file").write_text("")
        out = str(project / "a-file" / "out")
    result = cutsheet(project, *args, "--out", out)
    assert result.returncode == 1
    (line,) = lines(result)
    assert out in line or str(Path(out).parent) in line, line
    assert result.stdout == ""


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_project_folder_is_one_line_and_exit_1(project):
    project.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        result = cutsheet(project, "build", "--paper", "a4", "--profile", "standard")
    finally:
        project.chmod(stat.S_IRWXU)
    assert result.returncode == 1
    (line,) = lines(result)
    assert "build" in line and "ermission denied" in line, line


# ------------------------------------------------------------------ unknown names
@pytest.mark.parametrize(
    "args",
    [
        ("build", "my-gam"),
        ("check", "my-gam"),
        ("preview", "my-gam", "--item", "MG-SUN"),
        ("watch", "my-gam", "--timeout", "1"),
    ],
    ids=["build", "check", "preview", "watch"],
)
def test_an_unknown_game_lists_the_games_with_a_suggestion(project, args):
    result = cutsheet(project, *args)
    assert result.returncode == 1
    assert "no game 'my-gam' (known: my-game); did you mean 'my-game'?" in result.stderr
    assert len(lines(result)) == 1, result.stderr


PROFILE = (
    "cutsheet: unknown profile 'larg-print' (known: ink-saver, large-print, standard);"
    " did you mean 'large-print'?"
)
PAPER = "cutsheet: unknown paper 'A4' (known: a3, a4, letter, tabloid); did you mean 'a4'?"


@pytest.mark.parametrize(
    ("option", "said"), [("--profile larg-print", PROFILE), ("--paper A4", PAPER)]
)
@pytest.mark.parametrize(
    "args",
    [
        ("build",),
        ("check",),
        ("preview", "my-game", "--part", "rules"),
        ("watch", "--timeout", "1"),
    ],
    ids=["build", "check", "preview", "watch"],
)
def test_an_unknown_profile_or_paper_is_refused_in_one_line_with_a_suggestion(
    project, args, option, said
):
    """Every command that takes them refuses a profile or a paper no game has, before it
    does anything (a third probe: ``--paper A4`` was an error at each game's ``layouts:``
    line, with no suggestion for the slip of case; build then listed every job FAILED, and
    watch went on watching for a save that could never mend it)."""
    result = cutsheet(project, *args, *option.split())
    assert result.returncode == 1
    assert lines(result) == [said]


def test_a_projects_own_profile_is_a_known_name(project):
    (project / "layouts" / "profiles").mkdir()
    shutil.copy(
        PACKAGED_PROFILES / "standard.yaml",
        project / "layouts" / "profiles" / "poster.yaml",
    )
    result = cutsheet(project, "check", "--profile", "postr")
    assert lines(result) == [
        "cutsheet: unknown profile 'postr' (known: ink-saver, large-print, poster, standard);"
        " did you mean 'poster'?"
    ]


def test_a_profile_file_ending_in_yml_is_named_with_what_to_do(project):
    """A profile saved as ``comfy.yml`` is not read; asking for it said only "did you mean
    'cosy'?" (a designer's report): now it names the file and the ending it needs."""
    (project / "layouts" / "profiles").mkdir()
    shutil.copy(PACKAGED_PROFILES / "standard.yaml", project / "layouts" / "profiles" / "c.yml")
    result = cutsheet(project, "check", "--profile", "c")
    assert result.returncode == 1
    assert lines(result) == [
        "cutsheet: unknown profile 'c' (known: ink-saver, large-print, standard);"
        " layouts/profiles/c.yml is not read: a profile's file ends in .yaml (rename it c.yaml)"
    ]


def test_an_unknown_card_lists_the_cards(project):
    result = cutsheet(project, "preview", "my-game", "--item", "MG-SUNN")
    assert result.returncode == 1
    (line,) = lines(result)
    assert (
        "no card or sheet 'MG-SUNN' (known: MG-MOON, MG-STAR, MG-SUN); did you mean 'MG-SUN'?"
        in line
    )


@pytest.mark.parametrize(
    ("jobs", "shown"),
    [("0", "0"), ("-2", "-2"), ("many", "'many'"), ("1e9", "'1e9'"), ("257", "257")],
)
def test_jobs_out_of_range_are_refused_with_the_range(project, capsys, jobs, shown):
    assert refused(capsys, ["--root", str(project), "build", "--jobs", jobs]) == (
        "cutsheet build: error: argument --jobs: --jobs is a whole number from 1 to 256"
        f" workers, got {shown}"
    )


@pytest.mark.parametrize(
    ("dpi", "shown"), [("0", "0"), ("100000", "100000"), ("fine", "'fine'"), ("nan", "'nan'")]
)
def test_a_preview_resolution_out_of_range_is_refused(project, capsys, dpi, shown):
    assert refused(
        capsys, ["--root", str(project), "preview", "my-game", "--item", "MG-SUN", "--dpi", dpi]
    ) == (
        "cutsheet preview: error: argument --dpi: --dpi is a whole number from 10 to 1200"
        f" dots per inch, got {shown}"
    )


@pytest.mark.parametrize(
    ("offset", "said"),
    [
        ("inf,0", "a back offset is -10 to 10 mm, got inf"),
        ("nan,nan", "a back offset is -10 to 10 mm, got nan"),
        ("1e9,1e9", "a back offset is -10 to 10 mm, got 1e9"),
        ("0,-10.5", "a back offset is -10 to 10 mm, got -10.5"),
        ("1", "expected X,Y in mm, each -10 to 10, e.g. 0.5,-1"),
        ("1,2,3", "expected X,Y in mm, each -10 to 10, e.g. 0.5,-1"),
        ("a,b", "expected mm, got 'a'"),
    ],
)
def test_an_absurd_back_offset_is_refused_with_the_range(project, capsys, offset, said):
    assert refused(capsys, ["--root", str(project), "build", f"--back-offset={offset}"]) == (
        f"cutsheet build: error: argument --back-offset: {said}"
    )


@pytest.mark.parametrize(
    ("bleed", "said"),
    [
        ("inf", "bleed is 0 to 10 mm, got inf"),
        ("nan", "bleed is 0 to 10 mm, got nan"),
        ("1e9", "bleed is 0 to 10 mm, got 1e9"),
        ("-1", "bleed is 0 to 10 mm, got -1"),
        ("thick", "expected mm, got 'thick'"),
    ],
)
def test_an_absurd_bleed_is_refused_with_the_range(project, capsys, bleed, said):
    assert refused(capsys, ["--root", str(project), "watch", f"--bleed={bleed}"]) == (
        f"cutsheet watch: error: argument --bleed: {said}"
    )


def test_the_edges_of_each_range_are_accepted():
    from cutsheet.cli.arguments import parser

    args = parser().parse_args(["build", "--back-offset=-10,10", "--bleed", "10", "--jobs", "256"])
    assert (args.back_offset, args.bleed, args.jobs) == ((-10.0, 10.0), 10.0, 256)
    args = parser().parse_args(["preview", "g", "--dpi", "1200"])
    assert args.dpi == 1200


def test_a_length_typed_with_its_unit_is_read_as_mm():
    """``--bleed 3mm`` said "expected mm, got '3mm'" (a designer's report)."""
    from cutsheet.cli.arguments import parser

    args = parser().parse_args(["build", "--bleed", "3mm", "--back-offset", "0.5 mm,-1MM"])
    assert (args.bleed, args.back_offset) == (3.0, (0.5, -1.0))
    with pytest.raises(SystemExit):
        parser().parse_args(["build", "--bleed", "mm"])  # a unit alone is no length


@pytest.mark.parametrize(
    ("option", "name", "meant"),
    [
        ("--paper", "a4,letter", "a4 letter"),
        ("--paper", "a4,lettr", "a4 letter"),  # a slip in one part, mended
        ("--profile", "standard, large-print", "standard large-print"),
    ],
)
def test_two_names_in_one_option_say_to_give_each_its_own(project, option, name, meant):
    """``--paper a4,letter`` suggested 'letter' (a designer's report)."""
    result = cutsheet(project, "check", option, name)
    assert result.returncode == 1
    said = f"give each with its own {option}: " + " ".join(f"{option} {m}" for m in meant.split())
    assert lines(result)[0].endswith(said), result.stderr


def test_names_in_one_option_that_are_no_names_are_said_as_such(project):
    """No advice that fails again: a part close to no name is said to be none (review)."""
    result = cutsheet(project, "check", "--paper", "a4,zzzzzz")
    assert result.returncode == 1
    assert lines(result)[0].endswith("give each with its own --paper ('zzzzzz': no such name)")


def test_an_empty_title_for_a_new_game_is_refused(capsys):
    """``cutsheet new x --title ""`` used the title made from the name, saying nothing."""
    assert refused(capsys, ["new", "sea-dogs", "--title", " "]) == (
        "cutsheet new: error: argument --title: a title needs a word (leave --title out for"
        " one made from NAME)"
    )


def test_a_game_without_rules_yaml_is_told_what_the_file_is(project):
    """A missing rules.yaml said only "file not found" (a designer's report)."""
    (project / "content" / "my-game" / "rules.yaml").unlink()
    result = cutsheet(project, "check")
    assert result.returncode == 1
    assert lines(result)[0] == (
        "content/my-game/rules.yaml: error: file not found: a game's rules live here, as"
        " sections of headings and text (`cutsheet new` writes a game whose rules.yaml is a"
        " start to copy)"
    ), result.stderr


# ------------------------------------------------------------------ project folders
def test_a_folder_without_content_suggests_cutsheet_new(tmp_path):
    result = cutsheet(tmp_path, "build")
    assert result.returncode == 1
    (line,) = lines(result)
    assert f"no content/ folder in {tmp_path.resolve()}" in line
    assert "cutsheet new NAME" in line


def test_a_project_without_games_suggests_cutsheet_new(tmp_path):
    (tmp_path / "content").mkdir()
    for command in ("build", "check", "watch"):
        result = cutsheet(tmp_path, command)
        assert result.returncode == 1
        (line,) = lines(result)
        assert "no games in" in line and "cutsheet new NAME" in line
    assert not (tmp_path / "build").exists()


def test_new_refuses_to_overwrite_a_game(project):
    cards = project / "content" / "my-game" / "cards.yaml"
    cards.write_text(cards.read_text() + "# mine\n")
    before = {p: p.read_bytes() for p in project.rglob("*") if p.is_file()}
    result = cutsheet(project, "new", "my-game")
    assert result.returncode == 1
    assert lines(result) == [
        f"cutsheet: game 'my-game' already exists ({project / 'content' / 'my-game'});"
        " choose another name or delete it first"
    ]
    assert {p: p.read_bytes() for p in project.rglob("*") if p.is_file()} == before


def test_new_refuses_a_layout_file_of_that_name(project):
    (project / "layouts" / "other.yaml").write_text("faces: {}\n")
    result = cutsheet(project, "new", "other")
    assert result.returncode == 1
    (line,) = lines(result)
    assert "game 'other' already exists" in line and "other.yaml" in line
    assert not (project / "content" / "other").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("My Game",), "'My Game' cannot name a game"),
        (("my--game",), "'my--game' cannot name a game"),
        (("ok", "--code", "ok"), "--code 'ok' must be 2 to 5 capital letters"),
    ],
)
def test_new_refuses_names_a_game_cannot_have(tmp_path, args, message):
    result = cutsheet(tmp_path, "new", *args)
    assert result.returncode == 1
    (line,) = lines(result)
    assert line.startswith(f"cutsheet: {message}")
    assert not (tmp_path / "content").exists()


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Tide Pool", "e.g. tide-pool (cutsheet new tide-pool --title 'Tide Pool')"),
        ("Tidé_Pool!", "e.g. tide-pool (cutsheet new tide-pool)"),
        ("!!!", "e.g. my-game"),
    ],
)
def test_a_name_a_game_cannot_have_is_told_the_id_it_would_be(tmp_path, capsys, name, said):
    """A designer's probe: 'cutsheet new "Tide Pool"' was refused with 'e.g. my-game'."""
    assert main(["--root", str(tmp_path), "new", name]) == 1
    assert capsys.readouterr().err.strip().endswith(f"between words, {said}")


def test_new_into_an_unwritable_folder_is_one_line(tmp_path):
    result = cutsheet(tmp_path, "--root", "/proc/cutsheet-test", "new", "my-game")
    assert result.returncode == 1
    (line,) = lines(result)
    assert "/proc/cutsheet-test" in line


def test_new_keeps_a_projects_schema_folder_current(tmp_path):
    from cutsheet.schema import stale_schemas

    for folder in ("content", "layouts", "schema"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    result = cutsheet(tmp_path, "new", "side-quest")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "schema" / "side-quest" / "cards.schema.json").is_file()
    assert stale_schemas(tmp_path, ["side-quest", "festivibes"]) == []


# ------------------------------------------------------------------ permissions
@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_outputs_respect_the_umask(project, umask, mode, capsys):
    out = project / f"build-{umask:o}"
    old = os.umask(umask)
    try:
        code = main(
            ["--root", str(project), "build", "--profile", "standard", "--paper", "a4"]
            + ["--jobs", "1", "--out", str(out)]
        )
    finally:
        os.umask(old)
    assert code == 0, capsys.readouterr().err
    for path in (out / "my-game" / "standard-a4" / "cards.pdf", out / "manifest.json"):
        assert stat.S_IMODE(path.stat().st_mode) == mode, path


# ------------------------------------------------------------------ templates
@pytest.mark.parametrize("command", ["check", "build"])
def test_an_unknown_filter_is_located_not_a_traceback(project, command):
    """Jinja refuses an unknown filter while compiling; finding what a face reads compiles
    it too, and that once escaped as a traceback from a worker."""
    layout = project / "layouts" / "my-game.yaml"
    text = layout.read_text(encoding="utf-8")
    assert 'text: "{{ points }}"' in text
    layout.write_text(text.replace('"{{ points }}"', '"{{ points|nosuch }}"'), encoding="utf-8")
    line = next(n for n, s in enumerate(layout.read_text().splitlines(), 1) if "nosuch" in s)
    result = cutsheet(project, command, "--profile", "standard", "--paper", "a4")
    assert result.returncode == 1
    said = lines(result)
    assert any(
        s.startswith(f"layouts/my-game.yaml:{line}:") and "No filter named 'nosuch'" in s
        for s in said
    ), said


# ------------------------------------------------------------------ a reader that leaves
def _with_reader_gone(cwd: Path, *args: str) -> int:
    """Run cutsheet with its output piped to a reader that leaves at once (``| head -1``)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cutsheet", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert proc.stdout is not None
    proc.stdout.close()
    return proc.wait(timeout=300)


def test_a_build_whose_reader_left_still_builds(project):
    """The progress lines go nowhere once the pipe is closed; the build still finishes, and
    its exit status says so (it used to stop at the first line and exit 0 with no PDFs)."""
    code = _with_reader_gone(project, "build", "--profile", "standard", "--paper", "a4")
    assert code == 0
    assert sorted(p.name for p in (project / "build").rglob("*.pdf")) == [
        "cards.pdf",
        "rules-booklet.pdf",
        "rules.pdf",
    ]


def test_a_check_with_errors_whose_reader_left_still_fails(project):
    layout = project / "layouts" / "my-game.yaml"
    layout.write_text(layout.read_text().replace("{{ points }}", "{{ points|nosuch }}"))
    assert _with_reader_gone(project, "check") == 1


def test_the_build_lock_is_never_opened_through_a_link(project, tmp_path):
    """A link put where the lock goes is refused, and what it points at is left alone (the
    lock used to be opened through it, truncating the file it named)."""
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    cache = project / "build" / ".cache"
    cache.mkdir(parents=True)
    (cache / "lock").symlink_to(precious)
    result = cutsheet(project, "build", "--profile", "standard", "--paper", "a4")
    assert result.returncode == 1
    assert lines(result) == [
        f"{cache / 'lock'}: error: cannot write here: is a symbolic link; remove it"
    ]
    assert precious.read_text() == "keep me"


def _started_without(project: Path, fd: int, *args: str) -> subprocess.CompletedProcess[str]:
    """``cutsheet ARGS`` started with file descriptor ``fd`` closed (``>&-`` or ``2>&-``),
    the other standard stream read."""
    kept = {"stderr" if fd == 1 else "stdout": subprocess.PIPE}
    return subprocess.run(
        [sys.executable, "-m", "cutsheet", *args],
        cwd=project,
        text=True,
        preexec_fn=lambda: os.close(fd),  # noqa: PLW1509 - the child starts without it
        timeout=300,
        **kept,  # type: ignore[call-overload]
    )


def test_a_command_started_with_its_output_closed_runs(project):
    """``cutsheet list >&-``: no stream to wrap, no traceback, the command's own status."""
    run = _started_without(project, 1, "list")
    assert run.returncode == 0
    assert "Traceback" not in run.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_build_whose_messages_cannot_be_written_still_says_how_it_went(project):
    """Progress to a full device is given up; the build's status is its own (it used to be
    1, 'No space left on device', after writing every PDF)."""
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "cutsheet", "build", "--profile", "standard", "--paper", "a4"],
            cwd=project,
            stderr=full,
            stdout=subprocess.DEVNULL,
            timeout=300,
        )
    assert run.returncode == 0
    assert len(list((project / "build").rglob("*.pdf"))) == 3


@pytest.mark.parametrize(
    ("timeout", "shown"),
    [("inf", "inf"), ("nan", "nan"), ("0", "0"), ("-1", "-1"), ("soon", "'soon'")],
)
def test_a_watch_timeout_out_of_range_is_refused(project, capsys, timeout, shown):
    """``--timeout inf`` used to end in a timer thread's traceback and never stop; ``0``,
    ``-1`` and ``nan`` stopped at once with exit 0."""
    assert refused(capsys, ["--root", str(project), "watch", "--timeout", timeout]) == (
        "cutsheet watch: error: argument --timeout: --timeout is a number of seconds, more"
        f" than 0 and at most 604,800, got {shown}"
    )


def test_a_cache_folder_that_is_a_link_or_a_lock_that_is_a_folder_is_named(project, tmp_path):
    """A second probe: a linked .cache was followed (the lock and cache entries written
    outside the output folder), and a lock that is a folder was blamed on the output folder."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = project / "build"
    out.mkdir()
    (out / ".cache").symlink_to(elsewhere)
    args = ("build", "--profile", "standard", "--paper", "a4")
    result = cutsheet(project, *args)
    assert result.returncode == 1
    assert lines(result) == [
        f"{out / '.cache'}: error: cannot write here: is a symbolic link; remove it"
    ]
    assert not list(elsewhere.iterdir())
    (out / ".cache").unlink()
    assert cutsheet(project, *args).returncode == 0  # built: a no-op build follows
    cache = elsewhere / "cache"
    (out / ".cache").rename(cache)
    (out / ".cache").symlink_to(cache)  # a valid cache, through a link: still refused
    result = cutsheet(project, *args)
    assert result.returncode == 1 and "is a symbolic link" in result.stderr
    (out / ".cache").unlink()
    (out / ".cache" / "lock").mkdir(parents=True)
    result = cutsheet(project, *args)
    assert result.returncode == 1
    assert lines(result) == [
        f"{out / '.cache' / 'lock'}: error: cannot write here: is a folder; remove it"
    ]
    shutil.rmtree(out / ".cache")
    (out / ".cache").symlink_to(tmp_path / "nowhere")  # a link to nothing: still a link
    result = cutsheet(project, *args)
    assert lines(result) == [
        f"{out / '.cache'}: error: cannot write here: is a symbolic link; remove it"
    ]
    (out / ".cache").unlink()
    (out / ".cache").write_text("")  # a third probe: the output folder was blamed for it
    result = cutsheet(project, *args)
    assert result.returncode == 1
    assert lines(result) == [
        f"{out / '.cache'}: error: cannot write here: is a file, not a folder; remove it"
    ]
    dangling = tmp_path / "dangling"  # --out a link to nothing: a probe was told "File exists"
    dangling.symlink_to(tmp_path / "nowhere")
    result = cutsheet(project, *args, "--out", str(dangling))
    assert result.returncode == 1
    assert lines(result) == [
        f"{dangling}: error: cannot write here: is a link to {tmp_path / 'nowhere'},"
        " which does not exist"
    ]


def test_a_preview_stopped_half_way_keeps_the_last_pngs_whole(tmp_path, monkeypatch):
    """A probe: Ctrl-C during a preview left a truncated PNG where the last good one was,
    and pages of two resolutions. Pages are drawn to temporary files and replace the last
    ones only once all are drawn."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from cutsheet.preview import pdf_to_pngs

    pdf = tmp_path / "two.pdf"
    c = Canvas(str(pdf))
    for text in ("one", "two"):
        c.drawString(72, 720, text)
        c.showPage()
    c.save()
    out = tmp_path / "preview"
    before = pdf_to_pngs(pdf, out / "two", 20)
    kept = {p.name: p.read_bytes() for p in before}
    render = pdfium.PdfPage.render
    calls: list[int] = []

    def stopped(page, **kwargs):  # the second page is where Ctrl-C lands
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return render(page, **kwargs)

    monkeypatch.setattr(pdfium.PdfPage, "render", stopped)
    with pytest.raises(KeyboardInterrupt):
        pdf_to_pngs(pdf, out / "two", 40)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == kept  # whole, and no temporary


def test_preview_names_the_pdf_a_page_is_missing_from_and_refuses_odd_pages(project, capsys):
    """A second probe: a page out of range named the PNGs' prefix, --page -1 got past the
    arguments, --page beside --item was ignored, and 'mg-sun' got no 'MG-SUN' suggestion."""
    assert cutsheet(project, "build", "--profile", "standard", "--paper", "a4").returncode == 0
    result = cutsheet(project, "preview", "my-game", "--part", "rules", "--page", "99")
    assert result.returncode == 1
    assert lines(result) == [
        "build/my-game/standard-a4/rules.pdf: error: no page 99 (the file has 1)"
    ]
    said = refused(capsys, ["--root", str(project), "preview", "my-game", "--page", "-1"])
    assert said.endswith("--page is a whole number from 1 to 100000, got -1")
    both = cutsheet(project, "preview", "my-game", "--item", "MG-SUN", "--page", "1")
    assert both.returncode == 2 and "use one or the other" in both.stderr  # a line to mend
    case = cutsheet(project, "preview", "my-game", "--item", "mg-sun")
    assert case.returncode == 1 and "did you mean 'MG-SUN'?" in case.stderr


@pytest.mark.parametrize("damage", ["empty", "cut short"])
def test_preview_of_a_built_pdf_that_cannot_be_read_is_one_line(project, damage):
    """A third probe: a built rules.pdf emptied or cut short made ``preview --part rules``
    end in PDFium's traceback ("Failed to load document")."""
    assert cutsheet(project, "build", "--profile", "standard", "--paper", "a4").returncode == 0
    pdf = project / "build" / "my-game" / "standard-a4" / "rules.pdf"
    pdf.write_bytes(b"" if damage == "empty" else pdf.read_bytes()[:3000])
    result = cutsheet(project, "preview", "my-game", "--part", "rules")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert lines(result) == [
        "build/my-game/standard-a4/rules.pdf: error: not a PDF that can be read"
        " (PDFium: Data format error); build it again"
    ]


def test_preview_of_a_built_pdf_that_is_a_link_is_refused(project, tmp_path):
    """A probe: preview read a built rules.pdf that was a link to a file outside the project;
    a build writes files, never links."""
    assert cutsheet(project, "build", "--profile", "standard", "--paper", "a4").returncode == 0
    pdf = project / "build" / "my-game" / "standard-a4" / "rules.pdf"
    elsewhere = tmp_path / "elsewhere.pdf"
    pdf.rename(elsewhere)
    pdf.symlink_to(elsewhere)
    result = cutsheet(project, "preview", "my-game", "--part", "rules")
    assert result.returncode == 1
    assert lines(result)[-1].endswith(
        "rules.pdf is a link, not a file a build wrote; run 'cutsheet build my-game' again"
    )


def test_a_counts_value_that_is_no_mapping_names_no_internal_model(project):
    """A second probe: 'input should be a valid dictionary or instance of Counts_cost'."""
    game = project / "content" / "my-game" / "game.yaml"
    text = game.read_text()
    marker = '      rule: {type: text, required: false, description: "what the card does, if anything"}\n'
    assert marker in text
    game.write_text(
        text.replace(marker, marker + "      cost: {type: counts, of: [a, b], required: false}\n")
    )
    cards = project / "content" / "my-game" / "cards.yaml"
    cards.write_text(
        cards.read_text().replace("    points: 3\n", '    points: 3\n    cost: "a 1; b 2"\n', 1)
    )
    result = cutsheet(project, "check")
    assert result.returncode == 1
    (said,) = lines(result)
    assert said.endswith(
        "error: cost: input should be a mapping of keys to values, got 'a 1; b 2'"
    ), said
    assert "Counts_" not in said


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [[], ["--help"], ["build", "--help"], ["--version"]])
def test_the_commands_summary_to_a_full_device_is_one_line(project, args):
    """``cutsheet > /dev/full``: one line and exit 1, as ``list`` gives (it was a traceback);
    so does ``--help`` (argparse swallowed the write error: it exited 0)."""
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "cutsheet", *args],
            cwd=project,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    assert run.returncode == 1
    assert run.stderr.strip() == "cutsheet: No space left on device"


def test_an_unknown_option_without_a_command_is_refused(capsys):
    """``cutsheet --bulid`` used to print the commands' summary and exit 0."""
    assert refused(capsys, ["--bulid"]) == ("cutsheet: error: unrecognized arguments: --bulid")


def test_messages_with_stderr_closed_go_nowhere_not_to_stdout(project):
    """``cutsheet check 2>&-`` with a content error: the status says it, stdout stays the
    command's own (print's fallback for a closed stderr used to put the errors there)."""
    game = project / "content" / "my-game" / "game.yaml"
    game.write_text(game.read_text() + "\nnot: [closed\n")
    run = _started_without(project, 2, "check")
    assert run.returncode == 1
    assert run.stdout == ""


def test_a_game_folder_without_its_game_yaml_is_an_error_not_a_silent_skip(ws, capsys):
    """A game whose game.yaml was deleted, or saved as game.yml, dropped out of every check
    and build ('3 games checked, no errors'); its folder is now an error, and asking for it
    by name says what is missing."""
    from cutsheet.cli import main

    game = ws.root / "content" / "festival-charter"
    (game / "game.yaml").rename(game / "game.yml")
    capsys.readouterr()
    assert main(["--root", str(ws.root), "check", "--profile", "standard"]) == 1
    said = capsys.readouterr().err
    assert (
        "festival-charter: error: this folder holds game.yml, priorities.yaml, projects.yaml"
        in said
    )
    assert "and 2 more but no game.yaml, and no game's source names them" in said, said
    assert "3 games checked" not in said, said
    with pytest.raises(SystemExit) as refused:
        main(["--root", str(ws.root), "check", "festival-charter"])
    assert "no game 'festival-charter': content/festival-charter has no game.yaml" in str(
        refused.value
    )
    out = ["--out", str(ws.root / "out"), "--profile", "standard", "--paper", "a4"]
    assert main(["--root", str(ws.root), "build", "common-reserve", *out]) == 0  # not asked


def test_two_components_with_one_id_is_an_error_at_the_second(tmp_path, capsys):
    """A second component with an id already used passed check: the manifest then counted
    one of them, and an export by component kept one deck of the two."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    game = tmp_path / "content" / "star-deck" / "game.yaml"
    text = game.read_text()
    extra = (
        "  - id: cards\n    name: More cards\n    part: cards\n    size: poker\n    count: 1\n"
        "    face: card-front\n    back: card-back\n"
        "    items:\n      - {id: SD-EXTRA, name: Extra, points: 1}\n"
        "    fields:\n      name: {type: text}\n      points: {type: int}\n"
    )
    game.write_text(text + extra)
    lines = game.read_text().splitlines()
    first = lines.index("  - id: cards") + 1
    second = len(lines) - extra.count("\n") + 1
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check"]) == 1
    said = capsys.readouterr().err
    assert f"game.yaml:{second}:9: error: duplicate component id 'cards' (first at" in said, said
    assert f"game.yaml:{first}:9)" in said, said


@pytest.mark.parametrize(
    ("file", "before", "after", "said"),
    [
        (
            "content/bidding-alpha/game.yaml",
            "    profiles: [standard, ink-saver]  # large print: the score",
            "    profiles: [standard, ink-saver, large-prnit]  # large print: the score",
            "profiles: no profile 'large-prnit'; did you mean 'large-print'?",
        ),
        (
            "content/bidding-alpha/game.yaml",
            "    sizes: {large-print: [30, 30]}",
            "    sizes: {large-prnit: [30, 30]}",
            "sizes: no profile 'large-prnit'; did you mean 'large-print'?",
        ),
        (
            "content/bidding-alpha/game.yaml",
            "    profiles: [standard, ink-saver]  # large print: the score",
            "    profiles: []  # large print: the score",
            "profiles: lists no profile, so it prints nowhere",
        ),
        (
            "content/bidding-alpha/game.yaml",
            "    profiles: [standard, ink-saver]  # large print: the score",
            "    profiles: [standard, ink-saver, standard]  # large print: the score",
            "profiles: 'standard' is listed twice (item 1 too)",
        ),
        (
            "content/bidding-alpha/game.yaml",
            "    profiles: [standard, ink-saver]  # large print: the score",
            "    profiles:  # large print: the score",
            "profiles: empty; list the profiles it prints in",
        ),
        (
            "layouts/bidding-alpha.yaml",
            "  score-board@large-print:",
            "  score-board@large-prnit:",
            "face 'score-board@large-prnit' names no profile 'large-prnit'; did you mean"
            " 'large-print'?",
        ),
    ],
)
def test_a_misspelt_profile_name_is_an_error_not_a_silent_drop(ws, file, before, after, said):
    """A component's profiles: and sizes: and a face's @profile once took any name: a
    misspelt one left a deck out of large print (0 cards) or a size unused, and check
    passed."""
    line = ws.edit(file, before, after)
    got = [str(p) for p in ws.check("bidding-alpha", ("standard", "large-print"))]
    assert any(f"{file}:{line}:" in g and said in g for g in got), got


def test_an_empty_source_and_an_svg_picture_say_what_they_are(tmp_path, capsys):
    """source: "" said the game's folder 'is a folder, not a file'; an SVG in an image box
    said 'is not an image (cannot identify image file)'."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    game = tmp_path / "content" / "star-deck" / "game.yaml"
    game.write_text(game.read_text().replace("source: cards.yaml", 'source: ""'))
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check"]) == 1
    said = capsys.readouterr().err
    assert "error: source is empty: name the YAML or CSV file of its items" in said, said
    game.write_text(game.read_text().replace('source: ""', "source: cards.yaml"))
    (tmp_path / "content" / "star-deck" / "art.svg").write_text("<svg/>")
    layout = tmp_path / "layouts" / "star-deck.yaml"
    title = '      title: {x: 5, y: 6, w: 53, h: 10, style: title, text: "{{ name }}"}'
    art = "      art: {kind: image, src: art.svg, x: 5, y: 20, w: 20, h: 20}\n"
    layout.write_text(layout.read_text().replace(title, art + title))
    assert main(["--root", str(tmp_path), "check"]) == 1
    said = capsys.readouterr().err
    assert "'art.svg' is an SVG: an image box takes PNG" in said, said


@pytest.mark.parametrize("src", ['""', '" "'])
def test_an_image_box_with_a_blank_src_is_an_error_at_its_src(tmp_path, capsys, src):
    """A probe: src: "" checked and built with no picture and no word, while a src left
    out was an error. A template that gives nothing for some items stays allowed. Said at
    the src's value (a later probe: mistakes of a box's values were said at its key)."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    layout = tmp_path / "layouts" / "star-deck.yaml"
    title = '      title: {x: 5, y: 6, w: 53, h: 10, style: title, text: "{{ name }}"}'
    art = f"      art: {{kind: image, src: {src}, x: 5, y: 20, w: 20, h: 20}}\n"
    text = layout.read_text()
    line = text[: text.index(title)].count("\n") + 1
    layout.write_text(text.replace(title, art + title))
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check"]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0] == (
        f"{layout}:{line}:{art.index('src: ') + 6}: error: image box 'art': 'src' is blank;"
        " name a picture file"
        " (or a template giving one), or take the box out"
    ), said


def test_an_unknown_face_names_the_faces_there_are_or_none(tmp_path, capsys):
    """A probe: a layout file holding only a comment said "(known: )"."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    (tmp_path / "layouts" / "star-deck.yaml").write_text("# nothing here yet\n")
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check"]) == 1
    said = capsys.readouterr().err
    assert "error: unknown face 'card-front' (known: none)" in said, said


def test_a_folder_of_files_games_share_needs_no_game_yaml(tmp_path, capsys):
    """content/shared/ holding a card list that a game reads (source: ../shared/x.yaml) is
    no game whose game.yaml went missing."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    game = tmp_path / "content" / "star-deck"
    shared = tmp_path / "content" / "shared"
    shared.mkdir()
    (game / "cards.yaml").rename(shared / "star-cards.yaml")
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(
        text.replace("source: cards.yaml", "source: ../shared/star-cards.yaml")
    )
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check"]) == 0, capsys.readouterr().err
    (shared / "notes.yaml").write_text("a: 1\n")  # one no game reads: that one is said
    assert main(["--root", str(tmp_path), "check"]) == 1
    said = capsys.readouterr().err
    assert "shared: error: this folder holds notes.yaml but no game.yaml" in said, said


def test_watch_says_once_that_a_folder_has_no_game_yaml(tmp_path, capsys):
    """check and build report a game folder whose game.yaml went missing; watch, which
    builds the same games, said nothing of it."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    assert main(["--root", str(tmp_path), "new", "moon-deck"]) == 0
    (tmp_path / "content" / "moon-deck" / "game.yaml").unlink()
    capsys.readouterr()
    argv = ["--root", str(tmp_path), "watch", "--profile", "standard", "--paper", "a4"]
    main([*argv, "--timeout", "1", "--out", str(tmp_path / "out")])
    said = capsys.readouterr().err
    assert said.count("moon-deck: error: this folder holds") == 1, said


def test_the_command_lines_export_dpi_range_is_the_exports_own():
    """``export --dpi`` is refused by the command line (exit 2) in the range the export
    itself allows (``exports.DPI_RANGE``); the command line does not import the export at
    start-up, so this keeps the two numbers in step."""
    import argparse

    from cutsheet.cli.arguments import _export_dpi
    from cutsheet.exports import DPI_RANGE

    low, high = DPI_RANGE
    assert (_export_dpi(str(low)), _export_dpi(str(high))) == (low, high)
    for outside in (low - 1, high + 1):
        with pytest.raises(argparse.ArgumentTypeError, match=f"from {low} to {high}"):
            _export_dpi(str(outside))


def test_a_missing_or_empty_source_and_a_misspelt_example_card_say_what_to_do(ws):
    """A review: a missing deck file was offered 'did you mean rules.yaml?' (a game's own
    files are never a component's source); an emptied one (an editor's save between
    truncate and write) said 'expected a mapping with a list under items'; a worked
    example naming a card with a letter typed twice got no suggestion."""
    deck = ws.path("content/common-reserve/deliveries.yaml")
    text = deck.read_text()
    deck.unlink()
    said = [p.message for p in ws.check("common-reserve")]
    assert said == ["no file 'deliveries.yaml'"], said
    deck.write_text("")
    said = [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in ws.check("common-reserve")]
    assert said == ["1:1: this file holds nothing: expected 'items:' and a list"], said
    deck.write_text(text)
    ws.edit("content/common-reserve/rules.yaml", "card: CR-SEED-TENT", "card: CR-SEED-TENTT")
    said = [p.message for p in ws.check("common-reserve")]
    assert any(
        "no delivery card 'CR-SEED-TENTT'; did you mean 'CR-SEED-TENT'?" in m for m in said
    ), said


def test_a_folder_named_as_a_layout_and_a_linked_icon_are_said_where_they_are(ws, tmp_path_factory):
    """A review: a folder in 'include:' was said at the folder, with no line or column; an
    icon linked to a file outside the project was said at that outside file, not the link."""
    (ws.root / "layouts" / "parts").mkdir()
    layout = "layouts/festivibes.yaml"
    line = ws.edit(layout, "include: [base.yaml]", "include: [base.yaml, parts]")
    said = [f"{p.loc.path}:{p.loc.line}:{p.loc.col}: {p.message}" for p in ws.check("festivibes")]
    assert said == [f"{layout}:{line}:22: layout file 'parts' is a folder, not a file"], said
    ws.edit(layout, "include: [base.yaml, parts]", "include: [base.yaml]")
    outside = tmp_path_factory.mktemp("elsewhere") / "gem.svg"  # (ws is tmp_path)
    outside.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>')
    (ws.root / "icons").mkdir()
    (ws.root / "icons" / "gem.svg").symlink_to(outside)
    said = [f"{p.loc.path}: {p.message}" for p in ws.check("festivibes")]
    assert said == ["icons/gem.svg: icon 'gem.svg' is outside the project folder"], said


def test_a_file_where_a_kits_folder_goes_is_named(ws, capsys):
    """A review: a file in the place of build/<game>/standard-a4 was said as 'File exists' of
    a PDF inside it, which did not exist; the file in the way is named, as an export says."""
    from cutsheet.cli import main

    out = ws.root / "out"
    (out / "festivibes").mkdir(parents=True)
    (out / "festivibes" / "standard-a4").write_text("")
    args = ["--root", str(ws.root), "build", "festivibes", "--out", str(out), "--jobs", "1"]
    assert main(args) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    assert errors == [
        f"{out}/festivibes/standard-a4: error: cannot write here: is a file, not a folder;"
        " remove it (the last good files are kept)"
    ], errors


def test_a_bare_name_where_a_list_of_mappings_goes_gets_no_bracket_advice(ws):
    """A review: 'components: cards' was advised '[cards]', which fails next (a component is
    a mapping); only a list of names or numbers is told how a list of one is written."""
    ws.edit("content/common-reserve/game.yaml", "components:\n", "components: cards\nold:\n")
    said = [p.message for p in ws.check("common-reserve")]
    assert "components: input should be a valid list, got 'cards'" in said, said
    assert not any("brackets" in m for m in said), said


@pytest.mark.parametrize("key", ["sizes", "colours", "faces"])
def test_a_layout_key_in_game_yaml_is_said_to_belong_in_a_layout_file(project, capsys, key):
    """A designer's probe: 'sizes:' in game.yaml was only an unknown key, with the keys
    game.yaml allows."""
    game = project / "content" / "my-game" / "game.yaml"
    line = len(game.read_text().splitlines()) + 1
    game.write_text(game.read_text() + f"{key}:\n  a: b\n")
    assert main(["--root", str(project), "check"]) == 1
    assert capsys.readouterr().err.splitlines()[0] == (
        f"{game}:{line}:1: error: unknown key '{key}': '{key}:' belongs in a layout file (the"
        " one in layouts/ that 'layouts:' names)"
    )


def test_the_layout_keys_said_to_belong_in_a_layout_file_are_a_layout_files():
    from cutsheet.layouts import LayoutFile
    from cutsheet.validation import LAYOUT_KEYS

    assert set(LayoutFile.model_fields) == LAYOUT_KEYS
