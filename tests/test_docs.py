"""The docs a new user reads cover what they need: sheets and record pads with every block
key, lists on cards, ``terms`` in a fill, the schema line, every icon's name; and the README
says nothing twice."""

from __future__ import annotations

import re

from cutsheet.boxes.icon import ICON_NAMES
from cutsheet.model import NAMED_SIZES_MM, Block, Column, PageItem, Track, WriteIn

from .conftest import ROOT

EDITING = (ROOT / "src" / "cutsheet" / "data" / "guide" / "editing.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_editing_names_every_icon():
    missing = [name for name in ICON_NAMES if f"`{name}`" not in EDITING]
    assert missing == []


def test_editing_names_every_card_size_with_its_millimetres():
    """Each packaged size, as ``size:`` takes it, with its width × height (a review found two
    left out of the list)."""
    words = " ".join(EDITING.split())  # as read, whatever the line breaks
    for name, (w, h) in NAMED_SIZES_MM.items():
        if name == "poker-63.5":  # poker's, a half millimetre wider: said by its name
            assert f"`{name}`" in words
            continue
        assert f"`{name}` ({w:g} × {h:g})" in words, name


def test_every_option_of_preview_is_in_the_readme_and_the_guide():
    import argparse

    from cutsheet.cli.arguments import parser  # the command line as a user meets it

    commands = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for action in commands.choices["preview"]._actions:
        for flag in action.option_strings:
            if flag.startswith("--") and flag != "--help":
                assert flag in README, f"README: {flag}"
                assert flag in EDITING, f"guide: {flag}"


def test_editing_covers_sheets_and_every_block_and_its_keys():
    assert "part: sheets" in EDITING and "form: page" in EDITING
    section = EDITING[EDITING.index("## Sheets and record pads") :]
    section = section[: section.index("\n## ", 1)]
    for model in (Block, PageItem, Track, Column, WriteIn):
        for key in model.model_fields:
            assert f"`{key}" in section, f"{model.__name__}.{key} is not in the sheets section"
    assert "exactly one" in section


def test_editing_covers_lists_terms_in_a_fill_and_the_schema_line():
    assert "{type: list" in EDITING and "|join(" in EDITING
    assert re.search(r"fill: \"\{\{ terms\[\w+\]\.fill \}\}\"", EDITING)
    assert "# yaml-language-server: $schema=../../schema/" in EDITING


def test_the_readme_says_nothing_twice():
    paragraphs = [p.strip() for p in README.split("\n\n") if len(p.strip()) > 80]
    repeated = sorted({p[:60] for p in paragraphs if paragraphs.count(p) > 1})
    assert repeated == []
