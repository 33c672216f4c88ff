"""A face the file prints again is copied from its first drawing, never changed: the page's
operators and the tagged runs (their marked-content ids, the nodes they sit in) are those of a
face drawn afresh, wherever the copy lands; what a copy cannot carry (a graphics state, a
node it did not make) is drawn afresh each time."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pikepdf
import pytest
from reportlab.lib.colors import HexColor, PCMYKColorSep
from reportlab.pdfgen.canvas import Canvas

from cutsheet.build import Project
from cutsheet.measure import face_name, register
from cutsheet.plan.model import FacePlan, GamePlan
from cutsheet.plan.overleaf import MORE
from cutsheet.render import face_copies
from cutsheet.render.face_copies import FaceCopies
from cutsheet.render.faces import draw_face
from cutsheet.render.font_codes import listener, listening, names_only
from cutsheet.render.icons import draw_icon
from cutsheet.render.tagging import Node, Tagger

from .test_card_design import plan, printed


@pytest.fixture(autouse=True)
def _nothing_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no face kept from another file (another test's), as a job
    drawing two papers does (``between_papers``)."""
    monkeypatch.setattr(face_copies, "_shared", {})
    monkeypatch.setattr(face_copies, "_sharing", [True])


PLACES = [(10.0, 10.0, 0), (80.5, 12.25, 0), (20.0, 110.0, 90), (110.0, 120.0, 270)]


def _faces(planned: GamePlan) -> list[FacePlan]:
    """Every distinct card face of the plan, fronts and backs."""
    seen: dict[int, FacePlan] = {}
    for card in printed(planned):
        for face in (card.front, card.back):
            if face is not None:
                seen.setdefault(id(face), face)
    return list(seen.values())


def _drawn(
    faces: list[FacePlan], copy: bool, pages: int = 2, size: tuple[float, float] = (700, 900)
) -> tuple[bytes, list[tuple]]:
    """Each face drawn at every place on each page, tagged, with or without copies: the file
    and its runs, node keys numbered by first appearance (a copy's nodes are new nodes)."""
    register()
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=0, pagesize=size)
    tagger = Tagger(True)
    copies = FaceCopies() if copy else None
    if copies is not None:
        copies.expect(face for _ in range(pages) for face in faces for _p in PLACES)
    for page in range(pages):
        for n, face in enumerate(faces):
            for k, (x, y, turn) in enumerate(PLACES):
                tagger.group = f"{page}:{n}:{k}"
                role = "back" if k == 3 else "front"
                draw_face(c, face, x, y, tagger, 1.5, turn, role, copies)
            tagger.group = None
        c.showPage()
    c.save()
    return buf.getvalue(), _rows(tagger)


def _rows(tagger: Tagger) -> list[tuple]:
    names: dict[str, int] = {}

    def node(n: Node) -> tuple:
        return (names.setdefault(n.key, len(names)), n.kind, n.attrs)

    return [
        (page, kind, mcid, tuple(node(n) for n in path), attrs)
        for page, tags in sorted(tagger.pages.items())
        for kind, mcid, path, attrs in tags.rows()
    ]


