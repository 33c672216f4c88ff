"""Every PDF a player may open reads cleanly in four independent engines.

A print-and-play file is opened in whatever the player has: a phone's viewer, a print
shop's RIP, a browser. Every PDF of the session's builds (the full build and the gutterfold
build: every game, both profiles, both papers) is read, every page of it, by MuPDF
(``mutool draw``), poppler (``pdftoppm`` and ``pdftotext``), Ghostscript (the ``nullpage``
device) and ``qpdf --check``, and any warning or error fails the test. The one message let
through is MuPDF's "ICC support is not available": it describes Debian's MuPDF, not the file.

Each engine reads each distinct file once: a PDF of the gutterfold build with the same bytes
(sha256) as one of the full build (its rules and booklets) reads exactly as that one does, so it
is read once and what the engine says of it is said of every file with those bytes. Ghostscript
reads many files in one process (its start-up costs more than reading a file), a marker printed
before each so that what it says is still said of the file it read (``read_ghostscript_files``).

The engines are Debian's ``mupdf-tools``, ``poppler-utils``, ``ghostscript`` and ``qpdf``
(``.ci/run`` installs them). On a machine without some of them, only those engines' tests
skip, naming what is missing. Pages are rendered at 10 dpi: what matters is that every page
is read, not the pixels.

Without any engine, every ``/FlateDecode`` stream is also checked to hold a complete deflate
stream (the empty ones the booklet once wrote made MuPDF say "premature end of data in flate
filter").
"""

from __future__ import annotations

import hashlib
import io
import itertools
import os
import re
import shutil
import subprocess
import zlib
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest
from reportlab.lib.pagesizes import A5
from reportlab.pdfgen import canvas

from cutsheet.booklet import impose_booklet
from cutsheet.build import Project
from cutsheet.profiles import default_profiles

from .workers import ENGINES_GROUP

#: The engines read the files, never readback.py's reading of them: under pytest-xdist this
#: module runs as a group of its own, beside the group that reads the session's builds
#: (workers.py), whose builds it shares.
pytestmark = pytest.mark.xdist_group(ENGINES_GROUP)

#: Session fixtures (tests/conftest.py) whose folders hold the PDFs a player opens. An output
#: that writes more PDFs (an export target) adds the name of its session fixture here.
OUTPUTS = ("built", "built_gutterfold")
#: Session fixtures whose folders hold exported PDFs (``cutsheet export --to pod``).
EXPORTED = ("exported_pod",)
PAPERS = ("a4", "letter")
DPI = "10"
ICC = "ICC support is not available"


def pdfs_in(folders: Iterable[Path]) -> list[Path]:
    """Every PDF under ``folders``, sorted."""
    return sorted(itertools.chain.from_iterable(f.rglob("*.pdf") for f in folders))


def files_to_read(request: pytest.FixtureRequest) -> list[Path]:
    """The PDFs of every output in ``OUTPUTS`` (built on first use, once per session)."""
    return pdfs_in(request.getfixturevalue(name) for name in OUTPUTS + EXPORTED)


def _run(args: list[str], *, output: bool = True) -> subprocess.CompletedProcess[str]:
    """Run a reader; its stdout is kept only when ``output`` (a page image is not)."""
    return subprocess.run(
        args,
        stdout=subprocess.PIPE if output else subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
        timeout=300,
        check=False,
    )


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _exit(tool: str, run: subprocess.CompletedProcess[str]) -> list[str]:
    return [f"{tool} exited {run.returncode}"] if run.returncode else []


def read_mupdf(path: Path) -> list[str]:
    """Render every page; anything MuPDF prints but the ICC note is a complaint."""
    run = _run(["mutool", "draw", "-q", "-r", DPI, "-F", "png", "-o", os.devnull, str(path)])
    said = [line for line in _lines(run.stdout + run.stderr) if ICC not in line]
    return _exit("mutool draw", run) + [f"mutool draw: {line}" for line in said]


