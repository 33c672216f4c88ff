"""Two text boxes whose text, as set for an item, lies over the other's print on top of each
other: a warning at the later box (``plan.checks.text_overlaps``), said by check and build."""

from __future__ import annotations

import json

import pdfplumber

from cutsheet.cli import main

from .test_large_print_look import problems_said

REL = "layouts/common-reserve.yaml"


def _said(ws, game: str) -> list[str]:
    """Every warning and error ``check`` says of ``game`` in the standard profile."""
    return problems_said(ws, game, "standard")


def test_text_set_over_another_boxs_text_is_a_warning_at_the_later_box(ws):
    assert _said(ws, "common-reserve") == []
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 10"))
    line = ws.line_of(REL, "      kicker: {x: 5, y: 10")
    assert _said(ws, "common-reserve") == [  # the later box in reading order: the kicker
        f"{REL}:{line}:7: warning: CR-SEED-TENT (and 11 more), box 'kicker': its text is set"
        " over the text of box 'title' (9.7 × 2.6 mm, standard profile), and the two print on"
        " top of each other; move or shrink one"
    ]


def test_an_overlap_of_a_different_size_on_each_card_is_said_once_with_the_largest(ws):
    """The kicker printing each card's name over its title overlaps by as much as the name
    is wide: one warning, not eleven that differ only in their size."""
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    moved = kicker.replace("y: 4.5", "y: 10").replace('"DELIVERY"', '"{{ name }}"')
    ws.edit(REL, kicker, moved)
    line = ws.line_of(REL, "      kicker: {x: 5, y: 10")
    assert _said(ws, "common-reserve") == [
        f"{REL}:{line}:7: warning: CR-SEED-TENT (and 11 more), box 'kicker': its text is set"
        " over the text of box 'title' (up to 17.9 × 2.6 mm, standard profile), and the two"
        " print on top of each other; move or shrink one"
    ]


def test_boxes_side_by_side_or_touching_say_nothing(ws):
    """A box's lines are as tall as their leading and as wide as its widest line, where its
    alignment sets it: text that meets another box's by less than 1 mm, or a label set left
    and a number set right in two boxes as wide as the card, on one row, say nothing."""
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 5.5"))
    assert _said(ws, "common-reserve") == []
    ws.edit(
        REL,
        "  kicker: {font: bold,",
        "  right: {size: 8, leading: 10, align: right}\n  kicker: {font: bold,",
    )
    label = "      demand-label: {x: 6, y: 21, w: 51, h: 4, style: small,"
    ws.edit(
        REL, label, '      count: {x: 6, y: 21, w: 51, h: 4, style: right, text: "3"}\n' + label
    )
    assert _said(ws, "common-reserve") == []


