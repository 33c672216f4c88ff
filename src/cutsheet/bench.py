"""``python -m cutsheet.bench``: runs the benchmark in bench/ at the repository root, which
drives cutsheet only through its command line (``make bench``; see bench/README.md)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def main() -> None:
    if not (REPO / "bench" / "__main__.py").is_file():
        raise SystemExit("cutsheet.bench: no bench/ beside src/; run it from a source checkout")
    sys.path.insert(0, str(REPO))
    runpy.run_module("bench", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
