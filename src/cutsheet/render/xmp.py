"""The XMP metadata that declares a tagged file PDF/UA-1, written from a template.

It mirrors the document information the way pikepdf's ``load_from_docinfo`` does (Author →
``dc:creator``, Subject → ``dc:description``, Title → ``dc:title``, Keywords →
``pdf:Keywords``, Producer → ``pdf:Producer``, Creator → ``xmp:CreatorTool``, the two dates →
``xmp:CreateDate`` and ``xmp:ModifyDate``; an empty entry is left out, ``/Trapped`` has no
XMP equivalent), and adds ``dc:language`` and ``pdfuaid:part`` 1. No timestamp of its own:
the only dates are the document information's fixed ones (ReportLab's invariant mode), so a
rebuild gives the same bytes. Used by the tagged file (``pdfstream``) and the booklet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta, timezone

# PDF 32000 7.9.4: every field after the year is optional (pikepdf's reading of it).
_PDF_DATE = re.compile(
    r"(?:D:)?(\d{4})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2}))?)?)?)?)?"
    r"(?:(Z(?:00'?(?:00'?)?)?)|([+-])(\d{2})'?(?:(\d{2})'?)?)?",
    re.ASCII,
)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

NAMESPACES = (
    ("dc", "http://purl.org/dc/elements/1.1/"),
    ("pdf", "http://ns.adobe.com/pdf/1.3/"),
    ("xmp", "http://ns.adobe.com/xap/1.0/"),
    ("pdfuaid", "http://www.aiim.org/pdfua/ns/id/"),
)
HEAD = (
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
    '  <rdf:Description rdf:about=""'
    + "".join(f'\n    xmlns:{prefix}="{uri}"' for prefix, uri in NAMESPACES)
    + ">\n"
)
TAIL = '  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>'


def _xml(value: str) -> str:
    value = _NOT_XML.sub("", value)
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _seq(tag: str, value: str) -> str:
    return f"<{tag}><rdf:Seq><rdf:li>{_xml(value)}</rdf:li></rdf:Seq></{tag}>"


def _alt(tag: str, value: str) -> str:
    return f'<{tag}><rdf:Alt><rdf:li xml:lang="x-default">{_xml(value)}</rdf:li></rdf:Alt></{tag}>'


def _bag(tag: str, value: str) -> str:
    return f"<{tag}><rdf:Bag><rdf:li>{_xml(value)}</rdf:li></rdf:Bag></{tag}>"


def _plain(tag: str, value: str) -> str:
    return f"<{tag}>{_xml(value)}</{tag}>"


def xmp_date(value: str) -> str:
    """A PDF date (``D:20000101000000+00'00'``) as an XMP date (``2000-01-01T00:00:00+00:00``);
    a year, month or day alone stays that precise; "" for what is no PDF date."""
    digits = value[2:] if value.startswith("D:") else value
    if len(digits) in (4, 6, 8) and digits.isdigit():
        return "-".join(part for part in (digits[:4], digits[4:6], digits[6:8]) if part)
    found = _PDF_DATE.fullmatch(value)
    if found is None:
        return ""
    year, month, day, hour, minute, second, utc, sign, tzh, tzm = found.groups()
    zone = None
    if utc is not None:
        zone = UTC
    elif sign is not None:
        offset = timedelta(hours=int(tzh), minutes=int(tzm or 0))
        zone = timezone(-offset if sign == "-" else offset)
    try:
        moment = datetime(
            int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0),
            int(second or 0), tzinfo=zone,
        )  # fmt: skip
    except ValueError:  # a month 13, a day 32
        return ""
    return moment.isoformat()


# document information entry → (XMP property, how it is written), in pikepdf's order
DOCINFO = (
    ("/Author", "dc:creator", _seq),
    ("/Subject", "dc:description", _alt),
    ("/Title", "dc:title", _alt),
    ("/Keywords", "pdf:Keywords", _plain),
    ("/Producer", "pdf:Producer", _plain),
    ("/CreationDate", "xmp:CreateDate", _plain),
    ("/Creator", "xmp:CreatorTool", _plain),
    ("/ModDate", "xmp:ModifyDate", _plain),
)
DATES = {"/CreationDate", "/ModDate"}


def xmp_packet(info: Mapping[str, str], lang: str) -> bytes:
    """The XMP packet (UTF-8) for the document information ``info`` (its entries' names with
    their slash, their text) and the document's language ``lang``, declaring PDF/UA-1."""
    lines = []
    for key, prop, write in DOCINFO:
        value = info.get(key, "")
        if key in DATES:
            value = xmp_date(value)
        if value:
            lines.append(write(prop, value))
    if lang:
        lines.append(_bag("dc:language", lang))
    lines.append(_plain("pdfuaid:part", "1"))
    return (HEAD + "".join(f"   {line}\n" for line in lines) + TAIL).encode("utf-8")
