"""Text the checks must not let through: a word too long for the rules' lines, a text run
under the profile's least size, a markup colour that escapes the profile's contrast rule,
and cutsheet's own marker characters in content. Each is reported by ``check`` at the text's
place in the YAML, as ``build`` reports it."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape

from cutsheet.build import Options, build
from cutsheet.plan.run_colours import without_colours
from cutsheet.plan.scale.styles import clean
from cutsheet.profile_files import PACKAGED
from cutsheet.profiles import load_profile
from cutsheet.text import TemplateProblem, render
from cutsheet.text.tags import upright

from .conftest import Workspace, _quiet

RULES = "content/common-reserve/rules.yaml"
ANCHOR = "      - text: >-\n          This is an original"
LINK = (
    "https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    "-_AbCdEfGhIjKlMnOpQrStUvWxYz?usp=sharing"
)


def add_rules_text(ws: Workspace, line: str) -> int:
    """Put a rules paragraph (``line``, a YAML block entry) before an existing one; its line."""
    return ws.edit(RULES, ANCHOR, f"{line}\n{ANCHOR}")


def messages(ws: Workspace, profiles: tuple[str, ...] = ("standard",)) -> list[str]:
    return [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in ws.check("common-reserve", profiles)]


# -- 1. a word wider than the rules' lines ----------------------------------------------
def test_a_long_link_in_the_rules_is_refused_at_its_block(ws):
    line = add_rules_text(ws, f'      - text: "Print-and-play files: {LINK}"')
    for profile in ("standard", "large-print"):
        found = messages(ws, (profile,))
        assert len(found) == 1, found
        assert found[0].startswith(f"{line}:9: rules: a word is "), found
        page = "the A4 page" if profile == "standard" else "the large-print A4 page"
        assert f"too wide for {page}: 'https://drive.google.com" in found[0]


def test_a_word_that_fits_the_page_but_not_the_booklet_is_refused(ws):
    """Large print sets a page's rules at 179.9 mm and a booklet's at 119.7 mm (standard
    print sets both at 119.7 mm: ``flow.frames.MOST_EMS``)."""
    line = add_rules_text(ws, f'      - text: "Word {"x" * 45}"')
    (found,) = messages(ws, ("large-print",))
    assert found.startswith(f"{line}:9: rules: a word is "), found
    assert "too wide for the large-print A4 booklet page" in found


def test_a_long_word_in_a_list_item_is_reported_at_its_list(ws):
    ws.edit(
        RULES,
        "          - Turn the top two of those eight face up",
        f"          - Long {'x' * 150} word\n          - Turn the top two of those eight face up",
    )
    line = ws.line_of(RULES, "      - steps:")
    found = messages(ws, ("large-print",))
    assert any(m.startswith(f"{line}:9: rules: a word is ") for m in found), found


def test_a_long_word_in_a_worked_example_must_fit_its_box(ws):
    ws.edit(RULES, "      CURRENT is {{", f"      {'x' * 140}\n      CURRENT is {{")
    line = ws.line_of(RULES, f"    text: >-\n      {'x' * 140}")  # the example's own text
    found = messages(ws)
    assert any(
        m.startswith(f"{line}:5: rules: a word is ") and "its table column" in m for m in found
    ), found


def test_a_word_just_short_of_the_booklet_margin_passes(ws):
    add_rules_text(ws, f'      - text: "Word {"x" * 70}"')
    assert messages(ws) == []


# -- 2. text runs under the profile's least size ------------------------------------------
KICKER = 'kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
LAYOUT = "layouts/common-reserve.yaml"


def kick(ws: Workspace, text: str) -> int:
    """The delivery cards' kicker box set to ``text`` (YAML-quoted); its line."""
    return ws.edit(LAYOUT, KICKER, KICKER.replace('"DELIVERY"', text))


def test_small_markup_in_the_rules_is_refused_in_every_profile(ws):
    line = add_rules_text(
        ws, '      - text: "Normal <font size=\\"4\\">tiny words</font> and more."'
    )
    found = messages(ws, ("standard", "large-print"))
    assert found == [
        f"{line}:9: rules: a text run is 4 pt, under the large-print profile's 18 pt"
        " (<font size>, <super> and <sub> set text smaller than its style)",
        f"{line}:9: rules: a text run is 4 pt, under the standard profile's 5.5 pt"
        " (<font size>, <super> and <sub> set text smaller than its style)",
    ]


