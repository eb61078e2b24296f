"""Writes the seed corpora fuzz/corpus/<target>/ from tests/data (run from the repository root:
python fuzz/make_corpus.py). Each seed is the option bytes a target reads first, then its text."""

from __future__ import annotations

import json
from pathlib import Path

# Run as a script, fuzz/ is the first entry of sys.path: fuzz_targets (and adversarial) import.
from fuzz_targets.positions import DATA, base_fen4s

FUZZ = Path(__file__).resolve().parent

TEAMS, FFA = b"\x00", b"\x01"


def fen4_seeds() -> list[bytes]:
    real = [line.split(" ; ")[0].strip() for line in (DATA / "fen4_real.txt").read_text().splitlines() if line.strip()]
    dialects = [
        line.strip()
        for line in (DATA / "fen4" / "other-dialects.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    malformed = [
        case["fen4"]
        for case in json.loads((DATA / "fen4" / "malformed.json").read_text())[2:6]
        if isinstance(case, dict) and isinstance(case.get("fen4"), str)
    ]
    chosen = real[:3] + dialects[:2] + malformed + list(base_fen4s()[-4:])
    return [mode + text.encode() for text in chosen for mode in (TEAMS, FFA)]


def move_seeds() -> list[bytes]:
    texts = ["h2-h3", "h2h4", "Nj1-i3", "O-O", "O-O-O", "h10-h11=Q", "h7-h8=D", "Qg1-i3+", "Bh2xNl6", "h8xQg7=D#"]
    texts += [case["text"] for case in json.loads((DATA / "bad_moves.json").read_text())[:6]]
    # board 0 is the modern start in Teams; operations 0 from_str, 1 parse_move, 2 push_move
    return [
        bytes([board, operation]) + text.encode()
        for index, text in enumerate(texts)
        for board, operation in [(index % 8, index % 3)]
    ]


def pgn4_seeds() -> list[bytes]:
    files = sorted((DATA / "pgn4").glob("*.pgn4"), key=lambda path: path.stat().st_size)[:4]
    files += sorted((DATA / "pgn4" / "constructed").glob("*.pgn4"), key=lambda path: path.stat().st_size)[:4]
    return [b"\x01" + path.read_bytes() for path in files]


def position_seeds() -> list[bytes]:
    # ffa flag, 'mutate a base position' flag, the base, no mutation, keep the turn, then move choices
    return [
        bytes([ffa, 1, base, 0, 3]) + bytes(range(7, 40, 3))
        for base in range(0, len(base_fen4s()), 3)
        for ffa in (0, 1)
    ]


def martian_text_seeds() -> list[bytes]:
    from fourchess.martian import START_2, START_4

    texts = [START_2, START_4, "2 P3/4/4/Q3/4/4/3D/4 1 0,0 -", "2 4/4/4/4/4/4/3Q/4 0 0,2 a5-d2"]
    texts += ["4 8/8/8/8/8/8/8/Q7 0 5,1,2,5 -", "2 QQD1/QDP1/DPP1/22/13/1PPD/1PDQ/1DQQ 0 0,0 -"]
    return [text.encode() for text in texts]


def martian_move_seeds() -> list[bytes]:
    # players flag, move limit, teams flag, plies, the plies' choices, then the move text
    return [
        bytes([players, 0, 0, plies]) + bytes(range(3, 3 + 7 * plies, 7)) + text.encode()
        for players in (0, 1)
        for plies, text in [(0, "d3-d5"), (3, "c2-c3"), (8, "a3a5"), (20, "h8-a1")]
    ]


def martian_game_seeds() -> list[bytes]:
    return [bytes([players, limit, 1]) + bytes(range(5, 250, 3)) for players in (0, 1) for limit in (0, 30)]


def martian_encoding_seeds() -> list[bytes]:
    # players flag, move limit, teams flag, plies, then choices for the plies and the checks
    return [
        bytes([players, 0, teams, plies]) + bytes(range(11, 11 + 5 * (plies + 12), 5))
        for players, teams in [(0, 0), (1, 0), (1, 1)]
        for plies in (0, 9)
    ]


SEEDS = {
    "fen4_text": fen4_seeds,
    "move_text": move_seeds,
    "pgn4_text": pgn4_seeds,
    "push_unchecked": position_seeds,
    "differential": position_seeds,
    "martian_text": martian_text_seeds,
    "martian_moves": martian_move_seeds,
    "martian_differential": martian_game_seeds,
    "rl_encoding": position_seeds,
    "martian_rl_encoding": martian_encoding_seeds,
}

if __name__ == "__main__":
    for target, seeds in SEEDS.items():
        directory = FUZZ / "corpus" / target
        directory.mkdir(parents=True, exist_ok=True)
        for old in directory.glob("seed-*"):
            old.unlink()
        for number, seed in enumerate(seeds()):
            (directory / f"seed-{number:02d}").write_bytes(seed)
        print(f"{target}: {len(seeds())} seeds")
