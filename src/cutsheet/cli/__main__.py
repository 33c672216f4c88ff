"""``python -m cutsheet.cli``: the same command line as the ``cutsheet`` entry point (and
through the same door: quiet Ctrl-C, start-up with the collector paused, a quick exit)."""

import sys

from ..entry import run

sys.exit(run())
