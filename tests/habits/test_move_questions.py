"""is_capture(move) and gives_check(move): asked of a move before it is played.

gives_check is the '+' of the move's PGN4 token (san): a king the move newly checks, as
chess.com marks it (the mover's pieces attack it and did not before, or it is in check and was
in check by no one before). Opponents: Teams the two enemies, FFA every other seat still taking
turns. Both take any move push_unchecked takes (pseudo-legal, game going), else IllegalMoveError.
"""

from __future__ import annotations

import pytest

from fourchess import Board, IllegalMoveError, Move, Seat
from support.fen4 import HOME_KINGS, fen4
from support.squares import sq

MODES = ["teams", "ffa"]


def move(text: str) -> Move:
    return Move.from_str(text)


@pytest.mark.parametrize("mode", MODES)
def test_discovered_check(mode: str) -> None:
    # Red's rook e7 looks along rank 7 at Blue's king a7, but its own knight c7 stands between.
    # Any knight move uncovers the rook; c7-e8 itself attacks nothing (e8 jumps to c7 c9 d6 d10
    # f6 f10 g7 g9). The rook stepping to e6 leaves rank 7 and checks no king.
    board = Board(fen4({**HOME_KINGS, "e7": "rR", "c7": "rN"}), mode=mode)
    assert not board.is_check(Seat.BLUE)
    assert board.gives_check(move("c7-e8"))
    assert board.san(move("c7-e8")) == "Nc7-e8+"
    assert not board.gives_check(move("e7-e6"))
    assert board.san(move("e7-e6")) == "Re7-e6"


@pytest.mark.parametrize("mode", MODES)
def test_a_check_on_two_kings(mode: str) -> None:
    # Red's queen m10 to m7: along rank 7 (l7..b7 empty) it reaches Blue's king a7, and m7 touches
    # Green's king n8 diagonally. From m10 it attacked neither (rank 10, file m, and the diagonals
    # through n9, n11, l9-k8, l11 hold no king). Two kings newly checked: '++'.
    board = Board(fen4({**HOME_KINGS, "m10": "rQ"}), mode=mode)
    assert board.gives_check(move("m10-m7"))
    assert board.san(move("m10-m7")) == "Qm10-m7++"
    board.push(move("m10-m7"))
    assert board.is_check(Seat.BLUE) and board.is_check(Seat.GREEN)
    if mode == "ffa":
        assert board.points[Seat.RED] == 1  # docs/rules.md §7: two kings at once with a queen, +1


@pytest.mark.parametrize("mode", MODES)
def test_a_check_the_move_uncovers_for_another_seat(mode: str) -> None:
    # Yellow's rook a10 looks down the a-file at Blue's king a7 past a9 (Red's knight) and a8.
    # Red's knight a9-c10 uncovers it: Blue is in check by Yellow, not by Red (c10 jumps to a9 a11
    # b8 b12 d8 d12 e9 e11). Blue was in check by no one before: chess.com marks the move '+', and
    # so gives_check is True (Teams: a check for the partner; FFA: for a third seat).
    board = Board(fen4({**HOME_KINGS, "a10": "yR", "a9": "rN"}), mode=mode)
    assert board.gives_check(move("a9-c10"))
    assert board.san(move("a9-c10")) == "Na9-c10+"
    board.push(move("a9-c10"))
    assert board.is_check(Seat.BLUE) and not board.is_attacked_by(Seat.RED, sq("a7"))


@pytest.mark.parametrize("mode", MODES)
def test_a_king_already_checked_by_the_mover_is_not_newly_checked(mode: str) -> None:
    # Red's rook n4 already attacks Green's king n8 (n5, n6, n7 empty) on Red's turn. The rook
    # stepping closer (n4-n6) or Red's king stepping aside leaves Green in check, but checks no
    # king anew: no '+', gives_check False.
    board = Board(fen4({**HOME_KINGS, "n4": "rR"}), mode=mode)
    assert board.is_check(Seat.GREEN)
    for text in ("n4-n6", "h1-i1"):
        assert not board.gives_check(move(text)), text
        assert "+" not in board.san(move(text))


def test_a_mating_move_gives_check_ffa() -> None:
    # FFA: Blue's king a7; Red's rook b4 holds the b-file (b5..b11: b6 b7 b8), the rook c11-a11
    # checks down the a-file (a10 a9 a8 empty) and covers a8 and, past the king, a6. No escape, no
    # block, no capture: mate at once (docs/rules.md §7), judged where Blue's king stood.
    board = Board(fen4({**HOME_KINGS, "b4": "rR", "c11": "rR"}), mode="ffa")
    assert board.gives_check(move("c11-a11"))
    assert board.san(move("c11-a11")) == "Rc11-a11+#"
    board.push(move("c11-a11"))
    assert Seat.BLUE in board.eliminated and board.points[Seat.RED] == 20


