"""The tags of paragraph markup, found as ReportLab's parser (an ``HTMLParser``) finds them,
rewritten without touching the text between them: a value from content arrives escaped
(``size=7`` on a card is text, and stays text), so only what is inside ``<…>`` is markup.

``retagged`` hands each tag to a function that returns what replaces it; ``upright`` drops
the italic tags (``<i>``, ``<em>``, in any case and spacing) and names the upright face for
a font tag that names an italic one."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

# HTMLParser: a tag opens with '<' and a letter (or '</' and a letter); its name ends at ASCII
# white space, '/' or '>'; a quoted attribute value may hold a '>'
_TAG = re.compile(r"""<(/?)([A-Za-z][^\t\n\r\f />\x00]*)((?:[^>"']|"[^"]*"|'[^']*')*)>""")
ITALIC_TAGS = frozenset({"i", "em"})
_FACE_ATTR = re.compile(r"""(\s(?:face|name|fontname)\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+)""", re.I)


@dataclass(frozen=True)
class Tag:
    """One tag as written: ``end`` for ``</name>``, its name lower-cased (as the parser reads
    it), the name as written and the rest up to the ``>`` (attributes, a closing ``/``)."""

    end: bool
    name: str
    written: str
    rest: str

    @property
    def text(self) -> str:
        return f"<{'/' if self.end else ''}{self.written}{self.rest}>"


def tags_in(markup: str) -> Iterator[tuple[int, int, Tag]]:
    """Each tag of ``markup`` with where it starts and ends, in order."""
    for m in _TAG.finditer(markup):
        yield m.start(), m.end(), Tag(bool(m.group(1)), m.group(2).lower(), m.group(2), m.group(3))


def retagged(markup: str, rewrite: Callable[[Tag], str]) -> str:
    """``markup`` with each tag replaced by ``rewrite(tag)``; the text between them as it is."""
    if "<" not in markup:
        return markup

    def one(m: re.Match[str]) -> str:
        return rewrite(Tag(bool(m.group(1)), m.group(2).lower(), m.group(2), m.group(3)))

    return _TAG.sub(one, markup)


def upright_tag(tag: Tag) -> Tag | None:
    """A tag as it is set where a profile prints no italics: an italic one goes (None), a
    font tag naming an italic face names the upright one."""
    if tag.name in ITALIC_TAGS:
        return None
    if tag.end or tag.name not in ("font", "span"):
        return tag

    def face(m: re.Match[str]) -> str:
        value = html.unescape(m.group(2).strip("\"'"))  # as the parser reads it: &#45; is '-'
        upright = upright_faces().get(value)
        return m.group(0) if upright is None else f'{m.group(1)}"{upright}"'

    return replace(tag, rest=_FACE_ATTR.sub(face, tag.rest))


@functools.cache
def upright_faces() -> dict[str, str]:
    """The packaged italic faces' names, each with its upright face's."""
    from ..measure import FACES

    return {FACES["italic"][0]: FACES["regular"][0], FACES["bold-italic"][0]: FACES["bold"][0]}


def upright(markup: str) -> str:
    """``markup`` without italics (``upright_tag`` on each tag)."""

    def one(tag: Tag) -> str:
        kept = upright_tag(tag)
        return "" if kept is None else kept.text

    return retagged(markup, one)
