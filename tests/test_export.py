"""``cutsheet export``: the files read back (PNG sizes, names and dpi; the TTS saved object
against the shape Tabletop Simulator saves; the pod pages' boxes and order; the contact
sheet's ids), incremental exports, the manifest, and bad input as one line, exit 1."""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from cutsheet import jobs
from cutsheet.build import Options, Project, build
from cutsheet.cli import main
from cutsheet.exports import ExportOptions, export
from cutsheet.plan.model import FacePlan, PrintedCard
from cutsheet.scaffold import new_game
from cutsheet.targets import ExportSettings
from cutsheet.targets.decks import Deck
from cutsheet.targets.tts import CARD_UNITS, COLUMNS, MAX_PX, ROWS, card_shape, deck_images

from .readback import page_texts

MM = 72 / 25.4
QUIET = {"progress": lambda _m: None}


@pytest.fixture
def project(tmp_path: Path) -> Project:
    root = tmp_path / "project"
    new_game(root, "my-game")  # Sun, Moon and Star × 3: five poker cards, one shared back
    return Project(root)


def run(project: Project, to: str, out: Path, **kw) -> list[dict]:
    entries, report = export(project, ["my-game"], ExportOptions(to=to, **kw), out, **QUIET)
    assert not report.errors, report.errors
    return entries


def png(path: Path) -> Image.Image:
    image = Image.open(path)
    image.load()
    return image


# ---------------------------------------------------------------------------------- png
def test_png_names_sizes_and_dpi(project, tmp_path):
    out = tmp_path / "out"
    run(project, "png", out, dpi=72)
    folder = out / "my-game" / "export" / "png"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["MG-MOON.png", "MG-STAR.png", "MG-SUN.png", "back.png"]
    for name in names:
        image = png(folder / name)
        assert image.size == (round(63 / 25.4 * 72), round(88 / 25.4 * 72)) == (179, 249)
        assert [round(d) for d in image.info["dpi"]] == [72, 72]
    front, back = png(folder / "MG-SUN.png"), png(folder / "back.png")
    assert front.convert("L").getextrema()[0] < 100  # ink: the drawing, not a blank page
    assert front.tobytes() != back.tobytes()


@pytest.mark.parametrize(("bleed", "size"), [(0.0, (744, 1039)), (3.0, (815, 1110))])
def test_png_at_300_dpi_is_the_card_plus_its_bleed(project, tmp_path, bleed, size):
    out = tmp_path / "out"
    run(project, "png", out, dpi=300, bleed=bleed)
    image = png(out / "my-game" / "export" / "png" / "back.png")
    assert image.size == size
    assert [round(d) for d in image.info["dpi"]] == [300, 300]
    if bleed:  # the back's colour runs into the bleed: the corner pixel is not paper white
        assert image.convert("RGB").getpixel((2, 2)) != (255, 255, 255)


@pytest.mark.parametrize("dpi", [73, 75, 300, 301])
def test_a_half_pixel_is_rounded_up_as_pdfium_draws_it(dpi):
    """A card 63.5 mm (2.5 in) wide at an odd dpi is an exact half of a pixel wide: Python's
    ``round`` took 752.5 px to 752 while pdfium draws 753, and the image lost its last
    column (review). Every size agrees with what pdfium draws."""
    import pypdfium2 as pdfium
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from cutsheet.targets.decks import px

    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(63.5 * mm, 88 * mm))
    canvas.showPage()
    canvas.save()
    width, height = pdfium.PdfDocument(buf.getvalue())[0].render(scale=dpi / 72).to_pil().size
    exact = 2.5 * dpi  # pdfium rounds a page's pixels up; an exact half is a whole one
    assert px(63.5, dpi) == width if exact % 1 else px(63.5, dpi) == exact == width
    assert px(88, dpi) == round(88 / 25.4 * dpi) <= height  # not a half: the nearest


def test_large_print_exports_beside_the_standard_one(project, tmp_path):
    out = tmp_path / "out"
    run(project, "png", out, dpi=72, profiles=("standard", "large-print"))
    standard = png(out / "my-game" / "export" / "png" / "MG-SUN.png")
    large = png(out / "my-game" / "export" / "png-large-print" / "MG-SUN.png")
    game_plan, _ = jobs.plan(str(project.root), "my-game", "large-print")
    (run_,) = game_plan.parts["cards"]
    assert large.size == tuple(round(v / 25.4 * 72) for v in run_.size)
    assert large.tobytes() != standard.tobytes()  # text at least 18 pt: another drawing


# ---------------------------------------------------------------------------------- tts
# The fields Tabletop Simulator writes for a custom deck and its cards (a saved object from
# the game: ObjectStates[0] a "DeckCustom" with Transform, DeckIDs, CustomDeck and
# ContainedObjects, each contained "Card" with its CardID and its own CustomDeck entry).
DECK_FIELDS = {"GUID", "Name", "Transform", "Nickname", "DeckIDs", "CustomDeck", "ContainedObjects"}
CARD_FIELDS = {"GUID", "Name", "Transform", "Nickname", "CardID", "CustomDeck"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
SHEET = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}


