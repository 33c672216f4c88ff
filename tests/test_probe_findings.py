"""What the second hostile-input probe found: each a message said where its neighbours say it,
or a located error where there was a traceback or silence."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cutsheet.cli import main

from .test_own_look import hex_of, write_own
from .test_probe_leftovers import A4_WARNING, RULES, add_rules_text, own_papers, said
from .test_project_files_refused import GAME, LAYOUT, SVG, check_and_build, fifo_only, use_icon


# -- a project paper that replaces one of cutsheet's own: said by preview and export too --
def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(list(args))
    return code, capsys.readouterr().err.splitlines()


@pytest.mark.parametrize(
    "args",
    [
        ("preview", "mini", "--item", "MINI-A"),
        ("export", "mini", "--to", "png", "--dpi", "72"),
        ("export", "mini", "--to", "tts", "--dpi", "72"),
    ],
    ids=["preview", "export-png", "export-tts"],
)
def test_preview_and_export_say_the_paper_warning_as_check_and_build_do(mini, capsys, args):
    line = own_papers(mini, "  a4: {size: [210, 290], title: A4 short}\n")
    warning = f"layouts/mini.yaml:{line}:3: {A4_WARNING}"
    code, told = run(capsys, *args)
    assert code == 0 and warning in told, told
    assert not [s for s in told if ": error: " in s], told


def test_a_preview_of_an_unknown_item_says_the_warning_beside_its_error(mini, capsys):
    line = own_papers(mini, "  a4: {size: [210, 290], title: A4 short}\n")
    code, told = run(capsys, "preview", "mini", "--item", "MINI-Z")
    assert code == 1 and f"layouts/mini.yaml:{line}:3: {A4_WARNING}" in told, told
    assert any("error: no card or sheet 'MINI-Z'" in s for s in told), told


# -- a template error in a document names the document, as its other problems do ---------
def test_a_template_error_in_the_rules_names_the_rules(ws):
    line = add_rules_text(ws, '      - text: "{{ nmae }} and {{ 1 + }}"')
    assert said(ws) == [f"{line}:9: rules: template error: unexpected 'end of print statement'"]
    ws.edit(RULES, "{{ 1 + }}", "{{ 2 }}")
    assert said(ws) == [
        f"{line}:9: rules: template uses an unknown name: 'nmae' is undefined"
        "; it can use examples, game, imposition, items, params, profile and terms"
    ]


def test_a_template_error_in_a_sheet_names_the_sheet(ws):
    sheet = "content/common-reserve/reserve-sheet.yaml"
    anchor = "      - text: >-\n          Circle the current amount"
    line = ws.edit(sheet, anchor, f'      - text: "{{{{ nmae }}}}"\n{anchor}')
    assert said(ws) == [
        f"{line}:9: CR-RESERVE: template uses an unknown name: 'nmae' is undefined"
        "; it can use examples, game, imposition, items, params, profile and terms"
    ]


# -- an SVG icon's numbers: a PDF cannot print nan, inf or 1e308 --------------------------
@pytest.fixture
def own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_own(tmp_path, GAME, LAYOUT)


NUMBERS = "coordinates and sizes are numbers of at most 1,000,000 either way"
SIZES = "an SVG icon's width and height are at least 0.000001 and at most 1,000,000"
UNPRINTABLE = {  # was: built with 'nan' in the page (mutool: unknown keyword), or
    # "cutsheet failed on this game (ValueError: _fp_one failed …)" from build only
    f'{SVG}<rect fill="#9e9999" id="banana" width="2" height="2"/>\n'
    '  <circle cx="nan" cy="inf" r="4"/></svg>': f"2:3: error: icon 'mine.svg' has the number"
    f" inf, which cannot be printed; an SVG icon's {NUMBERS}",
    f'{SVG}<path d="M0 0 L1e300 5 Z"/></svg>': f"1:{len(SVG) + 1}: error: icon 'mine.svg' has"
    f" the number 1e+300, which cannot be printed; an SVG icon's {NUMBERS}",
    f'{SVG}<g transform="scale(1e30)"><rect width="2" height="2"/></g></svg>': (
        f"1:{len(SVG) + 1}: error: icon 'mine.svg' has the number 1e+30, which cannot be"
        f" printed; an SVG icon's {NUMBERS}"
    ),
    SVG.replace('width="24"', 'width="1e308"') + '<rect width="2" height="2"/></svg>': (
        f"1:1: error: icon 'mine.svg' is 1e+308 × 24; {SIZES}"
    ),
    SVG.replace('width="24"', 'width="-24"') + '<rect width="2" height="2"/></svg>': (
        f"1:1: error: icon 'mine.svg' is -24 × 24; {SIZES}"
    ),
    # a probe: width 0 was said at the file alone, with no line and column
    SVG.replace('width="24"', 'width="0"') + '<rect width="2" height="2"/></svg>': (
        "1:1: error: icon 'mine.svg' cannot be read as SVG (no width and height: a size of 0)"
    ),
}


@pytest.mark.parametrize("svg", UNPRINTABLE, ids=range(len(UNPRINTABLE)))
def test_an_svg_icon_with_a_number_no_pdf_can_print_is_refused_by_check(own, capsys, svg):
    (use_icon(own) / "mine.svg").write_text(svg)
    message = f"icons/mine.svg:{UNPRINTABLE[svg]}"
    assert check_and_build(capsys) == [(1, [message]), (1, [message])]


def test_an_svg_icon_with_large_but_printable_numbers_builds(own, capsys):
    (use_icon(own) / "mine.svg").write_text(
        SVG.replace('"24"', '"240000"') + '<path d="M0 0 L240000 240000 Z" fill="#0B6E4F"/></svg>'
    )
    assert check_and_build(capsys) == [(0, []), (0, [])]


# -- an icon added that cannot be read: each command says what check says ---------------
BROKEN = "icons/x.svg:1:1: {}: icon 'x.svg' cannot be read as SVG (unclosed token)"


def test_a_broken_icon_added_after_a_build_is_said_alike_by_check_build_and_export(mini, capsys):
    """Drawn nowhere, it is a warning said by each command, which all build; drawn by a
    face, it is the game's error, said by each command at the file, which all refuse."""
    for args in (["build", "mini", "--jobs", "1"], ["export", "mini", "--to", "png"]):
        assert run(capsys, *args, "--profile", "standard")[0] == 0
    (mini / "icons").mkdir()
    (mini / "icons" / "x.svg").write_text("<svg")  # used nowhere; check reads it all the same
    commands = (
        ["check", "mini"],
        ["build", "mini", "--jobs", "1"],
        ["export", "mini", "--to", "png"],
    )
    warned = BROKEN.format("warning") + WARNED
    for args in commands:
        code, told = run(capsys, *args, "--profile", "standard")
        assert code == 0 and warned in told, (args, told)
    layout = mini / "layouts" / "mini.yaml"
    layout.write_text(layout.read_text().replace("Cost {{ cost }}", "Cost {{ 'x'|icon }}"))
    for args in commands:
        code, told = run(capsys, *args, "--profile", "standard")
        assert code == 1 and BROKEN.format("error") in told, (args, told)
        assert not any("cannot be drawn" in line for line in told), told  # said once, at it
    (mini / "icons" / "x.svg").unlink()
    code, told = run(capsys, "check", "mini", "--profile", "standard")
    assert code == 1 and any("unknown icon 'x'" in line for line in told), told


