"""What a big build no longer holds: each page's content compressed from the moment it ends,
tag records without a ``__dict__``, locations packed into ints, digests without their
values' tuples. Each is checked to change nothing else (the same bytes, the same places)."""

from __future__ import annotations

import gc
import io
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cutsheet import fingerprint as fingerprint_module
from cutsheet.diagnostics import Loc
from cutsheet.fingerprint import Fingerprints, fingerprint
from cutsheet.render.pdf import DocMeta, apply_meta, new_canvas
from cutsheet.render.tagging import Node, Tag, Tagger
from cutsheet.source import Located, parse_csv, parse_yaml
from cutsheet.source.located import Spots

ROOT = Path(__file__).resolve().parents[1]

META = DocMeta("Memory", "cutsheet", "test", "cutsheet", "en-GB")


def _draw(c: Canvas, pages: int) -> bytes:
    for n in range(pages):
        c.setFont("Helvetica", 12)
        for line in range(40):
            c.drawString(72, 800 - line * 18, f"page {n} line {line}: ünïcödé {'x' * line}")
        c.rect(10, 10, 100 + n, 50, fill=1)
        c.showPage()
    c.save()
    return c._filename.getvalue()  # type: ignore[attr-defined, no-any-return]


def test_a_page_held_compressed_gives_the_bytes_of_the_page_drawn_plain():
    ours = new_canvas(io.BytesIO(), (210, 297), META)
    plain = Canvas(
        io.BytesIO(),
        pagesize=ours._pagesize,
        initialFontName=ours._fontname,
        initialFontSize=8,
        lang=META.lang,
        pageCompression=1,
    )
    apply_meta(plain, META)
    assert type(plain) is Canvas and type(ours) is not Canvas
    assert _draw(ours, 3) == _draw(plain, 3)


def test_a_finished_page_holds_no_text_of_its_content():
    c = new_canvas(io.BytesIO(), (210, 297), META)
    c.drawString(72, 72, "held compressed")
    c.showPage()
    page = c._doc.Pages.pages[-1]
    assert page.stream is None
    assert isinstance(page.Contents.content, bytes)
    assert b"held compressed" not in page.Contents.content


def test_tag_records_have_no_dict_and_a_cards_runs_share_one_path():
    tagger = Tagger(True)
    c = new_canvas(io.BytesIO(), (210, 297), META)
    tagger.group = "1:deck:A:0"
    with tagger.text(c):
        pass
    with tagger.text(c, "H2"):
        pass
    first, second = tagger.pages[1]
    assert first.path is second.path and [n.kind for n in first.path] == ["Sect"]
    assert not hasattr(first, "__dict__") and not hasattr(first.path[0], "__dict__")
    with tagger.node("L"), tagger.text(c):
        pass
    assert [n.kind for n in tagger.pages[1][-1].path] == ["Sect", "L"]
    assert Tag("P", 0, ()) == Tag("P", 0, ()) and Node("k", "L") == Node("k", "L")


def _locs(value: object) -> list[object]:
    return [v for v in value if not isinstance(v, int)]  # type: ignore[attr-defined]


def test_a_loaded_yaml_file_holds_ints_for_its_places_and_no_nodes():
    doc = parse_yaml("items:\n  - id: A\n    demand: {WATER: 3}\n  - id: B\n", "f.yaml")
    assert _locs(doc.values.values()) == [] and _locs(doc.keys.values()) == []
    item = doc.sub(("items", 0))
    assert item.loc(("demand", "WATER")) == Loc("f.yaml", 3, 21)
    assert item.key_loc(("demand", "WATER")) == Loc("f.yaml", 3, 14)
    assert doc.loc(()) == Loc("f.yaml", 1, 1)


def test_a_loaded_csv_file_gives_one_dict_of_places_for_keys_and_values():
    doc = parse_csv("id,title\nA,Alpha\nB,\n", "c.csv")
    assert doc.keys is doc.values and _locs(doc.values.values()) == []
    assert doc.loc((0, "title")) == doc.key_loc((0, "title")) == Loc("c.csv", 2, 3)
    assert doc.loc((1, "title")) == Loc("c.csv", 3, 3)  # an empty cell: the cell itself
    assert "title" not in doc.data[1]  # (still an absent value)
    assert doc.key_loc((1,)) == Loc("c.csv", 3, 1)


