"""The Martian Chess strength ladder: search vs random, search vs the 1-ply greedy player, depth
N+1 vs N, for two and four players, each printed with its Elo interval.

    python bench/martian_ladder.py [--games 40] [--only 2|4]

Each game starts from an opening of a few random moves (seeded); every opening is played from
both seatings. Four players are seated A, B, A, B (and B, A, B, A), under the free-for-all rules:
A scores 1 when a seat of A's is first and none of B's shares it, 1/2 when both share first, 0
otherwise.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from fourchess.engine.elo import estimate
from fourchess.martian import Board, MartianEngine, Move

Player = Callable[[Board], Move]
OPENING_PLIES = 4


def random_player(seed: int) -> Player:
    rng = random.Random(seed)
    return lambda board: rng.choice(list(board.legal_moves))


def greedy_player(seed: int) -> Player:
    """The move that scores most at once (a capture's value), ties broken at random."""
    rng = random.Random(seed)

    def choose(board: Board) -> Move:
        seat, best, found = board.turn, -1, []
        for move in board.legal_moves:
            board.push(move)
            gained = board.scores[seat]
            board.pop()
            if gained > best:
                best, found = gained, [move]
            elif gained == best:
                found.append(move)
        return rng.choice(found)

    return choose


def search_player(depth: int) -> Player:
    engine = MartianEngine(hash_mb=16)

    def choose(board: Board) -> Move:
        best = engine.search(board, depth=depth).best
        assert best is not None
        return best

    return choose


def play(players: int, seats: list[Player], opening: list[str]) -> Board:
    board = Board(players=players, rules=None)
    for text in opening:
        board.push_move(text)
    while not board.is_game_over():
        board.push(seats[board.turn](board))
    return board


def score_for_a(board: Board, a_seats: set[int]) -> float:
    outcome = board.outcome()
    assert outcome is not None
    first = set(outcome.winners)
    if first <= a_seats:
        return 1.0
    return 0.5 if first & a_seats else 0.0


def opening(players: int, rng: random.Random) -> list[str]:
    board, texts = Board(players=players), []
    for _ in range(OPENING_PLIES):
        move = rng.choice(list(board.legal_moves))
        texts.append(str(move))
        board.push(move)
    return texts


def rung(players: int, make_a: Callable[[int], Player], make_b: Callable[[int], Player], games: int) -> str:
    rng = random.Random(players * 7919 + games)
    scores = []
    plies = 0
    for number in range(games):
        if number % 2 == 0:
            start = opening(players, rng)
        a_first = number % 2 == 0
        a_seats = {seat for seat in range(players) if (seat % 2 == 0) == a_first}
        seats = [make_a(number * 4 + seat) if seat in a_seats else make_b(number * 4 + seat) for seat in range(players)]
        board = play(players, seats, start)
        scores.append(score_for_a(board, a_seats))
        plies += len(board.move_stack)
    won = sum(1 for s in scores if s == 1)
    drawn = sum(1 for s in scores if s == 0.5)
    return f"+{won} ={drawn} -{len(scores) - won - drawn}, {estimate(scores)}, {plies / len(scores):.0f} moves a game"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--only", type=int, choices=[2, 4])
    args = parser.parse_args()
    ladder = [
        ("search depth 2 vs random", lambda seed: search_player(2), random_player),
        ("search depth 2 vs greedy", lambda seed: search_player(2), greedy_player),
        ("depth 3 vs depth 2", lambda seed: search_player(3), lambda seed: search_player(2)),
    ]
    for players in (2, 4):
        if args.only not in (None, players):
            continue
        for label, make_a, make_b in ladder:
            start = time.perf_counter()
            result = rung(players, make_a, make_b, args.games)
            print(f"{players} players, {label}: {result} ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
