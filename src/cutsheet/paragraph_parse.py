"""ReportLab's parse of a paragraph's markup, for the markup cutsheet writes, without
``HTMLParser``.

``Paragraph`` parses its markup with ``ParaParser``, an ``HTMLParser``: every tag is found
with several regular expressions and handed on through a few layers of calls, and each
handler copies the current fragment once to push it and again to emit it. Symbols make that
the costliest step of planning a game that prints them: each cube or icon is written as an
``<onDraw>`` marker, a spacer ``<img>`` and two more markers, so a card's line of cubes is a
few dozen tags (a tenth of a cold build's planning for Bid & Build).

``parse`` reads the markup cutsheet writes (text, named entities and numeric character
references, ``<b>``, ``<i>``, ``<font …>``, ``<br/>``, ``<onDraw …/>`` and ``<img …/>`` with
double-quoted attributes) with one regular expression and calls ReportLab's own handlers for
each tag in the order ``HTMLParser`` would, with the attributes as it would give them (names
in lower case, values unescaped). Three of them make their fragment here, as ReportLab's
would be, without the copy it throws away: pushing a tag's state (``_push``), emitting text
(``handle_data``) and an ``<onDraw>`` marker. Anything else (another tag, an ``&`` or ``<`` that is not one of those,
``<para>`` or ``<bullet>``, a handler that finds a mistake) is not parsed here: ``parse``
says None and the caller parses it as ``Paragraph`` does, so a mistake is reported in
ReportLab's own words. ``tests/test_paragraph_parse.py`` checks that both parses give the
same fragments, attribute for attribute."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from reportlab.lib.abag import ABag
from reportlab.lib.fonts import tt2ps
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.paraparser import ParaFrag, ParaParser, _applyAttributes

__all__ = ["parse"]

_SPACE = r"[\t\n\r\f ]"  # what ends a tag's name for HTMLParser: not a no-break space
_TOKEN = re.compile(
    r"([^<&]+)"  # 1: text
    rf'|<([A-Za-z]+)((?:{_SPACE}+[A-Za-z]+="[^"<>]*")*){_SPACE}*(/?)>'  # 2-4: a start tag
    rf"|</([A-Za-z]+){_SPACE}*>"  # 5: an end tag
    r"|&([A-Za-z][A-Za-z0-9]*);"  # 6: a named entity
    r"|&#([0-9]+|x[0-9A-Fa-f]+);"  # 7: a character reference
)
_ATTRIBUTE = re.compile(rf'{_SPACE}+([A-Za-z]+)="([^"<>]*)"')
_EMPTY = frozenset({"br", "ondraw", "img"})  # written as <tag …/> only
_PAIRED = frozenset({"b", "i", "font"})
_new = object.__new__


class _Parser(ParaParser):  # type: ignore[misc]
    """ReportLab's parser with two handlers that make their one fragment directly."""

    def _push(self, tag: str, **attr: Any) -> None:
        frag = _new(ParaFrag)
        frag.__dict__.update(self._stack[-1].__dict__)  # what copy.copy does for a ParaFrag
        frag.__tag__ = tag
        if attr:
            _applyAttributes(frag, attr)
        self._stack.append(frag)

    def handle_data(self, data: str) -> None:
        """``ParaParser.handle_data`` for a fragment that is neither a bullet's nor Greek (those
        are left to it): a copy of the current fragment in its face, holding ``data``."""
        top = self._stack[-1].__dict__
        if top.get("greek") or "isBullet" in top:
            ParaParser.handle_data(self, data)
            return
        if "cbDefn" in top:
            if data:
                self._syntax_error(f"Only empty <{top['cbDefn'].kind}> tag allowed")
        elif "_selfClosingTag" in top:
            if data != "":
                self._syntax_error(f"No content allowed in {top['_selfClosingTag']} tag")
            return
        frag = _new(ParaFrag)
        d = frag.__dict__
        d.update(top)
        d["fontName"] = tt2ps(d["fontName"], d["bold"], d["italic"])
        d["text"] = data
        self.fragList.append(frag)

    def start_ondraw(self, attr: dict[str, str]) -> None:
        """``ParaParser.start_ondraw`` (push, emit nothing, pop) as the one fragment it emits."""
        top = self._stack[-1].__dict__
        if "name" not in attr or top.get("greek") or "isBullet" in top or "cbDefn" in top:
            ParaParser.start_ondraw(self, attr)
            return
        defn = ABag()
        defn.name = attr["name"]
        defn.label = attr.get("label", None)
        defn.kind = "onDraw"
        frag = _new(ParaFrag)
        d = frag.__dict__
        d.update(top)
        d["__tag__"] = "ondraw"
        d["cbDefn"] = defn
        d["fontName"] = tt2ps(d["fontName"], d["bold"], d["italic"])
        d["text"] = ""
        self.fragList.append(frag)


def parse(text: str, style: ParagraphStyle) -> tuple[Any, list[Any]] | None:
    """``ParaParser().parse(text, style)`` (case-sensitive, as ``Paragraph`` sets it) for
    markup of the kinds this module reads: the style and the fragments, or None for any other
    markup and for markup that ReportLab would find a mistake in (the caller parses it as
    ``Paragraph`` would, to say so). ``text``: the markup as ``Paragraph`` cleans it."""
    if text.startswith("<para"):
        return None
    tokens = []
    at, end, match = 0, len(text), _TOKEN.match
    while at < end:
        token = match(text, at)
        if token is None:
            return None
        tokens.append(token)
        at = token.end()
    parser = _Parser()
    parser.caseSensitive = 1
    try:
        parser._setup_for_parse(style)
        parser.start_para({})
        data = parser.handle_data
        for token in tokens:
            kind = token.lastindex
            if kind == 1:
                data(token.group(1))
            elif kind == 4:  # a start tag (its last group, the slash, always takes part)
                tag = token.group(2).lower()
                empty = bool(token.group(4))
                if tag not in (_EMPTY if empty else _PAIRED):
                    return None
                attrs = {}
                for name, value in _ATTRIBUTE.findall(token.group(3)):
                    attrs[name.lower()] = unescape(value) if value else value
                getattr(parser, "start_" + tag)(attrs)
                if empty:
                    getattr(parser, "end_" + tag)()
            elif kind == 5:
                tag = token.group(5).lower()
                if tag not in _PAIRED:
                    return None
                getattr(parser, "end_" + tag)()
            elif kind == 6:
                parser.handle_entityref(token.group(6))
            else:
                parser.handle_charref(token.group(7))
        parser.end_para()
        parsed = parser._complete_parse()
    except Exception:  # a mistake: ReportLab's own parse says which
        return None
    if parsed[1] is None or parsed[2]:
        return None
    return parsed[0], parsed[1]
