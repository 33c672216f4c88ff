"""A markup error as a person reads it: ReportLab's parse error (which quotes the whole
paragraph) as one short sentence, and whether the template itself wrote the bad markup (the
layout's mistake, at the layout's line) or the values it printed did."""

from __future__ import annotations

import html
import re

from .diagnostics import clip, excerpt

_NEVER_CLOSED = re.compile(r"saw </(\w+)> instead of expected </(\w+)>")
_BAD_COLOUR = re.compile(r"Invalid color value '([^']*)'")
_UNCLOSED = re.compile(r"parse ended with \d+ unclosed tags? ([\w ]+)")


def markup_reason(reportlab: str) -> str:
    """ReportLab's parse error (which quotes the whole paragraph) as one short sentence."""
    reason = " ".join(reportlab.split()).rsplit("caused exception ", 1)[-1]
    reason = reason.removeprefix("Parse error: ").removeprefix("paraparser: ")
    found = _NEVER_CLOSED.search(reason)
    if found and found.group(2) == "para":  # ReportLab's own wrapper: nothing else was open
        return f"</{found.group(1)}> closes a <{found.group(1)}> that was never opened"
    if found:
        closing = "" if found.group(1) == "para" else f" before </{found.group(1)}>"
        return f"<{found.group(2)}> is never closed{closing}"
    found = _UNCLOSED.search(reason)  # a tag cut short, '<b c': ReportLab also names its own
    if found:
        tags = [t for t in found.group(1).split() if t != "para"]
        if tags:
            return (
                f"<{tags[-1]}> is never closed (a tag ends with '>', and '<' alone is written &lt;)"
            )
        # a '<' before a letter with no '>' after it: the parser took it for a tag cut short
        return "a '<' before a letter starts a tag that never ends; a '<' that prints is &lt;"
    found = _BAD_COLOUR.search(reason)
    if found:
        return f"{excerpt(found.group(1))} is not a colour (#RRGGBB, or a colour name)"
    return clip(reason, 160)


PARSER_FAILURES = (AttributeError, AssertionError, IndexError, KeyError, TypeError)
"""What ReportLab's paragraph parser raises, besides its ValueError, on markup it does not
expect (``</br>``, a marked section): still a mistake in the markup, never a traceback."""


def template_markup_error(template: str) -> str | None:
    """Why the markup a template writes itself is not markup (each ``{{ … }}`` taken as a
    plain word, ``{% … %}`` and ``{# … #}`` left out), or None: then a markup error in its
    output comes from the values it prints, not from the template."""
    bare = re.sub(r"\{\{.*?\}\}", "x", template, flags=re.S)
    bare = re.sub(r"\{%.*?%\}|\{#.*?#\}", "", bare, flags=re.S)
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from .measure import register

    try:
        Paragraph(bare, ParagraphStyle("check", fontName=register()))
    except ValueError as exc:
        return markup_reason(str(exc))
    except PARSER_FAILURES as exc:
        return f"ReportLab cannot read it ({markup_reason(str(exc))})"  # as measure.parsed
    return None


_NUMERIC_REF = re.compile(r"&#(?:([0-9]+)|[xX]([0-9A-Fa-f]+));")


def written_by_template(template: str, char: str) -> bool:
    """Whether ``char`` (one a font lacks) is one the template writes itself (in its text or
    in a string it prints, ``{{ '→' }}``, as itself or as a character reference): then it
    is the layout's to mend, not the item's."""

    def numeric(m: re.Match[str]) -> str:
        n = int(m.group(1)) if m.group(1) else int(m.group(2), 16)
        return chr(n) if n <= 0x10FFFF else ""

    return char in html.unescape(_NUMERIC_REF.sub(numeric, template))
