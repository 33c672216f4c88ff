"""A game's commit: its new PDFs, its cache entries and the manifest that lists them appear
together or not at all, whatever stops the build (a kill, a full disk). An export commits
its files the same way (``exports._commit``), one game and profile at a time.

1. **Stage**: every new file is written to a temporary file beside its destination
   (``.NAME.*.tmp``); the merged manifest too. A failure here (a full disk) removes what was
   staged: the last good files and manifest are untouched.
2. **Journal**: ``<out>/.cache/commit-<game>.json``, written atomically, lists each staged
   file, its destination and its hash. Its rename is the commit point.
3. **Switch**: each staged file is renamed onto its destination, PDFs first, the manifest
   last, each destination's old file first kept under a second name beside it (a hard
   link, ``.NAME.*.old.tmp``); then the kept files and the journal are removed.

Before the journal, every destination is checked: a folder where a file goes is an OSError
naming it, and nothing is switched. A rename that still fails during
step 3 (a file another program holds open, on Windows) undoes the renames done, from the
kept files, and the commit is as if it had never started: the last good files stay, and the
OSError names the file. A build that stops before step 2 leaves only temporary files (the
next build removes them); one that stops during step 3 leaves a journal, and the next build
(``recover``, holding the lock, before anything else) finishes the renames: a move whose
staged file is gone was done. When one of them fails, it undoes them all as step 3 would,
and says so: a folder in the way blocks that game's own commit (which names it), never the
next build. A journal is data from disk like any cache file: one that does not parse, or
names a path that is not one a commit writes, is removed and nothing it names is touched.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from .cache import COMPACT, MAX_ENTRY, file_hash, inside, read_regular
from .licences import FOLDER, NAME, is_licence_name
from .output import atomic_write, manifest_bytes, stage

JOURNAL_PREFIX = "commit-"


@dataclass(frozen=True)
class Move:
    """One rename of a commit: ``tmp`` onto ``dest`` (both relative to the output folder)."""

    tmp: str
    dest: str
    sha256: str


def journal_file(out: Path, game: str) -> Path:
    return out / ".cache" / f"{JOURNAL_PREFIX}{game}.json"


def commit_game(
    out: Path,
    game: str,
    files: list[tuple[str, bytes]],
    outputs: list[dict[str, Any]],
    kits: tuple[str, ...] = (),
    removals: tuple[str, ...] = (),
    hashed: Mapping[str, str] | None = None,
) -> None:
    """Switch in one game's ``files`` (paths relative to ``out``: PDFs and font licences,
    then cache entries) and the manifest with ``outputs`` merged in, as one commit (``kits``:
    the kit folders written, whose earlier licence entries ``outputs`` replaces), and remove
    ``removals`` after (an export's files the new one no longer has: journaled too, so a
    commit finished by ``recover`` removes them); ``hashed``: the sha256 of files already
    hashed (by path), each of ``data`` as given. An OSError before the commit point
    (staging, the journal) leaves everything as it was and names the file."""
    moves: list[Move] = []
    files = [(rel, data) for rel, data in files if not _already(out, rel, data, hashed)]
    try:
        manifest = manifest_bytes(out, outputs, kits)
        for rel, data in [*files, ("manifest.json", manifest)]:
            tmp = stage(out / rel, data)
            sha = (hashed or {}).get(rel) or _sha(data)
            moves.append(Move(tmp.relative_to(out).as_posix(), rel, sha))
        _in_the_way(out, moves)
        journal = [{"tmp": m.tmp, "dest": m.dest, "sha256": m.sha256} for m in moves]
        said = {"moves": journal, "remove": list(removals)}
        atomic_write(journal_file(out, game), json.dumps(said, separators=COMPACT).encode())
    except BaseException:
        for m in moves:
            (out / m.tmp).unlink(missing_ok=True)
        raise
    try:
        _switch(out, moves, journal_file(out, game))
    except Undone:
        journal_file(out, game).unlink(missing_ok=True)
        raise
    _remove(out, list(removals))
    journal_file(out, game).unlink()


class Undone(OSError):
    """A rename of a commit's switch failed and the renames done were undone: the last good
    files are in place again (the error's file is the one that could not be replaced)."""


def _in_the_way(out: Path, moves: list[Move]) -> None:
    """An OSError naming the first destination a folder stands in the place of (where a PDF
    goes): its rename would fail half way through the switch (a rename replaces anything
    else, a FIFO left in a cache entry's place too)."""
    for m in moves:
        dest = out / m.dest
        if dest.is_dir() and not dest.is_symlink():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(dest))


