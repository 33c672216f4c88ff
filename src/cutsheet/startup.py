"""What every start of the command would compile again, kept from one start to the next.

Importing what a build needs defines some 155 dataclasses, for which ``dataclasses`` writes
and compiles some 800 small functions (``__init__``, ``__eq__``, a frozen class's
``__setattr__``…), and compiles some 150 regular expressions: about 0.2 s of every start,
before any work, the same each time. Both are pure functions of their text, so they are kept
the way Python keeps a module's bytecode: in the package's ``__pycache__``, in a file named
for the interpreter (``startup.cpython-311.bin``), written only where bytecode may be
(``sys.dont_write_bytecode``; a folder that cannot be written is left alone), and checked
against the interpreter's bytecode magic number when read. A file that does not read is
ignored and written anew. What is kept is looked up by the whole source text (a dataclass's
function) or by the pattern and its flags (a regular expression): a changed module compiles
what changed, as before, and keeps that too.

``install`` starts keeping (the command's first act); ``finish`` saves what is new and stops,
once the start-up imports are done (``jobs.warm``) or when the command ends: a regular
expression made from a project's content later on is compiled as usual, never kept.
"""

from __future__ import annotations

import _sre
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

HEADER = MAGIC_NUMBER + f"{sys.version}|sre {_sre.MAGIC}\n".encode()
"""What a kept file begins with: the bytecode's magic number, and the interpreter's exact
version and regular-expression engine (a pattern's compiled parts are the engine's own, which
a bug-fix release may change without a new magic number): any other file is not read."""

MAX_KEPT = 8192
"""At most this many functions and as many patterns are kept (a bound for the file)."""
CHURN = 4
"""A start that compiled at most this many anew does not rewrite the file (some 40 ms): a
few patterns are built from a set, in another order every run (the tokenizer's, ReportLab's
safe-eval one), and are new every time; a changed module adds more than that."""

Pieces = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
"""A compiled regular expression's parts, as ``_sre.compile`` takes them after the pattern."""


class Kept:
    """The functions and patterns read from the file, and how many were added since."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.codes: dict[str, CodeType] = {}
        self.patterns: dict[tuple[type, str | bytes, int], Pieces] = {}
        self.added = 0  # how many were compiled anew and kept
        self.found = False  # whether the file held any
        self.used: set[Any] = set()  # what this start looked up: all a file keeps

    def read(self) -> None:
        try:
            data = self.path.read_bytes()
            if data.startswith(HEADER):
                codes, patterns = marshal.loads(data[len(HEADER) :])
                if isinstance(codes, dict) and isinstance(patterns, dict):
                    self.codes, self.patterns = codes, _keyed(patterns)
                    self.found = bool(codes or patterns)
        except (OSError, ValueError, EOFError, TypeError):
            self.codes, self.patterns = {}, {}

    def write(self) -> None:
        """Save what this start looked up (what an earlier one kept and this one did not
        use goes), when it compiled more than ``CHURN`` anew (or found no file)."""
        if not self.added or (self.found and self.added <= CHURN) or sys.dont_write_bytecode:
            return
        codes = {k: v for k, v in self.codes.items() if k in self.used}
        patterns = {
            (key[0] is bytes, key[1], key[2]): value
            for key, value in self.patterns.items()
            if key in self.used
        }
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            data = HEADER + marshal.dumps((codes, patterns))
            self.path.parent.mkdir(exist_ok=True)
            try:
                tmp.write_bytes(data)
                os.replace(tmp, self.path)
            except BaseException:
                tmp.unlink(missing_ok=True)
                raise
        except (OSError, ValueError):  # a read-only install, a full disk: kept no longer
            return

    def code(self, source: str) -> CodeType:
        """The compiled ``source`` as ``exec`` of the text would compile it in ``dataclasses``
        (no ``__future__`` flags)."""
        found = self.codes.get(source)
        self.used.add(source)
        if found is None:
            found = compile(source, "<string>", "exec", dont_inherit=True)
            if len(self.codes) < MAX_KEPT:
                self.codes[source] = found
                self.added += 1
        return found


def _keyed(patterns: dict[Any, Any]) -> dict[tuple[type, str | bytes, int], Pieces]:
    """The patterns as read, keyed by (str or bytes, pattern, flags)."""
    keyed = {}
    for (is_bytes, pattern, flags), pieces in patterns.items():
        if isinstance(pattern, bytes if is_bytes else str) and isinstance(flags, int):
            keyed[(bytes if is_bytes else str, pattern, flags)] = pieces
    return keyed


_kept: list[Kept] = []
_undo: list[Any] = []


def cache_file() -> Path:
    return Path(__file__).parent / "__pycache__" / f"startup.{sys.implementation.cache_tag}.bin"


def install(path: Path | None = None) -> None:
    """Keep what start-up compiles, from now until ``finish``."""
    if _kept or sys.implementation.cache_tag is None:
        return
    kept = Kept(path or cache_file())
    kept.read()
    _kept.append(kept)

    def exec_kept(source: Any, globals: Any = None, locals: Any = None) -> None:
        if isinstance(source, str):
            source = kept.code(source)
        exec(source, globals, locals)

    dataclasses.exec = exec_kept  # type: ignore[attr-defined]  # before the builtin
    _undo.append(lambda: vars(dataclasses).pop("exec", None))
    if sys.version_info[:2] == (3, 11):  # the version whose private parts this knows
        _keep_patterns(kept)


def _keep_patterns(kept: Kept) -> None:
    """``re``'s compiler, with each pattern's compiled parts kept: what
    ``re._compiler.compile`` (Python 3.11) computes, then hands to ``_sre.compile``."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    original = _compiler.compile

    def compile_kept(p: Any, flags: int = 0) -> Any:
        if not isinstance(p, (str, bytes)) or flags & _compiler.SRE_FLAG_DEBUG:
            return original(p, flags)
        key = (type(p), p, int(flags))
        pieces = kept.patterns.get(key)
        kept.used.add(key)
        if pieces is None:
            parsed = _parser.parse(p, flags)
            groupindex = dict(parsed.state.groupdict)
            indexgroup: list[str | None] = [None] * parsed.state.groups
            for name, i in groupindex.items():
                indexgroup[i] = name
            code = [int(c) for c in _compiler._code(parsed, flags)]  # named constants too
            pieces = (
                int(flags | parsed.state.flags),
                code,
                parsed.state.groups - 1,
                groupindex,
                tuple(indexgroup),
            )
            if len(kept.patterns) < MAX_KEPT:
                kept.patterns[key] = pieces
                kept.added += 1
        return _sre.compile(p, *pieces)

    _compiler.compile = compile_kept
    _undo.append(lambda: setattr(_compiler, "compile", original))


