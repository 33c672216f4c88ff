"""Where documents flow on a page: the furniture band at the foot, the margins of full-page
sheets and of the rules, the bare Frame a sheet is laid out in and the story such a Frame
can lay out. The plan fits blocks to these frames and the renderer lays them out in them."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Frame, KeepTogether, Spacer

from ..measure import face_name, string_width
from ..profiles import Profile

INK_MM = 5.0  # no ink closer than this to a paper edge
SHEET_MARGIN_MM = 15.0  # a full-page sheet's margin (top, left, right): a bare Frame, no padding
FRAME_PADDING = 6.0  # points: the rules' document template pads its Frame on each side


@dataclass(frozen=True)
class Furniture:
    """What every page carries in its margin: the 100 % note and the 50 mm bar, at a size,
    and the page label; measured once per game and profile (``measure_furniture``)."""

    note: str  # the profile's scale_note
    size: float
    title: str = ""  # the game's, for page labels
    note_w: float = 0.0  # mm: the 100 % note set at ``size``
    bar_label_w: float = 0.0  # mm: the "50 mm" after the bar, and a gap
    label_ws: tuple[tuple[str, float], ...] = ()  # mm: the widest page label of each part
    # mm: the same with the game's title before it, where a large-print page has room for it
    # (``titled``); none in the standard profile, whose labels always name the game
    titled_ws: tuple[tuple[str, float], ...] = ()

    @property
    def line_mm(self) -> float:
        return self.size * 1.3 / mm

    @property
    def band_mm(self) -> float:
        """Bottom margin a document page needs for bar, note and label (and a gap)."""
        return max(18.0, INK_MM + 4.6 + 2 * self.line_mm + 4)

    def label(self, long: str, short: str) -> str:
        return long if self.size < 12 else short

    def titled(self, label: str, room_mm: float) -> str:
        """``label`` as a flowing page (rules, a sheet) prints it, on a line of its own
        ``room_mm`` long: a large-print label (``label``'s short form) with the game's title
        before it where the line holds both, so a page found loose still names its game; a
        standard label (its long form, the title first) with the title cut short (…) where
        the line does not hold it whole: no ink past the margin."""

        def fits(text: str) -> bool:
            return string_width(text, face_name("regular"), self.size) / mm <= room_mm

        if self.size >= 12 and self.title:
            titled = f"{self.title} · {label}"
            return titled if fits(titled) else label
        if fits(label) or not self.title or not label.startswith(self.title):
            return label
        rest, title = label[len(self.title) :], self.title
        while title and not fits(f"{title.rstrip()}…{rest}"):
            title = title[:-1]
        return f"{title.rstrip()}…{rest}" if title.strip() else rest.removeprefix(" · ")

    def page_label(self, part: str, sheet: int, side: str = "", titled: bool = False) -> str:
        """The label of sheet ``sheet`` of ``part`` ("front"/"back" ``side`` when two-sided);
        ``titled``: a large-print label with the game's title before it (the imposition
        found room for it on the page)."""
        side = f" {side}" if side else ""
        long = f"{self.title} · {part} · sheet {sheet}{side}"
        short = self.label(long, f"{part} {sheet}{side}")
        return f"{self.title} · {short}" if titled and short != long else short

    def label_w(self, part: str) -> float:
        return dict(self.label_ws).get(part, 0.0)

    def titled_w(self, part: str) -> float:
        return dict(self.titled_ws).get(part, 0.0)


def furniture_of(profile: Profile) -> Furniture:
    return Furniture(profile.scale_note, profile.small_size)


FURNISHED_PARTS = ("cards", "sheets")  # parts whose pages carry the note, bar and labels


def measure_furniture(profile: Profile, title: str) -> Furniture:
    """The furniture of a game's card and sheet pages under ``profile``, measured in the font
    it is drawn in: the note, the bar's label and the widest page label of each part."""
    f = furniture_of(profile)
    regular = face_name("regular")

    def width(text: str) -> float:
        return string_width(text, regular, f.size) / mm

    labels = Furniture(f.note, f.size, title)
    titled = f.size >= 12 and bool(title)  # large print: the short label, the title if room
    return Furniture(
        f.note,
        f.size,
        title,
        note_w=width(f.note),
        bar_label_w=width("50 mm") + 1,
        label_ws=tuple((p, width(labels.page_label(p, 999, "front"))) for p in FURNISHED_PARTS),
        titled_ws=tuple(
            (p, width(labels.page_label(p, 999, "front", titled=True))) for p in FURNISHED_PARTS
        )
        if titled
        else (),
    )


