"""A text box's ``read_as``: a heading under the card's title, or a list of its lines, each a
``LI`` > ``Lbl`` + ``LBody``; the page printed as the one paragraph it was (the alpha game's
player aid reads "Each turn", then its steps as a list)."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from cutsheet.boxes.text import listed
from cutsheet.measure import TextStyle, measure, register
from cutsheet.render.pen import CanvasPen
from cutsheet.render.tagging import Tagger

from .readback import plumber_pages
from .test_structure import document, kids, role, walk

AID_LAYOUT = "layouts/bidding-alpha.yaml"


def _texts(path: Path) -> dict[tuple[int, int], str]:
    """The text of each marked-content sequence, by (page index, MCID)."""
    out: dict[tuple[int, int], str] = defaultdict(str)
    for i, page in enumerate(plumber_pages(path)):
        for c in page.chars:
            if c.get("mcid") is not None:
                out[i, c["mcid"]] += c["text"]
    return out


def _outline(path: Path) -> list[list[tuple[str, object]]]:
    """Each card section's kids: (role, its text) for a heading or paragraph, (role, the
    items) for a list, an item its kids' (role, text)."""
    texts = _texts(path)
    with pikepdf.open(path) as pdf:
        pages = {p.obj.objgen: i for i, p in enumerate(pdf.pages)}

        def text(elem: pikepdf.Object) -> str:
            return texts.get((pages[elem.Pg.objgen], int(elem.K)), "")

        def item(li: pikepdf.Object) -> list[tuple[str, str]]:
            out = []
            for k in kids(li):
                inner = kids(k)  # an LBody holds a P
                out.append((role(k), text(inner[0]) if inner else text(k)))
            return out

        sections = []
        for sect in (s for s in kids(document(pdf)) if role(s) == "Sect"):
            row: list[tuple[str, object]] = []
            for k in kids(sect):
                if role(k) == "L":
                    row.append(("L", [item(li) for li in kids(k)]))
                else:
                    row.append((role(k), text(k)))
            sections.append(row)
    return sections


def _aids(path: Path) -> list[list[tuple[str, object]]]:
    found = [s for s in _outline(path) if s and s[0] == ("H2", "Player aid")]
    assert found, path
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_player_aid_reads_headings_then_lists(built, paper):
    path = built / "bidding-alpha" / f"standard-{paper}" / "cards.pdf"
    for aid in _aids(path):
        # the name, its id (beside it, as on every card), the values, then each heading
        # straight before its list
        assert [r for r, _ in aid] == ["H2", "P", "P", "H3", "L", "H3", "L"], aid
        assert aid[1] == ("P", "BA-AID")
        assert aid[3] == ("H3", "Each turn")
        assert aid[5] == ("H3", "Final scoring")
        turn, final = aid[4][1], aid[6][1]
        assert isinstance(turn, list) and isinstance(final, list)
        assert len(turn) == 5 and len(final) == 4
        for li in [*turn, *final]:
            assert [r for r, _ in li] == ["Lbl", "LBody"], li
        assert [li[0][1] for li in turn] == ["1.", "2.", "3.", "4.", "5."]
        assert [li[0][1] for li in final] == ["1.", "2.", "3.", "4."]
        # a real space between the number and its words, read with the words
        assert turn[0][1][1].startswith(" Lay out this turn")
        assert final[3][1][1] == " Most points wins."


def test_the_large_print_aid_lists_go_on_over_its_back(built):
    """Cut by its overleaf between two steps, the steps are still one list, its last step on
    the back: read as the standard aid is. An accessibility review: each side's steps were a
    list of their own (four, then one), a reader announcing the wrong count. What is printed
    for the eye alone (the front's "Continued on the back", the back's repeated title and
    "Each turn (continued)") is silent."""
    path = built / "bidding-alpha" / "large-print-a4" / "cards.pdf"
    for aid in _aids(path):
        assert [r for r, _ in aid] == ["H2", "P", "P", "H3", "L", "H3", "L"], aid
        assert aid[1] == ("P", "BA-AID")
        assert aid[3] == ("H3", "Each turn")
        assert aid[5] == ("H3", "Final scoring")
        turn, final = aid[4][1], aid[6][1]
        assert [li[0][1] for li in turn] == ["1.", "2.", "3.", "4.", "5."], aid  # type: ignore[union-attr]
        assert [li[0][1] for li in final] == ["1.", "2.", "3.", "4."], aid  # type: ignore[union-attr]
        assert not any("Continued" in str(t) or "(continued)" in str(t) for _, t in aid)


