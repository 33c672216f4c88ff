"""The editor schemas in schema/: valid JSON Schema, true to the content, and never stale.

Content is validated with the ``jsonschema`` package, not with our pydantic models, so these
tests see what an editor sees. YAML files are read with cutsheet's own loader (mapping keys
stay words, as cutsheet reads them). CSV rows have no schema line; each row is validated
against the item schema of every component that takes it, after turning its text cells into
the types the schema asks for the way the loader does (pydantic's lax mode): whole numbers for
integers, yes/no/true/false/1/0/on/off/y/n/t/f for booleans, ';'-separated lists for arrays.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema.validators import validator_for
from referencing import Registry
from referencing.jsonschema import specification_with

from cutsheet.cli import main
from cutsheet.content import discover
from cutsheet.diagnostics import ContentError, Loc, Problem
from cutsheet.model import GameSpec, validate
from cutsheet.schema import (
    MISSING,
    ORPHAN,
    STALE,
    item_schema,
    render,
    schemas,
    stale_schemas,
    write_schemas,
)
from cutsheet.source import load_csv, load_yaml

from .conftest import ROOT

SCHEMA_DIR = ROOT / "schema"
SCHEMA_LINE = re.compile(r"# yaml-language-server: \$schema=(\S+)")
COMMITTED = sorted(p.relative_to(SCHEMA_DIR).as_posix() for p in SCHEMA_DIR.rglob("*.json"))
YAML_FILES = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("content/*/*.y*ml"))
LAYOUT_FILES = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("layouts/**/*.y*ml"))
PACKAGED_FILES = sorted(
    p.relative_to(ROOT).as_posix() for p in (ROOT / "src/cutsheet/data/layouts").rglob("*.yaml")
)
CSV_FILES = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("content/*/*.csv"))


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _errors(schema: dict[str, Any], data: Any) -> list[str]:
    validator = validator_for(schema)(schema)
    return [
        f"/{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.path)))
    ]


def _schema_named_by(path: Path) -> dict[str, Any]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = SCHEMA_LINE.fullmatch(first)
    assert m, f"{path.relative_to(ROOT)}: first line does not name a schema: {first!r}"
    target = (path.parent / m.group(1)).resolve()
    assert target.is_file(), f"{path.relative_to(ROOT)} names {m.group(1)}, which does not exist"
    return json.loads(target.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------ valid JSON Schema
def test_every_kind_of_content_has_a_committed_schema():
    shared = {"game", "rules", "layout", "profile"}
    assert {f"{name}.schema.json" for name in shared} <= set(COMMITTED)
    assert len(COMMITTED) > len(shared)  # and each game's YAML item files


@pytest.mark.parametrize("name", COMMITTED)
def test_each_schema_is_valid_json_schema_and_every_ref_resolves(name):
    schema = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    validator_for(schema).check_schema(schema)
    spec = specification_with(schema["$schema"])
    uri = f"urn:cutsheet:{name}"
    resolver = Registry().with_resource(uri, spec.create_resource(schema)).resolver(base_uri=uri)
    for ref in _refs(schema):
        assert ref.startswith("#/$defs/"), ref  # self-contained: nothing outside the file
        resolver.lookup(ref)  # raises PointerToNowhere if the definition is not there


# ------------------------------------------------------------------------ content validates
def test_every_content_and_layout_file_is_covered():
    assert YAML_FILES and LAYOUT_FILES and CSV_FILES
    games = discover(ROOT / "content")
    assert {f.split("/")[1] for f in YAML_FILES} == set(games)


@pytest.mark.parametrize("rel", YAML_FILES + LAYOUT_FILES)
def test_each_yaml_file_validates_against_the_schema_its_first_line_names(rel):
    path = ROOT / rel
    schema = _schema_named_by(path)
    assert _errors(schema, load_yaml(path).data) == []


@pytest.mark.parametrize("rel", PACKAGED_FILES)
def test_each_packaged_layout_and_profile_validates(rel):
    """The packaged files name their schema as a project's copy of them would
    (layouts/base.yaml, layouts/profiles/NAME.yaml); here they are checked against the
    repository's schemas."""
    path = ROOT / rel
    first = path.read_text(encoding="utf-8").splitlines()[0]
    kind = "profile" if "/profiles/" in rel else "layout"
    depth = "../../" if kind == "profile" else "../"
    assert first == f"# yaml-language-server: $schema={depth}schema/{kind}.schema.json"
    schema = json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))
    assert _errors(schema, load_yaml(path).data) == []


_TRUE = {"1", "true", "yes", "on", "t", "y"}
_FALSE = {"0", "false", "no", "off", "f", "n"}


