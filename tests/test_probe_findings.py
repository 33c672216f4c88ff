"""What the second hostile-input probe found: each a message said where its neighbours say it,
or a located error where there was a traceback or silence."""

from __future__ import annotations

import pytest

from cutsheet.cli import main

from .test_probe_leftovers import A4_WARNING, RULES, add_rules_text, own_papers, said


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
    assert said(ws) == [f"{line}:9: rules: template uses an unknown name: 'nmae' is undefined"]


def test_a_template_error_in_a_sheet_names_the_sheet(ws):
    sheet = "content/common-reserve/reserve-sheet.yaml"
    anchor = "      - text: >-\n          Circle the current amount"
    line = ws.edit(sheet, anchor, f'      - text: "{{{{ nmae }}}}"\n{anchor}')
    assert said(ws) == [f"{line}:9: CR-RESERVE: template uses an unknown name: 'nmae' is undefined"]
