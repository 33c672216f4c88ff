"""A project's own font files (``fonts/``): found, read within bounds, checked to embed, and
registered with ReportLab once per content, under a name of their own."""

from __future__ import annotations

import hashlib
import io
import struct
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from .confine import FileRefused, read_file
from .measure import FACES, named, register

FONT_SUFFIXES = (".ttf", ".otf")
MAX_FONT_BYTES = 64 << 20
"""Largest font file read: a whole CJK TrueType font is a third of this."""


class FontFileError(ValueError):
    """A font file that cannot be used; the message says why."""


def font_files(folder: Path) -> dict[str, Path]:
    """Every font file of a project's ``fonts/`` folder by its file stem, in name order."""
    try:
        found = sorted(p for p in folder.iterdir() if p.suffix.lower() in FONT_SUFFIXES)
    except OSError:  # no fonts/ folder
        return {}
    return {p.stem: p for p in found}


_REGISTERED: dict[str, str] = {}  # content hash -> the name the font is registered under


def register_font_file(path: Path) -> str:
    """Register a TrueType font file (once per content) and return the name ReportLab knows
    it by: its file stem, or the stem and a hash when another file took that name. A font
    with PostScript (CFF) outlines, or a file that is no font, raises FontFileError; so does
    a FIFO, a folder or a device there, refused by what it is before anything reads it."""
    try:
        data = read_file(path, MAX_FONT_BYTES)
    except FileRefused as exc:
        raise FontFileError(str(exc)) from None
    if data[:4] == b"OTTO":
        raise FontFileError(
            "has PostScript (CFF) outlines, which cannot be embedded; convert it to TrueType"
            " (fontTools' otf2ttf does) or use the family's .ttf"
        )
    digest = hashlib.sha256(data).hexdigest()[:12]
    if digest in _REGISTERED:
        named(_REGISTERED[digest], path.stem)
        return _REGISTERED[digest]
    register()
    name = path.stem
    if name in pdfmetrics.getRegisteredFontNames() or name in FACES:
        name = f"{path.stem}~{digest}"
    try:
        font = TTFont(name, io.BytesIO(data))
    except Exception as exc:  # ReportLab's TTFError, struct errors: not a usable TrueType font
        raise FontFileError(f"cannot be read as a TrueType font ({exc})") from None
    try:
        broken = broken_glyph(font)  # first: it says which letter, where a subset cannot
        blank = "" if broken else blank_letters(font)
        if not broken:
            embeddable(font)
    except Exception as exc:  # an IndexError, a struct error: what the PDF's subset would hit
        raise FontFileError(
            f"cannot be embedded: its glyph data is damaged ({type(exc).__name__}: {exc})"
        ) from None
    if broken:
        raise FontFileError(f"cannot be embedded: its glyph data is damaged ({broken})")
    refused = embedding_refused(font)
    if refused:
        raise FontFileError(refused)
    if blank:
        raise FontFileError(
            f"cannot be embedded: its glyph data is damaged (the letters {blank} have no"
            " outlines: they would print as nothing)"
        )
    if font.face.name in _face_names():  # ReportLab would take the font registered first
        font.face.name += b"-" + digest[:8].encode()  # (the embedded font's name says so)
    pdfmetrics.registerFont(font)
    _REGISTERED[digest] = name
    named(name, path.stem)
    return name


def _face_names() -> set[bytes]:
    """The internal (PostScript) names of the TrueType fonts registered: ReportLab registers a
    font whose internal name is taken as that earlier font, whatever its glyphs (a project
    font that is the packaged italic with other widths was measured and drawn as the
    packaged one)."""
    fonts = (pdfmetrics.getFont(n) for n in pdfmetrics.getRegisteredFontNames())
    return {f.face.name for f in fonts if isinstance(getattr(f, "face", None), TTFontFace)}


def embeddable(font: TTFont) -> None:
    """Subset every character ``font`` maps, as a PDF embeds it (some 2 ms a font): a glyph
    table that is damaged fails here, where ``check`` sees it, not only when a build writes
    the PDF (a font whose glyph data was overwritten measured well and crashed the build)."""
    chars = sorted(c for c in font.face.charToGlyph if c)
    for start in range(0, len(chars), 255):  # a subset holds .notdef and 255 characters
        font.face.makeSubset([0, *chars[start : start + 255]])