def _already(out: Path, rel: str, data: bytes, hashed: Mapping[str, str] | None) -> bool:
    """Whether the regular file at ``rel`` already holds ``data`` byte for byte: it is left as
    it is (a layout's comment edited redraws a game's PDFs the same: a viewer that reloads
    a file whose time changes need not reload them)."""
    path = out / rel
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size != len(data):
            return False
    except OSError:
        return False
    return file_hash.__wrapped__(str(path)) == ((hashed or {}).get(rel) or _sha(data))


def _remove(out: Path, removals: list[str]) -> None:
    """Remove each of ``removals`` that is still there (only an export's own files)."""
    for rel in removals:
        path = out / rel
        if path.is_file() and not path.is_symlink():
            path.unlink()


def _removals(out: Path, raw: bytes | None) -> list[str] | None:
    """The removals a journal lists, when every one is an export's file inside ``out``."""
    try:
        listed = json.loads(raw or b"{}").get("remove", [])
    except (ValueError, AttributeError, RecursionError):
        return None
    if not isinstance(listed, list) or not all(isinstance(r, str) for r in listed):
        return None
    if not all(_EXPORTED.fullmatch(r) and inside(out, r) is not None for r in listed):
        return None
    return listed


def _switch(out: Path, moves: list[Move], journal: Path) -> None:
    """Each rename that is still to do (its staged file is there), in order, the file it
    replaces kept until all are done; a rename that fails marks the ``journal`` as undoing
    (a build stopped in the undo is undone by the next, not finished) and undoes every one
    done (``Undone``, naming the file), or raises as it is when even that fails (the journal
    then stays, for the next build to try again)."""
    try:
        for m in moves:
            tmp = out / m.tmp
            if tmp.is_file() and not tmp.is_symlink():
                _keep_old(out / m.dest, _kept(out, m))
                os.replace(tmp, out / m.dest)
    except OSError as exc:
        _mark_undoing(journal)
        _undo(out, moves)
        raise Undone(exc.errno, exc.strerror, str(out / m.dest)) from exc
    _drop_kept(out, moves)


def _drop_kept(out: Path, moves: list[Move]) -> None:
    """Remove the kept files, as far as the system lets (a file another program holds open,
    on Windows: the next build's ``clean_temps`` tries again)."""
    for m in moves:
        try:
            _kept(out, m).unlink(missing_ok=True)
        except OSError:
            pass


def _mark_undoing(journal: Path) -> None:
    """Say in the journal that its commit is being undone (as far as it can be written)."""
    try:
        said = json.loads(journal.read_bytes())
        said["undo"] = True
        atomic_write(journal, json.dumps(said, separators=COMPACT).encode())
    except (OSError, ValueError, TypeError):
        pass


def _kept(out: Path, m: Move) -> Path:
    """Where a move keeps the file it replaces, beside its staged file (a temporary file to
    ``output.temps``)."""
    return out / (m.tmp.removesuffix(".tmp") + ".old.tmp")


def _keep_old(dest: Path, kept: Path) -> None:
    """Keep ``dest`` (if there) as ``kept``: a hard link, a copy of a file where links are not
    made."""
    kept.unlink(missing_ok=True)
    if dest.is_symlink():
        try:
            os.symlink(os.readlink(dest), kept)
        except OSError:  # a link Windows lets no one make without a privilege: not kept
            pass
    elif _there(dest):
        try:
            os.link(dest, kept)
        except OSError:
            if dest.is_file():  # not a FIFO: nothing to keep of one, and opening it waits
                shutil.copyfile(dest, kept)


def _undo(out: Path, moves: list[Move]) -> None:
    """Put back what the done renames (their staged files gone) replaced, last first: the
    kept file, or nothing where there was none (a file that is the staged one, by its hash,
    is removed; any other, an old one an undo stopped half way put back, stays); then remove
    the staged and kept files left."""
    for m in reversed(moves):
        tmp, dest, kept = out / m.tmp, out / m.dest, _kept(out, m)
        if _there(tmp):
            continue
        try:
            if _there(kept):
                os.replace(kept, dest)
            elif dest.is_file() and not dest.is_symlink():
                if file_hash.__wrapped__(str(dest)) == m.sha256:
                    dest.unlink()
        except OSError:  # a folder put there since: that game's own commit will name it
            continue
    for m in moves:
        try:
            (out / m.tmp).unlink(missing_ok=True)
        except OSError:
            pass
    _drop_kept(out, moves)


def _there(path: Path) -> bool:
    return path.exists() or path.is_symlink()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