def finish() -> None:
    """Stop keeping, and save what was added (once; later calls do nothing)."""
    while _undo:
        _undo.pop()()
    if _kept:
        kept = _kept.pop()
        kept.write()


PLUGIN_LOADER = "pydantic.plugin._loader"
PLUGINS_OFF = ("__all__", "1", "true")
"""The values of ``PYDANTIC_DISABLE_PLUGINS`` with which pydantic loads no plugin at all."""


def no_plugin_loader() -> None:
    """With pydantic's plugins turned off (``PYDANTIC_DISABLE_PLUGINS``, which the command
    line sets unless the environment says otherwise), pydantic still imports its plugin
    loader as the first model is made, and with it ``importlib.metadata`` and the ``email``
    package (some 30 ms), to learn that it may load none. In its place goes a loader that
    says so at once: ``get_plugins`` gives no plugin, as pydantic's own does then; any other
    name is the real loader's."""
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in PLUGINS_OFF:
        return
    if PLUGIN_LOADER in sys.modules:
        return
    loader = ModuleType(PLUGIN_LOADER)
    loader.get_plugins = _no_plugins  # type: ignore[attr-defined]
    loader.__getattr__ = _real_loader  # type: ignore[attr-defined]
    sys.modules[PLUGIN_LOADER] = loader


def _no_plugins() -> tuple[()]:
    return ()


def _real_loader(name: str) -> Any:
    """A name of pydantic's own plugin loader, loaded aside (``no_plugin_loader``)."""
    if name.startswith("__"):  # what the import system asks of any module (``__path__``)
        raise AttributeError(name)
    import importlib.util

    package = importlib.util.find_spec("pydantic.plugin")
    if package is None or package.origin is None:
        raise AttributeError(name)
    spec = importlib.util.spec_from_file_location(
        f"{PLUGIN_LOADER}_real", Path(package.origin).parent / "_loader.py"
    )
    if spec is None or spec.loader is None:
        raise AttributeError(name)
    real = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(real)
    return getattr(real, name)
