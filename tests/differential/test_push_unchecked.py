"""push_unchecked's contract, held against the reference: it plays exactly the pseudo-legal moves
(what the pieces may do, castling only when legal; the mover's own king may be left attacked)
and refuses every other Move a caller can build. Whatever it plays, the core's position stays
consistent: the key equals the key from scratch, FEN4 re-reads to the same position, the counts
agree, pop restores it exactly, and the state after agrees with the reference's."""

from __future__ import annotations

import random

import pytest

import fourchess
import fourchess.reference
from fourchess.reference.movegen import pseudo_legal_moves
from support.differential_games import MODES, differences, observe, start_positions

PROMOTIONS = (
    None,
    fourchess.PieceType.QUEEN,
    fourchess.PieceType.ROOK,
    fourchess.PieceType.BISHOP,
    fourchess.PieceType.KNIGHT,
)
SQUARES = [s for s in range(196) if not ((s % 14 < 3 or s % 14 > 10) and (s // 14 < 3 or s // 14 > 10))]
RANDOM_PLIES = (0, 5, 15)
FULLY_OBSERVED = 0.2  # share of played moves after which the legal-move lists are compared too


def _positions(mode: str) -> list[str]:
    """Every differential start, and positions a few random plies (pseudo-legal ones included)
    into each, so that kings are left in check and pinned pieces have moved."""
    rng = random.Random(f"push_unchecked {mode}")
    found = []
    for start in start_positions(mode):
        for plies in RANDOM_PLIES:
            board = fourchess.Board(start.fen4, mode=mode)
            reference = fourchess.reference.Board(start.fen4, mode=mode)
            for _ in range(plies):
                candidates = sorted(_reference_pseudo_legal(reference))
                if not candidates:
                    break
                text = rng.choice(candidates)
                board.push_unchecked(fourchess.Move.from_str(text))
                reference.push_unchecked(_reference_move(text, mode))
            found.append(board.fen4())
    return found


def _reference_pseudo_legal(board: fourchess.reference.Board) -> set[str]:
    if board.is_game_over():
        return set()
    position = board._position
    return {str(move) for move in pseudo_legal_moves(position, position.turn)}


def _reference_move(text: str, mode: str) -> fourchess.reference.Move:
    source, _, rest = text.partition("-")
    target, _, promotion = rest.partition("=")
    if mode == "ffa" and promotion == "Q":
        promotion = "D"
    return fourchess.reference.Move(fourchess.parse_square(source), fourchess.parse_square(target), promotion or None)


def _engine_text(move: fourchess.Move, mode: str) -> str:
    """The core's text of a move with the reference's FFA letter (=D) for its queen promotion."""
    text = str(move)
    return text[:-2] + "=D" if mode == "ffa" and text.endswith("=Q") else text


def _candidates(board: fourchess.Board, rng: random.Random) -> list[fourchess.Move]:
    """Moves of every piece of the side to move (and of a few other squares) to every square,
    pawns with every promotion, other pieces with a random one."""
    turn = int(board.turn)
    origins = [
        s for s in SQUARES if (p := board.piece_at(s)) is not None and p.seat is not None and int(p.seat) == turn
    ]
    origins += rng.sample(SQUARES, 4)
    moves = []
    for source in origins:
        piece = board.piece_at(source)
        pawn = piece is not None and piece.piece_type == fourchess.PieceType.PAWN
        for target in SQUARES:
            if target == source:
                continue
            for promotion in PROMOTIONS if pawn else (None, rng.choice(PROMOTIONS)):
                moves.append(fourchess.Move(source, target, promotion))
            if pawn:
                moves.append(fourchess.Move(source, target, fourchess.PieceType.QUEEN, one_point_queen=True))
    return moves


def _state(board) -> tuple[object, ...]:
    return (board.fen4(), tuple(board.points), tuple(board.is_check(seat) for seat in range(4)))


def _check_position_after(board: fourchess.Board, mode: str, label: str) -> list[str]:
    problems = []
    if board.zobrist_hash() != board._zobrist_from_scratch():
        problems.append(f"{label}: incremental key != key from scratch")
    text = board.fen4()
    again = fourchess.Board(text, mode=mode)
    if again.fen4() != text or again.zobrist_hash() != board.zobrist_hash():
        problems.append(f"{label}: FEN4 {text} does not re-read to the same position")
    counts = {len(board.legal_moves), board.perft(1), board.perft(1, bulk=False)}
    if len(counts) != 1:
        problems.append(f"{label}: list, bulk and make/unmake counts differ: {counts}")
    if board.perft(2) != board.perft(2, bulk=False):
        problems.append(f"{label}: perft(2) bulk and make/unmake differ")
    return problems


@pytest.mark.parametrize("mode", MODES)
def test_push_unchecked_plays_exactly_the_pseudo_legal_moves(mode):
    rng = random.Random(f"candidates {mode}")
    problems: list[str] = []
    played = refused = 0
    for fen4 in _positions(mode):
        board = fourchess.Board(fen4, mode=mode)
        reference = fourchess.reference.Board(fen4, mode=mode)
        expected = _reference_pseudo_legal(reference)
        key = board.zobrist_hash()
        accepted = set()
        for move in _candidates(board, rng):
            try:
                board.push_unchecked(move)
            except fourchess.IllegalMoveError:
                refused += 1
                if board.fen4() != fen4 or board.zobrist_hash() != key:
                    problems.append(f"refusing {move} changed {fen4}")
                continue
            played += 1
            text = _engine_text(move, mode)
            accepted.add(text)
            label = f"{text} in {fen4} ({mode})"
            problems += _check_position_after(board, mode, label)
            reference.push_unchecked(_reference_move(text, mode))
            # The whole observation (the reference's legal moves too) for a sample; the state always.
            if rng.random() < FULLY_OBSERVED:
                problems += [f"{label}: {line}" for line in differences(observe(board), observe(reference))]
            elif _state(board) != _state(reference):
                problems.append(f"{label}: core {_state(board)}, reference {_state(reference)}")
            reference.pop()
            board.pop()
            if board.fen4() != fen4 or board.zobrist_hash() != key:
                problems.append(f"{label}: pop gives {board.fen4()}")
                board = fourchess.Board(fen4, mode=mode)
        if accepted != expected:
            problems.append(
                f"{fen4} ({mode}): played only by the core {sorted(accepted - expected)},"
                f" pseudo-legal but refused {sorted(expected - accepted)}"
            )
    assert not problems, f"{len(problems)} problems, first:\n" + "\n".join(problems[:10])
    assert played > 1000 and refused > 10 * played


def test_castling_through_pieces_is_refused():
    """The issue's move: h1-j1 from the start, with the bishop and knight still on i1 and j1."""
    board = fourchess.Board()
    with pytest.raises(fourchess.IllegalMoveError):
        board.push_unchecked(fourchess.Move.from_str("h1-j1"))
    assert board.fen4() == fourchess.MODERN_START_FEN4
    assert board.perft(3) == 7_800  # docs/rules.md §9


@pytest.mark.parametrize("text", ["h2-h3=Q", "e1-f3=N", "g1-g4=R"])
def test_promotion_of_a_piece_that_does_not_promote_is_refused(text):
    board = fourchess.Board()
    with pytest.raises(fourchess.IllegalMoveError):
        board.push_unchecked(fourchess.Move.from_str(text))
    assert board.fen4() == fourchess.MODERN_START_FEN4


@pytest.mark.parametrize("mode", MODES)
def test_exposing_the_own_king_is_played_and_the_king_can_be_taken(mode):
    """Red's bishop g2 is pinned to its king h1 by Green's bishop d5 (e4 f3 g2 h1). Legal play
    keeps it on the line; push_unchecked moves it to h3, Red is then in check, and after Blue and
    Yellow move, Green's bishop takes the king."""
    fen4 = (
        "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/"
        "14/14/14/13,gK/bK,13/14/3,gB,10/14/x,x,x,8,x,x,x/x,x,x,3,rB,4,x,x,x/x,x,x,4,rK,3,x,x,x"
    )
    board = fourchess.Board(fen4, mode=mode)
    assert "g2-h3" not in {str(m) for m in board.legal_moves}
    board.push_unchecked(fourchess.Move.from_str("g2-h3"))
    assert board.is_check(0)
    assert board.zobrist_hash() == board._zobrist_from_scratch()
    for move in ["a7-b6", "g14-f14", "d5-h1"]:
        board.push_move(move)
    if mode == "teams":
        assert board.is_game_over() and board.winner == frozenset({1, 3})
    else:
        assert board.eliminated == frozenset({0}) and board.points == (0, 0, 0, 20)
