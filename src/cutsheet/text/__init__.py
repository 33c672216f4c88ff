"""Jinja2 templates over content data, rendered to ReportLab paragraph markup.

Templates run in the sandbox with StrictUndefined. Autoescaping turns every value that comes
from content into literal text (``5R>G`` prints as written); markup written in the template
itself (``<b>``, ``<br/>``) stays markup, and only the tags and fonts cutsheet sets are
allowed in it (``markup``).

A template is bounded, so a hostile or mistaken layout fails fast with a located error
instead of filling the memory or running for hours (``limits``, enforced by the environment
in ``sandbox`` and the rewritten template tree in ``tree_bounds``). Every failure, a
division by zero included, is a ``TemplateProblem`` for the caller to locate.

* ``rendering``: ``render``, ``render_plain``, ``evaluate``, ``literal``, ``names_read``;
* ``filters``: cutsheet's filters (``counts``, ``signed``, ``glyphs``, ``icon``).
"""

from __future__ import annotations

from .filters import is_colour
from .markup import check_markup
from .problem import TemplateProblem
from .rendering import evaluate, literal, names_read, render, render_plain

__all__ = [
    "TemplateProblem",
    "check_markup",
    "evaluate",
    "is_colour",
    "literal",
    "names_read",
    "render",
    "render_plain",
]
