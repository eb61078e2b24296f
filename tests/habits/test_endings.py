"""is_repetition, is_fifty_moves, is_insufficient_material and can_claim_win (docs/rules.md §6-§8)."""

from __future__ import annotations

import pytest

from fourchess import Board, Rules, Seat, Termination
from support.fen4 import HOME_KINGS, fen4

# Each seat's knight out and back (modern start): after these eight plies the start position,
# with Red to move and every right intact, stands on the board a second time.
KNIGHT_SHUFFLE = ["j1-i3", "a10-c9", "j14-i12", "n10-l9", "i3-j1", "c9-a10", "i12-j14", "l9-n10"]


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_is_repetition_after_a_shuffle(mode: str) -> None:
    board = Board(mode=mode)
    assert board.is_repetition(1) and not board.is_repetition(2)
    for text in KNIGHT_SHUFFLE:
        board.push_move(text)
    assert board.is_repetition(2) and not board.is_repetition()  # count=3 by default
    assert not board.is_game_over()
    for text in KNIGHT_SHUFFLE[:4]:
        board.push_move(text)
    # After j1-i3 a10-c9 j14-i12 n10-l9 again, that position stands a second time, the start not.
    assert board.is_repetition(2) and not board.is_repetition(3)
    for text in KNIGHT_SHUFFLE[4:]:
        board.push_move(text)
    # The third time the start stands: the game ends by repetition (docs/rules.md §8) and says so.
    assert board.is_repetition() and board.termination() is Termination.THREEFOLD_REPETITION
    board.pop()
    assert not board.is_repetition(3) and board.is_repetition(2)


def test_is_repetition_counts_from_the_root() -> None:
    # A board read from a FEN4 knows no history before it: its position has occurred once.
    board = Board(Board().fen4())
    assert board.is_repetition(1) and not board.is_repetition(2)


@pytest.mark.parametrize("bad", [0, -3, 10**7])
def test_is_repetition_refuses_a_count_out_of_range(bad: int) -> None:
    with pytest.raises(ValueError, match="count"):
        Board().is_repetition(bad)


@pytest.mark.parametrize("bad", ["3", 2.5, None])
def test_is_repetition_refuses_a_count_that_is_not_an_int(bad: object) -> None:
    with pytest.raises(TypeError, match="count must be an int"):
        Board().is_repetition(bad)  # type: ignore[arg-type]


def test_is_fifty_moves_teams_from_a_fen4_ply_clock() -> None:
    # Four seats take turns: 50 moves each is 200 plies (docs/rules.md §8). Bare kings (Teams has no
    # insufficient-material draw) with the clock at 199: one more quiet ply reaches 200.
    board = Board(fen4(HOME_KINGS, ply=199))
    assert not board.is_fifty_moves()
    board.push_move("h1-i1")
    assert board.ply_clock == 200 and board.is_fifty_moves()
    assert board.termination() is Termination.FIFTY_MOVE_RULE
    # Read with the clock already at 200, the position says so before any move.
    assert Board(fen4(HOME_KINGS, ply=200)).is_fifty_moves()


def test_is_fifty_moves_counts_the_seats_still_taking_turns_ffa() -> None:
    # FFA with Green out (dead field): three seats take turns, so 150 plies are fifty moves each.
    # Red keeps a rook so that the material suffices.
    pieces = {"h1": "rK", "d1": "rR", "a7": "bK", "g14": "yK"}
    assert not Board(fen4(pieces, dead=(0, 0, 0, 1), ply=149), mode="ffa").is_fifty_moves()
    assert Board(fen4(pieces, dead=(0, 0, 0, 1), ply=150), mode="ffa").is_fifty_moves()


def test_a_mate_takes_precedence_over_the_fifty_move_count() -> None:
    # Red's king h1 is checked by Blue's rook d1 along rank 1 (e1 f1 g1 empty; past the king i1 is
    # covered too), and Blue's rook d2 holds rank 2 (g2 h2 i2): Red, to move, is mated (Teams, on
    # its own turn). The clock at 200 does not make it a fifty-move draw, as in python-chess.
    board = Board(fen4({**HOME_KINGS, "d1": "bR", "d2": "bR"}, ply=200))
    assert board.termination() is Termination.CHECKMATE
    assert not board.is_fifty_moves()


