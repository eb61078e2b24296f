"""A Martian Chess game: a position with its history, the game's end and the outcome
(docs/martian.md §4). A game read from a position text starts its history there."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .errors import IllegalMoveError
from .fen import read_fen, write_fen
from .geometry import square_name
from .moves import Move, legal_moves, make, parse_move_text, refusal
from .position import Position

START = {
    2: "2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -",
    4: "4 QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 0 0,0,0,0 -",
}


@dataclass(frozen=True)
class Outcome:
    termination: str  # empty_zone, no_legal_move, repetition or move_limit
    winners: tuple[int, ...]  # the seats in first place
    places: tuple[int, ...]  # each seat's place, 1 first, ties shared (a team's seats share theirs)
    scores: tuple[int, ...]  # each seat's own captures


def move_text(move: Move) -> str:
    return f"{square_name(move[0])}-{square_name(move[1])}"


class Game:
    def __init__(self, fen: str | None = None, *, players: int = 2, move_limit: int | None = None, teams: bool = False):
        self.position = read_fen(fen if fen is not None else START[players])
        if teams and self.position.players != 4:
            raise ValueError("teams is a four-player option")
        self.move_limit, self.teams = move_limit, teams
        self.stack: list[tuple[Move, Position]] = []
        self.seen = Counter([self.position.key()])

    def fen(self) -> str:
        return write_fen(self.position)

    def termination(self) -> str | None:
        """Why the game is over, or None while it goes on. When several endings hold at once the
        first of this order names it: empty_zone, no_legal_move, repetition, move_limit."""
        if self.position.empty_zone():
            return "empty_zone"
        if not legal_moves(self.position):
            return "no_legal_move"
        if self.seen[self.position.key()] >= 3:
            return "repetition"
        if self.move_limit is not None and len(self.stack) >= self.move_limit:
            return "move_limit"
        return None

    def legal_moves(self) -> list[Move]:
        return [] if self.termination() is not None else legal_moves(self.position)

    def push_text(self, text: str) -> Move:
        move = parse_move_text(text)
        self.push(move)
        return move

    def push(self, move: Move) -> None:
        if self.termination() is not None:
            raise IllegalMoveError("game_over", f"{move_text(move)}: the game is over")
        reason = refusal(self.position, move)
        if reason is not None:
            raise IllegalMoveError(reason, f"{move_text(move)}: {reason}")
        self.stack.append((move, self.position))
        self.position = make(self.position, move)
        self.seen[self.position.key()] += 1

    def pop(self) -> Move:
        self.seen[self.position.key()] -= 1
        move, self.position = self.stack.pop()
        return move

    def last_mover(self) -> int:
        """The seat that made the last move: of the history, or else the seat before the one to
        move (a position read from text)."""
        return (self.position.turn - 1) % self.position.players

    def outcome(self) -> Outcome | None:
        termination = self.termination()
        if termination is None:
            return None
        players, scores = self.position.players, tuple(self.position.scores)
        # the units that are ranked: seats, or the teams {0, 2} and {1, 3}
        units = [(0, 2), (1, 3)] if self.teams else [(seat,) for seat in range(players)]
        totals = [sum(scores[seat] for seat in unit) for unit in units]
        top = max(totals)
        tied = [i for i, total in enumerate(totals) if total == top]
        mover_unit = next(i for i, unit in enumerate(units) if self.last_mover() in unit)
        winners = [mover_unit] if len(tied) > 1 and mover_unit in tied else tied

        def place(i: int) -> int:  # 1 + the units before unit i: the winners, then higher totals
            if i in winners:
                return 1
            return 1 + sum(j in winners or totals[j] > totals[i] for j in range(len(units)))

        unit_places = [place(i) for i in range(len(units))]
        places = [0] * players
        for i, unit in enumerate(units):
            for seat in unit:
                places[seat] = unit_places[i]
        winning_seats = tuple(sorted(seat for i in winners for seat in units[i]))
        return Outcome(termination, winning_seats, tuple(places), scores)
