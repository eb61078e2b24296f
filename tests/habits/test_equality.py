"""board == other: the game state (rules, position, a recorded ending, the round), not the move
stack, as python-chess compares boards; Boards are unhashable, zobrist_hash() is the key."""

from __future__ import annotations

import copy

import pytest

import fourchess.reference
from fourchess import Board, Rules

# Two orders of the same eight plies: Red's h- and i-pawns each one step, the others' knights out.
ORDER_A = ["h2-h3", "a10-c9", "j14-i12", "n10-l9", "i2-i3", "c9-a10", "i12-j14", "l9-n10"]
ORDER_B = ["i2-i3", "a10-c9", "j14-i12", "n10-l9", "h2-h3", "c9-a10", "i12-j14", "l9-n10"]


def played(moves: list[str], **kwargs: object) -> Board:
    board = Board(**kwargs)  # type: ignore[arg-type]
    for text in moves:
        board.push_move(text)
    return board


def test_two_fresh_boards_are_equal() -> None:
    assert Board() == Board() and not (Board() != Board())
    assert Board(mode="ffa") == Board(mode="ffa")
    assert Board(setup="classic") == Board(setup="classic")


def test_the_move_stack_is_not_compared() -> None:
    # Same position, rules, ply clock (the pawn moves reset it at ply 5 either way) and round.
    a, b = played(ORDER_A), played(ORDER_B)
    assert a.move_stack != b.move_stack
    assert a == b and a.zobrist_hash() == b.zobrist_hash()
    # A board read from the FEN4 has no stack, and no rounds played: fullmove_number 1, not 3.
    assert a.fullmove_number == 3 and Board(a.fen4()).fullmove_number == 1
    assert Board(a.fen4()) != a


def test_the_ply_clock_is_compared() -> None:
    # Knights out and back: the start's placement, but a clock of 8 (python-chess compares its
    # halfmove clock too).
    shuffled = played(["j1-i3", "a10-c9", "j14-i12", "n10-l9", "i3-j1", "c9-a10", "i12-j14", "l9-n10"])
    assert shuffled.zobrist_hash() == Board().zobrist_hash()
    assert shuffled != Board()


def test_rules_and_mode_are_compared() -> None:
    assert Board() != Board(mode="ffa")
    assert Board(mode="ffa") != Board(rules=Rules(mode="ffa", dead_king_walking=False))
    assert Board() != Board(rules=Rules(move_limit=100))
    assert Board(setup="classic") != Board(Board(setup="classic").fen4())  # setup is a rule


def test_a_recorded_ending_is_compared() -> None:
    # Knights out and back twice: the start stands a third time and the game ends by repetition,
    # which the FEN4 does not show. Red's knight taking the long way (j1-i3-g4-i3-j1) while the
    # others go out and back twice reaches the same FEN4 in the same 16 plies (same clock, same
    # round), with the start standing only twice: that game goes on, so the two are not equal.
    shuffle = ["j1-i3", "a10-c9", "j14-i12", "n10-l9", "i3-j1", "c9-a10", "i12-j14", "l9-n10"]
    ended = played(shuffle * 2)
    detour = played(
        [
            "j1-i3",
            "a10-c9",
            "j14-i12",
            "n10-l9",
            "i3-g4",
            "c9-a10",
            "i12-j14",
            "l9-n10",
            "g4-i3",
            "a10-c9",
            "j14-i12",
            "n10-l9",
            "i3-j1",
            "c9-a10",
            "i12-j14",
            "l9-n10",
        ]
    )
    assert ended.is_game_over() and not detour.is_game_over()
    assert ended.fen4() == detour.fen4() and ended.fullmove_number == detour.fullmove_number == 5
    assert ended != detour
    assert ended == played(shuffle * 2)


def test_a_board_read_from_the_fen4_of_the_first_round_is_equal() -> None:
    # After Red's first move Blue is to move in round 1; a board read from that FEN4 is at round 1
    # too: same state, though one has a move on its stack.
    board = played(["h2-h3"])
    assert Board(board.fen4()) == board


def test_moves_played_count_under_a_move_limit() -> None:
    # With a move limit the moves played are state: the board that played h2-h3 is one move
    # nearer the limit than the one read from its FEN4 (docs/rules.md §8).
    rules = Rules(move_limit=100)
    board = played(["h2-h3"], rules=rules)
    assert Board(board.fen4(), rules=rules) != board


def test_copies_and_pickles_are_equal() -> None:
    import pickle

    board = played(ORDER_A, mode="ffa")
    assert board.copy() == board and copy.deepcopy(board) == board
    assert pickle.loads(pickle.dumps(board)) == board
    assert board.copy(stack=False) != board  # its root is now, so its round is 1


def test_boards_are_unhashable_and_other_types_are_not_equal() -> None:
    with pytest.raises(TypeError, match="unhashable"):
        hash(Board())
    with pytest.raises(TypeError, match="unhashable"):
        {Board()}  # noqa: B018
    assert Board().__eq__("a board") is NotImplemented
    assert Board() != "R-0,0,0,0-..." and Board() != None  # noqa: E711
    assert Board() != fourchess.reference.Board()  # another implementation's board is not ours
    assert Board().zobrist_hash() == Board().zobrist_hash()
