"""The positions and games the other test groups already use, gathered for the stateless calls:
the differential start positions (both starts, tests/data/fen4_real.txt, the hand-made sparse
ones), the adversarial generator's shrunk finds (with their FFA options), seeded random walks
from every start, and the real chess.com records of tests/data/pgn4."""

from __future__ import annotations

import functools
import io
import random
from dataclasses import dataclass
from pathlib import Path

import fourchess
from fourchess import pgn4

from .differential_games import start_positions

TESTS = Path(__file__).resolve().parent.parent
ADVERSARIAL_FOUND = TESTS / "data" / "differential" / "adversarial_found.txt"
PGN4_RECORDS = sorted((TESTS / "data" / "pgn4").glob("*.pgn4"))
WALK_PLIES = 40
WALK_EVERY = 8  # a walked position is compared every this many plies


@dataclass(frozen=True)
class Game:
    """A root position, its rules and the step texts played from it."""

    label: str
    rules: fourchess.Rules
    root_fen4: str
    steps: tuple[str, ...] = ()

    def board(self) -> fourchess.Board:
        board = fourchess.Board(self.root_fen4, rules=self.rules)
        for step in self.steps:
            board.push_step(step)
        return board


def _adversarial_rules(mode: str, options: str) -> fourchess.Rules:
    fields: dict[str, bool] = {}
    if options != "-":
        for option in options.split(","):
            name, value = option.split("=")
            fields[name] = value == "1"
    return fourchess.Rules(mode=mode, **fields)


@functools.cache
def start_games() -> tuple[Game, ...]:
    """Every differential start position (per mode) and every adversarial find, no steps."""
    games = []
    for mode in ("teams", "ffa"):
        for start in start_positions(mode):
            games.append(Game(f"{mode} {start.label}", fourchess.Rules(mode=mode), start.fen4))
    for number, line in enumerate(ADVERSARIAL_FOUND.read_text(encoding="utf-8").splitlines()):
        if line.strip() and not line.startswith("#"):
            mode, options, fen4 = (part.strip() for part in line.split(" ; ")[:3])
            games.append(Game(f"adversarial line {number}", _adversarial_rules(mode, options), fen4))
    return tuple(games)


@functools.cache
def walked_games() -> tuple[Game, ...]:
    """From every start game, a seeded random walk, cut every WALK_EVERY plies."""
    games = []
    for number, start in enumerate(start_games()):
        rng = random.Random(number)
        board = start.board()
        steps: list[str] = []
        while len(steps) < WALK_PLIES and not board.is_game_over():
            move = rng.choice(sorted(board.legal_moves, key=str))
            board.push(move)
            steps.append(str(move))
            if len(steps) % WALK_EVERY == 0 or board.is_game_over():
                games.append(
                    Game(f"{start.label} after {len(steps)} plies", start.rules, start.root_fen4, tuple(steps))
                )
    return tuple(games)


@functools.cache
def record_boards() -> tuple[tuple[str, fourchess.Board], ...]:
    """Every real record of tests/data/pgn4, replayed (moves, resignations, timeouts, claims)."""
    boards = []
    for path in PGN4_RECORDS:
        game = pgn4.read_game(io.StringIO(path.read_text(encoding="utf-8")))
        boards.append((path.name, pgn4.replay(game)))
    return tuple(boards)


def every_game() -> tuple[Game, ...]:
    """The start games and the walked ones."""
    return start_games() + walked_games()
