"""A flowing document's paragraph drawn again in the next file (the rules on A4, then on
Letter, then on each booklet's half pages) is copied from its first drawing when that file
codes its characters alike, never changed: each file is the same bytes as one whose
paragraphs were all drawn afresh, and its structure tree the same."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pytest

from cutsheet import jobs
from cutsheet.build import Project
from cutsheet.flow import paragraphs
from cutsheet.render import documents, replay
from cutsheet.render.parts import draw_part, part_inputs


def _rules_files(repo: Project, game: str, profile: str, copy: bool) -> tuple[list[bytes], int]:
    """The game's rules and booklets on A4 and Letter, drawn in build order, and how many
    paragraphs were drawn afresh."""
    root = str(repo.root)
    printed, problems = jobs.prints(root, game, profile, ("a4", "letter"), jobs.Options())
    assert printed and not any(p.severity == "error" for p in problems)
    drawn = [0]

    def counted(c: Any, para: Any, draw: Callable[[], None]) -> None:
        def fresh() -> None:
            drawn[0] += 1
            draw()

        if copy:
            replay.draw_lines(c, para, fresh)
        else:
            fresh()

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(documents, "draw_lines", counted)
        mp.setattr(paragraphs, "_kept", OrderedDict())  # no lines kept from another test
        files = [
            draw_part(inp)[0]
            for plan in printed
            for inp in part_inputs(plan)
            if inp.name in ("rules", "rules-booklet")
        ]
    return files, drawn[0]


@pytest.mark.parametrize("game", ["festivibes", "bidding-alpha"])
@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_copied_paragraphs_write_the_bytes_a_fresh_drawing_writes(repo, game, profile):
    copied, fresh_with_copies = _rules_files(repo, game, profile, copy=True)
    afresh, fresh = _rules_files(repo, game, profile, copy=False)
    assert len(copied) == 4
    assert copied == afresh
    assert fresh_with_copies < fresh * 0.75  # most of the later files' paragraphs copied


def test_a_part_of_a_split_paragraph_is_drawn_afresh(repo):
    """Only a paragraph drawn from its markup's shared lines is kept or copied: a part of one
    that a page break split has lines of its own."""
    from cutsheet.flow.story import StoryBuilder

    planned, _problems = jobs.plan(str(repo.root), "festivibes", "standard")
    assert planned is not None
    builder = StoryBuilder.for_profile(planned.profile)
    style = builder.styles.body
    para = builder.para("one two three four five six seven eight nine ten " * 6, style)
    para.wrap(200.0, 1000.0)
    assert replay._shared_lines(para) is para.shared
    first, second = para.split(200.0, 30.0)
    assert replay._shared_lines(first) is None and replay._shared_lines(second) is None
