"""Text measuring: font registration, glyph coverage and paragraph wrapping.

ReportLab used only to measure (as ``flow/`` uses it only to build the documents' flowables):
the plan stage asks it whether text fits and which characters a font lacks, and ``render/``
asks it for the very same wrapped paragraph to draw, so the two can never disagree. It never
draws.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Literal, Protocol

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.fonts import addMapping, ps2tt, tt2ps
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm as MM
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, paraparser
from reportlab.platypus import paragraph as paragraph_module
from reportlab.platypus.paragraph import cleanBlockQuotedText, textTransformFrags
from reportlab.platypus.paraparser import ParaFrag

from . import notation_glue, paragraph_parse, same_frag
from .diagnostics import Loc, Problem, char_name
from .markup_errors import PARSER_FAILURES, markup_reason
from .word_breaks import SpacedParagraph

# The fonts ship inside the package (cutsheet/data/fonts), so an installed cutsheet finds them.
FONT_DIR = Path(str(files("cutsheet").joinpath("data", "fonts")))

FAMILY = "Atkinson"
FACES = {
    "regular": ("Atkinson", "AtkinsonHyperlegible-Regular.ttf", 0, 0),
    "bold": ("Atkinson-Bold", "AtkinsonHyperlegible-Bold.ttf", 1, 0),
    "italic": ("Atkinson-Italic", "AtkinsonHyperlegible-Italic.ttf", 0, 1),
    "bold-italic": ("Atkinson-BoldItalic", "AtkinsonHyperlegible-BoldItalic.ttf", 1, 1),
}
FontName = Literal["regular", "bold", "italic", "bold-italic"]
__all__ = ["MM", "TextStyle", "measure", "wrapped", "register", "face_name"]
_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


class FontDamaged(Exception):
    """A packaged font that cannot be loaded (a damaged install): (path, reason)."""


@lru_cache(maxsize=1)
def register() -> str:
    """Register the family once per process; returns the regular face's name. A font file
    that cannot be loaded raises FontDamaged."""
    for name, file, bold, italic in FACES.values():
        if name not in pdfmetrics.getRegisteredFontNames():
            try:
                pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
            except Exception as exc:  # ReportLab's TTFError, an OSError, a struct.error...
                why = " ".join(str(exc).split())[:200] or type(exc).__name__
                raise FontDamaged(str(FONT_DIR / file), why) from None
        addMapping(FAMILY, bold, italic, name)
    return FACES["regular"][0]


def font_problems() -> list[Problem]:
    """A located problem when a packaged font cannot be loaded, else none: every command
    asks first, so a damaged install is one line, not a traceback in every game."""
    try:
        register()
    except FontDamaged as exc:
        path, why = exc.args
        return [
            Problem(Loc(path), f"cutsheet's own font cannot be loaded ({why}); reinstall cutsheet")
        ]
    return []


def face_name(style_font: str) -> str:
    """The registered name of a style's font: one of ours (``regular``, ``bold``…), else a
    project font's registered name as is (see :func:`register_font_file`)."""
    register()
    return FACES[style_font][0] if style_font in FACES else style_font


@lru_cache(maxsize=8)
def _charmap(font_name: str) -> frozenset[int]:
    register()
    font = pdfmetrics.getFont(font_name)
    return frozenset(font.face.charToGlyph)


def missing_glyphs(text: str, font_name: str) -> list[str]:
    """Characters of ``text`` that ``font_name`` cannot draw (ReportLab would drop them)."""
    cmap = _charmap(font_name)
    seen: list[str] = []
    for ch in text:
        if ch not in "\n\t\r\xa0" and ord(ch) not in cmap and ch not in seen:
            seen.append(ch)
    return seen


