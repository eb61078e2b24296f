"""fourchess.martian.reference against docs/martian.md, position by position: the starts' move
counts checked by hand, merges, captures, no-rejection, the game's ends, the tie-break and the
position text. The core is held against this reference by the differential tests."""

from __future__ import annotations

import random

import pytest

from fourchess.martian.reference import START, Game, IllegalMoveError, InvalidMoveError, MartianFenError, perft
from fourchess.martian.reference.moves import legal_moves
from fourchess.martian.reference.position import Position


def texts(game: Game) -> set[str]:
    return {f"{'abcdefgh'[a[0]]}{a[1] + 1}-{'abcdefgh'[b[0]]}{b[1] + 1}" for a, b in game.legal_moves()}


def test_the_two_player_start_has_ten_moves() -> None:
    # South (docs/martian.md §2): Q c1 d1 d2, D b1 c2 d3, P b2 b3 c3. Queens: every neighbour is a
    # piece of South's own zone that a queen does not merge with: 0. Drone b1: a1 (b2 is a pawn and
    # South has queens, c1 a queen): 1. Drone c2: boxed by c3 P, c1 Q, b2 P, d2 Q: 0. Drone d3: d4,
    # d5 across the canal: 2. Pawn b2: a1, a3 (c1 queen, c3 pawn with South's drones): 2. Pawn b3:
    # a2, a4, c4 (c2 a drone with South's queens): 3. Pawn c3: b4, d4: 2. In all 10.
    assert texts(Game()) == {"b1-a1", "b2-a1", "b2-a3", "b3-a2", "b3-a4", "b3-c4", "c3-b4", "c3-d4", "d3-d4", "d3-d5"}


def test_the_two_player_start_to_depth_two() -> None:
    # North's start is South's turned half a turn, so it has 10 moves too, and nine of South's
    # moves leave them all. d3-d5 puts a drone in North's zone: North now moves it to d6, d7, d4,
    # c5, b5 (not back to d3: no rejection) and loses c6-d5 (a pawn onto a drone, with North's
    # queens): 9 * 10 + 14 = 104.
    game = Game()
    game.push_text("d3-d5")
    assert texts(game) == {"a6-a5", "a6-a4", "b6-c5", "b6-a5", "c6-b5", "c6-d7", "c7-d6", "c7-d8", "c8-d8"} | {
        "d5-d6",
        "d5-d7",
        "d5-d4",
        "d5-c5",
        "d5-b5",
    }
    assert perft(Game(), 2) == 104


def test_the_four_player_start_has_eleven_moves() -> None:
    # Seat 0: Q a1 b1 a2, D c1 b2 a3, P c2 b3 c3. Queens and drone b2 are boxed in by pieces they do
    # not merge with: 0. Drone c1: d1, e1 (c2 is a pawn, with seat 0's queens): 2. Drone a3: a4, a5:
    # 2. Pawn c2: d1, d3: 2. Pawn b3: a4, c4: 2. Pawn c3: d2, b4, d4: 3. In all 11.
    game = Game(players=4)
    assert texts(game) == {
        "c1-d1",
        "c1-e1",
        "a3-a4",
        "a3-a5",
        "c2-d1",
        "c2-d3",
        "b3-a4",
        "b3-c4",
        "c3-d2",
        "c3-b4",
        "c3-d4",
    }


def test_the_four_player_start_to_depth_two() -> None:
    # Seat 1's block is seat 0's mirrored, 11 moves, and ten of seat 0's moves leave them all.
    # a3-a5 hands seat 1 a drone on a5: it goes to a4, a3 (no rejection in four-player games), b5,
    # c5, and seat 1 loses a6-a5, a6-a4 (its drone blocked) and b6-a5 (a pawn onto a drone, with
    # seat 1's queens): 10 * 11 + 12 = 122.
    game = Game(players=4)
    game.push_text("a3-a5")
    assert len(texts(game)) == 12 and {"a5-a4", "a5-a3", "a5-b5", "a5-c5"} <= texts(game)
    assert perft(Game(players=4), 2) == 122