def _types(prop: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for alt in [prop, *prop.get("anyOf", [])]:
        t = alt.get("type")
        out |= {t} if isinstance(t, str) else set(t or ())
    return out


def _coerce(cell: str, prop: dict[str, Any]) -> Any:
    types = _types(prop)
    if "integer" in types and re.fullmatch(r"[+-]?\d+", cell):
        return int(cell)
    if "boolean" in types and cell.lower() in _TRUE | _FALSE:
        return cell.lower() in _TRUE
    if "array" in types:
        return [part.strip() for part in cell.split(";") if part.strip()]
    return cell  # left as text: a schema that wants something else says so


@pytest.mark.parametrize("rel", CSV_FILES)
def test_each_csv_row_validates_as_an_item_of_the_components_that_take_it(rel):
    path = ROOT / rel
    game = validate(GameSpec, load_yaml(path.parent / "game.yaml"))
    readers = [c for c in game.components if c.source == path.name]
    assert readers, f"{rel}: no component reads it"
    rows = load_csv(path).data
    assert rows
    problems = []
    for n, row in enumerate(rows, start=2):  # the header is line 1
        takers = [c for c in readers if all(str(row.get(k)) == v for k, v in c.where.items())]
        if not takers:
            problems.append(f"line {n}: no component takes this row, so no schema applies")
        for comp in takers:
            schema = item_schema(comp, game.vocab, game.code)
            props = schema["properties"]
            item = {k: _coerce(v, props[k]) if k in props else v for k, v in row.items()}
            problems += [f"line {n} as {comp.id}{e}" for e in _errors(schema, item)]
    assert problems == []


def test_the_schemas_reject_mistakes_an_editor_should_flag():
    schema = json.loads((SCHEMA_DIR / "common-reserve/deliveries.schema.json").read_text())
    item = {"id": "CR-X", "name": "X", "demand": {"WATER": 5}, "closed": "WATER"}
    assert _errors(schema, {"items": [item]}) == []
    assert _errors(schema, {"items": [{**item, "colour": "red"}]})  # unknown key
    assert _errors(schema, {"items": [{**item, "closed": "AIR"}]})  # not in the vocabulary
    assert _errors(schema, {"items": [{**item, "demand": {"AIR": 1}}]})  # counts over vocab
    assert _errors(schema, {"items": [{**item, "id": "cr-x"}]})  # id pattern
    sheet = json.loads((SCHEMA_DIR / "common-reserve/reserve-sheet.schema.json").read_text())
    page = {"id": "CR-P", "title": "P", "blocks": [{"heading": "H"}]}
    assert _errors(sheet, {"items": [page]}) == []
    assert _errors(sheet, {"items": [{**page, "blocks": [{"track": {"label": "x"}}]}]})


def test_each_fields_description_from_game_yaml_is_in_the_item_schema():
    seen = 0
    for gid in discover(ROOT / "content"):
        game = validate(GameSpec, load_yaml(ROOT / "content" / gid / "game.yaml"))
        for comp in game.components:
            if comp.form == "page":
                continue
            props = item_schema(comp, game.vocab, game.code)["properties"]
            committed = SCHEMA_DIR / gid / f"{comp.id}.schema.json"
            if committed.is_file():
                doc = json.loads(committed.read_text(encoding="utf-8"))
                assert doc["properties"]["items"]["items"]["properties"] == props
            for name, field in comp.fields.items():
                if field.description:
                    assert props[name]["description"] == field.description, (gid, comp.id)
                    seen += 1
    assert seen >= 3  # deliveries.demand (a counts field), closed, bidding-alpha's cost …


# ------------------------------------------------------------------------ never stale
def test_the_committed_schemas_are_what_write_schemas_produces_now(tmp_path):
    written = write_schemas(ROOT, tmp_path)
    fresh = sorted(p.relative_to(tmp_path).as_posix() for p in written)
    assert fresh == COMMITTED
    for name in fresh:
        assert (tmp_path / name).read_bytes() == (SCHEMA_DIR / name).read_bytes(), (
            f"schema/{name} is stale: run 'make schema'"
        )
    assert stale_schemas(ROOT) == []


def test_writing_twice_gives_identical_files_sorted_with_a_trailing_newline(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    write_schemas(ROOT, a)
    first = {p.relative_to(a): p.read_bytes() for p in a.rglob("*") if p.is_file()}
    write_schemas(ROOT, a)
    write_schemas(ROOT, b)
    again = {p.relative_to(a): p.read_bytes() for p in a.rglob("*") if p.is_file()}
    other = {p.relative_to(b): p.read_bytes() for p in b.rglob("*") if p.is_file()}
    assert first == again == other
    assert all(p.name.endswith(".schema.json") for p in first)  # no temporary files left
    for data in first.values():
        text = data.decode("utf-8")
        assert text.endswith("}\n") and render(json.loads(text)) == text


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for d in ("content", "layouts", "schema"):
        shutil.copytree(ROOT / d, tmp_path / d)
    monkeypatch.chdir(tmp_path)  # problems show paths relative to the working directory
    return tmp_path


def test_stale_missing_and_orphaned_schemas_are_located_problems(project):
    (project / "schema/rules.schema.json").unlink()
    edited = project / "schema/festivibes/events.schema.json"
    edited.write_text(edited.read_text().replace('"title"', '"Title"', 1))
    game = project / "content/common-reserve/game.yaml"
    text = game.read_text()
    assert text.count("units of each resource asked for") == 1
    game.write_text(text.replace("units of each resource asked for", "units asked for"))
    orphan = project / "schema/old-game/cards.schema.json"
    orphan.parent.mkdir()
    orphan.write_text("{}\n")
    assert stale_schemas(project) == [
        Problem(Loc("schema/common-reserve/deliveries.schema.json", 1, 1), STALE, "warning"),
        Problem(Loc("schema/festivibes/events.schema.json", 1, 1), STALE, "warning"),
        Problem(Loc("schema/rules.schema.json", 1, 1), MISSING, "warning"),
        Problem(Loc("schema/old-game/cards.schema.json", 1, 1), ORPHAN, "warning"),
    ]
    assert str(stale_schemas(project)[2]) == (  # not "out of date": there is none yet
        "schema/rules.schema.json:1:1: warning: no schema yet for this content file;"
        " run 'cutsheet schema' to write it"
    )
    assert str(stale_schemas(project)[0]) == (
        "schema/common-reserve/deliveries.schema.json:1:1: warning: schema is out of date;"
        " run 'cutsheet schema' to mend it"
    )
    only = stale_schemas(project, ["festivibes"])  # the shared files, and this game's
    assert [p.loc.path for p in only] == [
        "schema/festivibes/events.schema.json",
        "schema/rules.schema.json",
    ]


def test_a_stale_schema_is_a_warning_that_cutsheet_schema_mends(project, capsys):
    target = project / "schema/common-reserve/deliveries.schema.json"
    target.write_text("{}\n")
    assert main(["--root", str(project), "check", "common-reserve"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "schema/common-reserve/deliveries.schema.json:1:1: warning: schema is out of date;"
        " run 'cutsheet schema' to mend it",
        "cutsheet: 1 game checked, no errors, 1 warning",
    ]
    assert main(["--root", str(project), "check", "festivibes"]) == 0  # not this game's
    assert "warning" not in capsys.readouterr().err
    assert main(["--root", str(project), "schema"]) == 0
    assert stale_schemas(project) == []
    assert json.loads(target.read_text())["title"] == "Common Reserve: Delivery cards"
    assert main(["--root", str(project), "check", "common-reserve"]) == 0
    assert "schema" not in capsys.readouterr().err


def test_a_layout_that_does_not_load_gives_its_error_and_no_schema_warnings(project, capsys):
    """A YAML mistake in a layout file is one located error; the schemas, which would lack
    that file's names, are not all called out of date beside it."""
    layout = project / "layouts/festival-charter.yaml"
    text = layout.read_text()
    assert text.count('text: "{{ vote }}"}') == 1
    layout.write_text(text.replace('text: "{{ vote }}"}', 'text: "{{ vote }}"'))
    assert main(["--root", str(project), "check", "festival-charter"]) == 1
    err = capsys.readouterr().err
    assert "layouts/festival-charter.yaml:" in err and "error: YAML syntax" in err
    assert "warning" not in err
    assert stale_schemas(project) == []


def test_a_new_component_warns_in_check_and_build_passes_alike(project, capsys):
    """A stale schema never fails anything: check and build exit alike."""
    game = project / "content/common-reserve/game.yaml"  # a changed field: a changed schema
    game.write_text(game.read_text().replace("units of each resource asked for", "units asked"))
    checked = main(["--root", str(project), "check", "common-reserve", "--profile", "standard"])
    built = main(
        ["--root", str(project), "build", "common-reserve", "--profile", "standard", "--paper=a4"]
    )
    assert (checked, built) == (0, 0)
    assert "warning: schema is out of date" in capsys.readouterr().err


def test_cutsheet_schema_removes_the_schemas_of_components_that_are_gone(project, capsys):
    gone = project / "schema/old-game/cards.schema.json"
    gone.parent.mkdir()
    gone.write_text("{}\n")
    renamed = project / "schema/festivibes/old-events.schema.json"
    renamed.write_text("{}\n")
    keep = project / "schema/notes.txt"  # not a schema file: never touched
    keep.write_text("mine\n")
    assert main(["--root", str(project), "schema"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "removed schema/festivibes/old-events.schema.json" in out
    assert "removed schema/old-game/cards.schema.json" in out
    assert not gone.exists() and not gone.parent.exists() and not renamed.exists()
    assert keep.read_text() == "mine\n"
    assert stale_schemas(project) == []


def test_new_writes_a_schema_that_check_calls_current(project, capsys):
    assert main(["--root", str(project), "new", "side-quest"]) == 0
    assert (project / "schema/side-quest/cards.schema.json").is_file()
    listed = capsys.readouterr().out.splitlines()  # with the game's files: what it changed
    assert "schema/side-quest/cards.schema.json" in listed
    assert "schema/layout.schema.json" in listed  # names the new layout's faces
    assert "schema/profile.schema.json" not in listed  # written again, the same bytes
    assert stale_schemas(project, ["side-quest"]) == []
    assert main(["--root", str(project), "check", "side-quest"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_new_lists_only_cutsheets_schema_files_and_reads_no_other(project, capsys, monkeypatch):
    """A probe: listing what changed read every *.json under schema/ first, so a file of
    the designer's own there that could not be read stopped 'new' after the game's files
    were written. Only cutsheet's *.schema.json files are read, each that can be."""
    (project / "schema" / "notes.json").write_text("not json")
    (project / "schema" / "drafts.json").mkdir()
    read = Path.read_bytes

    def guarded(path: Path) -> bytes:  # as a file this user may not read (root reads all)
        if path.name == "notes.json":
            raise PermissionError(13, "Permission denied", str(path))
        return read(path)

    monkeypatch.setattr(Path, "read_bytes", guarded)
    assert main(["--root", str(project), "new", "side-quest"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert "schema/side-quest/cards.schema.json" in listed
    assert not [line for line in listed if "notes" in line or "drafts" in line]
    assert (project / "schema" / "notes.json").read_text() == "not json"


def test_new_writes_its_schema_even_when_another_game_is_broken(project, capsys):
    game = project / "content/common-reserve/game.yaml"
    game.write_text(game.read_text().replace("code: CR\n", "code: cr\n", 1))
    assert main(["--root", str(project), "new", "side-quest"]) == 0
    assert stale_schemas(project, ["side-quest"]) == []
    assert "run 'cutsheet schema' once the other games check" in capsys.readouterr().err


def test_check_without_a_schema_folder_does_not_look_for_schemas(project, capsys):
    shutil.rmtree(project / "schema")
    assert main(["--root", str(project), "check", "common-reserve"]) == 0
    assert "schema" not in capsys.readouterr().err


def test_a_broken_game_yaml_is_reported_by_check_not_as_stale_schemas(project):
    game = project / "content/common-reserve/game.yaml"
    game.write_text(game.read_text().replace("code: CR\n", "code: cr\n", 1))
    assert stale_schemas(project) == []
    with pytest.raises(ContentError) as exc:
        schemas(project)
    assert [p.loc.path for p in exc.value.problems] == ["content/common-reserve/game.yaml"]
    before = {p: p.read_bytes() for p in (project / "schema").rglob("*.json")}
    with pytest.raises(ContentError):  # the others are written; the broken game's are kept
        write_schemas(project, project / "schema")
    assert before == {p: p.read_bytes() for p in (project / "schema").rglob("*.json")}


def test_a_folder_named_like_a_schema_is_the_designers_own_and_left_alone(project, capsys):
    """A probe: a folder of the designer's own named ``*.schema.json`` under schema/ was
    taken for an orphaned schema file, and 'schema', 'new' and 'check' stopped on it."""
    own = project / "schema" / "drafts.schema.json"
    own.mkdir()
    (own / "mine.txt").write_text("mine\n")
    assert main(["--root", str(project), "schema"]) == 0
    assert main(["--root", str(project), "new", "side-quest"]) == 0
    assert main(["--root", str(project), "check", "side-quest"]) == 0
    assert "drafts" not in capsys.readouterr().err
    assert stale_schemas(project) == []
    assert (own / "mine.txt").read_text() == "mine\n"


def test_a_folder_where_a_schema_goes_is_named_not_a_temporary_file(project, capsys):
    target = project / "schema" / "rules.schema.json"
    target.unlink()
    target.mkdir()
    assert main(["--root", str(project), "schema"]) == 1
    err = capsys.readouterr().err
    assert "schema/rules.schema.json: Is a directory" in err and ".tmp" not in err
    assert not [p for p in (project / "schema").iterdir() if p.name.endswith(".tmp")]