def test_a_wrong_read_as_is_a_located_error(ws):
    line = ws.edit(
        AID_LAYOUT,
        'read_as: list, text: "{% for line in turn',
        'read_as: steps, text: "{% for line in turn',
    )
    errors = [str(p) for p in ws.check("bidding-alpha")]
    assert len(errors) == 1, errors
    text = ws.path(AID_LAYOUT).read_text().splitlines()[line - 1]
    col = text.index("steps") + 1
    assert errors[0].startswith(f"{AID_LAYOUT}:{line}:{col}: ")
    assert (
        "'steps' is not one of 'paragraph', 'heading', 'list', 'title', 'item' or 'label'"
        in errors[0]
    )


STYLE = TextStyle(size=9, leading=11)
STEPS = (
    "1. Lay out this turn's cards beside the bidding tracks, then read them all aloud.<br/>"
    "2. <b>Take</b> your income from every card that has one.<br/>"
    "<b>3.</b> Bid on a card with your token, never above the value of your cubes.<br/>"
    "• Outbid players move their token at once.<br/>"
    "No label here.<br/>"
)


def test_a_list_is_marked_item_by_item():
    marked = listed(STEPS)
    assert marked.count('name="cs_li" label="Lbl"') == 4
    assert marked.count('name="cs_li" label="P"') == 1
    assert marked.count('name="cs_lb"') == 4
    assert marked.count('name="cs_le"') == 5  # the blank after the last break is no item
    assert "<b>3.</b><onDraw" in marked  # a bold number is the label, its tag closed first
    assert (
        listed("no breaks")
        == '<onDraw name="cs_li" label="P"/>no breaks<onDraw name="cs_le" label=""/>'
    )


def _drawn(markup: str, as_list: bool) -> tuple[list[tuple[str, float, float, str]], bytes]:
    """Draw ``markup`` as a tagged paragraph or list; its characters where they print."""
    register()
    buf = io.BytesIO()
    c = Canvas(buf)
    tagger = Tagger(True)
    pen = CanvasPen(c, tagger)
    avail = (170.0, 200.0)
    if as_list:
        pen.paragraph(markup, STYLE, "body", avail, 50, 400, as_list=True)
    else:
        with pen.tagged("P"):
            pen.paragraph(markup, STYLE, "body", avail, 50, 400)
    c.showPage()
    c.save()
    with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
        chars = [
            (ch["text"], round(ch["x0"], 3), round(ch["top"], 3), ch["fontname"])
            for ch in pdf.pages[0].chars
        ]
    kinds = [tag.kind for page in tagger.pages.values() for tag in page]
    return chars, " ".join(kinds).encode()


def _lines(chars: list[tuple[str, float, float, str]]) -> list[list[tuple[str, float, str]]]:
    """The drawn characters line by line, top to bottom: (text, x, font), spaces left out."""
    rows: dict[float, list[tuple[str, float, str]]] = defaultdict(list)
    for text, x, top, font in chars:
        if text != " ":
            rows[top].append((text, x, font))
    return [sorted(rows[top], key=lambda ch: ch[1]) for top in sorted(rows)]


def test_a_list_prints_as_its_paragraph_did_its_wrapped_lines_hung_under_its_words():
    """Each item's first line prints as the one paragraph printed it; a line an item wraps
    onto starts under the item's words, not under its number (a designer's probe: Bid &
    Build's aid read "1. Lay out … beside the / bidding tracks." with "bidding" under the
    1), at one column for the whole list (the widest label's: a bold "3." is wider than "1.")."""
    marked = listed(STEPS)
    assert measure(marked, STYLE, 170.0).plain == measure(STEPS, STYLE, 170.0).plain
    assert measure(marked, STYLE, 170.0).height >= measure(STEPS, STYLE, 170.0).height
    was, kinds_was = _drawn(STEPS, as_list=False)
    now, kinds_now = _drawn(marked, as_list=True)
    assert kinds_was == b"P"
    assert kinds_now == b"Lbl P Lbl P Lbl P Lbl P P"
    lines_was, lines_now = _lines(was), _lines(now)
    starts = ("1", "2", "3", "•", "N")  # each item's first character
    firsts_was = [line for line in lines_was if line[0][1] == 50.0 and line[0][0] in starts]
    firsts_now = [line for line in lines_now if line[0][1] == 50.0]
    assert firsts_now == firsts_was  # every first line: the same characters, places, fonts
    hung = [line for line in lines_now if line[0][1] != 50.0]
    assert len(hung) >= 2  # item 1 and item 3 wrap at 170 pt
    # where each labelled item's words begin on its first line: after the label's space
    words_at = [next(x for t, x, _f in line if t.isalpha() or t == "O") for line in firsts_now[:4]]
    assert {line[0][1] for line in hung} == {max(words_at)}
    assert max(words_at) > min(words_at)  # the widest label sets the column


