"""The Martian Chess strength ladder: the CPU player against random and greedy players and against
itself one ply shallower, for two and four players, each rung a ``fourchess match --game martian``.

    python bench/martian_ladder.py [--openings 100] [--only 2|4] [--depth 4]

Openings: distinct positions reached by four random moves from the start (seeded). Every rung
plays each opening from each of the match's seatings (two players: A B, then B A; four: A in each
seat against three B seats, scored by the share of B seats A finished ahead of). The printed line
is the match's own summary: the score and its Elo with the 95% interval.
"""

from __future__ import annotations

import argparse
import random
import time

from fourchess import martian
from fourchess.engine.match import MatchConfig, run_match
from fourchess.engine.match_summary import MatchSummary

OPENING_MOVES = 4


def openings(players: int, count: int, seed: int) -> tuple[str, ...]:
    rng = random.Random(seed)
    found: dict[str, None] = {}  # in the order found
    while len(found) < count:
        board = martian.Board(players=players)
        for _ in range(OPENING_MOVES):
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over():
            found[board.mfen()] = None
    return tuple(found)


def rungs(depth: int) -> list[tuple[str, str]]:
    return [
        (f"search:depth={depth}", "random"),
        (f"search:depth={depth}", "greedy"),
        (f"search:depth={depth}", f"search:depth={depth - 1}"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--openings", type=int, default=100)
    parser.add_argument("--only", type=int, choices=[2, 4])
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args()
    for players in (2, 4):
        if args.only not in (None, players):
            continue
        for spec_a, spec_b in rungs(args.depth):
            start = time.perf_counter()
            config = MatchConfig(
                spec_a,
                spec_b,
                game="martian",
                players=players,
                openings=openings(players, args.openings, seed=players),
                seed=players,
            )
            summary = MatchSummary(config, run_match(config))
            wins, draws, losses = summary.wins_draws_losses
            print(
                f"{players} players, {spec_a} vs {spec_b}: +{wins} ={draws} -{losses}, {summary.elo()} "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
