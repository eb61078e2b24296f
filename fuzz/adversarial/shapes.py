"""The shapes a position actually has, read off the reference: checkers, king captures, pins,
en passant, promotions, castling, walking kings, eliminated seats, dead blockers, the end.

The generator only aims at shapes; these names are what gets counted and reported.
"""

from __future__ import annotations

from fourchess.reference.attacks import attackers_of, is_attacked, is_in_check
from fourchess.reference.castling import castling_candidates
from fourchess.reference.en_passant import en_passant_victim
from fourchess.reference.make import make_move
from fourchess.reference.move import Move
from fourchess.reference.movegen import generate_legal, pseudo_legal_moves
from fourchess.reference.pieces import SLIDES_DIAGONAL, SLIDES_STRAIGHT
from fourchess.reference.position import Position
from fourchess.reference.seats import PROMOTION_LINE, SEATS, own_line, partner
from fourchess.reference.squares import BISHOP_RAYS, ROOK_RAYS, file_of, rank_of

SEAT_NAMES = ("red", "blue", "yellow", "green")


def pins(position: Position, seat: int) -> tuple[dict[int, int], set[str]]:
    """Square of each piece of `seat` pinned to its king -> the pinning seat; and the line
    shapes seen (a partner's or a dead piece between the king and an enemy slider)."""
    king = position.king_square(seat)
    pinned: dict[int, int] = {}
    shapes: set[str] = set()
    if king is None:
        return pinned, shapes
    enemies = set(position.opponents(seat))
    for rays, kinds in ((ROOK_RAYS[king], SLIDES_STRAIGHT), (BISHOP_RAYS[king], SLIDES_DIAGONAL)):
        for ray in rays:
            line = [(s, position.squares[s]) for s in ray if position.squares[s] is not None][:3]
            sliders = [i for i, (_, p) in enumerate(line) if p.owner in enemies and p.kind in kinds]
            if not sliders:
                continue
            first_slider = sliders[0]
            between = [p for _, p in line[:first_slider]]
            if len(between) == 1 and between[0].owner == seat:
                pinned[line[0][0]] = line[first_slider][1].owner
            elif len(between) == 2 and any(p.owner == seat for p in between):
                if any(p.owner is None for p in between):
                    shapes.add("dead piece on a pin line")
                elif not position.is_ffa and any(p.owner == partner(seat) for p in between):
                    shapes.add("partner piece on a pin line")
    return pinned, shapes


def checkers(position: Position, seat: int) -> list:
    king = position.king_square(seat)
    if king is None:
        return []
    return attackers_of(position, king, position.opponents(seat))


def _is_castling(position: Position, move: Move) -> bool:
    piece = position.squares[move.from_square]
    return (
        piece.kind == "K"
        and max(
            abs(file_of(move.from_square) - file_of(move.to_square)),
            abs(rank_of(move.from_square) - rank_of(move.to_square)),
        )
        == 2
    )


def move_features(position: Position, move: Move, pinned: dict[int, int]) -> set[str]:
    """What one move of the side to move is (as seen by the reference)."""
    mover = position.turn
    piece = position.squares[move.from_square]
    victim = position.squares[move.to_square]
    features = {f"{piece.kind} move"}
    if victim is not None:
        features.add("capture")
        if victim.kind == "K" and victim.owner is not None:
            features.add("king capture")
            features.add(f"king capture by {piece.kind}")
    if move.from_square in pinned:
        features.add("pinned piece")
    if (
        piece.kind == "P"
        and file_of(move.from_square) != file_of(move.to_square)
        and rank_of(move.from_square) != rank_of(move.to_square)
    ):
        if en_passant_victim(position, mover, move.to_square) is not None:
            features.add("en passant")
            if victim is not None:
                features.add("en passant onto an occupied skipped square")
    if move.promotion is not None:
        features.add("promotion")
    if _is_castling(position, move):
        features.add("castling")
    after = position.copy()
    captured = make_move(after, move)
    gone = {p.owner for p in captured if p.kind == "K" and p.owner is not None}
    checked = []
    for other in position.opponents(mover):
        king = after.king_square(other)
        if other in gone or king is None:
            continue
        attackers = attackers_of(after, king, [mover])
        if attackers:
            checked.append(other)
            before = position.king_square(other)
            if before is not None and is_attacked(position, before, [mover]):
                continue  # that king was in check already: nothing is given
            features.add("gives check")
            if len(attackers) >= 2:
                features.add("gives double check")
            if not is_attacked_from(after, king, mover, move.to_square):
                features.add("gives discovered check")
    if len(checked) >= 2:
        features.add("checks two kings")
    return features


def is_attacked_from(position: Position, king: int, seat: int, square: int) -> bool:
    """Is `king` attacked by the piece of `seat` on `square` only (no other attacker)?"""
    only = position.copy()
    for s, piece in enumerate(only.squares):
        if piece is not None and piece.owner == seat and s != square and piece.kind != "K":
            only.squares[s] = piece.killed()
    return is_attacked(only, king, [seat])


