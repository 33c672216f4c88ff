"""A rules or sheet block given ``profiles:`` prints under those profiles only: a card figure
too large for large print's pages can be kept to standard print (a designer had no way to),
while its text says the same in every profile. A name that is no profile, or an empty list,
is an error at its place."""

from __future__ import annotations

import pdfplumber
import pytest

from cutsheet.build import Options, build

from .conftest import Workspace, _quiet

RULES = "content/common-reserve/rules.yaml"
ANCHOR = "      - text: >-\n          This is an original"
ONLY = "Only standard print says this."


def _add(ws: Workspace, profiles: str) -> int:
    block = f'      - text: "{ONLY}"\n        profiles: {profiles}\n'
    return ws.edit(RULES, ANCHOR, block + ANCHOR)


def test_a_block_prints_only_under_its_profiles(ws: Workspace, tmp_path):
    _add(ws, "[standard]")
    options = Options(profiles=("standard", "large-print"), papers=("a4",))
    _o, report = build(ws.project, ["common-reserve"], options, tmp_path, progress=_quiet)
    assert not report.errors, report.errors

    def text(profile: str, doc: str) -> str:
        path = tmp_path / "common-reserve" / f"{profile}-a4" / doc
        with pdfplumber.open(path) as pdf:
            return " ".join((p.extract_text() or "") for p in pdf.pages)

    for doc in ("rules.pdf", "rules-booklet.pdf"):
        assert ONLY in " ".join(text("standard", doc).split())
        assert "Only standard print" not in text("large-print", doc)


def test_a_blocks_unknown_profile_is_an_error_at_its_name(ws: Workspace):
    line = _add(ws, "[standard, larg-print]")
    said = [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in ws.check("common-reserve")]
    assert said == [
        f"{line + 1}:30: profiles: no profile 'larg-print'; did you mean 'large-print'?"
    ]


def test_a_block_for_no_profile_is_an_error(ws: Workspace):
    line = _add(ws, "[]")
    said = [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in ws.check("common-reserve")]
    assert said == [f"{line + 1}:19: profiles: lists no profile, so it prints nowhere"]


@pytest.mark.parametrize(
    ("written", "col", "said"),
    [
        ("[standard, standard]", 30, "profiles: 'standard' is listed twice (item 1 too)"),
        (
            "",
            18,
            "profiles: empty; list the profiles it prints in, e.g. [standard], or leave the"
            " key out to print it in every profile",
        ),
        (
            "standard",
            19,
            "sections.blocks.profiles: input should be a list, got 'standard' (a list of one"
            " is written in brackets: [standard])",
        ),
    ],
)
def test_a_slip_in_a_blocks_profiles_is_said_where_it_is(ws: Workspace, written, col, said):
    """A name listed twice, and ``profiles:`` left empty (which read as "every profile",
    the opposite of a list left to fill in, while the schema refused it), passed check; a
    single name without brackets got pydantic's "valid list" alone (reviews)."""
    line = _add(ws, written)
    got = [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in ws.check("common-reserve")]
    assert got == [f"{line + 1}:{col}: {said}"]


def test_profiles_is_no_block_kind_of_its_own(ws: Workspace):
    """``profiles:`` beside nothing is a block without a kind, said as before."""
    ws.edit(RULES, ANCHOR, "      - profiles: [standard]\n" + ANCHOR)
    said = [p.message for p in ws.check("common-reserve")]
    assert len(said) == 1 and "a block has exactly one of: heading, text" in said[0], said
    assert "profiles" not in said[0].split("one of: ")[1], said


def test_the_schema_takes_profiles_beside_one_block_kind():
    """The schema editors read said "too many properties" for every `profiles:` (review)."""
    import json
    from pathlib import Path

    import jsonschema

    schema = json.loads((Path(__file__).parents[1] / "schema" / "rules.schema.json").read_text())
    block = {"$ref": "#/$defs/Block", "$defs": schema["$defs"]}
    ok = jsonschema.Draft202012Validator(block)
    assert ok.is_valid({"text": "x", "profiles": ["standard"]})
    assert ok.is_valid({"text": "x"})
    assert not ok.is_valid({"profiles": ["standard"]})  # no kind
    assert not ok.is_valid({"text": "x", "bullets": ["y"]})  # two kinds
    assert not ok.is_valid({"text": "x", "bullets": ["y"], "profiles": ["standard"]})
    assert not ok.is_valid({"text": "x", "profiles": []})  # as check refuses it
    assert not ok.is_valid({"text": "x", "profiles": ["standard", "standard"]})
    assert not ok.is_valid({"text": "x", "profiles": ["large-prnt"]})
    assert not ok.is_valid({"text": "x", "profiles": None})
    layout = json.loads((Path(__file__).parents[1] / "schema" / "layout.schema.json").read_text())
    paper = {"size": [148, 210]}  # a paper's name is a slug there too (it names a folder)
    assert jsonschema.Draft202012Validator(layout).is_valid({"papers": {"a5": paper}})
    assert not jsonschema.Draft202012Validator(layout).is_valid({"papers": {"A5": paper}})
    assert not jsonschema.Draft202012Validator(layout).is_valid({"papers": {"../x": paper}})
    game = json.loads((Path(__file__).parents[1] / "schema" / "game.schema.json").read_text())
    component = game["$defs"]["ComponentSpec"]["properties"]["profiles"]
    assert component == {**component, "minItems": 1, "uniqueItems": True}, component