def file_of(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def check_deck(obj: dict, copies: int) -> None:
    """``obj`` has the saved shape, its grid matches its sheets' pixels, a card per copy."""
    assert DECK_FIELDS <= set(obj) and TRANSFORM == set(obj["Transform"])
    assert obj["Name"] == "DeckCustom"
    assert len(obj["DeckIDs"]) == len(obj["ContainedObjects"]) == copies
    for key, sheet in obj["CustomDeck"].items():
        assert set(sheet) == SHEET and key.isdigit()
        cols, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert 1 <= cols <= COLUMNS and 1 <= rows <= ROWS
        face, back = png(file_of(sheet["FaceURL"])), png(file_of(sheet["BackURL"]))
        assert face.size[0] % cols == 0 and face.size[1] % rows == 0
        assert max(face.size) <= MAX_PX
        card = (face.size[0] // cols, face.size[1] // rows)
        assert back.size == (face.size if sheet["UniqueBack"] else card)
    for card, card_id in zip(obj["ContainedObjects"], obj["DeckIDs"], strict=True):
        assert CARD_FIELDS <= set(card) and card["Name"] == "Card"
        assert card["CardID"] == card_id
        (key,) = card["CustomDeck"]
        assert card["CustomDeck"][key] == obj["CustomDeck"][key]
        sheet = obj["CustomDeck"][key]
        assert card_id // 100 == int(key)
        assert card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"]


def test_tts_saved_object_matches_its_sheets(project, tmp_path):
    out = tmp_path / "out"
    run(project, "tts", out, dpi=72)
    folder = out / "my-game" / "export" / "tts"
    saved = json.loads((folder / "my-game.json").read_text())
    (deck,) = saved["ObjectStates"]
    check_deck(deck, copies=5)
    cards = deck["ContainedObjects"]  # named as printed, the id beside (a probe: ids only)
    assert [c["Nickname"] for c in cards] == ["Sun", "Moon", "Star", "Star", "Star"]
    assert [c["Description"] for c in cards].count("MG-STAR") == 3
    assert len({c // 100 for c in deck["DeckIDs"]}) == 1
    assert len(set(deck["DeckIDs"])) == 3  # the Star's three copies share its slot
    (sheet,) = deck["CustomDeck"].values()
    assert (sheet["NumWidth"], sheet["NumHeight"], sheet["UniqueBack"]) == (3, 1, False)


def test_a_shared_back_image_counts_the_copies_of_each_deck(repo, tmp_path):
    """The YES and NO votes share a back: its image's entry credited all 8 copies to the
    YES deck and listed no NO card (review)."""
    options = ExportOptions("png", dpi=72)
    entries, report = export(repo, ["festival-charter"], options, tmp_path, **QUIET)
    assert not report.errors
    (back,) = [e for e in entries if e["path"].endswith("/yes-votes-back.png")]
    assert back["components"] == {"yes-votes": 4, "no-votes": 4}


def test_tts_one_sided_pieces_lie_face_up_and_stay_out_of_hands(repo, tmp_path):
    """An export review: every object lay face down, so a marker, a board or an aid printed
    on one side showed its blank white back, and each could be taken into a hand. A piece
    with no back lies face up, no hand takes it; a deck with backs lies face down."""
    out = tmp_path / "out"
    options = ExportOptions("tts", dpi=72)
    _entries, report = export(repo, ["common-reserve"], options, out, **QUIET)
    assert not report.errors
    saved = json.loads((out / "common-reserve/export/tts/common-reserve.json").read_text())
    game_plan, _ = jobs.plan(str(repo.root), "common-reserve", "standard")
    backed = {c.id for c in game_plan.game.components if c.spec.back or c.spec.double_sided}
    sides = set()
    for obj in saved["ObjectStates"]:
        inner = obj.get("ContainedObjects", [obj])
        component = file_of(next(iter(obj["CustomDeck"].values()))["FaceURL"]).stem
        one_sided = component not in backed
        sides.add(one_sided)
        for piece in [obj, *inner]:
            assert piece["Transform"]["rotZ"] == (0.0 if one_sided else 180.0), component
            assert piece["Hands"] is (piece["Name"] == "Card" and not one_sided), component
    assert sides == {True, False}  # the game has both


def test_tts_two_sided_pieces_lie_front_up_and_stay_out_of_hands(repo, tmp_path):
    """An export review: the bidding board (its back the score track) and Festi'vibes'
    festivals (each back its own) lay face down, showing their backs, and could be taken
    into a hand. A deck whose every card's back is its own content is pieces: front up, on
    the table. A deck with one back for all (the votes) still lies face down."""
    out = tmp_path / "out"
    options = ExportOptions("tts", dpi=72)
    games = ["bidding-alpha", "festivibes", "festival-charter"]
    _entries, report = export(repo, games, options, out, **QUIET)
    assert not report.errors
    lying: dict[str, tuple[float, bool]] = {}
    for game in games:
        saved = json.loads((out / game / "export/tts" / f"{game}.json").read_text())
        for obj in saved["ObjectStates"]:
            component = file_of(next(iter(obj["CustomDeck"].values()))["FaceURL"]).stem
            for piece in [obj, *obj.get("ContainedObjects", [])]:
                lying[component] = (piece["Transform"]["rotZ"], piece["Hands"])
    assert lying["board"] == (0.0, False)
    assert lying["festivals"] == (0.0, False)
    assert lying["yes-votes"][0] == 180.0 and lying["stage-1"][0] == 180.0


def test_a_tts_export_moved_elsewhere_names_its_images_there(project, tmp_path):
    """An export review: the saved object names its images by the export folder's own
    address; exported again into another folder (the first one moved there), it said
    "unchanged" and kept naming the old folder, where Tabletop Simulator found nothing."""
    first, moved = tmp_path / "first", tmp_path / "moved"
    run(project, "tts", first, dpi=72)
    first.rename(moved)
    said: list[str] = []
    export(project, ["my-game"], ExportOptions("tts", dpi=72), moved, progress=said.append)
    assert said != ["my-game standard tts: unchanged"]
    saved = (moved / "my-game" / "export" / "tts" / "my-game.json").read_text()
    assert str(first) not in saved and moved.resolve().as_uri() in saved


def test_a_card_removed_takes_its_image_along_with_the_cache_lost(project, tmp_path):
    """An export review: with the export's cache entry gone (or never kept), what the last
    export wrote was not known, so a card since renamed left its old image in the folder,
    out of the manifest. What the manifest lists there, unchanged since, is the export's."""
    out = tmp_path / "out"
    run(project, "png", out, dpi=72)
    folder = out / "my-game" / "export" / "png"
    mine = folder / "notes.txt"
    mine.write_text("my own file")
    for entry in (out / ".cache").rglob("*"):
        if entry.is_file():
            entry.unlink()
    cards = project.content / "my-game" / "cards.yaml"
    cards.write_text(cards.read_text().replace("MG-MOON", "MG-LUNA"))
    run(project, "png", out, dpi=72)
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["MG-LUNA.png", "MG-STAR.png", "MG-SUN.png", "back.png", "notes.txt"]
    listed = [e["path"] for e in json.loads((out / "manifest.json").read_text())["outputs"]]
    assert not any("MG-MOON" in p for p in listed)


def test_a_pod_bleed_is_not_fitted_on_a_sheet_it_is_never_printed_on(project, tmp_path):
    """An export review: a pod page is one card and its bleed, yet an 8 mm bleed refused a
    board-sized card for not fitting A4 with crop marks. The export refuses what a build
    refuses, and draws its own bleed."""
    game = project.content / "my-game" / "game.yaml"
    game.write_text(game.read_text().replace("size: poker", "size: [180, 250]"))
    layout = project.root / "layouts" / "my-game.yaml"
    layout.write_text(
        layout.read_text().replace("extends: card\n", "extends: card\n    scale: true\n")
    )
    out = tmp_path / "out"
    run(project, "pod", out, bleed=8.0)
    pdfs = sorted((out / "my-game" / "export" / "pod").glob("*.pdf"))
    assert pdfs
    page = PdfReader(pdfs[0]).pages[0]
    media = [round(float(v) / MM, 1) for v in page.mediabox]
    assert media == [0.0, 0.0, 196.0, 266.0]


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("http://[::1/", False),  # was a traceback (urlsplit's ValueError)
        ("https://ex.org:abc/", False),
        ("https://ex.org:99999/", False),
        ("file:/home/x/", False),
        ("https://ex.org/a%/", False),
        ("https://ex.org/\x01/", False),
        ("https://ex.org/a%20b/", True),
        ("http://[::1]:8000/x/", True),
        ("http://localhost:8000/x/", True),
        ("file:///C:/Users/x/", True),
        ("file://server/share/", True),
    ],
)
def test_a_url_base_is_a_folders_address(url, ok):
    from cutsheet.exports import url_base_ok

    assert url_base_ok(url) is ok


@pytest.mark.parametrize(
    "base",
    [
        "https://example.org/my game",
        "https://example.org/g#x",
        "file://",
        "https://",
        "https://example.org/g",
        "HTTPS://example.org/g",
        "file://server/share/g",
    ],
)
def test_tts_images_may_be_named_at_the_address_they_are_uploaded_to(
    project, tmp_path, base, capsys
):
    """An export review: a saved object named its images by this computer's file:/// path,
    to be replaced by hand in every card for another player to see them. ``--url-base``
    names the folder they are uploaded to; an address with a space is refused, as a
    command line to mend (exit 2)."""
    out = tmp_path / "out"
    argv = ["--root", str(project.root), "export", "--to", "tts", "--url-base", base]
    argv += ["--dpi", "72", "--out", str(out)]
    if base.endswith(("game", "#x", "//")):  # a space, a fragment, no host or path
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        assert "cutsheet: a --url-base is the address of a folder" in capsys.readouterr().err
        return
    assert main(argv) == 0
    saved = json.loads((out / "my-game/export/tts/my-game.json").read_text())
    urls = [
        u
        for sheet in saved["ObjectStates"][0]["CustomDeck"].values()
        for u in (sheet["FaceURL"], sheet["BackURL"])
    ]
    assert urls and all(u.startswith(base + "/") for u in urls), urls
    folder = out / "my-game" / "export" / "tts"
    assert all((folder / u.removeprefix(base + "/")).is_file() for u in urls)
    assert main([*argv[:-2], "--url-base", base + "2/", "--out", str(out)]) == 0  # not kept
    again = json.loads((folder / "my-game.json").read_text())
    assert base + "2/" in json.dumps(again)


def test_tts_entries_say_each_sheets_own_dpi_and_no_bleed(repo, tmp_path):
    """A sheet drawn at a lower dpi to keep to the importer's limits was recorded at the dpi
    asked for, and a bleed the target never draws was recorded too (review)."""
    options = ExportOptions("tts", dpi=300, bleed=3.0)
    entries, report = export(repo, ["festivibes"], options, tmp_path, **QUIET)
    assert not report.errors
    images = [e for e in entries if e["path"].endswith(".png")]
    dpis = set()
    for entry in images:
        image = png(tmp_path / entry["path"])
        assert [round(d) for d in image.info["dpi"]] == [entry["dpi"]] * 2, entry["path"]
        assert entry["bleed"] == 0.0
        dpis.add(entry["dpi"])
    assert len(dpis) > 1 and 300 in dpis  # the Event sheet is lowered, the others are not
    (saved,) = [e for e in entries if e["path"].endswith(".json")]
    assert saved["dpi"] is None  # the saved object is no image (review)


def test_tts_decks_of_the_repository_games(repo, tmp_path):
    """Every deck of every game: its shape and grid; a deck whose backs are the cards' own
    text (Festi'vibes' festivals) gets a back sheet."""
    out = tmp_path / "out"
    _entries, report = export(repo, repo.games(), ExportOptions("tts", dpi=72), out, **QUIET)
    assert not report.errors
    for game in repo.games():
        saved = json.loads((out / game / "export" / "tts" / f"{game}.json").read_text())
        game_plan, _ = jobs.plan(str(repo.root), game, "standard")
        copies = {c.id: c.printed for c in game_plan.game.components if c.spec.form == "card"}
        for obj in saved["ObjectStates"]:
            if obj["Name"] == "Card":  # a deck of one card is the card itself
                assert CARD_FIELDS <= set(obj)
                continue
            (sheet,) = obj["CustomDeck"].values()  # no deck here has over 70 different cards
            check_deck(obj, copies[file_of(sheet["FaceURL"]).stem])
    festivals = json.loads((out / "festivibes/export/tts/festivibes.json").read_text())
    sheet = next(iter(festivals["ObjectStates"][0]["CustomDeck"].values()))
    assert sheet["UniqueBack"] is True


@pytest.mark.parametrize(
    ("size", "shape"),
    [
        ((63, 88), (1.0, 1.0, False)),  # TTS's own card
        ((70, 120), (1.1111, 1.3636, False)),  # tarot: taller than poker, not just larger
        ((185, 130), (2.0635, 2.1023, True)),  # landscape: sideways, its sides swapped
        ((20, 20), (0.3175, 0.2273, False)),  # a square token stays square on the table
    ],
)
def test_tts_cards_keep_their_shape(size, shape):
    """TTS's card is poker-shaped: another shape is scaled along each side (a scale from
    the width alone stretched a tarot card and stood a landscape aid upright)."""
    assert card_shape(size) == shape
    sx, sz, sideways = shape
    w, h = (size[1], size[0]) if sideways else size
    assert sx * 63 == pytest.approx(w, abs=0.01) and sz * 88 == pytest.approx(h, abs=0.01)


def test_tts_objects_of_large_print_do_not_overlap(repo, tmp_path):
    """Bid & Build's large print has tokens, poker and tarot cards and landscape aids side
    by side: each stands clear of the next, however large."""
    out = tmp_path / "out"
    options = ExportOptions("tts", dpi=72, profiles=("large-print",))
    _entries, report = export(repo, ["bidding-alpha"], options, out, **QUIET)
    assert not report.errors
    saved = out / "bidding-alpha" / "export" / "tts-large-print" / "bidding-alpha-large-print.json"
    whole = json.loads(saved.read_text())
    assert whole["SaveName"].endswith(" (large print)")  # told apart from the standard one
    objects = whole["ObjectStates"]
    assert any(o["SidewaysCard"] for o in objects) and not all(o["SidewaysCard"] for o in objects)
    spans = []
    for obj in objects:
        t = obj["Transform"]
        across = CARD_UNITS * (t["scaleZ"] * 88 / 63 if obj["SidewaysCard"] else t["scaleX"])
        spans.append((t["posX"] - across / 2, t["posX"] + across / 2))
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:], strict=False)), spans


