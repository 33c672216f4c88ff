"""The ``said`` filter end to end: what a reader is given for a text said otherwise, read back
from the PDF (the span's ActualText and /E), and marked content balanced on every page."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
import pytest
from markupsafe import Markup
from reportlab.pdfgen.canvas import Canvas

from cutsheet.cli import main
from cutsheet.measure import face_name
from cutsheet.render.symbols import install
from cutsheet.symbols import expand
from cutsheet.text import TemplateProblem, render
from cutsheet.word_breaks import SpacedParagraph

from .corpus_cases import make_project


def _spans(markup: str) -> list[tuple[str, str]]:
    """(ActualText, E) of each span a paragraph of ``markup`` draws that says something."""
    buf = io.BytesIO()
    c = Canvas(buf)
    install(c)
    para = SpacedParagraph(expand(markup, 10, 14, face_name("bold")))
    para.wrap(400, 400)
    para.drawOn(c, 50, 500)
    c.showPage()
    c.save()
    found = []
    with pikepdf.open(io.BytesIO(buf.getvalue())) as pdf:
        for ins in pikepdf.parse_content_stream(pdf.pages[0]):
            if str(ins.operator) == "BDC" and "/E" in ins.operands[1]:
                props = ins.operands[1]
                found.append((str(props.ActualText), str(props.E)))
    return found


def test_a_bar_in_the_value_stays_in_what_is_read():
    """The label holds the value, a bar, the words (which never hold one): a bar in the value
    is the value's, so copy gets ``A|B`` and a reader is told the words alone."""
    assert _spans(render("{{ v|said('red cube') }}", {"v": "A|B"})) == [("A|B", "red cube")]


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (Markup("R&amp;D &lt;Lab&gt; &amp; co"), "R&D <Lab> & co"),  # made by a {% set %}
        (Markup("<b>red</b> cube"), "red cube"),  # markup's tags are not words
        ("red\n  cube", "red cube"),
        (3, "3"),
    ],
)
def test_the_words_are_the_text_they_print(words, said):
    assert _spans(render("{{ 'R'|said(w) }}", {"w": words})) == [("R", said)]


def test_nothing_left_out_is_said():
    """A value left out prints nothing and says nothing (no span saying "red cube" over an
    empty box); words left out or empty leave the value as it is (never "None")."""
    assert render("{{ v|said('red cube') }}", {"v": None}) == ""
    assert render("{{ 'R'|said(w) }}", {"w": None}) == "R"
    assert render("{{ 'R'|said('') }}", {}) == "R"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("\ud800", "said: the words to say hold U+D800, which a reader cannot be given"),
        ("a\x1bb", "said: the words to say hold U+001B, which a reader cannot be given"),
        ("\u202ered", "said: the words to say hold U+202E, which a reader cannot be given"),
        (["red"], "said: the words to say must be text, not "),
    ],
)
def test_words_a_reader_cannot_be_given_are_refused(words, message):
    with pytest.raises(TemplateProblem, match=re.escape(message)):
        render("{{ 'R'|said(w) }}", {"w": words})


def test_a_line_break_in_the_value_is_refused():
    """A span is one run of a line: a line break inside one was joined away in print (the
    run's words glued into one) and, in a list box, cut an item's tags across the span."""
    with pytest.raises(TemplateProblem, match=re.escape("said: its value holds a line break")):
        render("{% set v %}one<br/>two{% endset %}{{ v|said('x') }}", {})
    with pytest.raises(TemplateProblem, match=re.escape("said: its value holds a line break")):
        render("{{ ('one<BR />two'|safe)|said('x') }}", {})


def _balanced(stream: object) -> list[str]:
    open_ = 0
    wrong = []
    for ins in pikepdf.parse_content_stream(stream):
        op = str(ins.operator)
        if op in ("BDC", "BMC"):
            open_ += 1
        elif op == "EMC":
            if not open_:
                wrong.append("EMC with nothing open")
            open_ = max(open_ - 1, 0)
    return wrong + (["left open"] if open_ else [])


def test_a_said_text_cut_by_a_page_break_is_balanced_and_read_once(tmp_path: Path):
    """A said text longer than a line wraps; a page break may fall inside it. The part
    before the break closes its span (whose ActualText reads the whole text) and the part
    after reads as nothing until it ends: every page's marked content balanced (before, the
    first page left the span open and the next closed one it never opened)."""
    root = make_project(tmp_path)
    rules = root / "content" / "tiny" / "rules.yaml"
    long = "A long sentence the designer wants said otherwise. " * 40
    filler = "Filler text. " * 250
    text = rules.read_text().replace(
        "      - example: pay\n",
        f'      - example: pay\n      - text: "{filler}"\n'
        f"      - text: \"{{{{ '{long.strip()}'|said('short words') }}}}\"\n",
    )
    rules.write_text(text)
    assert main(["--root", str(root), "build", "--profile", "standard", "--jobs", "1"]) == 0
    said = silent = 0
    for part in ("rules", "rules-booklet"):
        path = root / "build" / "tiny" / "standard-a4" / f"{part}.pdf"
        with pikepdf.open(path) as pdf:
            for n, page in enumerate(pdf.pages, 1):
                streams = [page] + [
                    x
                    for x in (page.obj.get("/Resources", {}).get("/XObject", {}) or {}).values()
                    if x.get("/Subtype") == "/Form"
                ]
                for s in streams:
                    assert not _balanced(s), (part, n)
                    for ins in pikepdf.parse_content_stream(s):
                        if str(ins.operator) != "BDC" or str(ins.operands[0]) != "/Span":
                            continue
                        props = ins.operands[1]
                        if "/E" in props:
                            said += 1
                            assert str(props.E) == "short words"
                        elif len(str(props.get("/ActualText", "x"))) == 0:
                            silent += 1  # the run's rest, where a page break cut it
    assert said == 2  # once in each file: the text is read once, where it starts
    assert silent >= 1  # (a page break does fall inside the run: in rules.pdf)
