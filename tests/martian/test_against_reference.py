"""The Martian Chess core held against fourchess.martian.reference (two implementations of
docs/martian.md sharing no code): every position of random games in both player counts, every
from-to of sampled positions, sparse positions deep enough to repeat, and mutated position texts."""

from __future__ import annotations

import random

import pytest

from fourchess.martian import Board, IllegalMoveError, MartianFenError, MartianRules, Move
from fourchess.martian import reference as ref
from fourchess.martian.reference.moves import refusal

GAMES = 6  # per player count and rule set; each about 150-250 moves


def ref_moves(game: ref.Game) -> list[str]:
    return [ref.move_text(move) for move in game.legal_moves()]


def agree(board: Board, game: ref.Game, where: str) -> None:
    assert board.mfen() == game.fen(), where
    assert [str(move) for move in board.legal_moves] == ref_moves(game), where
    ours, theirs = board.outcome(), game.outcome()
    if theirs is None:
        assert ours is None, where
    else:
        assert ours is not None, where
        assert (ours.termination.value, ours.winners, ours.places, ours.scores) == (
            theirs.termination,
            theirs.winners,
            theirs.places,
            theirs.scores,
        ), where


RULE_SETS = [
    (2, MartianRules()),
    (2, MartianRules(move_limit=60)),
    (4, MartianRules()),
    (4, MartianRules(teams=True, move_limit=90)),
]


@pytest.mark.parametrize(("players", "rules"), RULE_SETS)
def test_random_games_agree_at_every_position(players: int, rules: MartianRules) -> None:
    play_and_compare(players, rules, GAMES, seed=players * 1000 + (rules.move_limit or 0))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rules"), RULE_SETS)
def test_many_more_random_games_agree(players: int, rules: MartianRules) -> None:
    play_and_compare(players, rules, 250, seed=7 + players * 1000 + (rules.move_limit or 0))


def play_and_compare(players: int, rules: MartianRules, games: int, seed: int) -> None:
    rng = random.Random(seed)
    for number in range(games):
        board = Board(players=players, rules=rules)
        game = ref.Game(players=players, move_limit=rules.move_limit, teams=rules.teams)
        texts = []
        while True:
            where = f"game {number}, after {' '.join(texts)}"
            agree(board, game, where)
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            texts.append(str(move))
            board.push(move)
            game.push_text(str(move))
        for text in reversed(texts):  # unmake restores every position exactly
            assert str(board.pop()) == text
            game.pop()
            assert board.mfen() == game.fen()


def sampled_positions(players: int, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = ref.Game(players=players)
        for _ in range(rng.randrange(0, 120)):
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
        found.append(game.fen())
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_every_from_to_is_refused_for_the_same_reason(players: int) -> None:
    squares = range(64)
    for fen in sampled_positions(players, 12, players):
        board, game = Board(fen), ref.Game(fen)
        over = game.termination() is not None
        for start in squares:
            for end in squares:
                move = Move(start, end)
                theirs = "game_over" if over else refusal(game.position, ((start % 8, start // 8), (end % 8, end // 8)))
                assert board.refusal(move) == theirs, (fen, str(move))
                if theirs is not None:
                    with pytest.raises(IllegalMoveError) as refused:
                        board.push(move)
                    assert refused.value.reason == theirs and board.mfen() == fen


# Sparse positions where pieces shuffle back and forth: lines repeat within a few moves, so perft
# meets the third occurrence (docs/martian.md §7), and the move limit cuts others.
SPARSE = [
    "2 4/4/4/P3/4/4/4/3P 0 0,0 -",
    "2 4/1P2/4/4/4/4/2P1/4 1 3,1 -",
    "2 D3/4/4/4/4/4/4/3D 0 0,0 -",
    "2 4/4/4/1D2/2P1/4/4/4 0 0,0 -",
    "4 P6P/8/8/8/8/8/8/P6P 0 0,0,0,0 -",
    "4 8/8/7P/3P4/4P3/P7/8/8 2 1,0,2,0 -",
]


@pytest.mark.parametrize("fen", SPARSE)
@pytest.mark.parametrize("move_limit", [None, 5])
def test_perft_through_repetitions_agrees(fen: str, move_limit: int | None) -> None:
    board = Board(fen, rules=MartianRules(move_limit=move_limit))
    game = ref.Game(fen, move_limit=move_limit)
    depth, count = 0, 1
    while count < 3000 and depth < 12:  # as deep as the reference counts in a moment
        depth += 1
        count = ref.perft(game, depth)
        assert board.perft(depth) == count, (fen, depth)
    assert depth >= 6, (fen, depth)
    assert board.perft(depth, threads=2) == count


@pytest.mark.parametrize("players", [2, 4])
def test_perft_from_the_start_agrees_to_depth_three(players: int) -> None:
    board, game = Board(players=players), ref.Game(players=players)
    for depth in range(4):
        assert board.perft(depth) == ref.perft(game, depth)
    assert {str(m): n for m, n in board.divide(3).items()} == {
        ref.move_text(m): _ref_after(game, m, 2) for m in game.legal_moves()
    }


def _ref_after(game: ref.Game, move: tuple[tuple[int, int], tuple[int, int]], depth: int) -> int:
    game.push(move)
    count = ref.perft(game, depth)
    game.pop()
    return count


def mutations(fen: str, rng: random.Random) -> str:
    """The text with one small change: a character replaced, removed or repeated, or two swapped."""
    chars = list(fen)
    i = rng.randrange(len(chars))
    kind = rng.randrange(4)
    if kind == 0:
        chars[i] = rng.choice("PDQ12345678/ ,-0abcdefgh9x")
    elif kind == 1:
        del chars[i]
    elif kind == 2:
        chars.insert(i, chars[i])
    else:
        j = rng.randrange(len(chars))
        chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


@pytest.mark.parametrize("players", [2, 4])
def test_mutated_position_texts_are_read_or_refused_alike(players: int) -> None:
    rng = random.Random(7 + players)
    bases = sampled_positions(players, 10, 100 + players)
    if players == 2:  # positions with a no-rejection entry
        bases += [fen for fen in sampled_positions(2, 40, 5) if not fen.endswith(" -")][:10]
    for base in bases:
        for _ in range(60):
            text = mutations(base, rng)
            try:
                theirs: object = ref.Game(text).fen()
            except ref.MartianFenError as error:
                theirs = error.field
            try:
                ours: object = Board(text).mfen()
            except MartianFenError as error:
                ours = error.field  # type: ignore[attr-defined]
            assert ours == theirs, text
