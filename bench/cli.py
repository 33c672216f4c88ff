"""cutsheet as a black box: its command line, its manifest.json and the files it writes.
Nothing here imports cutsheet, so the benchmark survives any rewrite of the internals."""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def cutsheet_command() -> list[str]:
    """The ``cutsheet`` entry point beside this interpreter (what ``make pdfs`` runs), else
    ``python -m cutsheet.cli``."""
    entry = Path(sys.executable).with_name("cutsheet")
    if entry.is_file():
        return [str(entry)]
    return [sys.executable, "-m", "cutsheet.cli"]


def build_argv(root: Path, out: Path, *options: str) -> list[str]:
    """``cutsheet --root ROOT build [OPTIONS…] --out OUT``."""
    return [*cutsheet_command(), "--root", str(root), "build", *options, "--out", str(out)]


def check_argv(root: Path, *options: str) -> list[str]:
    """``cutsheet --root ROOT check [OPTIONS…]``: validates, writes nothing."""
    return [*cutsheet_command(), "--root", str(root), "check", *options]


def export_argv(root: Path, out: Path, *options: str) -> list[str]:
    """``cutsheet --root ROOT export [OPTIONS…] --out OUT``."""
    return [*cutsheet_command(), "--root", str(root), "export", *options, "--out", str(out)]


def exported(out: Path, target: str) -> list[str]:
    """The paths of the files ``<out>/manifest.json`` lists as exported to ``target``."""
    try:
        data: dict[str, Any] = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError):
        return []
    return [
        e["path"]
        for e in data.get("outputs", [])
        if e.get("kind") == "export" and e.get("target") == target
    ]


@dataclass(frozen=True)
class Output:
    """One manifest entry: a PDF with its page count."""

    path: str
    game: str
    profile: str
    paper: str
    part: str
    pages: int


def manifest(out: Path) -> list[Output]:
    """The PDFs a build lists in ``<out>/manifest.json`` (not the exports, nor the font
    licences a kit carries beside its PDFs); empty when there is none."""
    try:
        data: dict[str, Any] = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError):
        return []
    keys = ("path", "game", "profile", "paper", "part", "pages")
    built = [
        e
        for e in data.get("outputs", [])
        if e.get("kind", "build") == "build" and str(e.get("path", "")).endswith(".pdf")
    ]
    return [Output(**{k: entry[k] for k in keys}) for entry in built]


def total_pages(outputs: list[Output]) -> int:
    return sum(o.pages for o in outputs)


@dataclass(frozen=True)
class FileState:
    sha256: str
    mtime_ns: int


def snapshot(out: Path) -> dict[str, FileState]:
    """Every PDF under ``out`` (relative path → content hash and modification time)."""
    states = {}
    for pdf in sorted(out.rglob("*.pdf")):
        if ".cache" in pdf.relative_to(out).parts:
            continue
        stat = pdf.stat()
        digest = hashlib.sha256(pdf.read_bytes()).hexdigest()
        states[str(pdf.relative_to(out))] = FileState(digest, stat.st_mtime_ns)
    return states


def changed(before: dict[str, FileState], after: dict[str, FileState]) -> list[str]:
    """PDFs whose content differs (or that appeared or vanished) between two snapshots."""
    names = sorted(set(before) | set(after))
    return [
        n
        for n in names
        if getattr(before.get(n), "sha256", None) != getattr(after.get(n), "sha256", None)
    ]


def rewritten(before: dict[str, FileState], after: dict[str, FileState]) -> list[str]:
    """PDFs written again (new modification time), whether or not their content changed."""
    return [n for n, s in after.items() if n not in before or before[n].mtime_ns != s.mtime_ns]
