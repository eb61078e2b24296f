"""Board: the public face of the reference, shaped like fourchess.Board (and python-chess)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import NamedTuple

from . import actions, checks
from .attacks import attacker_squares, is_attacked, is_in_check
from .ending import build_outcome, ended_by_rule, game_termination, position_termination
from .errors import IllegalMoveError
from .fen4_read import read_fen4
from .fen4_write import write_fen4
from .ffa import is_insufficient_material as ffa_material_insufficient
from .history import end_by_history, history_termination, repetition_key
from .move import Move
from .movegen import generate_legal, pseudo_legal_moves
from .notation import parse_engine_move
from .outcome import GameEvent, Outcome, Termination
from .perft import divide, perft
from .play import play_move
from .position import Position
from .quoting import shown
from .result import result_text
from .rules import Rules
from .seats import FFA, TEAMS
from .squares import SIZE
from .start import START_FEN4


class _Entry(NamedTuple):
    item: Move | GameEvent
    before: Position  # the whole position before the item, so pop restores it exactly
    key: Hashable  # the repetition key after it, to uncount on pop


def _choose_rules(mode: str | None, setup: str | None, rules: Rules | None) -> Rules:
    if rules is None:
        return Rules(mode=TEAMS if mode is None else mode, setup="modern" if setup is None else setup)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a fourchess.reference.Rules, got {type(rules).__name__}")
    # mode or setup beside rules must agree with them (Rules reads the mode's case as the core does).
    if mode is not None and Rules(mode=mode).mode != rules.mode:
        raise ValueError(f"mode={shown(mode)} disagrees with rules (mode={shown(rules.mode)}): give one of them")
    if setup is not None and setup != rules.setup:
        raise ValueError(f"setup={shown(setup)} disagrees with rules (setup={shown(rules.setup)}): give one of them")
    return rules


def _seat_argument(seat: int) -> int:
    # bool is an int subclass; an IntEnum seat (the core's Seat) is welcome.
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3 (Red, Blue, Yellow, Green), got {shown(seat)}")
    return int(seat)


class Board:
    def __init__(
        self,
        fen4: str | None = None,
        *,
        mode: str | None = None,
        setup: str | None = None,
        rules: Rules | None = None,
    ) -> None:
        self._rules = _choose_rules(mode, setup, rules)
        text = START_FEN4[self._rules.setup] if fen4 is None else fen4
        self._position: Position = read_fen4(
            text,
            self._rules.mode,
            self._rules.dead_king_walking,
            self._rules.points_lead_ends_game,
            self._rules.walking_kings_stalemated_on_their_turn,
        )
        self._stack: list[_Entry] = []
        # How often each repetition key occurred since the root (the root included).
        self._seen: Counter[Hashable] = Counter([repetition_key(self._position)])
        self._moves_played = 0

    def __repr__(self) -> str:
        return f"Board({self.fen4()!r}, mode={self.mode!r})"

    # --- state -------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

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
        """FFA seats out of the competition, walking kings' seats included."""
        return frozenset(self._position.eliminated)

    @property
    def walking_kings(self) -> frozenset[int]:
        return frozenset(self._position.walking)

    @property
    def move_stack(self) -> list[Move]:
        return [entry.item for entry in self._stack if isinstance(entry.item, Move)]

    def piece_at(self, square: int) -> str | None:
        if not 0 <= square < SIZE * SIZE:
            raise ValueError(f"square index must be in 0..195, got {shown(square)}")
        piece = self._position.squares[square]
        return None if piece is None else piece.fen4()

    def fen4(self) -> str:
        return write_fen4(self._position)

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other._rules = self._rules
        other._position = self._position.copy()
        other._stack = list(self._stack)  # snapshots are never mutated, so they can be shared
        other._seen = Counter(self._seen)
        other._moves_played = self._moves_played
        return other

    # --- moves and actions ---------------------------------------------------------------

    @property
    def legal_moves(self) -> list[Move]:
        position = self._position
        if position.history_end is not None or ended_by_rule(position) is not None:
            return []
        return list(generate_legal(position, position.turn))

    def _record(self, item: Move | GameEvent, before: Position) -> Hashable:
        key = repetition_key(self._position)
        self._seen[key] += 1
        self._stack.append(_Entry(item, before, key))
        return key

    def push(self, move: Move, *, checked: bool = True) -> None:
        """Play a move from legal_moves; `checked=False` skips the legality test."""
        if checked and move not in self.legal_moves:
            raise IllegalMoveError(f"illegal move {move} in {self.fen4()}")
        position = self._position
        before = position.copy()
        play_move(position, move)
        self._moves_played += 1
        key = self._record(move, before)
        # History ends only apply when the move did not already end the game on the board.
        if position_termination(position) is None:
            termination = history_termination(position, self._seen[key], self._moves_played, self._rules.move_limit)
            if termination is not None:
                end_by_history(position, termination)

    def push_unchecked(self, move: Move) -> None:
        """Play a pseudo-legal move: one the pieces may make (castling only when legal), without
        testing whether it leaves the mover's own king attacked. Refused once the game is over."""
        position = self._position
        if self.is_game_over() or move not in set(pseudo_legal_moves(position, position.turn)):
            raise IllegalMoveError(f"{move} is not a pseudo-legal move in {self.fen4()}")
        self.push(move, checked=False)

    def push_move(self, text: str) -> Move:
        """Play engine-form text ('h2-h3', 'h2h3', 'h10-h11=Q'); in FFA '=Q' means '=D'."""
        source, target, promotion = parse_engine_move(text)
        if self.mode == FFA and promotion == "Q":
            promotion = "D"
        candidates = [m for m in self.legal_moves if (m.from_square, m.to_square) == (source, target)]
        if not candidates:
            raise IllegalMoveError(f"illegal move {shown(text)} in {self.fen4()}")
        if promotion is None and len(candidates) > 1:
            raise IllegalMoveError(f"move {shown(text)} is a promotion and must name its piece (=Q, =R, =B or =N)")
        if promotion is None:
            move = candidates[0]  # also an FFA promotion, which can only be =D
        else:
            matching = [m for m in candidates if m.promotion == promotion]
            if not matching:
                raise IllegalMoveError(
                    f"illegal move {shown(text)}: promotion {shown(promotion)} is not available here"
                )
            move = matching[0]
        self.push(move, checked=False)
        return move

    def _act(self, kind: str, seat: int) -> None:
        """Resign, timeout or claim: checked before anything changes, then recorded."""
        seat = _seat_argument(seat)
        if self.termination() is not None:
            raise ValueError(f"{kind}: the game is over")
        before = self._position.copy()
        if kind == "claim":
            actions.claim_win(self._position, seat)
        else:
            actions.leave(
                self._position, seat, timed_out=kind == "timeout", dead_king_walking=self._rules.dead_king_walking
            )
        self._record(GameEvent(kind, seat), before)

    def resign(self, seat: int) -> None:
        self._act("resign", seat)

    def timeout(self, seat: int) -> None:
        self._act("timeout", seat)

    def claim_win(self, seat: int) -> None:
        self._act("claim", seat)

    def pop(self) -> Move | GameEvent:
        """Undo the last move or action; returns the Move, or a GameEvent for an action."""
        if not self._stack:
            raise IndexError("pop from a board with no moves played")
        entry = self._stack.pop()
        self._seen[entry.key] -= 1
        if isinstance(entry.item, Move):
            self._moves_played -= 1
        self._position = entry.before.copy()
        return entry.item

    def random_walking_king_move(self, rng: random.Random) -> Move | None:
        """A uniformly random legal move when the side to move is a walking king, else None.

        The moves are sorted (from, to) first, so the same rng state picks the same move in
        every implementation.
        """
        if self._position.turn not in self._position.walking:
            return None
        moves = sorted(self.legal_moves, key=lambda m: (m.from_square, m.to_square))
        return rng.choice(moves) if moves else None

    def perft(self, depth: int) -> int:
        return perft(self._position, depth)

    def divide(self, depth: int) -> dict[str, int]:
        return divide(self._position, depth)

    # --- status --------------------------------------------------------------------------

    def termination(self) -> Termination | None:
        return game_termination(self._position)

    def outcome(self) -> Outcome | None:
        termination = self.termination()
        return None if termination is None else build_outcome(self._position, termination)

    def result(self, names: Sequence[str] | None = None) -> str:
        return result_text(self.outcome(), self._position.is_ffa, names)

    def is_check(self, seat: int | None = None) -> bool:
        return is_in_check(self._position, self.turn if seat is None else seat)

    def attackers(self, seat: int, square: int) -> frozenset[int]:
        """Squares of the seat's live pieces that attack `square`."""
        return frozenset(attacker_squares(self._position, square, [_seat_argument(seat)]))

    def is_attacked_by(self, seat: int, square: int) -> bool:
        return is_attacked(self._position, square, [_seat_argument(seat)])

    def _pseudo_legal(self, move: Move) -> Move:
        if self.is_game_over() or move not in set(pseudo_legal_moves(self._position, self._position.turn)):
            raise IllegalMoveError(f"{move} is not a pseudo-legal move in {self.fen4()}")
        return move

    def is_capture(self, move: Move) -> bool:
        """A pseudo-legal move that takes a piece (live or dead), en passant included."""
        return checks.is_capture(self._position, self._pseudo_legal(move))

    def gives_check(self, move: Move) -> bool:
        """A pseudo-legal move that newly checks an opponent's king (chess.com's '+')."""
        return bool(checks.kings_newly_checked(self._position, self._pseudo_legal(move)))

    def is_insufficient_material(self) -> bool:
        """FFA's insufficient-material ending (docs/rules.md §7); Teams has none (§6)."""
        return self._position.is_ffa and ffa_material_insufficient(self._position)

    def is_checkmate(self) -> bool:
        return self.termination() is Termination.CHECKMATE

    def is_stalemate(self) -> bool:
        return self.termination() is Termination.STALEMATE

    def is_game_over(self) -> bool:
        return self.termination() is not None

    @property
    def winner(self) -> frozenset[int] | None:
        """None while playing and for a draw; Teams the winning pair; FFA the top scorers."""
        outcome = self.outcome()
        return None if outcome is None else outcome.winner
