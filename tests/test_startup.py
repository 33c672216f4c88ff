"""Start-up is cheap and changes nothing a command does: the command line pauses the garbage
collector while it imports and a build resumes it once warm (every other command when it
starts); the libraries' patterns that cutsheet never uses (ReportLab's for URLs, …) are
compiled only if used; and a command that ends leaves at once with its exit status and all
it printed."""

from __future__ import annotations

import _sre
import os
import subprocess
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path

from .corpus_cases import make_project

CLI = "import sys\nfrom cutsheet.entry import run\nsys.exit(run())\n"


def _python(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}
    return subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_patterns_cutsheet_never_uses_are_compiled_when_used_and_match_as_before():
    done = _python(
        "import re\n"
        "from cutsheet import jobs\n"
        "with jobs.unused_patterns_deferred():\n"
        "    import jinja2.utils, yaml.reader\n"
        "    from reportlab.lib import textsplit\n"
        "    from reportlab.platypus import paragraph\n"
        "compile_ = re.compile\n"
        "deferred = (paragraph.uri_pat, textsplit.rx, yaml.reader.Reader.NON_PRINTABLE,\n"
        "            jinja2.utils._http_re)\n"
        "print(sorted({type(d).__name__ for d in deferred}), compile_.__module__)\n"
        "texts = ('https://example.com/a/b?c=1', 'www.example.com', 'no url', 'a\\x07b\\u4e00')\n"
        "for d in deferred:\n"
        "    real = compile_(d.pattern, d.flags)\n"
        "    for text in texts:\n"
        "        for how in ('match', 'search'):\n"
        "            mine, theirs = getattr(d, how)(text), getattr(real, how)(text)\n"
        "            assert (mine and mine.span()) == (theirs and theirs.span()), (d.pattern, text)\n"
        "print(paragraph._uri_split_pairs('https://example.com/a/b'))\n"
    )
    assert done.returncode == 0, done.stderr
    kind, _pairs = done.stdout.splitlines()
    assert kind == "['DeferredPattern'] re"
    assert "('https://example.com/a/', 'b')" in done.stdout


