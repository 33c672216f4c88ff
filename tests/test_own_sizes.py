"""A project's own card sizes: ``sizes:`` in a layout file, usable as a component's ``size:``,
resolved at plan time; an unknown name is a located error with a suggestion."""

from __future__ import annotations

import pdfplumber
from pypdf import PdfReader

from cutsheet.cli import main
from cutsheet.scaffold import new_game


def _project(tmp_path, size: str):
    new_game(tmp_path, "my-game")
    layout = tmp_path / "layouts" / "my-game.yaml"
    text = layout.read_text().replace("    extends: card\n", "    extends: card\n    scale: true\n")
    layout.write_text(text + "sizes:\n  domino: [70, 100]\n")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    game.write_text(game.read_text().replace("    size: poker  #", f"    size: {size}  #"))
    return game


def test_a_projects_own_size_prints_cards_of_that_size(tmp_path):
    _project(tmp_path, "domino")
    args = ["--root", str(tmp_path), "build", "--profile", "standard", "--paper", "a4"]
    assert main(args) == 0
    reader = PdfReader(tmp_path / "build" / "my-game" / "standard-a4" / "cards.pdf")
    text = reader.pages[0].extract_text()
    assert "MG-SUN" in text
    # the card size, read from the crop marks' positions
    with pdfplumber.open(tmp_path / "build" / "my-game" / "standard-a4" / "cards.pdf") as pdf:
        xs = sorted({round(line["x0"] * 25.4 / 72, 1) for line in pdf.pages[0].lines})
    gaps = {round(b - a, 1) for a, b in zip(xs, xs[1:], strict=False)}
    assert 70.0 in gaps and 63.0 not in gaps


def test_an_unknown_size_is_located_with_a_suggestion(tmp_path, capsys):
    game = _project(tmp_path, "dominoo")
    line = (
        game.read_text()
        .splitlines()
        .index(
            "    size: dominoo  # or bridge, mini, tarot,"
            " square, jumbo, ... or [width, height] in mm"
        )
    )
    assert main(["--root", str(tmp_path), "check"]) == 1
    err = capsys.readouterr().err
    assert f"game.yaml:{line + 1}:11: error: Cards: unknown card size 'dominoo'" in err
    assert "domino); did you mean 'domino'?" in err


# ------------------------------------------------------------------ a face drawn for one
BRAND = "#0B6E4F"


def _face_for(tmp_path, face_size: str, deck_size: str, scale: bool = False):
    """The scaffold's game with its front face drawn for ``face_size`` (with a band across
    the top to measure) on a deck of ``deck_size``, and the project's size 'domino'; the
    layout file."""
    new_game(tmp_path, "my-game")
    layout = tmp_path / "layouts" / "my-game.yaml"
    head = f"    extends: card\n    size: {face_size}\n" + ("    scale: true\n" if scale else "")
    band = f'      band: {{kind: rect, x: 0, y: 0, w: 70, h: 10, fill: "{BRAND}"}}\n'
    text = layout.read_text().replace("    extends: card\n", head)
    text = text.replace("      title:", band + "      title:")
    layout.write_text(text + "sizes:\n  domino: [70, 100]\n")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    game.write_text(game.read_text().replace("    size: poker  #", f"    size: {deck_size}  #"))
    return layout


def _build(tmp_path, profile: str = "standard") -> str:
    args = ["--root", str(tmp_path), "build", "--profile", profile, "--paper", "a4"]
    assert main(args) == 0
    return str(tmp_path / "build" / "my-game" / f"{profile}-a4" / "cards.pdf")


def _bands_mm(pdf_path: str) -> set[tuple[float, float]]:
    """Width and height (mm) of every band filled in the brand colour on page 1."""
    with pdfplumber.open(pdf_path) as pdf:
        rects = pdf.pages[0].rects
    mm = 25.4 / 72
    return {
        (round(r["width"] * mm, 1), round(r["height"] * mm, 1))
        for r in rects
        if r["fill"]
        and "#" + "".join(f"{round(float(c) * 255):02X}" for c in r["non_stroking_color"]) == BRAND
    }


