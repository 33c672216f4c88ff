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
    """The game's sheets, rules and booklets on A4 and Letter, drawn in build order, and how
    many paragraphs were drawn afresh."""
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
            if inp.name in ("sheets", "rules", "rules-booklet")
        ]
    return files, drawn[0]


@pytest.mark.parametrize("game", ["festivibes", "bidding-alpha"])
@pytest.mark.parametrize("profile", ["standard", "large-print"])
def test_copied_paragraphs_write_the_bytes_a_fresh_drawing_writes(repo, game, profile):
    copied, fresh_with_copies = _rules_files(repo, game, profile, copy=True)
    afresh, fresh = _rules_files(repo, game, profile, copy=False)
    assert len(copied) == (6 if game == "bidding-alpha" else 4)  # (Festi'vibes: no sheets)
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


def _lines(repo: Project) -> Any:
    """A whole rules paragraph, wrapped: drawn from its markup's shared lines."""
    from cutsheet.flow.story import StoryBuilder

    planned, _problems = jobs.plan(str(repo.root), "festivibes", "standard")
    assert planned is not None
    builder = StoryBuilder.for_profile(planned.profile)
    para = builder.para("Each festival scores its column: add the values.", builder.styles.body)
    para.wrap(300.0, 1000.0)
    para.shared.drawn.clear()  # (what another test drew)
    return para


def _canvas() -> Any:
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cutsheet.measure import register

    register()
    return Canvas(io.BytesIO(), invariant=1, pageCompression=0)


def test_a_copy_writes_the_kept_operators_and_asks_for_their_pdf_version(repo):
    para = _lines(repo)
    para.shared.drawn[para.width] = (("% kept",), (), (1, 4))  # nothing to code: it agrees
    c = _canvas()
    before = c._doc._pdfVersion

    def drawn() -> None:
        raise AssertionError("drawn, not copied")

    replay.draw_lines(c, para, drawn)
    assert c._code[-1] == "% kept"
    assert c._doc._pdfVersion == max(before, (1, 4))


@pytest.mark.parametrize("leaves", ["nothing", "a form", "a tag"])
def test_a_drawing_that_leaves_more_than_operators_is_not_kept(repo, leaves):
    """A drawing that names a page resource (a cube tile's form) or records a tagged run is
    drawn afresh in every file: a copy would carry neither. One that leaves nothing but its
    operators is kept."""
    from cutsheet.render.tagging import Tagger, attach

    para = _lines(repo)
    c = _canvas()
    tagger = Tagger(True)
    attach(c, tagger)
    para.canv = c

    def draw() -> None:
        type(para).draw(para)  # the paragraph's own drawing: its characters coded here
        if leaves == "a form":
            c._code.append("/FormXob.tile Do")
        elif leaves == "a tag":
            tagger.mcids[c.getPageNumber()] = 7

    replay.draw_lines(c, para, draw)
    assert (para.width in para.shared.drawn) == (leaves == "nothing")
