"""A designer's own look (issue #21): named colours, project fonts, project icons, card sizes
and faces that know theirs, read back from the built PDFs."""

from __future__ import annotations

import io
import re
import shutil
import struct
from pathlib import Path

import pdfplumber
import pytest
import reportlab
from pypdf import PdfReader
from reportlab.lib.units import mm as MM

from cutsheet.cli import main

GAME = """\
id: own
code: OWN
title: Own Look
players: "2"
layouts: own.yaml
components:
  - id: deck
    name: Deck
    part: cards
    count: 2
    face: front
    back: back
    items:
      - {id: OWN-A, name: Alpha}
      - {id: OWN-B, name: Beta}
    fields:
      name: {type: text}
"""
RULES = """\
sections:
  - heading: Play
    blocks:
      - text: "Play a card."
"""
LAYOUT = """\
include: [base.yaml]
colours:
  brand: "#0B6E4F"
  ink: "#1A1A2E"
styles:
  name: {font: bold, size: 14, leading: 16, align: center, color: ink}
faces:
  front:
    extends: card
    boxes:
      band: {kind: rect, x: 3, y: 3, w: 57, h: 12, fill: brand}
      title: {x: 5, y: 20, w: 53, h: 10, style: name, text: "{{ name }}"}
  back:
    extends: card-back
"""


RL_FONTS = Path(reportlab.__file__).parent / "fonts"  # Bitstream Vera ships with ReportLab


def write_own(root: Path, game_yaml: str, layout: str) -> Path:
    """A project at ``root`` with one game, 'own': its game.yaml, a one-line rulebook and
    its layout file."""
    game = root / "content" / "own"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(game_yaml)
    (game / "rules.yaml").write_text(RULES)
    (root / "layouts").mkdir()
    (root / "layouts" / "own.yaml").write_text(layout)
    return root


@pytest.fixture
def own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_own(tmp_path, GAME, LAYOUT)


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (exactly once) in ``path``; its 1-based line."""
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))
    return text[: text.index(old)].count("\n") + 1


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(list(args))
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if ": error: " in line]


def refused_alike(capsys: pytest.CaptureFixture[str], errors: list[str]) -> None:
    """``check`` and ``build`` of the game (on A4) both refuse it, saying exactly ``errors``."""
    for command in (("check", "own"), ("build", "own", "--paper", "a4")):
        assert run(capsys, *command) == (1, errors), command


def build(capsys: pytest.CaptureFixture[str], profile: str = "standard") -> Path:
    """Build the game under one profile on A4; its cards.pdf."""
    code, errors = run(capsys, "build", "own", "--jobs", "1", "--paper", "a4", "--profile", profile)
    assert code == 0, errors
    return Path("build") / "own" / f"{profile}-a4" / "cards.pdf"


def hex_of(colour: object) -> str | None:
    """pdfplumber's colour tuple as #RRGGBB (None for none)."""
    if not isinstance(colour, tuple) or len(colour) != 3:
        return None
    return "#" + "".join(f"{round(float(c) * 255):02X}" for c in colour)


# ------------------------------------------------------------------ colours
def test_named_colours_fill_boxes_and_colour_text(own: Path, capsys) -> None:
    cards = build(capsys)
    with pdfplumber.open(cards) as pdf:
        page = pdf.pages[0]
        fills = {hex_of(r["non_stroking_color"]) for r in page.rects if r["fill"]}
        names = [c for c in page.chars if round(c["size"]) == 14]  # the 'name' style
        text = {hex_of(c["non_stroking_color"]) for c in names}
    assert "".join(c["text"] for c in names).startswith("Alpha")
    assert "#0B6E4F" in fills
    assert text == {"#1A1A2E"}


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (  # a misspelt colour name
            "fill: brand}",
            "fill: brnad}",
            "58: error: OWN-A (and 1 more), box 'band': fill 'brnad' is not a colour (#RRGGBB, a"
            " name from 'colours', or none); did you mean 'brand'?",
        ),
        (  # a colour a template reads elsewhere (a field, a game's terms): the template named
            "fill: brand}",
            'fill: "{{ name[:0] }}brnad"}',
            "58: error: OWN-A (and 1 more), box 'band': fill 'brnad' (from '{{ name[:0] }}brnad')"
            " is not a colour (#RRGGBB, a name from 'colours', or none); did you mean 'brand'?",
        ),
        (  # a palette colour that is not hex: how to write one, not a regular expression
            'brand: "#0B6E4F"',
            'brand: "#0B6E4G"',
            "10: error: colours.brand: '#0B6E4G' is not a colour: '#' and six hexadecimal"
            " digits (0-9, A-F), e.g. #0B6E4F",
        ),
    ],
)
def test_a_colour_mistake_is_located_with_how_to_mend_it(
    own: Path, capsys, old: str, new: str, said: str
) -> None:
    line = edit(own / "layouts" / "own.yaml", old, new)
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors == [f"layouts/own.yaml:{line}:{said}"]


def test_unknown_style_colour_is_located(own: Path, capsys) -> None:
    line = edit(own / "layouts" / "own.yaml", "color: ink}", "color: inc}")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    (error,) = errors
    assert error.startswith(f"layouts/own.yaml:{line}:")
    assert "color 'inc' is not a colour (#RRGGBB, or a name from 'colours'); did you mean" in error


def test_named_colours_meet_large_print_contrast(own: Path, capsys) -> None:
    """A profile's contrast check takes a named colour as its value: pale text on a white band
    fails (a profile of the project's own that checks contrast on the faces as laid out)."""
    path = own / "layouts" / "own.yaml"
    edit(path, 'ink: "#1A1A2E"', 'ink: "#DDDDDD"')
    edit(path, "h: 12, fill: brand}", 'h: 40, fill: "#FFFFFF"}')
    (own / "layouts" / "profiles").mkdir()
    (own / "layouts" / "profiles" / "contrast.yaml").write_text(
        "name: contrast\nbody_size: 10\nheading_size: 14\ntitle_size: 22\nsmall_size: 6.5\n"
        "min_text_size: 5\nmin_contrast: 4.5\n"
    )
    code, errors = run(capsys, "check", "own", "--profile", "contrast")
    assert code == 1
    assert any("text #DDDDDD on #FFFFFF (box 'band') has contrast 1.4:1" in e for e in errors), (
        errors
    )


# ------------------------------------------------------------------ fonts
def base_fonts(pdf: Path) -> set[str]:
    """The BaseFont of every font the pages use, subset prefix dropped."""
    names = set()
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def add_font(project: Path, stem: str, source: str = "VeraBd.ttf") -> None:
    (project / "fonts").mkdir(exist_ok=True)
    shutil.copy(RL_FONTS / source, project / "fonts" / f"{stem}.ttf")


def test_a_project_font_is_named_by_its_file_stem_and_embedded(own: Path, capsys) -> None:
    add_font(own, "Display-Bold")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Display-Bold, size: 14")
    fonts = base_fonts(build(capsys))
    assert "BitstreamVeraSans-Bold" in fonts
    assert "AtkinsonHyperlegible-Regular" in fonts  # the id, in the packaged style


def test_a_family_may_name_cutsheets_own_faces(own: Path, capsys) -> None:
    """A designer wanted the packaged italic as a family's regular: naming it in a family
    was an unknown font ("did you mean 'bold-italic'?" of 'bold-italic'), so they copied
    the font files and the licence (which was refused). A family's member may be one of
    cutsheet's own faces by its style name; text in it prints in that face."""
    edit(
        own / "layouts" / "own.yaml",
        "styles:\n",
        "fonts:\n  Tide: {regular: italic, bold: bold-italic}\nstyles:\n",
    )
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Tide, size: 14")
    edit(own / "layouts" / "own.yaml", 'text: "{{ name }}"', 'text: "{{ name }} <b>now</b>"')
    assert main(["check", "own"]) == 0
    assert "warning" not in capsys.readouterr().err
    with pdfplumber.open(build(capsys)) as pdf:
        chars = [c for c in pdf.pages[0].chars if round(c["size"]) == 14]
    faces = {c["text"]: c["fontname"].split("+")[-1] for c in chars}
    assert faces["A"].startswith("AtkinsonHyperlegible-Italic"), faces  # the family's regular
    assert faces["w"].startswith("AtkinsonHyperlegible-BoldItalic"), faces  # its <b>
    # (registered again as the family's own: the packaged faces keep their own family, so
    # <i> in a bold style elsewhere still finds the bold italic)


def test_a_family_of_our_faces_leaves_their_own_family_alone(own: Path, capsys) -> None:
    """A family whose regular was the packaged bold mapped that face to itself in ReportLab's
    tables (one family a face): <i> in any bold style, in this game or the next one built in
    the same process, printed upright bold. The family's members are registered anew."""
    layout = own / "layouts" / "own.yaml"
    edit(
        layout,
        "styles:\n",
        "fonts:\n  Heading: {regular: bold}\nstyles:\n  head: {font: Heading, size: 9}\n",
    )
    edit(layout, 'text: "{{ name }}"', 'text: "<i>{{ name }}</i>"')
    edit(
        layout,
        "      band: {kind",
        '      kicker: {x: 5, y: 32, w: 53, h: 6, style: head, text: "Kicker"}\n      band: {kind',
    )
    with pdfplumber.open(build(capsys)) as pdf:
        names = [c for c in pdf.pages[0].chars if round(c["size"]) == 14]
    assert names and all("BoldItalic" in c["fontname"] for c in names), {
        c["fontname"] for c in names
    }