def test_a_broken_icon_stops_only_the_games_that_draw_it(mini, capsys):
    """Two games of one project: the one whose face draws the broken icon is refused, at
    the file; the other builds, warned."""
    other = mini / "content" / "other"
    shutil.copytree(mini / "content" / "mini", other)
    game = other / "game.yaml"
    game.write_text(
        game.read_text().replace("id: mini", "id: other").replace("mini.yaml", "other.yaml")
    )
    layouts = mini / "layouts"
    text = (layouts / "mini.yaml").read_text()
    (layouts / "other.yaml").write_text(text.replace("Cost {{ cost }}", "Cost {{ 'x'|icon }}"))
    (mini / "icons").mkdir()
    (mini / "icons" / "x.svg").write_text("<svg")
    build = ("build", "--jobs", "1", "--profile", "standard", "--paper", "a4")
    code, told = run(capsys, *build)
    assert code == 1, told
    assert BROKEN.format("error") in told
    assert not any(": warning: " in line for line in told), told  # the error says it
    assert (mini / "build" / "mini" / "standard-a4" / "cards.pdf").is_file()
    assert not (mini / "build" / "other").exists()
    code, told = run(capsys, "build", "mini", *build[1:])  # alone: its warning is said
    assert code == 0 and BROKEN.format("warning") + WARNED in told, told
    (mini / "icons" / "x.svg").write_text(SVG_CIRCLE)  # mended: said no more, by any build
    for args in (build, ("check",)):
        code, told = run(capsys, *args)
        assert code == 0 and not any("x.svg" in line for line in told), (args, told)
    assert (mini / "build" / "other" / "standard-a4" / "cards.pdf").is_file()


SVG_CIRCLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>'
WARNED = "; no face or text of this game draws it"


# -- the warnings a build says, said by export and by a preview of built pages -------------
def test_a_preview_of_built_pages_says_the_paper_warning_as_build_does(mini, capsys):
    line = own_papers(mini, "  a4: {size: [210, 290], title: A4 short}\n")
    warning = f"layouts/mini.yaml:{line}:3: {A4_WARNING}"
    code, told = run(capsys, "build", "mini", "--jobs", "1", "--profile", "standard")
    assert code == 0 and warning in told, told
    code, told = run(capsys, "preview", "mini")
    assert code == 0 and warning in told, told
    code, told = run(capsys, "preview", "mini", "--page", "99")
    assert code == 1 and warning in told, told  # beside the error, as --item says it


