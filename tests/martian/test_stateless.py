"""The stateless Martian calls: each answer is the game replayed from its text, checked against the
plain-Python reference; every refusal; bad input; threads."""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from fourchess import Verdict, martian
from fourchess.martian import (
    IllegalMoveError,
    InvalidMoveError,
    MartianFenError,
    MartianRefusal,
    MartianRules,
)
from fourchess.martian import reference as ref
from fourchess.martian.reference.moves import refusal


def random_history(players: int, rules: MartianRules, seed: int, length: int) -> list[str]:
    rng = random.Random(seed)
    board = martian.Board(players=players, rules=rules)
    texts: list[str] = []
    while len(texts) < length and not board.is_game_over():
        texts.append(str(board.push_move(str(rng.choice(list(board.legal_moves))))))
    return texts


RULE_SETS = [(2, MartianRules()), (4, MartianRules()), (4, MartianRules(teams=True, move_limit=70))]


@pytest.mark.parametrize(("players", "rules"), RULE_SETS)
def test_answers_agree_with_the_reference_along_random_games(players: int, rules: MartianRules) -> None:
    for seed in range(4):
        history = random_history(players, rules, seed, 400)
        for count in range(0, len(history) + 1, 7):
            moves = history[:count]
            game = ref.Game(players=players, move_limit=rules.move_limit, teams=rules.teams)
            for text in moves:
                game.push_text(text)
            assert martian.legal_moves(None, moves, players=players, rules=rules) == [
                ref.move_text(move) for move in game.legal_moves()
            ]
            state = martian.status(None, moves, players=players, rules=rules)
            assert state["mfen"] == game.fen() == martian.apply(None, moves, players=players, rules=rules)
            assert state["moves_played"] == count and state["players"] == players
            theirs = game.outcome()
            assert state["game_over"] == (theirs is not None)
            if theirs is not None:
                assert state["outcome"] == {
                    "termination": theirs.termination,
                    "winners": list(theirs.winners),
                    "places": list(theirs.places),
                    "scores": list(theirs.scores),
                }


def test_a_history_continues_from_a_position_text() -> None:
    history = random_history(2, MartianRules(), 9, 30)
    middle = martian.apply(None, history[:12])
    assert martian.apply(middle, history[12:]) == martian.apply(None, history)


def test_team_scores_add_partners() -> None:
    rules = MartianRules(teams=True)
    history = random_history(4, rules, 3, 60)
    state = martian.status(None, history, players=4, rules=rules)
    scores = state["scores"]
    assert state["team_scores"] == [scores[0] + scores[2], scores[1] + scores[3]]
    assert martian.status()["team_scores"] is None


def test_a_finished_game_reports_its_outcome_and_refuses_every_move() -> None:
    over = "2 4/4/4/4/4/4/4/Q3 1 0,0 -"  # North's zone (ranks 5-8) is empty: the game is over
    state = martian.status(over)
    assert state["game_over"] and state["outcome"] == martian.Board(over).outcome().to_dict()  # type: ignore[union-attr]
    assert state["outcome"]["termination"] == "empty_zone"
    assert martian.legal_moves(over) == []
    assert martian.check_move(over, [], "a1-a2").reason is MartianRefusal.GAME_OVER