def test_two_families_of_one_face_keep_their_own_bold(own: Path, capsys) -> None:
    """Two families naming the packaged italic shared one registered font, which ReportLab
    ties to one family: the last one registered took the other's <b> (and which was last
    depended on the order games were loaded, so on --jobs). Each family's faces are its own."""
    layout = own / "layouts" / "own.yaml"
    families = "fonts:\n  Tide: {regular: italic, bold: bold-italic}\n  Wave: {regular: italic}\n"
    edit(layout, "styles:\n", families + "styles:\n  wave: {font: Wave, size: 9}\n")
    edit(layout, "{font: bold, size: 14", "{font: Tide, size: 14")
    edit(layout, 'text: "{{ name }}"', 'text: "{{ name }} <b>now</b>"')
    kicker = '      kicker: {x: 5, y: 32, w: 53, h: 6, style: wave, text: "<b>Wave</b>"}\n'
    edit(layout, "      band: {kind", kicker + "      band: {kind")
    with pdfplumber.open(build(capsys)) as pdf:
        chars = pdf.pages[0].chars
    title = {c["text"]: c["fontname"] for c in chars if round(c["size"]) == 14}
    wave = {c["fontname"] for c in chars if round(c["size"]) == 9 and c["text"] in "Wave"}
    assert "BoldItalic" in title["w"] and "BoldItalic" not in title["A"], title
    assert wave and all("-Italic" in f for f in wave), wave  # Wave has no bold: its regular


def test_a_familys_faces_of_one_postscript_name_stay_two_fonts(own: Path, capsys) -> None:
    """Two member files with the same internal (PostScript) name, or the same file stem as
    one of our faces, were registered under one face name or one registered name: ReportLab
    handed the second the first's font, and the family's <b> printed in its regular."""
    add_font(own, "Vera", "Vera.ttf")
    (own / "fonts" / "VeraToo.ttf").write_bytes((RL_FONTS / "Vera.ttf").read_bytes() + bytes(4))
    layout = own / "layouts" / "own.yaml"
    edit(layout, "colours:", "fonts:\n  Sans: {regular: Vera, bold: VeraToo}\ncolours:")
    edit(layout, "{font: bold, size: 14", "{font: Sans, size: 14")
    edit(layout, 'text: "{{ name }}"}', 'text: "ii <b>jj</b>"}')
    with pdfplumber.open(build(capsys)) as pdf:
        chars = [c for c in pdf.pages[0].chars if round(c["size"]) == 14]
    fonts = {c["text"]: c["fontname"].split("+")[-1] for c in chars}
    assert fonts["i"] != fonts["j"], fonts  # two fonts, though both are Vera inside


def test_a_font_file_named_like_our_own_face_is_said_unused(own: Path, capsys) -> None:
    """fonts/bold.ttf: 'bold' in a style or a family is cutsheet's own bold, so the file
    is never set; said at the file, as an icon named like a built-in one is."""
    add_font(own, "bold")
    for command in (["check", "own"], ["build", "own", "--paper", "a4"]):
        assert main(command) == 0
        assert (
            "fonts/bold.ttf: warning: font file 'fonts/bold.ttf' is not used: 'bold' names"
            " cutsheet's own face in every style and family; rename the file to use it"
        ) in capsys.readouterr().err.splitlines(), command


def test_a_project_font_with_a_packaged_fonts_internal_name_is_its_own(own: Path, capsys):
    """A project font that is the packaged bold with wider digits has the packaged font's
    internal (PostScript) name: ReportLab registered it as the packaged font, so it was
    measured and drawn as that one, and text too wide for its box passed (hostile review).
    It is now measured with its own widths, and embedded under a name of its own."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    from cutsheet.measure import FONT_DIR

    path = FONT_DIR / "AtkinsonHyperlegible-Bold.ttf"
    data, parsed = bytearray(path.read_bytes()), TTFontFile(str(path))
    hmtx = parsed.table["hmtx"]["offset"]
    for digit in "0123456789":  # each advance width (the first two bytes of its metric)
        glyph = parsed.charToGlyph[ord(digit)]
        data[hmtx + 4 * glyph : hmtx + 4 * glyph + 2] = (4000).to_bytes(2, "big")
    (own / "fonts").mkdir()
    (own / "fonts" / "Wide.ttf").write_bytes(bytes(data))
    layout = own / "layouts" / "own.yaml"
    edit(layout, "{font: bold, size: 14", "{font: Wide, size: 14")
    code, errors = run(capsys, "check", "own")
    assert code == 0, errors  # the names have no digits: it fits
    fonts = base_fonts(build(capsys))
    assert any(f.startswith("AtkinsonHyperlegible-Bold-") for f in fonts), fonts
    edit(own / "content" / "own" / "game.yaml", "name: Alpha}", "name: Alpha 12345}")
    code, errors = run(capsys, "check", "own")
    assert code == 1 and "OWN-A, box 'title'" in errors[0], errors


def test_a_family_maps_bold_and_italic(own: Path, capsys) -> None:
    add_font(own, "Vera", "Vera.ttf")
    add_font(own, "VeraBd", "VeraBd.ttf")
    path = own / "layouts" / "own.yaml"
    edit(path, "colours:", "fonts:\n  Sans: {regular: Vera, bold: VeraBd}\ncolours:")
    edit(path, "{font: bold, size: 14", "{font: Sans, size: 14")
    edit(path, 'text: "{{ name }}"}', 'text: "{{ name }} <b>bold</b>"}')
    fonts = base_fonts(build(capsys))  # (each the family's own: its name and a key)
    assert any(f.startswith("BitstreamVeraSans-Roman-") for f in fonts), fonts
    assert any(f.startswith("BitstreamVeraSans-Bold-") for f in fonts), fonts


def test_bold_or_italic_a_font_lacks_is_a_warning_at_the_box(own: Path, capsys) -> None:
    """A family without an italic, and a font file named alone, set <i> and <b> in their
    regular: said at the box's text by check and build alike, and still printed."""
    add_font(own, "Vera", "Vera.ttf")
    add_font(own, "VeraBd", "VeraBd.ttf")
    path = own / "layouts" / "own.yaml"
    edit(path, "colours:", "fonts:\n  Sans: {regular: Vera, bold: VeraBd}\ncolours:")
    edit(path, "{font: bold, size: 14", "{font: Sans, size: 14")
    line = edit(path, 'text: "{{ name }}"}', 'text: "<b>{{ name }}</b> <i>now</i>"}')
    said = (
        f"layouts/own.yaml:{line}:61: warning: box 'title': <i> prints in the regular face of"
        " the family 'Sans', as it has no italic (add italic: to the family under fonts:, or"
        " leave the tags out)"
    )
    for command in ("check", "build"):
        assert main([command, "own", "--paper", "a4", "--jobs", "1"]) == 0
        warned = [w for w in capsys.readouterr().err.splitlines() if ": warning: box " in w]
        assert warned == [said], command  # the family has its bold: no word of <b>
    edit(path, "{font: Sans, size: 14", "{font: Vera, size: 14")
    assert main(["check", "own"]) == 0
    warned = [w for w in capsys.readouterr().err.splitlines() if ": warning: box " in w]
    assert [w.split(": warning: ")[1].split(" in the ")[0] for w in warned] == [
        "box 'title': <b> prints",
        "box 'title': <i> prints",
    ]
    assert "of the font 'Vera', as it has no bold (name a family under" in warned[0]


@pytest.mark.parametrize(
    ("members", "text", "said"),
    [
        ("{regular: Vera, bold: VeraBd, italic: VeraIt}", "<b><i>both</i></b>", ["bold-italic"]),
        ("{regular: Vera, bold-italic: VeraBI}", "<B><em>both</em></B>", []),
        ("{regular: Vera, bold-italic: VeraBI}", "<i>a <b>b</b></i>", ["italic"]),
    ],
)
def test_the_faces_text_asks_for_are_read_as_nested(own: Path, capsys, members, text, said) -> None:
    """<b> inside <i> asks for the bold italic, not the bold and the italic apart."""
    for stem, source in (("Vera", "Vera.ttf"), ("VeraBd", "VeraBd.ttf"), ("VeraIt", "VeraIt.ttf")):
        add_font(own, stem, source)
    add_font(own, "VeraBI", "VeraBI.ttf")
    path = own / "layouts" / "own.yaml"
    edit(path, "colours:", f"fonts:\n  Sans: {members}\ncolours:")
    edit(path, "{font: bold, size: 14", "{font: Sans, size: 14")
    edit(path, 'text: "{{ name }}"}', f'text: "{text}"}}')
    assert main(["check", "own"]) == 0
    warned = [w for w in capsys.readouterr().err.splitlines() if ": warning: box " in w]
    assert [w.split(" as it has no ")[1].split(" ")[0] for w in warned] == said


