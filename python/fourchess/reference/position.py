"""Position: everything a FEN4 holds, as plain mutable data, plus the seat relations."""

from __future__ import annotations

from dataclasses import dataclass, field

from .outcome import Termination
from .pieces import Piece
from .seats import FFA, SEATS, is_teams_enemy
from .squares import SIZE

EnPassant = tuple[int, int]  # (M, T): the skipped square and the square the pawn landed on

# docs/rules.md §10, decision 8: a score never grows past MAX_POINTS nor the ply clock past
# MAX_PLY_CLOCK, and FEN4 reading accepts up to both, so every position a game reaches is written
# and read back.
MAX_POINTS = 1_000_000
MAX_PLY_CLOCK = 65_535


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
    # FFA seat states: every seat out of the competition is eliminated; the walking ones among
    # them still have a live king that takes its turn slot (docs/rules.md §7, dead_king_walking).
    eliminated: set[int] = field(default_factory=set)
    walking: set[int] = field(default_factory=set)
    # An end reached by an event that the board alone may not show: the FFA end tests or a claim.
    ended: Termination | None = None
    # Repetition, fifty-move rule or move limit: set by the Board from the history; perft and
    # every other position-level question ignore it (docs/rules.md §9).
    history_end: Termination | None = None
    points_lead_ends_game: bool = True  # the Rules option of that name (docs/rules.md §7, decision 11)
    # The Rules option of that name (docs/rules.md §11, decision 12).
    walking_kings_stalemated_on_their_turn: bool = False

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
            walking=set(self.walking),
            ended=self.ended,
            history_end=self.history_end,
            points_lead_ends_game=self.points_lead_ends_game,
            walking_kings_stalemated_on_their_turn=self.walking_kings_stalemated_on_their_turn,
        )

    @property
    def is_ffa(self) -> bool:
        return self.mode == FFA

    def active_seats(self) -> list[int]:
        """Seats still competing: they earn points and count for the end tests."""
        return [seat for seat in SEATS if seat not in self.eliminated]

    def takes_turns(self, seat: int) -> bool:
        return seat not in self.eliminated or seat in self.walking

    def seats_taking_turns(self) -> list[int]:
        return [seat for seat in SEATS if self.takes_turns(seat)]

    def next_seat_taking_turns(self, seat: int) -> int:
        """The next seat clockwise after `seat` that takes turns (else `seat` itself)."""
        for offset in (1, 2, 3, 4):
            candidate = (seat + offset) % 4
            if self.takes_turns(candidate):
                return candidate
        return seat

    def opponents(self, seat: int) -> list[int]:
        """Seats whose live pieces threaten `seat`: Teams the two enemies; FFA every other seat
        taking turns, since a walking king attacks like a live king."""
        if self.is_ffa:
            return [other for other in self.seats_taking_turns() if other != seat]
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
