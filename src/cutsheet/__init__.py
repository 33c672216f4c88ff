"""cutsheet: YAML descriptions of tabletop games in, cut-ready print-and-play PDFs out."""

__version__ = "0.1.0"
