"""Martian Chess on the site (docs/martian.md): fourchess.martian's Board, record, SVG and search,
for two players or four (each for themselves, or diagonal partners as teams).

The seats are named by the colours the picture gives them: RED (seat 0, the south-west zone),
BLUE, then YELLOW and GREEN with four players. A resignation or a timeout ends the game
(games/leaves.py); the Martian record has no words for it, so the record then holds the moves
without a Result, and the site's state says who left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fourchess._quote import quoted
from fourchess.martian import Board, IllegalMoveError, InvalidMoveError, MartianRules, parse_square, square_name
from fourchess.martian import svg as martian_svg
from fourchess.martian.players import SearchPlayer
from fourchess.martian.record import result_text, write_record
from fourchess.server.errors import BadSettings
from fourchess.server.games import leaves
from fourchess.server.games.base import TEAM_PARTNERS, Choice, CpuEngine, GameKind, MoveRefused, Step, move_limit_from
from fourchess.server.games.search_cpu import SearchCpu
from fourchess.server.store.base import StepKind

SEAT_NAMES = ("RED", "BLUE", "YELLOW", "GREEN")  # the first two in a two-player game
TERMINATIONS = {
    "empty_zone": "a zone emptied",
    "no_legal_move": "the player to move had no move",
    "repetition": "a position came a third time",
    "move_limit": "the move limit",
    "resignation": "resignation",
    "timeout": "timeout",
}
_LEAVE_TERMINATION = {StepKind.RESIGN: "resignation", StepKind.TIMEOUT: "timeout"}


@dataclass(frozen=True)
class MartianVariant:
    """A Martian Chess game as the site sets it up: two or four ``players`` and the ``rules``."""

    players: int = 2
    rules: MartianRules = MartianRules()

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (2, 4):
            raise ValueError(f"players must be 2 or 4, got {quoted(self.players)}")
        if not isinstance(self.rules, MartianRules):
            raise TypeError(f"rules must be a MartianRules, got {type(self.rules).__name__}")
        if self.rules.teams and self.players != 4:
            raise ValueError("teams needs four players (diagonal partners)")


class MartianPlay(leaves.EndedByLeave):
    """A Martian Chess game on a fourchess.martian Board."""

    no_claim = "Martian Chess has no claiming the win: it is won on points"

    def __init__(self, variant: MartianVariant) -> None:
        super().__init__()
        self.board = Board(players=variant.players, rules=variant.rules)
        self.seat_count = variant.players
        self.names = SEAT_NAMES[: variant.players]
        self.partners = TEAM_PARTNERS if variant.rules.teams else {}

    def turn(self) -> int | None:
        return None if self.is_over() else self.board.turn

    def choices(self) -> list[Choice]:
        if self.is_over():
            return []
        return [
            Choice(str(move), square_name(move.from_square), square_name(move.to_square))
            for move in self.board.legal_moves
        ]

    def move(self, seat: int, text: str) -> Step:
        try:
            move = self.board.push_move(text)
        except IllegalMoveError as error:
            raise MoveRefused(str(error), error.reason) from None
        except InvalidMoveError as error:
            raise MoveRefused(str(error), "invalid_move") from None
        return Step(str(move), str(move))

    def undo_move(self) -> None:
        self.board.pop()

    def rules_ended(self) -> bool:
        return self.board.is_game_over()

    def outcome(self) -> dict[str, Any] | None:
        if self.left is not None:
            kind, seat = self.left
            scores = self.board.scores
            places = leaves.places_after_leave(seat, scores, self.partners)
            return {
                "termination": _LEAVE_TERMINATION[kind],
                "winners": [each for each, place in enumerate(places) if place == 1],
                "places": list(places),
                "scores": list(scores),
            }
        outcome = self.board.outcome()
        return None if outcome is None else outcome.to_dict()

    def result(self, names: tuple[str, ...]) -> str | None:
        if self.left is not None:
            kind, seat = self.left
            return f"{self.names[seat]} {leaves.LEFT_WORDS[kind]}"
        return result_text(self.board)

    def ending(self, names: tuple[str, ...]) -> str | None:
        outcome = self.outcome()
        if outcome is None:
            return None

        def called(seat: int) -> str:
            return f"{self.names[seat].title()} ({names[seat]})"

        winners = outcome["winners"]
        verdict = f"{' and '.join(map(called, winners))} {'win' if len(winners) > 1 else 'wins'}"
        how = TERMINATIONS.get(outcome["termination"], outcome["termination"])
        scores = ", ".join(f"{self.names[seat].title()} {score}" for seat, score in enumerate(outcome["scores"]))
        return f"{verdict} ({how}). Scores: {scores}"

    def record(self, names: tuple[str, ...], created_at: float, aborted: str | None) -> str:
        return write_record(self.board)

    def picture(self, orientation: int) -> str:
        # no panels: they call the seats by number, the page's players panel by colour and name
        return martian_svg.board(self.board, orientation=orientation, panels=False)

    def has_square(self, name: str) -> bool:
        try:
            square = parse_square(name)
        except ValueError:
            return False
        return self.board.zone_owner(square) is not None

    def view(self) -> dict[str, Any]:
        board = self.board
        pieces, owners = {}, {}
        for square in range(64):
            piece = board.piece_at(square)  # None off a two-player board too
            if piece is not None:
                pieces[square_name(square)] = piece.symbol
                owners[square_name(square)] = self.names[board.zone_owner(square)]  # type: ignore[index]
        return {
            "mfen": board.mfen(),
            "in_check": [],
            "points": dict(zip(self.names, board.scores, strict=True)),
            "eliminated": [],
            "pieces": pieces,
            "owners": owners,
        }

    def for_cpu(self) -> object:
        return self.board.copy()


class MartianChess(GameKind):
    """Martian Chess for two or four players (docs/martian.md), as the site offers it."""

    name = "martian"
    title = "Martian Chess"
    record_name = "Martian record"
    record_suffix = "martian.txt"
    rules_type = MartianVariant

    def rule_fields(self) -> frozenset[str]:
        return frozenset(("players", "teams", "move_limit"))

    def rules_from(self, data: dict[str, Any]) -> MartianVariant:
        players = data.get("players", 2)
        if isinstance(players, bool) or players not in (2, 4):
            raise BadSettings(f"players must be 2 or 4, got {quoted(players)}")
        teams = data.get("teams", False)
        if not isinstance(teams, bool):
            raise BadSettings(f"teams must be true or false, got {quoted(teams)}")
        if teams and players != 4:
            raise BadSettings("teams needs four players (diagonal partners)")
        limit = move_limit_from(data)
        return MartianVariant(players, MartianRules(move_limit=limit, teams=teams))

    def rules_data(self, rules: MartianVariant) -> dict[str, Any]:
        return {"players": rules.players, "teams": rules.rules.teams, "move_limit": rules.rules.move_limit}

    def seat_names(self, rules: MartianVariant) -> tuple[str, ...]:
        return SEAT_NAMES[: rules.players]

    def seat_colors(self, rules: MartianVariant) -> dict[str, str]:
        return {name: martian_svg.seat_color(seat) for seat, name in enumerate(self.seat_names(rules))}

    def piece_names(self, rules: MartianVariant) -> dict[str, str]:
        return {"P": "pawn", "D": "drone", "Q": "queen"}

    def partners(self, rules: MartianVariant) -> Mapping[int, int]:
        return TEAM_PARTNERS if rules.rules.teams else {}

    def shows_points(self, rules: MartianVariant) -> bool:
        return True

    def start(self, rules: MartianVariant) -> MartianPlay:
        return MartianPlay(rules)

    def new_cpu(self) -> CpuEngine:
        return SearchCpu(SearchPlayer, Board)
