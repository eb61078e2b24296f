"""Target: a position built from fuzz bytes, then the core against fourchess.reference: both read
it or both refuse it; then the legal-move set, perft(1), check status, termination, points and
eliminations agree, before and after each of up to three moves played on both."""

from __future__ import annotations

import fourchess
import fourchess.reference as reference

from . import Finding
from .fuzz_input import FuzzInput
from .invariants import check_counts, check_key
from .positions import built_position


def observe(board) -> dict[str, object]:
    """What the two implementations must agree on, in a form both share."""
    termination = board.termination()
    return {
        "turn": int(board.turn),
        "legal moves": sorted(str(move) for move in board.legal_moves),
        "perft(1)": board.perft(1),
        "checks": [board.is_check(seat) for seat in range(4)],
        "termination": None if termination is None else termination.name,
        "points": list(board.points),
        # Teams has no eliminations (a dead flag only ends the game): empty in both.
        "eliminated": sorted(int(seat) for seat in board.eliminated),
        "walking kings": sorted(int(seat) for seat in board.walking_kings),
        "fen4": board.fen4(),
    }


def compare(fast: fourchess.Board, slow: reference.Board, where: str) -> None:
    core, ref = observe(fast), observe(slow)
    problems = []
    for key, value in core.items():
        if value == ref[key]:
            continue
        if key == "legal moves":
            only_core = sorted(set(value) - set(ref[key]))  # type: ignore[call-overload]
            only_ref = sorted(set(ref[key]) - set(value))  # type: ignore[call-overload]
            problems.append(f"legal moves only in core {only_core}, only in reference {only_ref}")
        else:
            problems.append(f"{key}: core {value!r}, reference {ref[key]!r}")
    if problems:
        raise Finding(f"{where}: " + "; ".join(problems))
    check_key(fast, where)
    check_counts(fast, where)


def check(data: bytes) -> None:
    source = FuzzInput(data)
    ffa = source.flag()
    mode = "ffa" if ffa else "teams"
    fen4 = built_position(source, ffa)
    try:
        fast = fourchess.Board(fen4, mode=mode)
    except fourchess.Fen4Error as error:
        try:
            reference.Board(fen4, mode=mode)
        except reference.Fen4Error:
            return
        raise Finding(f"{mode} {fen4}: the core refuses it ({error}), the reference reads it") from error
    try:
        slow = reference.Board(fen4, mode=mode)
    except reference.Fen4Error as error:
        raise Finding(f"{mode} {fen4}: the reference refuses it ({error}), the core reads it") from error
    played: list[str] = []
    for _ in range(4):
        compare(fast, slow, f"{mode} {fen4} after {played}")
        moves = sorted(str(move) for move in slow.legal_moves)
        if not moves or source.below(4) == 0:
            return
        text = source.pick(moves)
        slow.push_move(text)
        fast.push_move(text)
        played.append(text)
