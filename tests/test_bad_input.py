"""Bad input: malformed FEN4, unreadable and illegal move text, API misuse, and fuzzing.

Every error is a ValueError subclass (or TypeError/IndexError for misuse of the API) whose message
names the text that caused it (STYLE.md, "What that means here" 6). Nothing may crash the process.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import fourchess
import fourchess.reference as reference
from fourchess import Board, Fen4Error, IllegalMoveError, InvalidMoveError, Move, PieceType

DATA = Path(__file__).parent / "data"
MALFORMED = json.loads((DATA / "fen4" / "malformed.json").read_text())
BAD_MOVES = json.loads((DATA / "bad_moves.json").read_text())

# Bare kings on their modern squares plus one Red pawn (docs/rules.md §3, §4 promotion lines).
TEAMS_PROMO = (
    "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/"
    "4,rP,9/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
)
FFA_PROMO = (
    "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/"
    "14/14/13,gK/bK,3,rP,9/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
)
POSITIONS = {
    "start": (fourchess.MODERN_START_FEN4, "teams"),
    "teams_promo": (TEAMS_PROMO, "teams"),
    "ffa_promo": (FFA_PROMO, "ffa"),
}
ERRORS = {"invalid": InvalidMoveError, "illegal": IllegalMoveError}


def _names(text: str, message: str) -> bool:
    """Does the message quote the text (as written, stripped, or as its Python repr)?"""
    return any(form in message for form in (text, text.strip(), repr(text), repr(text)[1:-1]))


# --- the error classes ---------------------------------------------------------------------


def test_error_classes_are_value_errors() -> None:
    for error in (Fen4Error, InvalidMoveError, IllegalMoveError, fourchess.AmbiguousMoveError):
        assert issubclass(error, ValueError)
    for error in (reference.Fen4Error, reference.InvalidMoveError, reference.IllegalMoveError):
        assert issubclass(error, ValueError)
    assert InvalidMoveError is not IllegalMoveError


def test_tables_are_big_enough() -> None:
    assert len(MALFORMED) >= 30
    assert len(BAD_MOVES) >= 30


# --- malformed FEN4 ------------------------------------------------------------------------


@pytest.mark.parametrize("row", MALFORMED, ids=[row["reason"] for row in MALFORMED])
def test_malformed_fen4_core(row: dict[str, str]) -> None:
    with pytest.raises(Fen4Error) as caught:
        Board(row["fen4"], mode=row["mode"])
    assert row["message"] in str(caught.value), f"{row['reason']}: message does not name {row['message']!r}"


@pytest.mark.parametrize("row", MALFORMED, ids=[row["reason"] for row in MALFORMED])
def test_malformed_fen4_reference(row: dict[str, str]) -> None:
    with pytest.raises(reference.Fen4Error) as caught:
        reference.Board(row["fen4"], mode=row["mode"])
    assert row["message"] in str(caught.value), f"{row['reason']}: message does not name {row['message']!r}"


def test_side_to_move_dead_is_a_finished_teams_game_not_an_error() -> None:
    """Fine point 7: in Teams a dead seat means the game is over, so the FEN4 reads fine."""
    fen4 = fourchess.MODERN_START_FEN4.replace("R-0,0,0,0-", "R-1,0,0,0-", 1)
    assert Board(fen4).is_game_over()
    assert reference.Board(fen4).is_game_over()


@pytest.mark.parametrize("value", [5, 2.5, b"R-0", ["R"]])
def test_fen4_must_be_text(value: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        Board(value)  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError)):
        reference.Board(value)  # type: ignore[arg-type]


# --- long input is quoted bounded: a prefix and the length, once ---------------------------

# Far above any message that names its input in full, far below the inputs quoted.
MESSAGE_LIMIT = 300
LONG = [3_000, 1_000_000]
START = fourchess.MODERN_START_FEN4


def _long_fen4s(length: int) -> dict[str, str]:
    return {
        "a long cell": START.replace("x,x,x,yR,", "x,x,x," + "Q" * length + ",", 1),
        "a long digit run": START.replace("bR,bP,10,gP,gR", "bR,bP," + "1" * length + ",gP,gR", 1),
        "a long points value": START.replace("-0,0,0,0-0-", "-0,0," + "9" * length + ",0-0-", 1),
        "a long dead flag": START.replace("R-0,0,0,0-", "R-0," + "2" * length + ",0,0-", 1),
        "a long turn field": "R" * length + START[1:],
        "long text": "R-" + "-" * length,
    }


@pytest.mark.parametrize("length", LONG)
@pytest.mark.parametrize("what", sorted(_long_fen4s(1)))
def test_fen4_error_quotes_long_input_bounded(what: str, length: int) -> None:
    with pytest.raises(Fen4Error) as caught:
        Board(_long_fen4s(length)[what])
    message = str(caught.value)
    assert len(message) < MESSAGE_LIMIT, f"{what}: {len(message)} characters"
    assert "characters)" in message, message


@pytest.mark.parametrize("length", LONG)
@pytest.mark.parametrize("tail", ["x", "Q"])
def test_move_text_error_quotes_long_text_once_and_bounded(tail: str, length: int) -> None:
    text = "h2-h3" + tail * length
    calls = [Move.from_str, Board().parse_move, Board().push_move]
    for call in calls:
        with pytest.raises(InvalidMoveError) as caught:
            call(text)
        message = str(caught.value)
        assert len(message) < MESSAGE_LIMIT, f"{call}: {len(message)} characters"
        assert message.count(f"({length + 5} characters)") == 1, message
        assert text[:20] in message


@pytest.mark.parametrize("length", LONG)
def test_parse_square_quotes_a_long_name_bounded(length: int) -> None:
    with pytest.raises(ValueError) as caught:
        fourchess.parse_square("a" * length)
    assert len(str(caught.value)) < MESSAGE_LIMIT


# --- bad move text -------------------------------------------------------------------------


def _board(position: str) -> Board:
    fen4, mode = POSITIONS[position]
    return Board(fen4, mode=mode)


@pytest.mark.parametrize("row", BAD_MOVES, ids=[row["reason"] for row in BAD_MOVES])
def test_bad_move_push_move(row: dict[str, str]) -> None:
    board = _board(row["position"])
    before = board.fen4()
    with pytest.raises(ERRORS[row["error"]]) as caught:
        board.push_move(row["text"])
    assert _names(row["text"], str(caught.value)), str(caught.value)
    assert board.fen4() == before and board.move_stack == []


@pytest.mark.parametrize("row", BAD_MOVES, ids=[row["reason"] for row in BAD_MOVES])
def test_bad_move_parse_move(row: dict[str, str]) -> None:
    with pytest.raises(ERRORS[row["error"]]) as caught:
        _board(row["position"]).parse_move(row["text"])
    assert _names(row["text"], str(caught.value)), str(caught.value)


@pytest.mark.parametrize(
    "row",
    [row for row in BAD_MOVES if row["error"] == "invalid"],
    ids=[row["reason"] for row in BAD_MOVES if row["error"] == "invalid"],
)
def test_unreadable_move_from_str(row: dict[str, str]) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        Move.from_str(row["text"])
    assert _names(row["text"], str(caught.value)), str(caught.value)


def test_castling_text_without_a_position_cannot_be_a_move_value() -> None:
    for text in ("O-O", "O-O-O"):
        with pytest.raises(InvalidMoveError, match=text):
            Move.from_str(text)


_ENGINE_FORM = re.compile(r"[a-z]\d{1,2}-?[a-z]\d{1,2}(=.)?")


@pytest.mark.parametrize(
    "row",
    [row for row in BAD_MOVES if _ENGINE_FORM.fullmatch(row["text"])],
    ids=[row["reason"] for row in BAD_MOVES if _ENGINE_FORM.fullmatch(row["text"])],
)
def test_bad_engine_form_move_reference(row: dict[str, str]) -> None:
    """The reference reads the engine form only; it must refuse the same texts, as ValueErrors."""
    fen4, mode = POSITIONS[row["position"]]
    board = reference.Board(fen4, mode=mode)
    with pytest.raises((reference.InvalidMoveError, reference.IllegalMoveError)) as caught:
        board.push_move(row["text"])
    assert _names(row["text"], str(caught.value)), str(caught.value)


def test_the_good_neighbours_of_the_bad_moves_are_accepted() -> None:
    """The bad rows fail for the stated reason, not because the position is broken."""
    assert str(_board("teams_promo").parse_move("e10-e11=Q")) == "e10-e11=Q"
    assert str(_board("teams_promo").parse_move("e10-e11=N")) == "e10-e11=N"
    ffa = _board("ffa_promo")
    for text in ("e7-e8", "e7-e8=Q", "e7-e8=D"):  # fine point 8: =Q means the 1-point queen
        move = ffa.parse_move(text)
        assert str(move) == "e7-e8=D" and move.is_one_point_queen
    start = _board("start")
    for text in ("h2-h3", "h2h3", "Nj1-i3", "h2-h4+", "h2-h3#", " h2-h3 "):
        start.parse_move(text)


def test_push_unchecked_refuses_a_piece_of_another_seat() -> None:
    board = Board()
    with pytest.raises(ValueError, match="b7-c7"):
        board.push_unchecked(Move.from_str("b7-c7"))  # Blue's pawn, Red to move
    with pytest.raises(ValueError, match="h5-h6"):
        board.push_unchecked(Move.from_str("h5-h6"))  # empty square
    assert board.fen4() == fourchess.MODERN_START_FEN4


def test_push_of_an_illegal_move_value() -> None:
    board = Board()
    with pytest.raises(IllegalMoveError, match="h2-h5"):
        board.push(Move.from_str("h2-h5"))
    assert board.move_stack == []


# --- API misuse ----------------------------------------------------------------------------


def test_bad_mode_and_setup() -> None:
    with pytest.raises(ValueError, match="'chess960'"):
        Board(mode="chess960")
    with pytest.raises(ValueError, match="'fischer'"):
        Board(setup="fischer")
    with pytest.raises(ValueError, match="setup"):
        Board(fourchess.MODERN_START_FEN4, setup="classic")
    with pytest.raises(ValueError, match="'chess960'"):
        reference.Board(mode="chess960")
    with pytest.raises(ValueError, match="'fischer'"):
        reference.Board(setup="fischer")


@pytest.mark.parametrize("square", [0, 2, 13, 195, 182, -1, 196, 10**20, -(10**20)])
def test_piece_at_refuses_corners_and_out_of_range(square: int) -> None:
    with pytest.raises((ValueError, IndexError, TypeError)) as caught:
        Board().piece_at(square)
    assert str(square) in str(caught.value)


def test_piece_at_out_of_range_is_a_value_error_not_a_binding_dump() -> None:
    """10**20 is an int like -1 or 196; it should get the same clear ValueError."""
    with pytest.raises(ValueError, match="is not one of the 160 board squares"):
        Board().piece_at(10**20)


@pytest.mark.parametrize("seat", [-1, 4, 7])
def test_is_check_bad_seat(seat: int) -> None:
    with pytest.raises(ValueError, match=str(seat)):
        Board().is_check(seat)
    with pytest.raises(ValueError, match=str(seat)):
        Board().king_square(seat)


@pytest.mark.parametrize("depth", [-1, 13])
def test_perft_bad_depth(depth: int) -> None:
    with pytest.raises(ValueError, match=f"got {depth}"):
        Board().perft(depth)
    with pytest.raises(ValueError, match=f"got {depth}"):
        Board().divide(depth)


@pytest.mark.parametrize("threads", [0, -3, 100000])
def test_perft_bad_threads_names_the_value(threads: int) -> None:
    with pytest.raises(ValueError) as caught:
        Board().perft(1, threads=threads)
    assert re.search(rf"(?<![\d-]){threads}(?!\d)", str(caught.value)), str(caught.value)


def test_pop_and_peek_on_an_empty_stack() -> None:
    with pytest.raises(IndexError, match="empty"):
        Board().pop()
    with pytest.raises(IndexError, match="empty"):
        Board().peek()
    with pytest.raises(IndexError):
        reference.Board().pop()


@pytest.mark.parametrize("args", [(0, 0), (17, 17), (0, 17), (17, 2), (196, 17), (-1, 17)], ids=str)
def test_move_value_with_bad_squares(args: tuple[int, int]) -> None:
    with pytest.raises(ValueError):
        Move(*args)


def test_move_value_with_bad_promotion() -> None:
    d2, d3 = fourchess.parse_square("d2"), fourchess.parse_square("d3")
    with pytest.raises(ValueError, match="promotion"):
        Move(d2, d3, PieceType.KING)
    with pytest.raises(ValueError, match="promotion"):
        Move(d2, d3, PieceType.PAWN)
    with pytest.raises(ValueError, match="1-point queen"):
        Move(d2, d3, PieceType.ROOK, one_point_queen=True)


@pytest.mark.parametrize("name", ["z9", "a1", "c3", "n14", "h0", "h15", "h01", "", "h", "hh", "H2", "h2 "])
def test_parse_square_refuses_non_squares(name: str) -> None:
    with pytest.raises(ValueError) as caught:
        fourchess.parse_square(name)
    assert repr(name) in str(caught.value) or f"'{name}'" in str(caught.value)


@pytest.mark.parametrize("index", [0, 2, 13, 14 * 3 - 1, 195, -1, 196])
def test_square_name_refuses_corners_and_out_of_range(index: int) -> None:
    with pytest.raises(ValueError, match=str(index)):
        fourchess.square_name(index)


def test_square_name_3_is_d1_not_a_corner() -> None:
    """index = r*14 + f (docs/rules.md §1): 3 is file d, rank 1, a real square."""
    assert fourchess.square_name(3) == "d1"


# --- no input crashes the process -------------------------------------------------------------

_FUZZ = textwrap.dedent(
    r"""
    import random, sys
    import fourchess, fourchess.reference as reference
    from fourchess import Board, Move

    seeds = [line.split(" ; ")[0].strip() for line in open(sys.argv[1]) if line.strip()]
    seeds += [fourchess.MODERN_START_FEN4, fourchess.CLASSIC_START_FEN4]
    rng = random.Random(20240611)
    ALPHABET = "0123456789,-/{}():'xdrbygPNBRQKDRBYG \n" + "\u00e9\x00"

    def mutate(text):
        for _ in range(rng.randint(1, 3)):
            kind = rng.randrange(6)
            i = rng.randrange(len(text) + 1) if text else 0
            if kind == 0:
                text = text[:i] + rng.choice(ALPHABET) + text[i:]
            elif kind == 1 and text:
                text = text[:i] + text[i + 1:]
            elif kind == 2 and len(text) > 2:
                j = rng.randrange(len(text) - 1)
                text = text[:j] + text[j + 1] + text[j] + text[j + 2:]
            elif kind == 3:
                digits = [k for k, c in enumerate(text) if c.isdigit()]
                if digits:
                    k = rng.choice(digits)
                    text = text[:k] + rng.choice("0123456789") + text[k + 1:]
            elif kind == 4:
                fields = text.split("-")
                if rng.random() < 0.3:
                    rng.shuffle(fields)
                else:
                    fields.insert(rng.randrange(len(fields) + 1), fields[rng.randrange(len(fields))])
                text = "-".join(fields)
            else:
                ranks = text.split("/")
                a, b = rng.randrange(len(ranks)), rng.randrange(len(ranks))
                ranks[a], ranks[b] = ranks[b], ranks[a]
                text = "/".join(ranks)
        return text

    accepted = refused = 0
    boards = []
    for n in range(8000):
        text = mutate(rng.choice(seeds))
        mode = rng.choice(("teams", "ffa"))
        try:
            board = Board(text, mode=mode)
        except ValueError:
            refused += 1
        else:
            accepted += 1
            written = board.fen4()
            again = Board(written, mode=mode).fen4()
            assert again == written, (text, written, again)
            len(board.legal_moves); board.is_game_over(); str(board)
            if len(boards) < 400:
                boards.append(board)
        if n % 5 == 0:
            try:
                reference.Board(text, mode=mode).fen4()
            except ValueError:
                pass

    SQUARES = "abcdefghijklmnop"
    def random_move_text():
        kind = rng.randrange(4)
        if kind == 0:
            return "".join(rng.choice("abcdefghijklmnop0123456789-x=+#QRBNDKPO ") for _ in range(rng.randint(0, 12)))
        sq = lambda: rng.choice(SQUARES) + str(rng.randint(0, 16))
        text = sq() + rng.choice(["-", "", "x", "xQ"]) + sq()
        if kind == 2:
            text += "=" + rng.choice("QRBNDKPX")
        if kind == 3:
            text = rng.choice("PNBRQKDZ") + text
        return text

    for n in range(6000):
        text = random_move_text()
        board = rng.choice(boards)
        for call in (Move.from_str, board.parse_move):
            try:
                call(text)
            except ValueError:
                pass
        try:
            board.push_move(text)
        except ValueError:
            pass
        else:
            board.pop()

    # push_unchecked: structurally valid moves (a piece of the side to move, any other square).
    playable = [s for s in range(196) if not ((s % 14 < 3 or s % 14 > 10) and (s // 14 < 3 or s // 14 > 10))]
    pushed = 0
    for n in range(12000):
        board = rng.choice(boards)
        if board.is_game_over():
            continue
        own = [s for s in playable
               if (p := board.piece_at(s)) is not None and p.seat is not None and int(p.seat) == int(board.turn)]
        if not own:
            continue
        source = rng.choice(own)
        target = rng.choice([s for s in playable if s != source])
        promotion = rng.choice([None, None, None, fourchess.PieceType.QUEEN, fourchess.PieceType.KNIGHT])
        try:
            board.push_unchecked(Move(source, target, promotion))
            pushed += 1
        except ValueError:
            continue
        board.fen4(); board.is_check(); board.termination(); len(board.legal_moves); board.perft(1)
        if rng.random() < 0.4:
            board.pop()
    for board in boards:
        board.fen4()
    print("FUZZ-OK", accepted, refused, pushed)
    """
)


def test_fuzz_never_crashes() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _FUZZ, str(DATA / "fen4_real.txt")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-4000:]}"
    assert "FUZZ-OK" in result.stdout
    accepted, refused = map(int, result.stdout.split()[1:3])
    assert accepted > 0 and refused > 0  # the mutations hit both sides of the validator


_UNINITIALISED = textwrap.dedent(
    r"""
    import fourchess
    board = fourchess.Board.__new__(fourchess.Board)
    try:
        board.__init__("not a fen4")
    except ValueError:
        pass
    for use in (repr, lambda b: b.fen4()):
        try:
            text = use(board)
        except (TypeError, ValueError, RuntimeError):
            continue
        print("USABLE", text[:200])
    print("DONE")
    """
)


def test_board_whose_constructor_raised_is_not_usable() -> None:
    """Known bug being fixed: a Board whose __init__ raised showed leftover memory in its repr."""
    result = subprocess.run([sys.executable, "-c", _UNINITIALISED], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "USABLE" not in result.stdout, result.stdout