def test_a_heading_under_the_title_is_one_level_below_it():
    register()
    c = Canvas(io.BytesIO())
    for face_heading, want in (("H2", "H3"), ("H3", "H4")):  # a card's front, its own back
        tagger = Tagger(True)
        with CanvasPen(c, tagger, heading=face_heading).tagged("H3"):
            pass
        assert [t.kind for page in tagger.pages.values() for t in page] == [want]


def _headings(path: Path) -> list[tuple[str, str]]:
    """Every heading of the file in reading order, with its text."""
    texts = _texts(path)
    with pikepdf.open(path) as pdf:
        pages = {p.obj.objgen: i for i, p in enumerate(pdf.pages)}
        out = []
        for e in walk(document(pdf)):
            if not re.fullmatch(r"H\d", role(e)):
                continue
            k, page = e.K, e.Pg
            if isinstance(k, pikepdf.Dictionary):  # a marked-content reference (the booklet)
                k, page = k.MCID, k.get("/Pg", page)
            out.append((role(e), texts.get((pages[page.objgen], int(k)), "")))
    return out


EXAMPLES = ["Worked example: a full delivery", "Worked example: one unit short"]


@pytest.mark.parametrize("variant", ["standard-a4", "standard-letter", "large-print-a4"])
def test_a_worked_examples_title_is_a_heading_under_its_section(built, variant):
    """In the rules and in the booklet (whose half pages hold the same tree: its headings are
    the rules' own, level for level)."""
    heads = _headings(built / "common-reserve" / variant / "rules.pdf")
    for title in EXAMPLES:
        at = [i for i, (_, text) in enumerate(heads) if text.replace("\n", " ") == title]
        assert len(at) == 1, (title, heads)
        before = [h for h, _ in heads[: at[0]] if h != "H3"]
        assert heads[at[0]][0] == "H3" and before[-1] == "H2", heads
    booklet = _headings(built / "common-reserve" / variant / "rules-booklet.pdf")
    assert [h for h, _ in booklet] == [h for h, _ in heads]


def test_a_heading_block_inside_a_rules_section_is_a_sub_heading(ws):
    """A ``heading:`` block under a section's heading is one level below it: an H3 (it was a
    second H2, at the section heading's size), set between the body's size and the section
    heading's. On a sheet it stays an H2 under the page's title."""
    from cutsheet.cli import main

    rules = "content/common-reserve/rules.yaml"
    anchor = "  - heading: The idea\n    blocks:\n"
    ws.edit(rules, anchor, anchor + "      - heading: In one breath\n")
    out = ws.root / "out"
    argv = ["--root", str(ws.root), "build", "common-reserve", "--profile", "standard"]
    assert main([*argv, "--paper", "a4", "--jobs", "1", "--out", str(out)]) == 0
    path = out / "common-reserve" / "standard-a4" / "rules.pdf"
    said = _headings(path)
    at = said.index(("H2", "The idea"))
    assert said[at + 1] == ("H3", "In one breath"), said
    assert said[at + 2][0] == "H2"  # the next section's heading is a section heading still
    sizes = {}
    for page in plumber_pages(path):
        for word in page.extract_words(extra_attrs=["size"]):
            sizes.setdefault(word["text"], word["size"])
    assert sizes["idea"] - 0.1 > sizes["breath"] > sizes["imaginary"] + 0.1, sizes


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_box_read_as_title_joins_the_cards_heading(built, profile):
    """Festi'vibes' tickets are all titled "TICKET" and its festivals "FESTIVAL": the colour
    and the limit (``read_as: title``) join the heading, one H2 holding both texts, the
    first ending with a space ("TICKET ORANGE", "FESTIVAL 2"); a later copy of a ticket
    says the same as one paragraph."""
    path = built / "festivibes" / f"{profile}-a4" / "cards.pdf"
    texts = _texts(path)
    said: list[tuple[str, str]] = []
    with pikepdf.open(path) as pdf:
        pages = {p.obj.objgen: i for i, p in enumerate(pdf.pages)}
        for sect in (s for s in kids(document(pdf)) if role(s) == "Sect"):
            first = kids(sect)[0]
            if not isinstance(first.K, pikepdf.Array):
                continue
            parts = [texts[pages[r.Pg.objgen], int(r.MCID)] for r in first.K]  # MCRs
            assert all(part.endswith(" ") for part in parts[:-1]), parts  # words apart
            said.append((role(first), "".join(parts)))
    heads = [words for r, words in said if r == "H2"]
    assert "TICKET ORANGE" in heads and "FESTIVAL 2" in heads, heads
    assert sum(words.startswith("TICKET ") for words in heads) == 4  # one a colour
    assert sum(words.startswith("FESTIVAL ") for words in heads) == 6  # one a festival
    assert ("P", "TICKET ORANGE") in said  # a later copy's