@dataclass(frozen=True)
class Unprintable:
    """Characters of one run of a paragraph that its font cannot draw (ReportLab would drop
    them), in the order the run has them: which ones, not only a message naming them, so
    that a problem is said where the first one was written (``boxes.text``)."""

    font: str  # the registered name
    chars: tuple[str, ...]

    @property
    def message(self) -> str:
        """ "font X has no 'c' (U+....)", each character named as ``char_name`` names it."""
        shown = ", ".join(char_name(ch) for ch in self.chars)
        return f"font {shown_font(self.font)} has no {shown}"


def unprintable(paragraph: Paragraph) -> list[Unprintable]:
    """The characters of each run of a paragraph that its font cannot draw."""
    out = []
    for frag in getattr(paragraph, "frags", []):
        lost = missing_glyphs(getattr(frag, "text", ""), frag.fontName)
        if lost:
            out.append(Unprintable(frag.fontName, tuple(lost)))
    return out


def string_width(text: str, font_name: str, size: float) -> float:
    """Width in points of ``text`` set in a registered font."""
    register()
    return _word_width(text, font_name, size)


WIDTHS_KEPT = 65_536
_widths: dict[tuple[str, str, float], float] = {}
_font_width = pdfmetrics.stringWidth


def _word_width(text: str, fontName: str, fontSize: float, encoding: str = "utf8") -> float:  # noqa: N803
    """``pdfmetrics.stringWidth``, remembered: ReportLab measures every word again each
    time it breaks a paragraph into lines, and a build breaks one at several widths (both
    papers, the booklet's half page, the fit check): 122,000 widths asked, 7,100 distinct.
    A font's name is bound to one font for good (``register_font_file`` gives a changed
    file another name), so the name, the size and the text decide the width."""
    if encoding != "utf8" or type(text) is not str:
        return _font_width(text, fontName, fontSize, encoding)  # type: ignore[no-any-return]
    key = (text, fontName, fontSize)
    width = _widths.get(key)
    if width is None:
        width = _font_width(text, fontName, fontSize, encoding)
        if len(_widths) >= WIDTHS_KEPT:
            _widths.clear()
        _widths[key] = width
    return width


# ReportLab's line breaking looks ``stringWidth`` up in its module each time it calls it
paragraph_module.stringWidth = _word_width
same_frag.install()  # and ``sameFrag``


@dataclass(frozen=True)
class TextStyle:
    """How a run of text is set: one of our faces, size and leading in points, alignment."""

    font: str = "regular"
    size: float = 9.0
    leading: float = 11.25
    align: Literal["left", "center", "right"] = "left"
    color: str = "#000000"
    instead_of: str = ""  # the layout's font, when a profile sets this text in ours instead


def paragraph_style(style: TextStyle) -> ParagraphStyle:
    """The ReportLab style of text set in ``style``, whatever the name of the layout style
    that gives it (``prose``, or ``prose@scaled`` in large print): a paragraph is parsed and
    wrapped once for all the names of one ``TextStyle`` (ReportLab reads a style's name for
    nothing it parses, measures or draws)."""
    return _paragraph_style(style)


@lru_cache(maxsize=256)
def _paragraph_style(style: TextStyle) -> ParagraphStyle:
    return ParagraphStyle(
        "text",
        fontName=face_name(style.font),
        fontSize=style.size,
        leading=style.leading,
        alignment=_ALIGN[style.align],
        textColor=colors.HexColor(style.color),
        allowWidows=1,
        allowOrphans=1,
        splitLongWords=0,
        hyphenationLang="",
    )


class MarkupError(ValueError):
    """Text that is not valid paragraph markup; its text is one sentence saying why."""

    @classmethod
    def of(cls, exc: ValueError) -> MarkupError:
        return cls(markup_reason(str(exc)))


@dataclass(frozen=True)
class Measured:
    height: float  # points
    plain: str  # the text as a reader gets it
    missing: tuple[Unprintable, ...]  # characters its fonts cannot draw, run by run
    too_wide: float = 0.0  # points by which the widest unbreakable line exceeds the width
    smallest: float = float("inf")  # points: the smallest text run (markup can shrink one)
    largest: float = 0.0  # points: the largest text run (markup can grow one past its line)
    reach: tuple[float, float] = (0.0, 0.0)  # points a <super> rises above the first line's
    # top and a <sub> drops below the last line's bottom (``raised``)


