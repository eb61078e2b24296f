"""Positions for the encoding tests: the differential games' starts, played on by the same
event-biased random choice (captures, checks, castling, en passant, promotions, eliminations),
so that a few thousand positions hold the rare moves the action index must number."""

from __future__ import annotations

import random
from collections.abc import Iterator

import fourchess

from .differential_games import choose, start_positions
from .move_events import en_passant_entries, move_facts

PLIES_PER_GAME = 80


def played_boards(mode: str, games_per_start: int = 1, seed: int = 0) -> Iterator[fourchess.Board]:
    """Every position of seeded biased games from every start of the mode, each a copy with
    its game's history."""
    for number, start in enumerate(start_positions(mode)):
        for game in range(games_per_start):
            rng = random.Random(seed * 1_000_003 + number * 10_007 + game)
            board = fourchess.Board(start.fen4, mode=mode)
            yield board.copy()
            while len(board.move_stack) < PLIES_PER_GAME and not board.is_game_over():
                moves = sorted(board.legal_moves, key=str)
                en_passant = en_passant_entries(board.fen4())
                facts = [move_facts(board, move, en_passant) for move in moves]
                board.push(moves[choose(rng, moves, facts)])
                yield board.copy()
