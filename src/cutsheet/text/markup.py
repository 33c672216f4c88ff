"""What paragraph markup a template may write: only the tags and fonts cutsheet sets.

Autoescaping turns every value that comes from content into literal text; this checks the
markup written in the template itself (``<b>``, ``<br/>``, ``<font size=…>``).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from .problem import TemplateProblem, short

_FONT_ATTRS = frozenset(
    {"size", "fontsize", "face", "name", "fontname", "color", "fg", "textcolor", "backcolor"}
    | {"bgcolor"}
)
# no 'rise': a run raised or lowered by hand is never measured (a rise of 150 pt printed a
# cost 27 mm above its card); <super> and <sub> raise and lower by ReportLab's own share of
# the size (and ReportLab refuses 'rise' on <font> and <span> in any case)
_ALLOWED_TAGS: dict[str, frozenset[str]] = {
    **{tag: frozenset() for tag in ("b", "i", "u", "strike", "strong", "em", "br")},
    **{tag: frozenset({"size", "fontsize"}) for tag in ("super", "sup", "sub")},
    "font": _FONT_ATTRS,
    "span": _FONT_ATTRS,
}
_NUMBER_ATTRS = {"size": (1.0, 200.0), "fontsize": (1.0, 200.0)}
_COLOUR_ATTRS = frozenset({"color", "fg", "textcolor", "backcolor", "bgcolor"})
_HEX = re.compile(r"(?:#|0[xX])[0-9A-Fa-f]{6}")  # ReportLab reads #a00 and 0xa00 as #000A00
_NOT_A_TAG = re.compile(r"<(?:!(?!--)|\?)[^>]{0,24}>?")  # (a comment, <!-- … -->, is none)


class _Tags(HTMLParser):
    """The tags of paragraph markup, as ReportLab's parser (an HTMLParser) sees them: each
    start tag with its attributes and whether it closes itself (``<br/>``), and each end tag
    (declarations and processing instructions are refused before: ``_NOT_A_TAG``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]], bool]] = []
        self.ends: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs, False))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs, True))

    def handle_endtag(self, tag: str) -> None:
        self.ends.append(tag)


_BARE_AMPERSAND = re.compile(r"&(?!#[0-9]+;|#[xX][0-9A-Fa-f]+;|[A-Za-z][A-Za-z0-9]*;)")
_UPPER_HEX_REF = re.compile(r"&#X(?=[0-9A-Fa-f]+;)")


def ampersands_kept(markup: str) -> str:
    """``markup`` with every ``&`` that starts no character reference (``&amp;``, ``&#65;``,
    ``&nbsp;``) written as ``&amp;``: ReportLab's parser would read ``R&D`` as a reference
    to a character named ``D`` and print ``R&D;``. A template's own text prints as written,
    as a value does (values arrive escaped)."""
    if "&" not in markup:
        return markup
    # ``&#X41;`` is HTML's as much as ``&#x41;``, but ReportLab's parser reads only the latter
    return _UPPER_HEX_REF.sub("&#x", _BARE_AMPERSAND.sub("&amp;", markup))


def check_markup(markup: str) -> None:
    """Refuse markup cutsheet does not write itself: pictures (``<img>``: they belong in image
    boxes), callbacks (``<onDraw>``), links, other fonts than ours, sizes out of range. Only
    ``b i u strike strong em br super sup sub font span`` are allowed."""
    if "<" not in markup or _plain_tags(markup):
        return
    from ..measure import FACES, FAMILY

    odd = _NOT_A_TAG.search(markup)
    if odd:  # a declaration, a processing instruction, <!x> (which the parser drops unsaid)
        said = odd.group(0) if odd.group(0).endswith(">") else odd.group(0) + "…"
        raise TemplateProblem(f"markup {said} is not allowed")
    parser = _Tags()  # (no declaration reaches it: HTMLParser asserts on unknown ones)
    parser.feed(markup)
    parser.close()
    if "br" in parser.ends:  # ReportLab fails on it (and draws no break)
        raise TemplateProblem("markup </br> is not a line break; write <br/>")
    fonts = {FAMILY} | {face[0] for face in FACES.values()}
    for tag, attrs, closed in parser.tags:
        allowed = _ALLOWED_TAGS.get(tag)
        spaced = _SPACED_NAME.fullmatch(tag)
        if allowed is None and spaced:  # ReportLab would skip it: <br> drawing no break
            raise TemplateProblem(
                f"markup <{spaced[1]}…>: a U+{ord(spaced[2]):04X} space after the tag's name"
                " makes it another tag; write a plain space, or none"
            )
        if allowed is None:
            hint = " (pictures go in an image box)" if tag == "img" else ""
            raise TemplateProblem(
                f"markup <{_short_tag(tag)}> is not allowed{hint}; use"
                " <b>, <i>, <u>, <br/>, <font size=… color=…>, <super>, <sub> (a < that"
                " prints is written &lt;)"
            )
        if tag == "br" and not closed:  # ReportLab: "No content allowed in br tag"
            raise TemplateProblem("markup <br>: a line break closes itself; write <br/>")
        for attr, value in attrs:
            _check_attribute(tag, attr, value, allowed, fonts)


def _check_attribute(
    tag: str, attr: str, value: str | None, allowed: frozenset[str], fonts: set[str]
) -> None:
    """One attribute of an allowed tag: allowed on it, naming one of our fonts, in range."""
    if attr not in allowed:
        raise TemplateProblem(f"markup <{tag} {_short_tag(attr)}=…> is not allowed")
    if attr in ("face", "name", "fontname") and value not in fonts:
        raise TemplateProblem(
            f"markup <{tag} {attr}={short(value)}>: only cutsheet's fonts"
            f" ({', '.join(sorted(fonts))}) are allowed; use <b> and <i>"
        )
    hexed = (value or "").startswith(("#", "0x", "0X"))
    if attr in _COLOUR_ATTRS and hexed and not _HEX.fullmatch(value or ""):
        raise TemplateProblem(  # ReportLab reads #a00 as #000A00
            f"markup <{tag} {attr}={short(value)}>: write a colour as #RRGGBB (six hex"
            " digits) or by its name"
        )
    if attr in _NUMBER_ATTRS:
        lo, hi = _NUMBER_ATTRS[attr]
        try:
            number = float(value or "")
        except ValueError:
            number = float("nan")
        if not lo <= number <= hi:
            raise TemplateProblem(
                f"markup <{tag} {attr}={short(value)}>: {attr} must be a number from"
                f" {lo:g} to {hi:g}"
            )


_SIMPLE_TAG = re.compile(
    r"</?(?:b|i|u|strike|strong|em|super|sup|sub)[\t\n\r\f ]*/?>|<br[\t\n\r\f ]*/>",
    re.IGNORECASE,
)  # (HTMLParser ends a tag's name at those spaces only: ``<br\xa0/>`` is a tag "br\xa0";
# ``<br>`` and ``</br>`` are left to the parse, which refuses them)
_SPACED_NAME = re.compile(r"([a-z]+)(\s)\S*")


def _plain_tags(markup: str) -> bool:
    """True when every '<' opens a tag without attributes that is allowed (the common case,
    decided without parsing)."""
    start = markup.find("<")
    while start != -1:
        m = _SIMPLE_TAG.match(markup, start)
        if m is None:
            return False
        start = markup.find("<", m.end())
    return True


def _short_tag(tag: str) -> str:
    return tag if len(tag) <= 20 else tag[:19] + "…"
