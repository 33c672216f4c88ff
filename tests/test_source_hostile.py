"""Hostile and broken content files: each one fails fast with one located ContentError.

The fixtures live in ``tests/corpus/source/``, one per kind of mistake; the big ones (a
9 MiB file, a million nested brackets) are written to ``tmp_path`` here.
Each case must end in a ContentError: any other exception (RecursionError, MemoryError,
a ValueError from the parser) fails the test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cutsheet.diagnostics import ContentError
from cutsheet.source import csv_reader, load_any, yaml_compose, yaml_reader
from cutsheet.source.yaml_schema import PyCoreLoader

CORPUS = Path(__file__).parent / "corpus" / "source"

ALIASES = (
    "aliases build more than 1,000,000 values (aliases of aliases multiply);"
    " write the values out or use fewer aliases"
)
TOO_DEEP = "lists and mappings nest more than 64 levels deep"
CSV_SEPARATOR = "save it comma-separated (or quote cells that hold commas)"

YAML_CASES = {
    "alias_bomb.yaml": f"8:8: {ALIASES}",
    "deep_flow.yaml": f"1:65: {TOO_DEEP}",
    "deep_block_list.yaml": f"1:129: {TOO_DEEP}",
    "deep_block_mapping.yaml": f"65:129: {TOO_DEEP}",
    "self_reference.yaml": "1:8: alias '*x' is inside the collection it names (anchored at line 1)",
    "self_merge.yaml": "3:7: alias '*x' is inside the collection it names (anchored at line 1)",
    "undefined_alias.yaml": (
        "2:11: alias '*three' has no anchor before it (text that starts with '*' is written"
        ' in quotes: "*three")'
    ),
    "duplicate_anchor.yaml": "2:4: anchor '&deck' is already defined at line 1",
    # YAML would print 'cubes than anyone': the '&more' the editor typed is lost
    "anchor_as_text.yaml": "3:9: '&more' is read as a YAML anchor, not as text, and would not"
    " print; text that starts with '&' is written in quotes: \"&more cubes than anyone\"",
    "alias_too_deep.yaml": "2:9: this alias nests lists and mappings more than 64 levels deep",
    "control_character.yaml": "1:11: YAML: character U+0007 is not allowed; remove it, or write"
    ' it as "\\x07" inside a double-quoted value',
    "second_document.yaml": "2:1: YAML syntax: a second document; a content file holds one",
    "python_tag.yaml": "1:7: unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'",
    "binary_tag.yaml": "1:7: unsupported YAML tag 'tag:yaml.org,2002:binary'",
    "bad_explicit_int.yaml": "1:7: 'three' is not a valid !!int",
    "long_duplicate_key.yaml": (
        f"2:1: duplicate key '{'k' * 60}…' (1,000 characters) (first defined at line 1)"
    ),
    "not_utf8.yaml": "1:10: not UTF-8 text: byte 0xE9 cannot be read here; save the file as UTF-8",
    "merge_a_list.yaml": "5:7: '<<' merges a mapping (an anchor like *deck)",
    # at the quote, not at the end of the file where the parser gave up ("end of stream")
    "unclosed_quote.yaml": "4:11: YAML syntax: this quote is never closed (a quoted value ends"
    " with the same quote; a ' inside '…' is written '', a \" inside \"…\" is written \\\")",
}

CSV_CASES = {
    "semicolon.csv": f"1:1: this CSV is separated by ';'; {CSV_SEPARATOR}",
    "tab.csv": f"1:1: this CSV is separated by tabs; {CSV_SEPARATOR}",
    "short_row.csv": (
        "3:11: row has 2 cells but the header names 3 fields; no cell for 'cost'"
        " (end the row with commas to leave its last cells empty; a cell left out in the"
        " middle moves every cell after it one column left: an empty cell there is two commas)"
    ),
    "long_row.csv": (
        "2:15: row has 3 cells but the header names 2 fields; a cell that holds a comma is"
        ' written in double quotes: "Gain 2, then pass"'
    ),
    "duplicate_column.csv": "1:9: duplicate column 'id' (first at duplicate_column.csv:1:1)",
    "blank_header.csv": "1:1: the header (line 1) is empty: it names the columns, e.g. id,name",
    "wide_header.csv": "1:4891: the header names 1,001 columns, over the 1,000 limit",
    "control_character.csv": "2:9: CSV: character U+001F is not allowed in a cell; remove it"
    " (a control character prints nothing; it often comes in with pasted text)",
}


def only_problem(path: Path, root: Path) -> str:
    """The single problem loading ``path`` reports, as ``line:col: message``."""
    with pytest.raises(ContentError) as exc:
        load_any(path, root, short_rows_are_errors=True)
    problems = exc.value.problems
    assert len(problems) == 1, problems
    (problem,) = problems
    assert problem.loc.path == path.name
    return f"{problem.loc.line}:{problem.loc.col}: {problem.text}"


@pytest.fixture(params=["libyaml", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every YAML case runs with libyaml's parser and with PyYAML's pure-Python one."""
    if request.param == "python":
        monkeypatch.setattr(yaml_reader, "CoreLoader", PyCoreLoader)
    return str(request.param)