def rules_margin(half: bool) -> float:
    """The rules' top margin in mm, on a page or a booklet's half page (the bottom holds the
    furniture; the sides: ``rules_side``)."""
    return 12.0 if half else 18.0


LETTER_MM, HALF_LETTER_MM = 215.9, 139.7  # widths of US Letter and of its half page
LEAST_SIDE_MM = (15.0, 10.0)
"""The least side margin in mm of a rules page and of a booklet's half page."""
RULES_MEASURE_MM = (LETTER_MM - 2 * 18.0, HALF_LETTER_MM - 2 * LEAST_SIDE_MM[1])
"""The rules' line lengths in mm, the longer first: US Letter's room inside 18 mm margins
(179.9 mm: A4 keeps 15.05 mm at each side) and half-letter's inside 10 mm (119.7 mm: A5
keeps 14.15 mm). Set to one of these, a rulebook breaks its lines alike on A4 and Letter
(only its pages end elsewhere: A4's are taller), and each paragraph is broken into lines once
for both; where a page and a booklet's half page take the same one, once for all four."""
MOST_EMS = 39.0
"""The longest line of the rules, in ems of their body size: about 90 characters of running
text (Atkinson Hyperlegible averages 0.43 em a character in English). A line much longer
than that is hard to follow back to the next one: 179.9 mm at 10 pt is 51 em (some 117
characters), so standard print sets a page's rules at 119.7 mm (78 characters), as a
booklet's; large print's 18 pt keeps 179.9 mm (28 em, 65 characters); type under about
8.7 pt (a project's profile) is set 39 em long, shorter than a half page's measure."""


def rules_measure(page_w_mm: float, half: bool, body_pt: float) -> float | None:
    """The line length in mm of the rules set at ``body_pt`` on a page ``page_w_mm`` wide
    (``half``: a booklet's half page), or None where the page is too narrow for it: its lines
    then fill it inside ``LEAST_SIDE_MM``. A page's measure (179.9 mm) where that is at most
    ``MOST_EMS`` long, else a half page's (119.7 mm), else (type under about 8.7 pt)
    ``MOST_EMS`` itself; a booklet's half page too narrow for a page's takes a half page's (A5 and
    half-letter alike). A larger paper sets no longer lines: A3's booklet's half page, A4's
    size, sets what an A4 page sets."""
    page, small = RULES_MEASURE_MM
    most = MOST_EMS * body_pt / mm
    longest = page if page <= most else small if small <= most else most
    room = page_w_mm - 2 * LEAST_SIDE_MM[half]
    for measure in (longest, small) if half and longest > small else (longest,):
        if room >= measure:
            return measure
    return None


def rules_side(page_w_mm: float, half: bool, body_pt: float) -> float:
    """The left (and right) margin in mm of a rules page ``page_w_mm`` wide (``half``: a
    booklet's half page) set at ``body_pt``: the text block at the rules' measure, centred,
    or as wide as the least margins leave."""
    measure = rules_measure(page_w_mm, half, body_pt)
    return LEAST_SIDE_MM[half] if measure is None else (page_w_mm - measure) / 2


def rules_frame(page_mm: tuple[float, float], half: bool, band_mm: float, body_pt: float) -> Frame:
    """The padded Frame a rules page (``page_mm``: the paper, or a booklet's half page:
    ``half``) lays its flowables out in, the rules set at ``body_pt``: the top margin, the
    text block at the rules' measure centred between the sides (``rules_side``), the
    furniture band at the foot. Its sizes are worked out as ReportLab's document template
    works them out, to the last bit, and its width is the same number on every paper of one
    measure: the plan measures a block at the very width the renderer sets it at, and the
    renderer reuses the lines the plan broke, on A4 and Letter alike (``flow/paragraphs.py``)."""
    page_w, page_h = page_mm[0] * mm, page_mm[1] * mm
    top, bottom = rules_margin(half) * mm, band_mm * mm
    measure = rules_measure(page_mm[0], half, body_pt)
    if measure is not None:
        width = measure * mm
        side = (page_w - width) / 2
    else:
        side = LEAST_SIDE_MM[half] * mm
        width = (page_w - side) - side  # BaseDocTemplate._calc
    height = (page_h - top) - bottom
    return padded_frame(side, bottom, width, height, FRAME_PADDING, "body", MeasuredFrame)


def sheet_frame(paper_mm: tuple[float, float], band_mm: float) -> tuple[float, float, float, float]:
    """(x, y, width, height) in points of the bare Frame a full-page sheet is laid out in,
    above the furniture band."""
    w, h = paper_mm
    margin = SHEET_MARGIN_MM
    return margin * mm, band_mm * mm, (w - 2 * margin) * mm, (h - band_mm - margin) * mm


