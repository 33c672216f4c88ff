"""``check`` is ``build`` without writing: small random edits to a real game's content,
layouts, templates and CSV (the corpus's tiny game) never make the two disagree.

For every edit: no exception escapes either command; both exit with the same code and the
same located problems; a build that fails writes no PDF and leaves the last good ones as
they were, and a build that passes writes its PDFs. A few derandomized examples run in
``make test``; ``make fuzz`` runs a long random campaign (``-m fuzz``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .corpus_cases import BASE, LAST_GOOD, SECRET, check, make_project, run, seed_last_good, written

FILES = (
    "content/tiny/game.yaml",
    "content/tiny/cards.csv",
    "content/tiny/rules.yaml",
    "layouts/tiny.yaml",
)
TEXTS = {rel: (BASE / rel).read_text() for rel in FILES}

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
def mutations(draw: st.DrawFn) -> tuple[str, str]:
    """One of the tiny game's files with one to three small edits: a token inserted, a span
    deleted or replaced, a line doubled."""
    rel = draw(st.sampled_from(FILES))
    text = TEXTS[rel]
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
    return rel, text


def _agree(mutation: tuple[str, str], tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rel, text = mutation
    root = make_project(tmp)
    (root / rel).write_text(text)
    checked = check(root, capsys)
    out = tmp / "out"
    before = seed_last_good(out)
    built = run(
        root, capsys, "build", "--profile", "standard", "--paper", "a4", "--jobs", "1",
        "--out", str(out),
    )  # fmt: skip
    assert (built.code, built.problems) == (checked.code, checked.problems), (
        f"check:\n{checked.stderr}\nbuild:\n{built.stderr}"
    )
    for shown in (checked.stderr, built.stderr):
        assert "Traceback" not in shown and SECRET not in shown and "root:x:" not in shown
    after = written(out)
    pdfs = {k for k in after if k.endswith(".pdf")}
    if checked.code:
        assert all(after[k] == before[k] for k in pdfs) and pdfs == {
            k for k in before if k.endswith(".pdf")
        }
        assert json.loads(after["manifest.json"])["outputs"] == []
    else:  # cards, sheets, rules and the booklet, the last good ones replaced
        parts = ("cards", "sheets", "rules", "rules-booklet")
        assert pdfs == {f"tiny/standard-a4/{part}.pdf" for part in parts}, built.stderr
        assert LAST_GOOD not in {after[k] for k in pdfs}


@settings(
    max_examples=12,
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
