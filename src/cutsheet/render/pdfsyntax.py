"""Just enough PDF syntax to read ReportLab's file and write a tagged one (``pdfstream``).

Reading: where each object is (the cross-reference table and the trailer), where a value ends
and the entries of a dictionary, as byte spans of the original text, so that an object is
changed by replacing or adding entries and everything else in it is kept byte for byte; the
references in a value; a text string's characters. Writing: names and text strings, escaped.

Only small objects are ever read this way (the trailer, the catalog, the page tree, the
document information): content streams are binary and are never scanned, but copied whole
from the offsets the cross-reference table gives.
"""

from __future__ import annotations

import itertools
import re
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import reportlab.pdfbase.pdfmetrics  # noqa: F401  (registers the "pdfdoc" codec ReportLab writes with)

_SPACE = rb"\x00\t\n\x0c\r "
_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"
_SKIP = re.compile(rb"(?:[\x00\t\n\x0c\r ]+|%[^\r\n]*)*")  # whitespace and comments
_TOKEN = re.compile(_REGULAR + rb"*")
_REF = re.compile(rb"(\d+)[%s]+(\d+)[%s]+R(?!%s)" % (_SPACE, _SPACE, _REGULAR))
_STRING_CHAR = re.compile(rb"[()\\]")
_OBJ = re.compile(rb"(\d+)[%s]+(\d+)[%s]+obj" % (_SPACE, _SPACE))
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|[\s\S])|\r\n?")
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
_LITERAL_UNSAFE = re.compile(rb"[\\()\x00-\x1f\x7f]")
_NAME_UNSAFE = re.compile(rb"[^!-~]|[#()<>\[\]{}/%]")

TAIL = 1024  # the bytes at a file's end where ``startxref`` is looked for first

Entries = list[tuple[bytes, int, int]]  # (key with its slash, value start, value end)


def skip(data: bytes, pos: int) -> int:
    """The position after any whitespace and comments at ``pos``."""
    return _SKIP.match(data, pos).end()  # type: ignore[union-attr]  # matches the empty string


def value_end(data: bytes, pos: int) -> int:
    """Where the value starting at ``pos`` ends."""
    c = data[pos : pos + 1]
    if c == b"<":
        if data[pos + 1 : pos + 2] == b"<":
            return dict_entries(data, pos)[1]
        return data.index(b">", pos) + 1
    if c == b"[":
        pos = skip(data, pos + 1)
        while data[pos : pos + 1] != b"]":
            pos = skip(data, value_end(data, pos))
        return pos + 1
    if c == b"(":
        return _string_end(data, pos)
    if c == b"/":
        return _TOKEN.match(data, pos + 1).end()  # type: ignore[union-attr]
    ref = _REF.match(data, pos)
    if ref:
        return ref.end()
    end = _TOKEN.match(data, pos).end()  # type: ignore[union-attr]
    if end == pos:
        raise ValueError(f"no PDF value at byte {pos}: {data[pos : pos + 20]!r}")
    return end


def _string_end(data: bytes, pos: int) -> int:
    """The end of the literal string at ``pos`` (balanced parentheses, escapes)."""
    depth, at = 0, pos
    while True:
        found = _STRING_CHAR.search(data, at)
        if found is None:
            raise ValueError(f"unterminated string at byte {pos}")
        at = found.end()
        char = found.group()
        if char == b"\\":
            at += 1
        elif char == b"(":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return at


def dict_entries(data: bytes, pos: int) -> tuple[Entries, int]:
    """The entries of the dictionary starting at ``pos`` (at its ``<<``), and its end."""
    if data[pos : pos + 2] != b"<<":
        raise ValueError(f"no dictionary at byte {pos}: {data[pos : pos + 20]!r}")
    entries: Entries = []
    pos = skip(data, pos + 2)
    while data[pos : pos + 2] != b">>":
        if data[pos : pos + 1] != b"/":
            raise ValueError(f"no dictionary key at byte {pos}: {data[pos : pos + 20]!r}")
        key_end = _TOKEN.match(data, pos + 1).end()  # type: ignore[union-attr]
        start = skip(data, key_end)
        end = value_end(data, start)
        entries.append((data[pos:key_end], start, end))
        pos = skip(data, end)
    return entries, pos + 2


