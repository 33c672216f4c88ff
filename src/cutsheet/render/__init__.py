"""The only package that imports ReportLab: fonts, faces, documents and PDF writing."""

from reportlab import rl_config

rl_config.invariant = 1  # same inputs, byte-identical PDFs (no dates, no random ids)
