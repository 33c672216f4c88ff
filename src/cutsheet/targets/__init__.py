"""Output targets: what a print plan is written as. Each target is one module that draws
print plans (it decides nothing); the registry below is where the pipeline finds them by
name. The PDF writer (cards, sheets, rules, booklet) is the target every build writes; the
export targets (``cutsheet export --to …``) draw the same faces as PNGs, Tabletop Simulator
decks, print-on-demand PDFs and a contact sheet."""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from ..diagnostics import Problem
    from ..impose.print_plan import PrintPlan


@dataclass(frozen=True)
class Rendered:
    """One file a target made of a print plan, before it is committed."""

    paper: str
    part: str
    data: bytes
    pages: int
    components: dict[str, int]
    name: str = ""  # an export's file name in its folder ('' for the PDF target's parts)
    fonts: tuple[str, ...] = ()  # a font licence file: the fonts it covers
    digest: str = ""  # a PDF part's: the digest of what drawing it read (``partcache``)
    kept: str = ""  # sha256 of the last build's file, kept in place undrawn ('' when drawn)
    sha256: str = ""  # of ``data``, when hashed where it was made (a worker): '' hashes it later
    dpi: int | None = None  # an image's own resolution, where it is not the one asked for

    def file_sha256(self) -> str:
        """The sha256 of the file as committed: the kept file's, or of ``data`` (hashed once:
        where it was drawn, else now)."""
        return self.kept or self.sha256 or hashlib.sha256(self.data).hexdigest()


@dataclass(frozen=True)
class ExportSettings:
    """What an export target needs beyond the print plan (whose options carry the bleed)."""

    dpi: int = 300  # pixels per inch of the PNG targets (a TTS sheet may use fewer)
    order: Literal["front-back", "back-front"] = "front-back"  # pages of a pod deck
    url_base: str = ""  # where the files will be (TTS names its images by URL)
    progress: Callable[[str], None] | None = field(default=None, compare=False)

    def say(self, message: str) -> None:
        if self.progress is not None:
            self.progress(message)


class Target(Protocol):
    """An output format: the files it makes of one print plan. What goes wrong while
    drawing that the plan should have found goes to ``problems`` (the job then writes
    nothing)."""

    name: str

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]: ...


#: Every output target by name and the module that holds it (imported when first used:
#: drawing pulls in ReportLab, which a no-op build never needs).
TARGETS: dict[str, str] = {
    "pdf": "cutsheet.targets.pdf",
    "png": "cutsheet.targets.png",
    "tts": "cutsheet.targets.tts",
    "pod": "cutsheet.targets.pod",
    "contact": "cutsheet.targets.contact",
}
#: The targets ``cutsheet export --to`` writes (the PDF target is ``build``'s).
EXPORTS: tuple[str, ...] = ("png", "tts", "pod", "contact")


def target(name: str) -> Target:
    """The output target called ``name`` (one of ``TARGETS``)."""
    module = importlib.import_module(TARGETS[name])
    found: Target = module.TARGET
    return found


def exporter(name: str, settings: ExportSettings) -> Target:
    """The export target called ``name`` (one of ``EXPORTS``), drawing with ``settings``."""
    found: Target = replace(target(name), settings=settings)  # type: ignore[type-var]
    return found


__all__ = ["EXPORTS", "TARGETS", "ExportSettings", "Rendered", "Target", "exporter", "target"]
