"""Fuzz bytes read as small choices and text, without atheris (the regression tests replay them)."""

from __future__ import annotations


class FuzzInput:
    """Consumes the fuzz bytes from the front; past the end every byte reads as 0."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def byte(self) -> int:
        if self._at >= len(self._data):
            return 0
        self._at += 1
        return self._data[self._at - 1]

    def below(self, count: int) -> int:
        """A number in 0..count-1 (count at most 65,536)."""
        value = self.byte() if count <= 256 else self.byte() << 8 | self.byte()
        return value % count

    def flag(self) -> bool:
        return self.byte() & 1 == 1

    def pick(self, items):
        return items[self.below(len(items))]

    def rest_text(self) -> str:
        """The remaining bytes as text; bytes that are not UTF-8 become lone surrogates (a caller
        may pass any str)."""
        rest = self._data[self._at :]
        self._at = len(self._data)
        return rest.decode("utf-8", "surrogateescape")
