"""Item models built from a component's ``fields``: a new game needs no Python for its schema."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, TypeAdapter, create_model
from pydantic_core import SchemaError

from .fieldspec import FieldSpec, model_keeps
from .model import ITEM_ID, MAX_COPIES, ComponentSpec
from .modelbase import MaybeWhole, Strict, Whole
from .validation import describe_patterns


class ItemBase(Strict):
    id: str = Field(pattern=ITEM_ID, description="stable id printed on the card, e.g. CR-SEED-TENT")
    copies: Whole = Field(1, ge=1, le=MAX_COPIES)
    authored: bool = False


def _words(spec: FieldSpec, vocab: Mapping[str, list[str]]) -> tuple[str, ...]:
    if isinstance(spec.of, list):
        return tuple(spec.of)
    if spec.of is None or spec.of not in vocab:
        raise KeyError(spec.of)
    return tuple(vocab[spec.of])


def _some_text(value: Any) -> Any:
    """A required text field holds some text: an empty or blank value would print a blank
    where the card's words go (a CSV cell left empty is a missing key, said as such)."""
    if isinstance(value, str) and not value.strip():
        got = "an empty value" if not value else "only spaces"
        raise ValueError(f"input should be some text, got {got} (the field is required)")
    return value


def _split(value: Any) -> Any:
    """A list field given as one string (a CSV cell) is split on ';'."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(";") if part.strip()]
    return value


class BadPattern(ValueError):
    """A field's ``pattern`` that is no regex the validator accepts: (field, reason)."""


def _check_pattern(name: str, pattern: str) -> None:
    """Raise BadPattern when ``pattern`` does not compile (an open group, a back-reference,
    a look-around: the validator's regex engine has neither)."""
    try:
        TypeAdapter(Annotated[str, StringConstraints(pattern=pattern)])
    except SchemaError as exc:
        lines = [x.strip() for x in str(exc).splitlines() if x.strip().startswith("error:")]
        reason = lines[-1].removeprefix("error:").strip() if lines else "not a regex"
        raise BadPattern(name, reason) from None


class BadWord(ValueError):
    """A word a ``counts`` field cannot count: (field, word, reason)."""


def _countable(name: str, words: tuple[str, ...]) -> None:
    """Raise BadWord for a word that cannot be a key of a counts value: the value is a model
    whose fields are the words, and a model takes no name starting '_' nor one of its own."""
    for word in words:
        if word.startswith("_"):
            raise BadWord(name, word, "it starts with '_'")
        if model_keeps(word):
            raise BadWord(name, word, "the items' data model keeps that name for itself")


def _annotation(name: str, spec: FieldSpec, vocab: Mapping[str, list[str]]) -> Any:
    if spec.pattern:
        _check_pattern(name, spec.pattern)
    text = Annotated[str, StringConstraints(pattern=spec.pattern)] if spec.pattern else str
    if spec.type == "text":  # min and max: its fewest and most characters
        return Annotated[text, StringConstraints(min_length=spec.min, max_length=spec.max)]  # type: ignore[valid-type]
    if spec.type == "bool":
        return bool
    if spec.type == "int":
        return Whole
    if spec.type == "list":  # its items words of 'of' (when given); min and max: how many
        item = Literal[_words(spec, vocab)] if spec.of is not None else text  # type: ignore[valid-type]
        many = Field(min_length=spec.min, max_length=spec.max)
        return Annotated[list[item], many, BeforeValidator(_split)]  # type: ignore[valid-type]
    words = _words(spec, vocab)
    if spec.type == "choice":
        return Literal[words]  # type: ignore[valid-type]
    _countable(name, words)
    counts = create_model(  # type: ignore[call-overload]
        f"Counts_{name}",
        __base__=Strict,
        **{w: (Whole, Field(0, ge=0)) for w in words},  # a word left out counts 0
    )
    return counts


def item_model(component: ComponentSpec, vocab: Mapping[str, list[str]]) -> type[ItemBase]:
    """A pydantic model for this component's items, built from its ``fields``."""
    fields: dict[str, Any] = {}
    for name, spec in component.fields.items():
        ann = _annotation(name, spec, vocab)
        kw: dict[str, Any] = {}
        if spec.min is not None and spec.type == "int":  # (text, list: in their annotation)
            kw["ge"] = spec.min
        if spec.max is not None and spec.type == "int":
            kw["le"] = spec.max
        if spec.required:
            if spec.type == "text":
                ann = Annotated[ann, BeforeValidator(_some_text)]
            fields[name] = (ann, Field(**kw))
        else:
            maybe = MaybeWhole if ann is Whole else ann | None  # bounds kept in the schema
            fields[name] = (maybe, Field(None, **kw))
    model = create_model(f"Item_{component.id.replace('-', '_')}", __base__=ItemBase, **fields)
    words = {n: f.description for n, f in component.fields.items() if f.pattern and f.description}
    describe_patterns(model, words)
    return model  # type: ignore[no-any-return]
