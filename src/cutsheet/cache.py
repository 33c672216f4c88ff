"""The incremental-build cache: each job records the files it read and their hashes, so an
unchanged rebuild is decided from hashes alone, before anything is loaded or imported.

A cache entry is data from disk, not something to trust: it may come from a copied project,
from another project built into the same folder, or from a project someone shipped with a
poisoned ``build/.cache``. So an entry names its inputs relative to the project (a copied
project hashes its own files), its key holds the project's identity and the package's code
and data, and a path in it is used only when it is a plain relative path that stays inside
the project (outputs: inside the output folder) and names a regular file. Anything else (an
entry that does not parse, ``../``, ``/dev/zero``, a FIFO, a symlink out) makes the entry
worthless: the game is rebuilt, and nothing outside is ever opened."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import __version__
from .confine import NONBLOCK, FileRefused, read_file
from .diagnostics import Loc, Problem

PACKAGE = Path(__file__).resolve().parent
PACKAGE_AS_IMPORTED = Path(os.path.abspath(os.path.dirname(__file__)))
MAX_ENTRY = 4 << 20
"""Largest cache or journal file read (bytes); a bigger one is ignored, not parsed."""
COMPACT = (",", ":")
"""``json.dumps``'s separators for the files only cutsheet reads (cache entries, part records,
commit journals): without an indent, the json module writes them in C, some ten times faster
than the pure-Python writer an indent needs (a cold build writes 40 of them). The manifest, a
file people read, keeps its indent."""


def inside(base: Path, rel: object) -> Path | None:
    """``base/rel`` resolved, when ``rel`` is a plain relative POSIX path (no ``..``, no
    ``.``, no empty part, no backslash or NUL) that stays inside ``base`` once symlinks are
    followed; else None."""
    try:
        real = os.path.realpath(base)
    except (OSError, ValueError):
        return None
    return _within(real, base, rel)


def _within(real: str, base: Path, rel: object) -> Path | None:
    """``inside`` for a ``base`` whose real path ``real`` is already known (a loop over one
    folder's paths resolves it once); what ``Path.resolve`` does, without pathlib."""
    if not isinstance(rel, str) or not rel or "\\" in rel or "\0" in rel:
        return None
    if rel.startswith("/") or any(p in ("", ".", "..") for p in rel.split("/")):
        return None
    try:
        resolved = os.path.realpath(os.path.join(base, rel))
    except (OSError, ValueError):
        return None
    try:
        os.stat(resolved)  # as Path.resolve does: a symlink loop is refused, not followed
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None
    return _under(real, resolved)


def _under(real: str, resolved: str) -> Path | None:
    """``resolved`` when it is ``real`` or lies under it."""
    top = real if real.endswith(os.sep) else real + os.sep
    return Path(resolved) if resolved == real or resolved.startswith(top) else None


def read_regular(path: Path | str, limit: int | None = None) -> bytes | None:
    """The bytes of ``path`` when it is a regular file (at most ``limit`` bytes); None when
    it is missing, not a regular file (a FIFO is never waited on) or too big."""
    try:
        return read_file(path, sys.maxsize if limit is None else limit)
    except FileRefused:
        return None


@lru_cache(maxsize=8192)
def file_hash(path: str) -> str | None:
    """sha256 of a regular file, '' when nothing is there, None when something that is not a
    regular file is (a FIFO, a device, a folder) or it cannot be read; once per file per
    process."""
    try:
        fd = os.open(path, os.O_RDONLY | NONBLOCK)
    except FileNotFoundError:
        return ""
    except OSError:
        return None
    h = hashlib.sha256()
    try:
        st: os.stat_result | None = os.fstat(fd)
    except OSError:
        st = None
    if st is None or not stat.S_ISREG(st.st_mode):  # before fdopen, which refuses a folder
        os.close(fd)
        return None
    with os.fdopen(fd, "rb") as fh:
        try:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        except OSError:
            return None
    digest = h.hexdigest()
    if st.st_mtime_ns < time.time_ns() - STABLE_NS and st.st_ctime_ns < time.time_ns() - STABLE_NS:
        _stamps[path] = (_stamp(st), digest)
    return digest


STABLE_NS = 2_000_000_000
"""A file last changed this long before it was hashed (ns) is remembered by ``current_hash``
with its stat: a later change gives it a later time. A younger one may still be written to
within the same tick of the file system's clock, so it is hashed again every time."""
_stamps: dict[str, tuple[tuple[int, ...], str]] = {}
_unhashed_ahead: dict[str, tuple[int, ...]] = {}
"""The stat of each file ``hash_ahead`` left unhashed (over ``AHEAD_MOST`` bytes), as it was
before the job: one a job records that changed meanwhile is recorded as changed (``_as_read``:
the job may have read its old bytes), so the next build draws again."""


def _stamp(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def current_hash(path: str) -> str | None:
    """``file_hash`` of the file as it is now, not as this build first saw it: hashed again
    unless this process hashed it (``file_hash``) when it had not changed for a while and
    its stat (device, inode, size, modification and change times) is still the same. A file
    replaced by a rename or written since is hashed afresh (a commit's manifest check)."""
    try:
        st = os.stat(path)
    except OSError:
        return file_hash.__wrapped__(path)
    known = _stamps.get(path)
    if known is not None and stat.S_ISREG(st.st_mode) and known[0] == _stamp(st):
        return known[1]
    return file_hash.__wrapped__(path)


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The version, every module and every data file (fonts, packaged layouts) of the
    package: new code or new data renders everything again (``package_digest``)."""
    return package_digest(PACKAGE, PACKAGE / "__pycache__" / DIGEST_FILE)


DIGEST_FILE = "code-digest.txt"
"""Where the package's digest is kept with the stat of every file it covers."""


def package_digest(package: Path, kept: Path | None = None) -> str:
    """The digest of a package's files (its version, each file's path and hash, in order).
    Hashing them all (1.5 MB) is some 20 ms of every build, the no-op one too, so it is kept
    in ``kept`` with the stat of every file (device, inode, size, modification and change
    times), as Python keeps bytecode beside its source: the same stats give the same digest
    without reading a file. It is kept only where bytecode may be written, and only when
    every file had not changed for a while (``STABLE_NS``), so no change can hide within one
    tick of the file system's clock."""
    files = _package_files(package)
    stats = [_stat(path) for _rel, path in files]
    key = hashlib.sha256(__version__.encode())
    for (rel, _path), st in zip(files, stats, strict=True):
        key.update(f"{rel}\0{st and _stamp(st)}\0".encode())
    said = read_regular(kept, 256) if kept is not None and None not in stats else None
    if said is not None and said[:64].decode("ascii", "replace") == key.hexdigest():
        return said[65:].decode("ascii", "replace").strip()
    h = hashlib.sha256(__version__.encode())
    for rel, path in files:
        h.update(rel.encode())
        h.update((file_hash(path) or "-").encode())
    digest = h.hexdigest()
    stable = time.time_ns() - STABLE_NS
    if kept is not None and all(
        st and max(st.st_mtime_ns, st.st_ctime_ns) < stable for st in stats
    ):
        _keep(kept, f"{key.hexdigest()} {digest}\n".encode())
    return digest


def _package_files(package: Path) -> list[tuple[str, str]]:
    """Every file of the package but bytecode, in a fixed order: its path relative to the
    package, and its path."""
    files = []
    top = str(package)
    for folder, dirs, names in os.walk(top, followlinks=True):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        here = os.path.relpath(folder, top)
        for name in sorted(names):
            if not name.endswith((".pyc", ".pyo")):
                rel = name if here == "." else os.path.join(here, name)
                files.append((rel, os.path.join(folder, name)))
    return files


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _keep(kept: Path, data: bytes) -> None:
    """Write ``kept`` whole or not at all, where bytecode may be written."""
    if sys.dont_write_bytecode:
        return
    tmp = kept.with_name(f".{kept.name}.{os.getpid()}.tmp")
    try:
        kept.parent.mkdir(exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, kept)
    except OSError:  # a read-only install: hashed again next time
        tmp.unlink(missing_ok=True)


def options_key(options: Any, paper: str, root: Path) -> str:
    """What besides the input files changes a job's bytes: the code, the options, the paper
    and the project itself (two projects built into one folder never share an entry)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    project = str(Path(root).resolve())
    return f"{code_digest()}|{options.cache_key()}|{paper}|SOURCE_DATE_EPOCH={epoch}|{project}"


def icon_listing(root: Path) -> str:
    """The names in the project's ``icons/`` folder, for a cache key: ``check`` reads every
    icon there, used or not, so a file added that cannot be read is said by a build that
    would otherwise keep its last files (nothing is read here, and nothing heavy imported).
    A name that is no file (a FIFO, a folder: an icon that cannot be drawn, and has no hash
    to record) is marked, so that a file put in its place is seen too."""
    try:
        return "/".join(sorted(_listed(p) for p in (root / "icons").iterdir()))
    except OSError:  # no icons/ folder
        return ""


def _listed(path: Path) -> str:
    """A name of icons/, and what it is where it is no file (a FIFO put in a folder's place
    is a change too)."""
    try:
        if path.is_file() or not path.exists():
            return path.name
        return f"{path.name}!{stat.S_IFMT(path.stat().st_mode):o}"
    except OSError:
        return f"{path.name}!"


PRINTING_KEYS = frozenset({"imposition", "cut_guides", "back_offset"})  # a build's own
OUTPUT_KEYS = (
    frozenset({"path", "game", "profile", "paper", "part", "pages", "bleed", "sha256"})
    | {"components"}
    | PRINTING_KEYS
)
EXPORT_KEYS = (OUTPUT_KEYS - PRINTING_KEYS) | {"kind", "target", "dpi"}  # cutsheet export's
LICENCE_KEYS = frozenset({"path", "game", "profile", "paper", "part", "fonts", "sha256"})  # a kit's


WARNING_KEYS = frozenset({"path", "line", "col", "message", "subject", "code"})
MAX_WARNINGS = 1_000
"""At most this many warnings are kept in an entry (a deck's repeated mistake is one warning
naming its first item and how many more): a job that said more is not cached, so the next
build draws it again and says every one."""
MAX_PATH = 4_096
"""Longest path a kept warning may name (a longer one makes the entry worthless)."""


@dataclass(frozen=True)
class Entry:
    """A job's cache record: the options it ran with, the inputs it read (paths relative to
    the project), what it wrote (paths relative to the output folder), and the warnings the
    job said, which a build that keeps its files says again (``replayed``): they follow
    from the same inputs and options, and a warning that went quiet once its files were
    kept would look mended."""

    key: str
    inputs: dict[str, str]  # project-relative POSIX path -> sha256 ('' when absent)
    outputs: list[dict[str, Any]]
    warnings: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> bytes:
        data = {
            "key": self.key,
            "inputs": self.inputs,
            "outputs": self.outputs,
            "warnings": list(self.warnings),
        }
        # in the order made (not sorted): a kept file's entry goes back into the manifest
        # as its build wrote it, a deck's components in their order (``output._canonical``)
        return json.dumps(data, separators=COMPACT).encode()


def warning_records(problems: Iterable[Problem]) -> tuple[dict[str, Any], ...] | None:
    """The warnings among ``problems``, as an entry keeps them; None when there are more
    than ``MAX_WARNINGS`` (the job is then not cached). A relative path is made absolute
    without following any link (``_absolute``): a later build may run from another folder."""
    warnings = sorted({p for p in problems if p.severity == "warning"})
    if len(warnings) > MAX_WARNINGS:
        return None
    return tuple(
        {
            "path": _absolute(p.loc.path),
            "line": p.loc.line,
            "col": p.loc.col,
            "message": p.message,
            "subject": p.subject,
            "code": p.code,
        }
        for p in warnings
    )


def replayed(entry: Entry) -> list[Problem]:
    """The warnings ``entry`` keeps, as the job said them. Their paths are only printed,
    never opened nor looked up (``_shown``)."""
    said = []
    for w in entry.warnings:
        loc = Loc(_shown(w["path"]), w["line"], w["col"])
        said.append(Problem(loc, w["message"], "warning", w["subject"], w["code"]))
    return list(dict.fromkeys(said))


def _absolute(path: str) -> str:
    """A warning's path (a file's, relative to the working folder as it was shown) joined to
    the working folder, ``..`` and ``.`` taken out as text: a link in it stays the name shown
    (a font reached through a link is named by the link). Anything else (no file there, a
    working folder gone) stays as it is."""
    if not path or os.path.isabs(path):
        return path
    try:
        if os.path.exists(path):
            return os.path.normpath(os.path.join(os.getcwd(), path))
    except (OSError, ValueError):
        pass
    return path


def _shown(path: str) -> str:
    """A kept path as a build shows one: relative to the working folder when it lies inside
    it, worked out as text (nothing on the disk is looked at; a working folder gone leaves the
    path absolute)."""
    if not os.path.isabs(path):
        return path
    try:
        here = os.getcwd()
    except OSError:
        return path
    if path.startswith(here.rstrip(os.sep) + os.sep):
        return os.path.relpath(path, here)
    return path


def _is_warning_record(w: object) -> bool:
    if not isinstance(w, dict) or set(w) != WARNING_KEYS:
        return False
    texts = (w["path"], w["message"], w["subject"], w["code"])
    numbers = (w["line"], w["col"])
    if not all(type(t) is str for t in texts) or not all(type(n) is int for n in numbers):
        return False
    return len(w["path"]) <= MAX_PATH and "\0" not in w["path"]


def cache_file(out: Path, game: str, profile: str, paper: str) -> Path:
    return out / ".cache" / f"{game}-{profile}-{paper}.json"


def read_entry(path: Path) -> Entry | None:
    """The entry in ``path``, or None when it is missing, not a regular file, too big, or not
    an entry's shape."""
    raw = read_regular(path, MAX_ENTRY)
    if raw is None:
        return None
    try:
        data = json.loads(raw)
        key, inputs, outputs = data["key"], data["inputs"], data["outputs"]
        warnings = data["warnings"]
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    if not isinstance(key, str) or not isinstance(inputs, dict) or not isinstance(outputs, list):
        return None
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in inputs.items()):
        return None
    if not all(
        isinstance(o, dict) and set(o) in (OUTPUT_KEYS, EXPORT_KEYS, LICENCE_KEYS) for o in outputs
    ):
        return None
    if not isinstance(warnings, list) or len(warnings) > MAX_WARNINGS:
        return None
    if not all(_is_warning_record(w) for w in warnings):
        return None
    return Entry(key, dict(inputs), list(outputs), tuple(warnings))