@pytest.mark.parametrize(
    ("fen", "move", "reason", "made"),
    [
        # a pawn onto a drone makes a queen only while the mover controls none
        ("2 P3/4/4/4/4/2D1/1P2/Q3 0 0,0 -", "b2-c3", "merge_needs_no_queen", None),
        ("2 P3/4/4/4/4/2D1/1P2/4 0 0,0 -", "b2-c3", None, "Q"),
        ("2 P3/4/4/4/4/1P2/1D2/4 0 0,0 -", "b2-b3", None, "Q"),  # a drone onto a pawn too
        # two pawns make a drone only while the mover controls none
        ("2 P3/4/4/4/4/2P1/1P2/D3 0 0,0 -", "b2-c3", "merge_needs_no_drone", None),
        ("2 P3/4/4/4/4/2P1/1P2/Q3 0 0,0 -", "b2-c3", None, "D"),
        # queens and drone on drone never merge
        ("2 P3/4/4/4/4/4/1D2/1D2 0 0,0 -", "b1-b2", "no_merge", None),
        ("2 P3/4/4/4/4/4/1P2/Q3 0 0,0 -", "a1-b2", "no_merge", None),
        ("2 P3/4/4/4/4/4/1Q2/P3 0 0,0 -", "a1-b2", "no_merge", None),
    ],
)
def test_merges(fen: str, move: str, reason: str | None, made: str | None) -> None:
    game = Game(fen)
    if reason is not None:
        with pytest.raises(IllegalMoveError) as refused:
            game.push_text(move)
        assert refused.value.reason == reason and game.fen() == fen
    else:
        game.push_text(move)
        assert game.position.pieces[game.stack[-1][0][1]] == made
        assert game.position.scores == [0, 0]  # a merge scores nothing


def test_a_capture_scores_its_value_and_the_capturer_changes_hands() -> None:
    game = Game("2 P3/4/4/Q3/4/4/3D/4 1 0,0 -")  # North: P a8, Q a5; South: D d2
    game.push_text("a5-d2")
    # the queen now stands in South's zone: South's, and it may go anywhere but back to a5
    assert game.fen() == "2 P3/4/4/4/4/4/3Q/4 0 0,2 a5-d2"
    assert "d2-b4" in texts(game) and "d2-a5" not in texts(game) and "d2-b4" in texts(game)
    with pytest.raises(IllegalMoveError) as refused:
        game.push_text("d2-a5")
    assert refused.value.reason == "no_rejection"
    game.push_text("d2-c3")  # any other move ends the restriction
    assert game.fen().endswith(" 1 0,2 -")


def test_no_rejection_holds_after_a_plain_crossing_and_not_in_four_player_games() -> None:
    game = Game()
    game.push_text("d3-d5")
    assert "d5-d3" not in texts(game) and game.fen().endswith(" d3-d5")
    assert Game(game.fen()).fen() == game.fen()
    four = Game(players=4)
    four.push_text("a3-a5")
    assert "a5-a3" in texts(four) and four.fen().endswith(" -")


def test_moving_the_last_piece_out_of_a_zone_ends_the_game() -> None:
    game = Game("2 P3/4/4/4/1Q2/4/4/4 0 1,2 -")  # South's one piece, a queen on b4
    game.push_text("b4-b5")
    assert game.outcome() is not None and game.outcome().termination == "empty_zone"  # type: ignore[union-attr]
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError) as refused:
        game.push_text("a8-b7")
    assert refused.value.reason == "game_over"


def test_the_third_repetition_ends_the_game() -> None:
    game = Game()
    for _ in range(2):
        assert game.outcome() is None
        for move in ("b2-a1", "c7-d8", "a1-b2", "d8-c7"):
            game.push_text(move)
    outcome = game.outcome()  # the start, a third time, with North's d8-c7 the last move
    assert outcome is not None and outcome.termination == "repetition"
    # 0-0: the tie goes to the player who made the last move, North
    assert outcome.winners == (1,) and outcome.places == (2, 1)
    game.pop()
    assert game.outcome() is None


def test_the_move_limit_counts_the_moves_of_the_game() -> None:
    game = Game(move_limit=2)
    game.push_text("d3-d4")
    assert game.outcome() is None
    game.push_text("a6-a5")
    assert game.outcome() is not None and game.outcome().termination == "move_limit"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("fen", "teams", "winners", "places"),
    [
        # North to move, so South moved last (docs/martian.md §4, decision 2) and wins the 3-3 tie
        ("2 4/4/4/4/4/4/4/Q3 1 3,3 -", False, (0,), (1, 2)),
        ("2 4/4/4/4/4/4/4/Q3 1 3,5 -", False, (1,), (2, 1)),
        # seats 0 and 2 tie on 5, seat 3 moved last and is not among them: they share first
        ("4 8/8/8/8/8/8/8/Q7 0 5,1,5,1 -", False, (0, 2), (1, 3, 1, 3)),
        # seat 3 moved last and is among the tied: it alone wins, the other tied seat is second
        ("4 8/8/8/8/8/8/8/Q7 0 5,1,2,5 -", False, (3,), (2, 4, 3, 1)),
        # teams: 0+2 = 6 against 1+3 = 6, seat 3 moved last: team 1-3 wins
        ("4 8/8/8/8/8/8/8/Q7 0 5,1,1,5 -", True, (1, 3), (2, 1, 2, 1)),
        ("4 8/8/8/8/8/8/8/Q7 0 5,0,4,5 -", True, (0, 2), (1, 2, 1, 2)),
    ],
)
def test_scores_the_tie_break_and_places(
    fen: str, teams: bool, winners: tuple[int, ...], places: tuple[int, ...]
) -> None:
    outcome = Game(fen, teams=teams).outcome()
    assert outcome is not None and outcome.termination == "empty_zone"
    assert (outcome.winners, outcome.places) == (winners, places)