def values(data: bytes, pos: int = 0) -> dict[bytes, bytes]:
    """The dictionary at ``pos`` (after whitespace) as key → the value's text."""
    entries, _end = dict_entries(data, skip(data, pos))
    return {key: data[start:end] for key, start, end in entries}


def edit(body: bytes, changes: dict[bytes, bytes]) -> bytes:
    """The dictionary ``body`` with the values of ``changes`` (keys with their slash):
    replaced where the key is there, added at the end where it is not; all else as it was."""
    start = skip(body, 0)
    entries, end = dict_entries(body, start)
    pending = dict(changes)
    parts, at = [], 0
    for key, v_start, v_end in entries:
        if key in pending:
            parts += [body[at:v_start], pending.pop(key)]
            at = v_end
    parts.append(body[at : end - 2])
    parts += [b" %s %s" % item for item in pending.items()]
    parts.append(body[end - 2 :])
    return b"".join(parts)


def ref(value: bytes) -> int:
    """The object number of the reference ``value`` (``12 0 R``)."""
    found = _REF.fullmatch(value.strip())
    if found is None:
        raise ValueError(f"not a reference: {value[:40]!r}")
    return int(found.group(1))


def refs(value: bytes) -> list[int]:
    """The object numbers of the references in an array of them, in order."""
    return [int(found.group(1)) for found in _REF.finditer(value)]


def text(value: bytes) -> str:
    """A text string's characters: a literal or hexadecimal string, in PDFDocEncoding or
    UTF-16BE with its byte order mark (ReportLab writes either), or UTF-8 with its mark."""
    value = value.strip()
    if value.startswith(b"<"):
        digits = re.sub(rb"[^0-9A-Fa-f]", b"", value[1:-1])
        raw = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode())
    elif value.startswith(b"("):
        raw = _ESCAPE.sub(_unescape, value[1:-1])
    else:
        raise ValueError(f"not a string: {value[:40]!r}")
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", errors="replace")
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8", errors="replace")
    return raw.decode("pdfdoc", errors="replace")


def _unescape(found: re.Match[bytes]) -> bytes:
    escaped = found.group(1)
    if escaped is None:  # an end of line in the string itself reads as a line feed
        return b"\n"
    if escaped[:1].isdigit():
        return bytes([int(escaped, 8) & 0xFF])
    if escaped in (b"\r\n", b"\r", b"\n"):  # a backslash at the end of a line continues it
        return b""
    return _ESCAPES.get(escaped, escaped)


def name(value: str) -> bytes:
    """``value`` as a PDF name, its slash first; a character outside printable ASCII, or a
    delimiter, written ``#xx`` (of its UTF-8 bytes)."""
    return b"/" + _NAME_UNSAFE.sub(lambda m: b"#%02X" % m.group()[0], value.encode())


def string(value: str) -> bytes:
    """``value`` as a PDF text string: ASCII as a literal string, ``\\``, parentheses and
    control characters escaped; anything else UTF-16BE with its byte order mark, in hex."""
    if value.isascii():
        return b"(" + _LITERAL_UNSAFE.sub(_escape, value.encode("ascii")) + b")"
    return b"<FEFF" + value.encode("utf-16-be").hex().upper().encode() + b">"


def _escape(found: re.Match[bytes]) -> bytes:
    char = found.group()
    return b"\\" + char if char in b"\\()" else b"\\%03o" % char[0]


