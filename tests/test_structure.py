"""The structure tree of every large-print PDF read back the way a screen reader reads it: one
H1 first and no heading level skipped, a heading in every card section that has content
(once a file: a later copy of a card reads as paragraphs),
lists as L > LI > Lbl + LBody, tables as Table > TR > TH/TD with Scope, cube notation
spoken, list labels apart from their words in the text layer, and a space at every line's
end in every file's tagged text."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pikepdf
import pytest

from .readback import plumber_pages, pypdf_texts, reader_texts

GAMES = ["bidding-alpha", "common-reserve", "festival-charter", "festivibes"]
PAPERS = ["a4", "letter"]


def lp_pdfs(built: Path) -> list[Path]:
    found = sorted(built.glob("*/large-print-*/*.pdf"))
    assert len(found) >= 28
    return found


def kids(elem: pikepdf.Object) -> list[pikepdf.Object]:
    """The structure elements directly under ``elem`` (not its content items)."""
    k = elem.get("/K")
    items = list(k) if isinstance(k, pikepdf.Array) else ([] if k is None else [k])
    return [i for i in items if isinstance(i, pikepdf.Dictionary) and "/S" in i]


def marks_content(elem: pikepdf.Object) -> bool:
    """Whether ``elem`` or an element under it holds marked content (an MCID)."""
    k = elem.get("/K")
    items = list(k) if isinstance(k, pikepdf.Array) else ([] if k is None else [k])
    for i in items:
        if not isinstance(i, pikepdf.Dictionary):
            return True  # an MCID
        if i.get("/Type") == "/MCR" or marks_content(i):
            return True
    return False


def walk(elem: pikepdf.Object) -> Iterator[pikepdf.Object]:
    """Every structure element under ``elem`` in reading order, ``elem`` first."""
    yield elem
    for kid in kids(elem):
        yield from walk(kid)


def role(elem: pikepdf.Object) -> str:
    return str(elem.S)[1:]


def document(pdf: pikepdf.Pdf) -> pikepdf.Object:
    return pdf.Root.StructTreeRoot.K


def headings(pdf: pikepdf.Pdf) -> list[int]:
    return [int(role(e)[1]) for e in walk(document(pdf)) if re.fullmatch(r"H\d", role(e))]


def test_each_file_opens_with_one_h1_and_never_skips_a_level(built):
    problems = []
    for path in lp_pdfs(built):
        with pikepdf.open(path) as pdf:
            levels = headings(pdf)
        where = str(path.relative_to(built))
        if not levels or levels[0] != 1:
            problems.append(f"{where}: first heading H{levels[0] if levels else '-'}")
        if levels.count(1) != 1:
            problems.append(f"{where}: {levels.count(1)} H1")
        for a, b in zip(levels, levels[1:], strict=False):
            if b > a + 1:
                problems.append(f"{where}: H{a} then H{b}")
                break
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("part", "title"),
    [("cards", "Common Reserve — Cards"), ("sheets", "Common Reserve — Sheets, markers and")],
)
def test_the_h1_names_the_game_and_the_part_first(built, part, title):
    path = built / "common-reserve" / "large-print-a4" / f"{part}.pdf"
    with pikepdf.open(path) as pdf:
        first = kids(document(pdf))[0]
        assert role(first) == "H1"
        assert first.Pg.objgen == pdf.pages[0].obj.objgen
    text = pypdf_texts(path)[0]  # content order, like pdftotext -raw; no poppler needed
    assert text.splitlines()[0].startswith(title)


def test_the_h1_ends_on_its_page_in_every_file(built):
    """The invisible H1 is set smaller when the title is too long for one line at heading
    size: a character past the page's edge is one a text extractor drops ("Sheets, markers
    and refere")."""
    long_titles = 0
    for path in sorted(built.glob("*/*/*.pdf")):
        first = plumber_pages(path)[0]
        off = [c["text"] for c in first.chars if c["x0"] < 0 or c["x1"] > first.width]
        assert not off, f"{path.relative_to(built)}: {''.join(off)!r} runs off page 1"
        heading = pypdf_texts(path)[0].splitlines()[0]
        long_titles += len(heading) > 55
        if path.parent.name.startswith("large-print") and path.name == "sheets.pdf":
            assert heading.endswith("references"), f"{path.relative_to(built)}: {heading!r}"
    assert long_titles  # the alpha game's sheets title is among them