def test_a_superscript_in_large_print_rules_is_under_18_pt(ws):
    line = add_rules_text(ws, '      - text: "Normal and <super>raised</super>."')
    assert messages(ws) == []  # 10 pt text: its superscript is 8 pt
    (found,) = messages(ws, ("large-print",))
    assert found.startswith(f"{line}:9: rules: a text run is 16 pt, under the large-print")


def test_small_markup_in_a_list_item_is_refused(ws):
    ws.edit(
        RULES,
        "          - Turn the top two of those eight face up",
        '          - "<font size=\\"3\\">Small</font> words"\n'
        "          - Turn the top two of those eight face up",
    )
    line = ws.line_of(RULES, "      - steps:")
    (found,) = messages(ws)
    assert found.startswith(f"{line}:9: rules: a text run is 3 pt"), found


def test_a_profile_whose_sizes_are_under_its_least_size_is_refused(ws):
    text = (PACKAGED / "standard.yaml").read_text()
    assert "\nbody_size: 10\n" in text
    ws.path("layouts/profiles").mkdir(parents=True, exist_ok=True)
    ws.path("layouts/profiles/standard.yaml").write_text(
        text.replace("\nbody_size: 10\n", "\nbody_size: 2\n")
    )
    line = ws.line_of("layouts/profiles/standard.yaml", "body_size: 2")
    (found,) = ws.check("common-reserve")
    assert found.loc.path.endswith("layouts/profiles/standard.yaml")
    assert (found.loc.line, found.loc.col) == (line, 12)
    assert found.message == (
        "body_size 2 pt is under this profile's min_text_size 5.5 pt (no text run may be smaller)"
    )


def test_small_markup_on_a_standard_card_is_refused_at_its_box(ws):
    line = kick(ws, '"<font size=\\"2\\">DELIVERY</font>"')
    found = messages(ws)
    assert found == [
        f"{line}:7: box 'kicker': a text run is 2 pt, under the standard profile's least, 5.5 pt"
        " (<font size>, <super> and <sub> set text smaller than its style)"
    ]


def test_a_superscript_on_a_standard_card_under_the_least_size_is_refused(ws):
    line = kick(ws, '"DELI<super>VERY</super>"')  # 6 pt style: 4.8 pt raised
    (found,) = messages(ws)
    assert found.startswith(f"{line}:7: box 'kicker': a text run is 4.8 pt"), found


def test_large_print_cards_lift_markup_sizes_and_superscripts(ws):
    """Large print sets markup's small runs and superscripts at its body size: no run is
    under its least size. Lifted to 18 pt, the superscript on the kicker's one line (4.5 mm
    from the card's top) stands above it into the 3 mm safe zone, which is said."""
    line = kick(ws, '"<font size=\\"2\\">DE</font>LI<super>VE</super><sub size=\\"3\\">RY</sub>"')
    assert messages(ws, ("large-print",)) == [
        f"{line}:7: text box 'kicker': a <super> or <sub> run reaches 2.4 mm from the trim;"
        " keep text at least 3 mm inside it (move the box in, or the run off its first or"
        " last line)"
    ]


def test_clean_changes_tags_only_never_the_text_between_them():
    """A value from content is text: ``size=7`` on a card printed ``size="18"`` in large
    print, and ``size=XL ok`` lost its words."""
    profile = load_profile(PACKAGED, "large-print")
    for text in ("Hat size=7", "Coat size=XL ok", "fontSize=&quot;3&quot; x", "a &lt;i&gt; b"):
        assert clean(text, profile) == text
    assert clean('<font size="9">Shoe size=9</font>', profile) == (
        '<font size="19.1">Shoe size=9</font>'
    )


MARKUP_LIKE = st.sampled_from(
    [" size=", "fontSize=", ' SIZE="9"', "<i>", "</i>", "<em>", "<font ", ">", "&", '"', "'"]
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(MARKUP_LIKE | st.text(max_size=4), max_size=12).map("".join),
    st.sampled_from(["standard", "large-print", "ink-saver"]),
)
def test_clean_never_changes_a_value_from_content(value, name):
    """Whatever a card says, escaped as every value reaches markup, prints as written in every
    profile: around a tag of the template's own, as alone."""
    profile = load_profile(PACKAGED, name)
    text = str(escape(value))
    assert clean(text, profile) == text
    assert upright(text) == text
    wrapped = clean(f'<font size="9">{text}</font>', profile)
    assert wrapped.startswith("<font size=") and wrapped.endswith(f">{text}</font>")


