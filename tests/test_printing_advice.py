"""The rules' advice on printing cards.pdf follows the build's ``--imposition``: a duplex
build says to print both sides and names the two-sided test sheet; a gutterfold build (fronts
and backs on one page, for single-sided printers) says to print one side and fold, and names
no test sheet, which its cards.pdf does not have. Read back from the session's two builds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cutsheet.text.compared import compared_names

from .readback import plumber_pages, pypdf_reader, pypdf_texts

KITS = [
    f"{profile}-{paper}" for profile in ("standard", "large-print") for paper in ("a4", "letter")
]
DOCS = ("rules.pdf", "rules-booklet.pdf")


FURNITURE = re.compile(r"50 mm\nPrint at 100%[^\n]*\n[^\n]* · page \d+\n")
"""A page's furniture (scale bar, print note, running title), read before its text: a
paragraph that goes on over a page break reads on without it, as a reader hears it."""


def _text(path: Path) -> str:
    """The file's text in reading order, its furniture left out: an imposed booklet's half
    pages in the order of their numbers (a paragraph that ends on the next half page goes on
    there, which the saddle-stitch order prints on another side), any other file page by
    page."""
    if path.name != "rules-booklet.pdf":
        return re.sub(r"\s+", " ", " ".join(FURNITURE.sub("", t) for t in pypdf_texts(path)))
    halves: dict[int, str] = {}
    for side in plumber_pages(path):
        w, h = float(side.width), float(side.height)
        for box in ((0, 0, w / 2, h), (w / 2, 0, w, h)):
            text = side.crop(box).extract_text() or ""
            number = re.search(r" · page (\d+)\s*$", text.split("Print at 100%")[0])
            if number:
                halves[int(number.group(1))] = text
    body = [FURNITURE_HALF.sub("", halves[n]) for n in sorted(halves)]
    return re.sub(r"\s+", " ", " ".join(body))


FURNITURE_HALF = re.compile(r"[^\n]* · page \d+\nPrint at 100%[^\n]*\n?(50 mm)?\s*$")
"""A half page's furniture as pdfplumber reads it, at the foot of its text: the running title
and page number, the print note, the scale bar's label."""


def _pages(path: Path) -> list[str]:
    return [re.sub(r"\s+", " ", t) for t in pypdf_texts(path)]


ADVICE = {  # game -> what duplex says, what gutterfold says, what both say after it
    "festival-charter": (
        ["Print cards.pdf on both sides of the paper", "test of two-sided printing"],
        [
            "Print cards.pdf on one side of the paper. A page with a dashed line",
            "fold it on the line and glue the halves together before cutting",
            "A page without a line has no backs.",
        ],
        "four copies each of YES and NO. You also need a pencil.",
    ),
    "common-reserve": (
        ["print only the odd pages of cards.pdf", "a test for two-sided printing"],
        [
            "A page with a dashed line has the faces on one side of it",
            "cut out the faces alone, or fold on the line and glue before cutting",
        ],
        "a face-down card shows nothing.",
    ),
    "festivibes": (
        ["Print cards.pdf on both sides of the paper: every festival card", "tests two-sided"],
        [
            "Print cards.pdf on one side of the paper. Fold each page that has a dashed line",
            "glue its halves together before cutting",
            "the next page is its other side",
        ],
        "folded booklet (rules-booklet.pdf), then cut the cards apart.",
    ),
    "bidding-alpha": (
        ["Print cards.pdf on both sides of the paper, so that", "test of two-sided printing"],
        ["Print cards.pdf on one side of the paper. Fold each page that has a dashed line"],
        "the next page is its other side",
    ),
}


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("doc", DOCS)
@pytest.mark.parametrize("game", sorted(ADVICE))
def test_the_rules_say_how_to_print_their_cards(built, built_gutterfold, game, kit, doc):
    duplex = _text(built / game / kit / doc)
    folded = _text(built_gutterfold / game / kit / doc)
    said_duplex, said_folded, after = ADVICE[game]
    for phrase in said_duplex:
        assert phrase in duplex and phrase not in folded
    for phrase in said_folded:
        assert phrase in folded and phrase not in duplex
    assert after in duplex and after in folded  # what follows the advice is the same


FOLD = b"[3 2] 0 d"  # the dash of a gutterfold page's fold line (render.writer)
CARDS_WITH_BACKS = {  # what only cards with backs print: vote ids, a closed source, Sold out
    "festival-charter": r"\bFCH-(YES|NO)\b",
    "common-reserve": r"CLOSED( SOURCE)?: (WATER|FUEL|FIBRE)",
    "festivibes": r"\bSOLD OUT\b",
    "bidding-alpha": r"\bBA-0[1-6]\d",  # a stage card (the start cards lie face up)
}


@pytest.mark.parametrize("kit", KITS)
def test_what_the_advice_names_is_in_cards_pdf(built, built_gutterfold, kit):
    """The duplex advice names a last sheet that tests two-sided printing; the gutterfold
    cards.pdf has none. Its advice says a page with a dashed line holds backs across it and
    one without has none: every page with a card the advice names (a vote card, a delivery)
    has the fold line; Festival Charter has pages without one (its projects)."""
    for game, named in CARDS_WITH_BACKS.items():
        assert "calibration" in _pages(built / game / kit / "cards.pdf")[-1].lower()
        path = built_gutterfold / game / kit / "cards.pdf"
        texts = _pages(path)
        assert not any("calibration" in page.lower() for page in texts)
        folds = [FOLD in page.get_contents().get_data() for page in pypdf_reader(path).pages]
        assert any(folds)
        holding = [fold for text, fold in zip(texts, folds, strict=True) if re.search(named, text)]
        assert holding and all(holding), (game, kit, holding)
    fc = built_gutterfold / "festival-charter" / kit / "cards.pdf"
    assert not all(FOLD in p.get_contents().get_data() for p in pypdf_reader(fc).pages)