def section_texts(pdf: pikepdf.Pdf, path: Path, sect: pikepdf.Object) -> tuple[str, ...]:
    """The text of each element under ``sect`` that marks content, in reading order (read
    from the pages' characters by their marked-content ids)."""
    pages = {page.obj.objgen: n for n, page in enumerate(pdf.pages)}
    chars = plumber_pages(path)
    out = []
    for elem in walk(sect):
        k = elem.get("/K")
        items = list(k) if isinstance(k, pikepdf.Array) else ([] if k is None else [k])
        ids = [int(i) for i in items if not isinstance(i, pikepdf.Dictionary)]
        if not ids or "/Pg" not in elem:
            continue
        page = chars[pages[elem.Pg.objgen]]
        out.append("".join(c["text"] for c in page.chars if c.get("mcid") in ids).strip())
    return tuple(out)


def test_every_card_is_headed_once_a_file(built):
    """A card section with content has a heading, but a later copy of a card in its file:
    moving by headings meets each card once (Bid & Build's fifty cubes "R" are one heading),
    and the copy reads the same words as paragraphs, so nothing printed is left unread. A
    card that is a picture said by its alt (a bidding token) is that Figure, with its Alt."""
    problems = []
    copies = 0
    for path in lp_pdfs(built):
        if path.name not in ("cards.pdf", "sheets.pdf"):
            continue
        headed: set[tuple[str, ...]] = set()
        with pikepdf.open(path) as pdf:
            for n, sect in enumerate(e for e in walk(document(pdf)) if role(e) == "Sect"):
                inside = [role(e) for e in walk(sect)][1:]
                figures = [k for k in kids(sect) if role(k) == "Figure"]
                if figures and len(figures) == len(kids(sect)):  # a picture that is said
                    if not all(str(k.get("/Alt", "")) for k in figures) or "/Alt" in sect:
                        problems.append(f"{path.relative_to(built)}: section {n} figures")
                elif marks_content(sect) or any(marks_content(k) for k in kids(sect)):
                    said = section_texts(pdf, path, sect)
                    if any(re.fullmatch(r"H\d", r) for r in inside):
                        headed.add(said)
                    elif said in headed and "P" in inside:
                        copies += 1
                    else:
                        problems.append(f"{path.relative_to(built)}: section {n} {said[:4]}")
                elif "/Alt" not in sect:
                    problems.append(f"{path.relative_to(built)}: section {n} empty without /Alt")
    assert not problems, "\n".join(problems[:40])
    assert copies >= 100  # the cubes, tokens and tickets printed more than once


def test_lists_are_l_li_lbl_lbody_in_every_rules_file(built):
    """Bullets and steps are L > LI > Lbl + LBody; a row of cards (Festi'vibes' two-player
    row) is a list whose items have no label: a card's label and mark are its body."""
    rows = 0
    for path in lp_pdfs(built):
        if not path.name.startswith("rules"):
            continue
        with pikepdf.open(path) as pdf:
            lists = [e for e in walk(document(pdf)) if role(e) == "L"]
            assert lists, path
            for lst in lists:
                items = kids(lst)
                assert items and all(role(i) == "LI" for i in items), path
                shapes = {tuple(role(k) for k in kids(item)) for item in items}
                assert shapes in ({("Lbl", "LBody")}, {("LBody",)}), (path, shapes)
                if shapes == {("LBody",)}:  # a card row: each card's label, then its mark
                    rows += 1
                    said = [[role(p) for p in kids(kids(item)[0])] for item in items]
                    assert len(items) == 5 and said[0] == ["P", "P"] and said[4] == ["P"], said
                    continue
                for item in items:
                    assert all(marks_content(k) for k in kids(item)), path
    assert rows == 4  # Festi'vibes' large-print rules and booklet, A4 and Letter


