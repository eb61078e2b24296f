"""The action index: counted again from the board's geometry, one number per legal move in
thousands of positions, decoded back to the same move, and the mask exactly the legal set."""

from __future__ import annotations

import pytest

import fourchess
from support.fen4 import HOME_KINGS, fen4
from support.rl_extra import require_rl
from support.rl_positions import played_boards
from support.squares import on_board, sq

np = require_rl("numpy")
rl = require_rl("fourchess.rl")

LINES = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def geometry_steps() -> set[tuple[int, int, str]]:
    """(from, to, underpromotion) of every step RULES.md's board allows, written from the rules:
    queen lines stop at the first removed square, knights land on the board, and a pawn's three
    steps onto its Teams promotion line (rank 11 in Red's frame) may name N, B or R."""
    steps = set()
    for rank in range(14):
        for file in range(14):
            if not on_board(file, rank):
                continue
            origin = rank * 14 + file
            for df, dr in LINES:
                distance = 1
                while 0 <= file + df * distance < 14 and 0 <= rank + dr * distance < 14:
                    f, r = file + df * distance, rank + dr * distance
                    if not on_board(f, r):
                        break
                    steps.add((origin, r * 14 + f, ""))
                    distance += 1
            for df, dr in KNIGHT_JUMPS:
                f, r = file + df, rank + dr
                if 0 <= f < 14 and 0 <= r < 14 and on_board(f, r):
                    steps.add((origin, r * 14 + f, ""))
            if rank == 9:
                for df in (-1, 0, 1):
                    if 0 <= file + df < 14 and on_board(file + df, 10):
                        steps.update((origin, 140 + file + df, piece) for piece in "NBR")
    return steps


def test_every_step_of_the_geometry_has_one_index() -> None:
    from fourchess import _core

    names = {fourchess.PieceType.KNIGHT: "N", fourchess.PieceType.BISHOP: "B", fourchess.PieceType.ROOK: "R"}
    table = []
    for action in range(rl.ACTION_COUNT):
        origin, target, promotion = _core.rl.frame_action(action)
        table.append((origin, target, names.get(promotion, "")))
    assert len(set(table)) == len(table) == rl.ACTION_COUNT
    assert set(table) == geometry_steps()


def check_board(board: fourchess.Board, where: str) -> int:
    """Every legal move has its own index, decodes back to itself, and the mask is that set."""
    moves = list(board.legal_moves)
    indices = [rl.encode_move(board, move) for move in moves]
    assert all(0 <= index < rl.ACTION_COUNT for index in indices), where
    assert len(set(indices)) == len(indices), f"{where}: two legal moves share an index"
    for move, index in zip(moves, indices, strict=True):
        assert rl.decode_action(board, index) == move, f"{where}: {move}"
    mask = rl.legal_mask(board)
    assert set(np.flatnonzero(mask).tolist()) == set(indices), where
    assert rl.legal_actions(board) == sorted(indices), where
    return len(moves)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_legal_moves_of_played_positions_round_trip(mode: str) -> None:
    positions = moves = 0
    events: set[str] = set()
    for board in played_boards(mode):
        moves += check_board(board, f"{mode} {board.fen4()}")
        positions += 1
        if board.move_stack:
            last = board.move_stack[-1]
            if last.promotion is not None:
                events.add("promotion")
    assert positions >= 1000
    assert "promotion" in events  # the biased games reach the promotion lines


def test_an_action_not_legal_now_is_refused_by_name() -> None:
    board = fourchess.Board()
    legal = set(rl.legal_actions(board))
    illegal = [action for action in range(rl.ACTION_COUNT) if action not in legal]
    for action in illegal:
        with pytest.raises(rl.IllegalActionError, match=f"action {action} "):
            rl.decode_action(board, action)


@pytest.mark.parametrize("seat", range(4))
def test_teams_promotions_have_four_numbers_and_ffa_one(seat: int) -> None:
    # A pawn one step before its Teams line (Red's rank 10 turned to each seat), the line empty.
    pawn_square = {0: "h10", 1: "j7", 2: "g5", 3: "e8"}[seat]
    pieces = dict(HOME_KINGS, **{pawn_square: "rbyg"[seat] + "P"})
    teams = fourchess.Board(fen4(pieces, turn=seat), mode="teams")
    promotions = [move for move in teams.legal_moves if move.promotion is not None]
    assert sorted(str(move.promotion) for move in promotions) == sorted(
        str(piece)
        for piece in (
            fourchess.PieceType.QUEEN,
            fourchess.PieceType.ROOK,
            fourchess.PieceType.BISHOP,
            fourchess.PieceType.KNIGHT,
        )
    )
    queen = next(move for move in promotions if move.promotion == fourchess.PieceType.QUEEN)
    plain = rl.encode_move(teams, queen)
    # The queen promotion is the plain step north in the mover's frame, the same number for every seat.
    frame_from = rl.to_frame(seat, queen.from_square)
    assert (frame_from, rl.to_frame(seat, queen.to_square)) == (sq("h10"), sq("h11"))
    check_board(teams, f"Teams promotion for seat {seat}")
    # FFA promotes on the 8th line: the same pawn is far past it, so move it to its rank 7.
    ffa_square = {0: "h7", 1: "g7", 2: "g8", 3: "h8"}[seat]
    ffa = fourchess.Board(fen4(dict(HOME_KINGS, **{ffa_square: "rbyg"[seat] + "P"}), turn=seat), mode="ffa")
    ffa_promotions = [move for move in ffa.legal_moves if move.promotion is not None]
    assert len(ffa_promotions) == 1
    check_board(ffa, f"FFA promotion for seat {seat}")
    assert plain == rl.encode_move(fourchess.Board(fen4(dict(HOME_KINGS, h10="rP"), turn=0)), queen_of_red())


def queen_of_red() -> fourchess.Move:
    return fourchess.Move.from_str("h10-h11=Q")


def test_a_finished_game_has_an_empty_mask() -> None:
    board = fourchess.Board()
    board.resign(fourchess.Seat.RED)
    assert board.is_game_over()
    assert not rl.legal_mask(board).any()
    assert rl.legal_actions(board) == []


def test_encode_refuses_a_step_no_piece_makes() -> None:
    board = fourchess.Board()
    with pytest.raises(ValueError, match="no step of the board's geometry"):
        rl.encode_move(board, fourchess.Move.from_str("h2-i5"))
