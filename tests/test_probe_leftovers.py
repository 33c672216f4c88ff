"""What the hostile-input probe left: five small defects, each now a located message that
reads like its neighbours (the probe's item 17 and its "not fixed" notes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from cutsheet.cli import main
from cutsheet.layouts import PACKAGED
from cutsheet.text import TemplateProblem, render

from .conftest import Workspace

RULES = "content/common-reserve/rules.yaml"
LAYOUT = "layouts/common-reserve.yaml"
ANCHOR = "      - text: >-\n          This is an original"
KICKER = 'kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'


def add_rules_text(ws: Workspace, line: str) -> int:
    """Put a rules paragraph (``line``, a YAML block entry) before an existing one; its line."""
    return ws.edit(RULES, ANCHOR, f"{line}\n{ANCHOR}")


def kick(ws: Workspace, text: str) -> int:
    """The delivery cards' kicker box set to ``text`` (YAML-quoted); its line."""
    return ws.edit(LAYOUT, KICKER, KICKER.replace('"DELIVERY"', text))


def said(ws: Workspace, profiles: tuple[str, ...] = ("standard",)) -> list[str]:
    """Each problem of common-reserve as ``line:col: subject, message``."""
    return [f"{p.loc.line}:{p.loc.col}: {p.text}" for p in ws.check("common-reserve", profiles)]


# -- 1. an unclosed tag names what it is in, as its neighbours do -----------------------
def test_an_unclosed_tag_in_the_rules_names_the_rules(ws):
    line = add_rules_text(ws, '      - text: "a <b c"')
    assert said(ws) == [
        f"{line}:9: rules: bad markup: <b> is never closed"
        " (a tag ends with '>', and '<' alone is written &lt;)"
    ]


def test_an_unclosed_tag_in_a_layout_names_the_cards_it_is_on(ws):
    line = kick(ws, '"<b>x"')
    col = (ws.root / LAYOUT).read_text().splitlines()[line - 1].index('"<b>x') + 1  # its text
    assert said(ws) == [
        f"{line}:{col}: CR-SEED-TENT (and 11 more), box 'kicker': bad markup: <b> is never closed"
    ]


# -- 2. a project paper named like one of cutsheet's own is said to replace it ------------
A4_WARNING = "warning: paper 'a4' replaces cutsheet's own A4 (210 × 297 mm)"


def own_papers(root: Path, papers: str) -> int:
    """A ``papers:`` table (``papers``, its lines) in the mini game's layout; its first line."""
    layout = root / "layouts" / "mini.yaml"
    text = layout.read_text()
    assert text.startswith("include: [base.yaml]\n")
    layout.write_text(text.replace("\n", f"\npapers:\n{papers}", 1))
    return 3


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main([*args, "--profile", "standard", "--paper", "a4"])
    return code, capsys.readouterr().err.splitlines()


def test_a_project_paper_named_a4_is_a_warning_at_its_definition(mini, capsys):
    line = own_papers(mini, "  a4: {size: [200, 280]}\n")
    warning = f"layouts/mini.yaml:{line}:3: {A4_WARNING}"
    code, said = run(capsys, "check", "mini")
    assert code == 0 and warning in said, said
    assert not [s for s in said if ": error: " in s], said
    code, said = run(capsys, "build", "mini", "--jobs", "1")
    assert code == 0 and warning in said, said
    cards = PdfReader(mini / "build" / "mini" / "standard-a4" / "cards.pdf")
    assert {round(float(p.mediabox.width) * 25.4 / 72) for p in cards.pages} == {200}


def test_a_new_paper_or_a_copy_of_base_yaml_says_nothing(mini, capsys):
    own_papers(mini, "  square-250: {size: [250, 250]}\n")
    shutil.copy(PACKAGED / "base.yaml", mini / "layouts" / "base.yaml")  # the project's own
    code, said = run(capsys, "check", "mini")
    assert code == 0 and not [s for s in said if ": warning: " in s or ": error: " in s], said


# -- 3. a text colour on a back colour, both set in markup, is held to the contrast -------
PAIR = "text #0000EE on #AAAAAA has contrast 4.0:1, under 7:1"  # each passes alone