def test_tables_are_table_tr_th_td_with_scope_in_every_sheets_file(built):
    """Every sheets file with a ruled table or a track holds them as tables: rows of cells,
    the header cells (a table's first row, a track's label) with their Scope."""
    with_tables = 0
    for path in lp_pdfs(built):
        if path.name != "sheets.pdf":
            continue
        with pikepdf.open(path) as pdf:
            tables = [e for e in walk(document(pdf)) if role(e) == "Table"]
            with_tables += bool(tables)
            for table in tables:
                rows = kids(table)
                assert rows and all(role(r) == "TR" for r in rows), path
                cells = [c for r in rows for c in kids(r)]
                assert all(role(c) in ("TH", "TD") for c in cells), path
                heads = [c for c in cells if role(c) == "TH"]
                assert heads, path
                assert all(str(h.A.Scope) in ("/Column", "/Row") for h in heads), path
    assert with_tables >= 4  # the alpha ledger and board, the reserve sheet and record, …


def test_decoration_is_not_content(built):
    """Spacer images, tiles and icons in running text are painted inside spans read as
    nothing (never artifacts inside a paragraph's tagged content): no Figure but a card in
    the rules, with its /Alt, or a picture whose box says what it shows (``alt``: the
    alpha's bidding tokens), and no image is tagged alone."""
    for path in lp_pdfs(built):
        with pikepdf.open(path) as pdf:
            figures = [e for e in walk(document(pdf)) if role(e) == "Figure"]
            alts = [str(e.get("/Alt", "")) for e in figures]
            if path.stem.startswith("rules"):  # a card drawn in the rules, said
                assert all(alt.startswith("Card ") for alt in alts), path
            else:
                said = [a for a in alts if not TICK_BOXES.fullmatch(a)]
                assert all(alt.endswith(TOKEN_ICONS) for alt in said), (path, alts)


TOKEN_ICONS = ("circle", "triangle", "square", "diamond", "star", "cross")
TICK_BOXES = re.compile(r"a tick box|(\d+) tick boxes, numbered 1 to \1")


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_tick_boxes_are_a_figure_in_their_cell_said_with_their_count(built, profile):
    """A cell of tick boxes is no empty cell to a reader: its boxes are one Figure, in its
    TD, whose Alt says how many and how they are numbered (the numbers themselves, beside
    the boxes or under the column's header, are drawn inside it or as an artifact)."""
    path = built / "common-reserve" / f"{profile}-a4" / "sheets.pdf"
    with pikepdf.open(path) as pdf:
        figures = [
            (role(cell), str(fig.Alt))
            for cell in walk(document(pdf))
            if role(cell) == "TD"
            for fig in kids(cell)
            if role(fig) == "Figure"
        ]
    assert figures, path
    assert set(figures) == {("TD", "3 tick boxes, numbered 1 to 3")}, path


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_bidding_token_is_named_by_its_colour_and_icon(built, profile):
    """A token's icon box has an ``alt``: a reader is told each token's colour and the icon
    on it (one Figure each, in the sheets), not nothing."""
    path = built / "bidding-alpha" / f"{profile}-a4" / "sheets.pdf"
    with pikepdf.open(path) as pdf:
        alts = [str(e.Alt) for e in walk(document(pdf)) if role(e) == "Figure"]
    assert alts == [
        "Orange bidding token with a circle",
        "Sky bidding token with a triangle",
        "Green bidding token with a square",
        "Yellow bidding token with a diamond",
        "Blue bidding token with a star",
        "Purple bidding token with a cross",
    ]


