"""Arguments the C++ binding must refuse cleanly: text with no UTF-8 form, and
Move and Piece objects that were allocated but never initialised.

pybind11 on its own turns a lone surrogate into an overload TypeError ("incompatible function
arguments") and hands C++ code the uninitialised storage of ``Move.__new__(Move)``. Both are the
caller's mistake and must say so: bad text is a ValueError subclass of the entry point naming the
surrogate and quoting a bounded prefix; an uninitialised object is a TypeError, as for a Board.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

import fourchess
from fourchess import Board, Fen4Error, InvalidMoveError, Move
from fourchess._core import Piece

# (label, text with a lone surrogate, index of the first surrogate)
SURROGATE_TEXTS = [
    ("alone", "\ud800", 0),
    ("inside a move", "h2\udc00-h3", 2),
    ("low half", "h2-h3\udfff", 5),
    ("after 5000 characters", "h" * 5000 + "\ud9ff", 5000),
]
TEXT_ENTRY_POINTS: dict[str, tuple[Callable[[str], object], type[ValueError]]] = {
    "Board(fen4)": (lambda text: Board(text), Fen4Error),
    "Board(fen4, mode='ffa')": (lambda text: Board(text, mode="ffa"), Fen4Error),
    "push_move": (lambda text: Board().push_move(text), InvalidMoveError),
    "push_san": (lambda text: Board().push_san(text), InvalidMoveError),
    "parse_move": (lambda text: Board().parse_move(text), InvalidMoveError),
    "Move.from_str": (Move.from_str, InvalidMoveError),
    "unpickling a Move": (lambda text: Move.__new__(Move).__setstate__(text), InvalidMoveError),
    "parse_square": (fourchess.parse_square, ValueError),
}
MESSAGE_LIMIT = 400  # characters: a bounded prefix of the text, never all of it


@pytest.mark.parametrize("entry", TEXT_ENTRY_POINTS)
@pytest.mark.parametrize(("label", "text", "at"), SURROGATE_TEXTS, ids=[row[0] for row in SURROGATE_TEXTS])
def test_lone_surrogate_is_a_typed_value_error(entry: str, label: str, text: str, at: int) -> None:
    call, error = TEXT_ENTRY_POINTS[entry]
    with pytest.raises(error) as caught:
        call(text)
    message = str(caught.value)
    assert f"U+{ord(text[at]):04X}" in message and f"character {at} of {len(text)}" in message, message
    assert repr(text[:10])[1:-1] in message, f"the message does not quote the text: {message}"
    assert len(message) < MESSAGE_LIMIT, f"{len(message)} characters"


def test_refused_move_text_leaves_the_board_as_it_was() -> None:
    board = Board()
    before = board.fen4()
    with pytest.raises(InvalidMoveError):
        board.push_move("h2-h4\ud800")
    assert board.fen4() == before and board.move_stack == []


@pytest.mark.parametrize("entry", TEXT_ENTRY_POINTS)
@pytest.mark.parametrize("value", [5, b"h2-h3", ["h2-h3"]], ids=["int", "bytes", "list"])
def test_text_arguments_must_be_str(entry: str, value: object) -> None:
    call, _ = TEXT_ENTRY_POINTS[entry]
    with pytest.raises(TypeError) as caught:
        call(value)  # type: ignore[arg-type]
    assert "str" in str(caught.value)


def test_text_with_characters_outside_ascii_still_reads_or_is_refused_by_its_parser() -> None:
    """Only text with no UTF-8 form is refused up front; other text reaches the parsers."""
    with pytest.raises(InvalidMoveError, match="é"):
        Board().push_move("h2-h4é")
    assert Move.from_str("h2-h3") == Board().parse_move("h2-h3")


# --- objects allocated by __new__ alone ----------------------------------------------------


def _uses_of_a_move(move: Move) -> dict[str, Callable[[], object]]:
    board = Board()
    return {
        "str": lambda: str(move),
        "repr": lambda: repr(move),
        "from_square": lambda: move.from_square,
        "to_square": lambda: move.to_square,
        "promotion": lambda: move.promotion,
        "hash": lambda: hash(move),
        "==": lambda: move == Move.from_str("h2-h3"),
        "== (as the other)": lambda: Move.from_str("h2-h3") == move,
        "<": lambda: Move.from_str("h2-h3") < move,
        "pickle": lambda: pickle.dumps(move),
        "push": lambda: board.push(move),
        "push_unchecked": lambda: board.push_unchecked(move),
        "is_legal": lambda: board.is_legal(move),
        "in legal_moves": lambda: move in board.legal_moves,
        "move_text": lambda: board.move_text(move),
    }


@pytest.mark.parametrize("use", list(_uses_of_a_move(Move.from_str("h2-h3"))))
def test_uninitialised_move_is_refused(use: str) -> None:
    move = Move.__new__(Move)
    with pytest.raises(TypeError, match="never initialised"):
        _uses_of_a_move(move)[use]()


def test_uninitialised_move_of_a_subclass_is_refused() -> None:
    class Named(Move):
        pass

    with pytest.raises(TypeError, match="never initialised"):
        str(Named.__new__(Named))
    assert str(Named(21, 35)) == "h2-h3"


@pytest.mark.parametrize("use", ["symbol", "str", "repr", "piece_type", "seat", "is_dead", "hash", "=="])
def test_uninitialised_piece_is_refused(use: str) -> None:
    piece = Piece.__new__(Piece)
    real = Board().piece_at(3)
    uses: dict[str, Callable[[], object]] = {
        "symbol": piece.symbol,
        "str": lambda: str(piece),
        "repr": lambda: repr(piece),
        "piece_type": lambda: piece.piece_type,
        "seat": lambda: piece.seat,
        "is_dead": lambda: piece.is_dead,
        "hash": lambda: hash(piece),
        "==": lambda: real == piece,
    }
    with pytest.raises(TypeError, match="never initialised"):
        uses[use]()


def test_moves_from_every_source_are_initialised() -> None:
    """The check refuses only __new__ storage: moves made, generated, parsed, popped, copied
    and unpickled all still work."""
    board = Board()
    generated = next(iter(board.legal_moves))
    board.push(generated)
    sources = [
        Move.from_str("h2-h3"),
        Move.from_str("h2-h3"),
        board.parse_move("b5-c5"),
        board.peek(),
        board.history[0],
        board.move_stack[0],
        next(iter(board.divide(1))),
        copy.copy(generated),
        copy.deepcopy(generated),
        pickle.loads(pickle.dumps(generated)),
        board.pop(),
    ]
    for move in sources:
        assert Move.from_str(str(move)) == move
    assert board.piece_at(3) == Board().piece_at(3)