def test_large_print_sets_project_fonts_in_its_own_legible_family(own: Path, capsys) -> None:
    add_font(own, "Display-Bold")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Display-Bold, size: 14")
    fonts = base_fonts(build(capsys, "large-print"))
    assert "BitstreamVeraSans-Bold" not in fonts
    assert "AtkinsonHyperlegible-Bold" in fonts


def test_unknown_font_is_located_with_the_known_ones(own: Path, capsys) -> None:
    add_font(own, "Display-Bold")
    line = edit(
        own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Display-bold, size: 14"
    )
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors == [
        f"layouts/own.yaml:{line}:16: error: unknown font 'Display-bold': no"
        " fonts/Display-bold.ttf or .otf and no family of that name under 'fonts:' (known:"
        " regular, bold, italic, bold-italic, Display-Bold); did you mean 'Display-Bold'?"
    ]


def test_a_font_named_with_its_extension_is_told_to_drop_it(own: Path, capsys) -> None:
    add_font(own, "Display-Bold")
    line = edit(
        own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Display-Bold.ttf, size: 14"
    )
    assert run(capsys, "check", "own") == (
        1,
        [
            f"layouts/own.yaml:{line}:16: error: unknown font 'Display-Bold.ttf': a font is"
            " named by its file name without .ttf, 'Display-Bold' (known: regular, bold,"
            " italic, bold-italic, Display-Bold)"
        ],
    )


def test_a_font_in_a_folder_below_fonts_is_named_where_it_was_looked_for(own: Path, capsys) -> None:
    """A designer moved their fonts into fonts/tide/: the message named another font as the
    likely one and never said where cutsheet looks."""
    add_font(own, "Display-Regular")
    (own / "fonts" / "tide").mkdir()
    shutil.copy(RL_FONTS / "VeraBd.ttf", own / "fonts" / "tide" / "Display-Bold.ttf")
    line = edit(
        own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Display-Bold, size: 14"
    )
    refused_alike(
        capsys,
        [
            f"layouts/own.yaml:{line}:16: error: unknown font 'Display-Bold': no"
            " fonts/Display-Bold.ttf or .otf and no family of that name under 'fonts:';"
            " fonts/tide/Display-Bold.ttf is in a folder below fonts/, which is not read"
            " (known: regular, bold, italic, bold-italic, Display-Regular); did you mean"
            " 'Display-Regular'?"
        ],
    )


def test_a_cff_font_is_refused_where_a_style_names_it(own: Path, capsys) -> None:
    (own / "fonts").mkdir()
    (own / "fonts" / "Serif.otf").write_bytes(b"OTTO" + bytes(200))
    line = edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Serif, size: 14")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    (error,) = errors
    assert error.startswith(f"layouts/own.yaml:{line}:16: error: font file 'fonts/Serif.otf' has")
    assert "PostScript (CFF) outlines" in error


@pytest.mark.parametrize("fill", [b"\xff", b"\x00"], ids=["ones", "zeros"])
def test_a_font_with_damaged_glyphs_is_refused_by_check_as_by_build(
    own: Path, capsys, fill: bytes
) -> None:
    """Its glyph table overwritten, Vera still measures (check passed) but cannot be subset
    (build crashed with IndexError): both now refuse it where a style names it. Overwritten
    with zeros (a probe), it subset and embedded, and every word in it printed as nothing."""
    add_font(own, "Broken", "Vera.ttf")
    path = own / "fonts" / "Broken.ttf"
    data = bytearray(path.read_bytes())
    data[9964:45417] = fill * (45417 - 9964)
    path.write_bytes(bytes(data))
    line = edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Broken, size: 14")
    said = []
    for command in ("check", "build"):
        code, errors = run(capsys, command, "own")
        assert code == 1
        said.append(errors)
        (error,) = errors
        assert error.startswith(f"layouts/own.yaml:{line}:16: error: font file 'fonts/Broken.ttf'")
        assert "cannot be embedded: its glyph data is damaged" in error
    assert said[0] == said[1]


def _table_at(font: bytes | bytearray, tag: bytes) -> int:
    """Where table ``tag`` starts in a TrueType font's bytes."""
    (count,) = struct.unpack(">H", font[4:6])
    records = (struct.unpack(">4sIII", font[12 + 16 * i : 28 + 16 * i]) for i in range(count))
    return next(at for name, _sum, at, _size in records if name == tag)