def _places_per_item(text: str, items: int, parse: object) -> float:
    """Bytes a parsed file's places take per item once its plain data is let go."""
    gc.collect()
    tracemalloc.start()
    try:
        doc = parse(text, "f")  # type: ignore[operator]
        places = Located(None, doc.file, doc.values, doc.keys)
        del doc
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert places.file == "f"
    return held / items


def test_a_big_files_places_are_packed_an_item_at_a_time():
    """10,000 cards' places took 20 MB as dicts of path tuples, for as long as the game was
    held; packed by list item they take a fifth of that, and every lookup is the same."""
    n = 3_000
    text = "items:\n" + "".join(
        f"  - id: X-{i}\n    name: Card {i % 7}\n    demand: {{WATER: {i % 4}, FUEL: 1}}\n"
        f"    tags: [a, b]\n"
        for i in range(n)
    )
    doc = parse_yaml(text, "f.yaml")
    assert isinstance(doc.values, Spots) and isinstance(doc.keys, Spots)
    last = doc.sub(("items", n - 1))
    line = 2 + 4 * (n - 1)
    assert last.loc(()) == Loc("f.yaml", line, 5)
    assert last.loc(("demand", "FUEL")) == Loc("f.yaml", line + 2, 30)
    assert last.key_loc(("demand", "FUEL")) == Loc("f.yaml", line + 2, 24)
    assert last.loc(("tags", 1)) == Loc("f.yaml", line + 3, 15)
    assert last.loc(("nothing",)) == last.loc(())
    assert doc.key_loc(("items",)) == Loc("f.yaml", 1, 1)
    assert len(doc.values) == 2 + 9 * n and len(doc.keys) == 1 + 6 * n
    assert doc.values[("items", 7, "tags")] == dict(doc.values.items())[("items", 7, "tags")]
    assert _places_per_item(text, n, parse_yaml) < 800  # 2,600 as dicts

    rows = "id,name,cost\n" + "".join(f"X-{i},Card {i % 7},{i % 5}\n" for i in range(n))
    table = parse_csv(rows, "c.csv")
    assert table.keys is table.values and isinstance(table.values, Spots)
    assert table.loc((n - 1, "cost")) == Loc("c.csv", n + 1, len(f"X-{n - 1},Card 1,") + 1)
    assert table.loc((n - 1,)) == Loc("c.csv", n + 1, 1)
    assert _places_per_item(rows, n, parse_csv) < 300  # 490 as a dict


def test_a_loaded_card_holds_its_values_and_places_not_its_model_nor_the_files_data():
    from cutsheet.content import load_game
    from cutsheet.model import PageItem

    game = load_game(ROOT / "content" / "common-reserve", project=ROOT)
    deliveries = game.component("deliveries")
    card = deliveries.items[0]
    assert card.model is None and card.src.data is None and deliveries.src.data is None
    assert card.values["name"] == "Seed Tent" and "id" not in card.values
    assert str(card.loc("name")).endswith("deliveries.yaml:5:11")
    assert not hasattr(card, "__dict__")
    pages = [c for c in game.components if c.spec.form == "page"]
    assert pages and all(isinstance(i.model, PageItem) for c in pages for i in c.items)


@dataclass(frozen=True)
class _Leaf:
    x: float


@dataclass(frozen=True)
class _Pair:
    a: _Leaf
    b: _Leaf


def test_fingerprints_keep_digests_and_the_objects_they_read_not_pairs_of_them(monkeypatch):
    monkeypatch.setattr(fingerprint_module, "KEEP_FROM", 0)  # every frozen value kept
    leaf = _Leaf(1.5)
    read = Fingerprints()
    digest = read.of(_Pair(leaf, leaf))
    assert digest == fingerprint(_Pair(_Leaf(1.5), _Leaf(1.5)))
    assert all(type(v) is bytes for v in read.seen.values())
    assert leaf in read.kept and len(read.kept) == len(read.seen) == 2


@dataclass(frozen=True)
class _Long:
    text: str
    leaf: _Leaf


def test_fingerprints_keep_only_values_whose_own_encoding_is_long():
    """A small frozen value (a box, a colour) is read again rather than kept: a 10,000-card
    deck has a dozen a card. Its digest, and every digest holding it, is the same."""
    leaf = _Leaf(2.5)
    long = _Long("x" * fingerprint_module.KEEP_FROM, leaf)
    read = Fingerprints()
    assert read.of((long, leaf, long)) == fingerprint((_Long(long.text, _Leaf(2.5)), leaf, long))
    assert read.kept == [long]
    assert read.encode(leaf) == Fingerprints().encode(_Leaf(2.5))