def _too_wide(para: Paragraph) -> float:
    """How far the widest line runs past the paragraph's width (a word that cannot break)."""
    worst = 0.0
    for line in getattr(getattr(para, "blPara", None), "lines", []) or []:
        if isinstance(line, tuple):
            extra, words = float(line[0]), len(line[1])
        else:
            extra, words = float(getattr(line, "extraSpace", 0.0)), getattr(line, "wordCount", 1)
        # ReportLab lets a line of several words run a hair over; one word cannot be helped
        if extra < 0 and (words <= 1 or extra < -2.0):
            worst = max(worst, -extra)
    return worst


# 2,048 laid-out paragraphs: every one the repository's games measure (about 2,300 in all, most
# of them in one game) while a 10,000-card deck, whose paragraphs are each drawn once after
# the plan measured them all, does not hold twenty thousand of them until its file is tagged.
@lru_cache(maxsize=2048)
def _wrapped(
    markup: str, style: TextStyle, width: float
) -> tuple[Paragraph, float, tuple[Unprintable, ...]]:
    """The paragraph wrapped to ``width``: once for every height it is offered, which
    ReportLab's ``Paragraph.wrap`` never reads (it breaks the lines to the width alone; a
    large-print face measures its text in an unbounded box, then fills the box it grew)."""
    para = fresh(markup, _paragraph_style(style))  # parsed once, whatever the width
    missing = tuple(unprintable(para))  # before wrapping, which regroups the fragments
    _, h = para.wrap(width, UNBOUNDED)
    return para, h, missing


UNBOUNDED = 10_000.0  # points: the height a paragraph is wrapped in (never read)


def wrapped(
    markup: str, style: TextStyle, name: str, width: float, height: float
) -> tuple[Paragraph, float]:
    """The paragraph for ``markup`` wrapped to ``width`` × ``height`` points, and its height.
    Cached: the plan measures it and the renderer draws this very object."""
    para, h, _missing = _wrapped(markup, style, width)
    return para, h


def measure(markup: str, style: TextStyle, width: float) -> Measured:
    """Height, plain text and glyph problems of ``markup`` set in ``width`` points."""
    return _measured(markup, style, width)


@lru_cache(maxsize=2048)  # as ``_wrapped``
def _measured(markup: str, style: TextStyle, width: float) -> Measured:
    para, h, missing = _wrapped(markup, style, width)
    sizes = run_sizes(para)
    smallest, largest = min(sizes, default=float("inf")), max(sizes, default=0.0)
    reach = raised(para, style.size, style.leading)
    return Measured(h, para.getPlainText(), missing, _too_wide(para), smallest, largest, reach)


INK = 0.75
"""How high a run's ink stands above its baseline, as a share of its size (capitals and
digits: Atkinson's are 0.7)."""


def raised(para: Paragraph, size: float, leading: float) -> tuple[float, float]:
    """How far (points) a raised run's ink (``<super>``) on the first line reaches above the
    paragraph's top (a font size over the first baseline), and how far a lowered run
    (``<sub>``) on the last line drops below the paragraph's bottom (``leading - size``
    under the last baseline), further than the line's own descent, at most: (0, 0) for a
    paragraph with neither."""
    lines = getattr(getattr(para, "blPara", None), "lines", None) or []
    if not lines or isinstance(lines[0], tuple):  # one run, never raised
        return 0.0, 0.0
    first = getattr(lines[0], "words", None) or []
    last = getattr(lines[-1], "words", None) or []
    risen = [w.rise + INK * w.fontSize for w in first if getattr(w, "rise", 0) > 0]
    up = max(risen, default=0.0) - size  # the line's top: its baseline plus its size
    dropped = [-w.rise for w in last if getattr(w, "rise", 0) < 0]
    down = max(dropped, default=0.0) - max(leading - size, 0.0)
    return max(float(up), 0.0), max(float(down), 0.0)


