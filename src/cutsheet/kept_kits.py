"""Which of a build's kits (one game, profile and paper) it keeps as they are: each kit's cache
key, the entry that still holds for it, and whether a build has nothing to do at all. Decided
from hashes alone, before any game is loaded (``cache.py``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .cache import Entry, cache_file, icon_listing, options_key, read_entry, replayed, still_valid
from .commit import pending
from .content_files import content_listing
from .diagnostics import Problem
from .jobs import PARTS, Options
from .output import manifest_holds, temps

Keys = dict[tuple[str, str, str], str]
"""Each kit's cache key, by (game, profile, paper)."""
"""Each job's cache key, by (profile, paper)."""


def kits(games: Sequence[str], options: Options) -> Iterator[tuple[str, str, str]]:
    """Every (game, profile, paper) a build of ``games`` makes, in the order it reports them."""
    for game in games:
        for profile in options.profiles:
            for paper in options.papers:
                yield game, profile, paper


def unchanged(
    root: Path, games: Sequence[str], options: Options, out: Path
) -> tuple[list[dict[str, Any]], list[Problem]] | None:
    """The outputs of a build with nothing to do, and the warnings the jobs that made them
    said, decided without the lock; None when there is anything to do. Nothing to do: every
    kit's cache entry holds (its inputs and files are as recorded), no stopped build left a
    commit or a temporary file, and the manifest already says what the build would write. Such a build writes nothing, so it needs no
    lock: a build that holds it and is writing here either has switched nothing yet (this
    view holds) or has begun to, and then its journal, a temporary file, a kit or the
    manifest differs, and this build takes the lock like any other."""
    try:
        if (out / ".cache").is_symlink():  # the locked build refuses it, saying so
            return None
        if pending(out) or temps(folders(out, games, options)):
            return None
        found, licences = keys(root, games, options)
        kept: list[dict[str, Any]] = []
        warned: list[Problem] = []
        for game, profile, paper in kits(games, options):
            entry = valid_entry(root, out, (game, profile, paper), found, licences)
            if entry is None:
                return None
            kept.extend(entry.outputs)
            warned.extend(replayed(entry))
        if kept and not manifest_holds(out, kept):
            return None
    except OSError:  # the locked build reports it
        return None
    return kept, list(dict.fromkeys(warned))  # a job's warnings are kept with each paper


def valid_entry(
    root: Path,
    out: Path,
    kit: tuple[str, str, str],
    keys: Keys,
    licences: list[str],
) -> Entry | None:
    """The cache entry of one kit when it still holds (see ``cache.still_valid``)."""
    from .licences import FOLDER

    game, profile, paper = kit
    entry = read_entry(cache_file(out, game, profile, paper))
    folder = f"{game}/{profile}-{paper}"
    mine = {f"{folder}/{part}.pdf" for part in PARTS}
    mine |= {f"{folder}/{FOLDER}/{name}" for name in licences}
    valid = still_valid(entry, keys[kit], root, out, mine)
    return entry if valid else None


def folders(out: Path, games: Sequence[str], options: Options) -> list[Path]:
    """Every folder a build of ``games`` writes files into."""
    from .licences import FOLDER

    folders = [out, out / ".cache"]
    for game in games:
        for profile in options.profiles:
            for paper in options.papers:
                kit = out / game / f"{profile}-{paper}"
                folders += [kit, kit / FOLDER]
    return folders


def keys(root: Path, games: Sequence[str], options: Options) -> tuple[Keys, list[str]]:
    """Each kit's cache key and the licence files a kit may carry, worked out once, when a
    build starts: a licence file added to or removed from fonts/ changes the keys (every kit
    rebuilds), and so does a file added to or removed from icons/ (``icon_listing``) or from
    the game's folder (``content_listing``: a file added there changes what its check warns
    of). The build records these keys, as they were before it loaded anything: a file added
    while it runs, which its check may not have seen, makes the next build's key differ."""
    from .licences import PACKAGED, licence_names

    licences = [PACKAGED.name, *licence_names(root)]
    extra = f"licences={'/'.join(licences)}|icons={icon_listing(root)}"
    jobs = {
        (profile, paper): options_key(options, paper, root) + f"|{profile}|{extra}"
        for profile in options.profiles
        for paper in options.papers
    }
    listings = {game: content_listing(root, game) for game in dict.fromkeys(games)}
    keys = {
        (game, profile, paper): f"{jobs[(profile, paper)]}|content={listings[game]}"
        for game, profile, paper in kits(games, options)
    }
    return keys, licences
