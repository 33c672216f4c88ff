"""``python -m cutsheet``: the same command line as the ``cutsheet`` entry point."""

import sys

from .entry import run

sys.exit(run())
