"""Writing outputs safely: atomic files that respect the umask, a lock per output folder,
and the manifest, updated only with files that are really there."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import __version__
from .diagnostics import ContentError, Loc, Problem


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path`` and rename it into place: a failed or
    interrupted build never leaves a half-written file where the last good one was. The file
    gets the permissions the user's umask gives a new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def clean_temps(folders: Iterable[Path]) -> int:
    """Remove what a killed build left of ``atomic_write``: ``.NAME.*.tmp`` files in the
    folders it writes (call it holding the lock: no build of ours is writing them). Returns
    how many were removed."""
    removed = 0
    for folder in folders:
        try:
            stale = [p for p in folder.glob(".*.tmp") if p.is_file() and not p.is_symlink()]
        except OSError:
            continue
        for path in stale:
            try:
                path.unlink()
                removed += 1
            except OSError:
                pass
    return removed


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """One build at a time per output folder; a second one is refused with a clear message."""
    try:
        (out / ".cache").mkdir(parents=True, exist_ok=True)
        fh = open(out / ".cache" / "lock", "w")  # noqa: SIM115 - held for the whole build
    except OSError as exc:
        raise ContentError([Problem(Loc(str(out)), f"cannot write here: {exc.strerror}")]) from None
    try:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ContentError(
                [
                    Problem(
                        Loc(str(out)),
                        "another cutsheet build is writing to this folder; wait for it or"
                        " use another --out",
                    )
                ]
            ) from None
        yield
    finally:
        fh.close()


def sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def write_manifest(out: Path, outputs: list[dict[str, Any]]) -> Path:
    """Merge this build's outputs into ``out/manifest.json``. Entries of earlier builds stay
    only while their file is there with the recorded hash, so the manifest always matches."""
    path = out / "manifest.json"
    entries: dict[str, dict[str, Any]] = {}
    try:
        old = json.loads(path.read_text())
        for e in old.get("outputs", []):
            if sha256(out / e["path"]) == e["sha256"]:
                entries[e["path"]] = e
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        entries = {}
    for e in outputs:
        entries[e["path"]] = e
    manifest = {
        "generator": f"cutsheet {__version__}",
        "outputs": [entries[k] for k in sorted(entries)],
    }
    atomic_write(path, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode())
    return path