# South (seat 0, ranks 1-4) to move, rank 8 first: a queen on a1, pawns on b1, b2 and a3, a drone on
# c1, and a pawn of North's on a8. Each move below is refused by the rule named, worked out from
# docs/martian.md §3 (pawns move one square diagonally, queens any distance; a pawn onto a drone
# merges only while the mover has no queen, a pawn onto a pawn only while it has no drone).
REFUSALS = "2 P3/4/4/4/4/P3/1P2/QPD1 0 0,0 -"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("e1-e2", MartianRefusal.OFF_BOARD),  # the two-player board has files a-d only
        ("d4-d5", MartianRefusal.EMPTY),
        ("a8-b7", MartianRefusal.NOT_YOUR_ZONE),  # North's pawn
        ("b2-b3", MartianRefusal.NOT_ITS_MOVEMENT),  # a pawn does not move straight
        ("a1-c3", MartianRefusal.BLOCKED),  # the pawn on b2 is in the way
        ("a1-b1", MartianRefusal.NO_MERGE),  # queens never merge
        ("b2-c1", MartianRefusal.MERGE_NEEDS_NO_QUEEN),  # pawn onto drone, but South has a queen
        ("b2-a3", MartianRefusal.MERGE_NEEDS_NO_DRONE),  # pawn onto pawn, but South has a drone
        ("zz", MartianRefusal.UNPARSEABLE),
    ],
)
def test_every_refusal_is_named(move: str, reason: MartianRefusal) -> None:
    verdict = martian.check_move(REFUSALS, [], move)
    assert not verdict and verdict.reason is reason and verdict.move is None
    assert verdict.to_dict()["reason"] == reason.value
    if reason is not MartianRefusal.UNPARSEABLE:  # the reference refuses it for the same rule
        start, end = (martian.parse_square(name) for name in move.split("-"))
        theirs = refusal(ref.Game(REFUSALS).position, ((start % 8, start // 8), (end % 8, end // 8)))
        assert theirs == reason.value


def test_no_rejection_and_turns() -> None:
    assert martian.check_move(None, ["d3-d5"], "d5-d3").reason is MartianRefusal.NO_REJECTION
    assert martian.check_move(None, [], "d3-d5", seat=1).reason is MartianRefusal.NOT_YOUR_TURN
    legal = martian.check_move(None, [], "d3d5", seat=0)
    assert legal and legal.move == "d3-d5" and legal.reason is None
    assert legal == Verdict(True, None, "d3-d5", "d3-d5 is legal")


def test_a_bad_history_names_the_move_and_the_rule() -> None:
    with pytest.raises(IllegalMoveError, match=r"moves\[1\]: .*no_rejection") as caught:
        martian.apply(None, ["d3-d5", "d5-d3"])
    assert caught.value.reason == "no_rejection"
    with pytest.raises(InvalidMoveError, match=r"moves\[0\]"):
        martian.legal_moves(None, ["c3 to d4"])
    with pytest.raises(TypeError, match=r"moves\[1\]: move text is a str"):
        martian.status(None, ["d3-d5", 7])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="list of move texts"):
        martian.apply(None, "d3-d5")
    with pytest.raises(TypeError, match="list of move texts"):
        martian.apply(None, None)  # type: ignore[arg-type]


def test_bad_positions_and_options() -> None:
    with pytest.raises(MartianFenError):
        martian.status("2 QQD1/QDP1 0 0,0 -")
    with pytest.raises(ValueError, match="players=2"):
        martian.legal_moves(martian.START_4, players=2)
    with pytest.raises(ValueError, match="players must be 2 or 4"):
        martian.legal_moves(players=3)
    with pytest.raises(TypeError, match="rules must be a MartianRules"):
        martian.legal_moves(rules={"teams": True})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="mfen must be a str"):
        martian.validate_mfen(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be 0..1"):
        martian.check_move(None, [], "d3-d5", seat=2)
    with pytest.raises(TypeError, match="move must be a str"):
        martian.check_move(None, [], None)  # type: ignore[arg-type]


def test_quoted_input_is_bounded() -> None:
    huge = "x" * 100_000
    for call in (
        lambda: martian.apply(huge),
        lambda: martian.apply(None, [huge]),
        lambda: martian.validate_mfen(huge),
    ):
        with pytest.raises(ValueError) as caught:
            call()
        assert len(str(caught.value)) < 400
    assert len(martian.check_move(None, [], huge).message) < 400


def test_validate_mfen_writes_the_text_again() -> None:
    assert martian.validate_mfen(martian.START_2) == martian.START_2
    assert martian.validate_mfen(martian.START_4, players=4) == martian.START_4


def test_threads_get_the_answers_of_one_thread() -> None:
    histories = [random_history(players, MartianRules(), seed, 80) for players in (2, 4) for seed in range(12)]

    def replay(moves: list[str]) -> tuple[object, ...]:
        for players in (2, 4):
            try:
                return (martian.status(None, moves, players=players), martian.legal_moves(None, moves, players=players))
            except ValueError:
                continue
        raise AssertionError("no player count replays the history")

    alone = [replay(moves) for moves in histories]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(replay, histories)) == alone


@pytest.mark.parametrize("players", [2, 4])
def test_check_move_judges_every_from_to_as_the_reference_does(players: int) -> None:
    rng = random.Random(players)
    for _ in range(2):
        game = ref.Game(players=players)
        for _ in range(rng.randrange(5, 40)):
            game.push(rng.choice(game.legal_moves()))
        mfen = game.fen()
        for start in range(64):
            for end in range(64):
                text = str(martian.Move(start, end))
                theirs = refusal(game.position, ((start % 8, start // 8), (end % 8, end // 8)))
                verdict = martian.check_move(mfen, [], text)
                assert (None if verdict.reason is None else str(verdict.reason)) == theirs, (mfen, text)
                assert verdict.ok == (theirs is None) and verdict.move == (text if verdict.ok else None)


def test_a_game_ended_by_an_empty_zone() -> None:
    # South's queen on b4 leaves its zone, the last piece there, with North ahead 2 to 1.
    state = martian.status("2 P3/4/4/4/1Q2/4/4/4 0 1,2 -", ["b4-b5"])
    assert state["game_over"] and state["turn"] == 1 and state["moves_played"] == 1
    assert state["outcome"] == {"termination": "empty_zone", "winners": [1], "places": [2, 1], "scores": [1, 2]}


def test_a_game_ended_by_repetition_refuses_the_next_move() -> None:
    # A pawn of each side steps out and back twice: the position stands for the third time. The
    # 0-0 tie goes to North, who moved last (docs/martian.md §4).
    mfen, there_and_back = "2 P3/4/4/4/4/4/4/3P 0 0,0 -", ["d1-c2", "a8-b7", "c2-d1", "b7-a8"]
    assert not martian.status(mfen, there_and_back)["game_over"]
    state = martian.status(mfen, there_and_back * 2)
    assert state["mfen"] == mfen and state["outcome"]["termination"] == "repetition"
    assert state["outcome"]["winners"] == [1]
    with pytest.raises(IllegalMoveError, match=r"moves\[8\]"):
        martian.legal_moves(mfen, there_and_back * 2 + ["d1-c2"])

    def endlessly() -> Iterator[str]:  # a history that never ends stops at the game's end
        while True:
            yield from there_and_back

    with pytest.raises(IllegalMoveError, match=r"moves\[8\]"):
        martian.apply(mfen, endlessly())


def test_the_move_limit_counts_from_the_position_text() -> None:
    limit = MartianRules(move_limit=2)
    state = martian.status(None, ["d3-d5", "a6-a5"], rules=limit)
    assert state["outcome"]["termination"] == "move_limit"
    later = martian.status(state["mfen"], [], rules=limit)  # docs/martian.md §4, decision 3
    assert not later["game_over"] and later["moves_played"] == 0