def test_fingerprints_hold_the_last_small_values_only(monkeypatch):
    monkeypatch.setattr(fingerprint_module, "RECENT", 2)
    read = Fingerprints()
    leaves = [_Leaf(float(n)) for n in range(5)]
    assert read.of(tuple(leaves)) == fingerprint(tuple(_Leaf(float(n)) for n in range(5)))
    assert len(read.recent) <= 2 and not read.seen
    assert all(value is leaves[4] for _digest, value in read.recent.values() if value.x == 4.0)


def test_a_saved_canvas_streams_its_file_and_lets_each_page_go_as_it_is_written():
    """ReportLab joins every piece of the file into one string, which it then writes: a
    10,000-card file was held twice at once. The pieces now go to the file as they are made
    (the same bytes: see the test above), and each page's content is let go once written."""
    buf = io.BytesIO()
    c = new_canvas(buf, (210, 297), META)
    pieces: list[int] = []
    write = buf.write
    buf.write = lambda data: pieces.append(len(data)) or write(data)  # type: ignore[method-assign]
    pages = c._doc.Pages.pages
    _draw(c, 5)
    assert len(pieces) >= 20 and max(pieces) < len(buf.getvalue()) // 2
    assert [p.Contents.content for p in pages] == [None] * 5


def test_a_spill_stays_in_memory_while_small_and_moves_to_disk_when_big(monkeypatch):
    from cutsheet.render import spill as spill_module
    from cutsheet.render.spill import Spill

    small = Spill(spill_from=100)
    small.write(b"x" * 60)
    assert not small.on_disk and small.read(10, 20) == b"x" * 10
    small.write(b"0123456789" * 5)
    assert small.on_disk and small.tell() == small.size == 110
    assert small.read(60, 65) == b"01234" and small.getvalue() == b"x" * 60 + b"0123456789" * 5
    small.write(b"end")
    assert small.read(108, 113) == b"89end"
    small.close()

    def no_room(*_args: object, **_kw: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(spill_module.tempfile, "TemporaryFile", no_room)
    with Spill(spill_from=10) as kept:  # nowhere to put it: it stays in memory
        kept.write(b"y" * 30)
        kept.write(b"z")
        assert not kept.on_disk and kept.getvalue() == b"y" * 30 + b"z"


def test_a_pages_tags_are_packed_and_read_back_as_they_were_recorded():
    tagger = Tagger(True)
    c = new_canvas(io.BytesIO(), (210, 297), META)
    tagger.group = "1:deck:A:0"
    with tagger.text(c, "H2"):
        pass
    with tagger.node("Table"), tagger.node("TD"):
        tagger.empty(c)
    with tagger.text(c, "Figure", Alt="a (red) cube"):
        pass
    tags = tagger.pages[1]
    recorded = [
        Tag("H2", 0, tags[0].path),
        Tag("", None, tags[1].path),
        Tag("Figure", 1, tags[0].path, (("Alt", "a (red) cube"),)),
    ]
    assert list(tags) == recorded and len(tags) == 3 and tags[-1] == recorded[-1]
    assert [n.kind for n in tags[1].path] == ["Sect", "Table", "TD"]
    assert list(tags.rows()) == [(t.kind, t.mcid, t.path, t.attrs) for t in recorded]
    assert tags[0].path is tags[2].path  # the one tuple, held once a run
    assert len(tags.paths) == 3 and tags.kinds.itemsize <= 2


def test_a_files_layout_is_held_in_arrays():
    from cutsheet.render.pdfsyntax import Layout

    c = new_canvas(io.BytesIO(), (210, 297), META)
    data = _draw(c, 4)
    layout = Layout.read(data)
    assert {type(a).__name__ for a in (layout.offsets, layout.numbers, layout.gens)} == {"array"}
    spans = list(layout.spans())
    assert [s[0] for s in spans] == sorted(layout.numbers) and spans[-1][3] == layout.xref
    positions = layout.positions()
    for number, _gen, start, end in spans:
        assert layout.span(number, positions) == (start, end)
        assert data[start:].startswith(b"%d 0 obj" % number)
