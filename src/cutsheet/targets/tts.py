"""The Tabletop Simulator target: per deck, sheets of its distinct cards (at most 10 × 7 a
sheet and 4096 px a side, the importer's limits; the dpi is lowered for a sheet that would
be larger), one back image (or back sheets, in the same grid, when the backs differ), and one
saved object per game (``<game>.json``) holding a ``DeckCustom`` per deck, or a ``Card`` for
a deck of one, with a card per copy. Images are named by ``file:///`` URLs the user can
replace with hosted ones."""

from __future__ import annotations

import hashlib
import html
import io
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from reportlab.lib.units import mm

from ..boxes.text import TextElement
from ..diagnostics import Problem
from ..impose.print_plan import PrintPlan
from ..plan.model import FacePlan, PrintedCard
from ..render.faces import draw_face
from ..render.pdf import DocMeta, new_canvas
from . import ExportSettings, Rendered
from .decks import Deck, blank, decks, px, rasterize

COLUMNS, ROWS, MAX_PX = 10, 7, 4096  # the deck importer's limits
POKER = (63.0, 88.0)  # mm: TTS's own card (scale 1): a portrait card of any other size is
# scaled to it along each side; a landscape one is a sideways card of its sides swapped
CARD_UNITS = 2.2  # TTS units across a card at scale 1 (its long side: 88/63 of it)
GAP_UNITS = 0.8  # between two objects side by side (poker decks stand 3.0 apart)


def card_shape(size: tuple[float, float]) -> tuple[float, float, bool]:
    """(scaleX, scaleZ, sideways) of a card ``size`` (mm) in TTS: its short side across its
    width, its long side along its length, and a landscape card laid sideways (TTS turns
    its image, so its sheets hold it as it is)."""
    w, h = size
    sideways = w > h
    short, long = (h, w) if sideways else (w, h)
    return round(short / POKER[0], 4), round(long / POKER[1], 4), sideways


def _across(size: tuple[float, float]) -> float:
    """TTS units an object of ``size`` takes along the table's x axis."""
    sx, sz, sideways = card_shape(size)
    return CARD_UNITS * (sz * POKER[1] / POKER[0] if sideways else sx)


@dataclass(frozen=True)
class TtsTarget:
    name: str = "tts"
    settings: ExportSettings = field(default_factory=ExportSettings)

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]:
        return draw(plan, self.settings)


TARGET = TtsTarget()


@dataclass(frozen=True)
class Sheet:
    """One sheet of a deck: its slots' faces (and backs), its grid and pixels a card."""

    key: int  # the CustomDeck key, unique in the game's saved object
    fronts: tuple[FacePlan, ...]
    backs: tuple[FacePlan, ...]
    grid: tuple[int, int]
    dpi: int

    def card_px(self, size: tuple[float, float]) -> tuple[int, int]:
        return px(size[0], self.dpi), px(size[1], self.dpi)


def sheet_dpi(size: tuple[float, float], grid: tuple[int, int], dpi: int) -> int:
    """The highest dpi up to ``dpi`` whose sheet stays within the importer's pixels."""
    while dpi > 1 and (px(size[0], dpi) * grid[0] > MAX_PX or px(size[1], dpi) * grid[1] > MAX_PX):
        dpi -= 1
    return dpi


def best_grid(slots: int, size: tuple[float, float], dpi: int) -> tuple[tuple[int, int], int]:
    """The grid (at most 10 × 7) for ``slots`` cards whose sheet keeps the most dpi, then
    wastes the fewest cells; and that dpi."""
    grids = [(c, math.ceil(slots / c)) for c in range(1, COLUMNS + 1)]
    grids = [g for g in grids if g[1] <= ROWS]
    best = max(grids, key=lambda g: (sheet_dpi(size, g, dpi), -g[0] * g[1], g[0]))
    return best, sheet_dpi(size, best, dpi)


def draw_sheet(
    faces: tuple[FacePlan, ...], sheet: Sheet, size: tuple[float, float], title: str
) -> bytes:
    """The faces in the sheet's grid, row by row from the top left, each stretched to its
    cell's whole pixels (by under a pixel), rasterized from one PDF page."""
    (cols, rows), (w_px, h_px), dpi = sheet.grid, sheet.card_px(size), sheet.dpi
    cell_w, cell_h = w_px * 72 / dpi, h_px * 72 / dpi  # points
    buf = io.BytesIO()
    c = new_canvas(buf, (cols * cell_w / mm, rows * cell_h / mm), DocMeta(title, "", "", "", ""))
    for index, face in enumerate(faces):
        col, row = index % cols, index // cols
        c.saveState()
        c.translate(col * cell_w, (rows - 1 - row) * cell_h)
        c.scale(cell_w / (face.width_mm * mm), cell_h / (face.height_mm * mm))
        draw_face(c, face, 0, 0)
        c.restoreState()
    c.showPage()
    c.save()
    return next(iter(rasterize(buf.getvalue(), [(cols * w_px, rows * h_px)], dpi)))


