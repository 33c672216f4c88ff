"""Tick boxes in a table cell: one geometry sizes the column (plan) and places the boxes
(the flowable that draws them)."""

from __future__ import annotations

from dataclasses import dataclass

from ..measure import MM, face_name, string_width

CHECK_NUMBER_GAP_MM = 1.5  # a tick box's number to its box
CHECK_GAP_MM = 3.5  # a box to the next number or box: a number reads with its own box
CHECK_PAD_MM = 2.0  # the padding of a cell of tick boxes, left and right
CHECK_PAD_V_MM = 1.5  # and above and below


@dataclass(frozen=True)
class CheckLayout:
    """Tick boxes in a row, in points from the left of the cell's content: where each
    number (none when unnumbered) and each box goes, and the width of the whole."""

    box: float
    numbers: tuple[float, ...]
    boxes: tuple[float, ...]
    width: float

    @property
    def cell_width(self) -> float:
        return self.width + 2 * CHECK_PAD_MM * MM

    @property
    def cell_height(self) -> float:
        return self.box + 2 * CHECK_PAD_V_MM * MM


def check_layout(n: int, box_mm: float, size: float, numbered: bool = True) -> CheckLayout:
    """``n`` tick boxes as big as the profile's write-ins (``box_mm``), each numbered at
    ``size`` pt when ``numbered`` and there is more than one; the same geometry sizes the
    table column and draws the boxes."""
    box = box_mm * MM
    numbered = numbered and n > 1
    x = 0.0
    numbers: list[float] = []
    boxes: list[float] = []
    for i in range(n):
        if numbered:
            numbers.append(x)
            x += string_width(str(i + 1), face_name("regular"), size) + CHECK_NUMBER_GAP_MM * MM
        boxes.append(x)
        x += box + CHECK_GAP_MM * MM
    return CheckLayout(box, tuple(numbers), tuple(boxes), x - CHECK_GAP_MM * MM)


def centres_in(layout: CheckLayout, width: float) -> tuple[float, ...]:
    """Where each box's centre falls, in points from the left of a cell ``width`` pt wide
    whose content is centred (a table's cells of tick boxes are)."""
    left = (width - layout.width) / 2
    return tuple(left + x + layout.box / 2 for x in layout.boxes)


def checks_in(n: int, box_mm: float, size: float, width: float | None) -> CheckLayout:
    """The tick boxes a column of ``width`` pt holds: numbered when they fit, else bare (a
    table too narrow for numbered boxes at this size keeps the boxes at full size, and its
    header numbers them, each over its box: ``centres_in``)."""
    numbered = check_layout(n, box_mm, size)
    if width is None or numbered.cell_width <= width + 0.01:
        return numbered
    return check_layout(n, box_mm, size, numbered=False)
