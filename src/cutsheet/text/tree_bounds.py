"""Bounds written into a parsed template: its loops count their turns, what ``~`` joins is
checked, a text literal holding a symbol marker is refused, and reading other templates (``include``, ``import``, ``extends``) is refused:
there are no other templates to read.

The rewritten tree calls ``_cs_turns``, ``_cs_sized`` and ``_cs_printable``, which the
environment (``sandbox``) puts among a template's globals.
"""

from __future__ import annotations

from jinja2 import TemplateSyntaxError, nodes
from jinja2.visitor import NodeTransformer

from ..source.yaml_build import MARKER, marker_message


class TreeBounds(NodeTransformer):
    """Counts loop turns and bounds what ``~`` builds; refuses reading other templates."""

    def __init__(self, name: str | None) -> None:
        self.name = name

    def _refuse(self, node: nodes.Node, tag: str) -> None:
        raise TemplateSyntaxError(
            f"'{{% {tag} %}}' is not allowed: a template cannot read other files",
            node.lineno,
            self.name,
        )

    def visit_Extends(self, node: nodes.Extends) -> nodes.Node:  # noqa: N802
        self._refuse(node, "extends")
        return node

    def visit_Include(self, node: nodes.Include) -> nodes.Node:  # noqa: N802
        self._refuse(node, "include")
        return node

    def visit_Import(self, node: nodes.Import) -> nodes.Node:  # noqa: N802
        self._refuse(node, "import")
        return node

    def visit_FromImport(self, node: nodes.FromImport) -> nodes.Node:  # noqa: N802
        self._refuse(node, "from … import")
        return node

    def visit_Const(self, node: nodes.Const) -> nodes.Node:  # noqa: N802
        """A text literal (``"\\ue002"``) holding a character cutsheet marks symbols with."""
        found = MARKER.search(node.value) if isinstance(node.value, str) else None
        if found is not None:
            raise TemplateSyntaxError(marker_message(found.group()), node.lineno, self.name)
        return node

    def visit_For(self, node: nodes.For) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        node.iter = _call("_cs_turns", node.iter)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        node.nodes = [_call("_cs_printable", part) for part in node.nodes]
        return _call("_cs_sized", node)


def _call(name: str, arg: nodes.Expr) -> nodes.Call:
    call = nodes.Call(nodes.Name(name, "load"), [arg], [], None, None)
    return call.set_lineno(arg.lineno)  # type: ignore[return-value]