@dataclass(frozen=True)
class Layout:
    """Where ReportLab's objects are: each in-use object's offset, number and generation, in
    file order (arrays: a 10,000-card file has some 22,000 objects, which as tuples of ints
    took 3 MB, and as many again in a dict by number), where the cross-reference table
    starts, and the trailer's entries."""

    offsets: array[int]
    numbers: array[int]
    gens: array[int]
    xref: int
    trailer: dict[bytes, bytes]

    @classmethod
    def read(cls, data: bytes) -> Layout:
        """The layout of a classic file (one ``xref`` table, as ReportLab writes)."""
        return cls.read_end(lambda start, end: data[start:end], len(data))

    @classmethod
    def read_end(cls, read: Callable[[int, int], bytes], size: int) -> Layout:
        """``read`` for a file of ``size`` bytes that ``read(start, end)`` gives a piece of:
        only its end is read, from its cross-reference table on."""
        tail = read(max(0, size - TAIL), size)
        at = tail.rfind(b"startxref")
        if at < 0 and size > TAIL:  # not in the last bytes: anywhere, then
            tail = read(0, size)
            at = tail.rfind(b"startxref")
        if at < 0:
            raise ValueError("no startxref: not a PDF file")
        xref = int(tail[at + 9 :].split(None, 1)[0])
        data = read(xref, size)
        if data[:4] != b"xref":
            raise ValueError("no cross-reference table where startxref points")
        objects, pos = _xref_entries(data, skip(data, 4))
        trailer = values(data, pos + len(b"trailer"))
        if b"/Prev" in trailer or b"/Encrypt" in trailer:
            raise ValueError("an updated or encrypted file: not ReportLab's own output")
        order = sorted(range(len(objects[0])), key=objects[0].__getitem__)
        offsets, numbers, gens = (array(a.typecode, map(a.__getitem__, order)) for a in objects)
        return cls(offsets, numbers, gens, xref, trailer)

    def spans(self) -> Iterator[tuple[int, int, int, int]]:
        """Each object's (number, generation, start, end before the next) in file order."""
        ends = itertools.chain(itertools.islice(self.offsets, 1, None), (self.xref,))
        return zip(self.numbers, self.gens, self.offsets, ends, strict=True)

    def positions(self) -> array[int]:
        """Each object's position in file order, at its number (-1: no such object)."""
        found = array("i", [-1]) * (max(self.numbers, default=0) + 1)
        for position, number in enumerate(self.numbers):
            found[number] = position
        return found

    def span(self, number: int, positions: array[int]) -> tuple[int, int]:
        """Where object ``number`` starts, and where the next object does (``positions``:
        as ``positions`` gives them)."""
        position = positions[number] if 0 <= number < len(positions) else -1
        if position < 0:
            raise KeyError(number)
        end = self.offsets[position + 1] if position + 1 < len(self.offsets) else self.xref
        return self.offsets[position], end


def _xref_entries(data: bytes, pos: int) -> tuple[tuple[array[int], ...], int]:
    """The in-use entries of the subsections at ``pos`` (offsets, numbers, generations), and
    where ``trailer`` starts."""
    offsets, numbers, gens = array("Q"), array("I"), array("I")
    while not data.startswith(b"trailer", pos):
        line_end = data.index(b"\n", pos)
        first, count = (int(n) for n in data[pos:line_end].split())
        pos = skip(data, line_end)
        for number in range(first, first + count):
            entry = data[pos : pos + 20]
            if entry[17:18] == b"n":
                offsets.append(int(entry[:10]))
                numbers.append(number)
                gens.append(int(entry[11:16]))
            pos += 20
        pos = skip(data, pos)
    return (offsets, numbers, gens), pos


def object_at(data: bytes, offset: int, number: int) -> int:
    """Where the body of object ``number`` starts, its ``N G obj`` being at ``offset``."""
    found = _OBJ.match(data, offset)
    if found is None or int(found.group(1)) != number:
        raise ValueError(f"object {number} is not at byte {offset}")
    return found.end()
