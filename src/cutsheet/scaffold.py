"""``cutsheet new NAME``: a small working game to start from.

The template ships in the package (``cutsheet/data/new-game``): a game.yaml with one deck of
cards that has a shared back, the cards' YAML, rules with a heading and a paragraph, and a
layout file that includes the packaged ``base.yaml``; a project that has none also gets a
README.md and a .gitignore (``build/``). It builds with no errors in every
packaged profile on both papers.
"""

from __future__ import annotations

import json
import re
import shlex
import unicodedata
from collections.abc import Iterable, Mapping
from importlib.resources import files
from pathlib import Path

import yaml

from .model import SLUG

TEMPLATE = files("cutsheet").joinpath("data", "new-game")
CODE = re.compile(r"^[A-Z]{2,5}$")

__all__ = ["ScaffoldError", "game_code", "new_game", "title_of"]


class ScaffoldError(Exception):
    """A game that cannot be created; the message is one line for the user."""


def title_of(name: str) -> str:
    """``my-game`` → ``My Game``."""
    return " ".join(word.capitalize() for word in name.split("-"))


def game_code(name: str) -> str:
    """The prefix of every item id: the initials of a many-word name (``my-game`` → ``MG``),
    else the first letters of a one-word name (``chess`` → ``CHE``); 2 to 5 capitals."""
    words = [w for w in name.split("-") if w]
    initials = "".join(w[0] for w in words if w[0].isalpha()).upper()
    if len(initials) >= 2:
        return initials[:5]
    letters = "".join(ch for ch in name if ch.isalpha()).upper()
    if len(letters) >= 2:
        return letters[:3]
    return (letters + "GAME")[:4]


GAME_YAML_BYTES = 1 << 20  # another game's game.yaml read for its code (never waited on)


def codes_in_use(root: Path) -> dict[str, str]:
    """The codes the project's games already use (code → game), read from each game.yaml
    as cutsheet reads it (a regular file only, never waited on; one that cannot be read or
    parsed names none)."""
    from .confine import FileRefused, read_file
    from .diagnostics import ContentError
    from .source import parse_yaml

    found: dict[str, str] = {}
    content = root / "content"
    games = sorted(content.glob("*/game.yaml")) if content.is_dir() else []
    for game_yaml in games:
        try:
            text = read_file(game_yaml, GAME_YAML_BYTES).decode("utf-8", "replace")
            data = parse_yaml(text, str(game_yaml)).data
        except (FileRefused, ContentError, OSError):
            continue
        code = data.get("code") if isinstance(data, dict) else None
        if isinstance(code, str):
            found.setdefault(code, game_yaml.parent.name)
    return found


