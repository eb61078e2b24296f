"""Four-player chess on the site: fourchess's own Board, PGN4 and SVG, its search as the CPU.

A leave is a step of the board itself (``resign:B``): in Teams it ends the game, in FFA it
eliminates the seat (its king may walk on, moving by itself) and the rules go on.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from fourchess import (
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Rules,
    Seat,
    check_move,
    parse_square,
    svg,
)
from fourchess import square_name as name_of
from fourchess._quote import quoted
from fourchess.pgn4.from_board import game_from_board
from fourchess.pgn4.writer import write_game
from fourchess.players import SearchPlayer
from fourchess.server.errors import BadSettings
from fourchess.server.games.base import (
    TEAM_PARTNERS,
    Choice,
    CpuEngine,
    GameKind,
    LeaveRefused,
    MoveRefused,
    Play,
    Step,
    move_limit_from,
)
from fourchess.server.games.leaves import LEAVE_WORDS
from fourchess.server.games.search_cpu import SearchCpu
from fourchess.server.store.base import StepKind

OWNERS = {seat.letter.lower(): seat.name for seat in Seat}  # a piece symbol's first letter: "r" is RED's
FFA_ABORT_MOVES = 3  # FFA: a leave before every seat has made this many moves may abort
SEAT_NAMES = tuple(seat.name for seat in Seat)  # RED, BLUE, YELLOW, GREEN
PIECE_NAMES = {
    "P": "pawn",
    "N": "knight",
    "B": "bishop",
    "R": "rook",
    "Q": "queen",
    "K": "king",
    "D": "one-point queen",
}
TERMINATIONS = {
    "CHECKMATE": "checkmate",
    "STALEMATE": "stalemate",
    "KING_CAPTURE": "capturing a king",
    "RESIGNATION": "resignation",
    "TIMEOUT": "timeout",
    "THREE_ELIMINATED": "being the last seat in play",
    "POINTS_LEAD": "a winning points lead",
    "THREEFOLD_REPETITION": "threefold repetition",
    "FIFTY_MOVE_RULE": "the fifty-move rule",
    "INSUFFICIENT_MATERIAL": "insufficient material",
    "MOVE_LIMIT": "the move limit",
}


class FourPlayerPlay(Play):
    """A four-player game on a fourchess Board."""

    seat_count = 4

    def __init__(self, rules: Rules) -> None:
        self.board = Board(rules=rules)
        self.steps: list[tuple[int, str] | None] = []  # each step's (seat, move text), None for a leave

    def last_moves(self) -> dict[Seat, str]:
        """Each seat's latest move (the picture highlights them), read back from the newest step
        only as far as needed: not the whole history once per position."""
        found: dict[Seat, str] = {}
        for step in reversed(self.steps):
            if step is not None and Seat(step[0]) not in found:
                found[Seat(step[0])] = step[1]
                if len(found) == 4:
                    break
        return {seat: found[seat] for seat in sorted(found)}

    def turn(self) -> int | None:
        return None if self.board.is_game_over() else self.board.turn

    def choices(self) -> list[Choice]:
        if self.board.is_game_over():
            return []
        choices = []
        for move in self.board.legal_moves:
            text = str(move)  # "h2-h4", "h13-h14=Q": the squares are read off the text, the cheapest way
            start, _, rest = text.partition("-")
            end, _, promotion = rest.partition("=")
            choices.append(Choice(text, start, end, promotion or None))
        return choices

    def move(self, seat: int, text: str) -> Step:
        board = self.board
        try:
            move = board.parse_move(text)
            shown = board.move_text(move)
            board.push(move)
        except (IllegalMoveError, InvalidMoveError, AmbiguousMoveError) as error:
            verdict = check_move(board.fen4(), [], text, seat=Seat(seat), rules=board.rules)
            raise MoveRefused(str(error), None if verdict.reason is None else verdict.reason.value) from None
        self.steps.append((seat, str(move)))
        return Step(str(move), shown)

    def leave(self, seat: int, kind: StepKind) -> Step:
        if kind is StepKind.CLAIM and not self.may_claim(seat):
            raise LeaveRefused(f"{Seat(seat).name} may not claim the win now (FFA: two seats left, 21 points ahead)")
        return self._take(f"{kind.value}:{Seat(seat).letter}")  # resign:B

    def claims(self) -> bool:
        return self.board.is_ffa

    def may_claim(self, seat: int) -> bool:
        return self.board.is_ffa and not self.board.is_game_over() and self.board.can_claim_win(seat)

    def undo(self) -> None:
        self.board.pop()
        self.steps.pop()

    def replay(self, text: str) -> Step:
        if ":" in text:
            return self._take(text)
        return self.move(self.board.turn, text)

    def _take(self, token: str) -> Step:
        self.board.push_step(token)
        self.steps.append(None)
        kind, _, letter = token.partition(":")
        return Step(token, f"{Seat.from_letter(letter).title} {LEAVE_WORDS[StepKind(kind.lower())]}")

    def is_over(self) -> bool:
        return self.board.is_game_over()

    def outcome(self) -> dict[str, Any] | None:
        outcome = self.board.outcome()
        return None if outcome is None else outcome.to_dict()

    def result(self, names: tuple[str, ...]) -> str | None:
        return self.board.result(names) if self.board.is_game_over() else None

    def ending(self, names: tuple[str, ...]) -> str | None:
        outcome = self.board.outcome()
        if outcome is None:
            return None
        how = TERMINATIONS.get(outcome.termination.name, outcome.termination.name.lower().replace("_", " "))
        titles = {seat: f"{seat.title} ({names[seat]})" for seat in Seat}
        if self.board.is_ffa:
            places = "; ".join(
                f"{place}. " + ", ".join(f"{titles[seat]} {self.board.points[seat]}" for seat in seats)
                for place, seats in enumerate(outcome.ranking, 1)
            )
            first = " and ".join(titles[seat] for seat in outcome.ranking[0])
            verdict = "win" if len(outcome.ranking[0]) > 1 else "wins"
            return f"{first} {verdict} by {how} ({self.board.result(names)}). Ranking: {places}"
        result = self.board.result(names)
        if outcome.winner is None:
            return f"A draw by {how} ({result})"
        winners = " and ".join(titles[seat] for seat in sorted(outcome.winner))
        return f"{winners} win by {how} ({result})"

    def record(self, names: tuple[str, ...], created_at: float, aborted: str | None) -> str:
        game = game_from_board(self.board, names)  # type: ignore[arg-type]
        game.headers["Site"] = "fourchess serve"
        game.headers["Date"] = time.strftime(
            "%a %b %d %Y %H:%M:%S GMT+0000 (Coordinated Universal Time)", time.gmtime(created_at)
        )  # as chess.com writes it
        if aborted is not None:
            game.headers["Result"] = "*"
            game.headers["Termination"] = aborted
        return write_game(game)

    def picture(self, orientation: int) -> str:
        lastmove = {seat: Move.from_str(text) for seat, text in self.last_moves().items()}
        return svg.board(self.board, orientation=Seat(orientation), lastmove=lastmove)

    def has_square(self, name: str) -> bool:
        try:
            parse_square(name)
        except ValueError:
            return False
        return True

    def view(self) -> dict[str, Any]:
        board = self.board
        over = board.is_game_over()
        eliminated = board.eliminated
        active = [seat for seat in Seat if seat not in eliminated]
        pieces, owners = {}, {}
        for square, piece in sorted(board.piece_map().items()):
            name, symbol = name_of(square), piece.symbol()
            pieces[name] = symbol
            if symbol[0] in OWNERS:  # "d": a dead piece is nobody's
                owners[name] = OWNERS[symbol[0]]
        return {
            "fen4": board.fen4(),
            "in_check": [seat.name for seat in active if board.is_check(seat)],
            "points": {seat.name: points for seat, points in zip(Seat, board.points, strict=True)},
            "eliminated": [seat.name for seat in Seat if seat in eliminated],
            "walking_kings": [seat.name for seat in Seat if seat in board.walking_kings],
            "pieces": pieces,
            "owners": owners,
            "can_claim": [seat.name for seat in active if board.is_ffa and not over and board.can_claim_win(seat)],
            "last_moves": {seat.name: text for seat, text in self.last_moves().items()},
        }

    def leave_aborts(self, seat: int, moves_made: list[int]) -> bool:
        """Teams: before the seat's own first move. FFA: before every seat has made three moves,
        while nobody has points and the seat is not in check (chess.com's rules, docs/rules.md)."""
        if not self.board.is_ffa:
            return moves_made[seat] == 0
        board = self.board
        return min(moves_made) < FFA_ABORT_MOVES and not any(board.points) and not board.is_check(seat)

    def moves_itself(self, seat: int) -> bool:
        return seat in self.board.walking_kings

    def own_move(self, rng: Any) -> str | None:
        move = self.board.random_walking_king_move(rng)
        return None if move is None else str(move)

    def for_cpu(self) -> object:
        return self.board.copy()


class FourPlayerChess(GameKind):
    """Four-player chess, Teams or FFA (docs/rules.md), as the site offers it."""

    name = "fourchess"
    title = "Four-player chess"
    record_name = "PGN4"
    record_suffix = "pgn4"
    rules_type = Rules

    def rule_fields(self) -> frozenset[str]:
        return frozenset(("mode", "move_limit", "dead_king_walking"))

    def rules_from(self, data: dict[str, Any]) -> Rules:
        mode = data.get("mode", "teams")
        if not isinstance(mode, str) or mode.lower() not in ("teams", "ffa"):
            raise BadSettings(f"mode must be 'teams' or 'ffa', got {quoted(mode)}")
        limit = move_limit_from(data)
        walking = data.get("dead_king_walking", True)
        if not isinstance(walking, bool):
            raise BadSettings(f"dead_king_walking must be true or false, got {quoted(walking)}")
        return Rules(mode=mode.lower(), dead_king_walking=walking, move_limit=limit)

    def rules_data(self, rules: Rules) -> dict[str, Any]:
        return {"mode": rules.mode, "move_limit": rules.move_limit, "dead_king_walking": rules.dead_king_walking}

    def seat_names(self, rules: Rules) -> tuple[str, ...]:
        return SEAT_NAMES

    def seat_colors(self, rules: Rules) -> dict[str, str]:
        return {seat.name: colour for seat, colour in svg.SEAT_COLORS.items()}

    def piece_names(self, rules: Rules) -> dict[str, str]:
        return PIECE_NAMES

    def partners(self, rules: Rules) -> Mapping[int, int]:
        return TEAM_PARTNERS if rules.mode == "teams" else {}

    def shows_points(self, rules: Rules) -> bool:
        return rules.mode == "ffa"

    def start(self, rules: Rules) -> FourPlayerPlay:
        return FourPlayerPlay(rules)

    def new_cpu(self) -> CpuEngine:
        return SearchCpu(SearchPlayer, Board)
