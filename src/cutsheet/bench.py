"""``make bench``: wall-clock timings of a cold build, a warm (cached) build, one check and
one single-card preview. Timings are printed, never asserted."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from .build import Options, Project, build, check_game
from .preview import preview_item
from .profiles import available_profiles


def _timed(label: str, fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    took = time.perf_counter() - start
    print(f"{label:<44} {took:7.2f} s")
    return took


def main() -> None:
    project = Project(Path.cwd())
    games = project.games()
    options = Options(profiles=tuple(available_profiles(project.layouts)))
    quiet = lambda _m: None  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "build"
        _timed(
            f"cold build, {len(games)} games, jobs=1",
            lambda: build(project, games, options, out, 1, quiet),
        )
        cold2 = Path(tmp) / "build2"
        _timed(
            f"cold build, {len(games)} games, jobs=2",
            lambda: build(project, games, options, cold2, 2, quiet),
        )
        _timed(
            "warm build (nothing changed)", lambda: build(project, games, options, out, 1, quiet)
        )
        for game in games:
            _timed(f"check {game}", lambda g=game: check_game(project, g, options.profiles))
        _timed(
            "preview one card (common-reserve)",
            lambda: preview_item(
                project.root, "common-reserve", "CR-SEED-TENT", "standard", Path(tmp), 100
            ),
        )


if __name__ == "__main__":
    main()