def read_poppler(path: Path) -> list[str]:
    """Render every page and extract its text; anything on stderr is a complaint."""
    out: list[str] = []
    for tool, args in (
        ("pdftoppm", ["pdftoppm", "-r", DPI, str(path)]),
        ("pdftotext", ["pdftotext", str(path), "-"]),
    ):
        run = _run(args, output=False)
        out += _exit(tool, run) + [f"{tool}: {line}" for line in _lines(run.stderr)]
    return out


GS = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-r" + DPI, "-sDEVICE=nullpage"]
#: What ``read_ghostscript_files`` has Ghostscript print before it reads each file.
GS_MARK = "cutsheet-tests: the file read next is number "


def _gs_verdict(returncode: int, said: list[str]) -> list[str]:
    """An error or a warning anywhere in what Ghostscript said of a file is a complaint (all of
    it is shown: Ghostscript explains over lines), as is an exit status but 0."""
    loud = any(re.search(r"error|warning", line, re.IGNORECASE) for line in said)
    exited = [f"gs exited {returncode}"] if returncode else []
    return exited + ([f"gs: {line}" for line in said] if loud else [])


def read_ghostscript(path: Path) -> list[str]:
    """Interpret every page on the ``nullpage`` device; an error or a warning anywhere in
    what it prints is a complaint (all of it is shown: Ghostscript explains over lines)."""
    run = _run(GS + [str(path)])
    return _gs_verdict(run.returncode, _lines(run.stdout + run.stderr))


def read_ghostscript_files(paths: list[Path]) -> list[list[str]]:
    """``read_ghostscript`` of each of ``paths``, in one Ghostscript process: before each file
    it prints a marker (``GS_MARK``, the file's number), and all it says goes to one stream
    (``-sstdout=%stderr``), in order, so the lines between two markers are what it said of one
    file, judged as ``read_ghostscript`` judges them. What it says before the first marker is
    said of every file. If it stops early (an exit status but 0, or a marker missing), each
    file is read again alone: every complaint is then the file's own, as read_ghostscript's."""
    if not paths:
        return []
    args = GS + ["-sstdout=%stderr"]
    for number, path in enumerate(paths):
        args += ["-c", f"({GS_MARK}{number}) = flush", "-f", str(path)]
    run = _run(args)
    heard: list[list[str]] = [[]]
    for line in _lines(run.stdout + run.stderr):
        if line == f"{GS_MARK}{len(heard) - 1}":
            heard.append([])
        else:
            heard[-1].append(line)
    before, said = heard[0], heard[1:]
    if run.returncode or len(said) != len(paths):
        return [read_ghostscript(path) for path in paths]
    return [_gs_verdict(0, before + lines) for lines in said]


def read_qpdf(path: Path) -> list[str]:
    """Check the structure and decode every stream; exit 2 is an error, 3 a warning."""
    run = _run(["qpdf", "--check", str(path)])
    said = _lines(run.stdout + run.stderr)
    warned = [line for line in said if re.search(r"warning|error:", line, re.IGNORECASE)]
    return _exit("qpdf --check", run) + [f"qpdf --check: {line}" for line in warned]


@dataclass(frozen=True)
class Engine:
    name: str
    package: str  # the Debian package that has its tools
    tools: tuple[str, ...]
    read: Callable[[Path], list[str]]  # a file → what the engine complained about
    #: files → what the engine complained about, file by file, when it reads many at once
    read_files: Callable[[list[Path]], list[list[str]]] | None = None

    def missing(self) -> list[str]:
        return [tool for tool in self.tools if shutil.which(tool) is None]


ENGINES = (
    Engine("MuPDF", "mupdf-tools", ("mutool",), read_mupdf),
    Engine("poppler", "poppler-utils", ("pdftoppm", "pdftotext"), read_poppler),
    Engine("Ghostscript", "ghostscript", ("gs",), read_ghostscript, read_ghostscript_files),
    Engine("qpdf", "qpdf", ("qpdf",), read_qpdf),
)


def _skip_unless_installed(engine: Engine) -> None:
    missing = engine.missing()
    if missing:
        pytest.skip(
            f"{engine.name} not tested: {', '.join(missing)} not found"
            f" (Debian package {engine.package})"
        )


def distinct(paths: list[Path]) -> dict[str, list[Path]]:
    """``paths`` by the sha256 of their bytes, in order: files with the same bytes together."""
    found: dict[str, list[Path]] = {}
    for path in paths:
        found.setdefault(hashlib.sha256(path.read_bytes()).hexdigest(), []).append(path)
    return found


