"""Drawing with ReportLab: faces, tagged documents and the PDF files of each part."""

from reportlab import rl_config

rl_config.invariant = 1  # same inputs, byte-identical PDFs (no dates, no random ids)