def _cut_gaps(pdf_path: str) -> tuple[set[float], set[float]]:
    """The distances between neighbouring cut lines across and down page 1 (the crop marks)."""
    with pdfplumber.open(pdf_path) as pdf:
        lines = pdf.pages[0].lines
    mm = 25.4 / 72
    xs = sorted({round(ln["x0"] * mm, 1) for ln in lines if ln["x0"] == ln["x1"]})
    ys = sorted({round(ln["top"] * mm, 1) for ln in lines if ln["top"] == ln["bottom"]})
    return (
        {round(b - a, 1) for a, b in zip(xs, xs[1:], strict=False)},
        {round(b - a, 1) for a, b in zip(ys, ys[1:], strict=False)},
    )


def _errors(capsys, tmp_path) -> list[str]:
    """The error lines printed, paths relative to the project."""
    err = capsys.readouterr().err
    return [e.removeprefix(f"{tmp_path}/") for e in err.splitlines() if ": error: " in e]


def test_a_face_drawn_for_a_projects_size_prints_as_laid_out(tmp_path):
    from cutsheet.layouts import load_layouts

    layout = _face_for(tmp_path, "domino", "domino")
    assert load_layouts(layout.parent, layout.name).face("card-front").size == (70.0, 100.0)
    assert _bands_mm(_build(tmp_path)) == {(70.0, 10.0)}  # not scaled: drawn for this size


def test_a_face_drawn_for_a_projects_size_scales_to_another(tmp_path):
    _face_for(tmp_path, "domino", "tarot", scale=True)  # 70 × 100 onto 70 × 120
    assert _bands_mm(_build(tmp_path)) == {(70.0, 12.0)}  # stretched down by 120 / 100


def test_a_face_of_a_projects_size_on_another_size_names_both(tmp_path, capsys):
    _face_for(tmp_path, "domino", "poker")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    line = game.read_text().splitlines().index("    face: card-front  # in layouts/my-game.yaml")
    assert main(["--root", str(tmp_path), "check"]) == 1
    errors = _errors(capsys, tmp_path)
    assert errors == [
        f"content/my-game/game.yaml:{line + 1}:11: error: Cards: face 'card-front' is drawn for"
        " domino (70 × 100 mm), not this component's poker (63 × 88 mm); give the face"
        " 'size: poker' and boxes for it, or 'scale: true' to scale it"
    ]


def test_a_deck_of_a_projects_size_is_suggested_as_the_faces_size(tmp_path, capsys):
    _face_for(tmp_path, "poker", "domino")
    assert main(["--root", str(tmp_path), "check"]) == 1
    err = capsys.readouterr().err
    assert "is drawn for poker (63 × 88 mm), not this component's domino (70 × 100 mm);" in err
    assert "give the face 'size: domino'" in err


def test_an_unknown_face_size_is_located_with_a_suggestion(tmp_path, capsys):
    layout = _face_for(tmp_path, "dominoo", "domino")
    line = layout.read_text().splitlines().index("    size: dominoo") + 1
    assert main(["--root", str(tmp_path), "check"]) == 1
    errors = _errors(capsys, tmp_path)
    assert errors == [
        f"layouts/my-game.yaml:{line}:11: error: unknown card size 'dominoo' (known: poker,"
        " poker-63.5, bridge, bridge-small, mini, mini-euro, square, tarot, jumbo, jumbo-tall,"
        " domino); did you mean 'domino'?"
    ]