def test_tts_sheets_keep_to_the_importer_limits():
    """75 different cards: a full 10 × 7 sheet, then a second one; within 4096 px a side
    (the dpi is lowered for it)."""
    faces = [FacePlan(63, 88, (), (f"card {n}",)) for n in range(75)]
    cards = tuple(
        PrintedCard("deck", f"X-{n}", f, FacePlan(63, 88, (), ())) for n, f in enumerate(faces)
    )
    images = deck_images(Deck("deck", "Deck", (63, 88), cards), 1, ExportSettings(dpi=200))
    assert [len(s.fronts) for s in images.sheets] == [38, 37]  # shared out, not 70 and 5
    for sheet in images.sheets:
        cols, rows = sheet.grid
        assert cols <= COLUMNS and rows <= ROWS and cols * rows >= len(sheet.fronts)
    for f in images.files:
        assert max(png_bytes(f.data).size) <= MAX_PX
    assert images.card_ids[37:39] == (137, 200)


def test_a_deck_just_over_one_sheet_keeps_its_resolution_on_both():
    """An export review: 75 cards went 70 on a sheet at 165 dpi and 5 on another at 300.
    Shared out evenly, both sheets keep the same, higher dpi."""
    faces = [FacePlan(63, 88, (), (f"card {n}",)) for n in range(75)]
    cards = tuple(PrintedCard("deck", f"X-{n}", f, None) for n, f in enumerate(faces))
    images = deck_images(Deck("deck", "Deck", (63, 88), cards), 1, ExportSettings(dpi=300))
    dpis = [s.dpi for s in images.sheets]
    assert len(dpis) == 2 and dpis[0] == dpis[1] > 200