def test_a_king_capture_is_a_capture_but_not_a_check() -> None:
    # Teams: Red's rook a4 attacks Blue's king a7 (a5, a6 empty) on Red's turn: taking it ends the
    # game (docs/rules.md §5). The captured king was attacked before, so it is not newly checked.
    board = Board(fen4({**HOME_KINGS, "a4": "rR"}))
    assert board.is_capture(move("a4-a7"))
    assert not board.gives_check(move("a4-a7"))
    assert board.san(move("a4-a7")) == "Ra4xKa7#"


@pytest.mark.parametrize("mode", MODES)
def test_captures(mode: str) -> None:
    # Blue's pawn went b5-d5 over c5 (its en passant entry 'c5:d5'); Red's pawn d4 takes onto the
    # empty c5 (Red pawns take one rank up, one file aside) and removes the pawn d5 (docs/rules.md §4).
    # Red's king step h1-i1 and the rook's d1-d3 (d2 empty, d4 its own pawn) take nothing.
    pieces = {**HOME_KINGS, "d1": "rR", "d5": "bP", "d4": "rP"}
    board = Board(fen4(pieces, ep={Seat.BLUE: "c5:d5"}), mode=mode)
    assert board.is_capture(move("d4-c5"))  # en passant: c5 itself is empty
    assert board.piece_at(sq("c5")) is None
    assert not board.is_capture(move("h1-i1"))
    assert not board.is_capture(move("d1-d3"))
    board.push(move("d4-c5"))
    assert board.piece_at(sq("d5")) is None
    # Red's rook d1 takes the dead pawn d5 (d2..d4 empty): dead pieces are anyone's (docs/rules.md §7).
    board = Board(fen4({**HOME_KINGS, "d1": "rR", "d5": "dP"}), mode=mode)
    assert board.is_capture(move("d1-d5"))
    assert board.san(move("d1-d5")) == "Rd1xd5"


def test_castling_is_not_a_capture() -> None:
    # Red's king h1 and rook k1 with i1 and j1 empty and the right held: castling short, h1-j1.
    board = Board(fen4({**HOME_KINGS, "k1": "rR"}, short=(1, 0, 0, 0)))
    assert not board.is_capture(move("h1-j1"))
    assert board.san(move("h1-j1")) == "O-O"


def test_a_pseudo_legal_move_is_answered() -> None:
    # Red's king h1 is in check from Blue's rook h5: the rook d1's move d1-d3 is not legal (it
    # leaves the check) but push_unchecked would take it, so the questions answer it.
    board = Board(fen4({**HOME_KINGS, "h5": "bR", "d1": "rR", "d3": "bP"}))
    assert move("d1-d3") not in board.legal_moves
    assert board.is_capture(move("d1-d3"))
    assert not board.gives_check(move("d1-d3"))


@pytest.mark.parametrize("method", ["is_capture", "gives_check"])
def test_bad_arguments(method: str) -> None:
    board = Board()
    query = getattr(board, method)
    for wrong in ("h2-h4", None, 42, (103, 131)):
        with pytest.raises(TypeError, match="argument 'move' must be a fourchess.Move"):
            query(wrong)
    with pytest.raises(TypeError, match="never initialised"):
        query(Move.__new__(Move))
    # Not a move the pieces allow: too far, nothing on the square, another seat's piece.
    for text in ("h2-h5", "h4-h5", "b7-c7"):
        with pytest.raises(IllegalMoveError, match="not a move the pieces allow"):
            query(move(text))
    with pytest.raises(IllegalMoveError, match="not a move the pieces allow"):
        getattr(Board(fen4({**HOME_KINGS, "h10": "rP"})), method)(move("h10-h11"))  # Teams: name the piece
    over = Board(fen4({"h1": "rK", "a7": "bK", "g14": "yK"}))  # Teams with Green's king gone: over
    assert over.is_game_over()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        getattr(over, method)(move("h1-i1"))
    with pytest.raises(TypeError):
        query()


# Red's pawn on e7 reaches FFA's promotion line (the centre rank 8) on e8. FFA promotes only to
# the 1-point queen, so of the two Move objects only e7-e8=D names a move; push and is_legal
# refused the plain =Q while push_unchecked, is_capture and gives_check took it as =D.
PROMOTING_FFA = (
    "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/"
    "13,gK/bK,3,rP,9/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
)


@pytest.mark.parametrize("method", ["push_unchecked", "is_capture", "gives_check", "push"])
def test_an_ffa_promotion_move_must_name_the_one_point_queen(method: str) -> None:
    board = Board(PROMOTING_FFA, mode="ffa")
    with pytest.raises(IllegalMoveError):
        getattr(board, method)(Move.from_str("e7-e8=Q"))
    assert board.fen4() == PROMOTING_FFA.replace(" ", "")
    getattr(board, method)(Move.from_str("e7-e8=D"))  # the same move, named as FFA has it


def test_ffa_move_text_q_still_reads_as_the_one_point_queen() -> None:
    # docs/rules.md fine point 8: in FFA text, =Q (and no suffix) promote to the 1-point queen.
    board = Board(PROMOTING_FFA, mode="ffa")
    assert board.push_move("e7-e8=Q") == Move.from_str("e7-e8=D")