# ------------------------------------------------------------------ a profile's card_sizes
def _roomy(tmp_path, card_sizes: str) -> None:
    """The scaffold's game with a long rule on its first card, the project's size
    'roomy-card' (80 × 120 mm), and a profile 'roomy': large print trying ``card_sizes``."""
    import cutsheet.profiles

    new_game(tmp_path, "my-game")
    layout = tmp_path / "layouts" / "my-game.yaml"
    layout.write_text(layout.read_text() + "sizes:\n  roomy-card: [80, 120]\n")
    cards = tmp_path / "content" / "my-game" / "cards.yaml"
    long = "Play another card at once, then one more card, and then yet another card after it."
    cards.write_text(cards.read_text().replace("rule: Play another card at once.", f"rule: {long}"))
    packaged = (cutsheet.profiles.PACKAGED / "large-print.yaml").read_text()
    assert packaged.count("card_sizes: [jumbo]") == 1
    profile = packaged.replace("name: large-print", "name: roomy").replace(
        "card_sizes: [jumbo]", f"card_sizes: {card_sizes}"
    )
    (tmp_path / "layouts" / "profiles").mkdir()
    (tmp_path / "layouts" / "profiles" / "roomy.yaml").write_text(profile)


def test_a_profile_grows_cards_to_a_projects_own_size(tmp_path):
    _roomy(tmp_path, "[roomy-card]")
    across, down = _cut_gaps(_build(tmp_path, "roomy"))
    assert 80.0 in across and 120.0 in down  # the cards grew to roomy-card
    assert 89.0 not in across  # not to jumbo, which this profile does not list


def test_a_profiles_unknown_card_size_is_located_with_a_suggestion(tmp_path, capsys):
    _roomy(tmp_path, "[roomy-crad]")
    profile = tmp_path / "layouts" / "profiles" / "roomy.yaml"
    line = profile.read_text().splitlines().index("card_sizes: [roomy-crad]") + 1
    for command in ("check", "build"):
        assert main(["--root", str(tmp_path), command, "--profile", "roomy"]) == 1
        errors = _errors(capsys, tmp_path)
        assert errors == [
            f"layouts/profiles/roomy.yaml:{line}:14: error: unknown card size 'roomy-crad'"
            " (known: poker, poker-63.5, bridge, bridge-small, mini, mini-euro, square, tarot,"
            " jumbo, jumbo-tall, roomy-card); did you mean 'roomy-card'?"
        ]


def test_a_profiles_card_size_that_is_no_size_is_located(tmp_path, capsys):
    _roomy(tmp_path, "[roomy-card, [0, 5]]")
    assert main(["--root", str(tmp_path), "check", "--profile", "roomy"]) == 1
    errors = _errors(capsys, tmp_path)
    assert len(errors) == 1
    assert ":26: error: card_sizes: a size is [width, height] in mm" in errors[0]


def test_a_round_shape_stays_round_when_its_face_scales(tmp_path):
    """A coin (a square rect whose corners are half its side) on a face that scales to a
    bigger card (large print's jumbo) grows as a circle: its corners grow with its side. A
    stretched panel's corners grow as its shorter side does."""
    from cutsheet.layouts import load_layouts
    from cutsheet.plan.resize import resized

    (tmp_path / "x.yaml").write_text(
        "faces:\n"
        "  token:\n"
        "    scale: true\n"
        "    boxes:\n"
        "      coin: {kind: rect, x: 4, y: 4, w: 12, h: 12, radius: 6, fill: '#000000'}\n"
        "      panel: {kind: rect, x: 4, y: 30, w: 55, h: 20, radius: 2, fill: '#000000'}\n"
    )
    face = load_layouts(tmp_path, "x.yaml").face("token")
    jumbo = resized(face, (88.0, 126.0))
    coin, panel = (next(b for b in jumbo.boxes if b.name == n) for n in ("coin", "panel"))
    assert abs(coin.w - coin.h) < 1e-9 and coin.w > 16
    assert abs(coin.radius - coin.w / 2) < 1e-9
    assert abs(panel.radius - 2 * min(88 / 63, 126 / 88)) < 1e-9


