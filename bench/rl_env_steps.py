"""Environment steps per second: the four-player chess PettingZoo environment, Teams and FFA,
beside PettingZoo's own chess (``chess_v6``) measured the same way in the same run.

    python bench/rl_env_steps.py                      # 5 s of whole games for each environment
    python bench/rl_env_steps.py --seconds 20 --history 8

Each environment is the wrapped one a user makes (``fourchess.rl.env()``, ``chess_v6.env()``)
and plays whole games as an agent loop does: ``last()`` for the observation, an action drawn
uniformly from its mask by a seeded generator, ``step``. A step counts when it plays a move (the
steps that retire finished agents run but do not count), and each game's count is checked
against its board's move stack, so a step that played nothing cannot pass for one.
"""

from __future__ import annotations

import argparse
import os
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from fourchess._bench import load_warning
from fourchess.rl.aec import env as fourchess_env


def random_games(game: Any, moves_played: Callable[[], int], seconds: float, seed: int) -> tuple[int, int, float]:
    """Plays whole games of ``game`` with uniformly random legal actions for about ``seconds``
    (the last game is finished): (moves, games, seconds taken)."""
    rng = np.random.default_rng(seed)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.reset(seed=seed + games)
        played = 0
        for _ in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            # A 0/1 int8 mask read as booleans: NumPy finds the nonzeros of a bool array ~15x faster.
            legal = observation["action_mask"].view(bool).nonzero()[0]
            game.step(int(legal[rng.integers(len(legal))]))
            played += 1
        assert played == moves_played(), f"{played} steps played {moves_played()} moves"
        moves += played
        games += 1
    return moves, games, time.perf_counter() - start


def report(label: str, moves: int, games: int, seconds: float) -> float:
    rate = moves / seconds
    print(f"{label:<18} {moves:>9,} steps in {games:>4} games, {seconds:5.1f} s: {rate:>9,.0f} steps/s", flush=True)
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for each environment (default 5)")
    parser.add_argument("--history", type=int, default=1, help="positions in a fourchess observation (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    warning = load_warning(os.getloadavg()[0], os.cpu_count() or 1)
    if warning:
        print(warning)
    with warnings.catch_warnings():
        # the classic games are still reached through their old module names, which warn
        warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
        from pettingzoo.classic import chess_v6

    print(f"random legal actions, whole games, {args.seconds:g} s each, fourchess history {args.history}")
    rates = {}
    for mode in ("teams", "ffa"):
        game = fourchess_env(mode=mode, history=args.history)
        counted = random_games(game, lambda g=game: len(g.unwrapped.board.move_stack), args.seconds, args.seed)
        rates[mode] = report(f"fourchess {mode}", *counted)
    chess = chess_v6.env()
    baseline = report(
        "chess_v6", *random_games(chess, lambda: len(chess.unwrapped.board.move_stack), args.seconds, args.seed)
    )
    for mode, rate in rates.items():
        print(f"fourchess {mode} / chess_v6: {rate / baseline:.1f}x")


if __name__ == "__main__":
    main()
