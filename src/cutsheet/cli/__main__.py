"""``python -m cutsheet.cli``: the same command line as the ``cutsheet`` entry point."""

import sys

from . import main

sys.exit(main())
