"""A file outside the project is never opened, not even by the scans that run before a game is
read (the editor schemas' names, the profiles built by default): a layout or a profile
symlinked out of the project is refused at its place, and its bytes are never read."""

from __future__ import annotations

import sys

import pytest

from cutsheet.cli import main

OPENED: list[str] = []
_WATCHING: list[bool] = []


def _audit(event: str, args: tuple) -> None:
    if _WATCHING and event == "open" and isinstance(args[0], str | bytes):
        OPENED.append(str(args[0]))


sys.addaudithook(_audit)  # (a hook cannot be removed: it records only while a test watches)


def opened_while(argv: list[str]) -> tuple[int, list[str]]:
    OPENED.clear()
    _WATCHING.append(True)
    try:
        code = main(argv)
    finally:
        _WATCHING.clear()
    return code, list(OPENED)


@pytest.mark.parametrize(
    ("link", "kind"),
    [("layouts/base.yaml", "layout file"), ("layouts/profiles/standard.yaml", "profile")],
)
def test_a_file_linked_out_of_the_project_is_never_opened(mini, tmp_path, capsys, link, kind):
    outside = tmp_path.parent / f"{tmp_path.name}-outside.yaml"
    outside.write_text("styles:\n  secret: {size: 9}\n")
    (mini / link).parent.mkdir(parents=True, exist_ok=True)
    (mini / link).symlink_to(outside)
    (mini / "schema").mkdir()  # a project that keeps editor schemas: check scans the layouts
    never = {str(outside), str(mini / link)}  # (a read through the link names the link)
    code, opened = opened_while(["--root", str(mini), "check"])
    assert never.isdisjoint(opened), sorted(never & set(opened))
    err = capsys.readouterr().err
    assert code == 1 and "is outside the project folder" in err, err
    code, opened = opened_while(["--root", str(mini), "build", "--out", str(tmp_path / "b")])
    assert code == 1 and never.isdisjoint(opened), sorted(never & set(opened))
