"""Start-up is cheap and changes nothing a command does: the command line pauses the garbage
collector while it imports and a build resumes it once warm (every other command when it
starts); the libraries' patterns that cutsheet never uses (ReportLab's for URLs, …) are
compiled only if used; and a command that ends leaves at once with its exit status and all
it printed."""

from __future__ import annotations

import os
import subprocess
import sys
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
        "from cutsheet import entry\n"
        "entry._leave = lambda code: print(looked, code) or code\n"
        f"sys.argv = ['cutsheet', '--root', {str(root)!r}, 'list']\n"
        "entry.run()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[] 0"
    env["PYDANTIC_DISABLE_PLUGINS"] = "some-plugin"  # the user's own choice is kept
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[{'group': 'pydantic'}] 0"


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
