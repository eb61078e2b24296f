"""What one move does, read off the core board: the events the random games count and favour.

Only observable state is used: the pieces on the squares the move touches, the FEN4 en-passant
entries, the check status of every seat, points, eliminated seats and the termination.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import fourchess

PIECE_VALUES = {"P": 1, "N": 3, "B": 5, "R": 5, "Q": 9, "D": 1, "K": 20}
_EN_PASSANT = re.compile(r"'enPassant':\(([^)]*)\)")


@dataclass(frozen=True)
class MoveFacts:
    """The events of one move, from the position before and after it (core board)."""

    events: frozenset[str]
    captured_value: int
    checks_given: int

    def weight(self) -> float:
        """How much more likely than a quiet move the biased driver is to pick this move."""
        events = self.events
        weight = 1.0
        if "double step" in events:
            weight += 4
        if "capture" in events:
            weight += 8 + 4 * min(self.captured_value, 20)
        weight += 15 * self.checks_given + (40 if self.checks_given >= 2 else 0)
        if "castling" in events:
            weight += 60
        if "promotion" in events:
            weight += 60
        if "move onto a skipped square" in events:
            weight += 100
        if "en passant" in events:
            weight += 200
        if "king capture" in events:
            weight += 400
        if any(event.startswith("elimination") for event in events):
            weight += 150
        if any(event.startswith("end") for event in events):
            weight += 100
        return weight


def _symbol(board: fourchess.Board, square: int) -> str | None:
    piece = board.piece_at(square)
    return None if piece is None else piece.symbol()


def en_passant_entries(fen4: str) -> dict[int, tuple[int, int]]:
    """Seat -> (skipped square M, pawn square T) from the FEN4 extras."""
    match = _EN_PASSANT.search(fen4)
    if match is None:
        return {}
    entries = {}
    for seat, entry in enumerate(part.strip().strip("'") for part in match.group(1).split(",")):
        if entry:
            skipped, target = entry.split(":")
            entries[seat] = (fourchess.parse_square(skipped), fourchess.parse_square(target))
    return entries


def _value(symbol: str) -> int:
    return 0 if symbol[0] == "d" else PIECE_VALUES[symbol[1]]


def move_facts(board: fourchess.Board, move: fourchess.Move, en_passant: dict[int, tuple[int, int]]) -> MoveFacts:
    """Play the move on the core board, read what happened, and take it back.

    ``en_passant`` holds the position's en-passant entries (see ``en_passant_entries``).
    """
    mover = int(board.turn)
    source, target = move.from_square, move.to_square
    moving, victim = _symbol(board, source), _symbol(board, target)
    assert moving is not None, f"{move} leaves from an empty square"
    checks_before = [board.is_check(seat) for seat in range(4)]
    pushed_pawns = {  # the en-passant entries whose pushed pawn still stands on T
        seat: squares
        for seat, squares in en_passant.items()
        if seat != mover and _symbol(board, squares[1]) == "rbyg"[seat] + "P"
    }
    points_before = board.points
    eliminated_before = {int(seat) for seat in board.eliminated}

    board.push(move)
    events: set[str] = set()
    captured = [victim] if victim is not None else []
    d_file = abs(target % 14 - source % 14)
    d_rank = abs(target // 14 - source // 14)
    if moving[1] == "P" and d_file and d_rank:
        for skipped, pawn in pushed_pawns.values():
            if skipped == target and board.piece_at(pawn) is None:
                events.add("en passant")
                if victim is not None:
                    events.add("en passant onto an occupied square")
                captured.append("xP")  # the pushed pawn was live: its seat is still active
    if victim is not None and any(target == pawn for _, pawn in pushed_pawns.values()):
        events.add("capture of a just-pushed pawn")  # its seat's entry can no longer be used
    skipped_squares = {skipped for skipped, _ in pushed_pawns.values()}
    if "en passant" not in events and target in skipped_squares:
        events.add("move onto a skipped square")
    if moving[1] == "P" and max(d_file, d_rank) == 2:
        events.add("double step")
    if moving[1] == "K" and max(d_file, d_rank) == 2:
        events.add("castling")
    if move.promotion is not None:
        events.add("promotion")
        if "en passant" in events:
            events.add("en passant promotion")
    if captured:
        events.add("capture")
    if victim is not None and victim[0] == "d":
        events.add("capture of a dead piece")
    king_victim = None
    if victim is not None and victim[0] != "d" and victim[1] == "K":
        events.add("king capture")
        king_victim = "rbyg".index(victim[0])
    captured_value = sum(_value(symbol) for symbol in captured)

    eliminated_now = {int(seat) for seat in board.eliminated} - eliminated_before
    points = board.points
    mates = 0
    for seat in eliminated_now:
        if seat == king_victim:
            events.add("elimination by king capture")
        elif points[seat] > points_before[seat]:
            events.add("elimination by stalemate")  # the stalemated seat scores +20
        else:
            events.add("elimination by checkmate")
            mates += 1
    checks_given = sum(
        1
        for seat in range(4)
        if seat != mover and seat not in board.eliminated and board.is_check(seat) and not checks_before[seat]
    )
    if checks_given:
        events.add("check given")
    if checks_given >= 2:
        events.add("two or more kings checked")
    termination = board.termination()
    if termination is not None:
        events.add(f"end by {termination.name.lower().replace('_', ' ')}")
    if board.is_ffa:
        residual = points[mover] - points_before[mover] - captured_value - 20 * mates
        if termination is fourchess.Termination.INSUFFICIENT_MATERIAL:
            residual -= 10  # the draw's +10 to every active seat
        if termination is fourchess.Termination.POINTS_LEAD and mover not in board.winners():
            residual -= 20  # the trailing seat's +20
        if residual > 0:
            events.add("FFA check bonus")
    board.pop()
    return MoveFacts(frozenset(events), captured_value, checks_given)