def still_valid(entry: Entry | None, key: str, root: Path, out: Path, expected: set[str]) -> bool:
    """True when the options and project, every recorded input and every output are as
    recorded. ``expected``: the output paths this job may write; an entry naming any other
    output, or an input that is not a plain path inside the project, is not valid."""
    if entry is None or entry.key != key or not entry.inputs:
        return False
    real_root, real_out = os.path.realpath(root), os.path.realpath(out)
    for rel, digest in entry.inputs.items():
        path = _within(real_root, root, rel)
        if path is None or file_hash(str(path)) != digest:
            return False
    paths = [o["path"] for o in entry.outputs]
    if not paths or len(set(paths)) != len(paths) or not set(paths) <= expected:
        return False
    for o in entry.outputs:
        path = _within(real_out, out, o["path"])
        if path is None or not isinstance(o["sha256"], str):
            return False
        if not o["sha256"] or file_hash(str(path)) != o["sha256"]:
            return False
    return True


def from_package(path: str) -> bool:
    """A file that ships inside cutsheet (a font, a packaged layout): the code digest covers
    it, so no entry needs to name it."""
    p = Path(os.path.abspath(path))
    return p.is_relative_to(PACKAGE_AS_IMPORTED) or p.resolve().is_relative_to(PACKAGE)