def test_cube_notation_is_spoken(built):
    """Each run of notation keeps its literal text (ActualText) and is said in words (E)."""
    path = built / "bidding-alpha" / "large-print-a4" / "cards.pdf"
    spans: dict[str, str] = {}
    silent = 0
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for ins in pikepdf.parse_content_stream(page):
                if str(ins.operator) == "BDC" and str(ins.operands[0]) == "/Span":
                    props = ins.operands[1]
                    if str(props.ActualText) == "":  # a tile or an icon in the text: silent
                        silent += 1
                        continue
                    spans[str(props.ActualText)] = str(props.get("/E", ""))
    assert spans["5R>G"] == "5 red for 1 green"
    assert spans["3R<>G"] == "3 red for 1 green, either way"
    assert spans["RRRR"] == "4 red"
    assert spans["B2G"] == "1 blue and 2 green"
    assert all(said for said in spans.values())
    assert silent > 100  # every cube tile drawn under its letter (render/symbols.SILENT)


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_cube_counter_is_said_as_its_cube(built, profile):
    """The alpha's cube counters print a letter; a screen reader is given the cube's name
    (the ``said`` filter: /E "red cube", ActualText "R"), never the bare letter."""
    path = built / "bidding-alpha" / f"{profile}-a4" / "sheets.pdf"
    said: dict[str, set[str]] = {}
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for ins in pikepdf.parse_content_stream(page):
                if str(ins.operator) == "BDC" and str(ins.operands[0]) == "/Span":
                    props = ins.operands[1]
                    if "/E" in props:
                        said.setdefault(str(props.ActualText), set()).add(str(props.E))
    # a counter is a cube; a ledger's column holds cubes; its intro gives each colour's value
    assert said == {
        "R": {"red cube", "red cubes", "red"},
        "G": {"green cube", "green cubes", "green"},
        "B": {"blue cube", "blue cubes", "blue"},
    }


def test_a_ledgers_first_column_heads_its_rows(built):
    """A table whose first column prints a label in every row (a turn, a proposal's number)
    has that column's cells read as row headers (TH, Scope Row) under the column headers;
    one whose first column is written in (Festival Charter's final scores) has none."""
    found: dict[str, list[list[tuple[str, str]]]] = {}
    for game in ("bidding-alpha", "common-reserve", "festival-charter"):
        path = built / game / "large-print-a4" / "sheets.pdf"
        with pikepdf.open(path) as pdf:
            for table in (e for e in walk(document(pdf)) if role(e) == "Table"):
                rows = [
                    [(role(c), str(c.A.Scope) if "/A" in c else "") for c in kids(r)]
                    for r in kids(table)
                    if role(r) == "TR"
                ]
                found.setdefault(game, []).append(rows)

    def row_heads(rows: list[list[tuple[str, str]]]) -> list[tuple[str, str]]:
        return [row[0] for row in rows[1:]]

    ledgers = [t for t in found["bidding-alpha"] if len(t) == 12]  # a header and 11 turns
    assert len(ledgers) == 6
    for rows in ledgers:
        assert all(cell == ("TH", "/Column") for cell in rows[0])
        assert row_heads(rows) == [("TH", "/Row")] * 11
        assert all(cell[0] == "TD" for row in rows[1:] for cell in row[1:])
    record = [t for t in found["common-reserve"] if len(t) == 9]  # deliveries 1 to 8
    assert record and row_heads(record[0]) == [("TH", "/Row")] * 8
    scores = [t for t in found["festival-charter"] if len(t) == 5]  # four planners, written in
    assert scores and all(cell[0] == "TD" for cell in row_heads(scores[0]))
    built_ = [t for t in found["festival-charter"] if len(t) == 10]  # 8 projects and totals
    assert built_ and all(cell[0] == "TD" for cell in row_heads(built_[0]))  # (no empty TH)