def test_an_error_in_a_badges_text_is_located_in_large_print(ws):
    """A text box held by an icon (a festival's limit in its ring) is measured to grow the
    badge in large print: a template error there was a traceback from ``check``."""
    layout = "layouts/festivibes.yaml"
    line = ws.edit(layout, 'read_as: title, text: "{{ limit }}"', 'text: "{{ limit }}{{ nope }}"')
    for profile in ("standard", "large-print"):
        said = [(p.loc.line, p.message) for p in ws.check("festivibes", (profile,))]
        assert said and all(ln == line and "'nope' is undefined" in m for ln, m in said), said


def test_a_title_part_never_takes_the_cards_running_text_into_its_heading(ws):
    """A ticket whose "TICKET" is left out is headed by its colour alone, not by the
    colour and the paragraph after it."""
    layout = "layouts/festivibes.yaml"
    ws.edit(layout, 'style: title, text: "TICKET"', "style: title, text: \"{{ '' }}\"")
    assert not ws.check("festivibes")
    from cutsheet.build import build
    from cutsheet.jobs import Options

    out = ws.root / "out"
    options = Options(profiles=("standard",), papers=("a4",))
    _outputs, report = build(ws.project, ["festivibes"], options, out, 1, lambda _m: None)
    assert not report.errors, report.errors
    path = out / "festivibes" / "standard-a4" / "cards.pdf"
    heads = [k for row in _outline_joined(path) for k in row if k[0] == "H2"]
    assert ("H2", "ORANGE") in heads, heads


def _outline_joined(path: Path) -> list[list[tuple[str, str]]]:
    """Each card section's kids as (role, text), an element's parts joined."""
    texts = _texts(path)
    rows = []
    with pikepdf.open(path) as pdf:
        pages = {p.obj.objgen: i for i, p in enumerate(pdf.pages)}
        for sect in (s for s in kids(document(pdf)) if role(s) == "Sect"):
            row = []
            for k in kids(sect):
                refs = list(k.K) if isinstance(k.K, pikepdf.Array) else [k.K]
                said = "".join(
                    texts[pages[r.Pg.objgen], int(r.MCID)]
                    if isinstance(r, pikepdf.Dictionary)
                    else texts.get((pages[k.Pg.objgen], int(r)), "")
                    for r in refs
                    if not (isinstance(r, pikepdf.Dictionary) and "/S" in r)
                )
                row.append((role(k), said))
            rows.append(row)
    return rows


def _list_face(tmp_path: Path, boxes: str) -> list[list[tuple[str, object]]]:
    """A new game whose card face holds ``boxes`` (below its title), built in standard A4:
    each card section's outline, the first copy of each card."""
    from cutsheet.build import Options, Project, build
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "lists")
    layout = tmp_path / "layouts" / "lists.yaml"
    text = layout.read_text()
    start = text.index("      points:")
    layout.write_text(text[:start] + boxes)
    options = Options(profiles=("standard",), papers=("a4",))
    _o, report = build(Project(tmp_path), ["lists"], options, tmp_path / "build", progress=print)
    assert not report.errors, report.errors
    return _outline(tmp_path / "build" / "lists" / "standard-a4" / "cards.pdf")


