"""``check`` is ``build`` without writing: small random edits to real games' content, layouts,
templates and CSV never make the two disagree.

The games are the corpus's tiny game and the repository's own (each built alone, in a copy of
its content folder and the layouts). For every edit: no exception escapes either command;
both exit with the same code and the same located problems; a build that fails writes no PDF
and leaves the last good ones as they were, and a build that passes writes its PDFs. A few
derandomized examples run in ``make test``; ``make fuzz`` runs a long random campaign
(``-m fuzz``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutsheet.layouts import PACKAGED as PACKAGED_LAYOUTS

from .conftest import ROOT
from .corpus_cases import BASE, LAST_GOOD, SECRET, make_project, run, seed_last_good, written

GAMES = ("tiny", "bidding-alpha", "common-reserve", "festival-charter", "festivibes")


def _files(game: str) -> list[tuple[str, str]]:
    """(project-relative path, text) of every file a game's build reads that one may edit."""
    base = BASE if game == "tiny" else ROOT
    paths = sorted((base / "content" / game).glob("*.yaml"))
    paths += sorted((base / "content" / game).glob("*.csv"))
    paths += [base / "layouts" / f"{game}.yaml"]
    files = [(str(p.relative_to(base)), p.read_text()) for p in paths]
    if game != "tiny":  # the packaged base.yaml, edited as the project's own copy
        files.append(("layouts/base.yaml", (PACKAGED_LAYOUTS / "base.yaml").read_text()))
    return files


FILES = {game: _files(game) for game in GAMES}


def _project(tmp: Path, game: str) -> Path:
    """A project holding ``game`` alone (and, for a real game, the repository's layouts)."""
    if game == "tiny":
        return make_project(tmp)
    root = tmp / "project"
    shutil.copytree(ROOT / "content" / game, root / "content" / game)
    shutil.copytree(ROOT / "layouts", root / "layouts")
    make_project(tmp / "unused")  # the files outside a project that an edit may name
    shutil.copytree(tmp / "unused" / "outside", tmp / "outside")
    return root


# Pieces that a slip of the keyboard, a paste or a hostile author might put anywhere.
TOKENS = (
    ",",
    ";",
    ":",
    "\n",
    "\t",
    " ",
    "-",
    '"',
    "'",
    "{",
    "}",
    "[",
    "]",
    "#",
    "&",
    "*x",
    "&x ",
    "<<: *x",
    "{{",
    "}}",
    "{%",
    "%}",
    "{{ 1/0 }}",
    "{{ 'x' * 10**9 }}",
    "{% for i in range(10**9) %}x{% endfor %}",
    "{% include 'a' %}",
    "{{ nmae }}",
    "{{ cost }}",
    "{{ rule|glyphs(terms) }}",
    "{{ 'dorp'|icon }}",
    "<b>",
    "</b>",
    "<br/>",
    "<img src='/etc/passwd'/>",
    "<font name='Courier'>",
    "<font size='900'>",
    "<onDraw name=x/>",
    "#ZZZZZZ",
    "none",
    "0",
    "-1",
    "1000000000000",
    ".nan",
    ".inf",
    "1e9",
    "null",
    "~",
    "true",
    "yes",
    "../../outside/secret.csv",
    "/etc/passwd",
    "art.png",
    "base.yaml",
    "card",
    "TY-A",
    "plain",
    "stage",
    "when: ",
    "kind: image",
    "kind: cells",
    "copies",
    "count: 3",
    "\u00e9\u2603\U0001f600",
)


@st.composite
def mutations(draw: st.DrawFn, games: tuple[str, ...] = GAMES) -> tuple[str, str, str]:
    """A game, one of its files, and that file with one to three small edits: a token
    inserted, a span deleted or replaced, a line doubled, some text typed."""
    game = draw(st.sampled_from(games))
    rel, text = draw(st.sampled_from(FILES[game]))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "double", "text"]))
        if kind == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)) :]
        elif kind == "replace":
            token = draw(st.sampled_from(TOKENS))
            text = text[:at] + token + text[at + draw(st.integers(1, 8)) :]
        elif kind == "double":
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            end = len(text) if end == -1 else end + 1
            text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:at] + draw(st.text(max_size=6)) + text[at:]
    return game, rel, text


def _agree(mutation: tuple[str, str, str], tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, rel, text = mutation
    root = _project(tmp, game)
    (root / rel).write_text(text)
    checked = run(root, capsys, "check", game, "--profile", "standard", "--paper", "a4")
    out = tmp / "out"
    before = seed_last_good(out)
    built = run(
        root, capsys, "build", game, "--profile", "standard", "--paper", "a4", "--jobs", "1",
        "--out", str(out),
    )  # fmt: skip
    assert (built.code, built.problems) == (checked.code, checked.problems), (
        f"check:\n{checked.stderr}\nbuild:\n{built.stderr}"
    )
    for shown in (checked.stderr, built.stderr):
        assert "Traceback" not in shown and SECRET not in shown and "root:x:" not in shown
    after = written(out)
    pdfs = {k for k in after if k.endswith(".pdf")}
    old = {k for k in before if k.endswith(".pdf")}
    manifest = json.loads(after["manifest.json"])["outputs"]
    if checked.code:  # nothing written, the last good PDFs as they were
        assert pdfs == old and all(after[k] == before[k] for k in pdfs)
        assert manifest == []
    else:  # every part of the game, listed in the manifest
        new = {e["path"] for e in manifest if e["path"].endswith(".pdf")}
        licence = f"{game}/standard-a4/font-licences/OFL-AtkinsonHyperlegible.txt"
        assert {e["path"] for e in manifest} - new == {licence} and licence in after
        assert new <= pdfs and {f"{game}/standard-a4/{p}.pdf" for p in ("rules", "cards")} <= new
        assert LAST_GOOD not in {after[k] for k in new}


@settings(
    max_examples=14,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutation=mutations())
def test_check_and_build_agree_on_edited_content(mutation, tmp_path_factory, capsys):
    _agree(mutation, tmp_path_factory.mktemp("edit"), capsys)


@pytest.mark.fuzz
@settings(
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutation=mutations())
def test_check_and_build_agree_on_edited_content_campaign(mutation, tmp_path_factory, capsys):
    _agree(mutation, tmp_path_factory.mktemp("edit"), capsys)