def test_export_says_the_font_licence_warning_as_build_does(own, capsys):
    from .test_own_look import add_font, edit

    add_font(own, "Cinzel-Bold")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    warning = (
        "fonts/Cinzel-Bold.ttf: warning: font 'Cinzel-Bold' is set by the layouts (and embedded where text uses it) without a licence file"
        " beside it; put its licence in fonts/ (OFL.txt, LICENSE, or OFL-<font>.txt) and every"
        " kit carries a copy in font-licences/"
    )
    code, told = run(capsys, "build", "own", "--jobs", "1", "--profile", "standard")
    assert code == 0 and warning in told, told
    for to in ("png", "pod"):
        code, told = run(capsys, "export", "own", "--to", to, "--dpi", "72")
        assert code == 0 and warning in told, (to, told)
    # large print sets the project's text in Atkinson: its kit embeds no project font
    code, told = run(capsys, "export", "own", "--to", "png", "--profile", "large-print")
    assert code == 0 and warning not in told, told


def test_a_kept_export_follows_the_font_licence_put_beside_the_font(own, capsys):
    """An export says the build's font-licence warning, and keeps it with its files: a
    licence added to fonts/ makes the next export draw again and say nothing (the warning
    was once said again, the export kept as 'unchanged')."""
    from .test_own_look import add_font, edit

    add_font(own, "Cinzel-Bold")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    argv = ("export", "own", "--to", "contact", "--profile", "standard")
    for _ in range(2):  # drawn, then kept: the warning both times
        code, told = run(capsys, *argv)
        assert code == 0 and any("without a licence file" in line for line in told), told
    assert any("unchanged" in line for line in told), told
    (own / "fonts" / "LICENSE").write_text("Cinzel's licence\n")
    code, told = run(capsys, *argv)
    assert code == 0 and not any("warning" in line for line in told), told
    assert not any("unchanged" in line for line in told), told


def test_a_run_set_larger_than_its_lines_is_an_error(tmp_path, capsys):
    """<font size="60"> in a 10 mm title box printed below the box, over the text under it,
    and check passed: a run larger than the leading its style spaces lines by is an error."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    layout = tmp_path / "layouts" / "star-deck.yaml"
    title = 'style: title, text: "{{ name }}"}'
    layout.write_text(
        layout.read_text().replace(
            title, 'style: title, text: "<font size=\\"60\\">{{ name }}</font>"}'
        )
    )
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check", "--profile", "standard"]) == 1
    said = capsys.readouterr().err
    assert (
        "box 'title': a text run is 60 pt, larger than the 15 pt its style spaces lines by" in said
    )


def test_a_tight_style_whose_leading_is_under_its_size_is_no_error(tmp_path, capsys):
    """A display style set 20 on 18 is a layout's choice, not a run grown by markup."""
    from cutsheet.cli import main

    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    layout = tmp_path / "layouts" / "star-deck.yaml"
    text = layout.read_text().replace("style: title,", "style: display,", 1)
    text += "styles:\n  display: {font: bold, size: 20, leading: 18, align: center}\n"
    layout.write_text(text)
    capsys.readouterr()
    code = main(["--root", str(tmp_path), "check", "--profile", "standard"])
    said = capsys.readouterr().err
    assert code == 0 and "larger than" not in said, said


# -- a table whose tick-box column needs more than an equal share of the page ------------
def test_a_column_of_tick_boxes_wider_than_an_equal_share_takes_what_it_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Columns without a width shared the room equally: in large print, six tick boxes
    needing 62.5 mm beside two short columns were given 60 mm and the table was refused,
    though it fits. The boxes' column now gets what it needs and the others share the
    rest; the sheet is built and its boxes' numbers read back, all six a row."""
    import pdfplumber

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    game = root / "content" / "tiny" / "game.yaml"
    table = "table: {rows: 2, columns: [{header: Player}, {header: Ticks, checks: 6},"
    table += " {header: Notes}]}"
    text = game.read_text()
    game.write_text(text.replace("track: {label: Score, start: 0, stop: 10}", table))
    out = tmp_path / "out"
    argv = ["--root", str(root)]
    assert main([*argv, "check", "--profile", "large-print"]) == 0
    assert (
        main([*argv, "build", "--profile", "large-print", "--paper", "a4", "--out", str(out)]) == 0
    )
    capsys.readouterr()
    with pdfplumber.open(out / "tiny" / "large-print-a4" / "sheets.pdf") as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    # each box's number once a row (the page's label ends in a 1 too)
    assert [words.count(str(n)) for n in range(2, 7)] == [2] * 5 and words.count("1") >= 2


