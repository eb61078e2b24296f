"""FFA consequences of a move, in the order of fine point 3: points, eliminations, end tests."""

from __future__ import annotations

from .attacks import attackers_of, is_attacked, is_in_check
from .movegen import has_legal_move
from .pieces import POINTS, QUEENS, Piece
from .position import Position
from .squares import square_colour

MATE_POINTS = 20
STALEMATE_POINTS = 20  # to the stalemated seat
GAP_TO_END = 21
GAP_CLAIM_POINTS = 20  # to the trailing seat when the game ends on the gap
DRAW_POINTS = 10
# Check bonus for checking 2 or 3 kings at once: (with a queen among the checkers, without).
CHECK_BONUS = {2: (1, 5), 3: (5, 20)}


def kings_checked_by(position: Position, seat: int) -> set[int]:
    """Active opponents whose king the live pieces of `seat` attack."""
    checked = set()
    for other in position.opponents(seat):
        king = position.king_square(other)
        if king is not None and is_attacked(position, king, [seat]):
            checked.add(other)
    return checked


def eliminate(position: Position, seat: int) -> None:
    """Its pieces die in place (colourless), its en-passant entry goes; castling flags stay."""
    position.eliminated.add(seat)
    position.dead[seat] = True
    position.en_passant[seat] = None
    for square, piece in enumerate(position.squares):
        if piece is not None and piece.owner == seat:
            position.squares[square] = piece.killed()


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


def _mate_pass(position: Position, mover: int) -> None:
    """Every other seat still playing, from the next one on, is examined as if to move."""
    for offset in (1, 2, 3):
        seat = (mover + offset) % 4
        if seat in position.eliminated or has_legal_move(position, seat):
            continue
        if is_in_check(position, seat):
            position.points[mover] += MATE_POINTS
        else:
            position.points[seat] += STALEMATE_POINTS
        eliminate(position, seat)


def _live_material(position: Position, seat: int) -> list[tuple[str, int]]:
    return [(piece.kind, square) for square, piece in enumerate(position.squares)
            if piece is not None and piece.owner == seat]


def is_insufficient_material(position: Position) -> bool:
    """Fine point 10: only live pieces of active seats count."""
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


def _trailing_seat_on_gap(position: Position) -> int | None:
    """With exactly two active seats 21+ points apart, the one behind; else None."""
    active = position.active_seats()
    if len(active) != 2:
        return None
    trailing, leading = sorted(active, key=lambda seat: position.points[seat])
    return trailing if position.points[leading] - position.points[trailing] >= GAP_TO_END else None


def is_finished(position: Position) -> bool:
    """The end conditions that can be read off a position without awarding points (decision 3)."""
    return (len(position.active_seats()) <= 1 or _trailing_seat_on_gap(position) is not None
            or is_insufficient_material(position))


def _end_tests(position: Position) -> None:
    """Three out; else the 21-point gap (+20 to the trailing one); else dead material (+10 each)."""
    trailing = _trailing_seat_on_gap(position)
    if len(position.active_seats()) <= 1:
        pass
    elif trailing is not None:
        position.points[trailing] += GAP_CLAIM_POINTS
    elif is_insufficient_material(position):
        for seat in position.active_seats():
            position.points[seat] += DRAW_POINTS
    else:
        return
    position.ffa_over = True


def next_active_seat(position: Position, seat: int) -> int:
    for offset in (1, 2, 3, 4):
        candidate = (seat + offset) % 4
        if candidate not in position.eliminated:
            return candidate
    return seat


def apply_consequences(
    position: Position, mover: int, captured: list[Piece], checked_before: set[int]
) -> None:
    """Run after make_move in FFA; `checked_before` = kings_checked_by(mover) before the move."""
    for piece in captured:
        if piece.owner is not None:
            position.points[mover] += POINTS[piece.kind]
    for piece in captured:
        if piece.kind == "K" and piece.owner is not None:
            eliminate(position, piece.owner)
    newly_checked = kings_checked_by(position, mover) - checked_before
    position.points[mover] += _check_bonus(position, mover, newly_checked)
    _mate_pass(position, mover)
    _end_tests(position)
    position.turn = next_active_seat(position, mover)
