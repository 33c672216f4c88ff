"""Writing outputs safely: atomic files that respect the umask, a lock per output folder,
and the manifest, updated only with files that are really there."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from . import __version__
from .cache import MAX_ENTRY, current_hash, inside, read_regular
from .confine import not_a_folder
from .diagnostics import ContentError, Loc, Problem, display_path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def stage(path: Path, data: bytes) -> Path:
    """Write ``data`` to a new temporary file beside ``path`` (``.NAME.*.tmp``) and return
    it; nothing is renamed. The file gets the permissions the user's umask gives a new file.
    An error (a full disk, a file-size limit) removes the temporary file and is raised as an
    OSError naming ``path``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def atomic_write(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path`` and rename it into place: a failed or
    interrupted build never leaves a half-written file where the last good one was."""
    tmp = stage(path, data)
    try:
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def clean_temps(folders: Iterable[Path]) -> int:
    """Remove what a killed build left of ``atomic_write``: ``.NAME.*.tmp`` files in the
    folders it writes (call it holding the lock: no build of ours is writing them). Returns
    how many were removed."""
    removed = 0
    for path in temps(folders):
        try:
            path.unlink()
            removed += 1
        except OSError:
            pass
    return removed


def temps(folders: Iterable[Path]) -> list[Path]:
    """The ``.NAME.*.tmp`` files of ``atomic_write`` in ``folders``: what ``clean_temps``
    removes (a killed build's, or a running one's)."""
    found: list[Path] = []
    for folder in folders:
        try:
            found += [p for p in folder.glob(".*.tmp") if p.is_file() and not p.is_symlink()]
        except OSError:
            continue
    return found


BUSY = "another cutsheet build is writing to this folder; wait for it or use another --out"


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """One build at a time per output folder (``out/.cache/lock``, a portable file lock); a
    second one is refused with a clear message."""
    cache = out / ".cache"
    if cache.is_symlink():  # the cache and the lock are written nowhere but in the folder
        why = "cannot write here: is a symbolic link; remove it"
        raise ContentError([Problem(Loc(str(cache)), why)])
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # named where it is: the folder, or a file in the cache's place
        where = cache if out.is_dir() else out
        taken = exc.errno == errno.EEXIST and where == cache
        said = "is a file, not a folder; remove it" if taken else exc.strerror
        if not taken and exc.errno == errno.EEXIST:  # a probe was told "File exists"
            said = not_a_folder(out) or said
        raise ContentError([Problem(Loc(str(where)), f"cannot write here: {said}")]) from None
    if cache.is_symlink():  # the cache and the lock are written nowhere but in the folder
        why = "cannot write here: is a symbolic link; remove it"
        raise ContentError([Problem(Loc(str(cache)), why)])
    if os.name == "posix":
        with _flocked(cache / "lock", out):
            yield
        return
    from filelock import FileLock, Timeout  # only a build that may write takes the lock

    lock = FileLock(cache / "lock", timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise ContentError([Problem(Loc(str(out)), BUSY)]) from None
    except OSError as exc:
        raise ContentError([Problem(Loc(str(out)), f"cannot write here: {exc.strerror}")]) from None
    try:
        yield
    finally:
        lock.release()


@contextmanager
def _flocked(path: Path, out: Path) -> Iterator[None]:
    """The lock ``filelock`` takes on POSIX (``flock`` on the same file, so builds of either
    kind exclude each other), without importing it: filelock imports asyncio, 0.05–0.1 s of
    every build that writes."""
    import fcntl

    try:  # never through a link: the lock is ours, and what it points at is not
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        said = {errno.ELOOP: "is a symbolic link", errno.EISDIR: "is a folder"}
        why = f"{said[exc.errno]}; remove it" if exc.errno in said else exc.strerror
        where = path if exc.errno in said else out
        raise ContentError([Problem(Loc(str(where)), f"cannot write here: {why}")]) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ContentError([Problem(Loc(str(out)), BUSY)]) from None
        except OSError as exc:
            why = f"cannot write here: {exc.strerror}"
            raise ContentError([Problem(Loc(str(out)), why)]) from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


@dataclass(frozen=True)
class ManifestEntry:
    """One file in ``manifest.json``: where it is (relative to the output folder), what it
    holds and its hash. ``kind`` and ``target`` tell an export's files from a build's."""

    path: str
    game: str
    profile: str
    paper: str
    part: str
    pages: int
    bleed: float
    sha256: str
    components: Mapping[str, int]
    imposition: str | None = None  # a build's files: duplex, gutterfold, pages, saddle-stitch
    # a build's cards and sheets: "marks" or "lines" (``--cut-guides``), and the back pages'
    # shift in mm (``--back-offset``); None for the rules, which are cut nowhere
    cut_guides: str | None = None
    back_offset: tuple[float, float] | None = None
    kind: str | None = None  # "export" for cutsheet export's files
    target: str | None = None  # the export target (png, tts, pod, contact)
    dpi: int | None = None  # an export's raster resolution (png, tts)

    def to_json(self) -> dict[str, Any]:
        """The entry as ``manifest.json`` (and the cache) store it: a build's entry has an
        ``imposition``, ``cut_guides`` and ``back_offset`` (null for the rules), an export's
        its ``kind``, ``target`` and ``dpi``."""
        data = {k: v for k, v in asdict(self).items() if k not in _OPTIONAL}
        data["components"] = dict(self.components)
        if self.kind is None:
            data["imposition"] = self.imposition
            data["cut_guides"] = self.cut_guides
            offset = self.back_offset
            data["back_offset"] = None if offset is None else [offset[0], offset[1]]
        else:
            data.update(kind=self.kind, target=self.target, dpi=self.dpi)
        return data


_OPTIONAL = ("imposition", "cut_guides", "back_offset", "kind", "target", "dpi")


LICENCE_PART = "font-licence"


@dataclass(frozen=True)
class LicenceEntry:
    """A font licence file a kit carries (``<kit>/font-licences/NAME``) in ``manifest.json``:
    the fonts it covers and its hash; committed with the kit's PDFs."""

    path: str
    game: str
    profile: str
    paper: str
    fonts: tuple[str, ...]
    sha256: str

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "game": self.game,
            "profile": self.profile,
            "paper": self.paper,
            "part": LICENCE_PART,
            "fonts": list(self.fonts),
            "sha256": self.sha256,
        }


