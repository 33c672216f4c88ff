"""The incremental-build cache: each job records the files it read and their hashes, so an
unchanged rebuild is decided from hashes alone, before anything is loaded or imported."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import __version__

PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=4096)
def file_hash(path: str) -> str:
    """sha256 of a file ('' when it cannot be read); once per file per process."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    except OSError:
        return ""
    return h.hexdigest()


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The version and every module of the package: new code renders everything again."""
    h = hashlib.sha256(__version__.encode())
    for p in sorted(PACKAGE.rglob("*.py")):
        h.update(str(p.relative_to(PACKAGE)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def options_key(options: Any, paper: str) -> str:
    """What besides the input files changes a job's bytes."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return f"{code_digest()}|{options.cache_key()}|{paper}|SOURCE_DATE_EPOCH={epoch}"


@dataclass(frozen=True)
class Entry:
    """A job's cache record: the options it ran with, the inputs it read, what it wrote."""

    key: str
    inputs: dict[str, str]  # path -> sha256
    outputs: list[dict[str, Any]]

    def to_json(self) -> bytes:
        data = {"key": self.key, "inputs": self.inputs, "outputs": self.outputs}
        return json.dumps(data, indent=1, sort_keys=True).encode()


def cache_file(out: Path, game: str, profile: str, paper: str) -> Path:
    return out / ".cache" / f"{game}-{profile}-{paper}.json"


def read_entry(path: Path) -> Entry | None:
    try:
        data = json.loads(path.read_text())
        return Entry(str(data["key"]), dict(data["inputs"]), list(data["outputs"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def still_valid(entry: Entry | None, key: str, out: Path) -> bool:
    """True when the options, every recorded input and every output are as recorded."""
    if entry is None or entry.key != key or not entry.inputs:
        return False
    if any(file_hash(p) != h for p, h in entry.inputs.items()):
        return False
    return all(file_hash(str(out / o["path"])) == o["sha256"] for o in entry.outputs)


def record(paths: set[str]) -> dict[str, str]:
    return {p: file_hash(p) for p in sorted(paths)}