def png_bytes(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


# ---------------------------------------------------------------------------------- pod
@pytest.mark.parametrize("order", ["front-back", "back-front"])
def test_pod_pages_are_trim_plus_bleed_in_order(project, tmp_path, order):
    out = tmp_path / "out"
    run(project, "pod", out, bleed=3.0, order=order)
    pdf = out / "my-game" / "export" / "pod" / "cards.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 10  # five cards, front and back each
    for page in reader.pages:
        media = [float(v) / MM for v in page.mediabox]
        trim = [float(v) / MM for v in page.trimbox]
        bleed = [float(v) / MM for v in page.bleedbox]
        assert media == pytest.approx([0, 0, 69, 94], abs=0.01)
        assert trim == pytest.approx([3, 3, 66, 91], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)
    with pdfplumber.open(pdf) as doc:
        texts = [p.extract_text() or "" for p in doc.pages]
    fronts = [i for i, t in enumerate(texts) if "MG-" in t]
    assert fronts == ([0, 2, 4, 6, 8] if order == "front-back" else [1, 3, 5, 7, 9])
    assert "Sun" in texts[fronts[0]] and "Star" in texts[fronts[4]]
    for font in reader.pages[fronts[0]]["/Resources"]["/Font"].values():
        assert "/FontFile2" in font.get_object()["/FontDescriptor"]  # embedded


# ------------------------------------------------------------------------------ contact
def test_contact_sheet_lists_every_id(repo, tmp_path):
    out = tmp_path / "out"
    _entries, report = export(repo, repo.games(), ExportOptions("contact"), out, **QUIET)
    assert not report.errors
    for game in repo.games():
        game_plan, _ = jobs.plan(str(repo.root), game, "standard")
        reader = PdfReader(out / game / "export" / "contact" / f"{game}-contact.pdf")
        text = "\n".join(page_texts(reader))
        for comp in game_plan.game.components:
            if comp.spec.form != "card":
                continue
            if not comp.spec.in_profile("standard"):  # (a large-print-only reference card)
                assert f"({comp.id})" not in text, (game, comp.id)
                for item in comp.items:
                    assert item.id not in text, (game, item.id)
                continue
            cards = f"{comp.printed} card" + ("" if comp.printed == 1 else "s")
            # with the cards' size and the scale they are drawn at: sizes compare across decks
            heading = rf"\({re.escape(comp.id)}\): {cards}, \d+ faces? · [\d.]+ × [\d.]+ mm,"
            assert re.search(heading + r" drawn at \d+%", text), (game, comp.id)
            for item in comp.items:
                assert item.id in text, (game, item.id)


def test_a_deck_that_goes_on_overleaf_is_named_there_and_labels_sit_under_thumbnails(
    repo, tmp_path
):
    """Bid & Build's stage decks run onto the next page, which began with their cards and no
    heading; a 19 mm token's id sat some 25 mm below it, at the foot of its cell (review)."""
    out = tmp_path / "out"
    options = ExportOptions("contact")
    _entries, report = export(repo, ["bidding-alpha"], options, out, **QUIET)
    assert not report.errors
    path = out / "bidding-alpha" / "export" / "contact" / "bidding-alpha-contact.pdf"
    with pdfplumber.open(path) as doc:
        firsts = [(p.extract_text() or "").splitlines()[0] for p in doc.pages]
        token = next(p for p in doc.pages if "BA-TOKEN-ORANGE" in (p.extract_text() or ""))
        label = next(w for w in token.extract_words() if w["text"] == "BA-TOKEN-ORANGE")
        thumb = min(
            (r for r in token.rects if r["x0"] <= label["x0"] + 40 and r["bottom"] <= label["top"]),
            key=lambda r: label["top"] - r["bottom"],
        )
    assert "Stage 1 cards (stage-1), continued" in firsts, firsts
    heading = re.compile(r".+ \([a-z0-9-]+\)(: \d+ cards?,|, continued$)")
    assert all(heading.match(line) for line in firsts), firsts  # every page opens with one
    assert label["top"] - thumb["bottom"] < 4 * MM, (label, thumb)  # right under it


def test_contact_sheet_counts_copies(project, tmp_path):
    out = tmp_path / "out"
    run(project, "contact", out)
    with pdfplumber.open(out / "my-game" / "export" / "contact" / "my-game-contact.pdf") as doc:
        words = doc.pages[0].extract_words()

    def copies_under(label: str) -> str:
        """The copies printed under ``label`` (the thumbnail's label, not the id printed on
        the card): the line below it, at the same left edge."""
        times = next(
            w
            for at in words
            if at["text"] == label
            for w in words
            if w["text"] == "×" and abs(w["x0"] - at["x0"]) < 1 and 0 < w["top"] - at["top"] < 12
        )
        count = next(w for w in words if abs(w["top"] - times["top"]) < 1 and w["x0"] > times["x0"])
        return f"{times['text']} {count['text']}"

    assert copies_under("MG-STAR") == "× 3"
    assert copies_under("MG-SUN") == "× 1"
    assert copies_under("back") == "× 5"
    # the back all the cards share comes after them all, not after the first card
    labels = [  # the thumbnails' labels: each has its copies under it
        at["text"]
        for at in sorted(words, key=lambda w: (round(w["top"]), w["x0"]))
        if any(
            w["text"] == "×" and abs(w["x0"] - at["x0"]) < 1 and 0 < w["top"] - at["top"] < 12
            for w in words
        )
    ]
    assert labels == ["MG-SUN", "MG-MOON", "MG-STAR", "back"], labels


# ------------------------------------------------------------- incremental and manifest
def snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(folder.iterdir())}


