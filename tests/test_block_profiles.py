"""A rules or sheet block given ``profiles:`` prints under those profiles only: a card figure
too large for large print's pages can be kept to standard print (a designer had no way to),
while its text says the same in every profile. A name that is no profile, or an empty list,
is an error at its place."""

from __future__ import annotations

import pdfplumber

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


def test_profiles_is_no_block_kind_of_its_own(ws: Workspace):
    """``profiles:`` beside nothing is a block without a kind, said as before."""
    ws.edit(RULES, ANCHOR, "      - profiles: [standard]\n" + ANCHOR)
    said = [p.message for p in ws.check("common-reserve")]
    assert len(said) == 1 and "a block has exactly one of: heading, text" in said[0], said
    assert "profiles" not in said[0].split("one of: ")[1], said