# -- a numbered list of a hundred steps or more -------------------------------------------
def test_a_list_of_a_hundred_steps_keeps_its_numbers_clear_of_their_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list's items were indented 1.6 em whatever their numbers: '100 ' is wider, and the
    number printed into its step's first word (text read back as '100s'). The indent now
    holds the widest number and its space; read back, every number ends before its word."""
    import pdfplumber

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    rules = root / "content" / "tiny" / "rules.yaml"
    steps = ", ".join(["step"] * 105)
    text = rules.read_text()
    rules.write_text(
        text.replace("      - example: pay", f"      - steps: [{steps}]\n      - example: pay")
    )
    out = tmp_path / "out"
    argv = ["--root", str(root), "build", "--profile", "standard", "--paper", "a4"]
    assert main([*argv, "--out", str(out)]) == 0
    capsys.readouterr()
    gaps = []
    with pdfplumber.open(out / "tiny" / "standard-a4" / "rules.pdf") as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            for number, word in zip(words, words[1:], strict=False):
                if number["text"].isdigit() and word["text"] == "step":
                    if abs(number["top"] - word["top"]) < 1:
                        gaps.append((int(number["text"]), word["x0"] - number["x1"]))
    assert sorted(n for n, _gap in gaps) == list(range(1, 106))
    assert min(gap for _n, gap in gaps) > 1.0, [g for g in gaps if g[1] <= 1.0]


# -- a sheet whose table ends at the foot of a page ---------------------------------------
def test_a_sheet_whose_table_ends_at_a_pages_foot_opens_no_empty_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The space set after a table had no room left under a table that filled its page, so
    it opened a page of its own: a third page holding only "Board (continued)" and the
    page's label. A space that does not fit now ends the page and is dropped: the sheet is
    two pages, the last one holding the table's last row."""
    import pdfplumber

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    game = root / "content" / "tiny" / "game.yaml"
    value = "Round {{ row }} of the long game, with words enough to wrap onto a second line here"
    table = f"table: {{rows: 22, columns: [{{header: Round, value: '{value}'}}, {{header: Pts}}]}}"
    game.write_text(game.read_text().replace("track: {label: Score, start: 0, stop: 10}", table))
    out = tmp_path / "out"
    argv = ["--root", str(root), "build", "--profile", "standard", "--paper", "a4"]
    assert main([*argv, "--out", str(out)]) == 0
    capsys.readouterr()
    with pdfplumber.open(out / "tiny" / "standard-a4" / "sheets.pdf") as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    assert len(texts) == 2, [t[:40] for t in texts]
    assert "Round 22 of" in texts[-1]