def test_export_is_incremental_and_recorded_in_the_manifest(project, tmp_path):
    out = tmp_path / "out"
    run(project, "png", out, dpi=72)
    folder = out / "my-game" / "export" / "png"
    before = snapshot(folder)
    recorded = (out / "manifest.json").read_bytes()
    said: list[str] = []
    export(project, ["my-game"], ExportOptions("png", dpi=72), out, progress=said.append)
    assert said == ["my-game standard png: unchanged"]
    assert snapshot(folder) == before
    assert (out / "manifest.json").read_bytes() == recorded  # its entries as first written
    # a build into the same folder keeps the export's manifest entries
    _o, report = build(project, ["my-game"], Options(papers=("a4",)), out, **QUIET)
    assert not report.errors
    manifest = json.loads((out / "manifest.json").read_text())["outputs"]
    exported = [e for e in manifest if e.get("kind") == "export"]
    assert sorted(Path(e["path"]).name for e in exported) == sorted(before)
    for e in exported:
        assert e["target"] == "png" and e["dpi"] == 72 and e["profile"] == "standard"
        assert e["sha256"] == hashlib.sha256((out / e["path"]).read_bytes()).hexdigest()
    assert any(e["path"] == "my-game/standard-a4/cards.pdf" for e in manifest)
    # an edit exports again; a card taken out takes its image along
    cards = project.content / "my-game" / "cards.yaml"
    text = cards.read_text()
    cards.write_text(text.replace("name: Moon", "name: New moon"))
    export(project, ["my-game"], ExportOptions("png", dpi=72), out, **QUIET)
    after = snapshot(folder)
    assert after["MG-MOON.png"][1] != before["MG-MOON.png"][1]
    assert after["MG-SUN.png"] == before["MG-SUN.png"]  # the same bytes: not rewritten
    game = project.content / "my-game" / "game.yaml"
    game.write_text(game.read_text().replace("count: 5", "count: 4"))
    start = text.index("  - id: MG-MOON")
    cards.write_text(text[:start] + text[text.index("  - id: MG-STAR") :])
    export(project, ["my-game"], ExportOptions("png", dpi=72), out, **QUIET)
    assert sorted(p.name for p in folder.iterdir()) == ["MG-STAR.png", "MG-SUN.png", "back.png"]


