"""The command line as a user meets it: exit codes, messages, atomic and repeatable builds."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from cutsheet.cli import main

from .conftest import ROOT


def run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cutsheet", "--root", str(root), *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )


def digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*.pdf"))
    }


def test_check_passes_on_the_shipped_content(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["check"]) == 0
    assert "no errors" in capsys.readouterr().err


def test_a_content_error_exits_1_with_a_location_and_no_traceback(ws):
    line = ws.edit("content/common-reserve/deliveries.yaml", "name: Seed Tent", "name: [Seed Tent")
    result = run(ws.root, "check", "common-reserve")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0].startswith(  # at the bracket left open
        f"content/common-reserve/deliveries.yaml:{line}:11: error: YAML syntax: the '['"
    )
    assert result.stderr.splitlines()[-1] == "cutsheet: 1 error"


def test_a_failed_build_leaves_the_last_good_pdfs_untouched(ws):
    out = ws.root / "build"
    good = run(ws.root, "build", "common-reserve", "--paper", "a4", "--out", str(out))
    assert good.returncode == 0, good.stderr
    before = digests(out)
    manifest = (out / "manifest.json").read_text()
    ws.edit(
        "content/common-reserve/deliveries.yaml",
        "demand: {WATER: 3, FUEL: 1, FIBRE: 1}\n    closed: WATER",
        "demand: {WATER: 3, FUEL: 1, FIBRE: 2}\n    closed: WATER",
    )
    bad = run(ws.root, "build", "common-reserve", "--paper", "a4", "--out", str(out))
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert "must be 5" in bad.stderr
    assert digests(out) == before
    assert (out / "manifest.json").read_text() == manifest
    assert not list(out.rglob("*.tmp"))
    # the last line says which game was not written, not only "0 files" (as if emptied)
    last = [line for line in bad.stderr.splitlines() if " files in " in line][-1]
    assert last.endswith(
        "; not written: common-reserve (the last good files of common-reserve are kept)"
    )


def test_builds_are_byte_identical_and_cached(ws):
    a, b = ws.root / "a", ws.root / "b"
    first = run(ws.root, "build", "common-reserve", "--out", str(a), "--jobs", "2")
    second = run(ws.root, "build", "common-reserve", "--out", str(b))
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert digests(a) == digests(b)
    assert (
        len(digests(a)) == 16
    )  # two profiles (ink-saver only when asked), both papers, four parts
    again = run(ws.root, "build", "common-reserve", "--out", str(a))
    assert "common-reserve standard-a4: unchanged" in again.stderr
    assert digests(a) == digests(b)
    manifest = json.loads((a / "manifest.json").read_text())
    assert len(manifest["outputs"]) == 20  # and each kit's font licence


def test_cut_guides_and_back_offset_options(ws):
    out = ws.root / "guides"
    result = run(
        ws.root,
        "build",
        "common-reserve",
        "--paper",
        "letter",
        "--out",
        str(out),
        "--cut-guides",
        "lines",
        "--back-offset",
        "1,-0.5",
    )
    assert result.returncode == 0, result.stderr
    import pdfplumber

    with pdfplumber.open(out / "common-reserve" / "standard-letter" / "cards.pdf") as doc:
        lines = doc.pages[0].lines
        full = [
            ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["bottom"] - ln["top"] > 700
        ]
        assert len(full) == 4  # one hairline along each vertical cut, edge to edge


def test_preview_of_one_card(ws, tmp_path):
    result = run(
        ws.root, "preview", "common-reserve", "--item", "CR-SEED-TENT", "--out", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    pngs = sorted(tmp_path.glob("*.png"))
    assert [p.name for p in pngs] == ["CR-SEED-TENT-back-1.png", "CR-SEED-TENT-front-1.png"]
    from PIL import Image

    w, h = Image.open(pngs[1]).size  # 63 x 88 mm at 100 dpi
    assert abs(w - 248) <= 1 and abs(h - 347) <= 1


def test_unknown_game_is_a_clean_error(ws):
    result = run(ws.root, "check", "no-such-game")
    assert result.returncode == 1 and "no game 'no-such-game'" in result.stderr


def test_a_game_named_twice_is_built_once(ws, tmp_path):
    """A hostile-input probe: 'build common-reserve common-reserve' drew the game twice."""
    out = tmp_path / "out"
    args = ["build", "common-reserve", "common-reserve", "--paper", "a4", "--out", str(out)]
    result = run(ws.root, *args, "--profile", "standard")
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("[1/1] common-reserve standard") == 1, result.stderr
    assert "cutsheet: 5 files in" in result.stderr, result.stderr


def test_committed_schemas_are_current(tmp_path):
    from cutsheet.schema import schemas

    for name, schema in schemas(ROOT).items():
        committed = ROOT / "schema" / name
        assert committed.is_file(), f"run 'make schema': {name} is missing"
        assert json.loads(committed.read_text()) == schema, f"run 'make schema': {name} is stale"


def test_a_large_print_preview_sits_beside_the_standard_one(ws, tmp_path):
    """A preview in another profile (or of a sheet or pages on another paper) wrote the same
    names as the standard A4 one, over it: the two could not be compared side by side."""
    for profile in ("standard", "large-print"):
        argv = ["preview", "common-reserve", "--item", "CR-SEED-TENT", "--profile", profile]
        result = run(ws.root, *argv, "--out", str(tmp_path))
        assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [
        "CR-SEED-TENT-back-1.png",
        "CR-SEED-TENT-front-1.png",
        "CR-SEED-TENT-large-print-back-1.png",
        "CR-SEED-TENT-large-print-front-1.png",
    ]
    from PIL import Image

    standard = Image.open(tmp_path / "CR-SEED-TENT-front-1.png").size
    large = Image.open(tmp_path / "CR-SEED-TENT-large-print-front-1.png").size
    assert large[0] > standard[0]  # a jumbo card: drawn, not the standard one again


def test_a_build_with_warnings_ends_with_their_count(tmp_path, capsys):
    """A build whose only problems are warnings writes its files and says so, then the
    warnings: its last line counts them (as a failed build's counts its errors), so the
    warnings are not read as coming after the build's end."""
    from .corpus_cases import make_project

    root = make_project(tmp_path)
    game = root / "content" / "tiny" / "game.yaml"
    track = "          - track: {label: Score, start: 0, stop: 10}\n"
    text = game.read_text()
    assert track in text
    game.write_text(text.replace(track, track + "          - heading: Notes\n"))
    code = main(["--root", str(root), "build", "tiny", "--profile", "standard", "--paper", "a4"])
    lines = capsys.readouterr().err.splitlines()
    assert code == 0
    assert "heads nothing" in lines[-2] and ": warning: " in lines[-2], lines
    assert lines[-1] == "cutsheet: 1 warning", lines
    assert (root / "build" / "tiny" / "standard-a4" / "sheets.pdf").is_file()


def test_a_card_that_does_not_fit_is_previewed_with_its_error(tmp_path):
    """The editor's loop: a card whose text overflows in large print (an error: no build
    draws the game) is still drawn by preview, overflowing, for the eye, with the error said
    and exit status 1; another card of that game previews as well (it refused before)."""
    game = tmp_path / "proj"
    game.mkdir()
    assert run(game, "new", "my-game").returncode == 0
    cards = game / "content" / "my-game" / "cards.yaml"
    long = "Play another card at once. " + "Then play one more card, and another. " * 8
    text = cards.read_text()
    assert "rule: Play another card at once." in text
    cards.write_text(text.replace("rule: Play another card at once.", f"rule: {long.strip()}"))
    out = tmp_path / "png"
    for item in ("MG-SUN", "MG-MOON"):
        argv = ["preview", "my-game", "--item", item, "--profile", "large-print"]
        result = run(game, *argv, "--out", str(out))
        assert result.returncode == 1, result.stderr
        assert "MG-SUN, box 'rule' (field rule): the large-print profile's text" in result.stderr
        assert (out / f"{item}-large-print-front-1.png").is_file()
    assert run(game, "check").returncode == 1
    # a mistyped id is said, not hidden behind another card's error (a watch review)
    result = run(game, "preview", "my-game", "--item", "MG-MON", "--profile", "large-print")
    assert result.returncode == 1
    assert (
        "no card or sheet 'MG-MON'" in result.stderr and "did you mean 'MG-MOON'?" in result.stderr
    )
    assert "MG-SUN, box 'rule'" in result.stderr  # the game's error, said too


def test_a_preview_of_a_shorter_file_leaves_no_page_of_a_longer_one(tmp_path):
    """A probe: previewing a 16-page cards.pdf, then a 15-page one into the same folder, left
    the first file's page 16 beside the second's pages, a mixed set. Pages of a whole file
    past its last are removed; a chosen page leaves the others alone."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cutsheet.preview import pdf_to_pngs

    def pdf(pages: int) -> bytes:
        data = io.BytesIO()
        canvas = Canvas(data, pagesize=(72, 72))
        for n in range(pages):
            canvas.drawString(10, 10, str(n))
            canvas.showPage()
        canvas.save()
        return data.getvalue()

    stem = tmp_path / "g-cards"
    (tmp_path / "g-cards-back-1.png").write_bytes(b"mine")  # another stem's: kept
    pdf_to_pngs(pdf(3), stem, 20)
    pdf_to_pngs(pdf(3), stem, 20, pages=[1])
    assert sorted(p.name for p in tmp_path.glob("g-cards-?.png")) == [
        "g-cards-1.png",
        "g-cards-2.png",
        "g-cards-3.png",
    ]
    pdf_to_pngs(pdf(2), stem, 20)
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [
        "g-cards-1.png",
        "g-cards-2.png",
        "g-cards-back-1.png",
    ]


def test_preview_of_an_item_another_profile_prints_says_which(ws, tmp_path):
    """A probe: preview of Bid & Build's board in large print, or of Festival Charter's
    priority reference (large print only) in the standard profile, said "no card or sheet"
    with a near id: the game has it, under another profile."""
    cases = [
        ("bidding-alpha", "BA-BOARD", "large-print", "standard and ink-saver only"),
        ("festival-charter", "FCH-PRIORITY-REF", "standard", "large-print only"),
    ]
    for game, item, profile, only in cases:
        argv = ["preview", game, "--item", item, "--profile", profile, "--out", str(tmp_path)]
        result = run(ws.root, *argv)
        assert result.returncode == 1
        assert f"is not printed in the {profile} profile: its component prints in {only}" in (
            result.stderr
        ), result.stderr
        assert "no card or sheet" not in result.stderr


def test_preview_of_a_card_its_faces_errors_left_unplanned_says_so(mini, capsys):
    """A designer's walkthrough: a face misspelt in game.yaml left every card unplanned, and
    preview said "no card or sheet 'MINI-A' (known: MINI-A, …); did you mean 'MINI-A'?"."""
    game = mini / "content" / "mini" / "game.yaml"
    game.write_text(game.read_text().replace("    face: front\n", "    face: frnt\n"))
    assert main(["preview", "mini", "--item", "MINI-A"]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0] == (
        "content/mini: error: 'MINI-A' (Deck) cannot be previewed yet: the errors said here"
        " leave its component unplanned; mend them first"
    )
    assert said[1].startswith("content/mini/game.yaml:12:11: error: unknown face 'frnt'")
    assert not any("no card or sheet" in line for line in said)


def test_preview_with_part_of_a_card_in_the_other_part_says_so_though_the_game_has_errors(
    mini, capsys
):
    """A review: with another card's text too long, --part sheets for a card said the
    errors left it unplanned; it is planned, in the cards part."""
    cards = mini / "content" / "mini" / "cards.csv"
    cards.write_text(cards.read_text().replace("MINI-C,Gamma,", "MINI-C," + "Gamma " * 40 + ","))
    assert main(["preview", "mini", "--item", "MINI-A", "--part", "sheets"]) == 1
    said = capsys.readouterr().err
    assert "'MINI-A' is in the cards part" in said, said
    assert "cannot be previewed yet" not in said
