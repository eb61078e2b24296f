"""Core against reference on one case: moves, counts, perft, checks, the end, and every child.

Each disagreement becomes a Difference whose label names its class (what differed, and what
the moves or the position involved are), so that one bug found a thousand times reads as one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import fourchess
from fourchess.reference.board import Board as ReferenceBoard
from fourchess.reference.en_passant import en_passant_victim
from fourchess.reference.ending import build_outcome
from fourchess.reference.movegen import generate_legal, pseudo_legal_moves
from fourchess.reference.position import Position
from fourchess.reference.squares import file_of

from .generate import Case, reference_rules
from .shapes import checkers, classify, pins

Trace = Callable[[str], None]  # told what the core is about to do, before it does it


@dataclass(frozen=True)
class Difference:
    kind: str  # what differed: "move set", "perft(2) bulk", "after push: fen4", ...
    detail: str  # the values on both sides
    tags: tuple[str, ...] = ()  # what the moves or the position involved are (its class)
    path: tuple[str, ...] = ()  # moves from the case's position to where it was seen

    def label(self) -> str:
        where = " (after a move)" if self.path else ""
        return f"{self.kind}{where}: {', '.join(self.tags) or '-'}"

    def text(self) -> str:
        where = f" after {' '.join(self.path)}" if self.path else ""
        return f"{self.kind}{where}: {self.detail}"


def core_board(case: Case) -> fourchess.Board:
    return fourchess.Board(case.fen4, rules=fourchess.Rules(mode=case.mode, **dict(case.options)))


def reference_board(case: Case) -> ReferenceBoard:
    return ReferenceBoard(case.fen4, rules=reference_rules(case))


# --- classes of disagreement ---------------------------------------------------------------------


def _check_level(position: Position) -> str:
    count = len(checkers(position, position.turn))
    return ("not in check", "in check")[count] if count < 2 else "in double check"


def move_tags(position: Position, text: str) -> set[str]:
    """What a move is: a king capture, a pinned piece's, en passant, promotion, castling, or
    else the piece that moves."""
    move = next((m for m in pseudo_legal_moves(position, position.turn) if str(m) == text), None)
    if move is None:
        return {"not even pseudo-legal"}
    piece = position.squares[move.from_square]
    victim = position.squares[move.to_square]
    tags = set()
    if victim is not None and victim.kind == "K" and victim.owner is not None:
        tags.add("king capture")
    if move.from_square in pins(position, position.turn)[0]:
        tags.add(f"pinned {piece.kind}")
    if (
        piece.kind == "P"
        and file_of(move.from_square) != file_of(move.to_square)
        and move.from_square // 14 != move.to_square // 14
        and en_passant_victim(position, position.turn, move.to_square) is not None
    ):
        tags.add("en passant")
    if move.promotion:
        tags.add("promotion")
    if piece.kind == "K" and abs(move.to_square - move.from_square) in (2, 28):
        tags.add("castling")
    return tags or {f"{piece.kind} move"}


def position_tags(position: Position, moves: list) -> tuple[str, ...]:
    """The check level and mode, and the king captures on offer (what count bugs hinge on)."""
    tags = [_check_level(position), position.mode]
    pinned = pins(position, position.turn)[0]
    captures = [
        m for m in moves if (v := position.squares[m.to_square]) is not None and v.kind == "K" and v.owner is not None
    ]
    if any(m.from_square in pinned for m in captures):
        kinds = sorted({position.squares[m.from_square].kind for m in captures if m.from_square in pinned})
        tags.append(f"a pinned {'/'.join(kinds)} can take a king")
    elif captures:
        tags.append("a king capture is legal")
    if any(
        en_passant_victim(position, position.turn, m.to_square) is not None
        and position.squares[m.from_square].kind == "P"
        and file_of(m.from_square) != file_of(m.to_square)
        and m.from_square // 14 != m.to_square // 14
        for m in moves
    ):
        tags.append("en passant is legal")
    return tuple(tags)


def stuck_seat_tags(position: Position) -> tuple[str, ...]:
    """Seats the FFA mate pass judges after a move: in double check, with a king capture."""
    tags = []
    for seat in position.seats_taking_turns():
        if len(checkers(position, seat)) < 2:
            continue
        moves = list(generate_legal(position, seat))
        if any(
            (v := position.squares[m.to_square]) is not None
            and v.kind == "K"
            and v.owner is not None
            and position.squares[m.from_square].kind != "K"
            for m in moves
        ):
            tags.append("a seat in double check can take a king")
    return tuple(sorted(set(tags)))


def _moves_tags(position: Position, texts: list[str]) -> tuple[str, ...]:
    tags: set[str] = set()
    for text in texts:
        tags |= move_tags(position, text)
    return tuple(sorted(tags)) + (_check_level(position), position.mode)


# --- one position -------------------------------------------------------------------------------


def _winner(board) -> list[int] | None:
    winner = board.winner
    return None if winner is None else sorted(int(s) for s in winner)


def _termination(board) -> str | None:
    termination = board.termination()
    return None if termination is None else termination.name


def compare_boards(
    core: fourchess.Board,
    reference: ReferenceBoard,
    reference_moves: list,
    path: tuple[str, ...],
    trace: Trace,
) -> list[Difference]:
    """The move list, the counts, perft(1) both ways, is_legal, check status and the end."""
    position = reference._position
    found: list[Difference] = []

    def differ(kind: str, detail: str, tags: tuple[str, ...]) -> None:
        found.append(Difference(kind, detail, tags, path))

    expected = sorted(str(m) for m in reference_moves)
    context = position_tags(position, reference_moves)
    trace("legal moves")
    listed = [str(m) for m in core._legal_moves()]
    if len(listed) != len(set(listed)):
        differ("duplicate moves", f"core lists {sorted(listed)}", context)
    if set(listed) != set(expected):
        only_core = sorted(set(listed) - set(expected))
        only_reference = sorted(set(expected) - set(listed))
        detail = f"only in core {only_core}, only in reference {only_reference}"
        if only_reference:
            differ("core misses moves", detail, _moves_tags(position, only_reference))
        if only_core:
            differ("core adds moves", detail, _moves_tags(position, only_core))
    trace("count")
    count = core._legal_move_count()
    if count != len(listed):
        differ("count vs list", f"count {count}, list {len(listed)}, reference {len(expected)}", context)
    trace("perft(1)")
    bulk = core.perft(1)
    if bulk != len(expected):
        differ("perft(1) bulk", f"core {bulk}, reference {len(expected)}", context)
    trace("perft(1) make/unmake")
    full = core.perft(1, bulk=False)
    if full != len(expected):
        differ("perft(1) make/unmake", f"core {full}, reference {len(expected)}", context)
    trace("has legal move")
    if core._has_legal_move() != bool(expected):
        differ("has legal move", f"core {not expected}, reference {bool(expected)}", context)
    trace("is_legal")
    legal = set(expected)
    asked = legal | set(listed) | {str(m) for m in pseudo_legal_moves(position, position.turn)}
    wrong = sorted(t for t in asked if core.is_legal(fourchess.Move.from_str(t)) != (t in legal))
    if wrong:
        differ("is_legal", f"core is_legal wrong for {wrong}", _moves_tags(position, wrong))
    trace("status")
    checks = (tuple(core.is_check(s) for s in range(4)), tuple(reference.is_check(s) for s in range(4)))
    if checks[0] != checks[1]:
        differ("check status", f"core {checks[0]}, reference {checks[1]}", context)
    termination = reference.termination()
    outcome = None if termination is None else build_outcome(position, termination)
    winner = None if outcome is None or outcome.winner is None else sorted(outcome.winner)
    for kind, ours, theirs in (
        ("termination", _termination(core), None if termination is None else termination.name),
        ("winner", _winner(core), winner),
        ("turn", int(core.turn), reference.turn),
        ("points", tuple(core.points), reference.points),
    ) + (
        (("eliminated", sorted(int(s) for s in core.eliminated), sorted(reference.eliminated)),)
        if position.is_ffa
        else ()
    ):  # Teams has no eliminated seats (the game just ends)
        if ours != theirs:
            differ(kind, f"core {ours!r}, reference {theirs!r}", context)
    return found


def _child_sample(reference_moves: list, position: Position, limit: int | None, rng: random.Random) -> list:
    """Every move, or the unusual ones first (captures, pawns, kings, pinned pieces) and some
    others, up to `limit`."""
    if limit is None or len(reference_moves) <= limit:
        return list(reference_moves)
    pinned = pins(position, position.turn)[0]

    def unusual(move) -> bool:
        piece = position.squares[move.from_square]
        return position.squares[move.to_square] is not None or piece.kind in "PK" or move.from_square in pinned

    first = [m for m in reference_moves if unusual(m)]
    rest = [m for m in reference_moves if not unusual(m)]
    rng.shuffle(first)
    rng.shuffle(rest)
    return (first + rest)[:limit]


@dataclass
class Outcome:
    """What comparing one case found: its shapes, the disagreements, the work done."""

    shapes: set[str]
    differences: list[Difference]
    children: int = 0
    perft2: bool = False


def reference_shapes(case: Case, pushed: str | None = None) -> set[str]:
    """The case's shapes alone, for a case whose comparison crashed; with `pushed`, the move
    during whose push it crashed, the shapes after that move too."""
    reference = reference_board(case)
    shapes = classify(reference._position, list(reference.legal_moves))
    if pushed is not None:
        reference.push(next(m for m in reference.legal_moves if str(m) == pushed), checked=False)
        shapes |= {f"after the move: {shape}" for shape in classify(reference._position, list(reference.legal_moves))}
    return shapes


def compare_case(case: Case, *, child_limit: int | None, perft2: bool, trace: Trace) -> Outcome:
    """Compare the case's position, then the position after each (or a sample of) its moves;
    perft(2) both ways when asked (its expected value then needs every child)."""
    reference = reference_board(case)
    position = reference._position
    reference_moves = list(reference.legal_moves)
    shapes = classify(position, reference_moves)
    trace("construct")
    try:
        core = core_board(case)
    except ValueError as error:
        return Outcome(shapes, [Difference("FEN4 refused by core", str(error)[:200])])
    found = compare_boards(core, reference, reference_moves, (), trace)
    rng = random.Random(case.fen4)
    sample = _child_sample(reference_moves, position, None if perft2 else child_limit, rng)
    leaves = 0
    for move in sample:
        text = str(move)
        child_reference = reference.copy()
        child_reference.push(move, checked=False)
        child_moves = list(child_reference.legal_moves)
        leaves += len(child_moves)
        trace(f"push {text}")
        child = core.copy()
        child.push(fourchess.Move.from_str(text))
        path = (text,)
        tags = tuple(sorted(move_tags(position, text))) + (_check_level(position), position.mode)
        for kind, ours, theirs in (
            ("after push: fen4", child.fen4(), child_reference.fen4()),
            ("after push: points", tuple(child.points), child_reference.points),
        ) + (
            (("after push: eliminated", sorted(int(s) for s in child.eliminated), sorted(child_reference.eliminated)),)
            if case.mode == "ffa"
            else ()
        ):
            if ours != theirs:
                found.append(
                    Difference(
                        kind,
                        f"core {ours!r}, reference {theirs!r}",
                        tags + stuck_seat_tags(child_reference._position),
                        path,
                    )
                )
        found.extend(compare_boards(child, child_reference, child_moves, path, trace))
    if perft2:
        for bulk, kind in ((True, "perft(2) bulk"), (False, "perft(2) make/unmake")):
            trace(kind)
            count = core.perft(2, bulk=bulk)
            if count != leaves:
                found.append(
                    Difference(kind, f"core {count}, reference {leaves}", position_tags(position, reference_moves))
                )
    for difference in found:
        if difference.path:
            shapes.add("disagreement after a move")
    return Outcome(shapes, found, len(sample), perft2)
