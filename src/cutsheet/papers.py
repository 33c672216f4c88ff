"""Papers: a registry of named sheet sizes. The built-in ones (A4, US Letter, A3, Tabloid) are
data in the packaged ``base.yaml``; a project adds its own in any of its layout files::

    papers:
      square-250: {size: [250, 250]}

A paper knows its size, the name a person reads ("US Letter") and the half page a rules
booklet is set on (half the sheet, turned; A4's is A5). How a layout file declares one
(``PaperSpec``) is a content model, in :mod:`cutsheet.model`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .diagnostics import Loc, Problem, did_you_mean, excerpt

if TYPE_CHECKING:  # the registry is read without pydantic: a no-op build never imports it
    from .model import PaperSpec
    from .source import Located

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
    """A paper too small to print on (inside its 5 mm margins) or absurdly large, given
    landscape (the cards, the rules and the booklet are laid out on it portrait, the booklet
    turned: a sheet given wider than tall would print them two ways), or a half page larger
    than half the sheet (a booklet prints two side by side on it, turned) or landscape, as
    given or as half the sheet turned (a sheet more than twice as tall as wide)."""
    sizes = [*spec.size, *(spec.half or ())]
    if not all(MIN_MM <= v <= MAX_MM for v in sizes):
        return [
            _said(
                loc,
                name,
                f"every length is {MIN_MM:g} to {MAX_MM:,.0f} mm; got "
                + " × ".join(f"{v:g}" for v in sizes),
            )
        ]
    w, h = spec.size
    if w > h:
        return [
            _said(
                loc,
                name,
                f"a size is [width, height], portrait; got {w:g} × {h:g} mm,"
                f" wider than tall: write [{h:g}, {w:g}]",
            )
        ]
    room = f"{h / 2:g} × {w:g} mm"  # half the sheet, turned: where a half page goes
    if spec.half is None:
        if h / 2 > w + 0.01:
            return [
                _said(
                    loc,
                    name,
                    f"its booklet's half page, half the sheet turned, would be"
                    f" {room}, wider than tall: give it a half: [width, height] no wider"
                    " than tall, within that",
                )
            ]
        return []
    hw, hh = spec.half
    fits = hw <= h / 2 + 0.01 and hh <= w + 0.01
    if hw > hh and hh <= h / 2 + 0.01 and hw <= w + 0.01:  # turned, it would fit
        return [
            _said(
                loc,
                name,
                f"a half is [width, height], portrait; got {hw:g} × {hh:g} mm,"
                f" wider than tall: write [{hh:g}, {hw:g}]",
            )
        ]
    if hw > hh or not fits:
        return [
            _said(
                loc,
                name,
                f"its half page ({hw:g} × {hh:g} mm) must be portrait and within"
                f" half the sheet ({room}, turned), where a booklet prints two side by side",
            )
        ]
    return []


def _said(loc: Loc, name: str, what: str) -> Problem:
    return Problem(loc, f"paper {excerpt(name)}: {what}")


def add_papers(
    papers: dict[str, Paper], locs: dict[str, Loc], specs: Mapping[str, PaperSpec], src: Located
) -> list[Problem]:
    """A layout file's papers (``specs``, read from ``src``) joined to ``papers``, a later
    file's winning, each one's place in ``locs``; the problems of those it refuses."""
    problems = []
    for name, spec in specs.items():
        at = src.key_loc(("papers", name))
        found = paper_problems(name, spec, at)
        problems += found
        if not found:
            papers[name], locs[name] = paper_of(name, spec), at
    return problems


def replaced_papers(
    papers: Mapping[str, Paper], locs: Mapping[str, Loc], builtin: Mapping[str, Paper]
) -> list[Problem]:
    """A warning, at its definition, for each paper of ``papers`` that a project's layout
    file defines under the name of one of cutsheet's own (``builtin``) and not as it is: a
    later file wins, so it replaces it (on purpose, or by a name reused by mistake)."""
    out = []
    for name, paper in papers.items():
        own = builtin.get(name)
        if own is not None and paper != own and name in locs:
            size = " × ".join(f"{v:g}" for v in own.size)
            message = f"paper {excerpt(name)} replaces cutsheet's own {own.title} ({size} mm)"
            out.append(Problem(locs[name], message, "warning"))
    return out


def declared_in(layout_dir: Path) -> dict[str, str]:
    """Each paper the project's layout files declare, with the first file that does
    (``layouts/NAME.yaml``): where a game's error can say a paper it lacks is declared. A
    file that does not read, or lies outside the project (a link), is passed over (its
    game says why)."""
    from .confine import lies_inside
    from .diagnostics import ContentError
    from .source.files import load_yaml

    found: dict[str, str] = {}
    for path in sorted(layout_dir.glob("*.yaml")):
        if not lies_inside(path, layout_dir.parent):
            continue  # never opened: a game reads only its project's files
        try:
            data = load_yaml(path).data
        except ContentError:
            continue
        papers = data.get("papers") if isinstance(data, dict) else None
        for key in papers if isinstance(papers, dict) else ():
            found.setdefault(str(key), f"{layout_dir.name}/{path.name}")
    return found


def find_paper(
    papers: Mapping[str, Paper], name: str, loc: Loc, elsewhere: Mapping[str, str] | None = None
) -> Paper | Problem:
    """The paper called ``name``, or a located problem listing the known ones; ``elsewhere``
    (a paper's name -> the layout file declaring it): where a paper this game's layout does
    not include is declared, said with what to do."""
    if name in papers:
        return papers[name]
    where = (elsewhere or {}).get(name)
    if where is not None:
        return Problem(
            loc,
            f"no paper {excerpt(name)}: it is declared in {where}, which this game's layout"
            " does not include (declare it in a layout file every game that prints on it"
            " includes, or include that file)",
        )
    known = sorted(papers)
    hint = did_you_mean(name, known)
    return Problem(loc, f"no paper {excerpt(name)} (known: {', '.join(known)}){hint}")


__all__ = [
    "DEFAULT_PAPERS",
    "Paper",
    "add_papers",
    "find_paper",
    "paper_of",
    "paper_problems",
    "replaced_papers",
]
