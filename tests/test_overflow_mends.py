"""What a scaled face's overflow says mends it (a designer's probe: "the large-print profile's
text (18 pt and up) does not fit a 89×127 mm card (38.4 mm over)" stopped there)."""

from __future__ import annotations

from types import SimpleNamespace

from cutsheet.diagnostics import Loc, Problem
from cutsheet.plan.deck_sizes import overflow_mends

OVER = Problem(
    Loc("content/g/aid.yaml", 3, 5),
    "G-AID, box 'steps' (field steps): the large-print profile's text (18 pt and up) does not"
    " fit a 89×127 mm card (38.4 mm over)",
)
BADGE = Problem(
    Loc("layouts/g.yaml", 9, 7), "box 'cost': its value needs the badge …", code="badge"
)


def test_an_overflow_says_the_ways_to_mend_it_and_a_badge_is_left_as_it_said():
    spec = SimpleNamespace(overleaf=False, back="card-back")
    mended, badge = overflow_mends([OVER, BADGE], spec, "aid", "large-print")  # type: ignore[arg-type]
    assert mended.message == (
        f"{OVER.message}; shorten the text, or give the component a larger card for large-print"
        " (sizes: {large-print: [w, h]}) or a face of its own for it ('aid@large-print')"
    )
    assert badge is BADGE


def test_a_card_with_no_back_is_told_it_may_go_on_over_its_back():
    spec = SimpleNamespace(overleaf=False, back=None)
    (mended,) = overflow_mends([OVER], spec, "aid", "large-print")  # type: ignore[arg-type]
    assert mended.message.endswith(
        ", or, for a card players read rather than play, overleaf: true (its text goes on over"
        " its back)"
    )
    going_on = SimpleNamespace(overleaf=True, back=None)  # already does: not said again
    (said,) = overflow_mends([OVER], going_on, "aid", "large-print")  # type: ignore[arg-type]
    assert "overleaf" not in said.message


def test_a_backs_overflow_names_the_backs_face():
    """A review: a back's overflow suggested a face named after the front's."""
    back = Problem(OVER.loc, OVER.message.replace("G-AID,", "G-AID (back),"))
    spec = SimpleNamespace(overleaf=False, back="aid-back")
    (mended,) = overflow_mends([back], spec, "aid", "large-print")  # type: ignore[arg-type]
    assert "or a face of its own for it ('aid-back@large-print')" in mended.message
