"""Papers: a registry of named sheet sizes. The built-in ones (A4, US Letter, A3, Tabloid) are
data in the packaged ``base.yaml``; a project adds its own in any of its layout files::

    papers:
      square-250: {size: [250, 250]}

A paper knows its size, the name a person reads ("US Letter") and the half page a rules
booklet is set on (half the sheet, turned; A4's is A5). How a layout file declares one
(``PaperSpec``) is a content model, in :mod:`cutsheet.model`."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .diagnostics import Loc, Problem, excerpt

if TYPE_CHECKING:  # the registry is read without pydantic: a no-op build never imports it
    from .model import PaperSpec

Size = tuple[float, float]
DEFAULT_PAPERS = ("a4", "letter")  # what a build prints when no --paper is given


@dataclass(frozen=True)
class Paper:
    name: str
    size: Size
    title: str
    half: Size

    @property
    def width(self) -> float:
        return self.size[0]

    @property
    def height(self) -> float:
        return self.size[1]


def paper_of(name: str, spec: PaperSpec) -> Paper:
    w, h = spec.size
    half = spec.half if spec.half is not None else (h / 2, w)
    return Paper(name, (float(w), float(h)), spec.title or name, (float(half[0]), float(half[1])))


MIN_MM, MAX_MM = 50.0, 2_000.0


def paper_problems(name: str, spec: PaperSpec, loc: Loc) -> list[Problem]:
    """A paper too small to print on (inside its 5 mm margins) or absurdly large."""
    sizes = [*spec.size, *(spec.half or ())]
    if all(MIN_MM <= v <= MAX_MM for v in sizes):
        return []
    return [
        Problem(
            loc,
            f"paper {excerpt(name)}: every length is {MIN_MM:g} to {MAX_MM:,.0f} mm;"
            f" got {' × '.join(f'{v:g}' for v in sizes)}",
        )
    ]


def find_paper(papers: Mapping[str, Paper], name: str, loc: Loc) -> Paper | Problem:
    """The paper called ``name``, or a located problem listing the known ones."""
    if name in papers:
        return papers[name]
    known = sorted(papers)
    guess = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean '{guess[0]}'?" if guess else ""
    return Problem(loc, f"no paper {excerpt(name)} (known: {', '.join(known)}){hint}")


__all__ = ["DEFAULT_PAPERS", "Paper", "find_paper", "paper_of", "paper_problems"]
