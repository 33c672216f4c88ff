"""Text the checks must not let through: a word too long for the rules' lines, a text run
under the profile's least size, a markup colour that escapes the profile's contrast rule,
and cutsheet's own marker characters in content. Each is reported by ``check`` at the text's
place in the YAML, as ``build`` reports it."""

from __future__ import annotations

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
