"""Text the checks must not let through: a word too long for the rules' lines, a text run
under the profile's least size, a markup colour that escapes the profile's contrast rule,
and cutsheet's own marker characters in content. Each is reported by ``check`` at the text's
place in the YAML, as ``build`` reports it."""

from __future__ import annotations

from cutsheet.plan.scale.styles import clean
from cutsheet.profile_files import PACKAGED
from cutsheet.profiles import load_profile

from .conftest import Workspace

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
        assert "too wide for the A4 page: 'https://drive.google.com" in found[0]


def test_a_word_that_fits_the_page_but_not_the_booklet_is_refused(ws):
    line = add_rules_text(ws, f'      - text: "Word {"x" * 80}"')
    (found,) = messages(ws)
    assert found.startswith(f"{line}:9: rules: a word is "), found
    assert "booklet page" in found


def test_a_long_word_in_a_list_item_is_reported_at_its_list(ws):
    ws.edit(
        RULES,
        "          - Turn the top two cards face up",
        f"          - Long {'x' * 150} word\n          - Turn the top two cards face up",
    )
    line = ws.line_of(RULES, "      - steps:")
    found = messages(ws, ("large-print",))
    assert any(m.startswith(f"{line}:9: rules: a word is ") for m in found), found


def test_a_long_word_in_a_worked_example_must_fit_its_box(ws):
    ws.edit(RULES, "      CURRENT is {{", f"      {'x' * 140}\n      CURRENT is {{")
    line = ws.line_of(RULES, "- example: full-delivery")
    found = messages(ws)
    assert any(
        m.startswith(f"{line}:9: rules: a word is ") and "its table column" in m for m in found
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
        "          - Turn the top two cards face up",
        '          - "<font size=\\"3\\">Small</font> words"\n'
        "          - Turn the top two cards face up",
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
        f"{line}:7: box 'kicker': a text run is 2 pt, under this profile's 5.5 pt"
        " (<font size>, <super> and <sub> set text smaller than its style)"
    ]


def test_a_superscript_on_a_standard_card_under_the_least_size_is_refused(ws):
    line = kick(ws, '"DELI<super>VERY</super>"')  # 6 pt style: 4.8 pt raised
    (found,) = messages(ws)
    assert found.startswith(f"{line}:7: box 'kicker': a text run is 4.8 pt"), found


def test_large_print_cards_lift_markup_sizes_and_superscripts(ws):
    kick(ws, '"<font size=\\"2\\">DE</font>LI<super>VE</super><sub size=\\"3\\">RY</sub>"')
    assert messages(ws, ("large-print",)) == []


def test_clean_sets_a_bare_superscript_at_the_body_size():
    profile = load_profile(PACKAGED, "large-print")
    assert clean("a<super>b</super><SUB rise='2'>c</SUB>", profile) == (
        'a<super size="18">b</super><SUB size="18" rise=\'2\'>c</SUB>'
    )
