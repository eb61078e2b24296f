"""How the pieces move, capture and merge (docs/martian.md §3): the legal moves of a position, and
for any from-to the rule that refuses it."""

from __future__ import annotations

from .errors import InvalidMoveError
from .geometry import Square, on_board, parse_square_name, zone_owner
from .position import VALUES, Position

Move = tuple[Square, Square]  # (from, to)

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# how far each piece may go along its directions
REACH = {"P": (DIAGONAL, 1), "D": (ORTHOGONAL, 2), "Q": (ORTHOGONAL + DIAGONAL, 7)}


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def path(kind: str, start: Square, end: Square) -> list[Square] | None:
    """The squares a piece of `kind` passes between `start` and `end`, or None when its movement
    does not go from one to the other."""
    df, dr = end[0] - start[0], end[1] - start[1]
    steps = max(abs(df), abs(dr))
    unit = (_sign(df), _sign(dr))
    directions, reach = REACH[kind]
    on_a_line = (abs(df), abs(dr)) in ((steps, 0), (0, steps), (steps, steps))
    if steps == 0 or not on_a_line or unit not in directions or steps > reach:
        return None
    return [(start[0] + unit[0] * i, start[1] + unit[1] * i) for i in range(1, steps)]


def merged(mover: str, target: str) -> str | None:
    """The piece a move of `mover` onto `target` in the mover's own zone makes, if the pair merges."""
    if {mover, target} == {"P", "D"}:
        return "Q"
    if mover == target == "P":
        return "D"
    return None


def refusal(position: Position, move: Move) -> str | None:
    """Why the side to move may not play `move` (a reason name), or None when it is legal. The
    game's end is the caller's to check. Reasons, in the order they are tested: off_board, empty,
    not_your_zone, not_its_movement, blocked, no_merge, merge_needs_no_queen, merge_needs_no_drone,
    no_rejection."""
    players, (start, end) = position.players, move
    if not on_board(players, start) or not on_board(players, end):
        return "off_board"
    mover = position.pieces.get(start)
    if mover is None:
        return "empty"
    if zone_owner(players, start) != position.turn:
        return "not_your_zone"
    way = path(mover, start, end)
    if way is None:
        return "not_its_movement"
    if any(square in position.pieces for square in way):
        return "blocked"
    target = position.pieces.get(end)
    if target is not None and zone_owner(players, end) == position.turn:
        made = merged(mover, target)
        if made is None:
            return "no_merge"
        controlled = position.controlled_by(position.turn).values()
        if made == "Q" and "Q" in controlled:
            return "merge_needs_no_queen"
        if made == "D" and "D" in controlled:
            return "merge_needs_no_drone"
    if position.no_rejection == (end, start):
        return "no_rejection"
    return None


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the side to move, ignoring whether the game has ended. Ordered by the
    from square, then the to square (a1, b1, ... a2 ...)."""
    found = []
    for start, kind in position.pieces.items():
        if zone_owner(position.players, start) != position.turn:
            continue
        directions, reach = REACH[kind]
        for df, dr in directions:
            for i in range(1, reach + 1):
                end = (start[0] + df * i, start[1] + dr * i)
                if not on_board(position.players, end):
                    break
                if refusal(position, (start, end)) is None:
                    found.append((start, end))
                if end in position.pieces:
                    break
    return sorted(found, key=lambda m: (m[0][1], m[0][0], m[1][1], m[1][0]))


def make(position: Position, move: Move) -> Position:
    """The position after the legal `move`: a capture scores the captured piece's value for the
    mover, a merge makes the new piece, and a two-player move across the canal is remembered for
    no-rejection."""
    after = position.copy()
    start, end = move
    mover = after.pieces.pop(start)
    target = after.pieces.get(end)
    if target is not None:
        if zone_owner(after.players, end) == after.turn:
            made = merged(mover, target)
            assert made is not None
            mover = made
        else:
            after.scores[after.turn] += VALUES[target]
    after.pieces[end] = mover
    crossed = zone_owner(after.players, start) != zone_owner(after.players, end)
    after.no_rejection = (start, end) if after.players == 2 and crossed else None
    after.turn = (after.turn + 1) % after.players
    return after


def parse_move_text(text: str) -> Move:
    """'c3-d4' or 'c3d4' (docs/martian.md §6); InvalidMoveError for anything else. Whether the
    squares are on this board is the position's to say (off_board)."""
    plain = text.replace("-", "", 1) if len(text) == 5 and text[2] == "-" else text
    start, end = parse_square_name(plain[:2]), parse_square_name(plain[2:])
    if len(plain) != 4 or start is None or end is None:
        raise InvalidMoveError(f"a move is from-to with two square names, like 'c3-d4', got {text[:40]!r}")
    return (start, end)