def _read_all(engine: Engine, paths: list[Path]) -> list[list[str]]:
    """What ``engine`` says of each of ``paths``: two at a time (one a core), or, for an engine
    that reads many files in one process, in two processes, each given every other file."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        if engine.read_files is None:
            return list(pool.map(engine.read, paths))
        halves = list(pool.map(engine.read_files, [paths[0::2], paths[1::2]]))
    said: list[list[str]] = [[] for _ in paths]
    said[0::2], said[1::2] = halves
    return said


def _complaints(engine: Engine, paths: list[Path]) -> dict[Path, list[str]]:
    """What ``engine`` complained about, by file; files with the same bytes are read once and
    what is said of one is said of each."""
    same = distinct(paths)
    said = _read_all(engine, [group[0] for group in same.values()])
    heard = {p: lines for group, lines in zip(same.values(), said, strict=True) for p in group}
    return {path: heard[path] for path in paths if heard[path]}


def _report(found: dict[Path, list[str]], root: Path | None = None) -> str:
    def name(p: Path) -> str:
        return str(p.relative_to(root)) if root else str(p)

    return "\n".join(f"{name(p)}:\n    " + "\n    ".join(lines) for p, lines in found.items())


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_every_pdf_reads_without_a_word(engine: Engine, request: pytest.FixtureRequest) -> None:
    """Every file is read; files with identical bytes (sha256) are read once, since reading
    the same bytes gives the same result, and a complaint names each of them."""
    _skip_unless_installed(engine)
    paths = files_to_read(request)
    found = _complaints(engine, paths)
    root = Path(os.path.commonpath(paths))
    assert not found, (
        f"{engine.name} complained about {len(found)} of {len(paths)} files:\n"
        + _report(found, root)
    )


def test_the_readers_read_every_game_profile_and_paper(
    request: pytest.FixtureRequest, repo: Project
) -> None:
    """Every output folder holds every game under both profiles on both papers, rules
    booklet included: the list the engines read is not short of anything."""
    profiles = default_profiles(repo.layouts)
    assert set(profiles) >= {"standard", "large-print"}
    expected = {
        (game, f"{profile}-{paper}", part)
        for game, profile, paper in itertools.product(repo.games(), profiles, PAPERS)
        for part in ("cards.pdf", "rules.pdf", "rules-booklet.pdf")
    }
    for name in OUTPUTS:
        folder: Path = request.getfixturevalue(name)
        found = {p.relative_to(folder).parts for p in pdfs_in([folder])}
        assert all(len(parts) == 3 for parts in found), name
        assert expected <= found, (name, sorted(expected - found))
    pods = {
        p.relative_to(request.getfixturevalue("exported_pod")).parts[0]
        for p in pdfs_in([request.getfixturevalue("exported_pod")])
    }
    assert pods == set(repo.games())  # every game's print-on-demand decks are read too
    assert len(files_to_read(request)) == sum(
        len(pdfs_in([request.getfixturevalue(n)])) for n in OUTPUTS + EXPORTED
    )


def bad_deflate(path: Path) -> list[str]:
    """Streams of ``path`` declared ``/FlateDecode`` (first filter) whose data is not one
    complete deflate stream."""
    bad: list[str] = []
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Stream):
                continue
            filters = obj.stream_dict.get("/Filter")
            if isinstance(filters, pikepdf.Array):
                filters = filters[0] if len(filters) else None
            if filters != pikepdf.Name.FlateDecode:
                continue
            raw = obj.read_raw_bytes()
            inflate = zlib.decompressobj()
            try:
                inflate.decompress(raw)
                complete = inflate.eof
            except zlib.error:
                complete = False
            if not complete:
                bad.append(f"object {obj.objgen[0]}: {len(raw)} bytes, not a deflate stream")
    return bad


def test_every_compressed_stream_holds_complete_deflate_data(
    request: pytest.FixtureRequest,
) -> None:
    paths = files_to_read(request)
    found = {p: lines for p in paths if (lines := bad_deflate(p))}
    assert not found, _report(found, Path(os.path.commonpath(paths)))


def _one_page_booklet() -> tuple[bytes, int]:
    """A booklet of one half page: padded to four, its second side has nothing on it."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A5, invariant=True)
    c.drawString(72, 500, "The only page")
    c.showPage()
    c.save()
    return impose_booklet(
        buf.getvalue(), (210.0, 297.0), title="T", author="A", subject="S", creator="C", lang="en"
    )


