"""The licences of the fonts a kit embeds, copied into it (``<kit>/font-licences/``).

Every kit embeds Atkinson Hyperlegible, so its licence (packaged beside the font) is always
one. A project font that a kit embeds (a style or family names it, and the profile keeps
the project's fonts) brings the licence files of the project's ``fonts/`` folder that cover
it: a file named ``OFL*``, ``LICENSE*``, ``LICENCE*`` or ``COPYING*``, or any ``*.txt``,
covers the fonts whose file name starts with what its own name says besides those words
(``OFL-Cinzel.txt`` covers ``Cinzel-Bold.ttf``; a bare ``OFL.txt`` or ``LICENSE`` covers every
font in the folder). A font no licence file covers is a warning at the font's file. Only
files inside the project are read: a licence file that resolves elsewhere, or that is no
regular file of at most ``MAX_LICENCE`` bytes, is a located error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from .cache import read_regular
from .confine import confined
from .diagnostics import ContentError, Loc, Problem, display_path, excerpt
from .output import LICENCE_PART

FOLDER = "font-licences"  # in each kit folder: <game>/<profile>-<paper>/font-licences/
PART = LICENCE_PART  # the manifest's part of a licence file
MAX_LICENCE = 1_000_000
PACKAGED = Path(str(files("cutsheet").joinpath("data", "fonts", "OFL-AtkinsonHyperlegible.txt")))
_FONT_FILES = (".ttf", ".otf", ".ttc", ".woff", ".woff2")  # never a licence
PACKAGED_FONT = "Atkinson Hyperlegible"
_WORDS = ("ofl", "license", "licence", "copying")
NAME = r"[A-Za-z0-9][A-Za-z0-9 ._+-]{0,99}"  # a licence file name a kit copies


@dataclass(frozen=True)
class Licence:
    """One licence file a kit carries: its name in ``font-licences/``, its bytes, the fonts
    it covers and the file it was read from."""

    name: str
    data: bytes
    fonts: tuple[str, ...]
    source: Path


def is_licence_name(name: str) -> bool:
    """A file of ``fonts/`` that is a licence by its name (and safe to copy by that name)."""
    if not re.fullmatch(NAME, name) or Path(name).suffix.lower() in _FONT_FILES:
        return False
    low = name.lower()
    return low.endswith(".txt") or low.startswith(_WORDS)


def licence_names(project: Path) -> list[str]:
    """The names of the licence files in the project's ``fonts/`` folder, sorted (nothing
    is read: a build's cache key and the paths a kit may hold come from these)."""
    try:
        names = sorted(p.name for p in (project / "fonts").iterdir())
    except OSError:  # no fonts/ folder
        return []
    return [n for n in names if is_licence_name(n)]


def covers(licence: str, font: str) -> bool:
    """Whether licence file ``licence`` covers the font of file stem ``font``: its name,
    without the licence words, starts the font's (letters and digits only, any case)."""
    words = re.split(r"[^a-z0-9]+", Path(licence).stem.lower())
    key = "".join(w for w in words if w not in _WORDS)
    return re.sub(r"[^a-z0-9]", "", font.lower()).startswith(key)


def embedded_fonts(project: Path, named: Mapping[str, str], own_fonts: bool) -> dict[str, Path]:
    """The project's font files a kit embeds, by stem: those the layouts name (``named``:
    the layouts' project fonts and families), when the profile keeps its own fonts."""
    from .font_files import font_files  # ReportLab: only a job that draws needs it

    if not own_fonts:
        return {}
    return {stem: path for stem, path in font_files(project / "fonts").items() if stem in named}


def kit_licences(project: Path, fonts: Mapping[str, Path]) -> tuple[list[Licence], list[Problem]]:
    """The licence files of a kit that embeds the project's ``fonts`` (stem -> file): the
    packaged font's, then each of ``fonts/`` that covers one of them; and the problems: a
    warning for each font none covers, an error for a licence file that cannot be copied."""
    found = [Licence(PACKAGED.name, PACKAGED.read_bytes(), (PACKAGED_FONT,), PACKAGED)]
    problems: list[Problem] = []
    covered: set[str] = set()
    for name in licence_names(project) if fonts else []:
        stems = tuple(sorted(s for s in fonts if covers(name, s)))
        if not stems:
            continue
        covered.update(stems)
        copy = project / "fonts" / name
        if _packaged_copy(project, name):  # the fonts copied with it: the kit has it already
            found[0] = Licence(found[0].name, found[0].data, found[0].fonts + stems, copy)
            continue  # (the copy is what the kit read: edited, the kit is made again)
        try:
            found.append(_read(project, name, stems))
        except ContentError as exc:
            problems.extend(exc.problems)
    for stem in sorted(set(fonts) - covered):
        problems.append(
            Problem(
                Loc(_shown(fonts[stem])),
                f"font {excerpt(stem)} is set by the layouts (and embedded where text uses it)"
                " without a licence file beside it; put its licence in fonts/ (OFL.txt,"
                f" LICENSE, or OFL-<font>.txt) and every kit carries a copy in {FOLDER}/",
                "warning",
            )
        )
    return found, problems


def _packaged_copy(project: Path, name: str) -> bool:
    """Whether licence file ``name`` of ``fonts/`` is the packaged font's licence, copied
    there with its name and text (with the packaged font's files, under other names; its
    line ends as a Windows checkout writes them, too)."""
    if name != PACKAGED.name:
        return False
    where = Loc(_shown(project / "fonts" / name))
    try:
        path = confined(name, project, where, "licence file", base=project / "fonts")
    except ContentError:  # said by ``_read``
        return False
    data = read_regular(path, MAX_LICENCE)
    return data is not None and _text(data) == _text(PACKAGED.read_bytes())


def _text(data: bytes) -> bytes:
    """A licence's text, whatever its lines end with (and with a byte-order mark or not)."""
    return data.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n")


def _read(project: Path, name: str, stems: tuple[str, ...]) -> Licence:
    """Licence file ``name`` of ``fonts/``, read when it lies inside the project and is a
    regular file of at most ``MAX_LICENCE`` bytes; else a located ContentError."""
    where = Loc(_shown(project / "fonts" / name))
    path = confined(name, project, where, "licence file", base=project / "fonts")
    data = read_regular(path, MAX_LICENCE)
    if data is None:
        message = (
            f"licence file {excerpt(name)} cannot be copied: it is not a readable file of at"
            f" most {MAX_LICENCE:,} bytes"
        )
        raise ContentError([Problem(where, message)])
    if name == PACKAGED.name:  # (a copy of it, the same text, is the packaged one)
        message = (
            f"licence file {excerpt(name)} has the name of the licence every kit carries for"
            " cutsheet's own font, with other text; rename it with a name that still covers"
            " your fonts (LICENSE-AtkinsonHyperlegible.txt), or OFL.txt to cover every font"
            " in fonts/"
        )
        raise ContentError([Problem(where, message)])
    return Licence(name, data, stems, path)


def _shown(path: Path) -> str:
    """A file of ``fonts/`` as a message shows it: the link, never where it points."""
    return str(Path(display_path(path.parent)) / path.name)
