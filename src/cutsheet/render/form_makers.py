"""How each named form a face places is made, so a face copied from another file can make
the forms this file has not made yet, as drawing it would have.

A packaged icon and a cube tile are each one Form XObject per file, made on their first
use (``icons._icon_form``, ``symbols._tile_form``); each says here, once a process, how to
make it in any file."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

_MAKERS: dict[str, Callable[[Canvas], object]] = {}


def known(name: str, maker: Callable[[Canvas], object]) -> None:
    """Say how form ``name`` is made on a canvas that has not made it (the first word kept)."""
    _MAKERS.setdefault(name, maker)


def can_make(c: Canvas, names: Sequence[str]) -> bool:
    """Whether every form in ``names`` is made in this file already or can be made here."""
    return all(c._doc.hasForm(name) or name in _MAKERS for name in names)  # type: ignore[attr-defined]


def make(c: Canvas, names: Sequence[str]) -> None:
    """Make, in order, each form in ``names`` this file has not made yet."""
    for name in names:
        if not c._doc.hasForm(name):  # type: ignore[attr-defined]
            _MAKERS[name](c)