def test_content_between_item_boxes_ends_their_list_so_it_is_read_where_it_prints(tmp_path):
    """A review: a paragraph printed between two item boxes was read after the whole list
    (the items' one L came first in the structure)."""
    sections = _list_face(
        tmp_path,
        '      a: {x: 5, y: 20, w: 53, h: 8, read_as: item, text: "Alpha"}\n'
        '      p: {x: 5, y: 30, w: 53, h: 8, text: "Between"}\n'
        '      b: {x: 5, y: 40, w: 53, h: 8, read_as: item, text: "Beta"}\n'
        '      c: {x: 5, y: 50, w: 53, h: 8, read_as: item, text: "Gamma"}\n',
    )
    sun = next(s for s in sections if s[0] == ("H2", "Sun"))
    assert sun[1:4] == [
        ("L", [[("LBody", "Alpha")]]),
        ("P", "Between"),
        ("L", [[("LBody", "Beta")], [("LBody", "Gamma")]]),
    ], sun


@pytest.mark.parametrize(
    ("boxes", "said"),
    [
        (  # nothing after the label
            '      a: {x: 5, y: 20, w: 53, h: 8, read_as: item, text: "Alpha"}\n'
            '      l: {x: 5, y: 30, w: 9, h: 8, read_as: label, text: "+1"}\n',
            "face 'card-front' has no item box right after 'l'",
        ),
        (  # the item may not print with it: another item would be read as labelled
            '      l: {x: 5, y: 20, w: 9, h: 8, read_as: label, text: "+1"}\n'
            '      a: {x: 15, y: 20, w: 43, h: 8, read_as: item, text: "Alpha",'
            ' when: "points == 3"}\n'
            '      b: {x: 15, y: 30, w: 43, h: 8, read_as: item, text: "Beta"}\n',
            "label box 'l' and its item box 'a' print together or not at all",
        ),
    ],
    ids=["no-item", "other-when"],
)
def test_a_label_box_labels_the_item_right_after_it_or_is_an_error(tmp_path, boxes, said):
    """A review: a label with no item after it was read as an item of its own, and one whose
    item a when: left off labelled the next item ('+1' on 'Draw two'), unsaid."""
    from cutsheet.build import Options, Project, build
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "lists")
    layout = tmp_path / "layouts" / "lists.yaml"
    text = layout.read_text()
    layout.write_text(text[: text.index("      points:")] + boxes)
    options = Options(profiles=("standard",), papers=("a4",))
    _o, report = build(Project(tmp_path), ["lists"], options, tmp_path / "build", progress=print)
    assert len(report.errors) == 1 and said in report.errors[0].message, report.errors


def test_a_face_of_item_boxes_alone_is_read_as_a_list_not_a_heading_and_the_rest(tmp_path):
    """A review: a face with item boxes and no other text took its first item as its heading
    and read the rest as a list of one."""
    from cutsheet.build import Options, Project, build
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "lists")
    layout = tmp_path / "layouts" / "lists.yaml"
    text = layout.read_text()
    layout.write_text(
        text[: text.index("faces:")]
        + "faces:\n  card-front:\n    boxes:\n"
        + '      a: {x: 5, y: 20, w: 53, h: 8, read_as: item, text: "Option A"}\n'
        + '      b: {x: 5, y: 30, w: 53, h: 8, read_as: item, text: "Option B"}\n'
    )
    options = Options(profiles=("standard",), papers=("a4",))
    _o, report = build(Project(tmp_path), ["lists"], options, tmp_path / "build", progress=print)
    assert not report.errors, report.errors
    sections = _outline(tmp_path / "build" / "lists" / "standard-a4" / "cards.pdf")
    assert [("L", [[("LBody", "Option A")], [("LBody", "Option B")]])] in sections, sections


def test_an_item_box_goes_over_a_cards_back_whole(tmp_path):
    """A review: an item box of several lines on a reference card that goes on over its
    back (overleaf) was cut between its lines, and read as two items in two lists."""
    from cutsheet.build import Options, Project, build
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "lists")
    game = tmp_path / "content" / "lists" / "game.yaml"
    game.write_text(game.read_text().replace("    back: card-back  #", "    overleaf: true  #"))
    layout = tmp_path / "layouts" / "lists.yaml"
    text = layout.read_text()
    lines = "<br/>".join(f"line {n}" for n in range(1, 4))
    boxes = "".join(
        f'      i{k}: {{x: 5, y: {20 + 15 * k}, w: 53, h: 14, read_as: item, text: "Item {k}'
        f'<br/>{lines}"}}\n'
        for k in range(4)
    )
    layout.write_text(text[: text.index("      points:")] + boxes)
    options = Options(profiles=("large-print",), papers=("a4",))
    _o, report = build(Project(tmp_path), ["lists"], options, tmp_path / "build", progress=print)
    assert not report.errors, report.errors
    sections = _outline(tmp_path / "build" / "lists" / "large-print-a4" / "cards.pdf")
    sun = next(s for s in sections if s and s[0] == ("H2", "Sun"))
    items = [li for role_, lst in sun if role_ == "L" for li in lst]  # type: ignore[union-attr]
    said = [" ".join(t for _r, t in li) for li in items]
    assert len(items) == 4, sun  # each item whole, on one side or the other
    assert all(s.startswith(f"Item {k}") and s.endswith("line 3") for k, s in enumerate(said))
    assert [r for r, _ in sun].count("L") == 1, sun  # one list, over both sides