UNPRINTED = str.maketrans("", "", "\xad\u200b")
"""What a run holds besides its blanks that does not make it a run that prints: a soft hyphen
(left out of a word's text; a hyphen is drawn only where a line breaks at it, in the size of
the text before it) and a zero-width space (a blank to ReportLab, not to ``str.strip``)."""


def prints(text: object) -> bool:
    """Whether ``text`` (a run's, or a word part's) holds anything that prints."""
    return bool(str(text).translate(UNPRINTED).strip())


def run_sizes(para: Paragraph) -> list[float]:
    """The sizes (points) of the runs of ``para`` that print something (``prints``), each at
    least once: a ``<font size>``, ``<super>`` or ``<sub>`` sets a run smaller (or larger)
    than its style. A parsed paragraph's are read from its fragments as they are, without
    breaking its text into words (ReportLab's words part a fragment's text, and a part
    prints when its fragment's text does: ``tests/test_run_sizes.py``); one whose fragments
    are words already (a part of a split, or one whose lines broke at a soft hyphen) from
    its words as line breaking joins them."""
    frags = para.frags or []
    if frags and isinstance(frags[0], list):  # words (rare): read as line breaking reads them
        words = notation_glue.words(frags)
        return [float(part[0].fontSize) for word in words for part in word[1:] if prints(part[1])]
    return [float(f.fontSize) for f in frags if prints(getattr(f, "text", ""))]


def smallest_run(para: Paragraph) -> float:
    """The size (points) of the smallest run of ``para`` that prints something."""
    return min(run_sizes(para), default=float("inf"))


# ------------------------------------------------------------------ images in markup
PACKAGED_DATA = Path(__file__).resolve().parent / "data"
"""Files cutsheet ships (``symbols.PAD_IMAGE``, the transparent spacer beside a symbol)."""


def _image_reader(src: object, ident: object = None) -> ImageReader:
    """ReportLab's ``ImageReader`` for an ``<img>`` of paragraph markup, which its parser
    makes for every ``<img>`` it parses (opening and reading the file each time: a fifth of a
    millisecond, and every symbol has a spacer or two). A file cutsheet ships is read once a
    process (``_packaged_image``); the same reader's image is the same image, drawn the same
    (a PDF holds one copy of an image however often it is drawn). Any other is read anew."""
    if ident is None and isinstance(src, str):
        found = _packaged_image(src)
        if found is not None:
            return found
    return ImageReader(src, ident)


@lru_cache(maxsize=16)
def _packaged_image(src: str) -> ImageReader | None:
    return ImageReader(src) if Path(src).parent == PACKAGED_DATA else None


paraparser.ImageReader = _image_reader  # the one name its parser reads an <img> with


# ------------------------------------------------------------------ documents
@dataclass(frozen=True)
class DocStyles:
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    subheading: ParagraphStyle  # a ``heading:`` block inside a rules section
    body: ParagraphStyle
    strong: ParagraphStyle
    cell: ParagraphStyle
    small: ParagraphStyle