def test_a_key_named_profiles_elsewhere_is_still_read_as_templates(ws: Workspace):
    """Only a block's `profiles:` is a list of profiles: an example named `profiles` keeps
    its text's profile comparisons checked (review)."""
    ws.edit(
        RULES,
        "examples:\n",
        "examples:\n  profiles:\n    title: A title\n    data: {}\n"
        "    text: \"{% if profile == 'larg-print' %}big{% endif %}\"\n",
    )
    said = [p.message for p in ws.check("common-reserve")]
    assert any("larg-print" in m and "did you mean 'large-print'" in m for m in said), said


SECTION = "  - heading: Keeping the reserve honest\n"


def test_a_section_whose_blocks_are_all_for_other_profiles_is_left_out(ws: Workspace, tmp_path):
    """Its heading would head nothing (review): the whole section goes in that profile."""
    extra = "  - heading: Standard only\n    blocks:\n      - text: Small print.\n"
    ws.edit(RULES, SECTION, extra + "        profiles: [standard]\n" + SECTION)
    options = Options(profiles=("standard", "large-print"), papers=("a4",))
    _o, report = build(ws.project, ["common-reserve"], options, tmp_path, progress=_quiet)
    assert not report.errors, report.errors
    for profile, shown in (("standard", True), ("large-print", False)):
        path = tmp_path / "common-reserve" / f"{profile}-a4" / "rules.pdf"
        with pdfplumber.open(path) as pdf:
            text = " ".join((p.extract_text() or "") for p in pdf.pages)
        assert ("Standard only" in text) == shown, profile


def test_a_heading_left_last_by_a_profile_is_said_with_the_profile(ws: Workspace):
    heading = "  - heading: Odd\n    blocks:\n      - text: First.\n      - heading: Sub\n"
    ws.edit(
        RULES,
        SECTION,
        heading + "      - text: Only standard.\n        profiles: [standard]\n" + SECTION,
    )
    found = ws.problems("common-reserve", ("large-print",))
    said = [p.message for p in found if p.severity == "warning"]
    assert any(
        "ends with this heading in the large-print profile, which heads nothing" in m for m in said
    ), said


def test_a_sheet_whose_blocks_are_all_for_other_profiles_is_said(tmp_path, capsys):
    """Its sheet would print only its title there (review): a warning, with what to do."""
    from .corpus_cases import make_project, run

    root = make_project(tmp_path)
    game = root / "content" / "tiny" / "game.yaml"
    text = game.read_text()
    text = text.replace(
        '          - text: "Score here."\n          - track: {label: Score, start: 0, stop: 10}\n',
        '          - text: "Score here."\n            profiles: [standard]\n'
        "          - track: {label: Score, start: 0, stop: 10}\n            profiles: [standard]\n",
    )
    game.write_text(text)
    out = run(root, capsys, "check", "--profile", "large-print")
    assert out.code == 0, out.stderr
    assert any(
        "TY-BOARD: its sheet prints only its title in the large-print profile (every block is"
        " for other profiles: a sheet for some profiles only is a component of its own, given"
        " `profiles:`)" in line
        for line in out.problems
    ), out.stderr


def test_a_profile_saved_as_yml_is_named_where_a_block_names_it(ws: Workspace):
    """``profiles: [comfy]`` with layouts/profiles/comfy.yml: the file is named, with the
    ending it needs, as ``--profile comfy`` says it (review)."""
    import shutil

    from cutsheet.profile_files import PACKAGED

    (ws.root / "layouts" / "profiles").mkdir(exist_ok=True)
    shutil.copy(PACKAGED / "standard.yaml", ws.root / "layouts" / "profiles" / "comfy.yml")
    _add(ws, "[comfy]")
    said = [p.message for p in ws.check("common-reserve")]
    assert said == [
        "profiles: no profile 'comfy'; layouts/profiles/comfy.yml is not read: a profile's file"
        " ends in .yaml (rename it comfy.yaml)"
    ], said


def test_a_heading_last_in_every_profile_is_said_once_without_a_profile(ws: Workspace):
    """A block for other profiles before the heading does not make it a profile's (review:
    two warnings at one line, one naming the standard profile)."""
    heading = (
        "  - heading: Odd\n    blocks:\n      - text: Large only.\n"
        "        profiles: [large-print]\n      - heading: Sub\n"
    )
    ws.edit(RULES, SECTION, heading + SECTION)
    said = {
        p.message
        for profile in ("standard", "large-print")
        for p in ws.problems("common-reserve", (profile,))
        if p.severity == "warning" and "heads nothing" in p.message
    }
    assert said == {
        "rules: the section 'Odd' ends with this heading, which heads nothing (move it, or add"
        " what it heads)"
    }, said


def test_rules_left_with_no_section_in_a_profile_are_said(tmp_path, capsys):
    """Every section for other profiles: that profile's rules print only their title, as a
    sheet left so does, and are said alike (review)."""
    from .corpus_cases import make_project, run

    root = make_project(tmp_path)
    rules = root / "content" / "tiny" / "rules.yaml"
    rules.write_text(
        "title: Tiny\nsections:\n  - heading: Play\n    blocks:\n"
        "      - text: Standard only.\n        profiles: [standard]\n"
    )
    out = run(root, capsys, "check", "--profile", "large-print")
    assert out.code == 0, out.stderr
    assert any(
        "rules: every section is for other profiles than large-print, whose rules print only"
        " their title" in line
        for line in out.problems
    ), out.stderr


def test_a_too_long_profile_name_is_said_not_raised(tmp_path):
    """A profile name longer than a file name may be: the .yml look-up says nothing rather
    than end the check (review)."""
    from cutsheet.profile_files import misnamed_profile

    (tmp_path / "profiles").mkdir()
    assert misnamed_profile(tmp_path, "é" * 200) == ""
    assert misnamed_profile(tmp_path, "a\0b") == ""
