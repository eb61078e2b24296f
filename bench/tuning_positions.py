"""Positions for tuning the evaluation (``fourchess-tune``, cpp/tools/tune_main.cpp), taken from
Teams games in PGN4: every position of every decided game's main line, labelled with the
Red+Yellow team's score in that game, kept when it is quiet (no king in check, and the move the
game went on with neither captures, promotes nor checks) and past the opening.

    python bench/tuning_positions.py GAMES.pgn4 [...] --out DIR

Writes DIR/train.txt and DIR/validation.txt ("RESULT ; FEN4" lines; every tenth game goes to
validation, so that no game feeds both). The games should come from the development openings
(bench/data/openings-teams-dev.fen4) only: the test openings judge the tuned engine.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

from fourchess import Move, pgn4

SEATS = range(4)


def quiet_positions(game: pgn4.Game, skip_plies: int) -> list[str]:
    """FEN4 of the quiet positions of ``game``'s main line, from ply ``skip_plies`` on."""
    board = game.board()
    found = []
    node = game.next()
    ply = 0
    while node is not None:
        step = node.move
        if not isinstance(step, Move) or board.turn != node.seat:
            break
        quiet = (
            not any(board.is_check(s) for s in SEATS if s not in board.eliminated)
            and not board.is_capture(step)
            and step.promotion is None
            and not board.gives_check(step)
        )
        if quiet and ply >= skip_plies:
            found.append(board.fen4())
        board.push(step)
        ply += 1
        node = node.next()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", type=pathlib.Path, help="PGN4 files of Teams games")
    parser.add_argument("--out", type=pathlib.Path, required=True, help="directory for train.txt and validation.txt")
    parser.add_argument("--skip-plies", type=int, default=8, help="opening plies left out (default 8)")
    parser.add_argument("--validation-every", type=int, default=10, help="every Nth game is for validation")
    args = parser.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    counts = {"train": 0, "validation": 0}
    games = 0
    with open(args.out / "train.txt", "w") as train, open(args.out / "validation.txt", "w") as validation:
        for path in args.games:
            with open(path) as handle:
                for game in pgn4.iter_games(handle):
                    winners = pgn4.teams_winners(game.headers)
                    if not winners or "forfeit" in game.headers.get("Termination", ""):
                        continue
                    pgn4.replay(game)
                    result = 1 if 0 in winners else 0
                    games += 1
                    part = "validation" if games % args.validation_every == 0 else "train"
                    out = validation if part == "validation" else train
                    for fen4 in quiet_positions(game, args.skip_plies):
                        if fen4 in seen:
                            continue
                        seen.add(fen4)
                        out.write(f"{result} ; {fen4}\n")
                        counts[part] += 1
    print(f"{games} games: {counts['train']} training and {counts['validation']} validation positions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