@pytest.mark.parametrize(
    ("fen", "field"),
    [
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0", "fields"),
        ("2  QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -", "fields"),
        ("3 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -", "players"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ 0 0,0 -", "board"),
        ("2 QQD1/QDP1/DPP1/5/4/1PPD/1PDQ/1DQQ 0 0,0 -", "board"),
        ("2 QQD1/QDP1/DPP1/3/4/1PPD/1PDQ/1DQQ 0 0,0 -", "board"),
        ("2 QQK1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -", "board"),
        ("2 QQD0/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -", "board"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 2 0,0 -", "turn"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ -1 0,0 -", "turn"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0,0 -", "scores"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,-1 -", "scores"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,1000000 -", "scores"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,٣ -", "scores"),
        ("4 QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 0 0,0,0,0 a5-a3", "no_rejection"),
        # South to move: the entry's `to` must hold South's piece, its `from` be the empty square
        # across the canal
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 d5-d4", "no_rejection"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 a5-d3", "no_rejection"),  # not a drone's move
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 b5-d3", "no_rejection"),  # no piece moves so
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 d6-d3", "no_rejection"),  # a drone goes two squares
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 b3-d3", "no_rejection"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 e5-d3", "no_rejection"),
        ("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 d3", "no_rejection"),
    ],
)
def test_position_texts_refused_name_their_field(fen: str, field: str) -> None:
    with pytest.raises(MartianFenError) as refused:
        Game(fen)
    assert refused.value.field == field


def test_the_starts_read_and_write_back() -> None:
    for players, fen in START.items():
        game = Game(f" {fen}\n")  # docs/martian.md §5, decision 4: whitespace around it
        assert game.fen() == fen and game.position.players == players
    assert Game("2 QQD1/QDP1/DPP1/22/13/1PPD/1PDQ/1DQQ 0 0,0 -").fen() == START[2]  # docs/martian.md §5, decision 5


@pytest.mark.parametrize("text", ["", "c3", "c3-d4-e5", "c3xd4", "c0-d4", "c3-d9", "C3-D4", "c3 d4", "i1-a1"])
def test_text_that_is_no_move(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        Game().push_text(text)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("e1-e2", "off_board"),  # the two-player board has files a-d
        ("a1-a2", "empty"),
        ("a8-a5", "not_your_zone"),
        ("c3-c4", "not_its_movement"),  # a pawn moves diagonally
        ("d3-d3", "not_its_movement"),
        ("d3-b3", "blocked"),  # the drone would pass c3
        ("d1-d2", "no_merge"),
        ("c2-c3", "merge_needs_no_queen"),
    ],
)
def test_refused_moves_name_the_rule_and_change_nothing(move: str, reason: str) -> None:
    game = Game()
    with pytest.raises(IllegalMoveError) as refused:
        game.push_text(move)
    assert refused.value.reason == reason and game.fen() == START[2] and not game.stack


def test_a_player_always_has_a_move_while_their_zone_holds_a_piece() -> None:
    # The piece of a zone nearest the canal can always step toward it: the squares beyond are
    # empty, or in another zone (a capture). So "no legal move" (docs/martian.md §4) does not
    # arise; every one-piece position of the two-player board shows it.
    for square in [(f, r) for r in range(4) for f in range(4)]:
        for kind in "PDQ":
            position = Position(2, {square: kind, (0, 7): "P"}, 0, [0, 0])
            assert legal_moves(position), (square, kind)


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_read_back_and_undo(players: int) -> None:
    rng = random.Random(players)
    for _ in range(8):
        game, fens = Game(players=players), []
        while game.outcome() is None:
            fens.append(game.fen())
            game.push(rng.choice(game.legal_moves()))
            again = Game(game.fen())
            assert again.fen() == game.fen() and again.position.key() == game.position.key()
        assert game.outcome().termination == "empty_zone"  # type: ignore[union-attr]
        while game.stack:
            game.pop()
            assert game.fen() == fens.pop()