def test_a_failed_export_keeps_the_last_good_files(project, tmp_path):
    out = tmp_path / "out"
    run(project, "pod", out)
    folder = out / "my-game" / "export" / "pod"
    before = snapshot(folder)
    cards = project.content / "my-game" / "cards.yaml"
    cards.write_text(cards.read_text().replace("points: 3", "points: 30"))
    entries, report = export(project, ["my-game"], ExportOptions("pod"), out, **QUIET)
    assert report.errors and entries == []
    assert "cards.yaml:" in str(report.errors[0])
    assert snapshot(folder) == before
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# ------------------------------------------------------------------------ bad input
def cli(project: Project, capsys, *args: str) -> tuple[int, list[str]]:
    try:
        status = main(["--root", str(project.root), "export", *args])
    except SystemExit as exc:
        status, message = 1, str(exc.code)
        return status, [message]
    err = capsys.readouterr().err.splitlines()
    return status, [line for line in err if "error:" in line]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--to", "pdf"],
            "cutsheet: unknown export target 'pdf' (known: png, tts, pod, contact);"
            " did you mean 'pod'?",
        ),
        (
            ["--to", "PNG"],
            "cutsheet: unknown export target 'PNG' (known: png, tts, pod, contact);"
            " did you mean 'png'?",
        ),
        (
            ["--to", "pod", "--order", "back-frnt"],
            "cutsheet: unknown page order 'back-frnt' (known: front-back, back-front);"
            " did you mean 'back-front'?",
        ),
    ],
)
def test_a_name_export_does_not_know_is_one_line_and_exit_1(project, capsys, args, said):
    assert cli(project, capsys, *args) == (1, [said])


@pytest.mark.parametrize("dpi", ["71", "1201", "lots", "-300", "7_2", "\uff17\uff12"])
def test_a_resolution_out_of_range_is_refused_as_every_number_is(project, capsys, dpi):
    """As preview's --dpi and build's numbers are: by the command line, exit 2, the range
    given (a probe: '-300' got "expects a whole number", no range)."""
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(project.root), "export", "--to", "png", "--dpi", dpi])
    assert exc.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("cutsheet export: error: argument --dpi: --dpi is a whole number")
    assert "from 72 to 1200 dots per inch, got " in err[-1]


