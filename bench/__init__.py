"""cutsheet's benchmark: drives cutsheet only through its command line (see README.md)."""
