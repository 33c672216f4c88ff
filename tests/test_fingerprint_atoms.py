"""A fingerprint reads each atom's encoding from a memo once it has made it: the encoding is
the same as made afresh, and values that compare equal across types or signs (``1``,
``True``, ``1.0``; ``0.0`` and ``-0.0``) or never equal themselves (NaN) stay apart."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from cutsheet import fingerprint as fp
from cutsheet.fingerprint import Fingerprints

ATOMS = st.one_of(
    st.text(max_size=8),
    st.integers(),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.binary(max_size=8),
)


def _fresh(value: object) -> bytes:
    text = repr(value)
    return f"{type(value).__name__}{len(text)}:{text}".encode()


@given(st.lists(ATOMS, max_size=30))
def test_an_atom_encodes_as_made_afresh_however_often_it_is_met(values: list[object]) -> None:
    read = Fingerprints()
    for value in values + values:
        assert read.encode(value) == _fresh(value)


def test_equal_values_of_other_types_or_signs_stay_apart() -> None:
    read = Fingerprints()
    for order in ([1, True, 1.0], [1.0, True, 1], [0.0, -0.0, 0, False], [-0.0, 0.0]):
        for value in order:
            assert read.encode(value) == _fresh(value)
    assert read.encode(math.nan) == _fresh(math.nan)
    assert math.nan not in read.atoms[float]  # (a NaN key would never be found again)


def test_the_memo_is_emptied_when_full(monkeypatch) -> None:
    monkeypatch.setattr(fp, "ATOMS_KEPT", 4)
    read = Fingerprints()
    for n in range(10):
        assert read.encode(f"name {n}") == _fresh(f"name {n}")
        assert len(read.atoms[str]) <= 4
