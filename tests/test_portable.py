"""cutsheet on any operating system. CI cannot run Windows, so what Windows lacks is hidden
here: every module of the package must import without ``fcntl`` (a POSIX-only module), and
the failure names the module that imports it unguarded."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from .conftest import ROOT

PROBE = textwrap.dedent(
    """
    import importlib, os, pkgutil, sys, traceback

    sys.modules["fcntl"] = None  # `import fcntl` now raises ImportError, as on Windows
    import cutsheet

    package = os.path.dirname(cutsheet.__file__)
    names = ["cutsheet"] + [
        m.name for m in pkgutil.walk_packages(cutsheet.__path__, "cutsheet.")
        if not m.name.endswith("__main__")
    ]
    offenders = set()
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except ImportError:
            # blame the innermost frame inside the package: the module that imports fcntl
            frames = traceback.extract_tb(sys.exc_info()[2])
            ours = [f.filename for f in frames if f.filename.startswith(package)]
            culprit = ours[-1] if ours else name
            offenders.add(os.path.relpath(culprit, os.path.dirname(package)))
    print("\\n".join(sorted(offenders)))
    """
)


def test_every_module_imports_without_fcntl():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    offenders = result.stdout.split()
    assert offenders == [], f"modules that need fcntl (absent on Windows): {', '.join(offenders)}"


def test_no_module_spells_a_posix_only_path():
    """Paths are built with pathlib from the project folder, never as POSIX strings."""
    package = ROOT / "src" / "cutsheet"
    spelled = [
        f"{path.relative_to(ROOT).as_posix()}:{n}"
        for path in sorted(package.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(s in line for s in ('"/tmp', "'/tmp", '"/dev/', "os.getuid", "os.geteuid"))
    ]
    assert spelled == []
