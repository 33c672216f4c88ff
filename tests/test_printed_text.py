"""Every printed text passes the glyph check, after Unicode normalisation (NFC)."""

from __future__ import annotations

import unicodedata

import pdfplumber
import pytest

from .corpus_cases import build, check, make_project


def test_a_decomposed_accent_prints_as_one_letter(tmp_path, capsys):
    root = make_project(tmp_path)
    cards = root / "content" / "tiny" / "cards.csv"
    cards.write_text(cards.read_text().replace("Alpha", "Cafe\u0301"))
    game = root / "content" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("title: Tiny", 'title: "Re\\u0301sume\\u0301"'))
    assert check(root, capsys).code == 0
    out = tmp_path / "out"
    assert build(root, capsys, out).code == 0
    with pdfplumber.open(out / "tiny" / "standard-a4" / "cards.pdf") as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
        title = pdf.metadata.get("Title", "")
    assert "Caf\u00e9" in text and "\u0301" not in text
    assert "R\u00e9sum\u00e9" in text  # the page label
    assert "R\u00e9sum\u00e9" in title and unicodedata.is_normalized("NFC", title)


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_title_printed_in_the_page_label_is_glyph_checked(tmp_path, capsys, profile):
    """Large print's labels carry the title too, where the margin has room (they once left
    it out, and the check with them: a missing glyph printed as a box)."""
    root = make_project(tmp_path)
    game = root / "content" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("title: Tiny", 'title: "Tiny \u2609"'))
    want = (
        "content/tiny/game.yaml:4:8: error: the title (printed in every page label):"
        " font AtkinsonHyperlegible-Regular has no '\u2609' (U+2609)"
    )
    checked = check(root, capsys, profile)
    built = build(root, capsys, tmp_path / "out", profile)
    assert checked.code == built.code == 1
    assert want in checked.problems and want in built.problems
    assert checked.problems == built.problems
    assert not list((tmp_path / "out").rglob("*.pdf"))


def test_an_ampersand_in_a_template_s_own_text_prints_as_written(tmp_path, capsys):
    """``R&D`` written in a layout's text or the rules (not a value: values arrive escaped)
    prints as ``R&D``; ReportLab alone would read ``&D`` as a character reference and print
    ``R&D;``. A real reference (``&amp;``, ``&#65;``) is still one character."""
    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    layout.write_text(
        layout.read_text().replace('text: "Cost {{ cost }}"', 'text: "R&D {{ cost }}"')
    )
    rules = root / "content" / "tiny" / "rules.yaml"
    said = "See http://x.org/?a=1&b=2, Q&A, R&D &amp; &#65;."
    rules.write_text(
        rules.read_text().replace("      - components: true\n", f'      - text: "{said}"\n', 1)
    )
    assert check(root, capsys).code == 0
    out = tmp_path / "out"
    assert build(root, capsys, out).code == 0
    with pdfplumber.open(out / "tiny" / "standard-a4" / "cards.pdf") as pdf:
        cards = "".join(page.extract_text() or "" for page in pdf.pages)
    with pdfplumber.open(out / "tiny" / "standard-a4" / "rules.pdf") as pdf:
        text = " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)
    assert "R&D 1" in cards and "R&D;" not in cards
    assert "See http://x.org/?a=1&b=2, Q&A, R&D & A." in text
    assert "&b;" not in text and "&A;" not in text