_PDF = re.compile(r"[^/]+/[^/]+/[a-z-]+\.pdf")
_EXPORTED = re.compile(r"[^/]+/export/[^/]+/[^/]+\.(png|json|pdf)")  # exports.folder's files
_LICENCE = re.compile(rf"[^/]+/[^/]+/{FOLDER}/{NAME}")


def _allowed(dest: str) -> bool:
    """A destination a commit writes: a game's PDF, an export's file, a font licence file
    of a kit (named as one in ``fonts/`` may be), a cache entry, the manifest."""
    if dest == "manifest.json" or _PDF.fullmatch(dest) or _EXPORTED.fullmatch(dest):
        return True
    if _LICENCE.fullmatch(dest) and is_licence_name(PurePosixPath(dest).name):
        return True
    return dest.startswith(".cache/") and dest.count("/") == 1 and dest.endswith(".json")


def _moves(out: Path, raw: bytes | None) -> list[Move] | None:
    """The moves of a journal, when every one is a commit's own: a destination a commit
    writes, inside ``out``, and a staged file beside it named as ``stage`` names them."""
    if raw is None:
        return None
    try:
        listed = json.loads(raw)["moves"]
        moves = [Move(str(m["tmp"]), str(m["dest"]), str(m["sha256"])) for m in listed]
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    for m in moves:
        dest, tmp = PurePosixPath(m.dest), PurePosixPath(m.tmp)
        if not _allowed(m.dest) or inside(out, m.dest) is None or inside(out, m.tmp) is None:
            return None
        if tmp.parent != dest.parent or not re.fullmatch(
            re.escape(f".{dest.name}.") + r"[^/]+\.tmp", tmp.name
        ):
            return None
    return moves


def pending(out: Path) -> bool:
    """Whether a stopped build left a commit for ``recover`` to finish (or remove)."""
    try:
        return any((out / ".cache").glob(f"{JOURNAL_PREFIX}*.json"))
    except OSError:  # cannot tell: the build takes the lock and finds out
        return True


def _subject(name: str) -> str:
    """What a commit's journal ``name`` is said as: a game's id, or an export's folder
    (``export-<game>~export~<target>``: ``<game>/export/<target>``)."""
    if name.startswith("export-"):
        return name.removeprefix("export-").replace("~", "/")
    return name


def stopped_commit(name: str) -> str:
    """What the next build or export says of a commit ``recover`` finished: ``name`` is a
    game's, or an export folder's."""
    if name.startswith("export-"):
        return f"{_subject(name)}: finished the export a stopped one left half done"
    return f"{name}: finished the commit a stopped build left half done"


def undone_commit(name: str, exc: OSError) -> str:
    """What the next build or export says of a stopped commit ``recover`` could not finish
    (``exc``: the rename that failed) and undid."""
    return (
        f"{_subject(name)}: could not finish what a stopped build left half done ({exc.filename}:"
        f" {exc.strerror}); undone, the last good files are kept"
    )


def recover(out: Path) -> list[str]:
    """Finish every commit a stopped build or export left half done (call it holding the
    lock, before removing temporary files), or undo one whose renames cannot all be done,
    or that was being undone when it stopped. Returns a line for each: ``stopped_commit``,
    ``undone_commit`` or ``UNDONE``. An OSError: a commit could be neither finished nor
    undone (its journal stays for the next try)."""
    finished = []
    try:
        journals = sorted((out / ".cache").glob(f"{JOURNAL_PREFIX}*.json"))
    except OSError:
        return []
    for journal in journals:
        raw = read_regular(journal, MAX_ENTRY)
        moves, removals = _moves(out, raw), _removals(out, raw)
        if removals is None:
            moves = None
        if moves is not None:
            for m in moves:  # a staged file must be what the journal says it is
                if (out / m.tmp).exists() and file_hash.__wrapped__(str(out / m.tmp)) != m.sha256:
                    moves = None
                    break
        name = journal.name[len(JOURNAL_PREFIX) : -len(".json")]
        if moves is not None and _undoing(raw):  # stopped while it undid: undone again
            _undo(out, moves)
            finished.append(f"{_subject(name)}: {UNDONE}")
        elif moves is not None:
            try:
                _switch(out, moves, journal)
                _remove(out, removals or [])
                finished.append(stopped_commit(name))
            except Undone as exc:
                finished.append(undone_commit(name, exc))
        journal.unlink(missing_ok=True)
    return finished


UNDONE = "undid what a stopped build had begun to undo; the last good files are kept"


def _undoing(raw: bytes | None) -> bool:
    """Whether a journal says its commit was being undone (``_mark_undoing``)."""
    try:
        return json.loads(raw or b"{}").get("undo") is True
    except (ValueError, AttributeError, RecursionError):
        return False