def test_a_warning_never_stops_a_build_from_drawing(ws, capsys):
    """A plan's warnings are said and the job is drawn (a plan with a warning once drew
    nothing: "0 files", exit 0)."""
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 10"))
    out = ws.root / "out"
    argv = ["--root", str(ws.root), "build", "common-reserve", "--profile", "standard"]
    assert main([*argv, "--paper", "a4", "--jobs", "1", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "warning: CR-SEED-TENT (and 11 more), box 'kicker'" in err, err
    kit = out / "common-reserve" / "standard-a4"
    with pdfplumber.open(kit / "cards.pdf") as pdf:
        assert len(pdf.pages) > 1 and "Demand" in pdf.pages[0].extract_text()
    licence = "font-licences/OFL-AtkinsonHyperlegible.txt"
    assert (kit / licence).is_file()  # the kit is whole: its fonts' licence too
    listed = json.loads((out / "manifest.json").read_text())["outputs"]
    assert f"common-reserve/standard-a4/{licence}" in {e["path"] for e in listed}


def test_a_build_that_keeps_its_files_says_their_warnings_again(ws, capsys):
    """A warning does not go quiet because the files were kept: the cached build says what the
    job that drew them said, with the same place; once the layout is mended, nothing."""
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 10"))
    out = ws.root / "out"
    argv = ["--root", str(ws.root), "build", "common-reserve", "--profile", "standard"]
    argv += ["--jobs", "1", "--out", str(out)]
    said = []
    for _ in range(2):
        assert main(argv) == 0
        said.append(capsys.readouterr().err.splitlines())
    drawn, kept = said
    assert "cutsheet: common-reserve standard-a4: unchanged" in kept
    warned = [line for line in drawn if ": warning: " in line]
    assert len(warned) == 1 and "box 'kicker'" in warned[0]
    assert [line for line in kept if ": warning: " in line] == warned
    ws.edit(REL, kicker.replace("y: 4.5", "y: 10"), kicker)
    assert main(argv) == 0
    assert ": warning: " not in capsys.readouterr().err


def test_an_export_that_keeps_its_files_says_their_warnings_again(ws, capsys):
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 10"))
    argv = ["--root", str(ws.root), "export", "common-reserve", "--profile", "standard"]
    argv += ["--to", "contact", "--out", str(ws.root / "out")]
    said = []
    for _ in range(2):
        assert main(argv) == 0
        said.append([line for line in capsys.readouterr().err.splitlines() if "warning" in line])
    assert len(said[0]) == 1 and "box 'kicker'" in said[0][0]
    assert said[1] == said[0]


def test_preview_of_one_item_says_its_plans_warnings(ws, capsys):
    kicker = '      kicker: {x: 5, y: 4.5, w: 53, h: 4, style: small-center, text: "DELIVERY"}'
    ws.edit(REL, kicker, kicker.replace("y: 4.5", "y: 10"))
    argv = ["--root", str(ws.root), "preview", "common-reserve", "--item", "CR-SEED-TENT"]
    assert main([*argv, "--out", str(ws.root / "png")]) == 0
    err = capsys.readouterr().err
    assert "warning: CR-SEED-TENT (and 11 more), box 'kicker'" in err, err
    assert list((ws.root / "png").glob("*.png"))


def test_text_too_long_for_its_box_is_an_error_and_not_also_an_overlap(tmp_path, capsys):
    """A rule that runs out of its box prints over the box below it: that is the error's
    doing, said once as the error (it was also an overlap warning at the box below)."""
    assert main(["--root", str(tmp_path), "new", "star-deck"]) == 0
    cards = tmp_path / "content" / "star-deck" / "cards.yaml"
    long_rule = " ".join(["Draw two cards and keep the one you like best, then pass."] * 7)
    text = cards.read_text().replace("rule: Play another card at once.", f"rule: {long_rule}")
    cards.write_text(text)
    capsys.readouterr()
    assert main(["--root", str(tmp_path), "check", "--profile", "standard"]) == 1
    said = capsys.readouterr().err
    assert "box 'rule': text does not fit" in said, said
    assert "warning" not in said, said


def test_a_content_file_no_build_reads_is_a_warning_until_it_goes(ws, capsys):
    """A YAML or CSV file in a game's folder that no component names (a list left over from
    the scaffold, a copy saved beside the one used) is a warning at the file: an edit there
    changes nothing. Said by check and by every build, kept or not, until it is taken out or
    named (adding or removing one changes the game's cache key)."""
    stray = ws.root / "content" / "common-reserve" / "old" / "deliveries-v1.csv"
    stray.parent.mkdir()
    stray.write_text("id,name\nCR-X,Old\n")
    warning = (
        "content/common-reserve/old/deliveries-v1.csv:1:1: warning: this file is not read:"
        " no component's 'source' names it"
    )
    assert any(p.startswith(warning) for p in _said(ws, "common-reserve"))
    out = ws.root / "out"
    argv = ["--root", str(ws.root), "build", "common-reserve", "--profile", "standard"]
    argv += ["--paper", "a4", "--jobs", "1", "--out", str(out)]
    for _ in range(2):  # drawn, then kept
        assert main(argv) == 0
        said = capsys.readouterr().err.splitlines()
        assert any(warning in line for line in said), said  # (the path as run from here)
    assert "cutsheet: common-reserve standard-a4: unchanged" in said
    stray.unlink()
    assert main(argv) == 0
    said = capsys.readouterr().err
    assert "warning" not in said and "unchanged" not in said, said
    # an editor's lock and backup files, and hidden ones, are no content of the game
    for name in (".#deliveries.yaml", "deliveries.yaml~", ".notes.yaml", "#d.csv#"):
        (stray.parent / name).write_text("x")
    assert not [p for p in _said(ws, "common-reserve") if "not read" in p]


def test_a_file_another_games_source_names_is_not_called_unread(ws):
    shared = ws.root / "content" / "common-reserve" / "shared-notes.yaml"
    shared.write_text("items: []\n")
    assert any("shared-notes.yaml:1:1: warning" in p for p in _said(ws, "common-reserve"))
    other = ws.root / "content" / "festivibes" / "game.yaml"
    other.write_text(other.read_text() + "# see ../common-reserve/shared-notes.yaml\n")
    assert not [p for p in _said(ws, "common-reserve") if "not read" in p]


def test_an_error_from_an_empty_fields_fallback_points_at_the_item_not_the_empty_cell(ws):
    """``{{ name if oneoff else name }}``-like fallbacks: a box whose first named field is
    an empty CSV cell took its text from elsewhere, so its error is at the item's row (the
    empty cell, placed since empty cells are, would blame a cell that holds nothing)."""
    csv = "content/bidding-alpha/cards.csv"
    line = ws.edit(csv, "BA-001,1,start,Spare Change,R,GG,", "BA-001,1,start,Spare Change ☉,R,GG,")
    layout = "layouts/bidding-alpha.yaml"
    text = (ws.root / layout).read_text()
    assert "{{ name }}" in text
    ws.edit(layout, "{{ name }}", "{{ effect or name }}")
    said = [str(p) for p in ws.check("bidding-alpha") if "☉" in p.message]
    assert said and all(f"{csv}:{line}:1:" in s for s in said), said


def test_looking_for_a_shared_file_never_waits_on_a_fifo_nor_reads_outside(ws, tmp_path):
    """Whether another game names a stray file is read from the other games' game.yaml, as
    regular files inside content/ only: a FIFO there is never waited on, a link out of the
    project never followed."""
    import os

    (ws.root / "content" / "common-reserve" / "stray.yaml").write_text("x: 1\n")
    (ws.root / "content" / "zz").mkdir()
    os.mkfifo(ws.root / "content" / "zz" / "game.yaml")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "game.yaml").write_text("# stray.yaml\n")
    (ws.root / "content" / "yy").symlink_to(outside)
    from cutsheet.checks import named_by_another_game

    assert not named_by_another_game(ws.root / "content" / "common-reserve", "stray.yaml")


def test_a_file_added_while_a_build_runs_is_warned_of_by_the_next(ws, capsys, monkeypatch):
    """The kits' keys name the game's files as they were when the build started, before its
    check looked: a file added once the game was loaded (and so not warned of) makes the
    next build's key differ, and that build says the warning. (The key was worked out at
    commit: it named the new file, and the next build kept the kit, silent about it.)"""
    from cutsheet import jobs

    stray = ws.root / "content" / "common-reserve" / "deliveries-old.yaml"
    loaded = jobs.load

    def load_then_add(root: str, game_id: str):  # a file saved just after the game loaded
        found = loaded(root, game_id)
        stray.write_text("items: []\n")
        return found

    monkeypatch.setattr(jobs, "load", load_then_add)
    out = ws.root / "out"
    argv = ["--root", str(ws.root), "build", "common-reserve", "--profile", "standard"]
    argv += ["--paper", "a4", "--jobs", "1", "--out", str(out)]
    assert main(argv) == 0
    assert "not read" not in capsys.readouterr().err
    monkeypatch.setattr(jobs, "load", loaded)
    assert main(argv) == 0
    said = capsys.readouterr().err
    assert "deliveries-old.yaml:1:1: warning: this file is not read" in said, said
    assert "unchanged" not in said


def test_a_file_name_in_another_games_comment_does_not_share_the_file(ws):
    """Festi'vibes' game.yaml says "rules.yaml" in a comment: a game folder left without its
    game.yaml then listed one file fewer as unbuilt, as if Festi'vibes read Festival
    Charter's rules. Another game shares a file by naming its folder and path."""
    from cutsheet.checks import named_by_another_game

    fc = ws.root / "content" / "festival-charter"
    assert "rules.yaml" in (ws.root / "content" / "festivibes" / "game.yaml").read_text()
    assert not named_by_another_game(fc, "rules.yaml")
    game = ws.root / "content" / "festivibes" / "game.yaml"
    game.write_text(game.read_text() + "# also reads ../festival-charter/rules.yaml\n")
    assert named_by_another_game(fc, "rules.yaml")


def test_an_icon_over_part_of_a_boxs_text_is_a_warning_at_the_icon(ws):
    """A designer's review found an icon drawn over a text box's words said nothing: the
    water drop moved onto the word WATER now warns at the icon, with the size of the overlap."""
    icon = (
        '      water-icon: {kind: icon, icon: drop, x: 7.5, y: 27.5, w: 6, h: 6, fill: "#FFFFFF"}'
    )
    ws.edit(REL, icon, icon.replace("x: 7.5", "x: 17.5"))
    line = ws.line_of(REL, "      water-icon: {kind: icon, icon: drop, x: 17.5")
    said = _said(ws, "common-reserve")
    assert said == [
        f"{REL}:{line}:7: warning: CR-SEED-TENT (and 11 more), box 'water-icon': its icon lies"
        " over the text of box 'water' (6.0 × 3.8 mm, standard profile), and the two print over"
        " each other; move or shrink one"
    ], said


def test_a_value_set_on_its_badge_or_an_icon_beside_the_words_says_nothing(ws):
    """Text set wholly on a badge (a value on its circle or diamond: Festi'vibes' events) is the
    design; an icon inside a wide box, beside where its words are set, is no overlap."""
    assert problems_said(ws, "festivibes", "standard") == []
    assert problems_said(ws, "festivibes", "large-print") == []
    icon = (
        '      water-icon: {kind: icon, icon: drop, x: 7.5, y: 27.5, w: 6, h: 6, fill: "#FFFFFF"}'
    )
    ws.edit(REL, icon, icon.replace("x: 7.5", "x: 36"))  # in the word's box, right of "WATER"
    assert _said(ws, "common-reserve") == []


WATER_N = '      water-n: {x: 44, y: 25.5, w: 13, h: 9, style: number, text: "{{ demand.WATER }}"}'


def _with_box(ws, line: str) -> None:
    """A box added to the delivery face, after its water number."""
    ws.edit(REL, WATER_N, f"{WATER_N}\n{line}")


def test_what_is_compared_is_what_prints(ws):
    """A review's misfires, each said as it prints: a wide icon box whose drop is drawn in
    the gap beside the words says nothing (a packaged icon is a square as big as the box's
    shorter side, centred); nor does an icon beside a short line of a paragraph, clear of
    the longer line under it."""
    icon = (
        '      water-icon: {kind: icon, icon: drop, x: 7.5, y: 27.5, w: 6, h: 6, fill: "#FFFFFF"}'
    )
    ws.edit(REL, icon, icon.replace("x: 7.5, y: 27.5, w: 6", "x: 17, y: 27.5, w: 46"))
    said = _said(ws, "common-reserve")
    assert not [s for s in said if "water-icon" in s], said
    ws.edit(REL, icon.replace("x: 7.5, y: 27.5, w: 6", "x: 17, y: 27.5, w: 46"), icon)
    reminder = (
        "Exchanges may still bring it in. Three actions, then send the smaller of stock and"
        " demand of each type. Nothing missing: 2 points; one unit: 1; more: 0."
    )
    ws.edit(REL, reminder, "Go.<br/>Then send the smaller of stock and demand of each type.")
    _with_box(ws, "      tag: {kind: icon, icon: star, x: 13, y: 71.5, w: 3, h: 3}")
    assert _said(ws, "common-reserve") == []  # beside "Go.", above the longer line
    moved = (
        "tag: {kind: icon, icon: star, x: 13, y: 71.5,",
        "tag: {kind: icon, icon: star, x: 13, y: 75,",
    )
    ws.edit(REL, *moved)
    said = _said(ws, "common-reserve")  # moved onto the longer line: said
    assert [s for s in said if "'tag': its icon lies over the text of box 'reminder'" in s], said


def test_text_on_an_icon_that_is_no_badge_or_past_a_badges_edge_is_said(ws):
    """Text set wholly inside a drop's box still prints over the drop (only a badge's shape,
    a circle, diamond or square, holds a value as the design); and a value set past the edge
    of the circle it stands on prints over the circle's rim."""
    _with_box(ws, "      big-drop: {kind: icon, icon: drop, x: 15, y: 22, w: 30, h: 30}")
    said = _said(ws, "common-reserve")
    assert [s for s in said if "'big-drop': its icon lies over the text of box 'water'" in s], said
    ws.edit(REL, "      big-drop: {kind: icon, icon: drop, x: 15, y: 22, w: 30, h: 30}", "")
    _with_box(
        ws, '      badge: {kind: icon, icon: circle, x: 44, y: 24.5, w: 13, h: 11, fill: "#E6E6E6"}'
    )
    said = _said(ws, "common-reserve")
    assert [s for s in said if "'badge': its icon lies over the text of box 'water-n'" in s], said


def test_text_laid_on_part_of_a_picture_is_left_to_the_contrast_check(ws):
    """A picture (an ``image`` box) under part of a title is art the title is laid on: the
    overlap check says nothing of it (the large-print contrast check judges whether the
    title reads on it), where an icon in the same place is said."""
    from PIL import Image

    Image.new("RGB", (20, 100), (240, 240, 240)).save(
        ws.root / "content" / "common-reserve" / "strip.png"
    )
    _with_box(ws, '      strip: {kind: image, src: "strip.png", x: 20, y: 8, w: 20, h: 14}')
    said = _said(ws, "common-reserve")
    assert not [s for s in said if "'strip'" in s], said
    ws.edit(REL, '      strip: {kind: image, src: "strip.png", x: 20, y: 8, w: 20, h: 14}', "")
    _with_box(ws, "      star: {kind: icon, icon: star, x: 27, y: 12, w: 6, h: 6}")
    said = _said(ws, "common-reserve")
    assert [s for s in said if "'star': its icon lies over the text of box 'title'" in s], said


def test_blank_ends_of_a_line_a_project_icons_shape_and_a_square_badge(ws):
    """A second review's cases: a star in an indent of ten no-break spaces, or over the
    no-break spaces after a line's words, says nothing; a project's tall, thin SVG icon in a
    wide box is drawn as thin as it is, clear of the word beside it; a value set past the
    square it stands on (drawn 0.8 of its box) is said."""
    reminder = (
        "Exchanges may still bring it in. Three actions, then send the smaller of stock and"
        " demand of each type. Nothing missing: 2 points; one unit: 1; more: 0."
    )
    indent = "&nbsp;" * 10
    ws.edit(REL, reminder, f"{indent}Go.{indent}<br/>Then send the smaller of stock and demand.")
    _with_box(ws, "      tag: {kind: icon, icon: star, x: 5.5, y: 71.2, w: 3, h: 3}")
    _with_box(ws, "      tag2: {kind: icon, icon: star, x: 20, y: 71.2, w: 3, h: 3}")
    said = _said(ws, "common-reserve")
    assert not [s for s in said if "'tag" in s], said
    ws.edit(REL, "tag: {kind: icon, icon: star, x: 5.5,", "tag: {kind: icon, icon: star, x: 10.5,")
    said = _said(ws, "common-reserve")  # moved onto "Go.": said
    assert [s for s in said if "'tag': its icon lies over the text of box 'reminder'" in s], said
    ws.edit(REL, "tag: {kind: icon, icon: star, x: 10.5,", "tag: {kind: icon, icon: star, x: 5.5,")
    (ws.root / "icons").mkdir(exist_ok=True)
    (ws.root / "icons" / "bar.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="100" viewBox="0 0 10 100">'
        '<rect width="10" height="100" fill="#000000"/></svg>'
    )
    _with_box(ws, "      bar: {kind: icon, icon: bar, x: 17, y: 27.5, w: 30, h: 6}")
    said = _said(ws, "common-reserve")
    assert not [s for s in said if "'bar'" in s], said  # 0.6 mm wide, at x 31.7
    _with_box(ws, "      sq: {kind: icon, icon: square, x: 44, y: 24.5, w: 13, h: 11}")
    said = _said(ws, "common-reserve")
    assert [s for s in said if "'sq': its icon lies over the text of box 'water-n'" in s], said


def test_a_png_icons_transparent_margins_are_no_ink(ws):
    """A project's PNG icon opaque only in its top left fifth: placed with its clear part
    over the word WATER it says nothing; moved so its opaque corner is on the word, it is
    said (a probe found the file's size counted, not its pixels)."""
    from PIL import Image

    image = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    image.paste((200, 30, 30, 255), (0, 0, 40, 40))
    (ws.root / "icons").mkdir(exist_ok=True)
    image.save(ws.root / "icons" / "halo.png")
    _with_box(ws, "      halo: {kind: icon, icon: halo, x: 10, y: 24, w: 12, h: 12}")
    said = _said(ws, "common-reserve")  # its opaque corner at x 10-12.4, left of WATER
    assert not [s for s in said if "'halo'" in s], said
    ws.edit(
        REL,
        "halo: {kind: icon, icon: halo, x: 10, y: 24,",
        "halo: {kind: icon, icon: halo, x: 17, y: 28,",
    )
    said = _said(ws, "common-reserve")  # the corner on the W: said
    assert [s for s in said if "'halo': its icon lies over the text of box 'water'" in s], said


def test_an_svg_icons_empty_margins_are_no_ink(ws):
    """The PNG case for a project's SVG: a square drawing whose only painted shape fills its
    top left fifth (beside an unpainted square as big as the drawing, as icon sets give
    every icon) says nothing with its empty part over WATER; moved so the shape is on the
    word, it is said (the drawing's whole size was counted, then every shape's)."""
    (ws.root / "icons").mkdir(exist_ok=True)
    (ws.root / "icons" / "halo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">'
        '<rect width="200" height="200" fill="none"/>'  # an icon set's sizing square: unseen
        '<rect x="0" y="0" width="40" height="40" fill="#c81e1e"/></svg>'
    )
    _with_box(ws, "      halo: {kind: icon, icon: halo, x: 10, y: 24, w: 12, h: 12}")
    said = _said(ws, "common-reserve")
    assert not [s for s in said if "'halo'" in s], said
    ws.edit(
        REL,
        "halo: {kind: icon, icon: halo, x: 10, y: 24,",
        "halo: {kind: icon, icon: halo, x: 17, y: 28,",
    )
    said = _said(ws, "common-reserve")
    assert [s for s in said if "'halo': its icon lies over the text of box 'water'" in s], said


def test_a_wrong_icon_or_picture_in_a_box_is_said_at_its_value(ws):
    """A probe: a misspelt icon name or image file in a box written over several lines was
    said at the box's key, lines above the mistake, where a bad fill is said at its value."""
    rel = "layouts/bidding-alpha.yaml"
    ws.edit(
        rel,
        "      icon: {kind: icon, icon: cycle-ccw, x: 18, y: 21, w: 27, h: 27}",
        "      icon:\n        kind: icon\n        x: 18\n        y: 21\n        w: 27\n        h: 27\n"
        "        icon: cycle-cw\n"
        "      pic:\n        kind: image\n        x: 1\n        y: 1\n        w: 5\n        h: 5\n"
        "        src: atr.png",
    )
    lines = (ws.root / rel).read_text().splitlines()
    icon_at = next(i for i, line in enumerate(lines, 1) if line == "        icon: cycle-cw")
    src_at = next(i for i, line in enumerate(lines, 1) if line == "        src: atr.png")
    said = problems_said(ws, "bidding-alpha", "standard")
    assert [s for s in said if s.startswith(f"{rel}:{icon_at}:15: error:")], said
    assert [s for s in said if s.startswith(f"{rel}:{src_at}:14: error:")], said


def test_an_icon_an_items_field_names_wrongly_is_said_at_that_field(ws):
    """A review: an icon name that comes from the item's field ('{{ icon }}') was said at
    the layout's box, not at the field's line in the content file."""
    rel = "content/common-reserve/actions.yaml"
    ws.edit(rel, "    icon: arrows-both\n", "    icon: arows-both\n")
    line = next(
        i for i, x in enumerate((ws.root / rel).read_text().splitlines(), 1) if "arows" in x
    )
    said = _said(ws, "common-reserve")
    assert [s for s in said if s.startswith(f"{rel}:{line}:11: error:") and "arows" in s], said
