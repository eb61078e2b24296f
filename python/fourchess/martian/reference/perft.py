"""Perft (docs/martian.md §7): move sequences counted from a position as if it had no history; the
game's end, a repetition within the tree included, stops a line."""

from __future__ import annotations

from .game import Game


def perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    moves = game.legal_moves()
    total = 0
    for move in moves:
        game.push(move)
        total += perft(game, depth - 1)
        game.pop()
    return total


def perft_from(fen: str, depth: int, *, move_limit: int | None = None) -> int:
    return perft(Game(fen, move_limit=move_limit), depth)