def test_imposition_comparisons_are_read_from_the_syntax_tree():
    assert compared_names("{% if imposition == 'gutterfold' %}x{% endif %}", "imposition") == [
        "gutterfold"
    ]
    assert compared_names("'duplex' != imposition", "imposition", expression=True) == ["duplex"]
    assert compared_names("The imposition is gutterfold.", "imposition") == []
    assert (
        compared_names(
            "{% for imposition in ['a'] %}{{ imposition == 'b' }}{% endfor %}", "imposition"
        )
        == []
    )
    assert compared_names("{{ profile == 'large-print' }}", "profile") == ["large-print"]


def test_the_impositions_a_document_may_name_are_the_builds():
    """The names a rules template may compare ``imposition`` with are those a build takes."""
    import argparse
    from typing import get_args, get_type_hints

    from cutsheet.cli.arguments import parser
    from cutsheet.fieldspec import CARD_IMPOSITIONS
    from cutsheet.impose.print_plan import PrintOptions

    assert CARD_IMPOSITIONS == get_args(get_type_hints(PrintOptions)["imposition"])
    commands = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for command in ("build", "check", "watch", "preview"):
        options = commands.choices[command]._actions
        assert next(a.choices for a in options if a.dest == "imposition") == list(CARD_IMPOSITIONS)


def test_a_new_game_says_how_to_print_for_either_imposition(tmp_path, capsys):
    """``cutsheet new`` writes rules whose printing advice follows ``--imposition``: a
    designer starts from a sentence that is true of the file it is printed with."""
    from cutsheet.cli import main

    root = str(tmp_path)
    assert main(["--root", root, "new", "star-deck"]) == 0
    said = {}
    for imposition in ("duplex", "gutterfold"):
        out = tmp_path / imposition
        argv = ["--root", root, "build", "--profile", "standard", "--paper", "a4"]
        assert main([*argv, "--imposition", imposition, "--out", str(out)]) == 0
        said[imposition] = _text(out / "star-deck" / "standard-a4" / "rules.pdf")
    capsys.readouterr()
    assert "Print cards.pdf on both sides of the paper, flipping on the long edge" in said["duplex"]
    assert "dashed line" not in said["duplex"]
    folded = said["gutterfold"]
    assert "Print cards.pdf on one side of the paper: fold a page with a dashed line" in folded


def test_a_sheet_previewed_alone_says_what_the_chosen_build_says(tmp_path, monkeypatch, capsys):
    """``preview --item`` of a sheet takes ``--imposition`` as a build does: a sheet's text
    that names the imposition is drawn as that build draws it, into a PNG of its own name;
    without ``--item`` (a built part's pages, as they were built) the option is refused."""
    import shutil

    import cutsheet.preview as preview
    from cutsheet.cli import main

    root = tmp_path / "project"
    source = Path(__file__).resolve().parents[1]
    shutil.copytree(source / "content" / "common-reserve", root / "content" / "common-reserve")
    shutil.copytree(source / "layouts", root / "layouts")
    sheet = root / "content" / "common-reserve" / "reserve-sheet.yaml"
    said = '{% if imposition == "gutterfold" %}Printed to fold.{% else %}Printed duplex.{% endif %}'
    text = sheet.read_text()
    sheet.write_text(text.replace("each session starts.", f"each session starts. {said}", 1))
    drawn: dict[str, bytes] = {}
    to_pngs = preview.pdf_to_pngs

    def keep(pdf: bytes, stem: Path, dpi: int, pages: list[int] | None = None) -> list[Path]:
        drawn[stem.name] = pdf
        return to_pngs(pdf, stem, dpi, pages)

    monkeypatch.setattr(preview, "pdf_to_pngs", keep)
    argv = ["--root", str(root), "preview", "common-reserve", "--item", "CR-RESERVE"]
    argv += ["--out", str(tmp_path / "png"), "--dpi", "10"]
    assert main(argv) == 0
    assert main([*argv, "--imposition", "gutterfold"]) == 0
    capsys.readouterr()
    from io import BytesIO

    from pypdf import PdfReader

    texts = {
        name: " ".join(PdfReader(BytesIO(pdf)).pages[0].extract_text().split())
        for name, pdf in drawn.items()
    }
    assert set(texts) == {"CR-RESERVE", "CR-RESERVE-gutterfold"}
    assert "Printed duplex." in texts["CR-RESERVE"]
    assert "Printed to fold." in texts["CR-RESERVE-gutterfold"]
    assert sorted(p.name for p in (tmp_path / "png").glob("*.png")) == [
        "CR-RESERVE-1.png",
        "CR-RESERVE-gutterfold-1.png",
    ]
    with pytest.raises(SystemExit) as exc:
        main(["--root", str(root), "preview", "common-reserve", "--imposition", "gutterfold"])
    assert exc.value.code == 2  # options that cannot go together
    assert "--imposition goes with --item" in capsys.readouterr().err
