"""ReportLab's ``sameFrag`` (two fragments set alike, so line breaking may run them together as
one piece of a word) read from the fragments' own attributes.

ReportLab's is a C function that asks each fragment for each attribute by name: four of the
names are asked to find them missing (a callback's, a line break's), and each missing one
raises and clears an ``AttributeError`` inside, about 4.5 µs a call. A cold build asks it
9,400 times (42 ms), most of them for Bid & Build's symbols, whose markers and spacers are
fragments of their own. For a ``ParaFrag`` (whose class defines none of the names) this reads
the same attributes from its ``__dict__``: not alike when either holds a callback or a line
break; else alike when every one of the compared attributes is missing from both, or present
in both and the same object or equal (as C's ``PyObject_RichCompareBool`` compares them).
Any other fragment is asked as before. ``tests/test_same_frag.py`` compares the two."""

from __future__ import annotations

from typing import Any

from reportlab.lib.rl_accel import sameFrag as _reportlab_same_frag
from reportlab.platypus import paragraph
from reportlab.platypus.paraparser import ParaFrag

__all__ = ["install", "same_frag"]

COMPARED = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")
"""What ReportLab compares, in its order."""
_MISSING = object()


def same_frag(f: Any, g: Any) -> bool:
    """Whether ``f`` and ``g`` are set alike, as ReportLab's ``sameFrag`` says."""
    if type(f) is not ParaFrag or type(g) is not ParaFrag:
        return bool(_reportlab_same_frag(f, g))
    fd, gd = f.__dict__, g.__dict__
    if "cbDefn" in fd or "lineBreak" in fd or "cbDefn" in gd or "lineBreak" in gd:
        return False
    for name in COMPARED:
        a = fd.get(name, _MISSING)
        b = gd.get(name, _MISSING)
        if a is b:
            continue
        if a is _MISSING or b is _MISSING or a != b:
            return False
    return True


def install() -> None:
    """Line breaking looks ``sameFrag`` up in its module each time: give it this one."""
    paragraph.sameFrag = same_frag
