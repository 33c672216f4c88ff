"""Keeping a part that a build need not draw again.

A job whose inputs changed is planned again, but one edited card changes only some of its
parts: the sheets do not show it. Each part is drawn from a ``PartInput`` alone (the drawing
cannot reach the rest of the game), so the part's **digest** is worked out from exactly what
drawing it would read, after planning: the fingerprint of its ``PartInput`` (the part as
imposed, read by the runs its pages are imposed from; the paper, print options, profile,
furniture and metadata; a picture it shows with its file's hash), with what drawing reads
from outside the plan (the code and every packaged file, the drawing libraries' versions,
the options' cache key, the layout and profile files, the project's fonts and icons). Content files reach a drawing only through the plan, so an
edit to one changes the digest of exactly the parts whose input it changed.

Each kit's commit records, beside its cache entry, every part's digest with the hash and page
count of the file drawn from it (``<out>/.cache/<game>-<profile>-<paper>.parts.json``). A
later job keeps a part when its digest is the recorded one and the file at the part's own path
(made from the job, never read from the record) is a regular file with the recorded hash:
those bytes are what drawing the part again would give. The record is data from disk like a
cache entry: one that does not parse, or says anything out of shape, keeps nothing, and a
record naming a file that has changed since keeps nothing of it. A kept part is not
written again; its manifest entry is made afresh and committed with the kit's other files."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cache import COMPACT, MAX_ENTRY, file_hash, inside, options_key, read_regular
from .jobs import PARTS

if TYPE_CHECKING:
    from .fingerprint import Fingerprints
    from .jobs import Options
    from .render.parts import PartInput
    from .targets import Rendered

VERSION = b"cutsheet part digest 2"  # 2: a card part read by its runs, not its pages
DRAWING_LIBRARIES = (  # (module, package): drawing imports them all
    ("reportlab", "reportlab"),
    ("PIL", "pillow"),
)
PIKEPDF = ("pikepdf", "pikepdf")  # imposes an untagged booklet (a tagged one: render/sides)
SVG_LIBRARY = ("svglib.svglib", "svglib")  # draws a project's SVG icons; patches ReportLab
_HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class PartRecord:
    """A part as its kit's last commit wrote it: its digest, file hash and pages."""

    digest: str
    sha256: str
    pages: int


def records_file(out: Path, game: str, profile: str, paper: str) -> Path:
    return out / ".cache" / f"{game}-{profile}-{paper}.parts.json"


def part_path(game: str, profile: str, paper: str, part: str) -> str:
    """A part's file, relative to the output folder (as the manifest names it)."""
    return f"{game}/{profile}-{paper}/{part}.pdf"


def read_records(path: Path) -> dict[str, PartRecord]:
    """The records in ``path``; none when it is missing, not a regular file, too big, or
    anything in it is not a record's shape."""
    raw = read_regular(path, MAX_ENTRY)
    if raw is None:
        return {}
    try:
        parts = json.loads(raw)["parts"]
        found = {
            name: PartRecord(rec["digest"], rec["sha256"], rec["pages"])
            for name, rec in parts.items()
        }
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}
    for name, rec in found.items():
        if name not in PARTS or not all(
            isinstance(h, str) and _HEX.fullmatch(h) for h in (rec.digest, rec.sha256)
        ):
            return {}
        if type(rec.pages) is not int or rec.pages < 0:
            return {}
    return found


def records_bytes(files: Iterable[Rendered]) -> bytes:
    """The records of a kit's parts as committed: each drawn or kept part that has a digest
    (a part drawn without one is not kept next time)."""
    parts = {}
    for f in files:
        if f.part in PARTS and f.digest:
            sha = f.file_sha256()
            parts[f.part] = {"digest": f.digest, "sha256": sha, "pages": f.pages}
    return json.dumps({"parts": parts}, separators=COMPACT, sort_keys=True).encode()


def kit_records(
    out: Path, game: str, profile: str, paper: str, files: Iterable[Rendered]
) -> tuple[str, bytes]:
    """The records file of one kit, relative to ``out``, and its bytes, for the commit."""
    rel = records_file(out, game, profile, paper).relative_to(out).as_posix()
    return rel, records_bytes(files)


def library_versions(svg: bool = False, pikepdf: bool = False) -> str:
    """The versions of Python and of the libraries drawing uses: another version of
    ReportLab may write other bytes. Each says its own (a search of the installed packages'
    metadata takes tens of milliseconds). svglib is imported for a project with an SVG icon
    (``svg``; loading it did already) and said whenever it is imported: importing it patches
    ReportLab's ``Canvas.drawPath`` for the whole process (a path without a fill rule is
    filled non-zero, not even-odd). Every path cutsheet draws names its rule, so the patch no
    longer changes cutsheet's own bytes (tests/test_fill_rule.py); it is still said, to be
    safe for what a library draws. pikepdf is said with ``pikepdf``: it draws only an untagged
    profile's booklet."""
    import importlib

    found = [sys.version]
    for module, package in (*DRAWING_LIBRARIES, *([PIKEPDF] if pikepdf else [])):
        found.append(f"{package}={_version(importlib.import_module(module), package)}")
    module, package = SVG_LIBRARY
    loaded = importlib.import_module(module) if svg else sys.modules.get(module)
    found.append(f"{package}={'-' if loaded is None else _version(loaded, package)}")
    return "|".join(found)


