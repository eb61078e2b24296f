"""fourchess.martian's API: the board, moves, outcomes, copies and plain data, and what each entry
point says to bad input."""

from __future__ import annotations

import copy
import pickle

import pytest

from fourchess import _martian, martian
from fourchess.martian import (
    START_2,
    START_4,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    MartianFenError,
    MartianRules,
    Move,
    PieceType,
    Termination,
    board_squares,
    parse_square,
    square_name,
)


def test_the_starts() -> None:
    assert Board().mfen() == START_2 == "2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -"
    assert Board(players=4).mfen() == START_4 == "4 QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 0 0,0,0,0 -"
    assert (len(Board().legal_moves), len(Board(players=4).legal_moves)) == (10, 11)  # docs/martian.md §2, by hand
    board = Board()
    assert board.turn == 0 and board.scores == [0, 0] and board.players == 2
    assert board.piece_at(parse_square("d1")) is PieceType.QUEEN and board.piece_at(parse_square("a1")) is None
    assert board.zone_owner(parse_square("a5")) == 1 and board.zone_owner(parse_square("e1")) is None
    assert Board(players=4).zone_owner(parse_square("e1")) == 3


def test_push_pop_peek_and_the_stack() -> None:
    board = Board()
    move = board.push_move("d3d5")
    assert move == Move.from_str("d3-d5") == Move(parse_square("d3"), parse_square("d5"))
    assert str(move) == "d3-d5" and board.peek() == move and board.move_stack == [move]
    assert move not in board.legal_moves and Move.from_str("d5-d6") in board.legal_moves
    assert board.refusal(Move.from_str("d5-d3")) == "no_rejection"
    assert board.pop() == move and board.mfen() == START_2 and board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_a_refused_move_names_its_rule_and_changes_nothing() -> None:
    board = Board()
    with pytest.raises(IllegalMoveError) as refused:
        board.push_move("c2-c3")
    assert refused.value.reason == "merge_needs_no_queen"  # type: ignore[attr-defined]
    assert "c2-c3" in str(refused.value) and board.mfen() == START_2
    assert isinstance(refused.value, ValueError)


def test_a_game_to_its_end() -> None:
    board = Board("2 P3/4/4/4/1Q2/4/4/4 0 1,2 -")
    assert not board.is_game_over() and board.outcome() is None
    board.push_move("b4-b5")  # South's last piece leaves its zone
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is Termination.EMPTY_ZONE
    assert (outcome.winners, outcome.places, outcome.scores) == ((1,), (2, 1), (1, 2))
    assert outcome.to_dict() == {"termination": "empty_zone", "winners": [1], "places": [2, 1], "scores": [1, 2]}
    assert list(board.legal_moves) == [] and board.perft(1) == 0
    with pytest.raises(IllegalMoveError) as refused:
        board.push_move("a8-b7")
    assert refused.value.reason == "game_over"  # type: ignore[attr-defined]


def test_teams_and_the_move_limit() -> None:
    board = Board("4 8/8/8/8/8/8/8/Q7 0 5,1,1,5 -", rules=MartianRules(teams=True))
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == (1, 3) and outcome.places == (2, 1, 2, 1)
    limited = Board(rules=MartianRules(move_limit=1))
    limited.push_move("d3-d4")
    assert limited.outcome() is not None and limited.outcome().termination is Termination.MOVE_LIMIT  # type: ignore[union-attr]


def test_copies_plain_data_and_pickles_keep_the_history_and_rules() -> None:
    board = Board(players=4, rules=MartianRules(move_limit=50, teams=True))
    for text in ("a3-a5", "a5-b5", "h6-h4"):
        board.push_move(text)
    data = board.to_dict()
    assert data == {
        "game": "martian",
        "start": START_4,
        "moves": ["a3-a5", "a5-b5", "h6-h4"],
        "rules": {"move_limit": 50, "teams": True},
    }
    for other in (
        Board.from_dict(data),
        board.copy(),
        copy.copy(board),
        copy.deepcopy(board),
        pickle.loads(pickle.dumps(board)),
    ):
        assert other == board and other.move_stack == board.move_stack and other.rules == board.rules
        assert other is not board
    other = board.copy()
    other.pop()
    assert other != board and len(board.move_stack) == 3


def test_perft_and_divide() -> None:
    board = Board()
    assert [board.perft(d) for d in range(3)] == [1, 10, 104]
    split = board.divide(2)
    assert sum(split.values()) == 104 and split[Move.from_str("d3-d5")] == 14
    assert board.perft(3, threads=2) == board.perft(3)


def test_text_forms() -> None:
    board = Board()
    assert repr(board) == f"Board({START_2!r})"
    assert str(board).splitlines()[0] == "Q Q D ." and "-------" in str(board)
    assert "|" in str(Board(players=4))
    assert square_name(0) == "a1" and square_name(63) == "h8" and parse_square("h8") == 63
    assert repr(Move.from_str("c3-d4")) == "Move.from_str('c3-d4')"


