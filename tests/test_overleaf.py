"""Reference cards in large print: two a page, continued on their backs, read back from the
built PDFs; and in a file printed two-sided, no two pages of cards share a sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
import yaml
from pypdf import PdfReader

from cutsheet.boxes.text import line_breaks
from cutsheet.plan.overleaf import MORE

from .conftest import ROOT
from .readback import plumber_pages, plumber_words, pypdf_texts

PAPERS = ("a4", "letter")
TEXT_OPS = {"Tj", "TJ", "'", '"'}


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _pages(path: Path) -> list[str]:
    return [t or "" for t in pypdf_texts(path)]


@pytest.mark.parametrize("paper", PAPERS)
def test_help_cards_print_two_a_page_and_go_on_over_their_backs(built, paper):
    pages = _pages(built / "festivibes" / f"large-print-{paper}" / "cards.pdf")
    fronts = [i for i, t in enumerate(pages) if MORE in t]
    assert len(fronts) == 4  # 8 help cards, two a page
    for i in fronts:
        assert pages[i].count(MORE) == 2
        back = pages[i + 1]
        title = "On your turn" if "On your turn" in pages[i] else "Event effects"
        assert back.count(title) == 2 and MORE not in back  # the title again, then the rest
    # every line of every help card is printed, whichever side it fell on
    help_yaml = yaml.safe_load((ROOT / "content" / "festivibes" / "help.yaml").read_text())
    printed = _squash(" ".join(pages[fronts[0] : fronts[-1] + 2]))
    for item in help_yaml["items"]:
        for line in item["lines"]:
            assert _squash(line) in printed, line


@pytest.mark.parametrize("paper", PAPERS)
def test_bidding_aids_repeat_the_label_of_a_list_cut_in_two(built, paper):
    pages = _pages(built / "bidding-alpha" / f"large-print-{paper}" / "cards.pdf")
    fronts = [i for i, t in enumerate(pages) if "Player aid" in t and MORE in t]
    # 6 aids, two a page at most (on A4 the first may share a page with the last deck cards)
    assert sum(pages[i].count(MORE) for i in fronts) == 6
    assert len(fronts) <= 4
    for i in fronts:
        aids = pages[i].count(MORE)
        assert 1 <= aids <= 2
        assert pages[i + 1].count("Each turn (continued)") == aids
        assert pages[i + 1].count("Final scoring") == aids


@pytest.mark.parametrize("paper", PAPERS)
def test_an_aid_back_starts_under_its_title_though_the_id_sits_beside_it(built, paper):
    """The aid's id is in its title's row: the back repeats the title, and what goes on
    starts under it (the id beside the title once moved the back's text up into it)."""
    path = built / "bidding-alpha" / f"large-print-{paper}" / "cards.pdf"
    pages = plumber_pages(path)
    backs = [p for p in pages if "Each turn (continued)" in (p.extract_text() or "")]
    assert backs
    for page in backs:
        words = page.extract_words()
        titles = [w for w in words if w["text"] == "Player"]
        goes_on = [w for w in words if w["text"] == "(continued)"]
        assert len(titles) == len(goes_on) >= 1
        for title in titles:  # its own aid's "Each turn (continued)": the nearest
            under = min(
                goes_on, key=lambda w: abs(w["x0"] - title["x0"]) + abs(w["top"] - title["top"])
            )
            assert under["top"] >= title["bottom"], (title, under)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_continued_note_lines_up_with_the_card_text(built, paper):
    """ "Continued on the back" starts where the card's text does (its title, its first
    line), not at a centred label further out ("+1" on the effects card, 1 mm out in the
    design, 2.6 mm in large print)."""
    path = built / "festivibes" / f"large-print-{paper}" / "cards.pdf"
    words = plumber_words(path)
    fronts = [w for w in words if any(x["text"] == "Continued" for x in w)]
    assert len(fronts) == 4
    for page in fronts:
        notes = [w for w in page if w["text"] == "Continued"]
        titles = [w for w in page if w["text"] in ("Event", "On")]
        assert len(notes) == len(titles) == 2
        for note in notes:
            title = max((t for t in titles if t["top"] < note["top"]), key=lambda t: t["top"])
            assert abs(note["x0"] - title["x0"]) < 0.5, (note, title)


def _text_tags(pdf: pikepdf.Pdf, page: pikepdf.Page) -> list[str]:
    """The innermost marked-content tag around every text-showing operator on the page."""
    stack: list[str] = []
    tags = []
    for ins in pikepdf.parse_content_stream(page):
        op = str(ins.operator)
        if op in ("BDC", "BMC"):
            stack.append(str(ins.operands[0]))
        elif op == "EMC" and stack:
            stack.pop()
        elif op in TEXT_OPS:
            tags.append(stack[-1] if stack else "")
    return tags


def test_a_continued_back_is_tagged_text_and_a_deck_back_an_artifact(built):
    path = built / "festivibes" / "large-print-a4" / "cards.pdf"
    pages = _pages(path)
    front = next(i for i, t in enumerate(pages) if MORE in t)
    deck_back = next(i for i, t in enumerate(pages) if t.startswith("Festi'vibes\n Event"))
    with pikepdf.open(path) as pdf:
        continued = _text_tags(pdf, pdf.pages[front + 1])
        # read as text; its repeated title is an artifact (heard once, on the front)
        assert continued.count("/P") >= 4 and "/Artifact" in continued
        assert set(_text_tags(pdf, pdf.pages[deck_back])) <= {"/Artifact"}


MARK_WIDTH = re.compile(rb"(?<![\d.])0?\.25 w\b")  # crop marks are 0.25 pt lines


def _card_pages(pdf: pikepdf.Pdf) -> list[bool]:
    """For each page: does it carry crop marks, i.e. cards to cut?"""
    out = []
    for page in pdf.pages:
        contents = page.obj.get("/Contents")
        streams = contents if isinstance(contents, pikepdf.Array) else [contents]
        out.append(any(MARK_WIDTH.search(c.read_bytes()) for c in streams if c is not None))
    return out


def _duplex_files(built: Path) -> list[Path]:
    """The cards and sheets files meant for two-sided printing (long-edge duplex asked for)."""
    out = []
    for path in sorted(built.glob("*/*/*.pdf")):
        if path.name not in ("cards.pdf", "sheets.pdf"):
            continue
        prefs = PdfReader(path).trailer["/Root"].get("/ViewerPreferences", {})
        if prefs.get("/Duplex") == "/DuplexFlipLongEdge":
            out.append(path)
    return out


def test_no_two_pages_of_cards_share_a_sheet_in_a_two_sided_file(built):
    """Printed two-sided, page 2k is the back of page 2k - 1: behind a page of cards there is
    only its backs, or a blank back, never another page of cards to be cut apart."""
    files = _duplex_files(built)
    assert len(files) >= 12
    for path in files:
        texts = pypdf_texts(path)
        with pikepdf.open(path) as pdf:
            cards = _card_pages(pdf)
        assert any(cards), path
        for k in range(0, len(cards) - 1, 2):
            front = texts[k] or ""
            if not cards[k] or "Duplex calibration" in front:
                continue
            back = texts[k + 1] or ""
            assert re.search(r"\d+ back\b", back), (path, k + 2, back[-60:])


def test_line_breaks_are_cut_points_outside_any_other_tag():
    markup = "one<br/><b>two<br/>three</b><br/>four <font size='9'>x</font><br />five"
    cuts = [markup[a:b] for a, b in line_breaks(markup)]
    assert cuts == ["<br/>", "<br/>", "<br />"]
    assert line_breaks("<img src='x' width='2' height='2'/><br/>a") == [(35, 40)]


def test_overleaf_takes_no_back_of_its_own(ws):
    line = ws.edit(
        "content/festivibes/game.yaml", "    overleaf: true\n", "    overleaf: true\n    back: x\n"
    )
    problems = [str(p) for p in ws.check("festivibes")]
    assert any(
        p.startswith("content/festivibes/game.yaml:")
        and "'overleaf' continues a card on its back, so it takes no 'back'" in p
        for p in problems
    ), (line, problems)


def test_a_reference_card_too_long_even_for_both_sides_is_a_located_overflow(ws):
    """Neither a title that alone outgrows the card nor a paragraph without a line break to cut
    at is cut in two: each is the usual located overflow, never a traceback."""
    words = " ".join(["Festival"] * 60)
    ws.edit("content/festivibes/help.yaml", "    title: On your turn", f"    title: {words}")
    line = ws.line_of("content/festivibes/help.yaml", "    title: Festival")
    messages = [str(p) for p in ws.check("festivibes", ("large-print",))]
    assert any(
        m.startswith(f"content/festivibes/help.yaml:{line}:")
        and "does not fit a 185×130 mm card" in m
        for m in messages
    ), messages


def test_blank_lines_cut_off_a_reference_card_give_their_room_back(ws):
    """Blank lines dropped where a card is cut in two are not kept as space on its back (what
    sat under the cut text moves up): two more blank lines still fit front and back."""
    turn = '      - "TICKET: put one of your tickets above a column. At most 2 tickets a column."\n'
    ws.edit("content/festivibes/help.yaml", turn, turn + '      - ""\n      - ""\n')
    problems = ws.check("festivibes", ("large-print",))
    assert not problems, [str(p) for p in problems]
