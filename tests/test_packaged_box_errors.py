"""A new game uses cutsheet's own card back (``base.yaml``, in the installed package): a title
too long for its box is the designer's to mend, but not in a file they cannot edit. The error
points at the title in game.yaml and names the packaged box."""

from __future__ import annotations

import os
import re

from cutsheet.build import Project, check_game
from cutsheet.diagnostics import Problem
from cutsheet.scaffold import new_game

LONG = "A Very Long Title For A Game That Keeps Going Beyond Its Box"


def test_a_title_too_long_for_the_packaged_back_is_reported_at_the_title(tmp_path):
    new_game(tmp_path, "my-game")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines[at] = f"title: {LONG}\n"
    game.write_text("".join(lines), encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        errors = check_game(Project(tmp_path), "my-game").errors
    finally:
        os.chdir(cwd)
    assert errors, "the long title should not fit the packaged back's title box"
    for p in errors:
        assert (p.loc.path, p.loc.line, p.loc.col) == ("content/my-game/game.yaml", at + 1, 8), p
        assert "text does not fit" in p.message and "cutsheet's own box, base.yaml:" in p.message


def test_a_box_the_error_names_is_left_out_as_it_says(tmp_path):
    """A small token that extends cutsheet's card face inherits its id box, which cannot fit
    it: the error says that 'id: ~' among the face's boxes leaves it out, and so it does."""
    import pdfplumber

    from cutsheet.cli import main

    new_game(tmp_path, "my-game")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8")
        + "  - id: chits\n    name: Chits\n    part: cards\n    size: [25, 25]\n    count: 1\n"
        "    face: chit\n    fields:\n      name: {type: text}\n    items:\n"
        "      - {id: MG-CHIT, name: Fog}\n",
        encoding="utf-8",
    )
    layout = tmp_path / "layouts" / "my-game.yaml"
    chit = (
        "  chit:\n    extends: card\n    size: [25, 25]\n    boxes:\n"
        '      label: {x: 3, y: 3, w: 19, h: 8, style: body, text: "{{ name }}"}\n'
    )
    layout.write_text(layout.read_text(encoding="utf-8") + chit, encoding="utf-8")
    errors = check_game(Project(tmp_path), "my-game").errors
    assert errors and all("('id: ~' leaves it out)" in p.message for p in errors), errors

    layout.write_text(layout.read_text(encoding="utf-8") + "      id: ~\n", encoding="utf-8")
    assert not check_game(Project(tmp_path), "my-game").errors
    out = tmp_path / "out"
    args = ["--root", str(tmp_path), "build", "--profile", "standard", "--paper", "a4"]
    assert main([*args, "--out", str(out)]) == 0
    with pdfplumber.open(out / "my-game" / "standard-a4" / "cards.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "Fog" in text and "MG-CHIT" not in text


def test_a_profiles_least_size_over_packaged_boxes_is_said_once_where_the_face_is_chosen(
    tmp_path, monkeypatch, capsys
):
    """A probe: a profile of the project's own whose least text size is over the id box's
    (5.5 pt) said so at every card, the same words each time, though no card's text is at
    fault. Said once at the face that extends the card, and, for the packaged back's box,
    once at the component's back:; check and build alike."""
    from cutsheet.cli import main
    from cutsheet.profiles import PACKAGED

    new_game(tmp_path, "my-game")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "layouts" / "profiles").mkdir()
    poster = (PACKAGED / "standard.yaml").read_text(encoding="utf-8")
    for key, value in (("name", "poster"), ("min_text_size", "9"), ("small_size", "9")):
        poster, n = re.subn(rf"(?m)^{key}: .*$", f"{key}: {value}", poster)
        assert n == 1, key
    (tmp_path / "layouts" / "profiles" / "poster.yaml").write_text(poster, encoding="utf-8")
    layout = (tmp_path / "layouts" / "my-game.yaml").read_text(encoding="utf-8").splitlines()
    face = layout.index("  card-front:") + 1
    game = (tmp_path / "content" / "my-game" / "game.yaml").read_text(encoding="utf-8")
    back = game.splitlines().index(
        "    back: card-back  # the shared back from the packaged base.yaml"
    )
    least = "under the poster profile's least, 9 pt (cutsheet's own box, base.yaml:"
    mend = "in a style at the profile's least size)"
    expected = [
        f"content/my-game/game.yaml:{back + 1}:11: error: style 'body-center' is 8 pt, {least}56:"
        " name in back: a face of your own that extends 'card-back', and give it a box 'kind'"
        f" of its own, {mend}",
        f"layouts/my-game.yaml:{face}:3: error: style 'id' is 5.5 pt, {least}47: give the face a"
        f" box 'id' of its own, {mend}",
    ]
    for command in ("check", "build"):
        assert main([command, "--profile", "poster", "--paper", "a4"]) == 1
        said = [line for line in capsys.readouterr().err.splitlines() if "cutsheet's own" in line]
        assert said == expected, command


def test_a_packaged_boxs_contrast_is_said_where_its_text_comes_from_or_at_the_face(tmp_path):
    """A review: the title of cutsheet's card back, run past its white panel onto the blue by
    a long title, was moved to the component's back:, though shortening the title mends it;
    a contrast of a box that prints a fact stays at the fact. One that prints an item's own
    value (the id on a dark border of the designer's face) is said at the face, once."""
    from cutsheet import jobs
    from cutsheet.plan.packaged_boxes import placed_in_content

    new_game(tmp_path, "my-game")
    game, layouts, _problems = jobs.load(str(tmp_path), "my-game")
    assert game is not None and layouts is not None
    comp = game.components[0]
    item = comp.items[0]
    said = "box 'title': text #000000 on #0072B2 has contrast 4.0:1"
    for face_name, box_name, where in (
        ("card-back", "title", ("content/my-game/game.yaml", "title:")),
        ("card-front", "id", ("layouts/my-game.yaml", "  card-front:")),
    ):
        face = layouts.faces[face_name]
        box = next(b for b in face.boxes if b.name == box_name)
        problem = Problem(box.loc, said, "warning", code="contrast")
        placed = placed_in_content(problem, face, game, comp, item)
        lines = (tmp_path / where[0]).read_text(encoding="utf-8").splitlines()
        line = next(i for i, text in enumerate(lines, 1) if text.startswith(where[1]))
        assert (placed.loc.path.endswith(where[0]), placed.loc.line) == (True, line), face_name
        assert f"cutsheet's own box, base.yaml:{box.loc.line}: give its style a colour" in (
            placed.message
        )
