"""The stages' layering, kept by a test: what each package may import, and what only one
package may know (issue #19). Modules are sized by their concept; a function stays short."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "cutsheet"
MODULES = sorted(SRC.rglob("*.py"))
MAX_MODULE_LINES = 600  # a module holds one idea; past this it holds two
MAX_FUNCTION_LINES = 60

# The pipeline's order: a module imports only from its own rank or lower ranks.
# source → model → layouts/plan → impose → outputs → build → cli
RANKS: dict[str, int] = {
    "__init__": 0,
    "diagnostics": 0,
    "source": 0,
    "confine": 0,
    "contrast": 0,
    "colours": 0,
    "style_warnings": 0,
    "list_boxes": 0,  # a face's boxes read as one list: each label before its item  # a layout's styles' warnings (lines set over one another)
    "fingerprint": 0,
    "text": 1,
    "measure": 1,
    "font_files": 1,  # a project's own font files, registered (measure's faces first)
    "word_breaks": 1,
    "hanging_items": 1,  # a list box's items set with a hanging indent (word_breaks's)
    "notation_glue": 1,
    "held_numbers": 1,
    "shy_spaces": 1,  # the space after a soft-hyphen word, kept (notation_glue calls it)  # a last number held to its word (word_breaks breaks again)
    "markup_errors": 1,
    "paragraph_parse": 1,
    "same_frag": 1,  # ReportLab's sameFrag from a fragment's own attributes (measure's)  # ReportLab's parse of the markup cutsheet writes (measure's)
    "symbols": 1,
    "svgshape": 1,
    "svg_dashes": 1,
    "modelbase": 2,  # strict models and whole numbers, shared by model and fieldspec
    "fieldspec": 2,  # what a component's fields may declare
    "model": 2,
    "papers": 2,
    "itemmodel": 2,
    "validation": 2,
    "content": 3,
    "names_known": 3,
    "built": 3,
    "checks": 4,
    "games": 4,
    "profiles": 4,
    "boxes": 4,
    "layout_names": 0,  # the layout files and packaged faces a project may name
    "layouts": 5,
    "project_assets": 5,  # the fonts and icons a project's layouts name
    "flow": 6,
    "plan": 7,
    "printed": 7,
    "impose": 8,
    "render": 9,
    "booklet": 9,
    "targets": 10,
    "profile_files": 0,
    "preview": 12,
    "collector": 11,  # the garbage collector while jobs run
    "jobs": 11,
    "spread": 11,
    "cache": 11,
    "output": 11,
    "commit": 11,
    "partcache": 11,
    "licences": 11,
    "kept_kits": 11,
    "progress_lines": 12,  # what a build says as it goes
    "build": 12,
    "exports": 12,
    "watch": 13,
    "schema": 13,
    "schema_enrich": 13,
    "scaffold": 13,
    "bench": 13,
    "startup": 0,
    "content_files": 0,
    "cli": 14,
    "entry": 15,
    "__main__": 15,
}


def _rel(path: Path) -> str:
    return str(path.relative_to(SRC))


def _unit(name: str) -> str:
    """The pipeline unit of a module name: cutsheet.plan.cards -> plan."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_module_and_function_sizes(path):
    text = path.read_text()
    assert len(text.splitlines()) <= MAX_MODULE_LINES, _rel(path)
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= MAX_FUNCTION_LINES, f"{_rel(path)}:{node.lineno} {node.name}"


def _imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """(absolute module, names imported from it) for every import in ``path``."""
    package = ["cutsheet", *path.relative_to(SRC).with_suffix("").parts][:-1]
    if path.name == "__init__.py":
        package = ["cutsheet", *path.relative_to(SRC).parent.parts]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            out.append((module, tuple(a.name for a in node.names)))
        elif isinstance(node, ast.Import):
            out.extend((alias.name, ()) for alias in node.names)
    return out


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("cutsheet", *parts))


def test_every_unit_has_a_rank():
    units = {_unit(_module_name(p)) for p in MODULES}
    assert units <= set(RANKS), units - set(RANKS)


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_imports_follow_the_pipeline(path):
    """No module imports a later stage: data flows one way, and no package cycles. A
    ``__main__`` module (``python -m cutsheet``, ``python -m cutsheet.cli``) is a door to the
    whole program, wherever it sits: it ranks with the entry point it starts."""
    mine = "__main__" if path.name == "__main__.py" else _unit(_module_name(path))
    for module, _names in _imports(path):
        if not module.startswith("cutsheet."):
            continue
        theirs = _unit(module)
        assert RANKS[theirs] <= RANKS[mine], f"{_rel(path)} imports {module}"


def test_flow_does_not_import_plan():
    for path in SRC.joinpath("flow").rglob("*.py"):
        assert not any(m.startswith("cutsheet.plan") for m, _ in _imports(path)), _rel(path)


def test_render_imports_only_types_from_impose():
    """The renderer draws a print plan: it never imposes (no function of ``impose/``)."""
    for path in SRC.joinpath("render").rglob("*.py"):
        for module, names in _imports(path):
            if not module.startswith("cutsheet.impose"):
                continue
            mod = importlib.import_module(module)
            for name in names:
                value = getattr(mod, name, None)
                if value is None:  # a submodule
                    value = importlib.import_module(f"{module}.{name}")
                assert not inspect.isfunction(value) and not inspect.ismodule(value), (
                    f"{_rel(path)} imports {module}.{name}"
                )


def test_only_text_imports_jinja():
    for path in MODULES:
        if _rel(path).startswith("text/"):
            continue
        assert not any(m.startswith("jinja2") for m, _ in _imports(path)), _rel(path)


def test_no_box_kind_is_compared_by_name_outside_boxes():
    """What the pipeline needs to know of a box kind is a property of the kind (boxes/)."""
    from cutsheet.boxes import KINDS

    names = set(KINDS)
    for path in MODULES:
        if _rel(path).startswith("boxes/"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if not any(isinstance(s, ast.Attribute) and s.attr == "kind" for s in sides):
                continue
            consts = {
                c.value
                for s in sides
                for c in ast.walk(s)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            }
            assert not consts & names, f"{_rel(path)}:{node.lineno} compares a box kind's name"