READ_AHEAD = ("layouts", "fonts", "icons")
"""The project's folders every job of a game may read, besides the game's own."""
MAX_AHEAD = 5_000  # files hashed ahead at most (a folder of art beyond it is hashed as read)
AHEAD_MOST = 64 << 20
"""A file larger than this (the largest font cutsheet reads) is not hashed ahead, only when a
job reads it: a designer's 500 MB source scan beside the content, which no job reads, was
hashed by every ``check`` (an 80 GB sparse file: a minute)."""


def hash_ahead(root: str | Path, game: str) -> None:
    """Hash every file of ``game``'s folder and of the project's layouts, fonts and icons
    before a job reads any of them (``file_hash`` remembers each for this process, under its
    real path, as ``record`` asks for it). The job's entry then records the bytes it read:
    hashed when the entry was written, a file saved while the job ran was recorded as read,
    and the PDFs drawn from its old text were "unchanged" to every later build (a review).
    A file saved between its hash and its read is recorded with its old hash: the next
    build finds it changed and draws again. A file over ``AHEAD_MOST`` bytes is hashed only
    if a job reads it (as one past ``MAX_AHEAD`` files is); its stat is kept ahead instead,
    and one that changed by the time it is hashed is recorded as changed."""
    project, count = Path(root), 0
    real_root = os.path.join(os.path.realpath(project), "")
    tops = (project / "content" / game, *(project / d for d in READ_AHEAD))
    for top in tops:  # what an earlier build (watch) kept of these folders is of its time
        under = os.path.join(os.path.realpath(top), "")
        for path in [p for p in _unhashed_ahead if p.startswith(under)]:
            del _unhashed_ahead[path]
    for top in tops:
        for folder, dirs, names in os.walk(top):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(n for n in names if not n.startswith(".")):
                real = _real_inside(real_root, os.path.join(folder, name))
                if real is not None and _not_huge(real):  # a link out is never opened
                    file_hash(real)
                count += 1
                if count >= MAX_AHEAD:
                    return


