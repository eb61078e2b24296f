"""check_move names the rule that refuses a move: every Refusal reached by a hand-built position,
each explained. The rules are tried in order (text, game over, seat, piece, movement, promotion,
own king), so each case is built to fail exactly the rule it names."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

import fourchess
from fourchess import Refusal, Rules, Seat, Verdict
from support.fen4 import HOME_KINGS, fen4

START = fourchess.MODERN_START_FEN4


def case(
    reason, move, *, pieces=None, turn="R", mode="teams", moves=(), seat=None, rules=None, says="", fen4_options=None
):
    """A check_move call and what it must answer; `pieces` builds a FEN4 (HOME_KINGS is added)."""
    position = START if pieces is None else fen4(dict(HOME_KINGS, **pieces), turn, **(fen4_options or {}))
    return pytest.param(
        position, list(moves), move, seat, rules or Rules(mode=mode), reason, says, id=f"{reason.value}: {move}"
    )


CASES = [
    # --- the text cannot be read, whatever the position ---
    case(Refusal.UNPARSEABLE, "xx", says="expected a from-square"),
    case(Refusal.UNPARSEABLE, "", says="invalid move text"),
    case(Refusal.UNPARSEABLE, "a1-a2", says="from-square"),  # a1 is a removed corner square
    case(Refusal.UNPARSEABLE, "h2-h3-h4", says="unexpected text"),
    case(Refusal.UNPARSEABLE, "resign:X", says="the seat after ':'"),  # no seat has the letter X
    case(Refusal.UNPARSEABLE, "surrender:R", says="a step is a move, or resign:R"),
    # --- the game is over ---
    # Teams checkmate: Blue's rook on e1 checks Red's king on h1 along rank 1; g1 and i1 (behind
    # the king) are on its line, g2 h2 i2 hold Red's own pawns, and nothing of Red takes or blocks
    # the rook: Red is mated on its own turn (docs/rules.md §6), so nobody moves any more.
    case(Refusal.GAME_OVER, "h2-h3", pieces={"g2": "rP", "h2": "rP", "i2": "rP", "e1": "bR"}, says="checkmate"),
    # Teams: Green's resignation ends the game (its team loses, docs/rules.md §6).
    case(Refusal.GAME_OVER, "b7-c7", moves=["h2-h4", "resign:G"], says="resignation"),
    # FFA house rules: three seats resign and are eliminated: three out ends the game (§7).
    case(
        Refusal.GAME_OVER,
        "h2-h4",
        moves=["resign:B", "resign:Y", "resign:G"],
        rules=Rules(mode="ffa", dead_king_walking=False),
        says="three seats",
    ),
    # FFA with walking kings: the three kings walk on, but their seats are eliminated all the same.
    case(Refusal.GAME_OVER, "h2-h4", moves=["resign:B", "timeout:Y", "resign:G"], mode="ffa", says="three seats"),
    # --- not that seat's turn ---
    # Red is to move at the start; the seat asking is Blue.
    case(Refusal.NOT_YOUR_TURN, "h2-h4", seat="BLUE", says="Red's turn, not Blue's"),
    case(Refusal.NOT_YOUR_TURN, "b7-c7", seat=Seat.BLUE, says="Red's turn"),
    # No seat given: b7 holds a Blue pawn while Red is to move.
    case(Refusal.NOT_YOUR_TURN, "b7-c7", says="is Blue's"),
    # g13 holds a pawn of Yellow, Red's partner: still not Red's piece to move.
    case(Refusal.NOT_YOUR_TURN, "g13-g12", says="is Yellow's"),
    # --- no piece of the side to move on the square ---
    case(Refusal.NO_PIECE, "h5-h6", says="no piece on h5"),  # h5 is empty at the start
    # FFA: e5 holds a dead pawn (grey, nobody's): dead pieces never move (docs/rules.md §7). Red's d2
    # pawn and Blue's knight keep the material sufficient, so the game goes on.
    case(Refusal.NO_PIECE, "e5-e6", pieces={"e5": "dP", "d2": "rP", "c7": "bN"}, mode="ffa", says="dead"),
    # The text names a bishop, but h2 holds Red's pawn.
    case(Refusal.NO_PIECE, "Bh2-h3", says="no bishop on h2"),
    # A short form naming a knight, and Red has none (only its king and a pawn).
    case(Refusal.NO_PIECE, "Nf3", pieces={"e2": "rP"}, says="Red has no knight"),
    # --- the piece cannot move there ---
    case(Refusal.CANNOT_MOVE_THERE, "h2-h5", says="pawn on h2 cannot move to h5"),  # three squares
    case(Refusal.CANNOT_MOVE_THERE, "d1-d3", says="rook on d1 cannot move to d3"),  # d2's pawn blocks
    case(Refusal.CANNOT_MOVE_THERE, "d1-d2", says="its own pawn"),
    # Teams: Yellow's knight on d8 is Red's partner's piece: Red's rook on d4 may not take it.
    case(Refusal.CANNOT_MOVE_THERE, "d4-d8", pieces={"d4": "rR", "d8": "yN"}, says="partner"),
    # Castling at the start: i1 and j1 hold the bishop and knight.
    case(Refusal.CANNOT_MOVE_THERE, "h1-j1", says="squares between"),
    case(Refusal.CANNOT_MOVE_THERE, "O-O", says="squares between"),
    # The rook stands on k1 and the way is clear, but Red's short castling flag is off.
    case(Refusal.CANNOT_MOVE_THERE, "h1-j1", pieces={"k1": "rR"}, says="lost the right"),
    case(Refusal.CANNOT_MOVE_THERE, "Nh3", says="no knight of Red can move to h3"),  # e1, j1 reach no h3
    # --- the own king would be in check ---
    # Green's rook on h6 pins Red's knight on h2 to the king on h1 (h3-h5 empty).
    case(Refusal.OWN_KING_IN_CHECK, "h2-g4", pieces={"h2": "rN", "h6": "gR"}, says="puts Red's king in check"),
    # Green's rook on g6 covers the g-file: the king may not step onto g1.
    case(Refusal.OWN_KING_IN_CHECK, "h1-g1", pieces={"g6": "gR"}, says="puts Red's king in check"),
    # Green's rook on h6 checks the king on h1; a pawn push does not answer the check.
    case(Refusal.OWN_KING_IN_CHECK, "d2-d3", pieces={"h6": "gR", "d2": "rP"}, says="leaves Red's king in check"),
    # Castling short with the right, the rook on k1 and i1 j1 empty, but Blue's rook on i5 attacks
    # i1, the square the king crosses (docs/rules.md §4).
    case(
        Refusal.OWN_KING_IN_CHECK,
        "h1-j1",
        pieces={"k1": "rR", "i5": "bR"},
        fen4_options={"short": (1, 0, 0, 0)},
        says="through or into check",
    ),
    # --- steps that are not moves: resigning, timing out, claiming (docs/rules.md §6, §7) ---
    # Teams: Green's resignation ended the game; nobody resigns after that.
    case(Refusal.GAME_OVER, "resign:R", moves=["resign:G"], says="resignation"),
    # A seat resigns for itself only, whoever is to move.
    case(Refusal.NOT_YOUR_SEAT, "resign:B", seat="RED", says="the step is Blue's, and Red may resign only"),
    case(Refusal.NOT_YOUR_SEAT, "claim:Y", seat=Seat.GREEN, mode="ffa", says="Green may claim only"),
    # FFA: Blue resigned and is out (its king walks on); it cannot leave a second time.
    case(Refusal.ALREADY_ELIMINATED, "timeout:B", moves=["resign:B"], mode="ffa", says="Blue is already out"),
    case(Refusal.ALREADY_ELIMINATED, "resign:B", moves=["timeout:B"], seat="B", mode="ffa", says="already out"),
    # Claims need FFA, exactly two seats left and a 21-point lead (docs/rules.md §7, decision 11).
    case(Refusal.CANNOT_CLAIM, "claim:R", says="only in FFA"),
    case(Refusal.CANNOT_CLAIM, "claim:R", mode="ffa", says="exactly two seats still in the game, there are 4"),
    # FFA, Blue and Yellow out, Red 20 points ahead of Green: one short of a claim.
    case(
        Refusal.CANNOT_CLAIM,
        "claim:R",
        pieces={"d2": "rP", "m5": "gP"},
        fen4_options={"dead": (0, 1, 1, 0), "points": (20, 0, 0, 0)},
        rules=Rules(mode="ffa", points_lead_ends_game=False),
        says="Red leads Green by 20 points; a claim needs 21 or more",
    ),
    # --- the promotion piece ---
    # Teams: a pawn reaching rank 11 must name Q, R, B or N (docs/rules.md §4, §11.8).
    case(Refusal.BAD_PROMOTION, "e10-e11", pieces={"e10": "rP"}, says="must name its promotion"),
    case(Refusal.BAD_PROMOTION, "e11", pieces={"e10": "rP"}, says="must name its promotion"),
    # Teams: =D is the FFA 1-point queen.
    case(Refusal.BAD_PROMOTION, "e10-e11=D", pieces={"e10": "rP"}, says="Teams promotions"),
    case(Refusal.BAD_PROMOTION, "e11=D", pieces={"e10": "rP"}, says="Teams promotions"),
    # FFA: rank 8 promotes, and only to the 1-point queen.
    case(Refusal.BAD_PROMOTION, "e7-e8=N", pieces={"e7": "rP"}, mode="ffa", says="1-point queen"),
    case(Refusal.BAD_PROMOTION, "e8=R", pieces={"e7": "rP"}, mode="ffa", says="1-point queen"),
    # A promotion named for a move that is none.
    case(Refusal.BAD_PROMOTION, "h2-h3=Q", says="not a promotion"),
    # --- a short form that fits several legal moves ---
    # Red's rooks on d1 and k1 both reach g1 (the king stands on h2, out of the way).
    pytest.param(
        fen4({"d1": "rR", "k1": "rR", "h2": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}, "R"),
        [],
        "Rg1",
        None,
        Rules(),
        Refusal.AMBIGUOUS,
        "2 legal moves",
        id="ambiguous: Rg1",
    ),
]


@pytest.mark.parametrize("position, moves, move, seat, rules, reason, says", CASES)
def test_each_rule_refuses_its_move(position, moves, move, seat, rules, reason, says):
    verdict = fourchess.check_move(position, moves, move, seat=seat, rules=rules)
    assert verdict == Verdict(False, reason, None, verdict.message)
    assert says in verdict.message, verdict.message
    assert not verdict


def test_every_refusal_is_reached_here():
    reached = {param.values[5] for param in CASES}
    assert reached == set(Refusal)


def test_the_core_names_the_same_refusals():
    assert sorted(fourchess._core._REFUSAL_NAMES) == sorted(reason.value for reason in Refusal)


@pytest.mark.parametrize(
    "move, engine",
    [
        ("h2-h4", "h2-h4"),
        ("h2h4", "h2-h4"),
        ("Nf3", "e1-f3"),
        ("h4", "h2-h4"),
        ("Nj1-i3", "j1-i3"),
    ],
)
def test_a_legal_move_gives_its_engine_text(move, engine):
    verdict = fourchess.check_move(None, [], move)
    assert verdict.ok and bool(verdict) and verdict.reason is None
    assert verdict.move == engine
    assert "legal move" in verdict.message


@pytest.mark.parametrize("seat", [Seat.RED, 0, "RED", "red", "R", "r"])
def test_the_seat_to_move_may_be_named_any_way(seat):
    assert fourchess.check_move(None, [], "h2-h4", seat=seat).ok


def test_castling_is_the_kings_move():
    # Red's king h1 and rook k1 at home with the short right and i1 j1 empty: O-O is h1-j1.
    position = fen4(dict(HOME_KINGS, k1="rR"), "R", short=(1, 0, 0, 0))
    assert fourchess.check_move(position, [], "O-O").move == "h1-j1"
    assert fourchess.check_move(position, [], "h1-j1").move == "h1-j1"


def test_ffa_promotion_without_a_letter_is_the_one_point_queen():
    position = fen4(dict(HOME_KINGS, e7="rP"), "R")  # docs/rules.md §11.8: =Q and nothing mean =D
    for text in ("e7-e8", "e7-e8=Q", "e7-e8=D", "e8"):
        assert fourchess.check_move(position, [], text, mode="ffa").move == "e7-e8=D"


def test_a_huge_move_text_is_quoted_bounded():
    verdict = fourchess.check_move(None, [], "h2-h4" + "x" * 5_000_000)
    assert verdict.reason is Refusal.UNPARSEABLE
    assert len(verdict.message) < 300 and "5000005 characters" in verdict.message


def test_a_move_text_that_is_not_text_is_unparseable():
    verdict = fourchess.check_move(None, [], "h2\ud800-h4")
    assert verdict.reason is Refusal.UNPARSEABLE and "surrogate" in verdict.message


def test_verdict_is_a_small_frozen_value():
    verdict = fourchess.check_move(None, [], "h2-h5")
    with pytest.raises(dataclasses.FrozenInstanceError):
        verdict.ok = True  # type: ignore[misc]
    assert json.loads(json.dumps(verdict.to_dict())) == {
        "ok": False,
        "reason": "cannot_move_there",
        "move": None,
        "message": verdict.message,
    }
    assert str(Refusal.GAME_OVER) == "game_over" and Refusal("game_over") is Refusal.GAME_OVER
    assert Refusal.GAME_OVER == "game_over"  # a str enum: compares with its plain-data value


@pytest.mark.parametrize(
    "moves, text, says",
    [
        ([], "b7-c7", "the piece on b7 is Blue's, and it is Red's turn"),
        (["resign:G"], "h2-h4", "the game is over (resignation)"),
        ([], "h2-h5", "Red's pawn on h2 cannot move to h5"),
    ],
)
def test_board_push_move_names_the_rule_too(moves, text, says):
    # Board.push_move and parse_move said only "not a legal move in this position".
    board = fourchess.Board()
    for step in moves:
        board.push_step(step)
    with pytest.raises(fourchess.IllegalMoveError, match=re.escape(says)):
        board.push_move(text)
    with pytest.raises(fourchess.IllegalMoveError, match=re.escape(says)):
        board.parse_move(text)