def test_a_game_without_cards_is_one_located_line(project, capsys, tmp_path, monkeypatch):
    game = project.content / "my-game" / "game.yaml"
    head = game.read_text().split("components:")[0]
    game.write_text(
        head + "components:\n  - id: record\n    name: Record\n    part: sheets\n    form: page\n"
        "    count: 1\n    source: record.yaml\n"
    )
    (project.content / "my-game" / "record.yaml").write_text(
        "items:\n  - id: MG-RECORD\n    title: Record\n    blocks:\n      - text: Scores.\n"
    )
    monkeypatch.chdir(project.root)
    status, errors = cli(project, capsys, "--to", "png", "--out", str(tmp_path / "out"))
    assert status == 1
    line = head.count("\n") + 2  # the first component
    assert errors == [
        f"content/my-game/game.yaml:{line}:3: error: my-game: no cards to export (no"
        " component prints a card)"
    ]
    assert not (tmp_path / "out" / "my-game" / "export").exists()


def test_two_files_of_one_export_with_one_name_are_an_error_not_one_lost(ws, capsys):
    """A probe: a component ``deliveries-back`` beside ``deliveries`` made the tts export
    write its sheet over the deliveries' back image ('11 files', ten on disk, the delivery
    deck's back now the TURN card). The later component is named, at its id, with the file
    both would write; nothing is written."""
    game = "content/common-reserve/game.yaml"
    marker = "  - id: counters\n"
    ws.edit(
        game,
        marker,
        "  - id: deliveries-back\n    name: Second TURN marker\n    part: sheets\n"
        "    size: poker\n    count: 1\n    face: turn\n    items:\n"
        "      - {id: CR-TURN-TWO, text: Pass clockwise after every action.}\n"
        "    fields:\n      text: {type: text}\n\n" + marker,
    )
    line = ws.line_of(game, "  - id: deliveries-back")
    out = ws.root / "out"
    argv = ["--root", str(ws.root), "export", "common-reserve", "--to", "tts", "--out", str(out)]
    assert main(argv) == 1
    said = [x for x in capsys.readouterr().err.splitlines() if ": error: " in x]
    assert said == [
        f"{ws.root / game}:{line}:9: error: the tts export of component 'deliveries-back' and"
        " component 'deliveries' would both write 'deliveries-back.png', one over the other;"
        " rename a component (or an item) so that their files differ"
    ]
    assert not (out / "common-reserve" / "export").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--to", "pod", "--dpi", "100"], "--dpi is for --to png or tts; the pod"),
        (["--to", "contact", "--order", "back-front"], "--order is for --to pod; the contact"),
        (["--to", "tts", "--bleed", "3"], "--bleed is for --to png or pod; the tts"),
        (["--to", "png", "--url-base", "https://x.org/"], "--url-base is for --to tts; the png"),
    ],
)
def test_an_option_the_target_does_not_use_is_a_warning(project, capsys, tmp_path, args, said):
    """A probe: 'export --to pod --dpi 100' and '--to png --order back-front' were ignored
    without a word."""
    argv = ["--root", str(project.root), "export", *args, "--out", str(tmp_path / "out")]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert f"cutsheet: warning: {said} export does not use it" in err, err


@pytest.mark.parametrize(("bleed", "warned"), [("0", True), ("2", True), ("3", False), ("", False)])
def test_a_pod_export_with_less_bleed_than_print_services_ask_is_said(
    project, capsys, tmp_path, bleed, warned
):
    """An export review: '--to pod --bleed 0' made pages with no art past the trim without
    a word, though print services ask for 3 mm (1/8 in)."""
    argv = ["--root", str(project.root), "export", "--to", "pod", "--out", str(tmp_path / "o")]
    assert main(argv + (["--bleed", bleed] if bleed else [])) == 0
    err = capsys.readouterr().err
    said = f"cutsheet: warning: --bleed {bleed} mm: print services usually ask for 3 mm"
    assert (said in err) == warned, err


@pytest.mark.parametrize("blocked", ["my-game/export/png", "my-game/export"])
def test_a_file_where_the_exports_folder_goes_is_named(project, tmp_path, blocked):
    """A file in the place of the export's folder was said as 'File exists' of an image
    inside it that did not exist (review); the file in the way is named, as a file where the
    cache goes is."""
    out = tmp_path / "out"
    (out / blocked).parent.mkdir(parents=True)
    (out / blocked).write_text("")
    _entries, report = export(project, ["my-game"], ExportOptions("png", dpi=72), out, **QUIET)
    said = [f"{p.loc.path}: {p.message}" for p in report.errors]
    assert said == [f"{out / blocked}: cannot write the export: is a file, not a folder; remove it"]


def _cards_sized(project: Project, size: str) -> None:
    """The new game's cards made ``size`` (YAML: ``[250, 380]``), their face scaled to it."""
    game = project.root / "content" / "my-game" / "game.yaml"
    game.write_text(game.read_text().replace("size: poker", f"size: {size}", 1))
    layout = project.root / "layouts" / "my-game.yaml"
    text = layout.read_text()
    layout.write_text(
        text.replace("    extends: card\n", "    extends: card\n    scale: true\n", 1)
    )