def test_a_booklet_side_with_nothing_on_it_has_no_content_stream(tmp_path: Path) -> None:
    data, sides = _one_page_booklet()
    assert sides == 2
    path = tmp_path / "booklet.pdf"
    path.write_bytes(data)
    with pikepdf.open(path) as pdf:
        front, back = pdf.pages
        assert isinstance(front.obj.Contents, pikepdf.Stream)  # one stream, the page painted
        assert b"/Part BMC" in front.obj.Contents.read_bytes()
        assert "/Contents" not in back.obj  # a page without contents is an empty page
    assert bad_deflate(path) == []
    for engine in ENGINES:
        if not engine.missing():
            assert engine.read(path) == [], engine.name


def _damaged_booklet(path: Path) -> Path:
    """The one-page booklet with its painted side's content stream declared ``/FlateDecode``
    but holding plain bytes."""
    data, _sides = _one_page_booklet()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        contents = pdf.make_stream(b"not deflate data")
        contents.Filter = pikepdf.Name.FlateDecode
        pdf.pages[0].obj.Contents = contents
        pdf.save(path, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return path


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_every_engine_is_heard_when_a_stream_is_damaged(engine: Engine, tmp_path: Path) -> None:
    """The readers are not deaf: each complains about a content stream that is not what its
    filter says, so their silence on the builds means something."""
    _skip_unless_installed(engine)
    assert engine.read(_damaged_booklet(tmp_path / "damaged.pdf")), engine.name


def test_the_deflate_check_finds_a_damaged_stream(tmp_path: Path) -> None:
    path = _damaged_booklet(tmp_path / "damaged.pdf")
    with pikepdf.open(path) as pdf:
        number = pdf.pages[0].obj.Contents.objgen[0]
    assert bad_deflate(path) == [f"object {number}: 16 bytes, not a deflate stream"]


def _good_booklet(path: Path) -> Path:
    path.write_bytes(_one_page_booklet()[0])
    return path


@pytest.mark.skipif(shutil.which("gs") is None, reason="needs Ghostscript's gs (ghostscript)")
def test_ghostscript_reading_many_files_says_of_each_what_it_says_alone(tmp_path: Path) -> None:
    """One Ghostscript process reading many files says of each file what reading it alone
    says: a damaged file between two good ones is named, and only it; a file that stops
    Ghostscript altogether (exit 1) is named too, with the files around it still read."""
    good = _good_booklet(tmp_path / "good.pdf")
    damaged = _damaged_booklet(tmp_path / "damaged.pdf")
    stops = tmp_path / "not-a-pdf.pdf"
    stops.write_text("garbage\n")
    for files in ([good, damaged, good], [damaged, good, stops, good, damaged]):
        alone = [read_ghostscript(path) for path in files]
        assert read_ghostscript_files(files) == alone
        assert [bool(said) for said in alone] == [path != good for path in files]
    assert read_ghostscript_files([]) == []


def test_files_with_the_same_bytes_are_read_once_and_each_is_named(tmp_path: Path) -> None:
    good = _good_booklet(tmp_path / "good.pdf")
    first = _damaged_booklet(tmp_path / "damaged.pdf")
    copy = tmp_path / "copy" / "damaged.pdf"
    copy.parent.mkdir()
    copy.write_bytes(first.read_bytes())
    read: list[Path] = []

    def deflate(path: Path) -> list[str]:
        read.append(path)
        return bad_deflate(path)

    engine = Engine("deflate", "python3-pikepdf", (), deflate)
    found = _complaints(engine, [first, good, copy])
    assert sorted(read) == sorted([first, good])  # the copy's bytes were read as the first's
    assert list(found) == [first, copy] and found[first] == found[copy] == bad_deflate(copy)
