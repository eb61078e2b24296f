"""FFA consequences of a move, in the order of fine point 3: points, eliminations, end tests."""

from __future__ import annotations

from .attacks import attackers_of, is_attacked, is_in_check
from .movegen import has_legal_move
from .outcome import Termination
from .pieces import POINTS, QUEENS, Piece
from .position import MAX_POINTS, Position
from .seat_states import eliminate
from .seats import SEATS
from .squares import square_colour

MATE_POINTS = 20  # also for mating or capturing a walking king
STALEMATE_POINTS = 20  # to the stalemated seat
WALKING_KING_POINTS = 20  # shared by the active seats when it is stalemated or the game drawn
# Per other live king, to the seat left standing (docs/rules.md §7, decisions 9 and 11).
LAST_PLAYER_POINTS = 20
GAP_TO_END = 21
DRAW_POINTS = 10
# Check bonus for checking 2 or 3 kings at once: (with a queen among the checkers, without).
CHECK_BONUS = {2: (1, 5), 3: (5, 20)}


def kings_checked_by(position: Position, seat: int) -> set[int]:
    """Active opponents whose king the live pieces of `seat` attack (walking kings never count)."""
    checked = set()
    for other in position.active_seats():
        king = position.king_square(other)
        if other != seat and king is not None and is_attacked(position, king, [seat]):
            checked.add(other)
    return checked


def _check_bonus(position: Position, mover: int, newly_checked: set[int]) -> int:
    if len(newly_checked) not in CHECK_BONUS:
        return 0  # a single check scores nothing
    with_queen, without_queen = CHECK_BONUS[len(newly_checked)]
    for seat in newly_checked:
        king = position.king_square(seat)
        assert king is not None
        if any(piece.kind in QUEENS for piece in attackers_of(position, king, [mover])):
            return with_queen
    return without_queen


def award(position: Position, seat: int, points: int) -> None:
    """Scores only grow, and never past MAX_POINTS, the most a FEN4 may hold (docs/rules.md §10,
    decision 8)."""
    position.points[seat] = min(position.points[seat] + points, MAX_POINTS)


def _add_to_active_seats(position: Position, points: int) -> None:
    for seat in position.active_seats():
        award(position, seat, points)


def _walking_king_share(position: Position) -> int:
    """20 / n for each of the n active seats, rounded half up (10 for two, 7 for three)."""
    active = len(position.active_seats())
    if active == 0:
        return 0  # nobody is left to take it
    whole, remainder = divmod(WALKING_KING_POINTS, active)
    return whole + (1 if 2 * remainder >= active else 0)


def _mate_pass(position: Position, mover: int, mover_earns: bool) -> None:
    """Every other seat still taking turns, from the next one on, is examined as if to move.

    With the chess.com option, a walking king that is stuck but not in check waits for its own
    turn to be judged (docs/rules.md §11, decision 12)."""
    for offset in (1, 2, 3):
        seat = (mover + offset) % 4
        if not position.takes_turns(seat) or has_legal_move(position, seat):
            continue
        in_check = is_in_check(position, seat)
        if not in_check and seat in position.walking and position.walking_kings_stalemated_on_their_turn:
            continue
        _judge_stuck_seat(position, seat, in_check, mover if mover_earns else None)


def _judge_stuck_seat(position: Position, seat: int, in_check: bool, mater: int | None) -> None:
    """A seat with no legal move: mated (+20 to the mater) or stalemated (+20 to itself; a
    walking king's 20 is shared by the active seats); either way it is fully out."""
    if in_check:
        if mater is not None:
            award(position, mater, MATE_POINTS)
    elif seat in position.walking:
        _add_to_active_seats(position, _walking_king_share(position))
    else:
        award(position, seat, STALEMATE_POINTS)
    eliminate(position, seat)  # a walking king mated or stalemated is fully out


def pass_turn(position: Position, mover: int) -> None:
    """The turn goes to the next seat taking turns; with the chess.com option, each walking king
    whose turn comes with no legal move is judged then (a mate goes to the seat that moved)."""
    seat = position.next_seat_taking_turns(mover)
    mater = None if mover in position.walking else mover
    while (
        position.walking_kings_stalemated_on_their_turn
        and position.ended is None
        and seat in position.walking
        and not has_legal_move(position, seat)
    ):
        _judge_stuck_seat(position, seat, is_in_check(position, seat), mater)
        run_end_tests(position)
        seat = position.next_seat_taking_turns(seat)
    position.turn = seat