def test_cube_notation_in_the_rules_is_spoken(built):
    """Notation in the rules' running text is drawn as tiles and said in words, as on the
    cards: a reader never hears "8 R greater than B"."""
    path = built / "bidding-alpha" / "large-print-a4" / "rules.pdf"
    spans: dict[str, str] = {}
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for ins in pikepdf.parse_content_stream(page):
                if str(ins.operator) == "BDC" and str(ins.operands[0]) == "/Span":
                    props = ins.operands[1]
                    if str(props.get("/ActualText", "")):
                        spans[str(props.ActualText)] = str(props.get("/E", ""))
    assert spans["8R>B"] == "8 red for 1 blue"
    assert spans["G2R"] == "1 green and 2 red"
    assert spans["4R"] == "4 red"


@pytest.mark.parametrize("paper", PAPERS)
def test_no_list_label_is_glued_to_its_word(built, paper):
    glued = re.compile(r"^(•|\d+)(?=[A-Z][a-z])")  # "1Shuffle", "•6", not "3s." wrapped
    for game in GAMES:
        path = built / game / f"large-print-{paper}" / "rules.pdf"
        text = "\n".join(pypdf_texts(path))  # content order, like pdftotext -raw
        bad = [ln for ln in text.splitlines() if glued.match(ln)]
        assert not bad, f"{path}: {bad[:5]}"


def test_every_line_break_in_tagged_text_is_a_word_break(built):
    """A screen reader reads a tagged run as its characters: the last word of one line and
    the first of the next would be one word ("keepthe") but for the space drawn after it
    (``word_breaks``). A Figure's text is not read (its Alt is), so it is not looked at."""
    files = sorted(p for p in built.glob("*/*/*.pdf") if "booklet" not in p.name)
    assert len(files) == 44
    glued = []
    for path in files:
        for number, page in enumerate(plumber_pages(path), 1):
            before: dict[int, dict] = {}
            for ch in page.chars:
                mcid = ch.get("mcid")
                if not ch["upright"]:  # sideways (the first page's note, read): one line
                    continue
                if mcid is None or ch.get("tag") in ("Figure", "Span") or ch["text"].isspace():
                    if mcid is not None and ch["text"].isspace():
                        before[mcid] = ch
                    continue
                last = before.get(mcid)
                new_line = last is not None and abs(last["top"] - ch["top"]) > last["size"] / 2
                if new_line and not last["text"].isspace():
                    glued.append(
                        f"{path.relative_to(built)} p{number}: {last['text']}|{ch['text']}"
                    )
                before[mcid] = ch
    assert not glued, glued[:10]


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_card_space_labels_are_read_and_their_frames_are_not(built, profile):
    """The reserve sheet's CURRENT and NEXT spaces: each label is a tagged paragraph (it
    was an artifact, so a screen reader never heard where the cards go)."""
    path = built / "common-reserve" / f"{profile}-a4" / "sheets.pdf"
    found = set()
    for page in plumber_pages(path):
        for word in page.extract_words(extra_attrs=["tag", "mcid"]):
            if word["text"] in ("CURRENT", "NEXT") and word["tag"] == "P":
                found.add(word["text"] if word["mcid"] is not None else "")
    assert found == {"CURRENT", "NEXT"}


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_tracks_framed_number_is_read_as_framed(built, profile):
    """The reserve tracks box and shade the number each session starts on, and the sheet
    says "The framed numbers are where each session starts": a reader hears "2 (framed)"
    (ActualText), so that sentence can be followed; pypdf, which ignores ActualText, still
    reads the printed 2."""
    path = built / "common-reserve" / f"{profile}-a4" / "sheets.pdf"
    heard = " ".join(reader_texts(path))
    assert heard.count("2 (framed)") == 3  # water, fuel and fibre
    assert "(framed)" not in " ".join(pypdf_texts(path))