def test_clean_reads_tags_as_the_parser_does():
    """Names in any case (the parser lowers them), every italic tag, an italic face."""
    profile = load_profile(PACKAGED, "large-print")
    assert not profile.italics
    assert clean('<font SIZE="9">a</font><FONT fontsize="9">b</FONT>', profile) == (
        '<font SIZE="19.1">a</font><FONT fontsize="19.1">b</FONT>'
    )
    assert clean("<em>e</em> <I>i</I> <i >x</i > <b>y</b>", profile) == "e i x <b>y</b>"
    assert clean('<font face="Atkinson-BoldItalic" size="9">f</font>', profile) == (
        '<font face="Atkinson-Bold" size="19.1">f</font>'
    )
    # an attribute's references are read as the parser reads them: &#45; is '-', &#57; '9'
    assert clean('<font face="Atkinson&#45;Italic" size="&#57;">f</font>', profile) == (
        '<font face="Atkinson" size="19.1">f</font>'
    )
    standard = load_profile(PACKAGED, "standard")
    assert standard.italics
    assert clean("<em>e</em>", standard) == "<em>e</em>"


def test_large_print_prints_a_cards_size_words_as_written(ws, tmp_path):
    ws.edit(
        "content/common-reserve/actions.yaml",
        "      Leave the reserve as it is.",
        "      Hat size=7, coat size=XL ok. Leave the reserve as it is.",
    )
    options = Options(profiles=("large-print",), papers=("a4",))
    _outputs, report = build(ws.project, ["common-reserve"], options, tmp_path, progress=_quiet)
    assert not report.errors, report.errors
    with pdfplumber.open(tmp_path / "common-reserve" / "large-print-a4" / "sheets.pdf") as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
    words = " ".join(text.split())
    assert "Hat size=7, coat size=XL ok." in words, words


def test_clean_sets_a_bare_superscript_at_the_body_size():
    profile = load_profile(PACKAGED, "large-print")
    assert clean("a<super>b</super><SUB rise='2'>c</SUB>", profile) == (
        'a<super size="18">b</super><SUB size="18" rise=\'2\'>c</SUB>'
    )


# -- 3. markup colours under the profile's text rules ------------------------------------
WHITE_KICKER = '"<font color=\\"#FFFFFF\\">DELI</font><font color=\\"#000080\\">VERY</font>"'
YELLOW_RULES = (
    '      - text: "A <font color=\\"#FFFF00\\">yellow</font>'
    ' and a <font color=\\"navy\\">navy</font> word."'
)
NAVY = (0.0, 0.0, 0.502)


def word_colours(ws: Workspace, profile: str, tmp: Path) -> dict[tuple[str, str], tuple]:
    """(file, word) → its fill colour, as built in ``profile`` on A4 (cards and rules)."""
    options = Options(profiles=(profile,), papers=("a4",))
    _outputs, report = build(ws.project, ["common-reserve"], options, tmp, progress=_quiet)
    assert not report.errors, report.errors
    found = {}
    for name in ("cards.pdf", "rules.pdf"):
        with pdfplumber.open(tmp / "common-reserve" / f"{profile}-a4" / name) as pdf:
            for page in pdf.pages[:2]:
                for w in page.extract_words(extra_attrs=["non_stroking_color"]):
                    colour = tuple(round(c, 3) for c in w["non_stroking_color"])
                    found.setdefault((name, w["text"]), colour)
    return found


def colour_markup(ws: Workspace) -> None:
    kick(ws, WHITE_KICKER)
    add_rules_text(ws, YELLOW_RULES)


def test_large_print_drops_a_markup_colour_that_misses_its_contrast(ws, tmp_path):
    colour_markup(ws)
    assert messages(ws, ("large-print",)) == []
    got = word_colours(ws, "large-print", tmp_path)
    assert got[("cards.pdf", "DELI")] == (0.0, 0.0, 0.0)  # white on white: its style's black
    assert got[("cards.pdf", "VERY")] == NAVY  # navy on white passes 7:1: kept
    assert got[("rules.pdf", "yellow")] == (0.0, 0.0, 0.0)
    assert got[("rules.pdf", "navy")] == NAVY


def test_ink_saver_prints_markup_colours_black(ws, tmp_path):
    colour_markup(ws)
    got = word_colours(ws, "ink-saver", tmp_path)
    assert got[("cards.pdf", "DELIVERY")] == (0.0, 0.0, 0.0)  # one run now: one word
    assert got[("rules.pdf", "yellow")] == (0.0, 0.0, 0.0)
    assert got[("rules.pdf", "navy")] == (0.0, 0.0, 0.0)