def _overleaf_sun(tmp_path: Path, boxes: str, imposition: str) -> list[tuple[str, object]]:
    """The Sun card of a new game whose cards go on over their backs, its text ``boxes``
    (layout lines), built in large print on A4 with ``imposition``: its outline."""
    from cutsheet.build import Options, Project, build
    from cutsheet.scaffold import new_game

    new_game(tmp_path, "lists")
    game = tmp_path / "content" / "lists" / "game.yaml"
    game.write_text(game.read_text().replace("    back: card-back  #", "    overleaf: true  #"))
    layout = tmp_path / "layouts" / "lists.yaml"
    text = layout.read_text()
    layout.write_text(text[: text.index("      points:")] + boxes)
    options = Options(profiles=("large-print",), papers=("a4",), imposition=imposition)
    _o, report = build(Project(tmp_path), ["lists"], options, tmp_path / "build", progress=print)
    assert not report.errors, report.errors
    cards = tmp_path / "build" / "lists" / "large-print-a4" / "cards.pdf"
    assert any("Continued on the back" in (p.extract_text() or "") for p in plumber_pages(cards))
    sections = _outline(cards)
    return next(s for s in sections if s and s[0] == ("H2", "Sun"))


def _box(name: str, y: float, read_as: str, text: str, h: float = 6) -> str:
    return f'      {name}: {{x: 5, y: {y}, w: 53, h: {h}, read_as: {read_as}, text: "{text}"}}\n'


@pytest.mark.parametrize("imposition", ["duplex", "gutterfold"])
def test_two_lists_of_a_card_that_goes_on_over_its_back_stay_two(tmp_path, imposition):
    """A review: on a gutterfold page, where a card's front and back share the page, the
    back's first list of item boxes took the key of the front's first, and two lists with
    paragraphs between them were read as one, before the paragraphs."""
    more = "<br/>and so on<br/>and on<br/>to the end"  # four lines a box: it goes over
    boxes = _box("i1", 14, "item", f"Draw one{more}", 14) + _box(
        "i2", 28, "item", f"Play{more}", 14
    )
    boxes += _box("p0", 42, "paragraph", f"A rule{more}", 14)
    boxes += _box("j1", 56, "item", f"Score{more}", 14) + _box("j2", 70, "item", f"Count{more}", 14)
    sun = _overleaf_sun(tmp_path, boxes, imposition)
    read = [(r, [t[:5] for li in k for _r, t in li] if r == "L" else k[:6]) for r, k in sun[1:]]  # type: ignore[index, union-attr]
    assert read[:3] == [("L", ["Draw ", "Play "]), ("P", "A rule"), ("L", ["Score", "Count"])], read


def test_a_list_box_between_item_boxes_ends_their_list_over_the_back_too(tmp_path):
    """A review: a list box read between item boxes left their list open, and the item after
    it (on the back) joined the first list, read before the list box."""
    many = "<br/>".join(f"• step {n}" for n in range(1, 4))
    more = "<br/>and on<br/>to the end"
    boxes = _box("i1", 14, "item", f"First{more}", 11) + _box("i2", 25, "item", f"Second{more}", 11)
    boxes += _box("la", 36, "list", many, 15) + _box("i3", 51, "item", f"Third{more}", 11)
    boxes += _box("lb", 62, "list", many.replace("step", "stage"), 15)
    sun = _overleaf_sun(tmp_path, boxes, "duplex")
    lists = [[t.split()[0] for li in k for _r, t in li] for r, k in sun if r == "L"]  # type: ignore[union-attr]
    assert lists == [
        ["First", "Second"],
        ["•", "step", "•", "step", "•", "step"],
        ["Third"],
        ["•", "stage", "•", "stage", "•", "stage"],
    ], lists
