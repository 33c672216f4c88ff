"""What a build says as it goes (its progress lines, on stderr): how each job went, a game
none of whose files is written, and the last line."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from .diagnostics import counted, has_errors
from .jobs import Result
from .output import LICENCE_PART


def job_state(result: Result) -> str:
    """How a job went, for its progress line: FAILED, or its PDFs, pages and the parts kept
    from the last build (unchanged, not drawn again)."""
    if has_errors(result.problems):
        return "FAILED"
    pdfs = [f for f in result.files if f.part != LICENCE_PART]
    kept = sum(1 for f in pdfs if f.kept)
    state = f"{counted(len(pdfs), 'PDF')}, {counted(sum(f.pages for f in pdfs), 'page')}"
    return state + (f", {kept} kept" if kept else "")


UNWRITTEN = ": nothing written, "
"""What a line of ``unwritten_game`` says after the game's name (``watch`` says its own)."""


def unwritten_game(out: Path, game: str, results: Sequence[Result]) -> str | None:
    """For a game some of whose jobs drew their PDFs (their lines said so) and some failed:
    that none of its files is written, as a game's files are written together, which
    profiles failed, and how to write the others now; None for any other game."""
    failed = [r.task.profile for r in results if has_errors(r.problems)]
    if not 0 < len(failed) < len(results):
        return None
    kept = "; its last good PDFs are kept" if (out / game).is_dir() else ""
    good = sorted({r.task.profile for r in results} - set(failed))
    alone = " ".join(f"--profile {p}" for p in good)
    return (
        f"{game}{UNWRITTEN}{len(failed)} of its {len(results)} jobs failed"
        f" ({', '.join(sorted(set(failed)))}; a game's files are written together){kept};"
        f" {alone} writes the others alone"
    )


def last_line(files: int, out: Path, seconds: float, unwritten: Collection[str]) -> str:
    """The build's last line: the files in the output folder and, when some game had errors,
    which games wrote nothing ("0 files" alone read as if the folder had been emptied), and
    that a last good build's files are kept, for those that have one."""
    said = ""
    if unwritten:
        said = f"; not written: {', '.join(sorted(unwritten))}"
        kept = sorted(g for g in unwritten if (out / g).is_dir())
        if kept:
            said += f" (the last good files of {', '.join(kept)} are kept)"
    return f"{files} files in {out} ({seconds:.1f} s){said}"
