"""The names a template compares a variable with, read from its syntax tree: what
``profile == 'large-print'``, ``'x' != profile``, ``profile in ['a', 'b']`` or
``imposition == 'gutterfold'`` name, and nothing in its text (prose that says "profile" is
prose). Nothing is run."""

from __future__ import annotations

from jinja2 import Environment, TemplateSyntaxError, nodes

_PARSER = Environment()  # parses only: the sandbox runs templates, this reads their syntax
_COMPARING = frozenset({"eq", "ne", "in", "notin"})


Compared = str | int | float | bool | None
"""A constant a template compares a variable with: a name, or a value no name can equal."""


def compared_names(source: str, variable: str, expression: bool = False) -> list[Compared]:
    """Each constant ``source`` (a template, or a ``when:`` expression) compares the
    variable ``variable`` with, in order (a number too: ``imposition == 3`` is never true);
    none when it does not parse (running it reports why)."""
    if variable not in source:
        return []
    try:
        tree = _PARSER.parse(f"{{{{ ({source}) }}}}" if expression else source)
        return _compared(tree, variable)
    except (TemplateSyntaxError, RecursionError):  # running it says why (or too deep)
        return []


def _compared(tree: nodes.Template, variable: str) -> list[Compared]:
    """``compared_names`` of a parsed template; none where the template makes a name
    ``variable`` of its own (a loop's, a set's, a macro's argument): that is not the one the
    context gives."""
    if any(n.name == variable and n.ctx in ("store", "param") for n in tree.find_all(nodes.Name)):
        return []
    names: list[Compared] = []
    for compare in tree.find_all(nodes.Compare):
        left = compare.expr
        for operand in compare.ops:
            if operand.op in _COMPARING:
                if _is(left, variable):
                    names += _constants(operand.expr)
                elif _is(operand.expr, variable) and operand.op in ("eq", "ne"):
                    names += _constants(left)
            left = operand.expr
    return names


def _is(node: nodes.Node, variable: str) -> bool:
    return isinstance(node, nodes.Name) and node.name == variable


def _constants(node: nodes.Node) -> list[Compared]:
    """The constants (text, numbers, none) of a constant, or of a list or tuple of them."""
    items = node.items if isinstance(node, (nodes.List, nodes.Tuple)) else [node]
    return [n.value for n in items if isinstance(n, nodes.Const) and _plain(n.value)]


def _plain(value: object) -> bool:
    return value is None or isinstance(value, (str, int, float))