def _refused_where_named(own: Path, capsys, stem: str, said: str) -> None:
    """A style names font ``stem``: check and build both refuse it there, saying ``said``."""
    line = edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", f"{{font: {stem}, size: 14")
    for command in ("check", "build"):
        code, errors = run(capsys, command, "own")
        assert code == 1
        (error,) = errors
        assert error.startswith(f"layouts/own.yaml:{line}:16: error: font file 'fonts/{stem}.ttf'")
        assert said in error


def _glyph_of(font: bytes, char: str) -> tuple[int, int, int]:
    """Where the glyph of ``char`` lies in a TrueType font's bytes (its first byte and end),
    and its number."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    face = TTFontFile(io.BytesIO(font))
    glyf = _table_at(font, b"glyf")
    glyph = face.charToGlyph[ord(char)]
    return glyf + face.glyphPos[glyph], glyf + face.glyphPos[glyph + 1], glyph


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("made of itself", "the glyph of 'S' is made of itself"),
        ("32000 contours", "the glyph of 'S' claims 32000 contours, more than it holds"),
        ("a part past the font", "the glyph of 'S' is made of parts the font does not hold"),
    ],
)
def test_a_glyph_that_cannot_be_drawn_is_refused_not_left_out_of_the_print(
    own: Path, capsys, damage: str, said: str
) -> None:
    """A probe's font whose 'S' was a composite of itself, or claimed 32,000 contours, was
    checked and built without a word, and 'Sun' printed as ' un': a viewer leaves out a glyph
    it cannot draw. Now check and build refuse the font, saying which letter is damaged."""
    add_font(own, "Broken", "Vera.ttf")
    path = own / "fonts" / "Broken.ttf"
    data = bytearray(path.read_bytes())
    at, end, glyph = _glyph_of(bytes(data), "S")
    if damage == "made of itself":  # a composite whose one part is the glyph itself
        record = struct.pack(">hhhhh", -1, 0, 0, 100, 100) + struct.pack(">HHhh", 3, glyph, 0, 0)
    elif damage == "32000 contours":
        record = struct.pack(">h", 32000) + bytes(data[at + 2 : at + 10])
    else:
        record = struct.pack(">hhhhh", -1, 0, 0, 100, 100) + struct.pack(">HHhh", 3, 65000, 0, 0)
    data[at : at + len(record)] = record
    assert at + len(record) <= end
    path.write_bytes(bytes(data))
    _refused_where_named(own, capsys, "Broken", f"its glyph data is damaged ({said})")


@pytest.mark.parametrize(
    ("bits", "said"),
    [
        (0x0002, "forbids embedding it"),
        (0x0200, "allows embedding only its bitmaps, not its outlines"),
        (0x0100, "forbids embedding a subset of it"),
    ],
)
def test_a_font_whose_licence_bits_forbid_embedding_is_refused(
    own: Path, capsys, bits: int, said: str
) -> None:
    """A probe set a font's OS/2 fsType to 'restricted licence embedding': ReportLab embedded
    it without a word. Now check and build refuse it, saying what its licence forbids; a font
    for print and preview (Vera's 0x0004) is embedded as before."""
    add_font(own, "Locked", "Vera.ttf")
    path = own / "fonts" / "Locked.ttf"
    data = bytearray(path.read_bytes())
    os2 = _table_at(data, b"OS/2")
    assert struct.unpack(">H", data[os2 + 8 : os2 + 10]) == (0x0004,)
    data[os2 + 8 : os2 + 10] = struct.pack(">H", bits)
    path.write_bytes(bytes(data))
    said = f"cannot be embedded: its licence {said} (its OS/2 fsType is {bits:#06x})"
    _refused_where_named(own, capsys, "Locked", said)


def with_table(font: bytes, tag: bytes, body: bytes) -> bytes:
    """A TrueType font's bytes with one more table, its directory and offsets rewritten."""
    (count,) = struct.unpack(">H", font[4:6])
    records = (struct.unpack(">4sIII", font[12 + 16 * i : 28 + 16 * i]) for i in range(count))
    tables = {t: font[at : at + size] for t, _sum, at, size in records}
    tables[tag] = body
    tags = sorted(tables)
    power = 1 << (len(tags).bit_length() - 1)
    head = font[:4] + struct.pack(
        ">HHHH", len(tags), power * 16, power.bit_length() - 1, len(tags) * 16 - power * 16
    )
    at, directory, bodies = 12 + 16 * len(tags), b"", b""
    for t in tags:
        padded = tables[t] + bytes(-len(tables[t]) % 4)
        total = sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF
        directory += struct.pack(">4sIII", t, total, at, len(tables[t]))
        bodies += padded
        at += len(padded)
    return head + directory + bodies


#: A variable font's axes table: one axis, weight 100 to 900, 400 by default.
FVAR = struct.pack(">8H", 1, 0, 16, 2, 1, 20, 0, 8) + struct.pack(
    ">4siiiHH", b"wght", 100 << 16, 400 << 16, 900 << 16, 0, 256
)


def test_a_variable_font_is_a_warning_where_it_is_first_named(own: Path, capsys) -> None:
    """A probe's Inter[wght].ttf as a family's bold printed at its default weight, regular,
    without a word: ReportLab draws a variable font's default instance alone. It is drawn
    still, with a warning at the first style or family that names it, in check and build."""
    add_font(own, "Flex", "Vera.ttf")
    path = own / "fonts" / "Flex.ttf"
    path.write_bytes(with_table(path.read_bytes(), b"fvar", FVAR))
    line = edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Flex, size: 14")
    said = (
        f"layouts/own.yaml:{line}:16: warning: font file 'fonts/Flex.ttf' is a variable font"
        " (wght 100–900, default 400): only its default instance is drawn, whatever a style"
        " or a family asks of it; for another, use the family's static .ttf files or cut one"
        " with fontTools (fonttools varLib.instancer fonts/Flex.ttf wght=700)"
    )
    for command in (("check", "own"), ("build", "own", "--paper", "a4", "--jobs", "1")):
        assert main(list(command)) == 0, command
        warnings = [w for w in capsys.readouterr().err.splitlines() if "a variable font" in w]
        assert warnings == [said], command
    drawn = base_fonts(Path("build/own/standard-a4/cards.pdf"))  # (named apart from a Vera
    assert any(f.startswith("BitstreamVeraSans-Roman") for f in drawn)  # another test set)
    (own / "fonts" / "Static.ttf").write_bytes(
        with_table((RL_FONTS / "Vera.ttf").read_bytes(), b"zzzz", b"ab")
    )
    edit(own / "layouts" / "own.yaml", "{font: Flex, size: 14", "{font: Static, size: 14")
    assert main(["check", "own"]) == 0
    assert "a variable font" not in capsys.readouterr().err  # another table is no variable font


def fvar(axes: list[tuple[bytes, int, int, int]], offset: int = 16, size: int = 20) -> bytes:
    """An ``fvar`` table of these axes (tag, least, default, most), its header as given."""
    head = struct.pack(">8H", 1, 0, offset, 2, len(axes), size, 0, 4 + 4 * len(axes))
    return head + b"".join(
        struct.pack(">4siiiHH", t, lo << 16, d << 16, hi << 16, 0, 256) for t, lo, d, hi in axes
    )


@pytest.mark.parametrize(
    ("table", "said"),
    [
        (fvar([(b"wdth", 75, 100, 100)]), "(wdth 75–100, default 100)"),
        (fvar([(b"wght", 100, 400, 600)]), "wght=600)"),  # 700 is past its heaviest
        (fvar([(b"wght", 100, 400, 900)], size=0), None),  # a review: range() of step 0
        (fvar([(b"wght", 100, 400, 900)], offset=0), None),  # axes in the header: garbage
        (fvar([(b"wght", 100, 400, 900)])[:30], None),  # cut short
    ],
    ids=["width", "light", "size-0", "offset-0", "short"],
)
def test_a_variable_fonts_axes_are_read_within_their_table(own: Path, capsys, table, said):
    """A review: an fvar table whose axes are 0 bytes long crashed check with a traceback, one
    whose axes lie in its header was read as garbage, and the fontTools command asked every
    font for wght=700, unquoted, for a file whose name has a space."""
    (own / "fonts").mkdir()
    font = with_table((RL_FONTS / "Vera.ttf").read_bytes(), b"fvar", table)
    (own / "fonts" / "Roboto Flex.ttf").write_bytes(font)
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Roboto Flex, size: 14")
    assert main(["check", "own"]) == 0
    warned = [w for w in capsys.readouterr().err.splitlines() if "a variable font" in w]
    if said is None:
        assert warned == []
        return
    (line,) = warned
    assert said in line
    assert "(fonttools varLib.instancer 'fonts/Roboto Flex.ttf' " in line


def test_a_font_outside_the_project_is_refused(own: Path, tmp_path_factory, capsys) -> None:
    outside = tmp_path_factory.mktemp("elsewhere") / "Far.ttf"
    shutil.copy(RL_FONTS / "Vera.ttf", outside)
    (own / "fonts").mkdir()
    (own / "fonts" / "Far.ttf").symlink_to(outside)
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Far, size: 14")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors and "font file 'Far.ttf' is outside the project folder" in errors[0]


def test_glyph_checks_cover_project_fonts(own: Path, capsys) -> None:
    """Vera has no Greek capital delta (an omega would be NFC-normalised from U+2126 to one it has): a name using it is an error, not a dropped glyph."""
    add_font(own, "Display-Bold")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Display-Bold, size: 14")
    edit(own / "content" / "own" / "game.yaml", "name: Alpha}", "name: Alpha \u0394}")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert any("has no '\u0394' (U+0394)" in e for e in errors), errors


# ------------------------------------------------------------------ icons
GEM = """<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">
<polygon points="10,1 19,8 10,19 1,8" fill="#C0392B"/></svg>
"""


def add_gem(project: Path) -> None:
    (project / "icons").mkdir(exist_ok=True)
    (project / "icons" / "gem.svg").write_text(GEM)
    path = project / "layouts" / "own.yaml"
    edit(
        path,
        "  back:\n",
        "      gem: {kind: icon, x: 26, y: 40, w: 11, h: 11, icon: gem}\n  back:\n",
    )
    edit(path, 'text: "{{ name }}"}', "text: \"{{ 'gem'|icon }} {{ name }}\"}")


def test_an_svg_icon_is_drawn_as_vectors_in_boxes_and_text(own: Path, capsys) -> None:
    add_gem(own)
    with pdfplumber.open(build(capsys)) as pdf:
        page = pdf.pages[0]
        gems = [c for c in page.curves if hex_of(c["non_stroking_color"]) == "#C0392B"]
        pictures = [i for i in page.images if i["height"] > 1]  # (not the spacers in text)
        assert not pictures  # vectors, not a picture of them
    # per card: the box's gem (11 mm) and the one in the name (the text's size)
    assert len(gems) == 2 * 2
    sizes = sorted(round((g["x1"] - g["x0"]) * 25.4 / 72, 1) for g in gems)
    assert sizes[-1] == pytest.approx(11 * 18 / 20, abs=0.2)  # the gem spans 18 of the 20 units
    assert sizes[0] < 6


def test_an_svg_icon_brings_no_font_into_the_pdf(own: Path, capsys) -> None:
    """svglib's drawings start in ReportLab's default font: drawn as they come, every page
    with an SVG icon named an unembedded Helvetica (against PDF/UA, in large print too),
    though an icon sets no text. Each page's fonts are the embedded ones its text uses."""
    add_gem(own)
    for profile in ("standard", "large-print"):
        reader = PdfReader(build(capsys, profile))
        for page in reader.pages:
            fonts = page["/Resources"].get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                descendant = font.get("/DescendantFonts", [font])[0].get_object()
                assert "/FontDescriptor" in descendant, (profile, font.get("/BaseFont"))
                assert "/FontFile2" in descendant["/FontDescriptor"], font.get("/BaseFont")


def test_large_print_keeps_a_markup_colour_that_reaches_the_contrast(own: Path, capsys) -> None:
    """White text set in markup on a dark band (8.9:1) reaches large print's 7:1: the band
    keeps its colour and the text its white. The shade used to be chosen for the style's
    colour (dark ink, far under 7:1 there), lightening the band, and the white, then under
    7:1 on it, was dropped for black: another design, though nothing missed the contrast."""
    path = own / "layouts" / "own.yaml"
    edit(path, "fill: brand}", 'fill: "#0B4F6C"}')
    edit(
        path,
        "  back:\n    extends: card-back",
        "      label: {x: 5, y: 5, w: 53, h: 8, style: name, text: \"<font color='#FFFFFF'>"
        '{{ name }}</font>"}\n  back:\n    extends: card-back',
    )
    for profile in ("standard", "large-print"):
        with pdfplumber.open(build(capsys, profile)) as pdf:
            page = pdf.pages[0]
            fills = {hex_of(r["non_stroking_color"]) for r in page.rects if r["fill"]}
            assert "#0B4F6C" in fills, (profile, fills)
            inks = {hex_of(c["non_stroking_color"]) for c in page.chars if c["text"] == "A"}
            assert "#FFFFFF" in inks, (profile, inks)


def test_large_print_chooses_the_shade_for_the_colours_that_print(own: Path, capsys) -> None:
    """White text (in markup, its style dark) and white text (its style's) on a grey band
    that misses 7:1: the band is darkened for the white that prints, and both stay white.
    The shade used to be chosen for the style's dark ink too, which no run prints in: no
    shade suited both, so the band became a light tint under black text."""
    path = own / "layouts" / "own.yaml"
    edit(path, "fill: brand}", 'fill: "#777777"}')
    edit(path, "styles:\n", 'styles:\n  light: {size: 10, leading: 12, color: "#FFFFFF"}\n')
    edit(
        path,
        "  back:\n    extends: card-back",
        "      label: {x: 5, y: 4, w: 53, h: 5, style: name, text: \"<font color='#FFFFFF'>"
        '{{ name }}</font>"}\n'
        '      sub: {x: 5, y: 9.5, w: 53, h: 5, style: light, text: "Sub"}\n'
        "  back:\n    extends: card-back",
    )
    with pdfplumber.open(build(capsys, "large-print")) as pdf:
        page = pdf.pages[0]
        bands = [
            r for r in page.rects if r["fill"] and hex_of(r["non_stroking_color"]) == "#595959"
        ]
        assert bands, "the nearest darker shade of #777777 for white text"
        on = [
            c
            for band in bands[:1]
            for c in page.chars
            if band["x0"] <= c["x0"]
            and c["x1"] <= band["x1"]
            and band["top"] <= c["top"]
            and c["bottom"] <= band["bottom"]
        ]
        assert "".join(c["text"] for c in on).replace(" ", "") == "AlphaSub"
        assert {hex_of(c["non_stroking_color"]) for c in on} == {"#FFFFFF"}


def test_a_glyph_missing_from_large_prints_font_says_whose_font_it_replaces(own, capsys):
    """A project font (Display-Bold) lacks a character; so does the face large print sets
    that text in instead. The large-print message says so: it named a font the designer
    never chose, and read as the standard message said twice."""
    add_font(own, "Display-Bold")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Display-Bold, size: 14")
    edit(own / "content" / "own" / "game.yaml", "name: Alpha}", "name: Alpha \u2609}")
    code, errors = run(capsys, "check", "own", "--profile", "standard", "--profile", "large-print")
    assert code == 1
    glyph = "has no '\u2609' (U+2609)"
    assert [e.split(": error: ", 1)[1] for e in errors] == [
        f"OWN-A, box 'title': font AtkinsonHyperlegible-Bold {glyph} (the large-print profile sets this"
        " text in it, not in Display-Bold)",
        f"OWN-A, box 'title': font Display-Bold {glyph}",
    ]


def test_an_icon_the_colour_of_its_ground_is_a_warning(own: Path, capsys) -> None:
    """A packaged icon painted in the colour of the band it sits on prints as nothing: said,
    as text that can hardly be read is; an outline that stands out is enough."""
    path = own / "layouts" / "own.yaml"
    line = edit(
        path,
        "      title:",
        "      mark: {kind: icon, icon: circle, x: 5, y: 5, w: 8, h: 8, fill: brand, stroke: brand}\n"
        "      title:",
    )
    code = main(["check", "own", "--profile", "standard"])
    warned = [w for w in capsys.readouterr().err.splitlines() if ": warning: " in w]
    assert code == 0
    assert warned == [
        f"layouts/own.yaml:{line}:7: warning: OWN-A (and 1 more), box 'mark': icon 'circle' in"
        " #0B6E4F on #0B6E4F has contrast 1.0:1 and can hardly be seen (give it a fill or"
        " stroke that stands out)"
    ]
    edit(path, "fill: brand, stroke: brand}", 'fill: brand, stroke: "#FFFFFF"}')
    assert main(["check", "own", "--profile", "standard"]) == 0
    assert ": warning: " not in capsys.readouterr().err


def test_a_png_icon_is_drawn_as_an_image(own: Path, capsys) -> None:
    from PIL import Image

    (own / "icons").mkdir()
    Image.new("RGB", (16, 16), "#C0392B").save(own / "icons" / "coin.png")
    path = own / "layouts" / "own.yaml"
    edit(
        path,
        "  back:\n",
        "      coin: {kind: icon, x: 26, y: 40, w: 11, h: 11, icon: coin}\n  back:\n",
    )
    with pdfplumber.open(build(capsys)) as pdf:
        assert len([i for i in pdf.pages[0].images if i["height"] > 1]) == 2


def test_a_16_bit_grey_png_icon_is_refused_not_printed_white(own: Path, capsys) -> None:
    """ReportLab clips 16-bit pixels to 8 bits: a grey gradient printed white, unsaid."""
    from PIL import Image

    (own / "icons").mkdir()
    deep = Image.new("I;16", (64, 16))
    deep.putdata([(x * 1024) % 65536 for _y in range(16) for x in range(64)])
    deep.save(own / "icons" / "deep.png")
    path = own / "layouts" / "own.yaml"
    edit(
        path,
        "  back:\n",
        "      deep: {kind: icon, x: 26, y: 40, w: 11, h: 11, icon: deep}\n  back:\n",
    )
    for command in ("check", "build"):
        code, errors = run(capsys, command, "own")
        assert code == 1
        assert any(  # (Pillow before 10 reads such a PNG as mode I, after as I;16)
            re.search(
                r"icon 'deep\.png' has I(;16)? pixels, 16 bits or more a channel, which print"
                r" clipped; save it with 8 bits",
                e,
            )
            for e in errors
        ), errors


def test_an_icon_file_that_is_not_used_is_said_so(own: Path, capsys) -> None:
    """A built-in's name, a name with a space, and a second file of one name were passed over
    unsaid (the built-in star drawn, 'my gem' unknown while icons/my gem.svg was there)."""
    (own / "icons").mkdir()
    for name in ("star.svg", "my gem.svg", "gem.svg"):
        (own / "icons" / name).write_text(GEM)
    from PIL import Image

    Image.new("RGB", (16, 16), "#C0392B").save(own / "icons" / "gem.png")
    said = []
    for argv in (["check", "own"], ["build", "own", "--jobs", "1", "--paper", "a4"]):
        code = main(argv)
        err = capsys.readouterr().err.splitlines()
        assert code == 0
        said.append(sorted(line for line in err if ": warning: " in line))
    assert said[0] == said[1]
    assert said[0] == [
        "icons/gem.png: warning: icon file 'gem.png' is not used: gem.svg has the same name and"
        " is the icon",
        "icons/my gem.svg: warning: icon file 'my gem.svg' is not used: an icon's name is"
        " letters, digits, '-' and '_' (no space, no accent); rename the file",
        "icons/star.svg: warning: icon file 'star.svg' is not used: 'star' is a built-in"
        " icon's name, which it keeps; rename the file",
    ]
    # a warning never stops a game: a review found these three kept the whole game from
    # building (0 PDFs, exit 0) and hid the layout's own errors
    cards = Path("build") / "own" / "standard-a4" / "cards.pdf"
    assert len(PdfReader(cards).pages) >= 1
    edit(own / "layouts" / "own.yaml", "style: name, text", "style: nmae, text")
    code, errors = run(capsys, "check", "own")
    assert code == 1 and len(errors) == 1 and "unknown style 'nmae'" in errors[0], errors


def test_a_picture_far_finer_than_print_is_a_warning(own: Path, capsys) -> None:
    """A 7,000-pixel icon was embedded whole in every PDF (67 MB each, a 66 s build), unsaid."""
    from PIL import Image

    (own / "icons").mkdir()
    Image.new("L", (4100, 4000), 128).save(own / "icons" / "huge.png")
    Image.new("L", (1500, 1500), 128).save(own / "icons" / "fine.png")
    path = own / "layouts" / "own.yaml"
    edit(
        path,
        "  back:\n",
        "      huge: {kind: icon, x: 26, y: 40, w: 11, h: 11, icon: huge}\n  back:\n",
    )
    assert main(["check", "own"]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if ": warning: " in line]
    assert warnings == [
        "icons/huge.png: warning: icon 'huge.png' is 4,100×4,000 pixels, far finer than print"
        " needs, and every PDF that shows it embeds them all (slow builds, large files); scale"
        " it down, to some 1,500 pixels a side for a card-sized picture"
    ]


def test_a_missing_icon_is_a_located_error_naming_it(own: Path, capsys) -> None:
    add_gem(own)
    (own / "icons" / "gem.svg").unlink()
    code, errors = run(capsys, "check", "own")
    assert code == 1
    layout = (own / "layouts" / "own.yaml").read_text().splitlines()
    box = next(i for i, line in enumerate(layout, 1) if line.strip().startswith("gem:"))
    title = next(i for i, line in enumerate(layout, 1) if line.strip().startswith("title:"))
    col = layout[box - 1].index("icon: gem") + 7  # at the value (a probe: at the box's key)
    shown = "\n".join(errors)
    assert f"own.yaml:{box}:{col}: error: OWN-A (and 1 more), box 'gem': unknown icon" in shown
    assert any(f":{title}:61: error:" in e and "unknown icon 'gem'" in e for e in errors), errors


def test_a_misspelt_icon_is_suggested_in_a_box_and_in_text(own: Path, capsys) -> None:
    add_gem(own)
    path = own / "layouts" / "own.yaml"
    box = edit(path, "icon: gem}", "icon: gme}")
    title = edit(path, "{{ 'gem'|icon }}", "{{ 'gme'|icon }}")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    col = path.read_text().splitlines()[box - 1].index("icon: gme") + 7  # at the value
    assert any(
        e.startswith(f"layouts/own.yaml:{box}:{col}: error: ")
        and "box 'gem': unknown icon 'gme'; did you mean 'gem'? (no icons/gme.svg" in e
        for e in errors
    ), errors
    assert any(
        f":{title}:61: error:" in e
        and "unknown icon 'gme'; did you mean 'gem'? (no icons/gme.svg or .png; known: " in e
        for e in errors
    ), errors  # the filter names the file looked for, as a box does


@pytest.mark.parametrize("named", ["icons/gem.svg", "gem.svg", "gem.png", "icons/gem"])
def test_an_icon_named_by_its_path_is_told_its_name(own: Path, capsys, named: str) -> None:
    """A designer's probe: 'icon: icons/shell.svg' was said as no icons/icons/shell.svg.svg,
    with no suggestion, though 'shell' was in the list of known icons it gave."""
    add_gem(own)
    edit(own / "layouts" / "own.yaml", "icon: gem}", f"icon: {named}}}")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    (error,) = [e for e in errors if "unknown icon" in e]
    assert error.endswith(
        f"box 'gem': unknown icon '{named}': an icon is named by its file's name in icons/,"
        " without the folder and the extension; did you mean 'gem'?"
    ), error


def test_a_misspelt_icon_colour_is_suggested(own: Path, capsys) -> None:
    """A designer's probe: icon('corall') said no nearest name, though a box's fill does."""
    edit(
        own / "layouts" / "own.yaml", 'text: "{{ name }}"}', "text: \"{{ 'star'|icon('brnad') }}\"}"
    )
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors and errors[0].endswith(
        "icon colour 'brnad' is not a colour (#RRGGBB, or a name from 'colours'); did you mean"
        " 'brand'?"
    ), errors


def test_an_unreadable_svg_is_a_located_error(own: Path, capsys) -> None:
    add_gem(own)
    (own / "icons" / "gem.svg").write_text("<svg")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors and errors[0].startswith(
        "icons/gem.svg:1:1: error: icon 'gem.svg' cannot be read as SVG"
    )


@pytest.mark.parametrize(
    ("svg", "said"),
    [
        (
            '<path d="M 3 3 L 10 Q"/>',
            "icons/gem.svg:2:1: error: icon 'gem.svg' has a <path> whose d has 'L' with 1 number;"
            " 'L' takes them in twos (x y)",
        ),
        (
            '<path d="M 1 1 C 1 2"/>',
            "icons/gem.svg:2:1: error: icon 'gem.svg' has a <path> whose d has 'C' with 2"
            " numbers; 'C' takes them in sixes (x1 y1 x2 y2 x y)",
        ),
    ],
)
def test_a_path_missing_numbers_is_said_at_the_path(own: Path, capsys, svg: str, said: str) -> None:
    """svglib passed a path command its numbers short, and ReportLab's TypeError ('lineTo()
    missing 1 required positional argument') was the message."""
    add_gem(own)
    (own / "icons" / "gem.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">\n{svg}</svg>\n'
    )
    for command in ("check", "build"):
        code, errors = run(capsys, command, "own", "--jobs", "1")
        assert (code, errors) == (1, [said]), command


def test_an_svg_sized_in_words_is_said_at_its_svg(own: Path, capsys) -> None:
    add_gem(own)
    (own / "icons" / "gem.svg").write_text(GEM.replace('width="20"', 'width="ten"'))
    code, errors = run(capsys, "check", "own")
    assert (code, errors) == (
        1,
        [
            "icons/gem.svg:1:1: error: icon 'gem.svg' has width 'ten': an icon's <svg> is sized"
            " in numbers (24, 24px, 6mm)"
        ],
    )


def test_an_icon_outside_the_project_is_refused(own: Path, tmp_path_factory, capsys) -> None:
    outside = tmp_path_factory.mktemp("elsewhere") / "gem.svg"
    outside.write_text(GEM)
    (own / "icons").mkdir()
    (own / "icons" / "gem.svg").symlink_to(outside)
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert any("icon 'gem.svg' is outside the project folder" in e for e in errors), errors


# ------------------------------------------------------------------ sizes
def test_a_poker_face_on_a_tarot_deck_is_a_located_error(own: Path, capsys) -> None:
    game = own / "content" / "own" / "game.yaml"
    edit(game, "    count: 2\n", "    count: 2\n    size: tarot\n")
    edit(game, "back: back", "back: card-back")
    line = (game.read_text().splitlines()).index("    face: front") + 1
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors == [
        f"content/own/game.yaml:{line}:11: error: Deck: face 'front' is drawn for poker"
        " (63 × 88 mm), not this component's tarot (70 × 120 mm); give the face 'size: tarot'"
        " and boxes for it, or 'scale: true' to scale it"
    ]  # the packaged back (scale: true) scales to the tarot card


def test_a_scaling_poker_face_fills_a_tarot_card(own: Path, capsys) -> None:
    edit(own / "content" / "own" / "game.yaml", "    count: 2\n", "    count: 2\n    size: tarot\n")
    edit(
        own / "layouts" / "own.yaml", "    extends: card\n", "    extends: card\n    scale: true\n"
    )
    edit(own / "content" / "own" / "game.yaml", "back: back", "back: card-back")
    with pdfplumber.open(build(capsys)) as pdf:
        page = pdf.pages[0]
        band = next(r for r in page.rects if hex_of(r["non_stroking_color"]) == "#0B6E4F")
        name = [c for c in page.chars if round(c["size"]) == 14]
    mm = 25.4 / 72
    assert band["width"] * mm == pytest.approx(57 * 70 / 63, abs=0.1)  # stretched across
    assert band["height"] * mm == pytest.approx(12 * 120 / 88, abs=0.1)  # and down
    assert name  # the text keeps its style's size (14 pt), reflowed in its grown box


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("poker", (63, 88)),
        ("poker-63.5", (63.5, 88)),
        ("bridge", (57, 89)),
        ("mini", (44, 63)),
        ("tarot", (70, 120)),
        ("square", (70, 70)),
        ("jumbo", (89, 127)),
    ],
)
def test_sleeve_sizes_by_name(name: str, size: tuple[float, float]) -> None:
    from cutsheet.model import size_mm

    assert size_mm(name) == size


# ------------------------------------------------------------------ font licences
def licences_of(kit: str = "standard-a4") -> dict[str, dict]:
    """The manifest's font licence entries of one kit of the game, by file name."""
    import json

    manifest = json.loads((Path("build") / "manifest.json").read_text())
    prefix = f"own/{kit}/font-licences/"
    return {
        e["path"].removeprefix(prefix): e
        for e in manifest["outputs"]
        if e["part"] == "font-licence" and e["path"].startswith(prefix)
    }


def test_a_fonts_licence_is_copied_into_the_kit_and_listed(own: Path, capsys) -> None:
    import hashlib

    add_font(own, "Cinzel-Bold")
    (own / "fonts" / "OFL-Cinzel.txt").write_text("Cinzel: SIL Open Font License 1.1\n")
    (own / "fonts" / "README.txt").write_text("notes, no licence of Cinzel's\n")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    cards = build(capsys)
    assert "BitstreamVeraSans-Bold" in base_fonts(cards)  # the font is embedded
    assert "warning" not in capsys.readouterr().err
    kit = cards.parent / "font-licences"
    assert sorted(p.name for p in kit.iterdir()) == [
        "OFL-AtkinsonHyperlegible.txt",
        "OFL-Cinzel.txt",
    ]
    assert (kit / "OFL-Cinzel.txt").read_bytes() == (own / "fonts" / "OFL-Cinzel.txt").read_bytes()
    entries = licences_of()
    assert entries["OFL-Cinzel.txt"]["fonts"] == ["Cinzel-Bold"]
    assert entries["OFL-AtkinsonHyperlegible.txt"]["fonts"] == ["Atkinson Hyperlegible"]
    for name, entry in entries.items():
        assert entry["sha256"] == hashlib.sha256((kit / name).read_bytes()).hexdigest()
    # large print sets the project font in Atkinson: only Atkinson's licence goes with it
    build(capsys, "large-print")
    assert sorted(licences_of("large-print-a4")) == ["OFL-AtkinsonHyperlegible.txt"]


def test_a_font_without_a_licence_is_a_warning_at_the_font(own: Path, capsys) -> None:
    add_font(own, "Cinzel-Bold")
    (own / "fonts" / "OFL-Lato.txt").write_text("Lato's licence, not Cinzel's\n")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    warning = (
        "fonts/Cinzel-Bold.ttf: warning: font 'Cinzel-Bold' is set by the layouts (and embedded where text uses it) without a licence file"
        " beside it; put its licence in fonts/ (OFL.txt, LICENSE, or OFL-<font>.txt) and every"
        " kit carries a copy in font-licences/"
    )
    assert main(["check", "own"]) == 0
    assert warning in capsys.readouterr().err.splitlines()
    code = main(["build", "own", "--jobs", "1", "--paper", "a4", "--profile", "standard"])
    assert code == 0  # a warning: the kit is built
    assert warning in capsys.readouterr().err.splitlines()
    assert sorted(licences_of()) == ["OFL-AtkinsonHyperlegible.txt"]
    # the licence put beside it: the next build copies it (a new licence file rebuilds)
    (own / "fonts" / "LICENSE").write_text("Cinzel's licence\n")
    build(capsys)
    assert "warning" not in capsys.readouterr().err
    assert licences_of()["LICENSE"]["fonts"] == ["Cinzel-Bold"]


def test_a_failed_build_says_the_licence_warning_check_says(own: Path, capsys) -> None:
    """A font with no licence beside it and a character it lacks: build failed on the glyph
    and said nothing of the licence, which check said."""
    add_font(own, "Cinzel-Bold")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    edit(own / "content" / "own" / "game.yaml", "name: Alpha}", "name: Alpha \u0394}")
    said = []
    for argv in (["check", "own"], ["build", "own", "--jobs", "1", "--paper", "a4"]):
        assert main(argv) == 1
        err = capsys.readouterr().err.splitlines()
        said.append(sorted(line for line in err if ": warning: " in line or ": error: " in line))
    assert said[0] == said[1]
    assert any(": warning: font 'Cinzel-Bold' is set by the layouts" in line for line in said[0])


def test_a_licence_outside_the_project_is_refused_unread(
    own: Path, tmp_path_factory, capsys
) -> None:
    outside = tmp_path_factory.mktemp("elsewhere") / "secret.txt"
    outside.write_text("SECRET\n")
    add_font(own, "Cinzel-Bold")
    (own / "fonts" / "OFL.txt").symlink_to(outside)
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    for command in (["check", "own"], ["build", "own", "--jobs", "1", "--paper", "a4"]):
        code, errors = run(capsys, *command)
        assert code == 1
        assert errors == [
            "fonts/OFL.txt: error: licence file 'OFL.txt' is outside the project folder"
        ]
    assert not list(Path(".").rglob("font-licences/*"))
    assert "SECRET" not in "".join(p.read_text() for p in Path("build").rglob("*.json"))


def test_the_packaged_fonts_licence_copied_with_its_fonts_covers_them(own: Path, capsys) -> None:
    """A designer copied the packaged italic with its licence into fonts/: the licence's
    name was refused as cutsheet's own, and no message said what name would do. A copy of
    the packaged licence (its bytes) is the packaged one: it covers the fonts it names, the
    kit carries it once; another text under that name is refused with names that work."""
    from cutsheet.licences import PACKAGED

    add_font(own, "AtkinsonHyperlegible-Italic")
    shutil.copy(PACKAGED, own / "fonts" / PACKAGED.name)
    edit(
        own / "layouts" / "own.yaml",
        "{font: bold, size: 14",
        "{font: AtkinsonHyperlegible-Italic, size: 14",
    )
    cards = build(capsys)
    assert "warning" not in capsys.readouterr().err
    assert sorted(p.name for p in (cards.parent / "font-licences").iterdir()) == [PACKAGED.name]
    assert licences_of()[PACKAGED.name]["fonts"] == [
        "Atkinson Hyperlegible",
        "AtkinsonHyperlegible-Italic",
    ]
    (own / "fonts" / PACKAGED.name).write_text("another licence\n")
    refused_alike(
        capsys,
        [
            f"fonts/{PACKAGED.name}: error: licence file '{PACKAGED.name}' has the name of"
            " the licence every kit carries for cutsheet's own font, with other text;"
            " rename it with a name that still covers your fonts"
            " (LICENSE-AtkinsonHyperlegible.txt), or OFL.txt to cover every font in fonts/"
        ],
    )
    (own / "fonts" / PACKAGED.name).rename(own / "fonts" / "LICENSE-AtkinsonHyperlegible.txt")
    build(capsys)
    assert licences_of()["LICENSE-AtkinsonHyperlegible.txt"]["fonts"] == [
        "AtkinsonHyperlegible-Italic"
    ]


def test_the_packaged_licence_copied_by_a_windows_checkout_or_as_a_fifo(own: Path, capsys) -> None:
    """The packaged licence's name with CRLF line ends (a Windows checkout) and a byte-order
    mark is the packaged text; a FIFO of that name is refused for what it is, not as "other text"."""
    import os

    from cutsheet.licences import PACKAGED

    add_font(own, "AtkinsonHyperlegible-Italic")
    crlf = b"\xef\xbb\xbf" + PACKAGED.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    (own / "fonts" / PACKAGED.name).write_bytes(crlf)
    edit(
        own / "layouts" / "own.yaml",
        "{font: bold, size: 14",
        "{font: AtkinsonHyperlegible-Italic, size: 14",
    )
    assert run(capsys, "check", "own") == (0, [])
    (own / "fonts" / PACKAGED.name).unlink()
    os.mkfifo(own / "fonts" / PACKAGED.name)
    assert run(capsys, "check", "own") == (
        1,
        [
            f"fonts/{PACKAGED.name}: error: licence file '{PACKAGED.name}' cannot be copied: it"
            " is not a readable file of at most 1,000,000 bytes"
        ],
    )


def test_a_licence_edited_is_copied_again_and_its_pdfs_kept(own: Path, capsys) -> None:
    """A licence file's text changed under the same name is copied into the kit again (the
    job's cache records the licence files it copied), and its PDFs are kept."""
    import hashlib

    add_font(own, "Cinzel-Bold")
    licence = own / "fonts" / "OFL-Cinzel.txt"
    licence.write_text("Cinzel: SIL Open Font License 1.1\n")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    cards = build(capsys)
    drawn = cards.stat().st_mtime_ns
    licence.write_text("Cinzel: SIL Open Font License 1.1, with the reserved font name\n")
    build(capsys)
    copied = cards.parent / "font-licences" / "OFL-Cinzel.txt"
    assert copied.read_bytes() == licence.read_bytes()
    sha = hashlib.sha256(licence.read_bytes()).hexdigest()
    assert licences_of()["OFL-Cinzel.txt"]["sha256"] == sha
    assert cards.stat().st_mtime_ns == drawn  # the PDF was kept, not drawn again


def test_a_licence_that_is_a_fifo_is_refused_not_waited_on(own: Path, capsys) -> None:
    import os

    add_font(own, "Cinzel-Bold")
    os.mkfifo(own / "fonts" / "LICENSE")
    edit(own / "layouts" / "own.yaml", "{font: bold, size: 14", "{font: Cinzel-Bold, size: 14")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors == [
        "fonts/LICENSE: error: licence file 'LICENSE' cannot be copied: it is not a readable"
        " file of at most 1,000,000 bytes"
    ]


# ------------------------------------------------------------------ a face of another size
def test_a_face_of_another_size_extending_card_has_cards_boxes_stretched_to_it(
    own: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``card`` is drawn for poker and scales to any size; a face that extends it at tarot
    size inherited its border and id at poker places: the border's fill covered 63 × 88 mm
    of a 70 × 120 mm card, and the id printed mid-card. The boxes it lends are stretched to
    the face's size: read back, the fill covers the whole card and the id sits at its foot."""
    layout = Path("layouts") / "own.yaml"
    edit(layout, "  front:\n    extends: card\n", "  front:\n    extends: card\n    size: tarot\n")
    edit(layout, "    extends: card-back\n", "    extends: card-back\n    size: tarot\n")
    edit(layout, "      band: {kind", "      border: {fill: brand}\n      band: {kind")
    edit(
        Path("content") / "own" / "game.yaml",
        "    part: cards\n",
        "    part: cards\n    size: tarot\n",
    )
    with pdfplumber.open(build(capsys)) as pdf:
        page = pdf.pages[0]
        fills = [r for r in page.rects if hex_of(r.get("non_stroking_color")) == "#0B6E4F"]
        borders = [r for r in fills if abs(r["width"] - 70 * MM) < 0.5]
        assert borders and all(abs(r["height"] - 120 * MM) < 0.5 for r in borders), fills
        card = borders[0]
        ids = [w for w in page.extract_words() if w["text"] == "OWN-A"]
        assert ids, page.extract_text()
        inside = [w for w in ids if card["x0"] <= w["x0"] and w["x1"] <= card["x1"]]
        assert inside and all(card["bottom"] - w["bottom"] < 8 * MM for w in inside), ids


# ------------------------------------------------------------------ layout file names
@pytest.mark.parametrize(
    ("where", "old", "new", "said"),
    [
        (
            "content/own/game.yaml",
            "layouts: own.yaml",
            "layouts: own",
            ":10: error: no layout file 'own'; did you mean 'own.yaml'? (known: base.yaml,"
            " own.yaml)",
        ),
        (
            "layouts/own.yaml",
            "include: [base.yaml]",
            "include: [bass.yaml]",
            ":11: error: no layout file 'bass.yaml'; did you mean 'base.yaml'? (known:"
            " base.yaml, own.yaml)",
        ),
    ],
)
def test_a_layout_file_name_is_suggested_from_those_there_are(
    own: Path, capsys, where: str, old: str, new: str, said: str
) -> None:
    """Every other misspelt name got a suggestion; a layout file's got none, and no list."""
    line = edit(own / where, old, new)
    for command in (("check", "own"), ("build", "own", "--paper", "a4")):
        code, errors = run(capsys, *command)
        assert (code, errors) == (1, [f"{where}:{line}{said}"]), command


def test_a_face_extending_a_packaged_face_not_included_names_base_yaml(own: Path, capsys) -> None:
    edit(own / "layouts" / "own.yaml", "include: [base.yaml]\n", "")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert (
        "layouts/own.yaml:8:14: error: face 'front' extends unknown face 'card' ('card' is in"
        " cutsheet's base.yaml: 'include: [base.yaml]' reads it, unless a base.yaml of the"
        " project's layouts/ takes its place)"
    ) in errors


@pytest.mark.parametrize(
    ("written", "meant"),
    [("own-a", "OWN-A"), ("OWN-ALPHA ONE", "OWN-ALPHA-ONE"), ("OWN-ŞUN", None), ("ĐWN-A", None)],
)
def test_an_id_not_written_as_one_is_said_as_it_should_be(
    own: Path, capsys, written: str, meant: str
) -> None:
    """An id in lower case or with a space: the message showed the pattern with another
    game's id as its example; it now says the id this one would be."""
    line = edit(own / "content" / "own" / "game.yaml", "{id: OWN-A,", f"{{id: {written},")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    hint = f"; did you mean '{meant}'?" if meant else ""  # (never a letter dropped)
    assert errors == [
        f"content/own/game.yaml:{line}:14: error: id: '{written}' is not an id in capitals and"
        f" digits joined by '-', e.g. CR-SEED-TENT{hint}"
    ]


def test_rules_without_a_section_are_a_warning(own: Path, capsys) -> None:
    """``sections: []`` built a rulebook of its title alone, without a word."""
    (own / "content" / "own" / "rules.yaml").write_text("title: Own Look\nsections: []\n")
    said = (
        "content/own/rules.yaml:2:1: warning: sections: none, so rules.pdf and"
        " rules-booklet.pdf print the title alone; add one (a heading and its blocks)"
    )
    for command in (["check", "own"], ["build", "own", "--paper", "a4"]):
        assert main(command) == 0
        assert said in capsys.readouterr().err.splitlines(), command


def test_a_card_list_saved_as_text_says_it_was_read_as_yaml(own: Path, capsys) -> None:
    """A CSV card list named cards.txt was read as YAML, and the message did not say so."""
    (own / "content" / "own" / "cards.txt").write_text("id,name\nOWN-A,Alpha\nOWN-B,Beta\n")
    game = own / "content" / "own" / "game.yaml"
    text = game.read_text()
    start, end = text.index("    items:\n"), text.index("    fields:\n")
    game.write_text(text[:start] + "    source: cards.txt\n" + text[end:])
    code, errors = run(capsys, "check", "own")
    assert (code, errors) == (
        1,
        [
            "content/own/cards.txt:1:1: error: expected a mapping with a list under 'items' (a"
            " source is read as YAML unless its name ends in .csv)"
        ],
    )


def test_a_family_member_that_changed_since_its_check_is_a_font_file_error(tmp_path) -> None:
    """A member file is read again to register it for its family: bytes that are no font
    by then (saved over between the check and this read) are a FontFileError, which the
    layouts say at the family, not a failure of the whole game."""
    from cutsheet.font_files import FontFileError, register_members

    junk = tmp_path / "Junk.ttf"
    junk.write_bytes(b"\0\1\0\0" + bytes(40))
    with pytest.raises(FontFileError, match="cannot be read as a TrueType font"):
        register_members("Sans", {"regular": junk})


def test_an_svg_icon_draws_nothing_past_its_drawing(own: Path, capsys) -> None:
    """A probe: a shape of an SVG icon past its viewBox (a stripe 50 times as wide) printed
    across the neighbouring cards and into the paper's unprintable edge. As SVG does, the
    icon is clipped to its drawing: red only within the icon boxes."""
    import pypdfium2 as pdfium

    add_gem(own)
    stripe = '<rect x="-500" y="9" width="1000" height="2" fill="#FF0000"/></svg>'
    (own / "icons" / "gem.svg").write_text(GEM.replace("</svg>", stripe))
    doc = pdfium.PdfDocument(str(build(capsys)))
    image = doc[0].render(scale=72 / 72).to_pil().convert("RGB")  # 1 px a point
    red = [
        x
        for y in range(image.height)
        for x in range(image.width)
        if (p := image.getpixel((x, y)))[0] > 200 and p[1] < 60 and p[2] < 60
    ]
    assert red, "the stripe inside the gem still prints"
    edge = 5 * 72 / 25.4
    assert min(red) > edge and max(red) < image.width - edge
    assert max(red) - min(red) < image.width / 2  # within the cards' icons, not across


def test_a_glyph_a_font_lacks_is_said_at_the_field_that_holds_it(own: Path, capsys) -> None:
    """A probe: a box printing two fields said a character the font lacks at the first
    field with a value, not at the one that holds the character; and one the layout's own
    text writes at the box's key, not at its text."""
    add_font(own, "Display-Bold")
    layout = own / "layouts" / "own.yaml"
    edit(layout, "{font: bold, size: 14", "{font: Display-Bold, size: 14")
    edit(layout, 'text: "{{ name }}"}', 'text: "{{ name }} {{ note }} \u2609"}')
    game = own / "content" / "own" / "game.yaml"
    edit(game, "      name: {type: text}", "      name: {type: text}\n      note: {type: text}")
    edit(game, "{id: OWN-A, name: Alpha}", "{id: OWN-A, name: Alpha, note: x\u0394y}")
    edit(game, "{id: OWN-B, name: Beta}", "{id: OWN-B, name: Beta, note: z}")
    code, errors = run(capsys, "check", "own")
    assert code == 1
    lines = game.read_text().splitlines()
    at = next(i for i, x in enumerate(lines, 1) if "x\u0394y" in x)
    col = lines[at - 1].index("x\u0394y") + 1
    assert any(
        e.startswith(f"content/own/game.yaml:{at}:{col}: error: OWN-A") and "'\u0394'" in e
        for e in errors
    ), errors
    text_line = next(i for i, x in enumerate(layout.read_text().splitlines(), 1) if "\u2609" in x)
    text_col = layout.read_text().splitlines()[text_line - 1].index('"{{ name }}') + 1
    assert any(
        e.startswith(f"layouts/own.yaml:{text_line}:{text_col}: error:") and "'\u2609'" in e
        for e in errors
    ), errors


def test_a_terms_fill_may_be_a_colour_of_the_layouts(own: Path, capsys) -> None:
    """A probe: 'R: {fill: brand}' printed as a box's fill but was refused by glyphs(terms),
    though the guide says a colour's name works wherever a colour does."""
    game = own / "content" / "own" / "game.yaml"
    edit(game, "layouts: own.yaml\n", "layouts: own.yaml\nterms:\n  R: {fill: brand, name: red}\n")
    layout = own / "layouts" / "own.yaml"
    edit(layout, 'text: "{{ name }}"}', "text: \"{{ name }} {{ '2R'|glyphs(terms) }}\"}")
    code, errors = run(capsys, "check", "own")
    assert (code, errors) == (0, [])
    line = edit(game, "R: {fill: brand,", "R: {fill: brandy,")
    code, errors = run(capsys, "check", "own")
    # the value to mend, where it is written (a probe: only the template was said), and
    # only there: the glyphs(terms) that reads it says nothing again (it was 30 errors in
    # Bid & Build, one a template that reads the terms)
    assert (code, errors) == (
        1,
        [
            f"content/own/game.yaml:{line}:13: error: terms.R.fill: 'brandy' is not a colour"
            " (#RRGGBB, a name from 'colours', or none); did you mean 'brand'?"
        ],
    )
    refused_alike(capsys, errors)
    # as a box's fill takes it (a review): spaces around it, empty or none, are no mistake,
    # for glyphs too (none or empty: the letter is no cube)
    for fill in ('" brand "', '""', "none"):
        edit(game, "R: {fill: brandy,", f"R: {{fill: {fill},")
        assert run(capsys, "check", "own") == (0, []), fill
        edit(game, f"R: {{fill: {fill},", "R: {fill: brandy,")


def test_a_colour_named_none_is_said_at_its_name(own: Path, capsys) -> None:
    """A probe: 'none' as a colour's name was said at the first colour of the table."""
    line = edit(
        own / "layouts" / "own.yaml", '  ink: "#1A1A2E"\n', '  ink: "#1A1A2E"\n  none: "#FF0000"\n'
    )
    code, errors = run(capsys, "check", "own")
    assert code == 1
    assert errors == [
        f"layouts/own.yaml:{line + 1}:3: error: colours: 'none' means no colour; give this"
        " colour another name"
    ], errors
