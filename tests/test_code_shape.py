"""Sizes a newcomer can hold, and the stages' layering, kept by a test (issue #9)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "cutsheet"
MODULES = sorted(SRC.rglob("*.py"))
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 60


def _rel(path: Path) -> str:
    return str(path.relative_to(SRC))


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_module_and_function_sizes(path):
    text = path.read_text()
    assert len(text.splitlines()) <= MAX_MODULE_LINES, _rel(path)
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= MAX_FUNCTION_LINES, f"{_rel(path)}:{node.lineno} {node.name}"


def _imports(path: Path) -> set[str]:
    """Absolute names of the cutsheet modules ``path`` imports."""
    package = ["cutsheet", *path.relative_to(SRC).with_suffix("").parts][:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            out.add(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_plan_never_imports_render_and_drawing_imports_no_checks():
    for path in MODULES:
        rel, names = _rel(path), _imports(path)
        if rel.startswith(("plan/", "impose/", "boxes/")) or rel in ("measure.py",):
            assert not any(n.startswith("cutsheet.render") for n in names), (rel, names)
        if rel.startswith("render/"):
            assert not any(n.startswith(("cutsheet.checks", "cutsheet.games")) for n in names), rel