@lru_cache(maxsize=8)
def doc_styles(body: float, heading: float, title: float, small: float, ls: float) -> DocStyles:
    """The paragraph styles of flowing documents at a profile's sizes and line spacing."""

    def st(name: str, size: float, font: str = "regular", **kw: object) -> ParagraphStyle:
        return ParagraphStyle(
            name,
            fontName=face_name(font),
            fontSize=size,
            leading=round(size * ls, 2),
            alignment=kw.pop("alignment", TA_LEFT),
            textColor=colors.black,
            splitLongWords=0,
            hyphenationLang="",
            allowWidows=0,
            **kw,
        )

    b = body
    return DocStyles(
        title=st("title", title, "bold", spaceAfter=b * 0.4),
        subtitle=st("subtitle", b, spaceAfter=b * 0.8),
        heading=st("heading", heading, "bold", spaceBefore=b * 0.9, spaceAfter=b * 0.4),
        subheading=st(
            "subheading",
            round((b + heading) / 2, 2),
            "bold",
            spaceBefore=b * 0.7,
            spaceAfter=b * 0.3,
        ),
        body=st("body", b, spaceAfter=b * 0.5),
        strong=st("strong", b, "bold", spaceAfter=b * 0.3),
        cell=st("cell", b, alignment=TA_CENTER),
        small=st("small", small),
    )


class _Sizes(Protocol):
    body_size: float
    heading_size: float
    title_size: float
    small_size: float
    line_spacing: float


def profile_doc_styles(profile: _Sizes) -> DocStyles:
    """The document styles at a print profile's sizes."""
    p = profile
    return doc_styles(p.body_size, p.heading_size, p.title_size, p.small_size, p.line_spacing)


def suffix_style(styles: DocStyles) -> ParagraphStyle:
    return aligned("suffix", styles.cell, TA_RIGHT)


@lru_cache(maxsize=16)
def aligned(name: str, parent: ParagraphStyle, alignment: int) -> ParagraphStyle:
    """``parent`` set to ``alignment``, named ``name``: one style object for every story set
    from the same styles, so what is set in it is parsed once (``parsed`` knows a style by
    itself), not once for each paper and the booklet."""
    return ParagraphStyle(name, parent=parent, alignment=alignment)


@lru_cache(maxsize=2048)  # as ``_wrapped``
def parsed(markup: str, style: ParagraphStyle) -> Paragraph:
    """The parsed paragraph (fragments with their fonts); MarkupError when it is not markup.
    Never wrapped: a paragraph to wrap is a new one on its fragments (no second parse)."""
    plain = _plain_paragraph(markup, style)
    if plain is not None:
        return plain
    quick = _quickly_parsed(markup, style)
    if quick is not None:
        return quick
    try:
        return Paragraph(markup, style)
    except ValueError as exc:
        raise MarkupError.of(exc) from None
    except PARSER_FAILURES as exc:  # markup ReportLab's parser does not expect
        raise MarkupError(f"ReportLab cannot read it ({markup_reason(str(exc))})") from None


def fresh(markup: str, style: ParagraphStyle) -> SpacedParagraph:
    """A paragraph of ``markup`` to wrap and draw: a new one on the fragments ``parsed``
    keeps (a paragraph's wrapping writes into it; the parse is done once)."""
    once = parsed(markup, style)
    return SpacedParagraph(once.text, once.style, once.bulletText, frags=once.frags)


def _quickly_parsed(markup: str, style: ParagraphStyle) -> Paragraph | None:
    """The paragraph ``Paragraph(markup, style)`` makes, parsed by ``paragraph_parse`` (the
    markup cutsheet writes, without ``HTMLParser``); None for any other markup."""
    text = cleanBlockQuotedText(markup)
    got = paragraph_parse.parse(text, style)
    if got is None:
        return None
    parsed_style, frags = got
    textTransformFrags(frags, parsed_style)
    return Paragraph(text, parsed_style, frags=frags)


def _plain_paragraph(markup: str, style: ParagraphStyle) -> Paragraph | None:
    """The paragraph ReportLab's parser makes of plain text (no tag, no entity: most of a
    game's texts), made without parsing: the text as ``Paragraph`` cleans it, in one
    fragment that is the style's own (``_plain_fragment``) with that text. None for any other
    text (parsed), and where the style's fragment is not that simple."""
    if "<" in markup or "&" in markup:
        return None
    text = cleanBlockQuotedText(markup)
    try:  # the font's family as the parser finds it now (a project may map it anew)
        family = ps2tt(style.fontName)
        font = tt2ps(*family)
    except ValueError:
        return None
    proto = _plain_fragment(style, family, font) if text else None
    if proto is None:
        return None
    frag = copy.copy(proto)
    frag.text, frag.link, frag.us_lines = text, [], []  # (a fragment's own lists, as parsed)
    return Paragraph(text, style, frags=[frag])


