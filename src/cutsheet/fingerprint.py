"""A fingerprint of a frozen value: the same in every process for equal values, and different
whenever anything reachable from the value differs (a field, a float's last bit, an order).

Built for the plans a part is drawn from (frozen dataclasses, pydantic models, tuples,
mappings, strings and numbers). Every type it meets is one it knows how to read in full; any
other (an object whose state it cannot see) raises ``Unfingerprintable``, so a value is never
fingerprinted from part of its state. A frozen value reached twice (a deck's shared back,
a face on A4 and on Letter) is read once: ``Fingerprints`` keeps each one it read (so its id
is not reused) with its digest; a mutable one is read each time. Only a frozen value whose own
encoding is long (``KEEP_FROM`` bytes: a face, a card, an element) is kept for good; a small
one (a box, a colour, a style: a 10,000-card deck has a dozen a card) while it is among the
last ``RECENT`` read, and read again when met after that. What is kept changes how often a
value is read, never its digest."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import operator
from collections.abc import Callable, Mapping
from pathlib import PurePath
from typing import Any

from pydantic import BaseModel

__all__ = ["Fingerprints", "Unfingerprintable", "fingerprint"]

_ATOMS = frozenset({str, int, float, bool, type(None), bytes})
KEEP_FROM = 256  # bytes of a frozen value's own encoding from which its digest is kept
RECENT = 4096  # small frozen values whose digests are kept for a while (see ``recent``)
ATOMS_KEPT = 16_384  # encodings of atoms kept, by type (see ``atoms``)
ATOM_MAX = 80  # characters of an atom's repr up to which its encoding is kept (names, sizes)


class Unfingerprintable(TypeError):
    """A value holds something whose whole state cannot be read (the type is named)."""


def fingerprint(value: object) -> str:
    """The hex sha256 of ``value``'s canonical encoding (see the module's docstring)."""
    return Fingerprints().of(value)


class Fingerprints:
    """Fingerprints that share their reading: an object (a dataclass or a model) reached
    again, in this value or a later one, is read once. The objects read are kept, so an id
    is never reused while this lives; keep one only as long as the values it read."""

    def __init__(
        self, reads: Callable[[type], Callable[[Any], bytes] | None] | None = None
    ) -> None:
        """``reads``: for a type whose values name what is read elsewhere (a picture by its
        path), how to read what that holds now (the file's hash), fingerprinted with them."""
        self.seen: dict[int, bytes] = {}  # id -> digest of each frozen object read
        self.kept: list[object] = []  # those objects: an id is not reused while it is seen
        # the last small frozen values read (a layout's box, met on every card), each with
        # its digest; emptied when full, so a deck's many small values are not all held
        self.recent: dict[int, tuple[bytes, object]] = {}
        self.shapes: dict[type, _Shape] = {}
        # each short atom's encoding by type, then value (a deck repeats its names, colours
        # and sizes on every card); emptied when full. Never a NaN (it equals nothing, so it
        # would never be found) nor a zero float (0.0 and -0.0 are equal keys)
        self.atoms: dict[type, dict[Any, bytes]] = {kind: {} for kind in _ATOMS}
        self.reads = reads or (lambda _kind: None)

    def of(self, value: object) -> str:
        return hashlib.sha256(self.encode(value)).hexdigest()

    def encode(self, value: object) -> bytes:
        """A prefix-free encoding: an atom is its type, length and ``repr`` (a float's repr
        is the shortest string that reads back as that float: exact); a sequence, mapping or
        set its type, length and items; a dataclass or model the digest of its type, field
        names and fields, worked out once per object when it is frozen."""
        kind = type(value)
        atoms = self.atoms.get(kind)
        if atoms is not None:
            hit = atoms.get(value)
            if hit is None:
                text = repr(value)
                hit = f"{kind.__name__}{len(text)}:{text}".encode()
                if (
                    len(text) <= ATOM_MAX
                    and value == value
                    and not (kind is float and value == 0.0)
                ):
                    if len(atoms) >= ATOMS_KEPT:
                        atoms.clear()
                    atoms[value] = hit
            return hit
        if kind is tuple or kind is list:
            return b"T%d:" % len(value) + self.items(value)  # type: ignore[arg-type]
        hit = self.seen.get(id(value))
        if hit is not None:
            return hit
        near = self.recent.get(id(value))
        if near is not None:
            return near[0]
        shape = self.shapes.get(kind) or self.shape_of(kind)
        if shape.fields is not None:
            body = shape.head + self.items(shape.fields(value))
        else:
            body = self.compose(value, shape.head)
        if shape.reads is not None:
            body += b"R" + self.encode(shape.reads(value))
        found = b"#" + hashlib.sha256(body).digest()
        if not shape.frozen:  # a mutable one is read each time it is met
            return found
        if len(body) >= KEEP_FROM:
            self.seen[id(value)] = found
            self.kept.append(value)
        else:
            if len(self.recent) >= RECENT:
                self.recent.clear()
            self.recent[id(value)] = (found, value)  # held: its id stays its own meanwhile
        return found

    def items(self, values: tuple[Any, ...] | list[Any]) -> bytes:
        """The encodings of ``values`` one after the other: ``encode`` of each, an atom met
        before looked up here (most fields are names, sizes and colours seen already)."""
        atoms, encode = self.atoms, self.encode
        out = []
        for v in values:
            known = atoms.get(type(v))
            hit = known.get(v) if known is not None else None
            out.append(hit if hit is not None else encode(v))
        return b"".join(out)

    def compose(self, value: object, name: bytes) -> bytes:
        """A value that is no dataclass or model: a sequence, mapping, set, enum or path."""
        if isinstance(value, (tuple, list)):
            return b"T" + name + self.encode(list(value))  # type: ignore[call-overload]
        if isinstance(value, Mapping):
            pairs = [self.encode(k) + self.encode(v) for k, v in value.items()]
            return b"P%d:" % len(pairs) + name + b"".join(pairs)  # in order: drawing iterates it
        if isinstance(value, (set, frozenset)):
            items = sorted(self.encode(v) for v in value)
            return b"S%d:" % len(items) + name + b"".join(items)
        if isinstance(value, enum.Enum):
            return b"E" + name + self.encode(value.value)
        if isinstance(value, PurePath):
            return b"F" + name + self.encode(str(value))
        raise Unfingerprintable(f"cannot fingerprint a {name.decode()}")

    def shape_of(self, kind: type) -> _Shape:
        """How a type is read: a dataclass's fields (every one, ``compare=False`` too) or a
        model's, behind a header naming the type and them; whether it is frozen."""
        name = f"{kind.__module__}.{kind.__qualname__}".encode()
        params = getattr(kind, "__dataclass_params__", None)
        if dataclasses.is_dataclass(kind) or issubclass(kind, BaseModel):
            if dataclasses.is_dataclass(kind):
                names = tuple(f.name for f in dataclasses.fields(kind))
                frozen = params is not None and params.frozen
            else:
                names = tuple(kind.model_fields)  # type: ignore[attr-defined]
                frozen = bool(kind.model_config.get("frozen"))  # type: ignore[attr-defined]
            head = b"D" + name + b"(" + ",".join(names).encode() + b")"
            shape = _Shape(head, _getter(names), frozen, self.reads(kind))
        else:
            shape = _Shape(name + b"\0", None, False, self.reads(kind))
        self.shapes[kind] = shape
        return shape


@dataclasses.dataclass(frozen=True)
class _Shape:
    head: bytes  # the type's name (and field names)
    fields: Callable[[Any], tuple[Any, ...]] | None  # a dataclass's or model's field values
    frozen: bool
    reads: Callable[[Any], bytes] | None = None  # what it names that is read elsewhere


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The field values of an object, as a tuple, in ``names``' order."""
    if len(names) == 1:
        one = names[0]
        return lambda value: (getattr(value, one),)
    if not names:
        return lambda _value: ()
    return operator.attrgetter(*names)
