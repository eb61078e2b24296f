"""attackers, is_attacked_by, is_capture, gives_check and is_insufficient_material held against
fourchess.reference on the differential positions.

Positions: both starts, the real positions of tests/data/fen4_real.txt, the hand-made sparse
starts of tests/data/differential/start_positions.txt (the random games' starts), every shrunk
disagreement of tests/data/differential/adversarial_found.txt (with its FFA options), and the
positions of one seeded walk from each start (longer and every ply with -m slow). At each: the
attackers of every square for every seat, is_attacked_by, the insufficient-material test, and
is_capture / gives_check of every pseudo-legal move (the legal ones and those push_unchecked also
takes).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import fourchess
import fourchess.reference
from fourchess.reference import checks
from fourchess.reference.attacks import attack_map
from fourchess.reference.movegen import pseudo_legal_moves

DATA = Path(__file__).parent.parent / "data"
MODES = ("teams", "ffa")
# (plies walked from each start, plies between compared positions): the default run, and -m slow.
WALKS = [pytest.param(24, 6, id="short"), pytest.param(80, 1, id="long", marks=pytest.mark.slow)]


def _starts(mode: str) -> list[tuple[str, str]]:
    starts = [("modern start", fourchess.MODERN_START_FEN4), ("classic start", fourchess.CLASSIC_START_FEN4)]
    for number, line in enumerate((DATA / "fen4_real.txt").read_text().splitlines(), 1):
        if line.strip():
            starts.append((f"fen4_real.txt line {number}", line.split(" ; ")[0].strip()))
    for line in (DATA / "differential" / "start_positions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            modes, fen4, label = (part.strip() for part in line.split(" ; "))
            if mode in modes.split(","):
                starts.append((label, fen4))
    return starts


def _adversarial_cases() -> list[tuple[str, dict[str, bool], str]]:
    cases = []
    for line in (DATA / "differential" / "adversarial_found.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        mode, options, fen4 = (part.strip() for part in line.split(" ; ")[:3])
        flags = {} if options == "-" else {k: v == "1" for k, v in (item.split("=") for item in options.split(","))}
        cases.append((mode, flags, fen4))
    return cases


def _boards(fen4: str, mode: str, options: dict[str, bool]):
    core = fourchess.Board(fen4, rules=fourchess.Rules(mode=mode, **options))
    reference = fourchess.reference.Board(fen4, rules=fourchess.reference.Rules(mode=mode, **options))
    return core, reference


def _differences(core: fourchess.Board, reference: fourchess.reference.Board, where: str) -> list[str]:
    found = []
    position = reference._position
    for seat in range(4):
        # One map per seat, walked from the pieces outwards (what Board.attackers answers from).
        expected = attack_map(position, seat)
        for square in fourchess.SQUARES:
            attackers = core.attackers(seat, square)
            if attackers != frozenset(expected.get(square, ())) or core.is_attacked_by(seat, square) != bool(attackers):
                found.append(
                    f"{where}: attackers({seat}, {fourchess.square_name(square)}) core {sorted(attackers)}"
                    f" (is_attacked_by {core.is_attacked_by(seat, square)}),"
                    f" reference {sorted(expected.get(square, ()))}"
                )
        # The reference's other attack test, looked for from the target: on the kings' squares.
        for king in filter(None, (core.king(other) for other in range(4))):
            if core.is_attacked_by(seat, king) != reference.is_attacked_by(seat, king):
                found.append(f"{where}: is_attacked_by({seat}, {fourchess.square_name(king)}) differs")
    if core.is_insufficient_material() != reference.is_insufficient_material():
        found.append(f"{where}: is_insufficient_material core {core.is_insufficient_material()}")
    if core.is_game_over() or reference.is_game_over():
        return found
    for move in pseudo_legal_moves(position, position.turn):
        text = str(move)
        try:
            core_answers = (
                core.is_capture(fourchess.Move.from_str(text)),
                core.gives_check(fourchess.Move.from_str(text)),
            )
        except fourchess.IllegalMoveError as error:
            found.append(f"{where}: {text}: the core refuses a move the reference finds pseudo-legal: {error}")
            continue
        # The reference's Board methods test pseudo-legality again; these moves come from its generator.
        reference_answers = (checks.is_capture(position, move), bool(checks.kings_newly_checked(position, move)))
        if core_answers != reference_answers:
            found.append(
                f"{where}: {text}: (is_capture, gives_check) core {core_answers} reference {reference_answers}"
            )
    return found


@pytest.mark.parametrize("plies, every", WALKS)
@pytest.mark.parametrize("mode", MODES)
def test_starts_and_their_walks_agree(mode: str, plies: int, every: int) -> None:
    problems: list[str] = []
    compared = checked = captured = 0
    for number, (label, fen4) in enumerate(_starts(mode)):
        core, reference = _boards(fen4, mode, {})
        rng = random.Random(number)
        for ply in range(plies + 1):
            if ply % every == 0:
                problems += _differences(core, reference, f"{mode} {label} after {ply} plies ({core.fen4()})")
                compared += 1
            moves = sorted(core.legal_moves, key=str)
            if not moves or problems:
                break
            # Prefer checks and captures, so that the walks reach the positions these questions are about.
            weights = [1 + 4 * core.gives_check(move) + 2 * core.is_capture(move) for move in moves]
            move = rng.choices(moves, weights=weights)[0]
            checked += core.gives_check(move)
            captured += core.is_capture(move)
            core.push(move)
            reference.push_move(str(move))
    assert not problems, "\n".join(problems[:10])
    # The walks must reach what they are for (counts from the seeded walks: at least some of each).
    assert compared > 100 and checked > 10 and captured > 10, (compared, checked, captured)


def test_adversarial_positions_agree() -> None:
    problems: list[str] = []
    for number, (mode, options, fen4) in enumerate(_adversarial_cases()):
        core, reference = _boards(fen4, mode, options)
        problems += _differences(core, reference, f"adversarial_found.txt case {number} ({mode})")
    assert not problems, "\n".join(problems[:10])