# -- a fixed grid that large print's print note leaves no room --------------------------------
def test_a_deck_printed_nine_up_packs_itself_in_large_print_when_told_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The guide's nine-up deck failed every default build: large print's larger print note
    leaves a 3 × 3 grid of poker cards no room, and nothing let one profile pack its cards.
    ``impositions: {large-print: auto}`` does: both profiles build, the standard cards
    nine-up (the grid's marks round nine places for three cards) and large print packed."""
    import pdfplumber

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    game = root / "content" / "tiny" / "game.yaml"
    grid = "    source: cards.csv\n    imposition: nine-up\n    impositions: {large-print: auto}\n"
    game.write_text(game.read_text().replace("    source: cards.csv\n", grid))
    out = tmp_path / "out"
    assert main(["--root", str(root), "check"]) == 0, capsys.readouterr().err
    assert main(["--root", str(root), "build", "--paper", "a4", "--out", str(out)]) == 0
    capsys.readouterr()
    rows = {}  # the card rows the crop marks bound: level lines 88 mm (a poker card) apart
    for profile in ("standard", "large-print"):
        with pdfplumber.open(out / "tiny" / f"{profile}-a4" / "cards.pdf") as pdf:
            level = sorted({round(ln["top"], 1) for ln in pdf.pages[0].lines if ln["height"] < 0.5})
        card = 88 * 72 / 25.4
        rows[profile] = sum(1 for a in level if any(abs(b - a - card) < 0.5 for b in level))
    assert rows == {"standard": 3, "large-print": 1}, rows


# -- text on a shape of its own colour --------------------------------------------------------
def test_text_on_a_shape_of_its_colour_is_a_warning_where_no_contrast_is_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A black shape declared after a black text box is drawn under it (shapes first), and
    the standard profile, which asks for no contrast, printed the text invisible without a
    word. Now check and build both say it, as a warning that fails neither; large print
    shades the shape to its contrast, as before, and says nothing."""
    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    blob = '      blob: {kind: rect, x: 5, y: 24, w: 53, h: 10, fill: "#000000"}\n'
    text = layout.read_text()
    layout.write_text(text.replace("      art: {kind: image", blob + "      art: {kind: image"))
    said = (
        "layouts/tiny.yaml:8:7: warning: TY-A (and 2 more), box 'cost': text #000000 on"
        " #000000 (box 'blob') has contrast 1.0:1 and can hardly be read"
    )
    argv = ["--root", str(root)]
    for command in (["check"], ["build", "--paper", "a4", "--out", str(tmp_path / "out")]):
        assert main([*argv, *command, "--profile", "standard"]) == 0
        err = capsys.readouterr().err
        assert said in err.replace(str(root) + "/", ""), err
    assert main([*argv, "check", "--profile", "large-print"]) == 0
    assert "warning" not in capsys.readouterr().err


# -- a circle on a card that large print stretches --------------------------------------------
def test_a_circle_stays_a_circle_on_a_card_large_print_stretches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rectangle drawn as a circle (radius half its side) was stretched with the face in
    large print: a 12 mm coin holding a cost printed as a 17 × 15.7 mm rounded rectangle.
    A circle now stays one: one holding a value is a badge (as an icon's circle is), grown
    round its value; one holding nothing is kept square. Read back, every circle's ink is
    as tall as it is wide, on the standard card and the larger large-print one."""
    import pdfplumber

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout, game = root / "layouts" / "tiny.yaml", root / "content" / "tiny" / "game.yaml"
    coin = (
        '      coin: {kind: rect, x: 44, y: 22, w: 14, h: 14, radius: 7, fill: "#F0E442"}\n'
        '      cost: {x: 45, y: 25.5, w: 12, h: 7, style: body-center, text: "{{ cost }}"}\n'
        '      dot: {kind: rect, x: 8, y: 24, w: 8, h: 8, radius: 4, fill: "#56B4E9"}\n'
    )
    text = layout.read_text()
    text = text.replace(
        '      cost: {x: 5, y: 24, w: 53, h: 10, style: body, text: "Cost {{ cost }}"}\n', coin
    )
    text = text.replace("y: 72, w: 53, h: 6,", "y: 71, w: 53, h: 8,")
    for face in ("card", "card-back"):
        text = text.replace(f"    extends: {face}\n", f"    extends: {face}\n    scale: true\n")
    layout.write_text(text)
    sized = "    source: cards.csv\n    sizes: {large-print: [89, 127]}\n"
    game.write_text(game.read_text().replace("    source: cards.csv\n", sized))
    out = tmp_path / "out"
    assert main(["--root", str(root), "build", "--paper", "a4", "--out", str(out)]) == 0
    capsys.readouterr()
    for profile in ("standard", "large-print"):
        with pdfplumber.open(out / "tiny" / f"{profile}-a4" / "cards.pdf") as pdf:
            page = pdf.pages[0]
            shapes = [
                o
                for o in page.curves + page.rects
                if hex_of(o.get("non_stroking_color")) in ("#F0E442", "#56B4E9")
            ]
        assert len(shapes) == 6, (profile, len(shapes))
        assert all(abs(o["width"] - o["height"]) < 0.2 for o in shapes), (
            profile,
            [(round(o["width"], 1), round(o["height"], 1)) for o in shapes],
        )


# -- a reference card going on over its back, its title on a band ------------------------------
def _aid_built(tmp_path: Path, capsys: pytest.CaptureFixture[str], before_band: str = "") -> Path:
    """The tiny game with a reference card whose white title sits on a band that starts
    above it (``before_band``: boxes declared before the band), too long for its card in
    large print; its large-print A4 cards.pdf, built."""
    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout, game = root / "layouts" / "tiny.yaml", root / "content" / "tiny" / "game.yaml"
    face = (
        "  aid:\n    extends: card\n    boxes:\n"
        '      border: {fill: "#FFFFFF"}\n'
        f"{before_band}"
        '      band: {kind: rect, x: 3, y: 3, w: 57, h: 10, fill: "#0B5FA5"}\n'
        "      title: {x: 5, y: 4, w: 53, h: 8, style: title, text: '{{ name }}'}\n"
        "      lines: {x: 5, y: 16, w: 53, h: 60, style: body,"
        ' text: "{% for s in lines %}{{ s }}{% if not loop.last %}<br/>{% endif %}{% endfor %}"}\n'
    )
    styles = (
        "styles:\n  title: {font: bold, size: 11, leading: 13, align: center, color: '#FFFFFF'}\n"
    )
    text = layout.read_text().replace("faces:\n", f"{styles}faces:\n{face}", 1)
    layout.write_text(text)
    steps = ", ".join(
        f"'Step {n}: take one cube and pass the bag to the left.'" for n in range(1, 7)
    )
    aid = (
        "  - id: aid\n    name: Aid\n    part: cards\n    count: 1\n    face: aid\n"
        "    overleaf: true\n    fields: {name: {type: text}, lines: {type: list}}\n"
        f"    items:\n      - {{id: TY-AID, name: Turn help, lines: [{steps}]}}\n"
    )
    game.write_text(game.read_text().replace("  - id: board\n", aid + "  - id: board\n"))
    out = tmp_path / "out"
    argv = ["--root", str(root), "build", "--profile", "large-print", "--paper", "a4"]
    assert main([*argv, "--out", str(out)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return out / "tiny" / "large-print-a4" / "cards.pdf"


def test_a_reference_card_goes_on_over_its_back_with_its_title_on_its_band(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A large-print reference card going on over its back repeats its title there, but not
    the band the title is set on when the band starts above it: white on white, refused as
    1.0:1 contrast, the back never named. And a box at the trim (card's border) put the
    "Continued on the back" note 0 mm from it, refused at a box the designer never wrote.
    The band now goes with its title, the note keeps the text's own margin: both sides
    build, and the back prints the title's words."""
    import pdfplumber

    with pdfplumber.open(_aid_built(tmp_path, capsys)) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    fronts = [i for i, t in enumerate(texts) if "Continued on the back" in t]
    assert len(fronts) == 1, texts
    assert "Turn help" in texts[fronts[0] + 1] and "Step 6" in texts[fronts[0] + 1]


def test_both_sides_of_a_reference_card_draw_its_shapes_in_the_order_declared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The band taken up with the title (above) was drawn before every other shape on both
    sides, so a panel declared before it covered it. Read back, each side draws the panel
    first and the band over it, as the face declares them."""
    import pdfplumber

    panel = '      panel: {kind: rect, x: 3, y: 2, w: 57, h: 30, fill: "#222222"}\n'
    with pdfplumber.open(_aid_built(tmp_path, capsys, panel)) as pdf:
        sides = [p for p in pdf.pages if "Turn help" in (p.extract_text() or "")]
        assert len(sides) == 2
        for page in sides:  # (plain rectangles: pdfplumber lists them as painted)
            fills = [hex_of(r.get("non_stroking_color")) for r in page.rects]
            # the band: its blue, shaded as large print may for the white title on it
            bands = [i for i, f in enumerate(fills) if f and f.startswith("#0")]
            panels = [i for i, f in enumerate(fills) if f == "#222222"]
            assert bands, fills
            assert all(i < bands[-1] for i in panels), fills
        front = [hex_of(r.get("non_stroking_color")) for r in sides[0].rects]
        assert "#222222" in front  # the panel is on the front, under the band


def test_a_markup_colour_that_can_hardly_be_seen_is_a_warning_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The warning above read only a style's colour: a title set in yellow by markup, on the
    white card, passed without a word. Every colour a text's runs print is now read (on the
    paper itself, the warning says nothing of shapes drawn under text)."""
    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    yellow = "text: \"<font color='#FFFF00'>{{ name }}</font>\"}"
    layout.write_text(layout.read_text().replace('text: "{{ name }}"}', yellow))
    assert main(["--root", str(root), "check", "--profile", "standard"]) == 0
    err = capsys.readouterr().err
    said = "box 'title': text #FFFF00 on #FFFFFF has contrast 1.1:1 and can hardly be read\n"
    assert said in err, err


@pytest.mark.parametrize(
    ("colour", "said"),
    [
        (
            "#AAAAAA",
            "text #AAAAAA on #FFFFFF has contrast 2.3:1, under the 4.5:1 text needs to be"
            " read easily (WCAG AA)\n",
        ),
        ("#000000", None),
    ],
)
def test_standard_print_warns_of_text_under_the_contrast_it_needs_to_read_easily(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], colour: str, said: str | None
) -> None:
    """A designer's white title on a light yellow band (1.8:1) or black words on a dark
    blue token (2.4:1) passed without a word in standard print, whose only warning was for
    text that can hardly be read at all (1.5:1): text under WCAG AA's 4.5:1 (3:1 for 18 pt
    or 14 pt bold) is now a warning, with a shade that reaches it. None of the four games
    has any."""
    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    grey = f"text: \"<font color='{colour}'>{{{{ name }}}}</font>\"}}"
    layout.write_text(layout.read_text().replace('text: "{{ name }}"}', grey))
    assert main(["--root", str(root), "check", "--profile", "standard"]) == 0
    err = capsys.readouterr().err
    assert (f"box 'title': {said}" in err) if said else "contrast" not in err, err


# -- card's boxes on a card shorter than poker -------------------------------------------------
@pytest.mark.parametrize(
    ("size", "face"),
    [("[88, 63]", "land"), ("[44, 63]", "card")],
    ids=["a face of its own extends card", "card itself on a mini card"],
)
def test_cards_id_keeps_the_safe_zone_on_a_card_shorter_than_poker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str, face: str
) -> None:
    """card's id sits 3.5 mm above poker's foot; stretched to a card 63 mm tall it came
    2.5 mm from the trim, an error said in cutsheet's own base.yaml (and, for card on a
    mini card, in large print). A stretched box that prints text keeps the safe zone it
    kept: both profiles check clean, and the id prints on the card."""
    import pdfplumber

    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout, game = root / "layouts" / "tiny.yaml", root / "content" / "tiny" / "game.yaml"
    land = "  land:\n    extends: card\n    size: [88, 63]\n    boxes:\n"
    land += '      title: {x: 5, y: 5, w: 78, h: 8, style: title, text: "{{ name }}"}\n'
    layout.write_text(layout.read_text().replace("faces:\n", "faces:\n" + land, 1))
    deck = f"  - id: lands\n    name: Lands\n    part: cards\n    count: 1\n    size: {size}\n"
    deck += f"    face: {face}\n    fields: {{name: {{type: text}}}}\n"
    deck += "    items:\n      - {id: TY-LAND, name: Meadow}\n"
    game.write_text(game.read_text().replace("  - id: board\n", deck + "  - id: board\n"))
    assert main(["--root", str(root), "check"]) == 0, capsys.readouterr().err
    out = tmp_path / "out"
    argv = ["--root", str(root), "build", "--paper", "a4", "--profile", "standard"]
    assert main([*argv, "--out", str(out)]) == 0
    capsys.readouterr()
    with pdfplumber.open(out / "tiny" / "standard-a4" / "cards.pdf") as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
    assert "TY-LAND" in words


def test_text_set_on_the_paper_above_a_dark_shape_is_no_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The warning above once took the shape under a text box's centre for the colour under
    its text: a one-line rule at the top of its 20 mm box, on the paper, was said to be
    black on a near-black shape under the box's lower half. The colour under the rows the
    lines are drawn on is read now: nothing is said."""
    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    deco = '      deco: {kind: rect, x: 3, y: 44, w: 57, h: 12, fill: "#1A1A1A"}\n'
    text = layout.read_text()
    layout.write_text(text.replace("      art: {kind: image", deco + "      art: {kind: image"))
    assert main(["--root", str(root), "check", "--profile", "standard"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_style_whose_lines_overlap_is_a_warning_where_it_is_declared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A style of 10 pt on a 5 pt leading printed a two-line text's lines over one another
    without a word (a designer's walkthrough). A leading under three quarters of the size
    is now a warning from check and build, at the style; a tight one (9 pt on 10) is not."""
    from .corpus_cases import make_project

    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    styles = "include: [base.yaml]\nstyles:\n  tight: {size: 10, leading: 5}\n"
    styles += "  snug: {size: 10, leading: 9}\n"
    layout.write_text(layout.read_text().replace("include: [base.yaml]\n", styles, 1))
    said = "layouts/tiny.yaml:3:3: warning: style 'tight': its leading (5 pt) is under three"
    for command in (["check"], ["build", "--paper", "a4", "--out", str(tmp_path / "out")]):
        assert main(["--root", str(root), *command, "--profile", "standard"]) == 0
        err = capsys.readouterr().err.replace(str(root) + "/", "")
        assert said in err and "'snug'" not in err, err


def test_a_duplicate_id_is_one_mistake_not_ten(ws):
    """A watch review: giving one delivery another's id was said at the duplicate, and then
    nine times more: the rules' examples were checked against the duplicate (a card that
    replaced the first one given). They are checked against the first; what names the id
    that is gone is said, as it should be."""
    deliveries = "content/common-reserve/deliveries.yaml"
    line = ws.edit(deliveries, "id: CR-LANTERN-STALL", "id: CR-SEED-TENT")
    said = [f"{p.loc.line}: {p.message}" for p in ws.check("common-reserve")]
    first = ws.line_of(deliveries, "id: CR-SEED-TENT")
    assert said[0].startswith(f"{line}: duplicate id 'CR-SEED-TENT' (first at ")
    assert f"deliveries.yaml:{first}:" in said[0]
    assert said[1:] == [
        f"{ws.line_of('content/common-reserve/rules.yaml', 'card: CR-LANTERN-STALL')}:"
        " example 'short-delivery': no delivery card 'CR-LANTERN-STALL'"
    ]


def test_a_duplicate_priority_leaves_the_scoring_example_to_the_first(ws):
    """A review of the fix above: the scoring example still scored the duplicate priority
    (the last of one id), said 'Glow Keeper scores 5, not 6' and named other winners."""
    priorities = "content/festival-charter/priorities.yaml"
    ws.edit(
        priorities,
        "  - id: FCH-FEAST-KEEPER\n",
        "  - id: FCH-GLOW-KEEPER\n    name: Glow Keeper\n    primary: GLOW\n"
        "    secondary: REST\n  - id: FCH-FEAST-KEEPER\n",
    )
    said = [p.message for p in ws.check("festival-charter")]
    assert any(m.startswith("duplicate id 'FCH-GLOW-KEEPER'") for m in said), said
    assert not any("final-scoring" in m for m in said), said


def test_preview_of_an_id_this_profile_does_not_print_says_so_despite_other_errors(ws):
    """A review of the preview fix: an id the game has, but that this profile does not
    print (large print's priority reference, previewed in standard), was hidden behind an
    unrelated error of another card, as a mistyped id had been."""
    import subprocess
    import sys

    ws.edit(
        "content/festival-charter/projects.yaml",
        "name: Moon Gate\n    cost: 2\n",
        "name: Moon Gate\n    cost: 99\n",
    )
    argv = ["preview", "festival-charter", "--item", "FCH-PRIORITY-REF", "--out", "png"]
    result = subprocess.run(
        [sys.executable, "-m", "cutsheet", "--root", str(ws.root), *argv],
        cwd=ws.root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1
    said = result.stderr.splitlines()
    assert (
        "'FCH-PRIORITY-REF' (Priority reference card) is not printed in the standard" in (said[0])
    ), said
    assert [line for line in said if "99" in line], said  # the other card's error, after it


def test_a_link_whose_target_cannot_be_read_is_left_to_the_job(tmp_path, monkeypatch):
    """A review of the cache fix: hash_ahead resolved every file's real path unguarded, and
    a link it could not resolve (to /proc/1/cwd) failed the whole game."""
    import os

    from cutsheet import cache

    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("x: 1\n")
    (game / "notes").write_text("")
    real = os.path.realpath

    def refusing(path, *args, **kwargs):
        if str(path).endswith("notes"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(cache.os.path, "realpath", refusing)
    cache.file_hash.cache_clear()
    cache.hash_ahead(tmp_path, "g")  # no exception
    assert cache.hashes_of(tmp_path, [str(game / "notes"), str(game / "game.yaml")]) == {
        real(str(game / "game.yaml")): cache.file_hash(real(str(game / "game.yaml")))
    }


def test_a_huge_file_beside_the_content_is_not_read_ahead(tmp_path):
    """A probe's 80 GB sparse scan in a game's folder, which no job reads, made every check
    take a minute: hash_ahead read it whole. A file over AHEAD_MOST bytes is now hashed only
    if a job reads it; the smaller files are hashed ahead, as before."""
    import os

    from cutsheet import cache

    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("x: 1\n")
    with open(game / "scan.tif", "wb") as f:
        f.truncate(cache.AHEAD_MOST + 1)  # sparse: nothing written
    cache.file_hash.cache_clear()
    cache.hash_ahead(tmp_path, "g")
    assert cache.file_hash.cache_info().currsize == 1  # game.yaml alone
    real = os.path.realpath(str(game / "game.yaml"))
    before = cache.file_hash.cache_info().hits
    assert cache.hashes_of(tmp_path, [real]) == {real: cache.file_hash(real)}
    assert cache.file_hash.cache_info().hits > before  # hashed ahead, found again


def test_a_huge_file_changed_while_its_job_ran_is_recorded_as_changed(tmp_path):
    """A review of the change above: a picture over AHEAD_MOST that a job reads is hashed
    when the job records it, after reading it; saved meanwhile, its new hash was recorded and
    the next build kept PDFs drawn from the old bytes. Its stat is kept ahead instead: one
    that changed is recorded as changed (the next build draws again); one that did not, as
    its hash."""
    import hashlib
    import os

    from cutsheet import cache

    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("x: 1\n")
    for name in ("kept.tif", "saved.tif"):
        with open(game / name, "wb") as f:
            f.truncate(cache.AHEAD_MOST + 1)
    cache.file_hash.cache_clear()
    cache.hash_ahead(tmp_path, "g")
    saved = os.path.realpath(str(game / "saved.tif"))
    with open(saved, "r+b") as f:  # the designer saves it while the job runs
        f.write(b"new")
    os.utime(saved, ns=(1, 1))  # a stat that differs whatever the clock's tick
    kept = os.path.realpath(str(game / "kept.tif"))
    zeros = hashlib.sha256(bytes(cache.AHEAD_MOST + 1)).hexdigest()
    recorded = cache.hashes_of(tmp_path, [kept, saved])
    assert recorded[kept] == zeros
    assert recorded[saved].startswith("changed while read")
    assert recorded[saved] != cache.file_hash.__wrapped__(saved)  # the next build redraws
    # a second review: the file as it is now hashes as itself (an output's check reads it so),
    # and the next build in the same process (watch) records it as it then is
    assert not cache.file_hash.__wrapped__(saved).startswith("changed")
    cache.file_hash.cache_clear()
    cache.hash_ahead(tmp_path, "g")
    assert cache.hashes_of(tmp_path, [saved])[saved] == cache.file_hash.__wrapped__(saved)


def test_a_warning_an_error_at_its_place_already_says_is_said_once():
    """An icon drawn in one profile only is that profile's error and the other's warning,
    at one file: only the error is printed (a review saw both, for one game)."""
    from cutsheet.diagnostics import Loc, Problem, said_once

    at, other = Loc("icons/x.svg", 1, 1), Loc("icons/y.svg", 1, 1)
    error = Problem(at, "icon 'x.svg' cannot be read as SVG")
    repeated = Problem(at, error.message + WARNED, "warning")
    elsewhere = Problem(other, error.message + WARNED, "warning")
    unlike = Problem(at, "icon 'x.svg' is far finer than print", "warning")
    assert said_once([repeated, error, elsewhere, unlike, error]) == sorted(
        [error, elsewhere, unlike]
    )


@fifo_only
def test_an_icon_that_is_no_file_is_kept_by_the_cache_and_seen_when_replaced(mini, capsys):
    """A FIFO named like an icon has no hash: as an input it kept every build from being
    kept ('6 PDFs' each time, a review). The cache's listing of icons/ marks it instead."""
    (mini / "icons").mkdir()
    os.mkfifo(mini / "icons" / "x.svg")
    build = ("build", "mini", "--jobs", "1", "--profile", "standard", "--paper", "a4")
    run(capsys, *build)
    code, told = run(capsys, *build)
    assert code == 0 and any("unchanged" in line for line in told), told
    (mini / "icons" / "x.svg").unlink()
    (mini / "icons" / "x.svg").mkdir()  # a folder in its place: seen, said as what it is
    code, told = run(capsys, *build)
    assert code == 0 and not any("unchanged" in line or "FIFO" in line for line in told), told
    (mini / "icons" / "x.svg").rmdir()
    (mini / "icons" / "x.svg").write_text(SVG_CIRCLE)  # a file in its place: seen
    code, told = run(capsys, *build)
    assert code == 0 and not any("unchanged" in line or "x.svg" in line for line in told), told
