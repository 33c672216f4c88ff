"""A picture's ``alt`` (an ``icon`` or ``image`` box): the picture is a Figure a reader is
told it shows, its text templated over the item; without one it stays decoration. Read back
from the built PDF's structure tree."""

from __future__ import annotations

from pathlib import Path

import pikepdf

from cutsheet.cli import main

from .corpus_cases import make_project


def _figures(path: Path) -> list[str]:
    """The Alt of every Figure in the file's structure tree, in reading order."""
    found: list[str] = []

    def walk(elem: pikepdf.Object) -> None:
        if not isinstance(elem, pikepdf.Dictionary) or "/S" not in elem:
            return
        if str(elem.S) == "/Figure":
            found.append(str(elem.get("/Alt", "")))
        kids = elem.get("/K")
        for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
            walk(kid)

    with pikepdf.open(path) as pdf:
        root = pdf.Root.StructTreeRoot.K
        for elem in root if isinstance(root, pikepdf.Array) else [root]:
            walk(elem)
    return found


def _build(root: Path) -> Path:
    assert main(["--root", str(root), "build", "--profile", "standard", "--jobs", "1"]) == 0
    return root / "build" / "tiny" / "standard-a4" / "cards.pdf"


def test_a_picture_with_an_alt_is_a_figure_said_for_its_item(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    text = layout.read_text()
    layout.write_text(text.replace("src: art.png}", 'src: art.png, alt: "Art for {{ name }}"}'))
    cards = _build(root)
    rows = (root / "content/tiny/cards.csv").read_text().splitlines()[1:]
    names = [row.split(",")[2] for row in rows if row.split(",")[1] == "plain"]  # the deck's
    assert _figures(cards) == [f"Art for {name}" for name in names]  # each card's own
    # read where it sits on the card (below the title, cost and rule, above the track),
    # never before the card's name
    with pikepdf.open(cards) as pdf:
        sects = [e for e in _elements(pdf) if str(e.S) == "/Sect"]
        order = [[str(k.S) for k in _kids(s)] for s in sects]
    assert order and all(kinds[0] == "/H2" and "/Figure" in kinds for kinds in order), order
    assert all(kinds.index("/Figure") == kinds.index("/L") - 1 for kinds in order), order


def _kids(elem: pikepdf.Object) -> list[pikepdf.Object]:
    kids = elem.get("/K")
    found = kids if isinstance(kids, pikepdf.Array) else [kids]
    return [k for k in found if isinstance(k, pikepdf.Dictionary) and "/S" in k]


def _elements(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    out: list[pikepdf.Object] = []
    pending = list(_kids(pdf.Root.StructTreeRoot))
    while pending:
        elem = pending.pop(0)
        out.append(elem)
        pending[0:0] = _kids(elem)
    return out


def test_a_picture_without_an_alt_is_decoration(tmp_path: Path) -> None:
    assert _figures(_build(make_project(tmp_path))) == []


def test_an_alt_naming_what_the_item_lacks_is_a_located_error(tmp_path: Path, capsys) -> None:
    root = make_project(tmp_path)
    layout = root / "layouts" / "tiny.yaml"
    text = layout.read_text()
    layout.write_text(text.replace("src: art.png}", 'src: art.png, alt: "{{ nmae }}"}'))
    for command in ("check", "build"):
        assert main(["--root", str(root), command, "--profile", "standard"]) == 1
        err = capsys.readouterr().err
        assert "layouts/tiny.yaml:10:73: error: TY-A (and 2 more), box 'art': alt: " in err, err
        assert "nmae" in err and "Traceback" not in err