def test_a_card_too_big_for_a_paper_in_one_profile_names_the_profile(tmp_path, capsys):
    """A probe: on a 100 x 140 mm paper the standard poker cards fit and large print's jumbo
    ones do not, and the message did not say it was large print's."""
    from cutsheet.cli import main

    new_game(tmp_path, "my-game")
    game = tmp_path / "content" / "my-game" / "game.yaml"
    text = game.read_text()
    game.write_text(text.replace("size: poker", "size: poker\n    sizes: {large-print: jumbo}", 1))
    layout = tmp_path / "layouts" / "my-game.yaml"
    text = layout.read_text()
    layout.write_text(text.replace("\nfaces:", "\npapers:\n  odd: {size: [100, 140]}\nfaces:", 1))
    argv = ["--root", str(tmp_path), "check", "--paper", "odd"]
    assert main(argv) == 1
    said = [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    profile = "does not fit odd (100 × 140 mm) in the large-print profile"
    assert said and all(profile in s for s in said), said


def test_a_scaled_boxs_width_is_said_to_a_tenth_of_a_mm(tmp_path, capsys):
    """A review: a face scaled to a 41 × 63 mm card said a word was wider than 'the 34.4921
    mm box'; and a designer's probe: the box is 53 mm wide in the layout they wrote, which
    the message now says too."""
    game = _project(tmp_path, "[41, 63]")
    cards = game.parent / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: Sun", "name: Sunshinesunshinesunshine", 1))
    assert main(["--root", str(tmp_path), "check", "--profile", "standard"]) == 1
    (error,) = [e for e in capsys.readouterr().err.splitlines() if ": error: " in e]
    assert (
        "wider than the 34.5 mm box (53 mm in the layout, scaled to this card) (words are never"
        " broken" in error
    ), error


def test_a_box_no_line_of_its_style_fits_is_said_once_at_the_box(tmp_path, capsys, monkeypatch):
    """A review: a poker face scaled to a 63 × 30 mm card said 'text does not fit' at every
    item for each of its boxes, and for cutsheet's id box: nine errors for three cards,
    though no text could fit any of those boxes. Each box is said once, where it is written
    (the packaged id box at the face that extends it, the back's at back:)."""
    game = _project(tmp_path, "[63, 30]")
    monkeypatch.chdir(tmp_path)  # paths said relative to the working folder
    assert main(["--root", str(tmp_path), "check", "--profile", "standard"]) == 1
    errors = [e for e in capsys.readouterr().err.splitlines() if ": error: " in e]
    layout = (tmp_path / "layouts" / "my-game.yaml").read_text().splitlines()
    at = {
        name: i
        for i, line in enumerate(layout, 1)
        for name in ("title", "points")
        if line.startswith(f"      {name}:")
    }
    face = layout.index("  card-front:") + 1
    back = (
        game.read_text()
        .splitlines()
        .index("    back: card-back  # the shared back from the packaged base.yaml")
        + 1
    )
    assert errors == [
        f"content/my-game/game.yaml:{back}:11: error: MG-SUN (back) (and 2 more), box 'kind': no"
        " text fits: the box is 3.1 mm tall (9 mm in the layout, scaled to this card), under one"
        " line of its style 'body-center' (3.5 mm)"
        " (cutsheet's own box, base.yaml:56: name in back: a face of your own that extends"
        " 'card-back', and give it a box 'kind' of its own ('kind: ~' leaves it out))",
        f"layouts/my-game.yaml:{face}:3: error: MG-SUN (and 2 more), box 'id': no text fits: the"
        " box is 1.4 mm tall (4 mm in the layout, scaled to this card), under one line of its"
        " style 'id' (2.3 mm) (cutsheet's own box,"
        " base.yaml:47: give the face a box 'id' of its own ('id: ~' leaves it out))",
        f"layouts/my-game.yaml:{at['title']}:7: error: MG-SUN (and 2 more), box 'title': no text"
        " fits: the box is 3.4 mm tall (10 mm in the layout, scaled to this card), under one line"
        " of its style 'title' (5.3 mm); give it a"
        " taller box or a smaller style",
        f"layouts/my-game.yaml:{at['points']}:7: error: MG-SUN (and 2 more), box 'points': no"
        " text fits: the box is 8.2 mm tall (24 mm in the layout, scaled to this card), under one"
        " line of its style 'huge' (11.3 mm); give"
        " it a taller box or a smaller style",
    ]
