"""Board: the public face of the reference, shaped like fourchess.Board (and python-chess)."""

from __future__ import annotations

from . import ffa, teams
from .attacks import is_in_check
from .errors import IllegalMoveError
from .fen4_read import read_fen4
from .fen4_write import write_fen4
from .make import make_move
from .move import Move
from .movegen import generate_legal, has_legal_move
from .notation import parse_engine_move
from .perft import divide, perft
from .position import Position
from .seats import FFA, TEAMS
from .squares import SIZE
from .start import START_FEN4


class Board:
    def __init__(
        self, fen4: str | None = None, *, mode: str = TEAMS, setup: str = "modern"
    ) -> None:
        if mode not in (TEAMS, FFA):
            raise ValueError(f"mode must be 'teams' or 'ffa', got {mode!r}")
        if setup not in START_FEN4:
            raise ValueError(f"setup must be 'modern' or 'classic', got {setup!r}")
        self._position: Position = read_fen4(START_FEN4[setup] if fen4 is None else fen4, mode)
        # Each entry keeps the whole position before the move, so pop restores it exactly.
        self._stack: list[tuple[Move, Position]] = []

    def __repr__(self) -> str:
        return f"Board({self.fen4()!r}, mode={self.mode!r})"

    # --- state -------------------------------------------------------------------------

    @property
    def mode(self) -> str:
        return self._position.mode

    @property
    def turn(self) -> int:
        return self._position.turn

    @property
    def points(self) -> tuple[int, int, int, int]:
        return tuple(self._position.points)  # type: ignore[return-value]

    @property
    def eliminated(self) -> frozenset[int]:
        return frozenset(self._position.eliminated)

    @property
    def move_stack(self) -> list[Move]:
        return [move for move, _ in self._stack]

    def piece_at(self, square: int) -> str | None:
        if not 0 <= square < SIZE * SIZE:
            raise ValueError(f"square index must be in 0..195, got {square}")
        piece = self._position.squares[square]
        return None if piece is None else piece.fen4()

    def fen4(self) -> str:
        return write_fen4(self._position)

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other._position = self._position.copy()
        other._stack = list(self._stack)  # snapshots are never mutated, so they can be shared
        return other

    # --- moves ---------------------------------------------------------------------------

    @property
    def legal_moves(self) -> list[Move]:
        if self._ended_by_rule():
            return []
        return list(generate_legal(self._position, self._position.turn))

    def push(self, move: Move, *, checked: bool = True) -> None:
        """Play a move from legal_moves; `checked=False` skips the test (perft's inner loop)."""
        if checked and move not in self.legal_moves:
            raise IllegalMoveError(f"illegal move {move} in {self.fen4()}")
        position = self._position
        before = position.copy()
        mover = position.turn
        checked_before = ffa.kings_checked_by(position, mover) if position.is_ffa else set()
        captured = make_move(position, move)
        if position.is_ffa:
            ffa.apply_consequences(position, mover, captured, checked_before)
        else:
            position.turn = (mover + 1) % 4
        self._stack.append((move, before))

    def push_move(self, text: str) -> Move:
        """Play engine-form text ('h2-h3', 'h2h3', 'h10-h11=Q'); in FFA '=Q' means '=D'."""
        source, target, promotion = parse_engine_move(text)
        if self.mode == FFA and promotion == "Q":
            promotion = "D"
        candidates = [
            m for m in self.legal_moves if (m.from_square, m.to_square) == (source, target)
        ]
        if not candidates:
            raise IllegalMoveError(f"illegal move {text!r} in {self.fen4()}")
        if promotion is None and len(candidates) > 1:
            raise IllegalMoveError(
                f"move {text!r} is a promotion and must name its piece (=Q, =R, =B or =N)"
            )
        if promotion is None:
            move = candidates[0]  # also an FFA promotion, which can only be =D
        else:
            matching = [m for m in candidates if m.promotion == promotion]
            if not matching:
                raise IllegalMoveError(
                    f"illegal move {text!r}: promotion {promotion!r} is not available here"
                )
            move = matching[0]
        self.push(move, checked=False)
        return move

    def pop(self) -> Move:
        if not self._stack:
            raise IndexError("pop from a board with no moves played")
        move, before = self._stack.pop()
        self._position = before.copy()
        return move

    def perft(self, depth: int) -> int:
        return perft(self, depth)

    def divide(self, depth: int) -> dict[str, int]:
        return divide(self, depth)

    # --- status --------------------------------------------------------------------------

    def _ended_by_rule(self) -> bool:
        """Ended for a reason other than the side to move having no move."""
        if self._position.is_ffa:
            return self._position.ffa_over
        return bool(teams.losing_seats(self._position))

    def is_check(self, seat: int | None = None) -> bool:
        return is_in_check(self._position, self.turn if seat is None else seat)

    def _is_stuck(self) -> bool:
        return not self._ended_by_rule() and not has_legal_move(self._position, self.turn)

    def is_checkmate(self) -> bool:
        return self._is_stuck() and self.is_check()

    def is_stalemate(self) -> bool:
        return self._is_stuck() and not self.is_check()

    def is_game_over(self) -> bool:
        return self._ended_by_rule() or not has_legal_move(self._position, self.turn)

    @property
    def winner(self) -> frozenset[int] | None:
        """None while playing and for a draw; Teams the winning pair; FFA the top scorers."""
        if not self.is_game_over():
            return None
        if self._position.is_ffa:
            best = max(self._position.points)
            points = self._position.points
            return frozenset(seat for seat in range(4) if points[seat] == best)
        if self._ended_by_rule():
            return teams.decided_winner(self._position)
        return teams.other_team(self.turn) if self.is_check() else None
