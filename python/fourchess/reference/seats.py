"""Seats, teams and each seat's pawn geometry (docs/rules.md §2 and §4)."""

from __future__ import annotations

from .squares import SIZE, file_of, rank_of, step

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3
SEATS = (RED, BLUE, YELLOW, GREEN)
# How seats are written, the reference's one table of it (its own: the reference reads nothing
# of the core). Names as messages and PGN4 results show them; letters as FEN4's turn field does.
SEAT_NAMES = ("Red", "Blue", "Yellow", "Green")
SEAT_LETTERS = "RBYG"
COLOUR_LETTERS = SEAT_LETTERS.lower()  # FEN4's piece colour prefixes: the seat letters in lower case

TEAMS = "teams"
FFA = "ffa"

# Forward step (file delta, rank delta) of each seat's pawns.
PAWN_FORWARD = {RED: (0, 1), BLUE: (1, 0), YELLOW: (0, -1), GREEN: (-1, 0)}

# Line numbers counted from each seat's own back line (0 = back line, 1 = pawn home line).
HOME_LINE = 1
PROMOTION_LINE = {TEAMS: 10, FFA: 7}  # own 11th line in Teams, own 8th line in FFA


def partner(seat: int) -> int:
    return (seat + 2) % 4


def is_teams_enemy(seat: int, other: int) -> bool:
    """Teams: Red+Yellow against Blue+Green, so enemies sit next to each other."""
    return (seat + other) % 2 == 1


def own_line(seat: int, square: int) -> int:
    """How far `square` lies from `seat`'s back line, in the seat's forward direction."""
    return {
        RED: rank_of(square),
        BLUE: file_of(square),
        YELLOW: SIZE - 1 - rank_of(square),
        GREEN: SIZE - 1 - file_of(square),
    }[seat]


def pawn_push(seat: int, square: int) -> int | None:
    file_delta, rank_delta = PAWN_FORWARD[seat]
    return step(square, file_delta, rank_delta)


def pawn_capture_targets(seat: int, square: int) -> tuple[int, ...]:
    """The two diagonal-forward squares a pawn of `seat` on `square` attacks."""
    file_delta, rank_delta = PAWN_FORWARD[seat]
    # Sideways is perpendicular to forward: swap the axes.
    side = (rank_delta, file_delta)
    found = (
        step(square, file_delta + side[0], rank_delta + side[1]),
        step(square, file_delta - side[0], rank_delta - side[1]),
    )
    return tuple(target for target in found if target is not None)


def pawn_attack_origins(seat: int, square: int) -> tuple[int, ...]:
    """Squares from which a pawn of `seat` would attack `square` (one step back, one aside)."""
    file_delta, rank_delta = PAWN_FORWARD[seat]
    side = (rank_delta, file_delta)
    found = (
        step(square, -file_delta + side[0], -rank_delta + side[1]),
        step(square, -file_delta - side[0], -rank_delta - side[1]),
    )
    return tuple(origin for origin in found if origin is not None)