def test_a_markup_colour_on_a_markup_back_colour_is_held_to_large_prints_contrast(ws):
    box = kick(ws, '"<font color=\\"#0000EE\\" backColor=\\"#AAAAAA\\">DELIVERY</font>"')
    block = add_rules_text(
        ws, '      - text: "A <span color=\\"#0000EE\\" backcolor=\\"#AAAAAA\\">dim</span> word."'
    )
    assert said(ws, ("large-print",)) == [
        f"{block}:9: rules: {PAIR}",
        f"{box}:7: CR-SEED-TENT (and 11 more), box 'kicker': {PAIR}",
    ]
    assert said(ws) == []  # the standard profile enforces no contrast


def test_a_back_colour_around_a_coloured_run_is_held_to_it_too(ws):
    line = add_rules_text(
        ws,
        '      - text: "<span backColor=\\"#AAAAAA\\">a <font color=\\"#0000EE\\">dim</font>'
        ' word</span>."',
    )
    assert said(ws, ("large-print",)) == [f"{line}:9: rules: {PAIR}"]


# -- 4. a marker in a template's output must be one the glyphs or icon filter made --------
TERMS = {"R": {"fill": "#D55E00", "name": "Red"}}
FORGED = "template prints character U+{:04X}, which cutsheet uses to mark a symbol"


def test_a_marker_joined_to_the_glyphs_filters_output_is_refused_at_its_text(ws):
    line = kick(ws, "\"{{ ('DELIVERY'|glyphs({})) ~ ('%c' % 57346) ~ 'drop|#FF0000' }}\"")
    (found,) = ws.check("common-reserve")
    assert (found.loc.line, found.loc.col) == (line, 70)
    assert found.message.startswith("box 'kicker': " + FORGED.format(0xE002)), found.message


@pytest.mark.parametrize(
    ("template", "char"),
    [
        (
            "{{ ('5R'|glyphs(terms)) ~ ('%c' % 57346) }}drop|#FF0000{{ '%c'|format(57347)|safe }}",
            0xE002,
        ),
        ("{{ ('%c' % 57348)|safe }}x|y{{ ('%c' % 57349)|safe }}z", 0xE004),
        ("{{ ('5R'|glyphs(terms))[:1] }}said{{ ('5R'|glyphs(terms))[-2:] }}", 0xE004),
    ],
)
def test_a_marker_the_filters_did_not_make_whole_is_refused(template, char):
    with pytest.raises(TemplateProblem) as refused:
        render(template, {"terms": TERMS})
    assert str(refused.value).startswith(FORGED.format(char)), refused.value


def test_the_filters_own_symbols_print_however_they_are_joined():
    printed = render(
        "{{ 'drop'|icon }} {{ ['5R', 'R']|map('glyphs', terms)|join(', ') }}"
        " {{ 'R'|glyphs({'R': {'fill': '#0072B2'}}) }}",  # its terms a constant: not folded
        {"terms": TERMS},
    )
    assert printed.count("\ue004") == 6 and "\ue002drop|#000000\ue003" in printed
    assert "\ue000R|#0072B2\ue001" in printed


# -- 5. a word too wide for a worked example is reported where the example writes it -----
LINK = "https://example.org/print-and-play/" + "x" * 90


def test_a_long_word_in_a_worked_examples_text_is_reported_at_its_text(ws):
    ws.edit(
        RULES, "      missing, so the delivery", f"      {LINK}\n      missing, so the delivery"
    )
    text = ws.line_of(RULES, "    text: >-\n      CURRENT is")
    found = [m for m in said(ws) if "a word is" in m]  # not at '- example: full-delivery'
    assert len(found) == 1 and found[0].startswith(f"{text}:5: rules: a word is "), found


def test_a_long_word_in_a_worked_examples_title_is_reported_at_its_title(ws):
    line = ws.edit(
        RULES,
        'title: "Worked example: one unit short"',
        f'title: "Worked example: one unit short, {LINK}"',
    )
    found = [m for m in said(ws) if "a word is" in m]
    assert len(found) == 1 and found[0].startswith(f"{line}:5: rules: a word is "), found
