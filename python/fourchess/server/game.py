"""One game's rules-side life on the server, without any I/O: who may do what, what a move or a
leave would store, when a leave aborts the game instead of scoring it, and the turn deadline.

A change is proposed first (the board is moved tentatively and the record to store is returned),
then either committed once the store has it, or reverted. The Room does the waiting in between.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from fourchess import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError, Move, Seat, check_move
from fourchess._quote import quoted
from fourchess.pgn4.from_board import game_from_board
from fourchess.pgn4.writer import write_game
from fourchess.server import tokens
from fourchess.server.errors import BadRequest, BadToken, GameOver, IllegalMove, NotYourTurn, Stale
from fourchess.server.settings import GameConfig
from fourchess.server.store.base import ABORTED, FINISHED, PLAYING, FinishRecord, GameRecord, StepKind, StepRecord

MAX_MOVE_LENGTH = 32  # the longest move text fourchess reads is far shorter ("Qa11xQn14=D+#" is 13)
LEAVES = (StepKind.RESIGN, StepKind.TIMEOUT, StepKind.CLAIM)
FFA_ABORT_MOVES = 3  # FFA: a leave before every seat has made this many moves may abort


@dataclass(frozen=True)
class Proposal:
    """What a proposed change stores: a step (None for an abort) and, when the game ends with it,
    the ending."""

    step: StepRecord | None
    finish: FinishRecord | None


class LiveGame:
    """A stored game replayed on a Board, with the seat tokens' hashes to authenticate by.

    Its seats are fourchess.Seat; the store's records name them ("RED"), and the LiveGame converts
    as it reads records and makes them."""

    def __init__(self, record: GameRecord) -> None:
        self.id = record.id
        self.config = GameConfig.from_dict(record.settings)
        self.token_hashes = {Seat[name]: digest for name, digest in record.token_hashes.items()}
        self.created_at = record.created_at
        self.board = Board(rules=self.config.rules)
        self.steps: list[StepRecord] = []
        self.last_moves: dict[Seat, Move] = {}  # each seat's latest move, kept as steps come
        for step in record.steps:
            self.apply_stored(step)
        self.status = record.status
        self.finish = record.finish
        self.rematch = record.rematch
        self.clock_from = 0.0  # a turn's time runs from no earlier than this: when the game last resumed

    @property
    def ply(self) -> int:
        """The number of steps stored."""
        return len(self.steps)

    @property
    def playing(self) -> bool:
        """Still going (not finished, not aborted)."""
        return self.status == PLAYING

    def seat_for(self, token: object) -> Seat:
        """The seat this token belongs to; BadToken when it is none of this game's."""
        seat = tokens.seat_of(token, self.token_hashes)
        if seat is None:
            raise BadToken("that token is not a seat token of this game")
        return seat

    def turn(self) -> Seat | None:
        """The seat to move, or None once the game is over."""
        return self.board.turn if self.playing and not self.board.is_game_over() else None

    def turn_started(self) -> float:
        """When the current turn began: the time the last step was stored, else the game's creation."""
        return self.steps[-1].at if self.steps else self.created_at

    def deadline(self) -> float | None:
        """When the side to move times out (None without a turn timer or once over): its turn's
        time counts from the last stored step, or from when the game resumed after a pause if later."""
        limit = self.config.game.turn_time_limit
        if limit is None or self.turn() is None:
            return None
        return max(self.turn_started(), self.clock_from) + limit

    # --- proposals ---------------------------------------------------------------------------

    def propose_move(self, seat: Seat, text: object, ply: object, now: float, by: str) -> Proposal:
        """Play ``text`` for ``seat`` on the board (tentatively) and give what to store.
        GameOver, Stale, NotYourTurn, BadRequest or IllegalMove (with the Refusal) otherwise,
        the board unchanged."""
        self._check_open(ply)
        if not isinstance(text, str):
            raise BadRequest(f"move must be a string, got {type(text).__name__}")
        if len(text) > MAX_MOVE_LENGTH:
            raise BadRequest(f"move text is at most {MAX_MOVE_LENGTH} characters, got {quoted(text)}")
        self._check_turn(seat)
        try:
            move = self.board.push_move(text)
        except (IllegalMoveError, InvalidMoveError, AmbiguousMoveError) as error:
            verdict = check_move(self.board.fen4(), [], text, seat=seat, rules=self.config.rules)
            raise IllegalMove(str(error), None if verdict.reason is None else verdict.reason.value) from None
        return self._proposal(StepRecord(self.ply, str(move), seat.name, now, by))

    def propose_leave(self, seat: Seat, kind: StepKind, ply: object, now: float, by: str) -> Proposal:
        """Resign, time out or claim the win for ``seat``: the step to store, or an abort (step
        None) when chess.com's conventions say the leave aborts the game. A seat leaves on its own
        turn or right after its own move (the only places PGN4 records a leave); a timeout only on
        its turn; a claim only when the rules allow it."""
        if kind not in LEAVES:
            raise BadRequest(
                f"a leave is one of {', '.join(leave.value for leave in LEAVES)},"
                f" got {quoted(getattr(kind, 'value', kind))}"
            )
        self._check_open(ply)
        just_moved = bool(self.steps) and _mover(self.steps[-1]) == seat and self.steps[-1].kind is StepKind.MOVE
        if self.board.turn != seat and (kind is StepKind.TIMEOUT or not just_moved):
            raise NotYourTurn(f"{seat.name} may {kind.value} only on its own turn; it is {self.board.turn.name}'s turn")
        if kind is StepKind.CLAIM and not self.board.can_claim_win(seat):
            raise IllegalMove(f"{seat.name} may not claim the win now (FFA: two seats left, 21 points ahead)", None)
        if kind is not StepKind.CLAIM and self.aborts(seat):
            result = {"seat": seat.name, "kind": kind.value}
            ending = f"{seat.title} {'resigned' if kind is StepKind.RESIGN else 'timed out'}: game aborted"
            return Proposal(None, FinishRecord(ABORTED, result, self._pgn4(aborted=ending), now))
        token = kind.token(seat)  # resign:B
        self.board.push_step(token)
        return self._proposal(StepRecord(self.ply, token, seat.name, now, by))

    def aborts(self, seat: Seat) -> bool:
        """Would a resignation or timeout by ``seat`` now abort the game? Teams: when it comes on
        the seat's first move. FFA: before every seat has made three moves, while nobody has
        points and the seat is not in check (the chess.com rules, docs/rules.md)."""
        moves = dict.fromkeys(Seat, 0)
        for step in self.steps:
            if step.kind is StepKind.MOVE:
                moves[_mover(step)] += 1
        if self.config.rules.mode == "teams":
            return moves[seat] == 0
        return min(moves.values()) < FFA_ABORT_MOVES and not any(self.board.points) and not self.board.is_check(seat)

    def commit(self, proposal: Proposal) -> None:
        """The store has the proposal: make it the game's."""
        if proposal.step is not None:
            self._stored(proposal.step, self.board.peek())
        if proposal.finish is not None:
            self.finish = proposal.finish
            self.status = proposal.finish.status

    def revert(self, proposal: Proposal) -> None:
        """The store refused the proposal (another process was first): take it back off the board."""
        if proposal.step is not None:
            self.board.pop()

    def apply_stored(self, step: StepRecord) -> None:
        """A step another process stored: play it (it was validated there by the same core)."""
        if step.ply != self.ply:
            raise ValueError(f"step {step.ply} does not follow ply {self.ply} of game {self.id}")
        self._stored(step, self.board.push_step(step.text))

    def _stored(self, step: StepRecord, played: object) -> None:
        self.steps.append(step)
        if isinstance(played, Move):
            self.last_moves[_mover(step)] = played

    def end_as_stored(self, finish: FinishRecord | None, status: str) -> None:
        """Take the ending another process stored."""
        self.finish = finish
        self.status = status

    # --- helpers -----------------------------------------------------------------------------

    def _check_open(self, ply: object) -> None:
        if not self.playing or self.board.is_game_over():
            raise GameOver(f"game {self.id} is {'over' if self.status == PLAYING else self.status}")
        if ply is not None:
            if isinstance(ply, bool) or not isinstance(ply, int):
                raise BadRequest(f"ply must be an integer, got {quoted(ply)}")
            if ply != self.ply:
                raise Stale(f"that was sent for ply {ply}, but the game is at ply {self.ply}")

    def _check_turn(self, seat: Seat) -> None:
        turn = self.board.turn
        if seat != turn:
            raise NotYourTurn(f"it is {turn.name}'s turn, not {seat.name}'s")

    def _proposal(self, step: StepRecord) -> Proposal:
        if not self.board.is_game_over():
            return Proposal(step, None)
        outcome = self.board.outcome()
        result = outcome.to_dict() if outcome is not None else {}
        return Proposal(step, FinishRecord(FINISHED, result, self._pgn4(), step.at))

    def _pgn4(self, aborted: str | None = None) -> str:
        """The game's PGN4 as it stands (an aborted game's result is '*', its ending named)."""
        names = tuple(seat.name for seat in self.config.seats)
        game = game_from_board(self.board, names)  # type: ignore[arg-type]
        game.headers["Site"] = "fourchess serve"
        game.headers["Date"] = time.strftime(
            "%a %b %d %Y %H:%M:%S GMT+0000 (Coordinated Universal Time)", time.gmtime(self.created_at)
        )  # as chess.com writes it
        if aborted is not None:
            game.headers["Result"] = "*"
            game.headers["Termination"] = aborted
        return write_game(game)

    def pgn4(self) -> str:
        """The stored PGN4 once over; the PGN4 so far while playing."""
        return self.finish.pgn4 if self.finish is not None else self._pgn4()


def _mover(step: StepRecord) -> Seat:
    """The seat that took a stored step (the record names it: "RED")."""
    return Seat[step.seat]