def classify(position: Position, moves: list[Move]) -> set[str]:
    """The shapes of a position whose legal moves (for the side to move) are `moves`."""
    seat = position.turn
    shapes: set[str] = set()
    found = checkers(position, seat)
    if found:
        shapes.add("in check")
        owners = {p.owner for p in found}
        if len(found) >= 2:
            shapes.add("double check, two seats" if len(owners) >= 2 else "double check, one seat")
        if len(found) >= 3:
            shapes.add("three or more checkers")
    for other in SEATS:
        if other != seat and position.takes_turns(other) and is_in_check(position, other):
            shapes.add("another seat in check")
    pinned, line_shapes = pins(position, seat)
    shapes |= line_shapes
    for pinner in set(pinned.values()):
        shapes.add(f"pin by {SEAT_NAMES[pinner]}")
    features = [move_features(position, move, pinned) for move in moves]
    every = set().union(*features) if features else set()
    for name in (
        "king capture",
        "en passant",
        "en passant onto an occupied skipped square",
        "promotion",
        "castling",
        "gives double check",
        "gives discovered check",
        "checks two kings",
    ):
        if name in every:
            shapes.add(name)
    for f in features:
        if "king capture" in f:
            kind = next(x for x in f if x.startswith("king capture by "))
            shapes.add(kind)
            if "pinned piece" in f:
                shapes.add("king capture by a pinned piece")
            if len(found) >= 2:
                shapes.add("king capture in double check")
            elif found:
                shapes.add("king capture in check")
        if "en passant" in f:
            if found:
                shapes.add("en passant answers check" + (" (double)" if len(found) >= 2 else ""))
            if "gives check" in f:
                shapes.add("en passant gives check")
            if "pinned piece" in f:
                shapes.add("en passant by a pinned pawn")
        if "pinned piece" in f:
            shapes.add("pinned piece moves")
    if moves and all("promotion" in f for f in features):
        shapes.add("only promotions legal")
    if found and "promotion" in every:
        shapes.add("promotion answers check")
    shapes |= _refused(position, seat, moves, pinned)
    shapes |= _seats(position)
    shapes |= _promoters(position)
    if position.is_ffa:
        shapes.add("FFA")
    return shapes


def _refused(position: Position, seat: int, moves: list[Move], pinned: dict[int, int]) -> set[str]:
    """Pseudo-legal moves the king-safety filter refuses, by what they are."""
    shapes = set()
    legal = set(moves)
    for move in pseudo_legal_moves(position, seat):
        if move in legal:
            continue
        victim = position.squares[move.to_square]
        if victim is not None and victim.kind == "K" and victim.owner is not None:
            shapes.add("king capture refused (FFA)")
        piece = position.squares[move.from_square]
        if (
            piece.kind == "P"
            and en_passant_victim(position, seat, move.to_square) is not None
            and file_of(move.from_square) != file_of(move.to_square)
        ):
            shapes.add("en passant refused")
    if seat not in position.walking and not is_in_check(position, seat):
        for move, _, _ in castling_candidates(position, seat):
            if move not in legal:
                shapes.add("castling refused by an attacked square")
    elif any(True for _ in castling_candidates(position, seat)):
        shapes.add("castling refused by check")
    return shapes


def _seats(position: Position) -> set[str]:
    shapes = set()
    if position.walking:
        shapes.add("walking king")
        if position.turn in position.walking:
            shapes.add("walking king to move")
    out = len(position.eliminated - position.walking)
    if out:
        shapes.add(f"{out} seat(s) eliminated")
    if any(p is not None and p.owner is None for p in position.squares):
        shapes.add("dead pieces")
        for seat in position.seats_taking_turns():
            king = position.king_square(seat)
            if king is None:
                continue
            for rays, kinds in ((ROOK_RAYS[king], SLIDES_STRAIGHT), (BISHOP_RAYS[king], SLIDES_DIAGONAL)):
                for ray in rays:
                    line = [position.squares[s] for s in ray if position.squares[s] is not None][:2]
                    if (
                        len(line) == 2
                        and line[0].owner is None
                        and line[1].kind in kinds
                        and line[1].owner in position.opponents(seat)
                    ):
                        shapes.add("dead piece shields a king")
    return shapes


def _promoters(position: Position) -> set[str]:
    """Seats other than the side to move that could promote (the FFA mate pass and the next
    turn look at their moves): and whether a promotion would be their only move."""
    shapes = set()
    last = PROMOTION_LINE[position.mode] - 1
    for seat in position.seats_taking_turns():
        if seat == position.turn or not any(
            p is not None and p.owner == seat and p.kind == "P" and own_line(seat, s) == last
            for s, p in enumerate(position.squares)
        ):
            continue
        moves = list(generate_legal(position, seat))
        if any(m.promotion for m in moves):
            shapes.add("another seat can promote")
            if all(m.promotion for m in moves):
                shapes.add("another seat has only promotions")
    return shapes