def manifest_bytes(out: Path, outputs: list[dict[str, Any]], kits: Iterable[str] = ()) -> bytes:
    """``out/manifest.json`` with this build's outputs merged in. Entries of earlier builds
    stay only while their file is there, inside ``out``, with the recorded hash, so the
    manifest always matches; a manifest that does not parse is started afresh. ``kits``: the
    kit folders (``game/profile-paper/``) this build wrote, whose licence files are all in
    ``outputs`` (an earlier one that is not is gone from the manifest)."""
    raw = read_regular(out / "manifest.json", MAX_ENTRY)
    manifest = _merged(out, outputs, kits, raw)
    return (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()


def unreadable_manifest(out: Path) -> Problem | None:
    """A warning when ``out/manifest.json`` is there but is no manifest cutsheet can read
    (damaged, or written by something else): it is started afresh, so the files of earlier
    builds and exports drop out of it until they are written again, and the user is told so
    rather than finding entries gone."""
    path = out / "manifest.json"
    if not os.path.lexists(path):
        return None
    raw = read_regular(path, MAX_ENTRY)
    why = None
    if raw is None:
        why = "not a regular file, or too big"
    else:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            why = "not JSON"
        else:
            listed = data.get("outputs") if isinstance(data, dict) else None
            if not isinstance(listed, list) or not all(
                isinstance(e, dict) and isinstance(e.get("path"), str) for e in listed
            ):
                why = "no list of outputs"
    if why is None:
        return None
    return Problem(
        Loc(display_path(path)),
        f"not a manifest cutsheet can read ({why}); it is written afresh and lists only what"
        " this run writes: build and export again to list the other files",
        "warning",
    )


def manifest_holds(out: Path, outputs: list[dict[str, Any]]) -> bool:
    """Whether ``out/manifest.json`` already says what ``write_manifest`` would write there
    (the same JSON, whatever the order of each entry's keys)."""
    raw = read_regular(out / "manifest.json", MAX_ENTRY)
    if raw is None:
        return False
    try:
        return bool(json.loads(raw) == _merged(out, outputs, (), raw))
    except (ValueError, RecursionError):
        return False


def exported_under(out: Path, folder: str) -> list[str]:
    """The paths the manifest lists as an export's files in ``folder`` (relative to ``out``,
    ending with a slash) that are still as that export wrote them (their sha256): what an
    export of that folder wrote last, when its cache entry is gone. A file changed since,
    or one the manifest never listed (the user's own), is not among them."""
    raw = read_regular(out / "manifest.json", MAX_ENTRY)
    found: list[str] = []
    try:
        listed = json.loads(raw).get("outputs", []) if raw is not None else []
        for e in listed:
            rel, sha = e.get("path"), e.get("sha256")
            if e.get("kind") != "export" or not isinstance(rel, str) or not isinstance(sha, str):
                continue
            path = inside(out, rel)
            if rel.startswith(folder) and "/" not in rel[len(folder) :] and path is not None:
                if sha and current_hash(str(path)) == sha:
                    found.append(rel)
    except (ValueError, AttributeError, TypeError, RecursionError):
        return []
    return found


def _merged(
    out: Path, outputs: list[dict[str, Any]], kits: Iterable[str], raw: bytes | None
) -> dict[str, Any]:
    """The manifest ``raw`` (the bytes of the present one) with ``outputs`` merged in."""
    entries: dict[str, dict[str, Any]] = {}
    replaced = {e["path"] for e in outputs}
    rebuilt = tuple(kits)
    try:
        old = json.loads(raw) if raw is not None else {}
        for e in old.get("outputs", []):
            if not isinstance(e["path"], str) or e["path"] in replaced:
                continue  # not a path, or this build's entry replaces it
            path = inside(out, e["path"])
            if path is None or not isinstance(e["sha256"], str) or not e["sha256"]:
                continue
            exported = e.get("kind") == "export"
            if (e.get("part") == LICENCE_PART or exported) and e["path"].startswith(rebuilt):
                continue  # a licence the kit no longer carries, a file the export no longer has
            if current_hash(str(path)) == e["sha256"]:
                entries[e["path"]] = e  # hashed afresh: a commit may have just replaced it
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        entries = {}
    for e in outputs:
        entries[e["path"]] = e
    return {
        "generator": f"cutsheet {__version__}",
        "outputs": [_canonical(entries[k]) for k in sorted(entries)],
    }


_ORDER = (
    *("path", "game", "profile", "paper", "part", "pages", "fonts", "bleed", "sha256"),
    *("components", "imposition", "cut_guides", "back_offset", "kind", "target", "dpi"),
)
"""The order of an entry's keys in the manifest: the order ``ManifestEntry`` and
``LicenceEntry`` write them in."""


def _canonical(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` as the manifest writes every entry, whoever wrote it: its keys in one order
    (an entry kept from an earlier build or export, read back from the manifest or the
    cache, is written again byte for byte as it was first), and a build's PDF entry written
    by an older cutsheet given the printing keys it lacks, as null (not recorded), so that
    every build entry has the same keys."""
    if entry.get("kind") is None and entry.get("part") != LICENCE_PART:
        entry = {"imposition": None, "cut_guides": None, "back_offset": None, **entry}
    ordered = {k: entry[k] for k in _ORDER if k in entry}
    ordered.update((k, v) for k, v in entry.items() if k not in ordered)
    return ordered


def write_manifest(out: Path, outputs: list[dict[str, Any]]) -> Path:
    """Merge this build's outputs into ``out/manifest.json`` (see ``manifest_bytes``)."""
    path = out / "manifest.json"
    atomic_write(path, manifest_bytes(out, outputs))
    return path
