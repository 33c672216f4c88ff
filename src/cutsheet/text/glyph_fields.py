"""Which names a template prints through ``glyphs``, read from its syntax tree: what the
notation check (``plan.notation_check``) reads a component's item fields from."""

from __future__ import annotations

from functools import lru_cache

from jinja2 import nodes

from .sandbox import environment

__all__ = ["glyph_sources"]


@lru_cache(maxsize=1024)
def glyph_sources(text: str) -> frozenset[str]:
    """The names whose values ``text`` (a box's template) prints through ``glyphs``: read
    from the template's syntax tree, so a chain (``b|trim|glyphs``), an expression
    (``(cost or income)|glyphs``) and a filter block (``{% filter glyphs(terms) %}``) are
    read alike; a name a loop or a ``set`` gives (``{% for e in exchanges %}``) stands for
    what it was given, where it is given. A template that does not parse prints nothing
    (its error is said where it is checked); one that never names glyphs is not parsed."""
    if "glyphs" not in text:
        return frozenset()
    try:
        tree = environment().parse(text)
    except Exception:  # a syntax error, or anything the sandbox refuses (as ``_compiled``)
        return frozenset()
    out: set[str] = set()
    _visit(tree, {}, out)
    return frozenset(out)


Scope = dict[str, frozenset[str]]
"""Each name a loop or a ``set`` gives, with the names of what it was given."""


def _sources(node: nodes.Node, scope: Scope) -> frozenset[str]:
    """The names an expression (or a block's body) reads, each a loop's or a set's name
    taken for what it was given."""
    found: set[str] = set()
    names = [node] if isinstance(node, nodes.Name) else []  # (find_all: its descendants)
    for name in [*names, *node.find_all(nodes.Name)]:
        if name.ctx == "load" and not name.name.startswith("_"):  # (the sandbox's own calls)
            found |= scope.get(name.name, frozenset({name.name}))
    return frozenset(found)


def _given(target: nodes.Node, sources: frozenset[str], scope: Scope) -> None:
    """Each name ``target`` (a name, or a tuple of them) gives stands for ``sources``."""
    names = [target] if isinstance(target, nodes.Name) else list(target.find_all(nodes.Name))
    for name in names:
        scope[name.name] = sources


def _visit(node: nodes.Node, scope: Scope, out: set[str]) -> None:
    """Into ``out``, what ``node`` prints through glyphs; a loop's body sees its names, a
    ``set`` is seen by what follows it in its block."""
    if isinstance(node, nodes.For):
        _visit(node.iter, scope, out)
        inner = dict(scope)
        _given(node.target, _sources(node.iter, scope), inner)
        for child in [*node.body, *([node.test] if node.test else [])]:
            _visit(child, inner, out)
        for child in node.else_:
            _visit(child, scope, out)
        return
    if isinstance(node, nodes.Assign):
        _visit(node.node, scope, out)
        _given(node.target, _sources(node.node, scope), scope)
        return
    if isinstance(node, nodes.AssignBlock):
        for child in node.body:
            _visit(child, scope, out)
        _given(node.target, frozenset().union(*(_sources(c, scope) for c in node.body)), scope)
        return
    if isinstance(node, nodes.Filter) and node.name == "glyphs" and node.node is not None:
        out |= _sources(node.node, scope)
    if isinstance(node, nodes.FilterBlock) and _chain_has_glyphs(node.filter):
        for child in node.body:
            out |= _sources(child, scope)
    for child in node.iter_child_nodes():
        _visit(child, scope, out)


def _chain_has_glyphs(node: nodes.Node | None) -> bool:
    """Whether a filter block's chain (``glyphs(terms)|upper``) holds glyphs."""
    while isinstance(node, nodes.Filter):
        if node.name == "glyphs":
            return True
        node = node.node
    return False
