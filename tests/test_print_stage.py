"""The print stage (issue #19): one print plan per paper, made by ``check`` and ``build`` alike;
papers and fixed-grid impositions as data; a card too big for its paper is a located error."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from cutsheet.cli import main
from cutsheet.impose import impose

from .readback import page_texts, pypdf_texts

MM = 72 / 25.4


def _edit(path: Path, old: str, new: str) -> int:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))
    return text[: text.index(old)].count("\n") + 1


def _game(root: Path) -> Path:
    return root / "content" / "mini" / "game.yaml"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(list(args))
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if ": error: " in line]


def _check_equals_build(capsys, *options: str) -> list[str]:
    """check and build with the same options: both exit 1 with the same located errors, no
    traceback, and the build writes nothing."""
    code, checked = _run(capsys, "check", "mini", *options)
    assert code == 1 and checked
    code, built = _run(capsys, "build", "mini", "--jobs", "1", *options)
    assert code == 1
    assert built == checked
    assert not list(Path("build").rglob("*.pdf"))
    return checked


@pytest.mark.parametrize(
    ("size", "bleed", "paper", "over"),
    [
        ("[192, 100]", "3", "A4", "2.5 mm too wide"),
        ("[180, 255]", "10", "A4", "4.5 mm too wide"),
        ("[180, 255]", "10", "US Letter", "10.1 mm too tall"),
    ],
)
def test_a_card_too_big_for_the_paper_with_bleed_is_a_located_error(
    mini, capsys, size, bleed, paper, over
):
    line = _edit(_game(mini), "    count: 4\n", f"    count: 4\n    size: {size}\n") + 1
    layout = mini / "layouts" / "mini.yaml"  # the poker faces scale to the size (issue #21)
    _edit(layout, "    extends: card\n", "    extends: card\n    scale: true\n")
    _edit(layout, "  back:\n", "  back:\n    scale: true\n")
    code, _ = _run(capsys, "check", "mini")
    assert code == 0  # without bleed it fits both papers
    errors = _check_equals_build(capsys, "--bleed", bleed)
    mine = [e for e in errors if f"does not fit {paper} " in e]
    assert len(mine) == 1, errors
    assert mine[0].startswith(f"content/mini/game.yaml:{line}:")
    assert "Deck (MINI-A" in mine[0] and f"with {bleed} mm bleed" in mine[0]
    assert over in mine[0]


def test_a_paper_only_another_game_has_is_a_located_error_with_a_suggestion(mini, capsys):
    """A paper of one game's own layouts, asked for a game whose layouts lack it: that game's
    mistake, at its ``layouts:`` line (a paper no game has is refused on the command line,
    test_cli_errors.py)."""
    other = mini / "content" / "other"
    (mini / "content" / "mini").rename(other)
    (mini / "content" / "mini").mkdir()
    for f in other.iterdir():  # the same game again, under its own name, with its own layouts
        (mini / "content" / "mini" / f.name).write_bytes(f.read_bytes())
    _edit(other / "game.yaml", "id: mini\n", "id: other\n")
    _edit(other / "game.yaml", "layouts: mini.yaml\n", "layouts: other.yaml\n")
    layouts = mini / "layouts"
    (layouts / "other.yaml").write_text(
        (layouts / "mini.yaml").read_text() + "papers:\n  a3x: {size: [297, 420]}\n"
    )
    code, checked = _run(capsys, "check", "--paper", "a3x")  # both games
    assert code == 1
    code, built = _run(capsys, "build", "--jobs", "1", "--paper", "a3x")
    assert code == 1 and built == checked
    assert len(checked) == 1, checked
    # where it is declared, and what to do (it said "did you mean 'a3'?": a designer's report)
    assert (
        "no paper 'a3x': it is declared in layouts/other.yaml, which this game's layout does"
        " not include (declare it in a layout file every game that prints on it includes, or"
        " include that file)"
    ) in checked[0]
    assert checked[0].startswith("content/mini/game.yaml:")
    assert list(Path("build/other").rglob("*.pdf"))  # the game that has the paper prints


def _page_mm(pdf: Path) -> set[tuple[float, float]]:
    reader = PdfReader(pdf)
    return {
        (round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
        for p in reader.pages
    }


def test_a_projects_own_paper_does_not_hide_a_games_errors(mini, capsys):
    """A review: with its own paper asked for, a game whose files had an error was told
    "unknown paper" (its layouts, where the paper is, did not load): its own error is said."""
    layout = mini / "layouts" / "mini.yaml"
    _edit(
        layout,
        "include: [base.yaml]\n",
        "include: [base.yaml]\npapers:\n  sq: {size: [250, 250]}\n",
    )
    line = _edit(_game(mini), "    count: 4\n", "    count: 4\n    part: cardz\n") + 1
    code, errors = _run(capsys, "check", "mini", "--paper", "sq")
    assert code == 1
    assert errors == [
        f"content/mini/game.yaml:{line}:5: error: duplicate key 'part' (first defined at line"
        f" {line - 2})"
    ]


def test_a3_prints_at_its_size(mini, capsys):
    assert main(["build", "mini", "--paper", "a3", "--profile", "standard", "--jobs", "1"]) == 0
    out = mini / "build" / "mini" / "standard-a3"
    assert _page_mm(out / "cards.pdf") == {(297.0, 420.0)}
    assert _page_mm(out / "rules.pdf") == {(297.0, 420.0)}
    assert _page_mm(out / "rules-booklet.pdf") == {(420.0, 297.0)}  # two A4 pages a side


def test_a_projects_own_paper_prints_at_its_size(mini, capsys):
    layout = mini / "layouts" / "mini.yaml"
    _edit(
        layout,
        "include: [base.yaml]\n",
        "include: [base.yaml]\npapers:\n  square-250: {size: [250, 250]}\n",
    )
    args = ["build", "mini", "--paper", "square-250", "--profile", "standard", "--jobs", "1"]
    assert main(args) == 0
    out = mini / "build" / "mini" / "standard-square-250"
    assert _page_mm(out / "cards.pdf") == {(250.0, 250.0)}
    assert _page_mm(out / "rules-booklet.pdf") == {(250.0, 250.0)}  # 125 × 250 half pages


@pytest.mark.parametrize(
    ("paper", "said"),
    [
        ("stamp: {size: [20, 30]}", "paper 'stamp': every length is 50 to 2,000 mm; got 20 × 30"),
        # cards and rules are laid out on a sheet portrait and the booklet on it turned: a size
        # given wider than tall printed them two ways (a designer's report); a half page too
        (
            "wide: {size: [400, 250]}",
            "paper 'wide': a size is [width, height], portrait; got 400 × 250 mm, wider than"
            " tall: write [250, 400]",
        ),
        (
            "halfland: {size: [210, 297], half: [148, 105]}",
            "paper 'halfland': a half is [width, height], portrait; got 148 × 105 mm, wider"
            " than tall: write [105, 148]",
        ),
        (  # turned, it would not fit either: no advice that fails next (review)
            "halfa4: {size: [210, 297], half: [297, 210]}",
            "paper 'halfa4': its half page (297 × 210 mm) must be portrait and within half the"
            " sheet (148.5 × 210 mm, turned), where a booklet prints two side by side",
        ),
        (  # half of a sheet more than twice as tall as wide, turned, is landscape (review)
            "tall: {size: [100, 250]}",
            "paper 'tall': its booklet's half page, half the sheet turned, would be 125 × 100"
            " mm, wider than tall: give it a half: [width, height] no wider than tall, within"
            " that",
        ),
        (  # a name is part of a kit's folder: this one wrote over another game's PDFs
            '"../../other/standard-a4": {size: [210, 297]}',  # and outside the project (review)
            "papers: '../../other/standard-a4' is not lower-case words joined by '-', e.g."
            " common-reserve",
        ),
        (
            "A5: {size: [148, 210]}",
            "papers: 'A5' is not lower-case words joined by '-', e.g. common-reserve; did you"
            " mean 'a5'?",
        ),
    ],
    ids=[
        "too-small",
        "landscape",
        "landscape-half",
        "half-too-large",
        "tall-sheet",
        "path",
        "upper-case",
    ],
)
def test_a_paper_that_cannot_be_printed_on_is_a_located_error(mini, capsys, paper, said):
    layout = mini / "layouts" / "mini.yaml"
    line = _edit(layout, "include: [base.yaml]\n", f"include: [base.yaml]\npapers:\n  {paper}\n")
    assert _check_equals_build(capsys) == [f"layouts/mini.yaml:{line + 2}:3: error: {said}"]


def _slots_per_page(pdf: Path) -> list[int]:
    """Cards on each front page: the mini deck prints its id in the card's text."""
    reader = PdfReader(pdf)
    return [text.count("Cost ") for text in page_texts(reader)]


