"""What the hostile-input probe left: five small defects, each now a located message that
reads like its neighbours (the probe's item 17 and its "not fixed" notes)."""

from __future__ import annotations

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
    assert said(ws) == [
        f"{line}:7: CR-SEED-TENT (and 11 more), box 'kicker': bad markup: <b> is never closed"
    ]
