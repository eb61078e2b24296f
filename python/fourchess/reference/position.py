"""Position: everything a FEN4 holds, as plain mutable data, plus the seat relations."""

from __future__ import annotations

from dataclasses import dataclass, field

from .pieces import Piece
from .seats import FFA, SEATS, is_teams_enemy
from .squares import SIZE

EnPassant = tuple[int, int]  # (M, T): the skipped square and the square the pawn landed on


@dataclass
class Position:
    mode: str
    squares: list[Piece | None] = field(default_factory=lambda: [None] * (SIZE * SIZE))
    turn: int = 0
    castle_short: list[bool] = field(default_factory=lambda: [False] * 4)
    castle_long: list[bool] = field(default_factory=lambda: [False] * 4)
    points: list[int] = field(default_factory=lambda: [0] * 4)
    ply_clock: int = 0
    en_passant: list[EnPassant | None] = field(default_factory=lambda: [None] * 4)
    dead: list[bool] = field(default_factory=lambda: [False] * 4)  # FEN4 field 2
    resigned: list[bool] = field(default_factory=lambda: [False] * 4)
    flagged: list[bool] = field(default_factory=lambda: [False] * 4)
    eliminated: set[int] = field(default_factory=set)  # FFA only
    ffa_over: bool = False  # an FFA end condition of §7 was reached

    def copy(self) -> Position:
        return Position(
            mode=self.mode,
            squares=list(self.squares),
            turn=self.turn,
            castle_short=list(self.castle_short),
            castle_long=list(self.castle_long),
            points=list(self.points),
            ply_clock=self.ply_clock,
            en_passant=list(self.en_passant),
            dead=list(self.dead),
            resigned=list(self.resigned),
            flagged=list(self.flagged),
            eliminated=set(self.eliminated),
            ffa_over=self.ffa_over,
        )

    @property
    def is_ffa(self) -> bool:
        return self.mode == FFA

    def active_seats(self) -> list[int]:
        return [seat for seat in SEATS if seat not in self.eliminated]

    def opponents(self, seat: int) -> list[int]:
        """Seats whose live pieces threaten `seat`: Teams the two enemies, FFA all active others."""
        if self.is_ffa:
            return [other for other in self.active_seats() if other != seat]
        return [other for other in SEATS if is_teams_enemy(seat, other)]

    def may_capture(self, seat: int, victim: Piece) -> bool:
        """Dead pieces are anyone's; never your own; in Teams never your partner's."""
        if victim.owner is None:
            return True
        if victim.owner == seat:
            return False
        return self.is_ffa or is_teams_enemy(seat, victim.owner)

    def king_square(self, seat: int) -> int | None:
        for square, piece in enumerate(self.squares):
            if piece is not None and piece.kind == "K" and piece.owner == seat:
                return square
        return None