@lru_cache(maxsize=256)
def _plain_fragment(
    style: ParagraphStyle, family: tuple[str, int, int], font: str
) -> ParaFrag | None:
    """The one fragment ReportLab's parser makes of a plain word in ``style`` (its fonts, size
    and colour, as every plain text in that style gets them) while its font's ``family``
    and the face it sets (``font``) are mapped as they are; None when the style makes more of
    it than one plain fragment with empty link and line lists, or cannot be parsed."""
    if getattr(style, "textTransform", None):
        return None
    try:
        frags = Paragraph(_PROBE, style).frags
    except Exception:  # the style's font has no family mapping...: parsed, to say why
        return None
    one = frags[0] if len(frags) == 1 else None
    if one is None or one.text != _PROBE or one.link or one.us_lines or one.fontName != font:
        return None
    return one  # type: ignore[no-any-return]


_PROBE = "x"


def widest_word(markup: str, style: ParagraphStyle) -> float:
    """Width in points of the widest word of a paragraph, in its own fonts and sizes."""
    widest = 0.0
    for frag in parsed(markup, style).frags:
        for word in getattr(frag, "text", "").split():
            widest = max(widest, pdfmetrics.stringWidth(word, frag.fontName, frag.fontSize))
    return widest


# ------------------------------------------------------------------ a project's own fonts
_BOLD_STEM_V = 50 + int((600 / 65.0) ** 2)  # ReportLab's stemV for an OS/2 weight of 600
_SHOWN: dict[str, str] = {}  # registered name -> the file stem a project last named it by


def shown_font(name: str) -> str:
    """A registered font's name as the project's files name it: a font is registered once
    for its bytes, under the stem of the first file that had them (or with a hash added),
    which another project (in ``watch`` or a test run) may name otherwise."""
    return _SHOWN.get(name) or _PACKAGED_STEMS.get(name, name)


_PACKAGED_STEMS = {name: Path(file).stem for name, file, _bold, _italic in FACES.values()}
"""Our own faces as their files are named (Atkinson-Bold: AtkinsonHyperlegible-Bold)."""


def named(name: str, stem: str) -> None:
    """Say that the project's files name registered font ``name`` by ``stem``."""
    _SHOWN[name] = stem


def register_alone(name: str) -> None:
    """Let registered font ``name`` stand alone: its bold and italic are itself. ReportLab's
    family mappings are global, and a font registered once per content may have been a
    family's member in an earlier project of this process (a test run, a program that
    checks two projects): each project maps its fonts afresh, alone, then its families."""
    for bold, italic in ((1, 1), (0, 1), (1, 0), (0, 0)):  # last: its own family is itself
        addMapping(name, bold, italic, name)


def register_family(family: str, members: dict[str, str]) -> None:
    """Let ``<b>`` and ``<i>`` in text set in ``family`` find its bold and italic faces:
    ``members`` maps regular/bold/italic/bold-italic to registered names (a missing one is
    the regular)."""
    regular = members["regular"]
    for style, (_name, _file, bold, italic) in FACES.items():
        if style != "regular":
            addMapping(family, bold, italic, members.get(style, regular))
    addMapping(family, 0, 0, regular)  # last: the regular's own family is this one


def legible_font(font: str) -> FontName:
    """One of our faces for a style's font: itself when it is one, else bold for a bold
    project font and regular for any other (large print keeps its own legible family)."""
    if font in FACES:
        return font  # type: ignore[return-value]
    face = pdfmetrics.getFont(font).face
    return "bold" if getattr(face, "stemV", 0) >= _BOLD_STEM_V else "regular"