SAMPLE = "AEHOaeno0123"
"""Letters and digits whose outlines a font must have (``blank_letters``)."""


def blank_letters(font: TTFont) -> str:
    """Those of ``SAMPLE`` the font maps whose glyphs have no outline, when every one it
    maps has none ('' otherwise): glyph data overwritten with zeros reads as empty glyphs,
    which ReportLab measures and embeds without a word, and prints as nothing. Read from
    the glyph table ``embeddable`` located (its ``loca``); a glyph that lies past the end
    of its table raises ValueError, as a damaged font's glyph data is."""
    face = font.face
    glyf, places = face.get_table("glyf"), getattr(face, "glyphPos", None)
    if not places:
        return ""
    mapped = [c for c in SAMPLE if face.charToGlyph.get(ord(c))]
    empty = []
    for c in mapped:
        glyph = face.charToGlyph[ord(c)]
        at, end = places[glyph], places[glyph + 1]
        if end > len(glyf) or at > end:
            raise ValueError(f"the glyph of {c!r} lies past the end of its table")
        if end - at < 2 or int.from_bytes(glyf[at : at + 2], "big", signed=True) == 0:
            empty.append(c)
    return "".join(empty) if mapped and len(empty) == len(mapped) else ""


RESTRICTED, NO_SUBSET, BITMAP_ONLY = 0x0002, 0x0100, 0x0200  # OS/2 fsType's embedding bits


def embedding_refused(font: TTFont) -> str:
    """Why the font's own licence bits (OS/2 ``fsType``) forbid what a PDF of cutsheet's does
    with it, embedding a subset of its outlines; '' when they allow it. ReportLab embeds such a
    font (a whole small one) without a word."""
    try:
        os2 = font.face.get_table("OS/2")
    except Exception:  # no such table (an old Mac font): nothing forbids it
        return ""
    if len(os2) < 10:
        return ""
    bits = int.from_bytes(os2[8:10], "big")
    if bits & 0x000E == RESTRICTED:  # (bit 0 is reserved)
        said = "forbids embedding it"
    elif bits & BITMAP_ONLY:
        said = "allows embedding only its bitmaps, not its outlines"
    elif bits & NO_SUBSET:
        said = "forbids embedding a subset of it"
    else:
        return ""
    return (
        f"cannot be embedded: its licence {said} (its OS/2 fsType is {bits:#06x});"
        " choose a font whose licence allows embedding"
    )


_WORDS, _MORE, _SCALE, _XY_SCALE, _TWO_BY_TWO = 0x0001, 0x0020, 0x0008, 0x0040, 0x0080


def broken_glyph(font: TTFont) -> str:
    """What is wrong with the first glyph whose record cannot be drawn ('' when none): a
    simple glyph whose contour count runs past its own data, a composite whose parts run
    past it, or that is made of a glyph the font lacks, of itself, or of a glyph made of it.
    ReportLab subsets and embeds such a glyph without a word; a viewer then leaves its
    letter out of the print (a probe's 'Sun' printed as ' un')."""
    face = font.face
    glyf, places = face.get_table("glyf"), getattr(face, "glyphPos", None)
    if not places:
        return ""
    count = len(places) - 1
    parts: dict[int, list[int]] = {}
    for glyph in range(count):
        at, end = places[glyph], min(places[glyph + 1], len(glyf))
        if end - at < 10:  # no outline (a space), or too short to hold one: said elsewhere
            continue
        contours = int.from_bytes(glyf[at : at + 2], "big", signed=True)
        if contours > 0 and 10 + 2 * contours + 2 > end - at:  # (0: an empty glyph's header)
            return f"{_glyph_name(face, glyph)} claims {contours} contours, more than it holds"
        if contours < 0:
            made_of = _components(glyf, at + 10, end)
            if made_of is None or any(g >= count for g in made_of):
                return f"{_glyph_name(face, glyph)} is made of parts the font does not hold"
            parts[glyph] = made_of
    looped = _in_loop(parts)
    return "" if looped is None else f"{_glyph_name(face, looped)} is made of itself"


