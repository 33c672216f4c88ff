"""A stream compressed once for the same bytes (``render.deflate``): the result is always
``zlib.compress`` of the very input, and what is remembered stays within its bound."""

from __future__ import annotations

import os
import zlib

from reportlab.pdfbase import pdfdoc

from cutsheet.render import deflate as d


def test_the_same_bytes_as_zlib_every_time():
    d.forget()
    big = b"BT /F1 10 Tf (WATER) Tj ET\n" * 100
    other = big[:-1] + b"!"  # one byte apart: never taken for the first
    assert d.deflate(big) == zlib.compress(big)
    assert d.deflate(other) == zlib.compress(other)
    assert d.deflate(big) is d.deflate(big)  # remembered
    small = b"q Q"
    assert d.deflate(small) == zlib.compress(small)


def test_what_is_kept_stays_within_its_bound(monkeypatch):
    d.forget()
    monkeypatch.setattr(d, "KEPT_BYTES", 64 << 10)
    for _ in range(40):
        data = os.urandom(8 << 10)  # incompressible: each keeps about 8 KB
        assert zlib.decompress(d.deflate(data)) == data
    assert d._size[0] <= 64 << 10
    assert sum(len(v) for v in d._kept.values()) == d._size[0]


def test_reportlab_streams_go_through_it():
    import cutsheet.render  # noqa: F401  (installs the filter)

    data = b"0 0 m 10 10 l S\n" * 200
    assert pdfdoc.PDFZCompress.encode(data) == zlib.compress(data)
    assert pdfdoc.PDFZCompress.encode(data.decode()) == zlib.compress(data)
    assert pdfdoc.PDFZCompress.pdfname == "FlateDecode"
