"""Move generation: pseudo-legal moves per piece, then the king-safety filter (docs/rules.md §4-5)."""

from __future__ import annotations

from collections.abc import Iterator

from .attacks import is_attacked, is_in_check
from .castling import castling_candidates
from .en_passant import en_passant_victim
from .make import make_move
from .move import Move
from .pieces import SLIDES_DIAGONAL, SLIDES_STRAIGHT
from .position import Position
from .seats import FFA, HOME_LINE, PROMOTION_LINE, own_line, pawn_capture_targets, pawn_push
from .squares import BISHOP_RAYS, KING_TARGETS, KNIGHT_TARGETS, PLAYABLE, ROOK_RAYS

TEAMS_PROMOTIONS = ("Q", "R", "B", "N")


def _pawn_arrivals(position: Position, seat: int, origin: int, target: int) -> Iterator[Move]:
    """One move, or one per promotion piece when the pawn arrives on its promotion line."""
    if own_line(seat, target) != PROMOTION_LINE[position.mode]:
        yield Move(origin, target)
    elif position.mode == FFA:
        yield Move(origin, target, "D")
    else:
        for kind in TEAMS_PROMOTIONS:
            yield Move(origin, target, kind)


def _pawn_moves(position: Position, seat: int, origin: int) -> Iterator[Move]:
    squares = position.squares
    one = pawn_push(seat, origin)
    if one is not None and squares[one] is None:
        yield from _pawn_arrivals(position, seat, origin, one)
        two = pawn_push(seat, one)
        if own_line(seat, origin) == HOME_LINE and two is not None and squares[two] is None:
            yield Move(origin, two)
    for target in pawn_capture_targets(seat, origin):
        # An usable en-passant entry turns any capture onto its skipped square into the
        # en-passant move, which also takes whatever stands there.
        victim = squares[target]
        if en_passant_victim(position, seat, target) is not None or (
            victim is not None and position.may_capture(seat, victim)
        ):
            yield from _pawn_arrivals(position, seat, origin, target)


def _leaper_moves(position: Position, seat: int, origin: int, targets: tuple[int, ...]) -> Iterator[Move]:
    for target in targets:
        victim = position.squares[target]
        if victim is None or position.may_capture(seat, victim):
            yield Move(origin, target)


def _slider_moves(position: Position, seat: int, origin: int, rays: tuple[tuple[int, ...], ...]) -> Iterator[Move]:
    for ray in rays:
        for target in ray:
            victim = position.squares[target]
            if victim is None:
                yield Move(origin, target)
                continue
            if position.may_capture(seat, victim):
                yield Move(origin, target)
            break


def _castling_moves(position: Position, seat: int) -> Iterator[Move]:
    opponents = position.opponents(seat)
    if is_in_check(position, seat):
        return
    for move, crossed, landing in castling_candidates(position, seat):
        if not any(is_attacked(position, square, opponents) for square in (crossed, landing)):
            yield move


def pseudo_legal_moves(position: Position, seat: int) -> Iterator[Move]:
    """Moves of `seat`'s live pieces, ignoring whether its own king is left attacked."""
    for origin in PLAYABLE:
        piece = position.squares[origin]
        if piece is None or piece.owner != seat:
            continue
        if piece.kind == "P":
            yield from _pawn_moves(position, seat, origin)
        elif piece.kind == "N":
            yield from _leaper_moves(position, seat, origin, KNIGHT_TARGETS[origin])
        elif piece.kind == "K":
            yield from _leaper_moves(position, seat, origin, KING_TARGETS[origin])
        else:
            if piece.kind in SLIDES_STRAIGHT:
                yield from _slider_moves(position, seat, origin, ROOK_RAYS[origin])
            if piece.kind in SLIDES_DIAGONAL:
                yield from _slider_moves(position, seat, origin, BISHOP_RAYS[origin])
    if seat not in position.walking:  # a walking king never castles (fine point 6)
        yield from _castling_moves(position, seat)


def is_legal(position: Position, seat: int, move: Move) -> bool:
    """After the move, `seat`'s king is not attacked by a live opponent (fine points 1-2)."""
    after = position.copy()
    captured = make_move(after, move)
    captured_kings = {p.owner for p in captured if p.kind == "K" and p.owner is not None}
    if captured_kings and position.mode != FFA:
        return True  # Teams: taking a king ends the game, so it is always allowed
    king = after.king_square(seat)
    if king is None:
        return True
    # FFA: a captured king's army is already dead, so it no longer attacks.
    attackers = [other for other in position.opponents(seat) if other not in captured_kings]
    return not is_attacked(after, king, attackers)


def generate_legal(position: Position, seat: int) -> Iterator[Move]:
    """Legal moves of `seat`, as if it were to move (the FFA mate pass asks this of any seat)."""
    for move in pseudo_legal_moves(position, seat):
        if is_legal(position, seat, move):
            yield move


def has_legal_move(position: Position, seat: int) -> bool:
    return next(generate_legal(position, seat), None) is not None