def test_a_build_collects_again_once_warm_and_other_commands_from_the_start(tmp_path):
    root = make_project(tmp_path)
    script = (
        "import gc\n"
        "from cutsheet import jobs\n"
        "from cutsheet.cli import main\n"
        "gc.disable()\n"
        "jobs.warm()\n"
        "print(gc.isenabled())\n"
        "gc.disable()\n"
        f"main(['--root', {str(root)!r}, 'list'])\n"
        "print(gc.isenabled())\n"
    )
    done = _python(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "True"
    assert done.stdout.splitlines()[-1] == "True"


def test_the_command_line_looks_for_no_pydantic_plugin(tmp_path):
    """Scanning every installed package for pydantic plugins is start-up time cutsheet's
    models never use: the command line turns it off, unless the environment says otherwise."""
    root = make_project(tmp_path)
    script = (
        "import sys\n"
        "from importlib import metadata\n"
        "looked = []\n"
        "scan = metadata.entry_points\n"
        "metadata.entry_points = lambda **kw: looked.append(kw) or scan(**kw)\n"
        "from cutsheet import entry, startup\n"
        "def leave(code):\n"
        "    loader = sys.modules.get(startup.PLUGIN_LOADER)\n"
        "    stub = getattr(loader, 'get_plugins', None) is startup._no_plugins\n"
        "    print(looked, code, stub)\n"
        "    return code\n"
        "entry._leave = leave\n"
        f"sys.argv = ['cutsheet', '--root', {str(root)!r}, 'list']\n"
        "entry.run()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[] 0 True"  # nothing scanned: the loader's stub
    env["PYDANTIC_DISABLE_PLUGINS"] = "some-plugin"  # the user's own choice is kept
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    # pydantic's own loader, which reads the variable (how it then looks for plugins is its
    # own business: some versions scan entry points through another name than this one)
    assert done.stdout.splitlines()[-1].endswith(" 0 False")


def test_a_command_that_leaves_early_says_all_it_printed_and_its_status(tmp_path: Path):
    root = make_project(tmp_path)
    listed = _python(CLI, "--root", str(root), "list")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.startswith("1 game in") and "game tiny:" in listed.stdout
    out = root / "build"
    built = _python(CLI, "--root", str(root), "build", "--paper", "a4", "--out", str(out))
    assert built.returncode == 0, built.stderr
    assert built.stderr.rstrip().splitlines()[-1].startswith("cutsheet: ")
    assert sorted(p.name for p in (out / "tiny" / "standard-a4").glob("*.pdf"))
    broken = root / "content" / "tiny" / "game.yaml"
    broken.write_text(broken.read_text() + "\nnonsense: [\n")
    failed = _python(CLI, "--root", str(root), "build", "--paper", "a4", "--out", str(out))
    assert failed.returncode == 1
    assert "game.yaml:" in failed.stderr and "Traceback" not in failed.stderr


# ------------------------------------------------------------------ what start-up compiles, kept
KEEP = (
    "import dataclasses, re, sys\n"
    "from pathlib import Path\n"
    "from cutsheet import startup\n"
    "sys.dont_write_bytecode = False\n"
    "startup.install(Path(sys.argv[1]))\n"
    "kept = startup._kept[0]\n"
    "read = (len(kept.codes), len(kept.patterns))\n"
    "@dataclasses.dataclass(frozen=True)\n"
    "class Spot:\n"
    "    x: int\n"
    "    name: str = 'here'\n"
    "spot = Spot(1)\n"
    "assert spot == Spot(1, 'here') and spot != Spot(2) and hash(spot) == hash(Spot(1))\n"
    "assert repr(spot) == \"Spot(x=1, name='here')\"\n"
    "try:\n"
    "    spot.x = 2\n"
    "    raise SystemExit('a frozen dataclass was changed')\n"
    "except dataclasses.FrozenInstanceError:\n"
    "    pass\n"
    "pattern = re.compile(r'(?P<word>[a-z]+)-(\\d+)|\\u00e9+', re.I)\n"
    "added = bool(kept.added)\n"
    "startup.finish()\n"
    "assert 'exec' not in vars(dataclasses) and not startup._kept\n"
    "print(read)\n"
    "print(added)\n"
    "print(pattern.groupindex, pattern.groups, pattern.flags)\n"
    "print(pattern.match('Ab-12').groups(), pattern.search('x \\u00c9\\u00e9').group())\n"
)


def test_a_start_keeps_what_it_compiled_and_the_next_start_compiles_none_of_it(tmp_path):
    kept = tmp_path / "startup.bin"
    first = _python(KEEP, str(kept))
    assert first.returncode == 0, first.stderr
    assert kept.is_file()
    again = _python(KEEP, str(kept))
    assert again.returncode == 0, again.stderr
    read1, added1, *behaviour1 = first.stdout.splitlines()
    read2, added2, *behaviour2 = again.stdout.splitlines()
    assert read1 == "(0, 0)" and added1 == "True"
    assert read2 != "(0, 0)" and added2 == "False"  # every function and pattern was kept
    assert behaviour1 == behaviour2  # and they behave as compiled


def test_a_kept_pattern_is_the_pattern_re_compiles(tmp_path):
    script = (
        "import re, sys\n"
        "from re import _compiler\n"
        "from pathlib import Path\n"
        "from cutsheet import startup\n"
        "original = _compiler.compile\n"
        "patterns = [('(?P<a>x)(y)?[\\u0100-\\uffff]', 0), (b'[\\x80-\\xff]+', 0), ('a.b', re.S),\n"
        "            ('(?i)straße', 0), ('^#\\\\s*(\\\\w+)$', re.M | re.X)]\n"
        "for _ in range(2):\n"
        "    startup.install(Path(sys.argv[1]))\n"
        "    for p, flags in patterns:\n"
        "        mine, theirs = _compiler.compile(p, flags), original(p, flags)\n"
        "        assert mine == theirs, p\n"
        "        assert (mine.groupindex, mine.groups, mine.flags) == (\n"
        "            theirs.groupindex, theirs.groups, theirs.flags)\n"
        "    hits = bool(startup._kept[0].added)\n"
        "    sys.dont_write_bytecode = False\n"
        "    startup.finish()\n"
        "    assert _compiler.compile is original\n"
        "    print(hits)\n"
    )
    done = _python(script, str(tmp_path / "startup.bin"))
    assert done.returncode == 0, done.stderr
    # patterns are kept on Python 3.11 only (the compiler whose private parts ``startup``
    # knows); on any other they compile as usual, nothing kept, the same patterns
    kept = sys.version_info[:2] == (3, 11)
    assert done.stdout.split() == [str(kept), "False"]


def test_a_damaged_or_foreign_file_is_ignored_and_none_is_written_without_bytecode(tmp_path):
    kept = tmp_path / "startup.bin"
    kept.write_bytes(b"not a marshalled cache at all")
    done = _python(KEEP, str(kept))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["(0, 0)", "True"]
    assert kept.read_bytes() != b"not a marshalled cache at all"  # written anew
    other = tmp_path / "other.bin"
    script = KEEP.replace("sys.dont_write_bytecode = False", "sys.dont_write_bytecode = True")
    done = _python(script, str(other))
    assert done.returncode == 0, done.stderr
    assert not other.exists()


def test_a_file_from_another_release_of_the_same_python_is_not_read(tmp_path):
    """The bytecode's magic number stays the same across bug-fix releases; the compiled
    parts of a regular expression are the engine's own and need not: the exact version
    (and the engine's number) must match too."""
    kept = tmp_path / "startup.bin"
    first = _python(KEEP, str(kept))
    assert first.returncode == 0, first.stderr
    data = kept.read_bytes()
    end = data.index(b"\n", len(MAGIC_NUMBER)) + 1  # (the magic number ends in one too)
    assert data[:end].endswith(f"sre {_sre.MAGIC}\n".encode())
    kept.write_bytes(data[:end].replace(b"|sre", b"+other|sre") + data[end:])
    again = _python(KEEP, str(kept))
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[:2] == ["(0, 0)", "True"]  # nothing read, all anew


def test_the_cache_is_beside_the_bytecode_and_outside_the_code_digest():
    from cutsheet import startup

    path = startup.cache_file()
    assert path.parent.name == "__pycache__"
    assert path.name == f"startup.{sys.implementation.cache_tag}.bin"


def test_with_plugins_off_pydantic_never_imports_its_plugin_loader(tmp_path):
    """The loader would import importlib.metadata and the email package (some 30 ms of
    every start) only to learn that it may load no plugin."""
    root = make_project(tmp_path)
    script = (
        "import sys\n"
        "from cutsheet import entry\n"
        "entry._leave = lambda code: print('importlib.metadata' in sys.modules, code) or code\n"
        f"sys.argv = ['cutsheet', '--root', {str(root)!r}, 'check']\n"
        "entry.run()\n"
        "from pydantic.plugin import _loader\n"
        "print(list(_loader.get_plugins()), _loader.PYDANTIC_ENTRY_POINT_GROUP)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["False 0", "[] pydantic"]


def test_a_start_that_compiled_only_a_few_anew_does_not_rewrite_the_file(tmp_path):
    """Some libraries build a pattern from a set, in another order every run: new each
    time, never worth rewriting the whole file for. (One new piece of code stands for it
    here: functions are kept on every Python, patterns on 3.11 only.)"""
    kept = tmp_path / "startup.bin"
    first = _python(KEEP, str(kept))
    assert first.returncode == 0, first.stderr
    before = kept.read_bytes()
    script = (
        "import re, sys\n"
        "from pathlib import Path\n"
        "from cutsheet import startup\n"
        "sys.dont_write_bytecode = False\n"
        "startup.install(Path(sys.argv[1]))\n"
        "startup._kept[0].code('a_new_one = ' + str(id(sys)))  # as a dataclass asks\n"
        "print(startup._kept[0].added)\n"
        "startup.finish()\n"
    )
    done = _python(script, str(kept))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1"]
    assert kept.read_bytes() == before