def _guid(*parts: object) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x: float, scale: tuple[float, float], face_up: bool) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0 if face_up else 180.0,  # a deck lies face down, a piece face up
        "scaleX": scale[0],
        "scaleY": 1.0,
        "scaleZ": scale[1],
    }


def _custom_deck(sheet: Sheet, face_url: str, back_url: str, unique: bool) -> dict[str, Any]:
    return {
        "FaceURL": face_url,
        "BackURL": back_url,
        "NumWidth": sheet.grid[0],
        "NumHeight": sheet.grid[1],
        "BackIsHidden": True,
        "UniqueBack": unique,
        "Type": 0,
    }


def _object(
    name: str, guid: str, x: float, size: tuple[float, float], nickname: str, piece: bool
) -> dict[str, Any]:
    """The fields every TTS object carries, as the game saves them (``size``: the card's).
    A ``piece`` (see ``is_piece``: a marker, a board, an aid) lies face up and stays on the
    table: no hand takes it."""
    sx, sz, sideways = card_shape(size)
    return {
        "GUID": guid,
        "Name": name,
        "Transform": _transform(x, (sx, sz), piece),
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "Hands": name == "Card" and not piece,
        "SidewaysCard": sideways,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


@dataclass(frozen=True)
class DeckImages:
    """A deck's sheets, the files they were written as, and each copy's card id."""

    deck: Deck
    sheets: tuple[Sheet, ...]
    files: tuple[Rendered, ...]
    urls: dict[int, tuple[str, str]]  # sheet key -> (face url, back url)
    unique_back: bool
    card_ids: tuple[int, ...]  # one a copy, in print order


def _slots(deck: Deck) -> tuple[list[tuple[FacePlan, FacePlan]], list[int]]:
    """The deck's distinct (front, back) pairs, and each copy's slot among them."""
    pairs: dict[tuple[FacePlan, FacePlan], int] = {}
    order = [
        pairs.setdefault((c.front, c.back or blank(deck.size)), len(pairs)) for c in deck.cards
    ]
    return list(pairs), order


def _image(deck: Deck, faces: tuple[FacePlan, ...], sheet: Sheet, name: str) -> Rendered:
    data = draw_sheet(faces, sheet, deck.size, name)
    copies = {deck.component: deck.copies}
    return Rendered("", deck.component, data, 1, copies, name, dpi=sheet.dpi)  # maybe lowered


def per_sheet(slots: int) -> int:
    """How many of a deck's ``slots`` distinct cards go on each of its sheets: as few sheets
    as the importer's 10 × 7 allows, the cards shared out evenly between them, so that no
    sheet is packed (and its dpi lowered) while the last holds a few (75 cards: 38 and 37,
    not 70 and 5)."""
    sheets = max(1, math.ceil(slots / (COLUMNS * ROWS)))
    return math.ceil(slots / sheets) if slots else COLUMNS * ROWS


def deck_images(deck: Deck, first_key: int, settings: ExportSettings) -> DeckImages:
    """Sheets of the deck's distinct (front, back) pairs, shared out evenly (``per_sheet``),
    and their images: a front sheet each, and one back image, or a back sheet each when the
    backs differ."""
    slots, order = _slots(deck)
    unique = len({back for _, back in slots}) > 1
    each = per_sheet(len(slots))
    chunks = [slots[n : n + each] for n in range(0, len(slots), each)]
    sheets: list[Sheet] = []
    files: list[Rendered] = []
    urls: dict[int, tuple[str, str]] = {}
    for n, chunk in enumerate(chunks):
        fronts, backs = tuple(f for f, _ in chunk), tuple(b for _, b in chunk)
        grid, dpi = best_grid(len(chunk), deck.size, settings.dpi)
        sheet = Sheet(first_key + n, fronts, backs, grid, dpi)
        suffix = f"-{n + 1}" if len(chunks) > 1 else ""
        name, back_name = f"{deck.component}{suffix}.png", f"{deck.component}-back.png"
        files.append(_image(deck, fronts, sheet, name))
        if unique:
            back_name = f"{deck.component}-back{suffix}.png"
            files.append(_image(deck, backs, sheet, back_name))
        elif n == 0:  # one back image for the whole deck
            one = Sheet(0, backs[:1], (), (1, 1), dpi)
            files.append(_image(deck, one.fronts, one, back_name))
        urls[sheet.key] = (settings.url_base + quote(name), settings.url_base + quote(back_name))
        sheets.append(sheet)
    ids = tuple((first_key + i // each) * 100 + i % each for i in order)
    return DeckImages(deck, tuple(sheets), tuple(files), urls, unique, ids)


def deck_object(images: DeckImages, x: float, game: str) -> dict[str, Any]:
    """The deck as TTS saves it: a ``DeckCustom`` holding a ``Card`` per copy (each with its
    sheet's ``CustomDeck`` entry), or the one ``Card`` of a deck of one."""
    deck = images.deck
    piece = is_piece(deck)
    entries = {
        str(s.key): _custom_deck(s, *images.urls[s.key], images.unique_back) for s in images.sheets
    }
    cards = []
    for n, (card, card_id) in enumerate(zip(deck.cards, images.card_ids, strict=True)):
        name = card_name(card)
        obj = _object("Card", _guid(game, deck.component, n), x, deck.size, name, piece)
        obj["Description"] = card.item if name != card.item else ""
        obj["CardID"] = card_id
        obj["CustomDeck"] = {str(card_id // 100): entries[str(card_id // 100)]}
        cards.append(obj)
    if len(cards) == 1:
        return cards[0]
    obj = _object("DeckCustom", _guid(game, deck.component), x, deck.size, deck.title, piece)
    obj["HideWhenFaceDown"] = True
    obj["DeckIDs"] = list(images.card_ids)
    obj["CustomDeck"] = entries
    obj["ContainedObjects"] = cards
    return obj


def card_name(card: PrintedCard) -> str:
    """What Tabletop Simulator shows as a card's name: its front's title as printed (the
    box tagged as its heading), else its id."""
    for el in card.front.elements:
        if isinstance(el, TextElement) and el.heading:
            words = html.unescape(_TAG.sub("", _BREAK.sub(" ", el.markup))).split()
            if words:
                return " ".join(words)
    return card.item


_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)  # a title's line break: a space in its name
_TAG = re.compile(r"<[^>]*>")


def is_piece(deck: Deck) -> bool:
    """Whether a deck's cards are pieces to lie face up rather than cards to draw: printed
    on one side only (a marker, a token: the back a blank image), or each card's back its
    own content (a board's other side, a festival's, an aid's rest), which hides nothing. A
    deck whose cards share a back (a draw pile, the votes) lies face down."""
    return all(card.back is None for card in deck.cards) or all(
        card.back_is_content for card in deck.cards
    )


def saved_object(game_title: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """A saved object file (Objects → Saved Objects) holding ``objects``."""
    return {
        "SaveName": game_title,
        "GameMode": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }


def draw(plan: PrintPlan, settings: ExportSettings) -> list[Rendered]:
    game = plan.game_plan.game
    files: list[Rendered] = []
    objects: list[dict[str, Any]] = []
    key, x, last = 1, 0.0, 0.0  # side by side along x, each as wide as it is
    for n, deck in enumerate(decks(plan.game_plan)):
        images = deck_images(deck, key, settings)
        key += len(images.sheets)
        files.extend(images.files)
        across = _across(deck.size)
        x = 0.0 if n == 0 else round(x + (last + across) / 2 + GAP_UNITS, 4)
        last = across
        objects.append(deck_object(images, x, game.id))
        settings.say(f"{game.id}: {deck.component}: {len(images.sheets)} sheet(s)")
    if not objects:
        return []
    name, title = saved_names(game.id, game.spec.title, plan.game_plan.profile.name)
    data = json.dumps(saved_object(title, objects), indent=2, ensure_ascii=False)
    counts = {d.component: d.copies for d in decks(plan.game_plan)}
    files.append(Rendered("", "saved-object", (data + "\n").encode(), 1, counts, name))
    return files


def saved_names(game_id: str, title: str, profile: str) -> tuple[str, str]:
    """A saved object's file name and its name in Tabletop Simulator's list: the game's, and
    the profile's after them where it is not the standard one. Every saved object is copied
    into the one Saved Objects folder, so a large-print one of the same name would replace
    the standard one there, and the list could not tell them apart."""
    if profile == "standard":
        return f"{game_id}.json", title
    return f"{game_id}-{profile}.json", f"{title} ({profile.replace('-', ' ')})"
