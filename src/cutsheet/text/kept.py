"""Compiled templates kept from one run to the next, beside the package's bytecode.

Jinja turns each template and ``when:`` expression into Python code: a build compiles some
200 of them, about a twentieth of a cold build, and a one-card edit compiles them all again.
That code is a function of the text alone for one interpreter, one Jinja and one sandbox, so
it is kept the way Python keeps a module's bytecode: in this package's ``__pycache__``
(``templates.cpython-311.bin``), looked up by kind and whole text, with the names and filters
the template reads (``sandbox.last_compiled``). Each entry is kept as its own ``marshal``
bytes and read only when its template is compiled: a file that holds every template a
machine has built (some 700 after the tests, 0.9 MB) is opened in a millisecond, not the 14 ms
that reading all its code took in every process. The file is used only when its header names
this interpreter's bytecode, Jinja's version and a digest of this package's source (the
sandbox, its bounds and filters decide the code): any change compiles afresh.

The file is trusted as the package's own bytecode is, and only that. It is never in a
project or output folder (a build cache there may come from anyone, and code loaded from it
would bypass the sandbox); it is written only where bytecode may be (``sys.dont_write_bytecode``),
by replacing it whole, and a file that does not read is ignored. It is bounded: at most
``MAX_KEPT`` entries and ``MAX_BYTES``, the least recently added going first, and a template
longer than ``MAX_SOURCE`` is never kept. It holds a project's template text as its key, as
Jinja's own bytecode cache would.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from functools import lru_cache
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType

import jinja2

MAX_KEPT = 4096  # templates and expressions kept at most
MAX_SOURCE = 4096  # characters: a longer template is compiled each run, never kept
MAX_BYTES = 8 << 20  # the file's size at most (a hostile layout cannot grow it further)
Key = tuple[str, str]  # ("template" or "expression", the source)
Entry = tuple[CodeType, frozenset[str], frozenset[str]]  # code, names read, filters called


@lru_cache(maxsize=1)
def header() -> bytes:
    """What a kept file must begin with to be read."""
    h = hashlib.sha256(jinja2.__version__.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return MAGIC_NUMBER + f"{sys.version}|{h.hexdigest()}\n".encode()


def kept_file() -> Path | None:
    tag = sys.implementation.cache_tag
    return None if tag is None else Path(__file__).parent / "__pycache__" / f"templates.{tag}.bin"


def _read(path: Path) -> dict[Key, bytes]:
    """The file's entries, each still its ``marshal`` bytes (``_entry`` reads one)."""
    try:
        data = path.read_bytes()
        if not data.startswith(header()):
            return {}
        entries = marshal.loads(data[len(header()) :])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(entries, dict):
        return {}
    return {key: raw for key, raw in entries.items() if isinstance(raw, bytes)}


def _entry(raw: bytes) -> Entry | None:
    """One entry read from its bytes; None when they do not hold one."""
    try:
        code, names, filters = marshal.loads(raw)
        names, filters = frozenset(names), frozenset(filters)
    except (ValueError, EOFError, TypeError):  # not three, or names that are no set
        return None
    if not isinstance(code, CodeType) or not all(type(n) is str for n in names | filters):
        return None
    return code, names, filters


def _bytes(entry: Entry) -> bytes:
    code, names, filters = entry
    return marshal.dumps((code, sorted(names), sorted(filters)))


class _Kept:
    """What the file held when first asked, and what this process compiled since."""

    def __init__(self) -> None:
        self.entries: dict[Key, bytes] | None = None
        self.added: dict[Key, Entry] = {}

    def find(self, key: Key) -> Entry | None:
        if self.entries is None:
            path = kept_file()
            self.entries = _read(path) if path is not None else {}
        raw = self.entries.get(key)
        return None if raw is None else _entry(raw)

    def keep(self, key: Key, entry: Entry) -> None:
        if len(key[1]) <= MAX_SOURCE:
            self.added[key] = entry

    def save(self) -> None:
        """Add what was compiled since to the file as it is now (another process may have
        written it meanwhile), and replace it."""
        path = kept_file()
        if not self.added or path is None or sys.dont_write_bytecode:
            self.added = {}
            return
        entries = _read(path)
        for key, entry in self.added.items():
            entries.pop(key, None)  # added anew: it is the newest
            entries[key] = _bytes(entry)
        self.added = {}
        while len(entries) > MAX_KEPT:
            del entries[next(iter(entries))]
        data = marshal.dumps(entries)
        while len(data) > MAX_BYTES and entries:
            for key in list(entries)[: len(entries) // 4 or 1]:  # the oldest quarter goes
                del entries[key]
            data = marshal.dumps(entries)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            path.parent.mkdir(exist_ok=True)
            try:
                tmp.write_bytes(header() + data)
                os.replace(tmp, path)
            except BaseException:
                tmp.unlink(missing_ok=True)
                raise
        except (OSError, ValueError):  # a read-only install, a full disk: nothing kept
            return


_KEPT = _Kept()


def find(kind: str, source: str) -> Entry | None:
    """The code compiled earlier for ``source`` (a "template" or an "expression"), if kept."""
    return _KEPT.find((kind, source))


def keep(kind: str, source: str, entry: Entry) -> None:
    """Remember what compiling ``source`` gave, for ``save``."""
    _KEPT.keep((kind, source), entry)


def save() -> None:
    """Write what this process compiled since the last save (nothing when it compiled none)."""
    _KEPT.save()