@pytest.mark.parametrize(
    ("game_id", "profile"), [("bidding-alpha", "large-print"), ("festivibes", "standard")]
)
def test_copied_faces_write_what_fresh_ones_do(
    repo: Project, game_id: str, profile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    faces = _faces(plan(repo, game_id, profile))
    fresh = _drawn(faces, copy=False)
    replays = []
    replay = face_copies._replay
    monkeypatch.setattr(face_copies, "_replay", lambda *a: replays.append(1) or replay(*a))
    copied = _drawn(faces, copy=True)
    # drawn once each: flat front, turned front, turned back; every other slot a copy, but
    # a front that goes on over its back (its lists are its card's, one over both sides)
    # is drawn afresh in every slot it is a front in (its turned back is copied once)
    over = sum(1 for face in faces if MORE in face.texts)
    assert over == (1 if game_id == "bidding-alpha" else 0)  # the large-print player aid
    assert len(replays) == (len(faces) - over) * (2 * len(PLACES) - 3) + over
    assert copied[1] == fresh[1]
    assert copied[0] == fresh[0]
    kinds = {n[1] for row in fresh[1] for n in row[3]}
    assert {"L", "LI", "LBody"} <= kinds or game_id != "bidding-alpha"  # lists are copied too


def test_another_files_faces_are_copied_as_this_file_would_draw_them(
    repo: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Letter file after the A4 one: a face whose characters this file codes as the A4
    file did is copied from there, making the icon forms it places that this file has not
    made yet; the file is the one drawn afresh, byte for byte."""
    faces = _faces(plan(repo, "bidding-alpha", "standard"))
    letter = (612.0, 792.0)
    fresh = _drawn(faces, copy=False, pages=1, size=letter)
    recorded = []
    record = face_copies._record
    monkeypatch.setattr(face_copies, "_record", lambda *a: recorded.append(1) or record(*a))
    _drawn(faces, copy=True, pages=1)
    in_a4 = len(recorded)
    assert len(face_copies._shared) > len(faces) / 2
    made = []
    make = face_copies.make

    def making(c: Canvas, names: tuple[str, ...]) -> None:
        made.extend(n for n in names if not c._doc.hasForm(n))
        make(c, names)

    monkeypatch.setattr(face_copies, "make", making)
    copied = _drawn(faces, copy=True, pages=1, size=letter)
    assert copied == fresh
    assert any(name.startswith("cs-icon-") for name in made)
    assert len(recorded) - in_a4 < in_a4 / 2  # most of the Letter file's faces were copies


def test_a_face_whose_characters_this_file_codes_otherwise_is_drawn_afresh() -> None:
    register()
    files = [Canvas(io.BytesIO(), invariant=1) for _ in range(2)]
    drawn = []

    def draw(c: Canvas) -> None:
        drawn.append(c)
        c.setFont(face_name("bold"), 9)
        c.drawString(10, 10, "Café × 3 — über")

    files[1].setFont(face_name("bold"), 9)
    # the same characters, coded in another order (an ASCII character keeps its own code)
    files[1].drawString(10, 10, "ü — × é")
    for c in files:
        copies = FaceCopies()
        copies.expect([FACE])
        copies.draw(c, FACE, (False, 0.0, "front"), Tagger(False), lambda c=c: draw(c))
    assert drawn == files


def test_a_job_on_one_paper_keeps_no_face_for_another_and_a_job_lets_all_go(
    repo: Project,
) -> None:
    faces = _faces(plan(repo, "festivibes", "standard"))
    with face_copies.between_papers(1):
        _drawn(faces, copy=True, pages=1)
        assert face_copies._shared == {}
    with face_copies.between_papers(2):
        _drawn(faces, copy=True, pages=1)
        assert len(face_copies._shared) >= len(faces)
    assert face_copies._shared == {} and face_copies._sharing == [True]


def test_a_face_set_in_a_font_the_file_names_itself_is_not_copied_elsewhere() -> None:
    wanted = (("Atkinson-Bold", "F2", ((87, 1),)),)
    assert names_only(["BT /F2+0 9 Tf 11 TL (x) Tj ET"], wanted)
    assert not names_only(["BT /F1 9 Tf 11 TL (x) Tj ET"], wanted)  # Helvetica, say
    assert not names_only(["BT /F3+0 9 Tf 11 TL (x) Tj ET"], wanted)


def test_listening_hears_split_text_and_stops_however_the_drawing_ends() -> None:
    register()
    c = Canvas(io.BytesIO(), invariant=1)
    with pytest.raises(RuntimeError), listening(c._doc) as heard:
        c.setFont(face_name("bold"), 9)
        c.drawString(10, 10, "FUEL & 5R>G")
        raise RuntimeError
    assert heard == [(face_name("bold"), "FUEL & 5R>G")]
    assert listener(c._doc) is None
    c.drawString(10, 30, "not heard")
    assert heard == [(face_name("bold"), "FUEL & 5R>G")]


def _counting(
    copies: FaceCopies, face: FacePlan, draw: Callable[[Canvas, Tagger], None]
) -> Iterator[int]:
    """How many times ``draw`` ran for each of three slots of one face on three pages."""
    register()
    c = Canvas(io.BytesIO(), invariant=1)
    tagger = Tagger(True)
    copies.expect([face] * 3)
    runs = [0]

    def drawing() -> None:
        runs[0] += 1
        draw(c, tagger)

    for page in range(3):
        tagger.group = f"g{page}"
        copies.draw(c, face, (False, 0.0, "front"), tagger, drawing)
        yield runs[0]
        c.showPage()


FACE = FacePlan(63, 88, (), ())
SPOT = PCMYKColorSep(0, 40, 100, 0, spotName="PANTONE 123 C", density=100)


def test_a_kept_face_is_copied_not_drawn_and_let_go_after_its_last_slot() -> None:
    copies = FaceCopies()

    def draw(c: Canvas, tagger: Tagger) -> None:
        with tagger.text(c, "P"):
            c.drawString(10, 10, "WATER 3")

    assert list(_counting(copies, FACE, draw)) == [1, 1, 1]
    assert copies._kept == {} and not copies._left


@pytest.mark.parametrize(
    "draw",
    [
        lambda c, t: c.setFillAlpha(0.5),  # a graphics state
        lambda c, t: c.linkURL("https://example.org", (0, 0, 9, 9)),  # a link
        lambda c, t: t.push("L", key="shared-list"),  # a node it did not make
    ],
    ids=["graphics-state", "link", "outside-node"],
)
def test_a_drawing_a_copy_cannot_carry_is_drawn_every_time(
    draw: Callable[[Canvas, Tagger], None],
) -> None:
    def drawn(c: Canvas, tagger: Tagger) -> None:
        draw(c, tagger)
        with tagger.text(c, "P"):
            c.drawString(10, 10, "FUEL")
        del tagger.nodes[:]

    assert list(_counting(FaceCopies(), FACE, drawn)) == [1, 2, 3]


def _spot_file(copy: bool) -> bytes:
    """A face in a separation colour on two pages, the first of which used it already."""
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=0)
    copies = FaceCopies() if copy else None
    if copies is not None:
        copies.expect([FACE] * 2)

    def draw() -> None:
        c.setFillColor(SPOT)
        c.rect(0, 0, 9, 9, fill=1)

    for page in range(2):
        if page == 0:
            draw()  # the page names the colour before the face does
        if copies is None:
            draw()
        else:
            copies.draw(c, FACE, (False, 0.0, "front"), Tagger(False), draw)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_face_in_a_separation_colour_is_drawn_afresh_on_every_page() -> None:
    """Each page that paints in a separation colour names it among its resources: a copy
    would not, where an earlier drawing on the first page had named it already."""
    assert _spot_file(copy=True) == _spot_file(copy=False)


def test_a_drawing_that_leaves_a_node_open_is_drawn_every_time() -> None:
    """What the card draws after it would sit in that node: a copy would leave it out."""

    def drawn(c: Canvas, tagger: Tagger) -> None:
        tagger.push("L")
        with tagger.text(c, "P"):
            c.drawString(10, 10, "FUEL")

    assert list(_counting(FaceCopies(), FACE, drawn)) == [1, 2, 3]


def test_a_copy_asks_the_file_for_the_pdf_version_its_drawing_did() -> None:
    """A colour asks for PDF 1.4 (ReportLab sets its alpha): a face copied into a file that
    has drawn nothing else yet leaves that file asking for what a drawing would have."""
    register()
    files = [Canvas(io.BytesIO(), invariant=1) for _ in range(3)]

    def draw(c: Canvas) -> None:
        c.setFillColor(HexColor("#0072B2"))
        c.rect(0, 0, 9, 9, fill=1)

    for c in files[:2]:
        copies = FaceCopies()
        copies.expect([FACE])
        copies.draw(c, FACE, (False, 0.0, "front"), Tagger(False), lambda c=c: draw(c))
    draw(files[2])  # afresh
    assert files[1]._code == files[2]._code
    assert files[1]._doc._pdfVersion == files[2]._doc._pdfVersion == (1, 4)


def test_a_copied_icon_names_its_form_on_every_page() -> None:
    register()
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    copies = FaceCopies()
    copies.expect([FACE] * 3)
    for _page in range(3):
        copies.draw(
            c,
            FACE,
            (False, 0.0, "front"),
            Tagger(False),
            lambda: draw_icon(c, "drop", 0, 0, 20, 20, "#0072B2", "#000000"),
        )
        c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(buf.getvalue())) as pdf:
        for page in pdf.pages:
            assert b" Do" in page.Contents.read_bytes()
            assert len(page.Resources.XObject) == 1