# docs/rules.md §7: with 3+ active seats only all bare kings are insufficient; with 2 active seats the
# FIDE dead positions K-K, K+B-K, K+N-K, K+B-K+B with the bishops on squares of one colour.
# Two active seats below: Red and Blue; Yellow and Green out (dead field), no pieces.
TWO_ACTIVE = (0, 0, 1, 1)
INSUFFICIENT_FFA = [
    ({"h1": "rK", "a7": "bK"}, TWO_ACTIVE, True, "K-K"),
    ({"h1": "rK", "a7": "bK", "e5": "rN"}, TWO_ACTIVE, True, "K+N-K"),
    ({"h1": "rK", "a7": "bK", "e5": "bB"}, TWO_ACTIVE, True, "K-K+B"),
    # f1 is file 5 rank 0 (sum 5, odd), a6 file 0 rank 5 (odd): one colour; a9 (sum 8) the other.
    ({"h1": "rK", "a7": "bK", "f1": "rB", "a6": "bB"}, TWO_ACTIVE, True, "K+B-K+B, one colour"),
    ({"h1": "rK", "a7": "bK", "f1": "rB", "a9": "bB"}, TWO_ACTIVE, False, "K+B-K+B, two colours"),
    ({"h1": "rK", "a7": "bK", "e5": "rN", "e6": "rN"}, TWO_ACTIVE, False, "K+N+N-K"),
    ({"h1": "rK", "a7": "bK", "e5": "rN", "a9": "bB"}, TWO_ACTIVE, False, "K+N-K+B"),
    ({"h1": "rK", "a7": "bK", "e5": "rR"}, TWO_ACTIVE, False, "K+R-K"),
    ({"h1": "rK", "a7": "bK", "e5": "rP"}, TWO_ACTIVE, False, "K+P-K"),
    ({"h1": "rK", "a7": "bK", "e5": "rD"}, TWO_ACTIVE, False, "K+1-point queen-K"),
    # Dead pieces count for nothing: a dead queen beside two bare kings.
    ({"h1": "rK", "a7": "bK", "e5": "dQ"}, TWO_ACTIVE, True, "K-K and a dead queen"),
    # Three active seats: only every king bare.
    ({"h1": "rK", "a7": "bK", "g14": "yK"}, (0, 0, 0, 1), True, "three bare kings"),
    ({"h1": "rK", "a7": "bK", "g14": "yK", "e5": "rN"}, (0, 0, 0, 1), False, "three kings and a knight"),
    ({**HOME_KINGS}, (0, 0, 0, 0), True, "four bare kings"),
]


@pytest.mark.parametrize("pieces, dead, expected, label", INSUFFICIENT_FFA, ids=[case[3] for case in INSUFFICIENT_FFA])
def test_is_insufficient_material_ffa(
    pieces: dict[str, str], dead: tuple[int, ...], expected: bool, label: str
) -> None:
    board = Board(fen4(pieces, dead=dead), mode="ffa")
    assert board.is_insufficient_material() is expected
    # In FFA it is an ending of its own (docs/rules.md §7), decided on the board.
    assert (board.termination() is Termination.INSUFFICIENT_MATERIAL) is expected


def test_a_walking_king_is_not_material_ffa() -> None:
    # Yellow resigned and its king walks (dead_king_walking, the default); Green is out. Active:
    # Red and Blue, bare kings: K-K. The walking king does not count (fine point 10).
    board = Board(fen4({**HOME_KINGS, "n8": "dK"}, dead=(0, 0, 0, 1), resigned=(Seat.YELLOW,)), mode="ffa")
    assert board.walking_kings == {Seat.YELLOW}
    assert board.is_insufficient_material()


def test_teams_has_no_insufficient_material_draw() -> None:
    # docs/rules.md §6 lists the Teams draws (stalemate, repetition, fifty moves, move limit): four
    # bare kings play on.
    board = Board(fen4(HOME_KINGS))
    assert not board.is_insufficient_material() and not board.is_game_over()


def test_can_claim_win() -> None:
    # FFA, the leader must claim (points_lead_ends_game off, as on chess.com). Red 30, Blue 5:
    # the only two active seats, 25 apart (21 or more: docs/rules.md §7).
    rules = Rules(mode="ffa", points_lead_ends_game=False)
    pieces = {"h1": "rK", "d1": "rR", "a7": "bK", "a9": "bR"}
    board = Board(fen4(pieces, dead=TWO_ACTIVE, points=(30, 5, 0, 0)), rules=rules)
    assert board.can_claim_win(Seat.RED) and board.can_claim_win()  # Red is to move
    assert not board.can_claim_win(Seat.BLUE)  # trailing
    assert not board.can_claim_win(Seat.YELLOW)  # out
    board.push_move("h1-i1")
    assert board.turn is Seat.BLUE and not board.can_claim_win()  # the side to move is Blue now
    assert board.can_claim_win(Seat.RED)
    # 20 apart is not enough; three active seats never allow a claim.
    assert not Board(fen4(pieces, dead=TWO_ACTIVE, points=(25, 5, 0, 0)), rules=rules).can_claim_win()
    three = Board(fen4({**pieces, "g14": "yK"}, dead=(0, 0, 0, 1), points=(30, 5, 0, 0)), rules=rules)
    assert not three.can_claim_win(Seat.RED)
    # With the automatic end (the default) such a lead already ended the game: nothing to claim.
    ended = Board(fen4(pieces, dead=TWO_ACTIVE, points=(30, 5, 0, 0)), mode="ffa")
    assert ended.termination() is Termination.POINTS_LEAD and not ended.can_claim_win(Seat.RED)
    # Teams: no claims.
    assert not Board().can_claim_win(Seat.RED)


@pytest.mark.parametrize("bad, error", [(4, ValueError), (-1, ValueError), ("red", TypeError), (1.0, TypeError)])
def test_can_claim_win_bad_seat(bad: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="seat"):
        Board(mode="ffa").can_claim_win(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("query", ["is_fifty_moves", "is_insufficient_material"])
def test_queries_without_arguments_refuse_arguments(query: str) -> None:
    with pytest.raises(TypeError):
        getattr(Board(), query)(1)