def test_standard_keeps_markup_colours(ws, tmp_path):
    colour_markup(ws)
    got = word_colours(ws, "standard", tmp_path)
    assert got[("cards.pdf", "DELI")] == (1.0, 1.0, 1.0)
    assert got[("rules.pdf", "yellow")] == (1.0, 1.0, 0.0)


def test_only_colour_attributes_of_font_and_span_tags_are_dropped():
    def every(back: bool, colour: str) -> bool:
        return True

    markup = 'set color = red <font size="9" color="red">a</font> <span backColor=#000000>b</span>'
    assert (
        without_colours(markup, every) == 'set color = red <font size="9">a</font> <span>b</span>'
    )
    assert without_colours(markup, lambda back, colour: back) == (
        'set color = red <font size="9" color="red">a</font> <span>b</span>'
    )


# -- 4. cutsheet's own marker characters in content -------------------------------------
DELIVERIES = "content/common-reserve/deliveries.yaml"
MARKED = "character U+{:04X} is not allowed: cutsheet uses it to mark a symbol"


def test_an_icon_marker_in_a_yaml_value_is_refused_where_it_is(ws):
    line = ws.edit(DELIVERIES, "name: Seed Tent", 'name: "Seed \\ue002drop|#FF0000\\ue003 Tent"')
    (found,) = ws.check("common-reserve")
    assert (found.loc.line, found.loc.col) == (line, 11)
    assert found.message.startswith(MARKED.format(0xE002)), found.message


def test_a_read_aloud_marker_in_rules_text_is_refused(ws):
    line = add_rules_text(ws, '      - text: "\\ue004x|y\\ue005z\\ue004\\ue005"')
    (found,) = ws.check("common-reserve")
    assert (found.loc.line, found.loc.col) == (line, 15)
    assert found.message.startswith(MARKED.format(0xE004)), found.message


def test_a_marker_in_a_yaml_key_is_refused(ws):
    line = ws.edit(DELIVERIES, "name: Seed Tent", "name: Seed Tent\n    \ue000R: 1", 1)
    found = ws.check("common-reserve")
    assert any(
        (p.loc.line, p.loc.col) == (line + 1, 5) and p.message.startswith(MARKED.format(0xE000))
        for p in found
    ), found


def test_a_marker_in_a_csv_cell_is_refused_at_its_character(ws):
    cards = "content/bidding-alpha/cards.csv"
    line = ws.edit(cards, "Spare Change", "Spare \ue001Change")
    (found,) = ws.check("bidding-alpha")
    assert (found.loc.line, found.loc.col) == (line, 22)
    assert found.message.startswith("CSV: " + MARKED.format(0xE001)), found.message


def test_a_marker_written_as_a_template_escape_is_refused_at_its_text(ws):
    line = kick(ws, '"{{ \\"\\\\ue002drop|#FF0000\\\\ue003\\" }}"')
    (found,) = messages(ws)
    assert found.startswith(f"{line}:70: box 'kicker': template error: " + MARKED.format(0xE002))


def test_a_marker_a_template_computes_is_refused():
    with pytest.raises(TemplateProblem, match="U\\+E002 is not allowed"):
        render("{{ '%c' % 57346 }}", {})


def test_the_filters_own_symbols_still_print():
    terms = {"R": {"fill": "#D55E00", "name": "Red"}}
    assert "\ue000R|#D55E00\ue001" in render("{{ '5R'|glyphs(terms) }}", {"terms": terms})


def test_a_profile_cannot_let_text_under_4_pt(ws):
    """A probe: a profile with min_text_size 0 and its sizes at 2 and 1 pt built, setting the
    rules at 2 pt and the page's print note at 1 pt. Its least size is 4 pt at the least."""
    text = (PACKAGED / "standard.yaml").read_text()
    ws.path("layouts/profiles").mkdir(parents=True, exist_ok=True)
    ws.path("layouts/profiles/standard.yaml").write_text(
        text.replace("\nmin_text_size: 5.5\n", "\nmin_text_size: 0\n")
    )
    line = ws.line_of("layouts/profiles/standard.yaml", "min_text_size: 0")
    (found,) = ws.check("common-reserve")
    assert (found.loc.line, found.loc.col) == (line, 16)
    assert found.message == "min_text_size: input should be greater than or equal to 4, got 0"
