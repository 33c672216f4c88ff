"""A file being written that stays in memory while it is small and moves to a temporary file
once it grows past ``SPILL_FROM`` bytes.

ReportLab writes a part's file into one, a piece at a time (``pdf.DeflatingCanvas``), and the
structure pass reads it back an object at a time (``pdfstream``) while it writes the tagged
file: a 10,000-card deck's 9 MB are then never in memory twice, nor once as ReportLab's
output. A part of a few pages never touches the disk. Where no temporary file can be made
(no writable temporary folder, a full disk), the bytes simply stay in memory.
"""

from __future__ import annotations

import io
import tempfile
from types import TracebackType
from typing import IO

SPILL_FROM = 1 << 20


class Spill:
    """Bytes written one after another, read back by position; ``close`` lets them go."""

    def __init__(self, spill_from: int = SPILL_FROM) -> None:
        self._memory: io.BytesIO | None = io.BytesIO()
        self._file: IO[bytes] | None = None
        self._spill_from = spill_from
        self.size = 0

    @property
    def on_disk(self) -> bool:
        return self._file is not None

    def write(self, data: bytes) -> int:
        if self._memory is not None and self.size + len(data) > self._spill_from:
            self._to_disk()
        (self._memory or self._file).write(data)  # type: ignore[union-attr]
        self.size += len(data)
        return len(data)

    def _to_disk(self) -> None:
        assert self._memory is not None
        try:
            file = tempfile.TemporaryFile(prefix="cutsheet-")
            with self._memory.getbuffer() as held:
                file.write(held)
        except OSError:  # nowhere to put it: it stays in memory
            self._spill_from = float("inf")  # type: ignore[assignment]
            return
        self._file, self._memory = file, None

    def tell(self) -> int:
        return self.size

    def read(self, start: int, end: int) -> bytes:
        """The bytes from ``start`` to ``end``."""
        if self._memory is not None:
            with self._memory.getbuffer() as held:
                return bytes(held[start:end])
        assert self._file is not None
        self._file.seek(start)
        data = self._file.read(end - start)
        self._file.seek(0, io.SEEK_END)
        return data

    def getvalue(self) -> bytes:
        """Everything written."""
        return self.read(0, self.size)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        self._memory = self._file = None

    def __enter__(self) -> Spill:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
