"""Makes the balanced opening sets of bench/data/ that engine matches start from.

    python bench/openings.py                 # rewrites every set in bench/data/
    python bench/openings.py --only teams-dev

Recipe, per set: from the mode's start, play a random number of plies (4 to 8, uniform) of
uniformly random legal moves (seeded); keep the position when the game is still going on, it
was not made before, and a depth-7 search (one thread, fresh table) scores it within
``MAX_CP`` of even for the side to move. Each set has its own seed, so the sets share no
opening by construction: the ``dev`` sets are what engine changes are tried on (SPRT), the
``test`` set is kept for the final matches against other engines, from openings no change was
tuned on. The files say how they were made in their header; running this again on the same
version of the engine writes the same files.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from fourchess import Board
from fourchess.engine import search

DATA = Path(__file__).resolve().parent / "data"
MIN_PLIES, MAX_PLIES = 4, 8
DEPTH = 7
MAX_CP = 60  # a little over a Teams pawn (50); FFA points are 100


@dataclass(frozen=True)
class OpeningSet:
    name: str
    mode: str
    count: int
    seed: int

    @property
    def path(self) -> Path:
        return DATA / f"openings-{self.name}.fen4"


SETS = (
    OpeningSet("teams-dev", "teams", 200, 1901),
    OpeningSet("teams-test", "teams", 200, 1902),
    OpeningSet("ffa-dev", "ffa", 100, 1903),
)


def balanced_openings(opening_set: OpeningSet) -> tuple[list[str], int]:
    """The set's openings, and how many candidates were tried to find them."""
    rng = random.Random(opening_set.seed)
    kept: list[str] = []
    seen: set[str] = set()
    tried = 0
    while len(kept) < opening_set.count:
        tried += 1
        board = Board(mode=opening_set.mode)
        for _ in range(rng.randint(MIN_PLIES, MAX_PLIES)):
            board.push(rng.choice(list(board.legal_moves)))
        fen4 = board.fen4()
        if board.is_game_over() or fen4 in seen:
            continue
        seen.add(fen4)
        score = search(board, depth=DEPTH, ffa_search="paranoid").score
        if score.mate is None and abs(score.cp) <= MAX_CP:  # type: ignore[arg-type]
            kept.append(fen4)
    return kept, tried


def write_set(opening_set: OpeningSet) -> None:
    openings, tried = balanced_openings(opening_set)
    header = [
        f"# {opening_set.count} balanced {opening_set.mode} openings ({opening_set.name}), made by bench/openings.py:",
        f"# {MIN_PLIES}-{MAX_PLIES} uniformly random plies from the start (seed {opening_set.seed}), kept when a",
        f"# depth-{DEPTH} fourchess search scores the side to move within {MAX_CP} of even; {tried} tried.",
    ]
    opening_set.path.write_text("\n".join(header + openings) + "\n", encoding="utf-8")
    print(f"{opening_set.path.name}: {len(openings)} of {tried} kept", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=[s.name for s in SETS], help="make one set only")
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    for opening_set in SETS:
        if args.only in (None, opening_set.name):
            write_set(opening_set)


if __name__ == "__main__":
    main()