@pytest.mark.parametrize(("name", "expected"), YAML_CASES.items(), ids=list(YAML_CASES))
def test_hostile_yaml(name: str, expected: str, loader: str) -> None:
    assert only_problem(CORPUS / name, CORPUS) == expected


@pytest.mark.parametrize(("name", "expected"), CSV_CASES.items(), ids=list(CSV_CASES))
def test_broken_csv(name: str, expected: str) -> None:
    assert only_problem(CORPUS / name, CORPUS) == expected


def test_every_fixture_has_a_case() -> None:
    known = {*YAML_CASES, *CSV_CASES, "yaml11_values.yaml", "bom.csv"}
    assert {p.name for p in CORPUS.iterdir()} == known


def test_yaml_1_1_values_stay_text() -> None:
    doc = load_any(CORPUS / "yaml11_values.yaml", CORPUS)
    assert doc.data == {
        "copies": "on",
        "time": "1:30",
        "flag": "NO",
        "answer": "y",
        "code": "017",
        "mode": 15,
        "big": "1e3",
        "when": "2024-05-01",
        "real": True,
    }


def test_an_anchor_an_alias_uses_or_a_quoted_one_is_no_problem(tmp_path: Path) -> None:
    path = tmp_path / "anchors.yaml"
    path.write_text(
        "a: &one plain text\nb: *one\nc: &two 'quoted'\nd: &three [1, 2]\ne: '&more cubes'\n",
        encoding="utf-8",
    )
    assert load_any(path, tmp_path).data == {
        "a": "plain text",
        "b": "plain text",
        "c": "quoted",
        "d": [1, 2],
        "e": "&more cubes",
    }


def test_an_anchor_on_a_number_or_a_flag_is_no_text_lost(tmp_path: Path) -> None:
    """A review: ``x: &left 5`` was said to lose '&left' and told to quote it, which made x
    a text; an anchor on a value that is no text is the designer's, as written."""
    path = tmp_path / "values.yaml"
    path.write_text("x: &left 5\nshow: &on true\nnone: &gone null\nw: &w 2.5\n", encoding="utf-8")
    assert load_any(path, tmp_path).data == {"x": 5, "show": True, "none": None, "w": 2.5}


