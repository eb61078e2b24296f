"""One game's rules-side life on the server, without any I/O: who may do what, what a move or a
leave would store, when a leave aborts the game instead of scoring it, and the turn deadline.

A change is proposed first (the board is moved tentatively and the record to store is returned),
then either committed once the store has it, or reverted. The Room does the waiting in between.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourchess._quote import quoted
from fourchess.server import tokens
from fourchess.server.errors import BadRequest, BadToken, GameOver, IllegalMove, NotYourTurn, Stale
from fourchess.server.games import LeaveRefused, MoveRefused, Step
from fourchess.server.settings import GameConfig
from fourchess.server.store.base import ABORTED, FINISHED, PLAYING, FinishRecord, GameRecord, StepKind, StepRecord

MAX_MOVE_LENGTH = 32  # the longest move text any of the games reads is far shorter ("Qa11xQn14=D+#" is 13)
LEAVES = (StepKind.RESIGN, StepKind.TIMEOUT, StepKind.CLAIM)


@dataclass(frozen=True)
class Proposal:
    """What a proposed change stores: a step (None for an abort) and, when the game ends with it,
    the ending."""

    step: StepRecord | None
    finish: FinishRecord | None
    shown: str = ""  # the step as the move list shows it


class LiveGame:
    """A stored game replayed on its game's Play (fourchess.server.games), with the seat tokens'
    hashes to authenticate by.

    Its seats are numbers in the game's seat order; the store's records name them ("RED"), and the
    LiveGame converts as it reads records and makes them."""

    def __init__(self, record: GameRecord) -> None:
        self.id = record.id
        self.config = GameConfig.from_dict(record.settings)
        self.kind = self.config.kind
        self.seat_names = self.config.seat_names
        self.token_hashes = {self._seat(name): digest for name, digest in record.token_hashes.items()}
        self.created_at = record.created_at
        self.play = self.kind.start(self.config.rules)
        self.steps: list[StepRecord] = []
        self.shown: list[str] = []  # each step as the move list shows it (the record's notation)
        for step in record.steps:
            self.apply_stored(step)
        self.status = record.status
        self.finish = record.finish
        self.rematch = record.rematch
        self.clock_from = 0.0  # a turn's time runs from no earlier than this: when the game last resumed

    def _seat(self, name: str) -> int:
        seat = self.config.seat_named(name)
        if seat is None:
            raise ValueError(f"game {self.id} has no seat {quoted(name)}")
        return seat

    @property
    def ply(self) -> int:
        """The number of steps stored."""
        return len(self.steps)

    @property
    def playing(self) -> bool:
        """Still going (not finished, not aborted)."""
        return self.status == PLAYING

    def seat_for(self, token: object) -> int:
        """The seat this token belongs to; BadToken when it is none of this game's."""
        seat = tokens.seat_of(token, self.token_hashes)
        if seat is None:
            raise BadToken("that token is not a seat token of this game")
        return seat

    def turn(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return self.play.turn() if self.playing else None

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

    def propose_move(self, seat: int, text: object, ply: object, now: float, by: str) -> Proposal:
        """Play ``text`` for ``seat`` (tentatively) and give what to store. GameOver, Stale,
        NotYourTurn, BadRequest or IllegalMove (with the game's refusal reason) otherwise, the game
        unchanged."""
        self._check_open(ply)
        if not isinstance(text, str):
            raise BadRequest(f"move must be a string, got {type(text).__name__}")
        if len(text) > MAX_MOVE_LENGTH:
            raise BadRequest(f"move text is at most {MAX_MOVE_LENGTH} characters, got {quoted(text)}")
        self._check_turn(seat)
        try:
            step = self.play.move(seat, text)
        except MoveRefused as error:
            raise IllegalMove(str(error), error.reason) from None
        return self._proposal(step, seat, now, by)

    def propose_leave(self, seat: int, kind: StepKind, ply: object, now: float, by: str) -> Proposal:
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
        turn = self.play.turn()
        just_moved = bool(self.steps) and self._mover(self.steps[-1]) == seat and self.steps[-1].kind is StepKind.MOVE
        if turn != seat and (kind is StepKind.TIMEOUT or not just_moved):
            raise NotYourTurn(
                f"{self.seat_names[seat]} may {kind.value} only on its own turn;"
                f" it is {self.seat_names[turn] if turn is not None else 'nobody'}'s turn"
            )
        if kind is not StepKind.CLAIM and self.aborts(seat):
            result = {"seat": self.seat_names[seat], "kind": kind.value}
            title = self.kind.seat_title(self.seat_names[seat])
            ending = f"{title} {'resigned' if kind is StepKind.RESIGN else 'timed out'}: game aborted"
            return Proposal(None, FinishRecord(ABORTED, result, self._record(aborted=ending), now))
        try:
            step = self.play.leave(seat, kind)
        except LeaveRefused as error:
            raise IllegalMove(str(error), None) from None
        return self._proposal(step, seat, now, by)

    def aborts(self, seat: int) -> bool:
        """Would a resignation or timeout by ``seat`` now abort the game instead of counting (the
        game's rule, chess.com's conventions: docs/rules.md)?"""
        moves = [0] * self.play.seat_count
        for step in self.steps:
            if step.kind is StepKind.MOVE:
                moves[self._mover(step)] += 1
        return self.play.leave_aborts(seat, moves)

    def commit(self, proposal: Proposal) -> None:
        """The store has the proposal: make it the game's."""
        if proposal.step is not None:
            self.steps.append(proposal.step)
            self.shown.append(proposal.shown)
        if proposal.finish is not None:
            self.finish = proposal.finish
            self.status = proposal.finish.status

    def revert(self, proposal: Proposal) -> None:
        """The store refused the proposal (another process was first): take it back."""
        if proposal.step is not None:
            self.play.undo()

    def apply_stored(self, step: StepRecord) -> None:
        """A step another process stored: play it (it was validated there by the same rules)."""
        if step.ply != self.ply:
            raise ValueError(f"step {step.ply} does not follow ply {self.ply} of game {self.id}")
        shown = self.play.replay(step.text)
        self.steps.append(step)
        self.shown.append(shown.shown)

    def end_as_stored(self, finish: FinishRecord | None, status: str) -> None:
        """Take the ending another process stored."""
        self.finish = finish
        self.status = status

    # --- helpers -----------------------------------------------------------------------------

    def _check_open(self, ply: object) -> None:
        if not self.playing or self.play.is_over():
            raise GameOver(f"game {self.id} is {'over' if self.status == PLAYING else self.status}")
        if ply is not None:
            if isinstance(ply, bool) or not isinstance(ply, int):
                raise BadRequest(f"ply must be an integer, got {quoted(ply)}")
            if ply != self.ply:
                raise Stale(f"that was sent for ply {ply}, but the game is at ply {self.ply}")

    def _check_turn(self, seat: int) -> None:
        turn = self.play.turn()
        if seat != turn:
            raise NotYourTurn(f"it is {self.seat_names[turn]}'s turn, not {self.seat_names[seat]}'s")  # type: ignore[index]

    def _proposal(self, step: Step, seat: int, now: float, by: str) -> Proposal:
        record = StepRecord(self.ply, step.text, self.seat_names[seat], now, by)
        if not self.play.is_over():
            return Proposal(record, None, step.shown)
        return Proposal(record, FinishRecord(FINISHED, self.play.outcome() or {}, self._record(), now), step.shown)

    def _mover(self, step: StepRecord) -> int:
        """The seat that took a stored step (the record names it: "RED")."""
        return self._seat(step.seat)

    def player_names(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return tuple(seat.name for seat in self.config.seats)

    def _record(self, aborted: str | None = None) -> str:
        """The game's record as it stands (an aborted game's says so)."""
        return self.play.record(self.player_names(), self.created_at, aborted)

    def record(self) -> str:
        """The stored record once over; the record so far while playing."""
        return self.finish.pgn4 if self.finish is not None else self._record()
