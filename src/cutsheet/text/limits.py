"""What one template may build, compute and print, checked before it builds it.

* it prints at most ``MAX_OUTPUT`` (100,000) characters;
* no string, list or ``range`` it builds holds more than ``MAX_SIZE`` (100,000) items, and
  no number more than ``MAX_BITS`` bits (``'x' * 10**9``, ``range(10**9)``, ``9**9**9``);
* one rendering makes at most ``MAX_STEPS`` (100,000) loop turns and calls;
* calls nest at most ``MAX_DEPTH`` (50) deep, so a macro that calls itself stops long
  before Python's own recursion limit (reaching that limit is not a clean error: a
  finaliser that the garbage collector runs there fails too, and can leave a shared
  structure, such as multiprocessing's heap, half updated).

Each check raises a ``TemplateProblem`` that says which bound was broken.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from datetime import date, time
from decimal import Decimal
from pathlib import PurePath
from typing import Any

from jinja2 import Undefined

from .problem import TemplateProblem, short

MAX_OUTPUT = 100_000
"""Most characters one template may print."""
MAX_SIZE = 100_000
"""Longest string, list or range a template may build (and largest count or width it may
pass to a filter or method)."""
MAX_BITS = 10_000
"""Largest number (in bits, about 3,000 digits) a template may compute."""
MAX_STEPS = 100_000
"""Most loop turns and calls in one rendering (about half a second of the slowest kind)."""
MAX_DEPTH = 50
"""Most calls nested in one another (a macro calling itself, a recursive loop): each costs
Jinja about seven Python frames, so 50 stay far below Python's limit of 1,000."""


class Steps:
    """Loop turns and calls left in the current rendering."""

    left = MAX_STEPS

    @classmethod
    def reset(cls) -> None:
        """Start a rendering's count afresh."""
        cls.left = MAX_STEPS

    @classmethod
    def take(cls, n: int = 1) -> None:
        """Count ``n`` turns or calls; a TemplateProblem once there are too many."""
        cls.left -= n
        if cls.left < 0:
            raise TemplateProblem(
                f"template makes more than {MAX_STEPS:,} loop turns and calls; simplify it"
            )


class Depth:
    """How deeply the calls of the current rendering are nested."""

    now = 0

    @classmethod
    def enter(cls) -> None:
        """One call deeper; a TemplateProblem when that is over ``MAX_DEPTH``."""
        if cls.now >= MAX_DEPTH:
            raise TemplateProblem("template calls itself too deeply")
        cls.now += 1

    @classmethod
    def leave(cls) -> None:
        """Back out of one call."""
        cls.now -= 1


def sized(value: Any) -> Any:
    """``value``, if it is within the bounds on what a template builds."""
    if value is None or isinstance(value, (bool, float)):
        return value
    if isinstance(value, (str, list, tuple, dict, set, frozenset, range)) and (
        len(value) > MAX_SIZE
    ):
        what = "text" if isinstance(value, str) else "list"
        raise TemplateProblem(
            f"template builds a {what} of {len(value):,} items, over the {MAX_SIZE:,} limit"
        )
    if isinstance(value, int) and value.bit_length() > MAX_BITS:
        raise TemplateProblem(f"template computes a number of over {MAX_BITS:,} bits")
    return value


def weight(value: Any, limit: int = MAX_OUTPUT) -> int:
    """About how many characters ``str(value)`` has, counted only up to just over ``limit``
    (a list of a hundred thousand references to one long text is cheap to hold, not to
    print)."""
    total = 0
    stack = [value]
    while stack and total <= limit:
        v = stack.pop()
        if isinstance(v, str):
            total += len(v) + 2
        elif isinstance(v, Mapping):
            total += 2 + 4 * len(v)
            if total <= limit:
                stack.extend(v.keys())
                stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(v)
            if total <= limit:
                stack.extend(v)
        elif isinstance(v, int):
            total += v.bit_length() // 3 + 1
        else:
            total += 8
    return total