def free_code(name: str, taken: Mapping[str, str]) -> str | None:
    """``game_code(name)``, else the first code made of more of the name's letters (then a
    letter added) that no game of the project uses; None when every one is taken."""
    first = game_code(name)
    letters = "".join(ch for ch in name if ch.isalpha()).upper()
    candidates = [first, *(letters[:n] for n in range(2, 6))]
    candidates += [f"{first[:4]}{ch}" for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    return next((c for c in candidates if CODE.fullmatch(c) and c not in taken), None)


def _folders_can_hold(root: Path, paths: Iterable[Path]) -> None:
    """A ScaffoldError, before anything is written, when a folder a new file goes in is a
    file (``layouts`` as a file): a game half written would then be 'already there'."""
    for path in paths:
        for folder in path.parents:
            if folder.exists() and not folder.is_dir():
                raise ScaffoldError(f"{folder} is not a folder; nothing was written")
            if folder == root or root not in folder.parents:
                break


def _code_for(root: Path, name: str, code: str | None) -> str:
    """The new game's code: ``code`` (--code), checked, else a free one from its name."""
    taken = codes_in_use(root)
    if code is None:
        free = free_code(name, taken)
        if free is None:
            raise ScaffoldError(
                f"every code made from the name '{name}' is another game's; give one with"
                " --code (2 to 5 capital letters)"
            )
        return free
    if not CODE.fullmatch(code):
        example = code.upper() if CODE.fullmatch(code.upper()) else game_code(name)
        raise ScaffoldError(f"--code '{code}' must be 2 to 5 capital letters, e.g. {example}")
    if code in taken:
        raise ScaffoldError(
            f"--code '{code}' is the code of game '{taken[code]}' already: its cards'"
            " ids would look like this game's; choose another"
        )
    return code


def _yaml_string(text: str) -> str:
    """``text`` as a YAML scalar that reads back as exactly ``text`` (a JSON string is a YAML
    double-quoted one, so a title like ``Yes: the game`` stays text)."""
    return json.dumps(text, ensure_ascii=False)


def _yaml_word(text: str) -> str:
    """``text`` as written when cutsheet's own YAML reader (and PyYAML's, as an editor's
    tools may use) reads it back as that text, else quoted: a game named ``123``, ``null``,
    ``true``, ``0x1f`` or ``0o17`` is a name, not a number or nothing."""
    from .source import parse_yaml

    ours = parse_yaml(f"word: {text}\n", "new-game").data.get("word")
    return text if ours == text == yaml.safe_load(text) else _yaml_string(text)


def _fill(text: str, name: str, code: str, title: str) -> str:
    one_line = " ".join(title.split())
    return (
        text.replace("__TITLE_YAML__", _yaml_string(one_line))
        .replace("__TITLE__", one_line)
        .replace("id: __NAME__", f"id: {_yaml_word(name)}")
        .replace("__NAME__", name)
        .replace("__CODE__", code)
    )


def targets(root: Path, name: str) -> dict[str, Path]:
    """Template file → where it goes in the project."""
    game_dir = root / "content" / name
    return {
        "game.yaml": game_dir / "game.yaml",
        "cards.yaml": game_dir / "cards.yaml",
        "rules.yaml": game_dir / "rules.yaml",
        "layout.yaml": root / "layouts" / f"{name}.yaml",
    }


def _unprintable(title: str) -> str:
    """The characters of ``title`` the packaged font (regular or bold: the title is printed
    in both) cannot draw, named; '' when it draws them all."""
    from .diagnostics import char_name
    from .measure import face_name, missing_glyphs, register

    register()
    lost = dict.fromkeys(
        ch for face in ("regular", "bold") for ch in missing_glyphs(title, face_name(face))
    )
    return ", ".join(char_name(ch) for ch in lost)


def slug_of(name: str) -> str:
    """The game id a name would be written as ('Tide Pool' -> 'tide-pool'), '' when it has no
    letter or digit cutsheet's ids take (a designer's probe: the name was refused without
    one)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", plain))


def new_game(
    root: Path, name: str, title: str | None = None, code: str | None = None
) -> list[Path]:
    """Write a new game ``name`` into the project at ``root``; returns the files written.
    Never overwrites: an existing game (or layout file of that name) is a ScaffoldError."""
    if not re.fullmatch(SLUG, name):
        slug = slug_of(name)
        title_too = f" --title {shlex.quote(name)}" if " " in name.strip() else ""
        hint = f" (cutsheet new {slug}{title_too})" if slug else ""
        raise ScaffoldError(
            f"'{name}' cannot name a game: use lower-case letters, digits and single '-'"
            f" between words, e.g. {slug or 'my-game'}{hint}"
        )
    title = title if title is not None and title.strip() else title_of(name)
    control = next((c for c in title if unicodedata.category(c) in ("Cc", "Cs")), None)
    if control is not None:  # the game.yaml written would fail its own check
        raise ScaffoldError(
            f"--title holds U+{ord(control):04X}, a character that prints nothing; remove it"
        )
    lost = _unprintable(title)
    if lost:  # the game.yaml written would fail its own check, at the title
        raise ScaffoldError(
            f"--title holds {lost}, which cutsheet's font cannot print; leave it out (a font of"
            " your own, in fonts/, can print it: see the guide)"
        )
    where = targets(root, name)
    game_dir = where["game.yaml"].parent
    for taken in (game_dir, where["layout.yaml"]):
        if taken.exists():
            raise ScaffoldError(
                f"game '{name}' already exists ({taken}); choose another name or delete it first"
            )
    code = _code_for(root, name, code)
    written: list[Path] = []
    files_to_write = dict(where)
    for template, project_file in (("README.md", "README.md"), ("gitignore", ".gitignore")):
        if not (root / project_file).exists():  # a project's own file is never replaced
            files_to_write[template] = root / project_file
    _folders_can_hold(root, files_to_write.values())
    for template, path in files_to_write.items():
        text = _fill(TEMPLATE.joinpath(template).read_text(encoding="utf-8"), name, code, title)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as fh:  # "x": never replace a file
            fh.write(text)
        written.append(path)
    return written