def _live_material(position: Position, seat: int) -> list[tuple[str, int]]:
    return [
        (piece.kind, square)
        for square, piece in enumerate(position.squares)
        if piece is not None and piece.owner == seat
    ]


def is_insufficient_material(position: Position) -> bool:
    """Fine point 10: only live pieces of active seats count (walking kings do not)."""
    active = position.active_seats()
    armies = [_live_material(position, seat) for seat in active]
    if len(active) >= 3:
        return all(len(army) == 1 for army in armies)
    if len(active) != 2:
        return False
    extras = [[(kind, square) for kind, square in army if kind != "K"] for army in armies]
    minors = sorted((extra for extra in extras if extra), key=len)
    if not minors:
        return True  # K vs K
    if len(minors) == 1 and len(minors[0]) == 1:
        return minors[0][0][0] in "BN"  # K+B or K+N vs K
    if len(minors) == 2 and all(len(extra) == 1 and extra[0][0] == "B" for extra in minors):
        return square_colour(minors[0][0][1]) == square_colour(minors[1][0][1])
    return False


def trailing_seat_on_gap(position: Position) -> int | None:
    """With exactly two active seats 21+ points apart, the one behind; else None."""
    active = position.active_seats()
    if len(active) != 2:
        return None
    trailing, leading = sorted(active, key=lambda seat: position.points[seat])
    return trailing if position.points[leading] - position.points[trailing] >= GAP_TO_END else None


def finished_on_board(position: Position) -> Termination | None:
    """The end conditions that can be read off a position without awarding points (docs/rules.md
    §11, decision 3)."""
    if len(position.active_seats()) <= 1:
        return Termination.THREE_ELIMINATED
    if position.points_lead_ends_game and trailing_seat_on_gap(position) is not None:
        return Termination.POINTS_LEAD
    if is_insufficient_material(position):
        return Termination.INSUFFICIENT_MATERIAL
    return None


def pay_seat_left_standing(position: Position, seat: int) -> None:
    """The chess.com rule: the player left standing takes +20 for every other live king still on
    the board (walking kings, and after a 21-point end the leader's)."""
    others = sum(1 for other in SEATS if other != seat and position.king_square(other) is not None)
    award(position, seat, LAST_PLAYER_POINTS * others)


def run_end_tests(position: Position) -> None:
    """Three out (the last active seat is left standing); else the 21-point gap (the trailing
    seat is); else dead material (a draw: add_draw_points)."""
    termination = finished_on_board(position)
    if termination is Termination.THREE_ELIMINATED:
        active = position.active_seats()
        if len(active) == 1:  # none are left only if a walking king's move removed the last two
            pay_seat_left_standing(position, active[0])
    elif termination is Termination.POINTS_LEAD:
        trailing = trailing_seat_on_gap(position)
        assert trailing is not None
        pay_seat_left_standing(position, trailing)
    elif termination is Termination.INSUFFICIENT_MATERIAL:
        add_draw_points(position)
    position.ended = termination


def add_draw_points(position: Position) -> None:
    """A draw (dead material, repetition, fifty moves) gives +10 to every active seat, and each
    walking king still on the board is shared among them (docs/rules.md §7)."""
    for _walker in position.walking:
        _add_to_active_seats(position, _walking_king_share(position))
    _add_to_active_seats(position, DRAW_POINTS)


def apply_consequences(position: Position, mover: int, captured: list[Piece], checked_before: set[int]) -> None:
    """Run after make_move in FFA; `checked_before` = kings_checked_by(mover) before the move."""
    mover_earns = mover not in position.walking  # a walking king earns nothing
    if mover_earns:
        for piece in captured:
            if piece.owner is not None:
                award(position, mover, POINTS[piece.kind])  # a walking king is worth 20 too
    for piece in captured:
        if piece.kind == "K" and piece.owner is not None:
            eliminate(position, piece.owner)
    if mover_earns:
        newly_checked = kings_checked_by(position, mover) - checked_before
        award(position, mover, _check_bonus(position, mover, newly_checked))
    _mate_pass(position, mover, mover_earns)
    run_end_tests(position)
    pass_turn(position, mover)
