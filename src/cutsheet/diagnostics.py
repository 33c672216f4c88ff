"""Located problems: every content mistake is reported as ``path:line:col: severity: message``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Loc:
    """A place in a content file; line and column are 1-based, as editors show them."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{max(self.col, 1)}"


def display_path(path: Path | str, root: Path | None = None) -> str:
    """The path as the user should see it: relative to the working directory when possible."""
    p = Path(path)
    base = root or Path.cwd()
    try:
        return str(p.resolve().relative_to(base.resolve()))
    except ValueError:
        return str(p)


@dataclass(frozen=True, order=True)
class Problem:
    loc: Loc
    message: str
    severity: Severity = "error"

    def __str__(self) -> str:
        return f"{self.loc}: {self.severity}: {self.message}"


class ContentError(Exception):
    """Raised by a stage that cannot go on; carries every problem it found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class Report:
    """Collects problems from many checks so the user sees all of them at once."""

    problems: list[Problem] = field(default_factory=list)

    def error(self, loc: Loc, message: str) -> None:
        self.problems.append(Problem(loc, message, "error"))

    def warning(self, loc: Loc, message: str) -> None:
        self.problems.append(Problem(loc, message, "warning"))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.problems.extend(problems)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]
