"""The learning encoding's speed: observations (planes) and legal masks per second for a batch of
boards, and for one board at a time through the Python call.

    python bench/rl_encoding.py                 # a batch of 1,024 boards from random games
    python bench/rl_encoding.py --batch 256 --mode ffa

The boards are positions of seeded random games (every 7th ply of each, so a batch mixes
openings, middlegames and endings). Each figure is the best of a few rounds; the planes written
are checked against the boards' piece counts, so a fast wrong answer does not pass.
"""

from __future__ import annotations

import argparse
import os
import random

import numpy as np

import fourchess
import fourchess.rl as rl
from fourchess._bench import best_time, load_warning

PIECE_PLANES = 35  # live pieces by seat and kind, then dead ones: one cell per piece


def random_boards(count: int, mode: str, seed: int) -> list[fourchess.Board]:
    rng = random.Random(seed)
    boards: list[fourchess.Board] = []
    while len(boards) < count:
        board = fourchess.Board(mode=mode)
        while not board.is_game_over() and len(boards) < count:
            board.push(rng.choice(list(board.legal_moves)))
            if len(board.move_stack) % 7 == 0:
                boards.append(board.copy())
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--mode", choices=("teams", "ffa"), default="teams")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warning = load_warning(os.getloadavg()[0], os.cpu_count() or 1)
    if warning:
        print(warning)
    boards = random_boards(args.batch, args.mode, args.seed)
    pieces = sum(len(board.piece_map()) for board in boards)
    print(f"{args.batch:,} {args.mode} boards, {pieces:,} pieces; best of {args.rounds} rounds")
    for history in (1, 8):
        for dtype in ("float32", "uint8"):
            out = np.empty((len(boards), rl.plane_count(history), 14, 14), dtype)
            seconds = best_time(
                lambda h=history, d=dtype, o=out: rl.planes_batch(boards, history=h, dtype=d, out=o), args.rounds
            )
            assert int((out[:, :PIECE_PLANES] > 0).sum()) == pieces
            print(f"planes_batch  history {history} {dtype:<8} {len(boards) / seconds:>11,.0f} boards/s")
    masks = np.empty((len(boards), rl.ACTION_COUNT), np.int8)
    seconds = best_time(lambda: rl.legal_mask_batch(boards, out=masks), args.rounds)
    assert int(masks.sum()) == sum(board.legal_moves.count() for board in boards)
    print(f"legal_mask_batch                {len(boards) / seconds:>11,.0f} boards/s")
    one = np.empty((rl.plane_count(1), 14, 14), np.float32)
    seconds = best_time(lambda: [rl.planes(board, out=one) for board in boards], args.rounds)
    print(f"planes, one board a call        {len(boards) / seconds:>11,.0f} boards/s")
    seconds = best_time(lambda: [rl.legal_mask(board) for board in boards], args.rounds)
    print(f"legal_mask, one board a call    {len(boards) / seconds:>11,.0f} boards/s")


if __name__ == "__main__":
    main()