def _components(glyf: bytes, at: int, end: int) -> list[int] | None:
    """The glyphs a composite glyph's record (from ``at``, after its header) is made of, or
    None where a part's record runs past ``end``."""
    found: list[int] = []
    while True:
        if at + 4 > end:
            return None
        flags, glyph = struct.unpack(">HH", glyf[at : at + 4])
        found.append(glyph)
        at += 4 + (4 if flags & _WORDS else 2)
        at += 2 if flags & _SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0
        if at > end:
            return None
        if not flags & _MORE:
            return found


def _in_loop(parts: Mapping[int, list[int]]) -> int | None:
    """A composite glyph that is, through its parts, made of itself (on the first loop met,
    searching from each glyph in order); None when none is. One walk over every glyph and part (a font of 65,535
    composites in a chain is walked once, not once a glyph)."""
    done: set[int] = set()
    for first in sorted(parts):
        if first in done:
            continue
        path, on_path = [(first, iter(parts[first]))], {first}
        while path:
            glyph, kids = path[-1]
            kid = next(kids, None)
            if kid is None:
                path.pop()
                on_path.discard(glyph)
                done.add(glyph)
            elif kid in on_path:
                return kid
            elif kid not in done and kid in parts:
                path.append((kid, iter(parts[kid])))
                on_path.add(kid)
    return None


def _glyph_name(face: TTFontFace, glyph: int) -> str:
    """How a message names a glyph: by a character it draws, else by its number."""
    chars = sorted(c for c, g in face.charToGlyph.items() if g == glyph)
    return f"the glyph of {chr(chars[0])!r}" if chars else f"glyph {glyph}"


class Axis(NamedTuple):
    """One axis of a variable font (``fvar``): its tag and its least, default and most."""

    tag: str
    low: float
    default: float
    high: float


def variable_axes(name: str) -> tuple[Axis, ...]:
    """The axes of a registered font, when it is a variable font (it has an ``fvar`` table);
    none for a static one. ReportLab draws a variable font's default instance alone,
    whatever weight a style or a family asks of it. A table whose header is out of bounds
    (its axes inside the header, of a size under 20 bytes, past its end) reads as none."""
    face = pdfmetrics.getFont(name).face
    if "fvar" not in getattr(face, "table", {}):  # (ReportLab's table of tables, by tag)
        return ()
    data = face.get_table("fvar")
    if len(data) < 16:
        return ()
    offset, _reserved, count, size = struct.unpack(">HHHH", data[4:12])
    if offset < 16 or size < 20 or offset + count * size > len(data):
        return ()
    axes = []
    for at in range(offset, offset + count * size, size):
        tag, low, default, high = struct.unpack(">4siii", data[at : at + 16])
        said = tag.decode("latin-1").strip()
        axes.append(Axis(said, low / 65536, default / 65536, high / 65536))
    return tuple(axes)


def register_members(family: str, paths: Mapping[str, Path]) -> tuple[str, dict[str, str]]:
    """The faces of a family (style -> file) registered for that family alone, and the key
    it is registered under. ReportLab ties a registered font to one family, whose faces its
    ``<b>`` and ``<i>`` then take, and keeps its families by name for the whole process: a
    file two families name, one of cutsheet's own faces, or a family of the same name in
    another game would make one family's bold another's. So a family is keyed by its name
    and its files' contents (the same family, the same fonts, in any order of loading),
    and each of its faces is a font of its own under that key."""
    data = {style: read_file(path, MAX_FONT_BYTES) for style, path in paths.items()}
    digests = {style: hashlib.sha256(d).hexdigest()[:12] for style, d in data.items()}
    key = f"{family}~{hashlib.sha256(repr(sorted(digests.items())).encode()).hexdigest()[:8]}"
    registered = set(pdfmetrics.getRegisteredFontNames())
    out = {}
    for style, path in paths.items():
        own = hashlib.sha256(f"{key}|{digests[style]}".encode()).hexdigest()[:8]
        name = f"{path.stem}~{own}"  # the file's contents in it: two files of one stem differ
        if name not in registered:
            try:
                font = TTFont(name, io.BytesIO(data[style]))
            except Exception as exc:  # changed since it was checked (TTFError, struct errors)
                raise FontFileError(f"cannot be read as a TrueType font ({exc})") from None
            font.face.name += b"-" + own.encode()  # its own, embedded: never another's face
            pdfmetrics.registerFont(font)  # (files of one PostScript name are two fonts)
            registered.add(name)
            named(name, path.stem)
        out[style] = name
    return key, out