def reading_parts(path: Path) -> list[tuple[int, str, int, str]]:
    """Every marked-content part in reading order: its element's number in the walk, the
    element's role, its page and its text (read from the page's characters by MCID)."""
    chars: dict[int, dict[int | None, str]] = {}

    def text(page: int, mcid: int) -> str:
        if page not in chars:
            found: dict[int | None, list[str]] = {}
            for c in plumber_pages(path)[page].chars:
                found.setdefault(c.get("mcid"), []).append(c["text"])
            chars[page] = {k: "".join(v) for k, v in found.items()}
        return chars[page].get(mcid, "")

    parts: list[tuple[int, str, int, str]] = []
    with pikepdf.open(path) as pdf:
        pages = {p.obj.objgen: i for i, p in enumerate(pdf.pages)}
        for number, elem in enumerate(walk(document(pdf))):
            k = elem.get("/K")
            for item in list(k) if isinstance(k, pikepdf.Array) else ([] if k is None else [k]):
                if isinstance(item, pikepdf.Dictionary) and "/S" in item:
                    continue
                if isinstance(item, pikepdf.Dictionary):  # a reference: a part on its page
                    page, mcid = pages[item.Pg.objgen], int(item.MCID)
                else:
                    page, mcid = pages[elem.Pg.objgen], int(item)
                parts.append((number, role(elem), page, text(page, mcid)))
    return sorted(parts, key=lambda p: p[0])  # (kids before: an element's parts in order)


def test_a_paragraph_cut_by_a_page_break_is_one_element(built):
    """A sentence a page break cuts ("…treat | the rest of the game…") reads as one
    paragraph: the P holds a marked-content reference on each page, not two P elements (a
    reader paused and announced a new paragraph mid-sentence); the part before the break
    ends with a space, so its last word and the next part's first stay two words."""
    problems, joined = [], 0
    for path in sorted(built.glob("*/*/rules.pdf")):
        parts = reading_parts(path)
        for (n, kind, page, said), (m, _k, next_page, then) in itertools.pairwise(parts):
            if n == m and next_page != page and not (said[-1:].isspace() or then[:1].isspace()):
                # one element: its parts' words would run together ("forthem.")
                problems.append(f"{path.relative_to(built)} p{page + 1}: glued {said[-20:]!r}")
            cut = said.rstrip() and said.rstrip()[-1] not in '.:!?)”"' and then[:1].islower()
            if next_page != page and kind in ("P", "H2", "H3") and cut:
                if n == m:
                    joined += 1
                else:
                    problems.append(f"{path.relative_to(built)} p{page + 1}: …{said[-40:]!r}")
    assert not problems, "\n".join(problems)
    assert joined >= 6, joined  # standard and large print, both papers, cut mid-sentence


@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_a_help_cards_options_and_effects_are_read_as_lists(built, profile):
    """Festi'vibes' turn card sets its two options, and its effects card its seven effects,
    each in a box of its own beside its icon: they were read as loose paragraphs, the "+1"
    shown where the other effects have an icon as one of its own (review). The boxes read
    ``item`` are the items of one list (``L`` > ``LI`` > ``LBody``), the "+1" read ``label``
    the label of the item after it. Large print, whose effects card goes on over its back,
    reads the one list too, three items on the front and four on the back (an
    accessibility review: it read a list on each side, announcing three items, then four)."""
    path = built / "festivibes" / f"{profile}-a4" / "cards.pdf"
    with pikepdf.open(path) as pdf:
        sects = [e for e in walk(document(pdf)) if role(e) == "Sect"]
        said = {section_texts(pdf, path, s)[0]: s for s in sects if marks_content(kids(s)[0])}
        shapes = {}
        for title in ("On your turn", "Event effects"):
            lists = [k for k in kids(said[title]) if role(k) == "L"]
            shapes[title] = [
                [tuple(role(p) for p in kids(li)) for li in kids(lst)] for lst in lists
            ]
    body, plus1 = ("LBody",), ("Lbl", "LBody")
    assert shapes["On your turn"] == [[body, body]]
    assert shapes["Event effects"] == [[body] * 5 + [plus1, body]]
