"""A wrong-typed argument to any public call gives a one-line TypeError (or ValueError) naming the
argument, never pybind11's "incompatible function arguments" listing that quotes the whole Board."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from typing import Any

import pytest

import fourchess
from fourchess import Board, GameEvent, Move, Outcome, PieceType, Rules, Seat, pgn4
from fourchess.engine import Engine

BOARD = Board()  # its repr is ~700 characters: pybind11 quoted it whole
WRONG = [BOARD, object(), 2.5, b"h2"]
MESSAGE_LIMIT = 200
H2, H4 = fourchess.parse_square("h2"), fourchess.parse_square("h4")
H2_H4 = Move(H2, H4)

# Board methods that take arguments: the valid arguments each is called with, one replaced at a
# time by a wrong-typed value. Every other public callable of Board takes none (NO_ARGUMENTS).
BOARD_CALLS: dict[str, tuple[Any, ...]] = {
    "claim_win": (Seat.RED,),
    "resign": (Seat.RED,),
    "timeout": (Seat.RED,),
    "is_check": (Seat.RED,),
    "king_square": (Seat.RED,),
    "piece_at": (H2,),
    "divide": (1,),
    "divide_each": (1, 1),  # a generator: the call is its first step (see _called)
    "perft": (1, 1),
    "perft_full": (1,),
    "is_legal": (H2_H4,),
    "move_text": (H2_H4,),
    "push": (H2_H4,),
    "push_unchecked": (H2_H4,),
    "parse_move": ("h2-h4",),
    "push_move": ("h2-h4",),
    "push_san": ("h2-h4",),
    "random_walking_king_move": (random.Random(1),),
    "result": (("a", "b", "c", "d"),),
    "attackers": (Seat.RED, H2),
    "is_attacked_by": (Seat.RED, H2),
    "can_claim_win": (Seat.RED,),
    "gives_check": (H2_H4,),
    "is_capture": (H2_H4,),
    "san": (H2_H4,),
    "uci": (H2_H4,),
    "has_castling_rights": (Seat.RED,),
    "has_kingside_castling_rights": (Seat.RED,),
    "has_queenside_castling_rights": (Seat.RED,),
    "is_repetition": (3,),
    "king": (Seat.RED,),
    "parse_san": ("h2-h4",),
    "parse_uci": ("h2-h4",),
    "push_uci": ("h2-h4",),
    "pieces": (PieceType.PAWN, Seat.RED),
    "set_piece_at": (H4, fourchess.Piece("rP")),
    "remove_piece_at": (H2,),
    "push_step": ("h2-h4",),
    "from_dict": (Board().to_dict(),),
}
NO_ARGUMENTS = {
    "copy",
    "fen4",
    "root_fen4",
    "is_checkmate",
    "is_stalemate",
    "is_game_over",
    "outcome",
    "peek",
    "pop",
    "termination",
    "winners",
    "zobrist_hash",
    "is_fifty_moves",
    "is_insufficient_material",
    "piece_map",
    "empty",
    "step_texts",
    "to_dict",
}


def _public_callables(obj: object) -> set[str]:
    return {name for name in dir(obj) if not name.startswith("_") and callable(getattr(obj, name))}


def test_the_table_covers_every_public_board_method():
    assert _public_callables(BOARD) == set(BOARD_CALLS) | NO_ARGUMENTS


def _called(result: object) -> object:
    """A call's result; a generator's first step, where its checks run."""
    return next(result, None) if isinstance(result, Generator) else result


def _calls() -> list[tuple[str, Callable[[], object]]]:
    calls: list[tuple[str, Callable[[], object]]] = []
    for name, arguments in BOARD_CALLS.items():
        for index in range(len(arguments)):
            for wrong in WRONG:
                given = list(arguments)
                given[index] = wrong
                calls.append(
                    (
                        f"Board.{name} #{index} {type(wrong).__name__}",
                        lambda name=name, given=given: _called(getattr(Board(), name)(*given)),
                    )
                )
    for wrong in WRONG:
        kind = type(wrong).__name__
        calls += [
            (f"Move(from) {kind}", lambda wrong=wrong: Move(wrong, H4)),
            (f"Move(to) {kind}", lambda wrong=wrong: Move(H2, wrong)),
            (f"Move(promotion) {kind}", lambda wrong=wrong: Move(H2, H4, wrong)),
            (f"Move(one_point_queen) {kind}", lambda wrong=wrong: Move(H2, H4, PieceType.QUEEN, wrong)),
            (f"Move < {kind}", lambda wrong=wrong: H2_H4 < wrong),
            (f"Move.from_str {kind}", lambda wrong=wrong: Move.from_str(wrong)),
            (f"Move.from_dict {kind}", lambda wrong=wrong: Move.from_dict(wrong)),
            (f"GameEvent.from_dict {kind}", lambda wrong=wrong: GameEvent.from_dict(wrong)),
            (f"Outcome.from_dict {kind}", lambda wrong=wrong: Outcome.from_dict(wrong, mode="teams")),
            (f"square_name {kind}", lambda wrong=wrong: fourchess.square_name(wrong)),
            (f"parse_square {kind}", lambda wrong=wrong: fourchess.parse_square(wrong)),
            (f"Board(fen4) {kind}", lambda wrong=wrong: Board(wrong)),
            (f"Board(mode) {kind}", lambda wrong=wrong: Board(mode=wrong)),
            (f"Board(rules) {kind}", lambda wrong=wrong: Board(rules=wrong)),
            (f"Rules(mode) {kind}", lambda wrong=wrong: Rules(mode=wrong)),
            (f"Rules(move_limit) {kind}", lambda wrong=wrong: Rules(move_limit=wrong)),
            (f"Engine.search(board) {kind}", lambda wrong=wrong: Engine(hash_mb=1).search(wrong, depth=1)),
            (f"Engine.search(depth) {kind}", lambda wrong=wrong: Engine(hash_mb=1).search(Board(), depth=wrong)),
            (f"Engine.search(nodes) {kind}", lambda wrong=wrong: Engine(hash_mb=1).search(Board(), nodes=wrong)),
            (f"Engine.search(movetime) {kind}", lambda wrong=wrong: Engine(hash_mb=1).search(Board(), movetime=wrong)),
            (
                f"Engine.search(infinite) {kind}",
                lambda wrong=wrong: Engine(hash_mb=1).search(Board(), depth=1, infinite=wrong),
            ),
            (f"Engine(threads) {kind}", lambda wrong=wrong: Engine(hash_mb=1, threads=wrong)),
            (f"game_from_board {kind}", lambda wrong=wrong: pgn4.game_from_board(wrong)),
        ]
    return calls


# Where the "wrong" value is a right one: a Board to a call that wants a Board, seconds as a float.
RIGHT_TYPE = {"game_from_board Board", "Engine.search(board) Board", "Engine.search(movetime) float"}
CALLS = [(label, call) for label, call in _calls() if label not in RIGHT_TYPE]


@pytest.mark.parametrize(("label", "call"), CALLS, ids=[label for label, _ in CALLS])
def test_a_wrong_type_gives_a_short_one_line_error(label, call):
    with pytest.raises((TypeError, ValueError)) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message and len(message) < MESSAGE_LIMIT, f"{len(message)} characters: {message[:300]}"
    assert "incompatible" not in message


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: Board().push(BOARD), "push() argument 'move' must be a fourchess.Move, got Board"),
        (lambda: Board().push_unchecked("h2-h4"), "push_unchecked() argument 'move' must be a fourchess.Move, got str"),
        (lambda: Board().is_legal(None), "is_legal() argument 'move' must be a fourchess.Move, got NoneType"),
        (lambda: Board().move_text(3), "move_text() argument 'move' must be a fourchess.Move, got int"),
        (lambda: Move(H2, H4, "Q"), "Move() argument 'promotion' must be a fourchess.PieceType or None, got str"),
        (lambda: Move(H2, H4, None, 1), "Move() argument 'one_point_queen' must be a bool, got int"),
    ],
)
def test_the_message_names_the_call_the_argument_and_the_type(call, words):
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == words


def test_comparisons_with_other_types_follow_python():
    with pytest.raises(TypeError, match="'<' not supported between instances of '(fourchess._core.)?Move' and 'int'"):
        H2_H4 < 5  # noqa: B015
    piece = Board().piece_at(fourchess.parse_square("h1"))
    assert (piece == 5) is False and (piece != "rK") is True
    assert piece == Board().piece_at(fourchess.parse_square("h1"))
