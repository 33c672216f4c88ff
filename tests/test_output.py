"""Read the built PDFs back: text, page sizes, crop-mark geometry, backs, booklet, metadata."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from cutsheet.build import Options, Project, build
from cutsheet.content import load_game
from cutsheet.layouts import PACKAGED as PACKAGED_LAYOUTS
from cutsheet.profiles import PACKAGED as PACKAGED_PROFILES

from .readback import plumber_pages, plumber_words, pypdf_reader, pypdf_texts

MM = 72 / 25.4
PAGE_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
CR = "common-reserve"


def pdf(
    built: Path, part: str, paper: str = "a4", game: str = CR, profile: str = "standard"
) -> Path:
    return built / game / f"{profile}-{paper}" / f"{part}.pdf"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("part", ["cards", "sheets", "rules"])
def test_pages_are_the_paper_size(built, paper, part):
    for page in PdfReader(pdf(built, part, paper)).pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (w, h) == pytest.approx(PAGE_PT[paper], abs=0.05)


def card_words(page_words, id_word):
    """Words of the card whose id is ``id_word`` (the id sits at the card's bottom right),
    among the words of its page."""
    x1, bottom = id_word["x1"], id_word["bottom"]
    box = (x1 - 62 * MM, bottom - 85 * MM, x1 + 1, bottom + 1)
    return [
        w
        for w in page_words
        if box[0] <= w["x0"] and w["x1"] <= box[2] and box[1] <= w["top"] and w["bottom"] <= box[3]
    ]


def number_right_of(words, label):
    """The number printed on the same row as ``label``, to its right."""
    word = next(w for w in words if w["text"] == label)
    mid = (word["top"] + word["bottom"]) / 2
    row = [w for w in words if w["x0"] > word["x1"] and w["top"] - 3 < mid < w["bottom"] + 3]
    return int(next(w["text"] for w in row if w["text"].isdigit()))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_delivery_prints_its_name_and_demands(built, repo, paper):
    game = load_game(repo.content / CR)
    cards = {}
    for words in plumber_words(pdf(built, "cards", paper)):
        for word in words:
            if word["text"].startswith("CR-"):
                cards[word["text"]] = card_words(words, word)
    items = game.component("deliveries").items
    assert sorted(cards) == sorted(i.id for i in items)
    for item in items:
        v = item.values
        words = cards[item.id]
        line = " ".join(w["text"] for w in words)
        assert v["name"] in line
        assert f"CLOSED SOURCE: {v['closed']} while CURRENT" in line
        assert "Exchanges may still bring it in." in line
        for resource, n in v["demand"].items():
            assert number_right_of(words, resource) == n, (item.id, resource)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_a_card_apart_and_outside_the_grid(built, paper):
    page = plumber_pages(pdf(built, "cards", paper))[0]
    marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]
    vertical = sorted({round(ln["x0"], 2) for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01})
    horizontal = sorted(
        {round(ln["top"], 2) for ln in marks if abs(ln["top"] - ln["bottom"]) < 0.01}
    )
    assert [round((b - a) / MM, 1) for a, b in zip(vertical, vertical[1:], strict=False)] == [
        63.0
    ] * 3
    assert [round((b - a) / MM, 1) for a, b in zip(horizontal, horizontal[1:], strict=False)] == [
        88.0
    ] * 3
    for ln in marks:
        length = max(abs(ln["x1"] - ln["x0"]), abs(ln["bottom"] - ln["top"]))
        assert 2.0 - 0.01 <= length / MM <= 5.0 + 0.01  # shorter where the paper is tight
        inside_x = vertical[0] + 0.01 < (ln["x0"] + ln["x1"]) / 2 < vertical[-1] - 0.01
        inside_y = horizontal[0] + 0.01 < (ln["top"] + ln["bottom"]) / 2 < horizontal[-1] - 0.01
        assert not (inside_x and inside_y), "a crop mark on a card"


def test_cards_have_back_pages_and_a_calibration_sheet(built):
    reader = pypdf_reader(pdf(built, "cards"))
    texts = list(pypdf_texts(pdf(built, "cards")))
    assert len(texts) == 2 * 2 + 2  # two sheets of fronts and backs, then calibration
    assert "Seed Tent" in texts[0] and "Seed Tent" not in texts[1]
    assert texts[1].count("Delivery cards") == 9 and texts[3].count("Delivery cards") == 3
    assert "Duplex calibration" in texts[4] and "--back-offset" in texts[5]
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge" and prefs["/PrintScaling"] == "/None"


def test_sheets_hold_every_other_component(built):
    text = "\n".join(pypdf_texts(pdf(built, "sheets")))
    for needle in (
        "Reserve sheet",
        "CURRENT",
        "NEXT",
        "Session record",
        "GATHER",
        "EXCHANGE",
        "WAIT",
        "TURN",
        "/ 16",
        "/ 40",
    ):
        assert needle in text, needle
    assert text.count("WATER") >= 6 + 1


def test_rules_hold_both_worked_examples(built):
    text = " ".join(" ".join(t.split()) for t in pypdf_texts(pdf(built, "rules")))
    assert "Sending WATER 3, FUEL 1, FIBRE 1 leaves WATER 1, FUEL 1, FIBRE 3" in text
    assert "scores 2 points" in text
    assert "You send WATER 1, FUEL 2, FIBRE 1 and keep WATER 1, FUEL 0, FIBRE 1" in text
    assert "12 × Delivery cards" in text  # the component list comes from game.yaml


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_is_imposed_two_up_in_saddle_order(built, paper):
    reader = PdfReader(pdf(built, "rules-booklet", paper))
    w, h = PAGE_PT[paper]
    sides = reader.pages
    assert all(float(p.mediabox.width) == pytest.approx(h, abs=0.05) for p in sides)  # landscape
    pages = 2 * len(sides)
    assert pages % 4 == 0
    first = pypdf_texts(pdf(built, "rules-booklet", paper))[0]
    # the first side carries the last page (left) and page 1 (right)
    assert "Common Reserve" in first
    numbers = [int(n) for n in re.findall(r"rules · page (\d+)", first)]
    assert numbers and all(n in (1, pages) for n in numbers)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"


def test_metadata(built):
    reader = PdfReader(pdf(built, "cards"))
    info = reader.metadata
    assert info.title == "Common Reserve — Cards"
    assert info.author == "Round & Revel" and info.creator.startswith("cutsheet ")
    assert reader.trailer["/Root"]["/Lang"] == "en"


def test_every_font_of_every_pdf_is_embedded_subset_and_mapped(built):
    """pdffonts would say emb, sub, uni: yes for every font of every file built."""
    files = sorted(built.rglob("*.pdf"))
    assert len(files) == 4 * 2 * 2 * 4 - 4  # Festi'vibes has no sheets part
    for path in files:
        for page in PdfReader(path).pages:
            fonts = page["/Resources"].get("/Font", {})
            for xobject in page["/Resources"].get("/XObject", {}).values():
                fonts = {**fonts, **xobject.get_object().get("/Resources", {}).get("/Font", {})}
            for font in fonts.values():
                font = font.get_object()
                name = str(font["/BaseFont"])
                assert "Atkinson" in name and "+" in name, (path, name)
                assert "/FontFile2" in font["/FontDescriptor"] and "/ToUnicode" in font, (
                    path,
                    name,
                )


def test_manifest_lists_every_output(built):
    manifest = json.loads((built / "manifest.json").read_text())
    assert manifest["generator"].startswith("cutsheet ")
    entry = next(
        e for e in manifest["outputs"] if e["path"] == "common-reserve/standard-a4/cards.pdf"
    )
    assert entry["game"] == CR and entry["profile"] == "standard" and entry["paper"] == "a4"
    assert entry["part"] == "cards" and entry["pages"] == 6
    assert entry["components"] == {"deliveries": 12}
    assert entry["imposition"] == "duplex" and entry["cut_guides"] == "marks"
    assert entry["back_offset"] == [0.0, 0.0]
    rules = next(
        e for e in manifest["outputs"] if e["path"] == "common-reserve/standard-a4/rules.pdf"
    )
    assert rules["imposition"] == "pages" and rules["cut_guides"] is rules["back_offset"] is None
    sheets = next(
        e for e in manifest["outputs"] if e["path"] == "common-reserve/standard-letter/sheets.pdf"
    )
    assert sheets["components"] == {
        "reserve-sheet": 1,
        "session-record": 1,
        "actions": 3,
        "turn-marker": 1,
        "counters": 18,
    }
    licences = [e for e in manifest["outputs"] if e["part"] == "font-licence"]
    for e in manifest["outputs"]:
        import hashlib

        assert hashlib.sha256((built / e["path"]).read_bytes()).hexdigest() == e["sha256"]
        if e["part"] != "font-licence":
            assert len(PdfReader(built / e["path"]).pages) == e["pages"]
    # every kit carries the licence of the font embedded in its PDFs, beside them
    kits = {e["path"].rsplit("/", 1)[0] for e in manifest["outputs"] if e["path"].endswith(".pdf")}
    assert sorted(e["path"] for e in licences) == sorted(
        f"{kit}/font-licences/OFL-AtkinsonHyperlegible.txt" for kit in kits
    )
    assert {tuple(e["fonts"]) for e in licences} == {("Atkinson Hyperlegible",)}
    assert b"SIL OPEN FONT LICENSE" in (built / licences[0]["path"]).read_bytes()


# ------------------------------------------------------------------ a tiny CSV game
@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("mini")
    shutil.copytree(Path(__file__).parent / "data" / "mini", root, dirs_exist_ok=True)
    shutil.copy(PACKAGED_LAYOUTS / "base.yaml", root / "layouts" / "base.yaml")
    shutil.copytree(PACKAGED_PROFILES, root / "layouts" / "profiles")
    make_png(root / "content" / "mini" / "alpha.png")
    out = root / "build"
    _o, report = build(
        Project(root), ["mini"], Options(papers=("a4",)), out, progress=lambda _m: None
    )
    assert not report.errors, report.errors
    return out


def make_png(path: Path) -> None:
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (120, 50), "white")
    ImageDraw.Draw(im).ellipse((10, 5, 110, 45), fill=(0, 114, 178))
    im.save(path)


def test_an_image_box_draws_the_image(mini):
    reader = PdfReader(pdf(mini, "cards", game="mini"))
    images = [img for img in reader.pages[0].images]
    assert len(images) == 1 and images[0].image.size == (120, 50)


def test_a_missing_image_is_a_located_error(tmp_path):
    import os

    from cutsheet.build import check_game

    root = tmp_path / "m"
    shutil.copytree(Path(__file__).parent / "data" / "mini", root)
    shutil.copy(PACKAGED_LAYOUTS / "base.yaml", root / "layouts" / "base.yaml")
    shutil.copytree(PACKAGED_PROFILES, root / "layouts" / "profiles")
    cwd = os.getcwd()
    os.chdir(root)
    try:
        report = check_game(Project(root), "mini", ("standard",))
    finally:
        os.chdir(cwd)
    assert [str(p) for p in report.errors] == [
        "content/mini/cards.csv:2:40: error: MINI-A, box 'art': image 'alpha.png' not found in content/mini"
    ]


def test_csv_cards_print_literally(mini):
    text = PdfReader(pdf(mini, "cards", game="mini")).pages[0].extract_text()
    assert "Exchange: 5R>G and 8R>B" in text
    assert 'Quotes "kept" & <tags>' in text
    assert "Beta & Co" in text
    assert "Mini & Test <Game>" in PdfReader(pdf(mini, "rules", game="mini")).metadata.title


def id_words(page):
    return {w["text"]: w for w in page.extract_words() if w["text"].startswith("MINI-")}


def test_back_pages_mirror_the_fronts(mini):
    with pdfplumber.open(pdf(mini, "cards", game="mini")) as doc:
        front, back = doc.pages[0], doc.pages[1]
        width = float(front.width)
        ids = id_words(front)
        words = back.extract_words()
        backs = {  # centre of the line "MINI-X back"
            w["text"]: (w["x0"] + nxt["x1"]) / 2
            for w, nxt in zip(words, words[1:], strict=False)
            if w["text"].startswith("MINI-") and nxt["text"] == "back"
        }
        # the id is right-aligned 4 mm inside the card's right edge (base.yaml 'card')
        card_centre = {k: (w["x1"] + 4 * MM - 31.5 * MM) for k, w in id_words(front).items()}
    assert set(backs) == set(ids) == {"MINI-A", "MINI-B", "MINI-C", "MINI-D"}
    for card_id, x in backs.items():
        assert x == pytest.approx(width - card_centre[card_id], abs=1.0), card_id


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_project_card_reads_its_kind_before_its_cost(built, profile):
    """Title first, then the kicker above it, then the cost beside the title: "Moon Gate",
    "PROJECT", "COST 2", never the cost before the kind of card it is the cost of."""
    path = pdf(built, "cards", "a4", game="festival-charter", profile=profile)
    page = next(t for t in pypdf_texts(path) if "Moon Gate" in t)
    lines = [ln.strip() for ln in page.splitlines() if ln.strip()]
    first = lines.index("Moon Gate")
    assert lines[first : first + 5] == ["Moon Gate", "PROJECT", "COST", "2", "Supplies when built:"]


def test_standard_pdfs_are_tagged_and_read_title_first(built):
    import pikepdf

    path = pdf(built, "cards", "letter")
    with pikepdf.open(path) as doc:
        assert doc.Root.MarkInfo.Marked is True
        title, note, first = doc.Root.StructTreeRoot.K.K[0:3]
        assert title.S == "/H1"  # the file's title, in the text layer
        assert note.S == "/P"  # how to print it: page 1's note, read once (else furniture)
        assert first.S == "/Sect" and first.K[0].S == "/H2"
        mcid, page = int(note.K[0].MCID), note.K[0].Pg
        assert page.objgen == doc.pages[0].objgen
    chars = [ch for ch in plumber_pages(path)[0].chars if ch.get("mcid") == mcid]
    assert "".join(ch["text"] for ch in chars) == (
        "Print at 100% (actual size), not 'fit to page'. The bar is 50 mm long."
    )
    lines = pypdf_texts(path)[0].splitlines()
    assert [ln.strip() for ln in lines[:3]] == ["Common Reserve — Cards", "Seed Tent", "DELIVERY"]
