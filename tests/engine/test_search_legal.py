"""The engine answers every position with a legal move (or none when there is none).

The positions come from the differential tests' starting points (both standard starts, the real
FEN4 records, the sparse hand-made starts built to reach castling, en passant, promotion, king
captures and eliminations), walked by seeded random games, plus every shrunk position on which
the adversarial generator once found the core wrong (double checks, pinned knights taking
kings, promotions as the only move). Searched at small depths; the whole principal variation is
replayed and must be legal move after move.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import fourchess
from fourchess import Board
from fourchess.engine import Engine

DATA = Path(__file__).parent.parent / "data"
POSITIONS_PER_MODE = 500


def starting_points(mode: str) -> list[str]:
    starts = [fourchess.MODERN_START_FEN4, fourchess.CLASSIC_START_FEN4]
    for line in (DATA / "fen4_real.txt").read_text().splitlines():
        if line.strip():
            starts.append(line.split(" ; ")[0].strip())
    for line in (DATA / "differential" / "start_positions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            modes, fen, _ = (part.strip() for part in line.split(" ; "))
            if mode in modes.split(","):
                starts.append(fen)
    return starts


def walked_positions(mode: str, count: int, seed: int) -> list[Board]:
    """Boards met along seeded random games from the starting points, `count` of them."""
    rng = random.Random(seed)
    starts = starting_points(mode)
    boards: list[Board] = []
    while len(boards) < count:
        board = Board(rng.choice(starts), mode=mode)
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        boards.append(board)
    return boards


def check_answer(engine: Engine, board: Board, **limits: int) -> None:
    result = engine.search(board, **limits)
    legal = list(board.legal_moves)
    if not legal:
        assert result.best is None and result.pv == ()
        return
    assert result.best in legal, board.fen4()
    assert result.pv[0] == result.best
    replay = board.copy()
    for move in result.pv:
        assert move in replay.legal_moves, (board.fen4(), [str(m) for m in result.pv])
        replay.push(move)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_random_game_positions(mode):
    engine = Engine(hash_mb=4)
    for index, board in enumerate(walked_positions(mode, POSITIONS_PER_MODE, seed=10 + (mode == "ffa"))):
        check_answer(engine, board, depth=1 + index % 2, nodes=3000)


def adversarial_found() -> list[tuple[str, str]]:
    cases = []
    for line in (DATA / "differential" / "adversarial_found.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fields = [part.strip() for part in line.split(" ; ")]
            cases.append((fields[0], fields[2]))
    return cases


def test_adversarial_positions():
    engine = Engine(hash_mb=4)
    for mode, fen in adversarial_found():
        board = Board(fen, mode=mode)
        for depth in (1, 2, 3):
            check_answer(engine, board, depth=depth, nodes=20000)
        engine.new_game()