class CopiedFrame(Frame):
    """ReportLab's Frame, deep-copied in fewer steps. ReportLab deep-copies the document's
    frame each time it measures a list of flowables (``_listWrapOn``: a kept-together
    group, a list), 765 times a build, visiting each of its some 25 attributes in Python;
    nearly all are numbers and strings, which a deep copy shares anyway. Here only the
    others (the content a frame has generated, its backgrounds) are deep-copied: the copy
    is the one ``deepcopy`` makes."""

    def __deepcopy__(self, memo: dict[int, Any]) -> CopiedFrame:
        new = object.__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update(
            (k, v if type(v) in _SHARED else copy.deepcopy(v, memo)) for k, v in vars(self).items()
        )
        return new

    def add(self, flowable: Flowable, canv: Any, trySplit: int = 0) -> int:  # noqa: N803
        """ReportLab's ``add``, but a space that would open the frame is dropped (taken as
        placed): the page break already sets what follows apart, and a block's own space
        before it opened some pages 2 or 3 mm lower than others."""
        if self._atTop and isinstance(flowable, Spacer):
            return 1
        if self._atTop and hasattr(flowable, "for_bare_frame"):  # placed here, as it opens
            flowable._content = opening(flowable)._content  # the page
        return int(super().add(flowable, canv, trySplit))


def opening(flowable: Flowable) -> Flowable:
    """A group (``for_bare_frame``) as it opens a page: a copy without the space it begins
    with (a block's own, before it), as a frame drops a space opening it (``CopiedFrame.add``)
    and as the plan measures a page's first flowable; the group itself is left as it is (the
    plan measures its blocks again, on other papers). Anything else as it is."""
    content = getattr(flowable, "_content", None)
    if not hasattr(flowable, "for_bare_frame") or not content:
        return flowable
    start = 0
    while start < len(content) - 1 and isinstance(content[start], Spacer):
        start += 1
    if start == 0:
        return flowable
    opened = copy.copy(flowable)
    opened._content = content[start:]
    return opened


_SHARED = frozenset({int, float, str, bool, type(None)})
"""What a deep copy gives back as it is (``copy._deepcopy_atomic``)."""


class MeasuredFrame(CopiedFrame):
    """A rules page's Frame: its room across is its width less its padding, to the last bit,
    wherever it stands on the page. ReportLab works it out from both edges (``_x2 - _x1``),
    whose rounding follows the left edge: the frames of A5 and half-letter, as wide as each
    other, were a bit apart, and each paper's paragraphs were broken into lines again."""

    def _geom(self) -> None:
        super()._geom()
        self._aW = self._width - self._leftPadding - self._rightPadding


def padded_frame(
    x: float,
    y: float,
    width: float,
    height: float,
    padding: float,
    name: str | None = None,
    kind: type[CopiedFrame] = CopiedFrame,
) -> Frame:
    """A Frame (of ``kind``) at (x, y), ``width`` × ``height`` points, padded by ``padding``
    on every side."""
    pads = {f"{side}Padding": padding for side in ("left", "bottom", "right", "top")}
    return kind(x, y, width, height, id=name, **pads)


def page_height(frame: Frame) -> float:
    """The height of a whole page of ``frame`` (points), to tell a table taller than a page:
    the room its writer gave every page (a sheet's: under the repeated title, as the plan
    measures every page: ``page_room``), else the frame's own."""
    return float(getattr(frame, "page_room", frame._aH))


def flatten(story: list[Flowable]) -> list[Flowable]:
    """A bare Frame (no doc template) cannot split KeepTogether: lay out its content instead.
    A group that keeps its parts together (``for_bare_frame``) stays one, of flat parts."""
    out: list[Flowable] = []
    for f in story:
        if isinstance(f, KeepTogether):
            out.extend(flatten(list(f._content)))
        elif hasattr(f, "for_bare_frame"):
            out.append(f.for_bare_frame(flatten(list(f._content))))
        else:
            out.append(f)
    return out


def end_space_dropped(story: list[Flowable]) -> list[Flowable]:
    """``story`` without the space after its last block (a block's own, inside the group or
    block kept together it ends with too): space at a document's end holds nothing, and where
    it fell past the last page's foot it opened a page of its own, blank but for its
    furniture."""
    out = list(story)
    while out and isinstance(out[-1], Spacer):
        out.pop()
    last = out[-1] if out else None
    if isinstance(last, KeepTogether) or hasattr(last, "for_bare_frame"):
        last._content = end_space_dropped(last._content)  # type: ignore[union-attr]
    return out