@pytest.mark.parametrize(("players", "files"), [(2, "abcd"), (4, "abcdefgh")])
def test_the_board_squares_are_the_named_files_on_all_eight_ranks(players: int, files: str) -> None:
    named = [parse_square(f"{file}{rank}") for rank in range(1, 9) for file in files]
    assert board_squares(players) == named  # a1 first, rank by rank


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: Board(3), TypeError),
        (lambda: Board("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0"), MartianFenError),
        (lambda: Board(START_2, players=4), ValueError),
        (lambda: Board(players=3), ValueError),
        (lambda: Board(players=True), ValueError),
        (lambda: Board(rules=MartianRules(teams=True)), ValueError),  # teams needs four players
        (lambda: Board(rules="teams"), TypeError),
        (lambda: MartianRules(move_limit=0), ValueError),
        (lambda: MartianRules(move_limit=2.5), TypeError),
        (lambda: MartianRules(teams=1), TypeError),
        (lambda: Board().push("d3-d5"), TypeError),
        (lambda: Board().push_move("d3-d9"), InvalidMoveError),
        (lambda: Board().push_move(35), TypeError),
        (lambda: Board().push_move("x" * 10_000), InvalidMoveError),
        (lambda: Move(-1, 3), ValueError),
        (lambda: Move(0, 64), ValueError),
        (lambda: Move(0, True), TypeError),
        (lambda: Move.from_str(None), TypeError),
        (lambda: Board().piece_at(64), ValueError),
        (lambda: Board().piece_at("a1"), TypeError),
        (lambda: Board().zone_owner(-1), ValueError),
        (lambda: Board().perft(-1), ValueError),
        (lambda: Board().perft(21), ValueError),
        (lambda: Board().perft(2, threads=0), ValueError),
        (lambda: Board().perft(2.0), TypeError),
        (lambda: Board().divide(True), TypeError),
        (lambda: board_squares(3), ValueError),
        (lambda: board_squares(True), ValueError),
        (lambda: square_name(64), ValueError),
        (lambda: parse_square("i1"), ValueError),
        (lambda: parse_square(b"a1"), TypeError),
        (lambda: Board.from_dict({"game": "chess"}), ValueError),
        (lambda: Board.from_dict({"game": "martian", "start": START_2, "moves": "d3-d5"}), ValueError),
        (lambda: Board.from_dict({"game": "martian", "start": START_2, "moves": ["d3-d3"]}), IllegalMoveError),
        (lambda: Board.from_dict({"game": "martian", "start": START_2, "rules": {"limit": 3}}), ValueError),
        (lambda: Board.from_dict({"game": "martian", "start": 5}), TypeError),
    ],
)
def test_bad_input_gets_a_typed_error(call: object, error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        call()  # type: ignore[operator]
    assert len(str(raised.value)) < 300  # quotes at most a bounded part of what it was given


def test_the_error_classes_name_what_is_wrong() -> None:
    with pytest.raises(MartianFenError) as refused:
        Board("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 7 0,0 -")
    assert refused.value.field == "turn" and str(refused.value).startswith("turn: ")  # type: ignore[attr-defined]
    assert issubclass(MartianFenError, ValueError) and issubclass(InvalidMoveError, ValueError)


def test_records_read_back_and_refuse_what_the_moves_do_not_give() -> None:
    from fourchess.martian import MartianRecordError, read_record, write_record

    board = Board(players=4, rules=MartianRules(move_limit=6, teams=True))
    for text in ("a3-a5", "a5-b5", "h6-h4", "f1-e1", "b3-a4", "b6-a5"):
        board.push_move(text)
    record = write_record(board)
    assert record.splitlines()[:3] == [f'[Start "{START_4}"]', '[MoveLimit "6"]', '[Teams "yes"]']
    assert record.splitlines()[3].startswith('[Result "move_limit; first ')
    assert record.splitlines()[-1] == "1. a3-a5 a5-b5 h6-h4 f1-e1 2. b3-a4 b6-a5"
    again = read_record(record)
    assert again.move_stack == board.move_stack and again.rules == board.rules and again.mfen() == board.mfen()
    for bad in (
        record.replace("b6-a5", "b6-b5"),  # not a pawn's move
        record.replace('"6"', '"7"'),  # then the game is not over: the Result tag is wrong
        record.replace("2. ", ""),
        record.replace("[Teams", "[Team"),
        record.replace(START_4, "4 8/8"),
        '[Teams "yes"]\n\n',  # teams in a two-player game
        '[MoveLimit "-3"]\n',
    ):
        with pytest.raises(MartianRecordError):
            read_record(bad)
    assert read_record(write_record(Board())).mfen() == START_2


def half_built_board() -> object:
    """The Board a failed __init__ leaves behind, as a traceback's frames still hold it."""
    try:
        martian.Board("not a position")
    except martian.MartianFenError as error:
        frame = error.__traceback__
        while frame is not None:
            board = frame.tb_frame.f_locals.get("self")
            if isinstance(board, martian.Board):
                return board
            frame = frame.tb_next
    raise AssertionError("the failed __init__ left no Board in its traceback")


@pytest.mark.parametrize(
    "use",
    ["mfen", "players", "turn", "legal_moves", "push", "pop", "copy", "outcome", "perft", "planes", "encode"],
)
def test_a_board_whose_init_failed_is_refused_not_read(use: str) -> None:
    board = half_built_board()
    uses = {
        "mfen": lambda: board.mfen(),
        "players": lambda: board.players,
        "turn": lambda: board.turn,
        "legal_moves": lambda: board._legal_moves(),
        "push": lambda: board._push(9, 18),
        "pop": lambda: board._pop(),
        "copy": lambda: board._copy(),
        "outcome": lambda: board._outcome(),
        "perft": lambda: board._perft(1, 1, True),
        "planes": lambda: _martian.rl.legal_actions(board),
        "encode": lambda: _martian.rl.encode_move(board, 9, 18),
    }
    with pytest.raises(TypeError, match="never initialised"):
        uses[use]()
    assert martian.Board().players == 2  # boards made properly are unaffected
