"""A back offset corrects a duplex printer that shifts its back pages: cutsheet moves the back
pages by that much. Moving them must not bring their ink (card art, marks, the page's note,
scale bar and label) within 5 mm of the paper's edge, nor push the label off the page: every
page is laid out on the paper less the offset on one side, and the backs keep lining up with
their fronts. Read back here from the plans and from a rendered build."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from cutsheet.build import Options, build
from cutsheet.impose import impose

from .test_impose import PAPERS, assert_page, assert_safe, deck

OFFSETS = [(3.0, 0.0), (-2.5, 1.5), (10.0, 10.0), (0.0, -10.0)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", OFFSETS)
def test_every_page_keeps_5_mm_clear_whatever_the_back_offset(paper, offset):
    pages = impose(
        [((63, 88), deck(12)), ((41, 63), deck(5, tag="m"))], PAPERS[paper], back_offset=offset
    )
    assert {p.side for p in pages} == {"front", "back"}
    for page in pages:
        assert (page.width, page.height) == PAPERS[paper]
        assert_safe(page)
        assert_page(page)


@pytest.mark.parametrize("offset", OFFSETS)
def test_the_backs_still_line_up_with_their_fronts_moved_by_the_offset(offset):
    front, back = impose([((63, 88), deck(9))], PAPERS["a4"], back_offset=offset)[:2]
    backs = {s.item: s for s in back.slots}
    for s in front.slots:
        b = backs[f"{s.item}-back"]
        assert b.trim.x == pytest.approx(front.width - s.trim.right + offset[0])
        assert b.trim.y == pytest.approx(s.trim.y + offset[1])


def test_an_offset_that_leaves_no_room_is_refused_by_check_as_by_build(ws):
    """An item that fits the paper may not fit it less a 10 mm offset: the message says so,
    and the build refuses the same. The offset is taken from one side only: Festi'vibes'
    185 mm help cards fit A4 (210 - 10 - 10 = 190 mm), which the offset once took from both
    sides (180 mm: refused); the alpha's 180 × 250 mm large-print score track, with its note
    and bar, still does not fit Letter."""
    from cutsheet.build import check_game

    profiles = ("standard", "large-print")
    options = Options(profiles=profiles, papers=("a4",), back_offset=(10.0, 10.0))
    assert not check_game(ws.project, "festivibes", options).errors
    options = Options(profiles=profiles, papers=("letter",), back_offset=(10.0, 10.0))
    said = [p.message for p in check_game(ws.project, "bidding-alpha", options).errors]
    assert said and all("with a back offset of 10,10 mm" in m for m in said), said
    assert any("on a 205.9×269.4 mm page" in m for m in said), said
    out = ws.root / "out"
    _outputs, report = build(ws.project, ["bidding-alpha"], options, out, progress=print)
    assert sorted(p.message for p in report.errors) == sorted(said)


@pytest.mark.parametrize("offset", [(1.5, -1.0), (-1.0, 0.5)])
def test_a_small_offset_costs_no_card(offset):
    """Three rows of poker cards fit Letter (marks at one end); a 1 mm offset taken from
    both edges left room for two (the print-modes review: 9 cards a page became 6)."""
    plain = impose([((63, 88), deck(9))], PAPERS["letter"])
    moved = impose([((63, 88), deck(9))], PAPERS["letter"], back_offset=offset)
    assert len(moved) == len(plain) == 2
    assert len(moved[0].slots) == len(plain[0].slots) == 9


def test_a_built_back_page_moved_3_mm_keeps_the_edges_white(ws, tmp_path: Path):
    """Rendered: every page of Common Reserve's cards and sheets with a 3 mm back offset
    leaves the outer 5 mm of the paper white, and each back page still has its label."""
    import pypdfium2 as pdfium

    options = Options(profiles=("standard",), papers=("a4",), back_offset=(3.0, -2.0))
    _outputs, report = build(ws.project, ["common-reserve"], options, tmp_path, progress=print)
    assert not report.errors
    dpi = 100
    band = math.floor((5.0 - 0.3) * dpi / 25.4)
    for part in ("cards", "sheets"):
        doc = pdfium.PdfDocument(tmp_path / "common-reserve" / "standard-a4" / f"{part}.pdf")
        for number, page in enumerate(doc, 1):
            image = page.render(scale=dpi / 72, grayscale=True).to_pil()
            w, h = image.size
            strips = ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h))
            darkest = [image.crop(strip).getextrema()[0] for strip in strips]
            assert min(darkest) >= 250, (part, number, darkest)
            text = page.get_textpage().get_text_bounded()
            if part == "cards" and number % 2 == 0:
                assert "back" in text, (part, number, text[-200:])  # its label
        doc.close()
    # the manifest says how the cut parts were printed, so a file found later tells it
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    for entry in manifest["outputs"]:
        if entry["part"] in ("cards", "sheets"):
            assert entry["back_offset"] == [3.0, -2.0] and entry["cut_guides"] == "marks"
        elif entry["part"] != "font-licence":  # the rules are cut nowhere
            assert entry["back_offset"] is None and entry["cut_guides"] is None, entry


@pytest.mark.parametrize("offset", OFFSETS)
def test_a_moved_page_keeps_its_label_titled(offset):
    """Where a page's label has room for the game's title before it (``titled``), the page
    moved by a back offset keeps it: the label is not cut back to the part's name alone."""
    from dataclasses import replace

    from cutsheet.impose.pages import _moved

    page = impose([((63, 88), deck(9))], PAPERS["a4"])[0]
    titled = replace(page, furniture=replace(page.furniture, titled=True))
    moved = _moved(titled, PAPERS["a4"], offset)
    assert moved.furniture.titled
    assert moved.furniture.label.box.x == pytest.approx(page.furniture.label.box.x + offset[0])


