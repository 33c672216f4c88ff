"""A template that prints one field is substituted without Jinja, exactly as Jinja prints
it; a template or ``when:`` runs once per context (the item being filled)."""

from __future__ import annotations

import pytest

from cutsheet.text import TemplateProblem, evaluate, render
from cutsheet.text.limits import MAX_OUTPUT

VALUES = ["Seed Tent", "  padded  ", "A & B <b>", "l'été « x »", "x" * 10, ""]


@pytest.mark.parametrize("value", VALUES)
def test_a_plain_field_prints_what_jinja_prints(value):
    # the same field followed by an empty string makes Jinja run the template itself
    assert render("{{ name }}", {"name": value}) == render("{{ name }}{{ '' }}", {"name": value})
    assert render(" {{name}}\n", {"name": value}) == render("{{ name ~ '' }}", {"name": value})


def test_a_plain_template_keeps_jinjas_meaning_of_special_names_and_errors():
    assert render("{{ true }}", {"true": "field"}) == "True"
    with pytest.raises(TemplateProblem, match="unknown name"):
        render("{{ missing }}", {"name": "x"})
    assert render("{{ n }}", {"n": 7}) == "7"  # not text: Jinja prints it
    with pytest.raises(TemplateProblem, match="more than"):
        render("{{ name }}", {"name": "&" * (MAX_OUTPUT // 2)})  # escaped, it is too long


def test_a_template_and_an_expression_run_once_per_context():
    calls = []

    def counted(x):
        calls.append(x)
        return x

    ctx = {"f": counted, "v": "a"}
    assert [render("{{ f(v) }}", ctx) for _ in range(3)] == ["a"] * 3
    assert [evaluate("f(v) == 'a'", ctx) for _ in range(3)] == [True] * 3
    assert len(calls) == 2
    other = dict(ctx)  # an equal but other context (the next item) runs them again
    assert render("{{ f(v) }}", other) == "a" and evaluate("f(v) == 'a'", other)
    assert len(calls) == 4


def test_a_template_reading_only_shared_values_runs_once_for_every_card():
    from cutsheet.text.rendering import shared

    calls = []

    def counted(x):
        calls.append(x)
        return x

    game = shared({"title": "Common Reserve", "f": counted})
    for n in range(3):  # three items' contexts, one game object (``plan.context``)
        assert render("{{ game.f(game.title) }}", {"game": game, "id": f"CR-{n}"}) == (
            "Common Reserve"
        )
    assert len(calls) == 1
    for _ in range(2):  # an equal mapping that is not the shared object runs again
        assert render("{{ game.f(game.title) }}", {"game": dict(game)}) == "Common Reserve"
    assert len(calls) == 3