def _not_huge(path: str) -> bool:
    """Whether ``path`` is at most ``AHEAD_MOST`` bytes (or cannot be stat'ed: hashing it
    says what it is); a larger one's stat is kept (``_unhashed_ahead``)."""
    try:
        st = os.stat(path)
    except OSError:
        return True
    if st.st_size <= AHEAD_MOST:
        return True
    _unhashed_ahead[path] = _stamp(st)
    return False


def _real_inside(real_root: str, path: str) -> str | None:
    """``path``'s real path when it lies under ``real_root`` (ending with a separator); None
    elsewhere, or where a link's target cannot be read (realpath raises: /proc/1/cwd), which
    the job meets if it reads it, and says why."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return None
    return real if real.startswith(real_root) else None


def hashes_of(root: str | Path, paths: Iterable[str]) -> dict[str, str]:
    """Each of the project's files among ``paths``, with its hash as this process first took
    it (``hash_ahead``), by real path: what a job in a worker hands ``record`` in the process
    that commits it. A file elsewhere (the package's, or one ``record`` refuses) is left out."""
    real_root = os.path.join(os.path.realpath(root), "")
    found = {}
    for p in paths:
        real = _real_inside(real_root, p)
        digest = file_hash(real) if real is not None else None
        if real is not None and digest is not None:
            found[real] = _as_read(real, digest)
    return found


def _as_read(path: str, digest: str) -> str:
    """``digest`` as a job records it: a file ``hash_ahead`` left unhashed (too large) that
    changed since is recorded as changed (the job may have read its old bytes), a value no
    hash matches, so the next build draws again."""
    ahead = _unhashed_ahead.get(path)
    if ahead is None:
        return digest
    try:
        now = _stamp(os.stat(path))
    except OSError:
        now = None
    return digest if now == ahead else f"changed while read, now {digest}"


def record(
    root: Path, paths: set[str], read: dict[str, str] | None = None
) -> dict[str, str] | None:
    """The inputs of a job as its entry records them: project-relative paths and hashes, as
    ``read`` gives them (``hashes_of`` in the process that ran the job) or as hashed here.
    None when the job read a file that is neither the project's nor the package's (the job
    is then not cached)."""
    base = Path(root).resolve()
    recorded: dict[str, str] = {}
    for p in sorted(paths):
        if from_package(p):
            continue
        try:
            rel = Path(os.path.abspath(p)).relative_to(base)
        except ValueError:
            try:
                rel = Path(p).resolve().relative_to(base)
            except (ValueError, OSError, RuntimeError):
                return None
        name = rel.as_posix()
        path = inside(base, name)
        digest = None if path is None else (read or {}).get(str(path)) or file_hash(str(path))
        if digest is None:
            return None
        recorded[name] = digest
    return recorded
