"""What a component's ``fields`` may declare: each field's name and spec (``FieldSpec``), the
names a field may not take, and the words of a vocabulary. The item models are built from
these (``itemmodel``)."""

from __future__ import annotations

import collections
import re
import unicodedata
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, field_validator, model_validator

from .diagnostics import excerpt
from .modelbase import FIELD_NAME, MaybeNumber, Strict

ITEM_KEYS = ("id", "copies", "authored")
"""Keys every item has whatever its fields: a component's ``fields`` declares the others."""

CONTEXT_NAMES: dict[str, str] = {
    "game": "the game's facts (game.title, game.code …)",
    "terms": "the game's terms (terms[word])",
    "component": "the component (component.id, component.name)",
    "profile": "the name of the profile being built",
}
"""Names a card's templates read besides the item's fields (plan/context.py)."""

CARD_IMPOSITIONS = ("duplex", "gutterfold")
"""How a build may impose its cards (``--imposition``; ``impose.print_plan.PrintOptions``),
which the documents' templates read as ``imposition``: backs on the next page, or on the
other half of the same page, across a fold."""

TEMPLATE_WORDS = (
    *("true", "false", "none", "True", "False", "None", "not", "self"),
    *("loop", "caller", "varargs", "kwargs"),  # what Jinja names inside a loop or a macro
)
"""Words a template reads as a literal, an operator or itself, never as a field's value."""


def model_keeps(name: str) -> bool:
    """Whether the items' data model (pydantic) keeps ``name`` for itself: a field of an
    item, or a word a counts field counts, may not have it."""
    return name.startswith("model_") or hasattr(BaseModel, name)


@lru_cache(maxsize=1)
def _template_globals() -> frozenset[str]:
    """The functions every template may call (``range``, ``dict``, ``namespace`` …)."""
    from .text.sandbox import environment

    return frozenset(n for n in environment().globals if not n.startswith("_"))


def _reserved(name: str) -> str | None:
    """Why ``name`` cannot be a field's name, or None."""
    if not re.fullmatch(FIELD_NAME, name):
        plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        fixed = re.sub(r"^[^A-Za-z]+", "", re.sub(r"[^A-Za-z0-9_]", "_", plain))
        rename = f"; rename it (e.g. '{fixed}')" if fixed else ""
        return (
            f"{excerpt(name)} is not a field name (a letter, then letters, digits and '_'){rename}"
        )
    rename = f"; rename the field (e.g. 'my_{name}')"
    if name in ITEM_KEYS:
        return (
            f"{excerpt(name)} is a key of every item ({', '.join(ITEM_KEYS)}), not a field to"
            " declare; remove it from 'fields'"
        )
    if name in CONTEXT_NAMES:
        return (
            f"{excerpt(name)} is taken: a card's templates read {excerpt(name)} as"
            f" {CONTEXT_NAMES[name]}, not as this field{rename}"
        )
    if name in _template_globals():
        return (
            f"{excerpt(name)} is a template function ({name}(…)): a field of that name would"
            f" take its place in every template of the card{rename}"
        )
    if name in TEMPLATE_WORDS:
        return f"{excerpt(name)} is a word of the template language, never a field's value{rename}"
    if model_keeps(name):
        return (
            f"{excerpt(name)} is a name the items' data model keeps for itself (as it keeps"
            f" every name starting 'model_'){rename}"
        )
    return None


def _usable_field_name(name: str) -> str:
    why = _reserved(name)
    if why is not None:
        raise ValueError(why)
    return name


FieldName = Annotated[str, AfterValidator(_usable_field_name)]
"""A field's name: FIELD_NAME, and none of the names the items or their templates take."""


def _a(word: str) -> str:
    """``word`` after its indefinite article ("an int", "a text")."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _field_names_schema(schema: dict[str, Any]) -> None:
    """JSON Schema of ``fields``: every key of the form FIELD_NAME."""
    schema["propertyNames"] = {"pattern": FIELD_NAME}


class FieldSpec(Strict):
    """Declares one field of a component's items; the item model is built from these."""

    type: Literal["text", "int", "bool", "choice", "counts", "list"]
    of: str | list[str] | None = Field(
        None,
        description="choice/counts/list: a vocabulary name or a list of words (a list's items"
        " are words of it)",
    )
    total: MaybeNumber = Field(None, description="counts: the quantities must add up to this")
    min: MaybeNumber = Field(
        None, description="int: the least value; text: the fewest characters; list: items"
    )
    max: MaybeNumber = Field(
        None, description="int: the greatest value; text: the most characters; list: items"
    )
    pattern: str | None = Field(None, description="text/list: every value must match this regex")
    required: bool = True
    description: str = ""

    @field_validator("of")
    @classmethod
    def _words(cls, v: str | list[str] | None) -> str | list[str] | None:
        return check_words(v) if isinstance(v, list) else v

    @model_validator(mode="after")
    def _keys_of_its_type(self) -> FieldSpec:
        """Each key said only where it means something (it was ignored, or a traceback)."""
        takes = _FIELD_KEYS[self.type]
        given = [
            k for k in ("of", "total", "min", "max", "pattern") if getattr(self, k) is not None
        ]
        wrong = [k for k in given if k not in takes]
        if wrong:
            keys = " and ".join(f"'{k}'" for k in wrong)
            allowed = ", ".join(f"'{k}'" for k in takes) or "none of of, total, min, max, pattern"
            raise ValueError(f"{keys} means nothing to {_a(self.type)} field (it takes {allowed})")
        if self.type in ("choice", "counts") and self.of is None:
            raise ValueError(f"{_a(self.type)} field names its words: of: [a, b] or a vocabulary")
        return self


_FIELD_KEYS = {
    "text": ("min", "max", "pattern"),
    "int": ("min", "max"),
    "bool": (),
    "choice": ("of",),
    "counts": ("of", "total"),
    "list": ("of", "min", "max", "pattern"),
}
"""The keys of a field's spec each type of field takes, beyond type, required, description."""

MAX_WORDS = 1_000
"""Most words a vocabulary names (a game's resources, colours, kinds: a handful)."""


def check_words(words: list[str]) -> list[str]:
    """A vocabulary's words: at least one, each written once, none empty or with spaces
    around it (a card's ``cost: {" a": 1}`` would never match the word ``a``)."""
    if not words:
        raise ValueError("a vocabulary has at least one word")
    if len(words) > MAX_WORDS:  # each word is a field of a model (a card's counts)
        raise ValueError(f"a vocabulary has {len(words):,} words, over the {MAX_WORDS:,} limit")
    for word in words:
        if not word.strip():
            raise ValueError("a word of a vocabulary is empty")
        if word != word.strip():
            raise ValueError(f"the word {excerpt(word)} has spaces around it; remove them")
    twice = sorted(w for w, n in collections.Counter(words).items() if n > 1)
    if twice:
        raise ValueError(f"a vocabulary names each word once: {', '.join(map(excerpt, twice))}")
    return words
