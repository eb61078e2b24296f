"""The fixed positions the benchmarks time, with the counts each benchmark asserts.

Opening, middlegame, endgame and check positions are lines of tests/data/fen4_real.txt (real
games and engine tests); the dead-pieces and two-kings-checked positions were reached by a
seeded random FFA game from the modern start (seed 1, plies 43 and 232, preferring captures) and
are recorded here as plain FEN4. Counts (legal moves, perft(3)) are the core's, which the test
suite's perft tables and differential games check against the reference.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

_REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "fen4_real.txt"


def _real(line: int) -> str:
    """FEN4 of the data file's `line`-th position (1-based, comment lines not counted)."""
    rows = [r for r in _REAL.read_text().splitlines() if r.strip() and not r.startswith("#")]
    return rows[line - 1].split(" ; ")[0].strip()


@dataclass(frozen=True)
class BenchPosition:
    name: str
    fen4: str
    mode: str
    legal_moves: int
    perft3: int


POSITIONS = [
    BenchPosition("opening", _real(1), "teams", 20, 11_535),
    BenchPosition("middlegame", _real(3), "teams", 53, 134_469),
    BenchPosition("middlegame-ffa", _real(3), "ffa", 56, 150_450),
    BenchPosition("endgame", _real(14), "teams", 30, 3_847),
    BenchPosition(
        "dead-pieces",
        "G-0,1,0,0-0,1,0,1-0,0,0,1-14,13,48,13-0-x,x,x,yR,yN,3,yB,yN,yR,x,x,x/x,x,x,yP,2,yK,1,yP,2,x,x,x/"
        "x,x,x,8,x,x,x/1,dP,2,yP,2,yP,2,yP,1,gP,gR/12,gP,1/yQ,1,dP,9,gP,gB/1,dP,10,gN,gK/dK,dP,8,gP,3/"
        "1,dP,8,gP,3/dN,11,gP,1/dR,dP,4,rN,2,rP,3,gR/x,x,x,1,rP,rN,5,x,x,x/x,x,x,rP,1,rP,rP,rP,rK,1,rR,x,x,x/"
        "x,x,x,rR,3,rQ,3,x,x,x",
        "ffa",
        25,
        43_767,
    ),
    BenchPosition("in-check", _real(17), "ffa", 3, 4_020),
    BenchPosition(
        "two-kings-checked",
        "G-0,1,0,0-0,0,0,0-0,0,0,0-38,13,65,55-14-x,x,x,8,x,x,x/x,x,x,3,yK,4,x,x,x/x,x,x,7,rD,x,x,x/4,yP,9/"
        "8,gK,5/14/14/14/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,1,rK,2,yR,3,x,x,x",
        "ffa",
        4,
        312,
    ),
]
BY_NAME = {p.name: p for p in POSITIONS}
MIDDLEGAME = BY_NAME["middlegame"]

# docs/rules.md §9 (and tests/data/perft_start.txt): (setup, mode, depth) -> nodes.
PUBLISHED = {
    ("modern", "teams", 3): 7_800,
    ("modern", "ffa", 3): 7_800,
    ("modern", "teams", 5): 3_452_310,
    ("modern", "ffa", 5): 3_452_310,
    ("classic", "teams", 5): 3_730_168,
    ("modern", "teams", 6): 77_430_383,
    ("modern", "ffa", 6): 77_430_383,
}