def test_a_fixed_grid_puts_that_many_cards_on_each_page(mini, capsys):
    _edit(_game(mini), "    count: 4\n", "    count: 4\n    imposition: {grid: [1, 2]}\n")
    assert main(["build", "mini", "--paper", "a4", "--profile", "standard", "--jobs", "1"]) == 0
    counts = _slots_per_page(mini / "build" / "mini" / "standard-a4" / "cards.pdf")
    assert [c for c in counts if c] == [2, 2]  # two fronts a page instead of four on one


def test_a_fixed_grid_too_big_with_bleed_says_by_how_much(mini, capsys):
    """Nine-up poker fits A4 without bleed; with 3 mm of it, the grid is wider than the
    printable area, and the error says by how much, as a lone card too big does (it said
    only that the grid did not fit)."""
    line = _edit(_game(mini), "    count: 4\n", "    count: 4\n    imposition: nine-up\n") + 1
    assert _run(capsys, "check", "mini", "--profile", "standard")[0] == 0
    errors = _check_equals_build(capsys, "--profile", "standard", "--bleed", "3")
    assert errors == [
        f"content/mini/game.yaml:{line}:17: error: Deck (MINI-A, 63 × 88 mm) does not fit A4"
        " (210 × 297 mm) with 3 mm bleed: the 3×3 grid with its bleed and crop marks needs"
        " 211.5 × 286.5 mm, the printable area is 200 × 287 mm: 11.5 mm too wide",
        f"content/mini/game.yaml:{line}:17: error: Deck (MINI-A, 63 × 88 mm) does not fit US"
        " Letter (215.9 × 279.4 mm) with 3 mm bleed: the 3×3 grid with its bleed and crop"
        " marks needs 211.5 × 286.5 mm, the printable area is 205.9 × 269.4 mm: 5.6 mm too"
        " wide, 17.1 mm too tall",
    ]
    folded = _check_equals_build(
        capsys, "--profile", "standard", "--bleed", "3", "--imposition", "gutterfold"
    )  # half the page holds the fronts: the whole page's area is not the measure
    assert folded and not [e for e in folded if "printable area" in e], folded


