"""A flood of one mistake is cut short when printed (``diagnostics.said_alike``)."""

from __future__ import annotations

from cutsheet.cli.selection import print_problems
from cutsheet.diagnostics import Loc, Problem, said_alike

FILE = "content/g/cards.yaml"


def missing(line: int, path: str = FILE) -> Problem:
    return Problem(Loc(path, line, 5), "missing key 'name'")


def test_the_first_of_a_flood_are_said_then_one_line_counts_the_rest():
    flood = [missing(3 * i + 4) for i in range(30)]
    said = said_alike(flood, limit=5)
    assert said[:5] == flood[:5]
    assert [str(p) for p in said[5:]] == [
        f"{FILE}:19:5: error: missing key 'name' (and 24 more like it in this file,"
        " the last at line 91)"
    ]


def test_one_over_the_limit_is_said_as_itself():
    """Saying "and 0 more" would be longer than the line it replaces."""
    flood = [missing(line) for line in range(1, 7)]
    assert said_alike(flood, limit=5) == flood


def test_other_messages_files_and_severities_are_counted_apart():
    other = Problem(Loc(FILE, 2, 1), "missing key 'cost'")
    warned = Problem(Loc(FILE, 5, 5), "missing key 'name'", "warning")
    elsewhere = [missing(line, "content/g/more.yaml") for line in range(1, 4)]
    problems = [other, warned, *elsewhere, *[missing(line) for line in range(10, 13)]]
    assert said_alike(problems, limit=3) == problems


def test_the_closing_count_counts_every_problem(capsys):
    print_problems([missing(line) for line in range(1, 2_001)])
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 22
    assert err[-2].endswith("(and 1,979 more like it in this file, the last at line 2000)")
    assert err[-1] == "cutsheet: 2,000 errors"


def test_problems_of_a_whole_file_name_no_line():
    flood = [Problem(Loc(FILE), f"cannot read it ({i % 1})") for i in range(4)]
    said = said_alike([*flood, Problem(Loc(FILE), "cannot read it (0)")], limit=2)
    assert [p.message for p in said][-1] == "cannot read it (0) (and 2 more like it in this file)"


def test_the_note_survives_a_message_as_long_as_any():
    """A review: the 1,000-character clip ran again over message and note, and cut the note."""
    long = Problem(Loc(FILE, 1, 1), "x" * 1_200).message  # clipped once, as made
    flood = [Problem(Loc(FILE, line, 1), long) for line in range(1, 31)]
    last = said_alike(flood, limit=20)[-1].message
    assert last.endswith("(and 9 more like it in this file, the last at line 30)")
    assert len(last) <= 1_000


def test_first_and_more_never_says_one_more():
    from cutsheet.diagnostics import first_and_more

    assert first_and_more(["a", "b", "c", "d"], 3) == ["a", "b", "c", "d"]
    assert first_and_more([str(i) for i in range(1_500)], 3) == ["0", "1", "2", "1,497 more"]