def test_a_card_bigger_than_a4_exports_on_the_next_paper_that_holds_it(project, tmp_path):
    """A probe: export imposed every game on A4 first, so a piece bigger than A4 (a 250 × 380
    mm board) failed every target, though a PNG, a deck or a print-on-demand file has no
    paper. It is planned on the smallest paper that holds it; only the contact sheet is
    laid out there."""
    _cards_sized(project, "[250, 380]")
    for to in ("png", "pod", "contact"):
        run(project, to, tmp_path / to, dpi=72)
    sun = png(tmp_path / "png" / "my-game" / "export" / "png" / "MG-SUN.png")
    assert sun.size == (round(250 / 25.4 * 72), round(380 / 25.4 * 72))
    pod = PdfReader(tmp_path / "pod" / "my-game" / "export" / "pod" / "cards.pdf")
    assert round(float(pod.pages[0].trimbox.width) / MM) == 250
    contact = tmp_path / "contact" / "my-game" / "export" / "contact" / "my-game-contact.pdf"
    page = PdfReader(contact).pages[0]
    size = sorted((float(page.mediabox.width) / MM, float(page.mediabox.height) / MM))
    assert size[0] > 253.5 and size[1] > 383.5  # larger than the card with its marks
    # A3, as the A4 sheets' shop has it: not Tabloid, a little smaller by area (a probe)
    assert [round(s) for s in size] == [297, 420]


@pytest.mark.parametrize(
    "more",
    [["--profile", "standard", "--profile", "large-print"], ["my-game", "other-game"]],
)
def test_one_url_base_for_several_export_folders_is_refused(project, tmp_path, capsys, more):
    """A probe: one --url-base for two profiles named the same address in both saved
    objects for two different deliveries.png. It is refused (exit 2): one export folder's
    images go to one web folder."""
    new_game(project.root, "other-game")
    argv = ["--root", str(project.root), "export", "--to", "tts"]
    argv += ["--url-base", "https://example.org/g/", "--out", str(tmp_path / "out"), *more]
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "--url-base is the web folder of one export folder" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_title_over_two_lines_names_its_card_with_a_space(project, tmp_path):
    """A review: BA-FIRST's title FIRST<br/>PLAYER named its card FIRSTPLAYER."""
    layout = project.root / "layouts" / "my-game.yaml"
    text = layout.read_text().replace('text: "{{ name }}"', 'text: "{{ name }}<br/>card"')
    layout.write_text(text.replace("w: 53, h: 10, style: title", "w: 53, h: 17, style: title"))
    run(project, "tts", tmp_path / "out", dpi=72)
    saved = json.loads((tmp_path / "out/my-game/export/tts/my-game.json").read_text())
    (deck,) = saved["ObjectStates"]
    assert [c["Nickname"] for c in deck["ContainedObjects"]][:2] == ["Sun card", "Moon card"]


def test_a_papers_shape_comes_first_only_between_papers_of_about_one_size(project, tmp_path):
    """A review: with A4's shape first whatever the size, a designer's A2 came before
    Tabloid, half its size, for a board A3 cannot hold and Tabloid can."""
    _cards_sized(project, "[250, 415]")
    layout = project.root / "layouts" / "my-game.yaml"
    layout.write_text(
        layout.read_text().replace(
            "faces:\n", "papers:\n  a2: {size: [420, 594], title: A2}\nfaces:\n", 1
        )
    )
    run(project, "contact", tmp_path / "contact", dpi=72)
    contact = tmp_path / "contact" / "my-game" / "export" / "contact" / "my-game-contact.pdf"
    page = PdfReader(contact).pages[0]
    size = sorted((float(page.mediabox.width) / MM, float(page.mediabox.height) / MM))
    assert [round(s) for s in size] == [279, 432]  # Tabloid


def test_a_piece_no_paper_holds_says_which_were_tried_and_what_to_do(project, tmp_path):
    _cards_sized(project, "[500, 800]")
    _entries, report = export(project, ["my-game"], ExportOptions("png", dpi=72), tmp_path, **QUIET)
    (said,) = [p.message for p in report.errors]
    assert said.startswith("Cards (MG-SUN, 500 × 800 mm) does not fit A4"), said
    assert said.endswith(
        "; no paper it knows holds it (A4, A3, Tabloid): name one that does under the layouts'"
        " papers:, and export lays it out there"
    ), said


def test_one_profile_named_twice_or_a_target_without_urls_takes_a_url_base(
    project, tmp_path, capsys
):
    """A review: --profile standard twice counted as two profiles (refused), and a png
    export refused a malformed --url-base it does not use (exit 1, not a warning)."""
    base = ["--root", str(project.root), "export", "--dpi", "72", "--out", str(tmp_path / "o")]
    twice = ["--to", "tts", "--profile", "standard", "--profile", "standard"]
    assert main([*base, *twice, "--url-base", "https://example.org/g/"]) == 0
    assert main([*base, "--to", "png", "--url-base", "https://exa mple.org/g/"]) == 0
    assert "warning: --url-base is for --to tts" in capsys.readouterr().err
