"""What a move does to the other kings and pieces, asked before it is played: is it a capture,
which kings does it newly check (chess.com's '+' in a PGN4 token)."""

from __future__ import annotations

from .attacks import is_attacked, is_in_check
from .make import make_move
from .move import Move
from .play import play_move
from .position import Position


def is_capture(position: Position, move: Move) -> bool:
    """The move takes something, live or dead, on its destination or by en passant."""
    return bool(make_move(position.copy(), move))


def kings_newly_checked(position: Position, move: Move) -> set[int]:
    """Opponents of the mover whose king the move newly checks, as chess.com marks '+' per king.

    A king counts when the mover's pieces attack it after the move and did not before, or when
    it is in check after the move and no one checked it before. Opponents: Teams the two enemies,
    FFA the other seats taking turns (walking kings too). A seat the move puts out (FFA) counts
    when the mover's pieces attack its king where it stood, as in a mate, judged on the board with
    the pieces moved, before the eliminations kill anything. A captured king never counts: the
    capturer attacked it already.
    """
    mover = position.turn
    moved = position.copy()
    make_move(moved, move)
    after = position.copy()
    play_move(after, move)
    newly = set()
    for seat in position.opponents(mover):
        king = position.king_square(seat)
        if king is None:
            continue
        mover_attacked_it = is_attacked(position, king, [mover])
        if not after.takes_turns(seat):
            if is_attacked(moved, king, [mover]) and not mover_attacked_it:
                newly.add(seat)
            continue
        king_now = after.king_square(seat)
        mover_attacks_it = king_now is not None and is_attacked(after, king_now, [mover])
        if (mover_attacks_it and not mover_attacked_it) or (
            is_in_check(after, seat) and not is_in_check(position, seat)
        ):
            newly.add(seat)
    return newly