def test_a_named_imposition_and_an_unknown_one(mini, capsys):
    line = _edit(_game(mini), "    count: 4\n", "    count: 4\n    imposition: nine-upp\n") + 1
    errors = _check_equals_build(capsys)
    assert errors == [
        f"content/mini/game.yaml:{line}:17: error: unknown imposition 'nine-upp'"
        " (known: four-up, nine-up)"
    ]


def test_a_grid_is_placed_the_same_on_every_page():
    cards = [(i, None) for i in range(12)]
    pages = impose([((63.0, 88.0), cards, (3, 3))], (210.0, 297.0), imposition="simplex")
    assert [len(p.slots) for p in pages] == [9, 3]
    first = [s.trim for s in pages[0].slots[:3]]
    assert [s.trim for s in pages[1].slots] == first
    assert pages[1].marks == pages[0].marks  # the whole grid is marked on every page


def test_a_grid_that_does_not_fit_is_refused():
    with pytest.raises(ValueError, match="a 4×3 grid of 63×88 mm items does not fit"):
        impose([((63.0, 88.0), [(0, None)], (4, 3))], (210.0, 297.0), imposition="simplex")


def test_a_kit_carries_one_calibration_sheet_and_the_alpha_sheets_fit_eight_pages(built):
    """The calibration sheet is about the printer: once a kit, at the end of the cards."""
    for kit in sorted(built.glob("*/*-*")):
        found = []
        for part in ("cards", "sheets"):
            path = kit / f"{part}.pdf"
            if path.is_file():
                texts = [t or "" for t in pypdf_texts(path)]
                found += [part for t in texts if "Duplex calibration front" in t]
        assert len(found) <= 1, kit
    alpha = built / "bidding-alpha"
    assert found == ["cards"] or kit.parent != alpha
    for paper in ("a4", "letter"):
        assert len(PdfReader(alpha / f"standard-{paper}" / "sheets.pdf").pages) <= 8
        assert "Duplex calibration" not in "".join(
            t or "" for t in pypdf_texts(alpha / f"standard-{paper}" / "sheets.pdf")
        )


def test_check_in_workers_reports_what_check_in_one_process_does(mini, capsys):
    """``check --jobs 2`` checks the profiles in workers forked after the game is loaded: the
    same lines as one process, and the same as build."""
    _edit(_game(mini), "    count: 4\n", "    count: 4\n    size: [192, 100]\n")
    layout = mini / "layouts" / "mini.yaml"
    _edit(layout, "    extends: card\n", "    extends: card\n    scale: true\n")
    _edit(layout, "  back:\n", "  back:\n    scale: true\n")
    code1, one = _run(capsys, "check", "mini", "--bleed", "3", "--jobs", "1")
    code2, two = _run(capsys, "check", "mini", "--bleed", "3", "--jobs", "2")
    assert code1 == code2 == 1
    assert one == two
    assert one and all("does not fit A4" in e for e in one), one
    code, built = _run(capsys, "build", "mini", "--jobs", "2", "--bleed", "3")
    assert code == 1 and built == one


def test_where_a_paper_is_declared_is_read_from_the_projects_files_only(tmp_path):
    """The error's look at the other layout files opens none that a link takes out of the
    project (every file a game reads lies inside it)."""
    from cutsheet.papers import declared_in

    outside = tmp_path / "outside.yaml"
    outside.write_text("papers:\n  secret: {size: [250, 250]}\n")
    layouts = tmp_path / "project" / "layouts"
    layouts.mkdir(parents=True)
    (layouts / "own.yaml").write_text("papers:\n  square: {size: [250, 250]}\n")
    (layouts / "linked.yaml").symlink_to(outside)
    assert declared_in(layouts) == {"square": "layouts/own.yaml"}