def _version(module: object, package: str) -> str:
    said = getattr(module, "__version__", None) or getattr(module, "Version", None)
    if isinstance(said, str):
        return said
    from importlib.metadata import PackageNotFoundError, version  # 40 ms to import

    try:
        return version(package)
    except PackageNotFoundError:
        return "?"


def environment(files: Iterable[str], svg: bool = False, pikepdf: bool = False) -> bytes | None:
    """What drawing reads besides its ``PartInput``: the drawing libraries' versions (svglib's
    with ``svg``, pikepdf's with ``pikepdf``) and each file's hash (by path). None when a file
    is not a regular file that can be read."""
    h = hashlib.sha256(library_versions(svg, pikepdf).encode())
    for path in sorted(set(files)):
        try:
            digest = file_hash(path)
        except OSError:  # a folder: cache.file_hash opens it, then cannot read it
            return None
        if digest is None:
            return None
        h.update(f"{path}\0{digest}\0".encode())
    return h.digest()


def fingerprints() -> Fingerprints:
    """Fingerprints of part inputs, where an element that names a file by its ``path`` (a
    picture: drawing reads it by that path) is read with the file's hash."""
    from .fingerprint import Fingerprints

    return Fingerprints(_reads)


def _reads(kind: type) -> Callable[[Any], bytes] | None:
    from .boxes import Element

    if issubclass(kind, Element) and any(f.name == "path" for f in dataclasses.fields(kind)):
        return _file_of
    return None


def _file_of(element: Any) -> bytes:
    from .fingerprint import Unfingerprintable

    try:
        digest = file_hash(element.path)
    except OSError:  # a folder: cache.file_hash opens it, then cannot read it
        digest = None
    if not digest:  # gone, or not a regular file: drawing it would fail; nothing is kept
        raise Unfingerprintable(f"{element.path} is not a file")
    return digest.encode()


def _imposed_from(inp: PartInput) -> PartInput:
    """The input as its digest reads it: a card part by the runs its pages are imposed from,
    not by the pages. Imposing is a pure function of the runs, the paper, the print options
    and the furniture, all read with the input (``PartPrint``), and the code that imposes is
    in the environment: the pages tell two inputs apart no better, and reading each page's
    slots, marks and rectangles took a cold build's digests three times as long (they are
    new on each paper, where the runs' cards are read once for both)."""
    from .impose.print_plan import PartPrint

    if isinstance(inp.part, PartPrint):
        return dataclasses.replace(inp, part=dataclasses.replace(inp.part, pages=()))
    return inp


@dataclass
class Keeper:
    """For one job (a game under one profile): the digest of each part's input, and the
    last build's file of a part whose digest is the recorded one, kept in place."""

    root: str
    out: str  # '' keeps nothing
    game: str
    profile: str
    options: Options
    env: bytes | None  # ``environment``: None records no digest and keeps nothing
    fingerprints: Fingerprints | None = None  # shared by the parts: a face is read once
    pictures: tuple[str, ...] = ()  # the images and icons drawing reads again by path
    records: dict[str, dict[str, PartRecord]] = field(default_factory=dict)

    def changed_while_drawn(self) -> bool:
        """Whether a picture or an icon the job drew by its path (after hashing it for the
        parts' digests and the cache) has other bytes now: saved again while the job ran
        (an editor's save during ``watch``). Its parts could hold the new picture under the
        old one's digest, and a later build would keep them once the old picture came back."""
        return any(file_hash(p) != file_hash.__wrapped__(p) for p in self.pictures)

    @staticmethod
    def undigested(files: list[Rendered]) -> list[Rendered]:
        """``files`` with no digest: no part of them is kept next time."""
        return [dataclasses.replace(f, digest="") for f in files]

    def digest(self, inp: PartInput) -> str:
        """The part's digest: its input's fingerprint with the environment and the cache
        key of the options and paper; '' when it has none (nothing is kept or recorded)."""
        from .fingerprint import Unfingerprintable  # pydantic: not for a no-op build

        if self.env is None:
            return ""
        if self.fingerprints is None:
            self.fingerprints = fingerprints()
        try:
            body = self.fingerprints.encode(_imposed_from(inp))
        except Unfingerprintable:
            return ""
        key = options_key(self.options, inp.paper.name, Path(self.root))
        return hashlib.sha256(VERSION + self.env + key.encode() + b"\0" + body).hexdigest()

    def __call__(self, inp: PartInput) -> tuple[str, Rendered | None]:
        digest = self.digest(inp)
        if not digest or not self.out:
            return digest, None
        paper, out = inp.paper.name, Path(self.out)
        if paper not in self.records:
            self.records[paper] = read_records(records_file(out, self.game, self.profile, paper))
        record = self.records[paper].get(inp.name)
        if record is None or record.digest != digest:
            return digest, None
        rel = part_path(self.game, self.profile, paper, inp.name)
        path = inside(out, rel)
        if path is None or os.path.islink(out / rel):
            return digest, None
        try:
            now = file_hash.__wrapped__(str(path))  # hashed now, not remembered
        except OSError:  # a folder where the file was
            return digest, None
        if now != record.sha256:
            return digest, None
        from .targets import Rendered
        from .targets.pdf import components

        pages, sha = record.pages, record.sha256
        return digest, Rendered(
            paper, inp.name, b"", pages, components(inp), digest=digest, kept=sha
        )
