"""Text printed outside the text boxes passes the glyph check every text box passes: the page
label (the game's title, where the profile's margin text is small enough to hold it) and the
profile's margin note, both set in the regular face. A character the font lacks would print
as an empty box on every page."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .diagnostics import ContentError, Loc, Problem, char_name
from .measure import FACES, missing_glyphs, register, shown_font

if TYPE_CHECKING:
    from .model import Game
    from .profiles import Profile


def printed_text_problems(root: Path, game: Game, profile: Profile) -> list[Problem]:
    """A problem for each margin text of ``game`` under ``profile`` that the regular face
    cannot draw, at the line that wrote it."""
    register()
    font = FACES["regular"][0]
    texts = [
        (  # large print's labels carry it too, where the margin has room
            game.spec.title,
            game.game_src.loc(("title",)),
            "the title (printed in every page label)",
        ),
        (profile.scale_note, _note_loc(root, profile.name), "scale_note (printed on every page)"),
    ]
    problems = []
    for text, loc, what in texts:
        lost = missing_glyphs(text, font)
        if lost:
            shown = ", ".join(char_name(ch) for ch in lost)
            problems.append(Problem(loc, f"{what}: font {shown_font(font)} has no {shown}"))
    return problems


def _note_loc(root: Path, name: str) -> Loc:
    """Where a profile's ``scale_note`` is written (its file, when the line cannot be read)."""
    from .diagnostics import display_path
    from .profiles import profile_path
    from .source import load_yaml

    path = profile_path(Path(root) / "layouts", name)
    if path is None:
        return Loc(name)
    try:
        return load_yaml(path, Path.cwd()).loc(("scale_note",))
    except ContentError:
        return Loc(display_path(path))
