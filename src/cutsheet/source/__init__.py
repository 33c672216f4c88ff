"""Read YAML and CSV content while keeping the location of every value.

The result is plain data plus a map from each value's path to its location (``Located``),
so later stages (pydantic validation, checks) can point back at ``file:line:col``. Hostile
or broken files fail fast with a located error, never a traceback or a hang; the bounds are
in ``limits``.

* ``located``: ``Located``, the data and its locations;
* ``files``: reading a content file from disk (``load_any``, ``load_yaml``, ``load_csv``);
* ``yaml_reader``: YAML text to located data, built from ``yaml_schema`` (YAML 1.2 scalars),
  ``yaml_compose`` (the bounded node graph), ``yaml_nodes`` and ``yaml_build`` (plain data);
* ``csv_reader``: CSV text to located data, one item a row.
"""

from __future__ import annotations

from .csv_reader import parse_csv
from .files import load_any, load_csv, load_yaml, read_text
from .located import Located, PathKey
from .yaml_reader import parse_yaml

__all__ = [
    "Located",
    "PathKey",
    "load_any",
    "load_csv",
    "load_yaml",
    "parse_csv",
    "parse_yaml",
    "read_text",
]