def test_the_quoting_an_anchor_message_gives_is_yaml_that_reads_back(tmp_path: Path) -> None:
    """A review: the suggestion was Python's repr ('it\\'s' and a doubled backslash)."""
    import re

    import yaml

    path = tmp_path / "quote.yaml"
    path.write_text('rule: &x it\'s "big" back\\slash\n', encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_any(path, tmp_path)
    (problem,) = exc.value.problems
    quoted = re.search(r"written in quotes: (.*)$", problem.text).group(1)
    assert yaml.safe_load(f"rule: {quoted}") == {"rule": '&x it\'s "big" back\\slash'}


def test_anchors_read_as_text_are_capped_as_a_files_problems_are(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("".join(f"- &a{n} note {n}\n" for n in range(500)), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_any(path, tmp_path)
    problems = exc.value.problems
    assert len(problems) == 101 and problems[-1].text == "and 400 more problems in this file"


def test_an_alias_read_as_text_is_told_the_quoted_text_to_write(tmp_path: Path) -> None:
    """A designer's probe: '*2 for each card.' was told to quote it, without the quoted text
    the '&' mistake is given; in a flow list, the item alone."""
    for written, quoted in [
        ("rule: *2 for each card.  # a note\n", '"*2 for each card."'),
        ("rules: [*2 each, more]\n", '"*2 each"'),
        # a review: a comment after a tab, a value on two lines, an alias as a key
        ("rule: *2 for each card.\t# a note\n", '"*2 for each card."'),
        ("rule: *2 for each\n  card and more.\nnext: 1\n", '"*2 for each card and more."'),
        ("*x: 3\n", '"*x"'),
    ]:
        path = tmp_path / "alias.yaml"
        path.write_text(written, encoding="utf-8")
        with pytest.raises(ContentError) as exc:
            load_any(path, tmp_path)
        (problem,) = exc.value.problems
        assert problem.text.endswith(f"is written in quotes: {quoted})"), problem.text


def test_every_anchor_read_as_text_is_said(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text("a: &x\nb: &y z\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_any(path, tmp_path)
    said = [(p.loc.line, p.loc.col, p.text.split(",")[0]) for p in exc.value.problems]
    assert said == [
        (1, 4, "'&x' is read as a YAML anchor"),
        (2, 4, "'&y' is read as a YAML anchor"),
    ]


def test_a_csv_from_excel_keeps_its_first_column_name() -> None:
    doc = load_any(CORPUS / "bom.csv", CORPUS)
    assert doc.data == [{"id": "A-1", "name": "Seed Tent", "cost": "3"}]
    assert str(doc.key_loc((0, "id"))) == "bom.csv:2:1"


# --- generated: too big to commit ------------------------------------------------------------


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.truncate(9 * 1024 * 1024)  # sparse: nothing is written, nothing would be read
    assert only_problem(path, tmp_path) == (
        "1:1: file is 9 MiB, over the 8 MiB limit for a content file"
    )


def test_a_file_just_over_the_size_limit_does_not_look_within_it(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    with path.open("wb") as f:
        f.truncate(8 * 1024 * 1024 + 1)
    assert only_problem(path, tmp_path) == (
        "1:1: file is 8.1 MiB, over the 8 MiB limit for a content file"
    )


def test_a_million_nested_brackets(tmp_path: Path, loader: str) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 1_000_000)
    assert only_problem(path, tmp_path) == f"1:65: {TOO_DEEP}"


def test_a_million_nested_mappings(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("{a: " * 1_000_000)
    assert only_problem(path, tmp_path) == f"1:257: {TOO_DEEP}"


def test_too_many_csv_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(csv_reader, "MAX_CSV_ROWS", 1_000)  # the real 100,000 takes longer
    path = tmp_path / "cards.csv"
    path.write_text("id\n" + "A\n" * 1_001)
    assert only_problem(path, tmp_path) == (
        "1002:1: more than 1,000 rows; split the items over several files"
    )


def test_too_many_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yaml_compose, "MAX_VALUES", 1_000)
    path = tmp_path / "items.yaml"
    path.write_text("items:\n" + "".join(f"  - {{id: X-{i}}}\n" for i in range(400)))
    assert only_problem(path, tmp_path) == ("334:6: more than 1,000 values in one file; split it")


def test_too_many_csv_cells(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(csv_reader, "MAX_VALUES", 1_000)
    path = tmp_path / "cards.csv"
    path.write_text("id,name\n" + "A,b\n" * 600)
    assert only_problem(path, tmp_path) == (
        "502:1: more than 1,000 cells; split the items over several files"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    os.mkfifo(path)  # opening it would wait for a writer forever
    with pytest.raises(ContentError) as exc:
        load_any(path, tmp_path)
    assert [str(p) for p in exc.value.problems] == [
        "cards.csv: error: is a FIFO (a named pipe), not a file"
    ]


def test_a_vocabulary_over_the_word_limit_is_one_error_at_once(ws):
    """Each word of a vocabulary is a field of a card's counts: 300,000 words (2.5 MB, under
    the file limit) kept check busy for minutes (a quadratic duplicate search, and a model
    of 300,000 fields). A vocabulary is bounded, and the search is linear."""
    from cutsheet.fieldspec import MAX_WORDS

    words = ", ".join(f"W{i}" for i in range(MAX_WORDS * 50))
    line = ws.edit(
        "content/common-reserve/game.yaml",
        "  resource: [WATER, FUEL, FIBRE]",
        f"  resource: [{words}]",
    )
    said = [str(p) for p in ws.check("common-reserve")]
    assert any(
        f"game.yaml:{line}:" in s and f"a vocabulary has {MAX_WORDS * 50:,} words, over the" in s
        for s in said
    ), said[:3]
