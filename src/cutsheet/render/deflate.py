"""Flate compression of a PDF stream, done once for the same bytes.

A build writes the same streams into many files: a font subset and its ToUnicode map are
the same in a part's A4 and Letter files when both draw the same characters in the same
order, an icon's form is the same in every file that shows it, and a deck's back page is
the same on every sheet. ``zlib.compress`` is a function of its input, so a stream met again
is given the bytes compressed the first time. Streams are known by their SHA-256 digest
(never by anything shorter: content is a project's, and two streams must not pass for one);
only those of at least ``MIN_BYTES`` are remembered, and the compressed bytes kept stay under
``KEPT_BYTES`` (the oldest go first), so a 10,000-card deck holds no more than that.
"""

from __future__ import annotations

import hashlib
import zlib
from collections import OrderedDict

MIN_BYTES = 1024  # below this, compressing again costs less than remembering
KEPT_BYTES = 4 << 20  # compressed bytes kept at most

_kept: OrderedDict[bytes, bytes] = OrderedDict()
_size = [0]


def deflate(data: bytes) -> bytes:
    """``zlib.compress(data)``, remembered for recent large inputs."""
    if len(data) < MIN_BYTES:
        return zlib.compress(data)
    key = hashlib.sha256(data).digest()
    found = _kept.get(key)
    if found is not None:
        _kept.move_to_end(key)
        return found
    found = zlib.compress(data)
    _kept[key] = found
    _size[0] += len(found)
    while _size[0] > KEPT_BYTES:
        _size[0] -= len(_kept.popitem(last=False)[1])
    return found


def forget() -> None:
    """Drop every remembered stream (a test's fresh start)."""
    _kept.clear()
    _size[0] = 0