def test_a_back_offset_with_a_fold_is_refused(ws, capsys):
    """Gutterfold puts each back behind its front across the fold: an offset there only took
    room from every page and shifted the glue-together pages out of register."""
    from cutsheet.cli import main

    for command in ("check", "build"):
        argv = ["--root", str(ws.root), command, "--imposition", "gutterfold"]
        with pytest.raises(SystemExit) as stopped:
            main([*argv, "--back-offset", "2,-2"])
        assert stopped.value.code == 2, command  # a command line to mend, as argparse's
        assert "leave --back-offset out" in capsys.readouterr().err, command


def test_an_offset_that_costs_a_row_is_a_warning_from_check_and_build(ws):
    """Large print's reference cards print two a page; 5 mm taken off the page leaves room
    for one: a part whose cards take more pages with the offset than without is warned
    about, with the pages they take, by ``check`` and by ``build`` alike (the designer
    review: the README promised a page kept its cards whatever the offset)."""
    from cutsheet.build import check_game

    options = Options(profiles=("large-print",), papers=("a4",), back_offset=(5.0, 5.0))
    said = [str(p) for p in check_game(ws.project, "festivibes", options).problems]
    want = (
        "content/festivibes/game.yaml: warning: large-print-a4/cards.pdf: with a back offset of"
        " 5,5 mm fewer cards fit a page of A4: they take 40 pages, not 32 (the offset is taken"
        " off every page)"
    )
    assert [s.replace(str(ws.root) + "/", "") for s in said] == [want]
    _outputs, report = build(ws.project, ["festivibes"], options, ws.root / "out", progress=print)
    assert [str(p) for p in report.problems] == said and not report.errors
    for offset in ((0.0, 0.0), (1.5, -1.0)):
        quiet = Options(profiles=("large-print",), papers=("a4",), back_offset=offset)
        assert not check_game(ws.project, "festivibes", quiet).problems


@pytest.mark.parametrize(("first", "second", "pages"), [(7, 4, None), (4, 4, (4, 2))])
def test_the_offset_warning_counts_the_pages_decks_share(tmp_path, capsys, first, second, pages):
    """Decks share their part's pages: 7 + 4 poker cards take 2 fronts with a 10 mm offset
    or without (6 and 9 a page), where the first deck alone took more; 4 + 4 take 3 fronts
    with it, 2 without, where neither deck alone did. The warning counts the part."""
    from cutsheet.cli import main
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "duo")
    game = tmp_path / "content" / "duo" / "game.yaml"
    text = game.read_text().replace("    count: 5  #", f"    count: {first}  #")
    block = text[text.index("  - id: cards\n") :]
    other = block.replace("id: cards", "id: more").replace("name: Cards", "name: More")
    other = other.replace(f"count: {first}", f"count: {second}").replace("cards.yaml", "more.yaml")
    game.write_text(text + other)
    cards = tmp_path / "content" / "duo" / "cards.yaml"
    listed = cards.read_text().replace("    copies: 3\n", f"    copies: {first - 2}\n")
    cards.write_text(listed)
    more = listed.replace("DUO-", "DUO-M").replace(f"copies: {first - 2}", f"copies: {second - 2}")
    (tmp_path / "content" / "duo" / "more.yaml").write_text(more)
    args = ["--root", str(tmp_path), "check", "--profile", "standard", "--paper", "a4"]
    assert main([*args, "--back-offset", "10,0"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if ": warning: " in line]
    if pages is None:
        assert said == []
    else:
        assert [line.split(": warning: ", 1)[1] for line in said] == [
            "standard-a4/cards.pdf: with a back offset of 10,0 mm fewer cards fit a page of A4:"
            f" they take {pages[0]} pages, not {pages[1]} (the offset is taken off every page)"
        ]


def test_the_offset_warning_counts_a_part_without_backs_too(tmp_path, capsys):
    """Every page is laid out less the offset, backs or none: nine one-sided poker cards
    took two pages with a 10 mm offset where they had taken one, unsaid."""
    from cutsheet.cli import main
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "nb")
    game = tmp_path / "content" / "nb" / "game.yaml"
    text = game.read_text().replace("    count: 5  #", "    count: 9  #")
    game.write_text("".join(line for line in text.splitlines(True) if "    back:" not in line))
    cards = tmp_path / "content" / "nb" / "cards.yaml"
    cards.write_text(cards.read_text().replace("    copies: 3\n", "    copies: 7\n"))
    args = ["--root", str(tmp_path), "check", "--profile", "standard", "--paper", "a4"]
    assert main([*args, "--back-offset", "10,0"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if ": warning: " in line]
    assert [line.split(": warning: ", 1)[1] for line in said] == [
        "standard-a4/cards.pdf: with a back offset of 10,0 mm fewer cards fit a page of A4:"
        " they take 2 pages, not 1 (the offset is taken off every page)"
    ]
