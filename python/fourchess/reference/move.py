"""Move: the three fields that identify a move; castling and en passant are read off the board."""

from __future__ import annotations

from dataclasses import dataclass

from .squares import square_name


@dataclass(frozen=True)
class Move:
    from_square: int
    to_square: int
    promotion: str | None = None  # "Q", "R", "B", "N" (Teams) or "D" (FFA)

    def __str__(self) -> str:
        """Engine form: 'h2-h3', 'h10-h11=Q'; castling is the king's two-square move."""
        text = f"{square_name(self.from_square)}-{square_name(self.to_square)}"
        return text if self.promotion is None else f"{text}={self.promotion}"

    def __repr__(self) -> str:
        return f"Move({self.from_square}, {self.to_square}, {self.promotion!r})"