def printable(value: Any) -> Any:
    """``value``, if turning it into text gives at most ``MAX_OUTPUT`` characters, and the
    same characters every run (``settled``)."""
    if isinstance(value, str):
        if len(value) > MAX_OUTPUT:
            raise TemplateProblem(f"template prints more than {MAX_OUTPUT:,} characters")
    elif not isinstance(value, (int, float, bool)):
        if weight(value) > MAX_OUTPUT:
            raise TemplateProblem(f"template prints a value of over {MAX_OUTPUT:,} characters")
        settled(value)
    return value


#: Values whose text is the same every run (Undefined: Jinja says what is wrong with it).
_SETTLED = (str, int, float, bool, type(None), range, Undefined, PurePath, date, time, Decimal)


def settled(value: Any) -> None:
    """Refuse a value whose text would not be the same every run: a set (its order follows
    each run's string hashes), an iterator (what ``|map``, ``|select`` and ``|reverse``
    give) or any other object (its text holds a memory address), also inside a list or a
    mapping. Text, numbers, lists, tuples and mappings of them print the same always."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, _SETTLED):
            continue
        if isinstance(v, (list, tuple)):
            stack.extend(v)
        elif isinstance(v, Mapping) and type(v) is dict:
            stack.extend(v.keys())
            stack.extend(v.values())
        else:
            raise TemplateProblem(unsettled(v))


def unsettled(value: Any) -> str:
    """Why ``value`` is refused as text (``settled``)."""
    if isinstance(value, (set, frozenset)):
        return "template prints a set, whose order changes from run to run; sort it (|sort)"
    if isinstance(value, Iterator):
        return "template prints an iterator (what |map, |select and |reverse give): add |list"
    if callable(value):
        return (
            f"template prints a method ({getattr(value, '__name__', 'callable')}); "
            "write x['name'] to read a key that shares a method's name"
        )
    return (
        f"template prints a {type(value).__name__} object, whose text is not the same from"
        " run to run: print its values"
    )


def length(value: Any) -> int | None:
    """``len(value)``, or None for a value without a length."""
    try:
        return len(value)  # type: ignore[no-any-return]
    except TypeError:
        return None


_FORMAT_WIDTH = re.compile(r"%[-#0 +]*(?:\*|\d{6,})|\{[^{}]*:[^{}]*(?:\d{6,}|\{)")


def check_format(fmt: Any) -> None:
    """A format (``'%5s'``, ``'{:>5}'``) may not pad to more than ``MAX_SIZE`` characters."""
    if isinstance(fmt, str) and _FORMAT_WIDTH.search(fmt):
        raise TemplateProblem(
            f"template formats with a width over {MAX_SIZE:,} characters (or a '*' width)"
        )


def check_args(args: Iterable[Any]) -> None:
    """No count or width passed to a filter or method is over ``MAX_SIZE``."""
    for arg in args:
        if isinstance(arg, int) and not isinstance(arg, bool) and abs(arg) > MAX_SIZE:
            raise TemplateProblem(
                f"template passes {short(arg)} to a filter or method, over the {MAX_SIZE:,} limit"
            )


def check_joined(items: Any, sep: Any) -> None:
    """Refuse a join (``sep`` a string) or a sum of lists (``sep`` None) that would build
    more than ``MAX_SIZE`` characters or items."""
    if isinstance(items, (set, frozenset)):
        raise TemplateProblem(unsettled(items))  # joined in an order that changes each run
    if isinstance(items, (str, bytes)) or length(items) is None:
        return
    total = 0
    for item in items:
        if sep is None:
            total += length(item) or 0
        else:
            settled(item)
            total += weight(item, MAX_SIZE) + len(str(sep))
        if total > MAX_SIZE:
            raise TemplateProblem(f"template joins more than {MAX_SIZE:,} characters or items")


def check_replaced(text: Any, old: Any, new: Any) -> None:
    """Refuse a ``replace`` whose result would be longer than ``MAX_SIZE``."""
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        grows = text.count(old) * (len(new) - len(old))
        if len(text) + grows > MAX_SIZE:
            raise TemplateProblem(
                f"template builds a text of {len(text) + grows:,} characters, over the"
                f" {MAX_SIZE:,} limit"
            )
