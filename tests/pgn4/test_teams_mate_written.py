"""A Teams checkmate keeps its '#': move_text shows it, and a record written from a board puts it
in the mated seat's own slot, as chess.com's records do (519084: '7. ... Qi4-h3+' then '8. #')."""

import io

from fourchess import Board, Termination, pgn4
from support.fen4 import fen4
from support.pgn4_games import text

# Blue's king a7 boxed in by Red's rook on b4 (b5..b11); Rd11-a11 checks along the a-file.
MATE_IN_ONE = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "b4": "rR", "d11": "rR"}
RECORD = "teams-classic-wikibooks-519084.pgn4"


def _mate_board():
    board = Board(fen4(MATE_IN_ONE, "R"))
    return board, board.parse_move("d11-a11")


def test_move_text_of_a_teams_mate_ends_with_the_mate_sign():
    board, move = _mate_board()
    assert board.move_text(move) == "Rd11-a11+#"
    board.push(move)
    assert board.termination() is Termination.CHECKMATE


def test_a_check_that_is_not_mate_has_no_mate_sign():
    board = Board(fen4({**MATE_IN_ONE, "b4": "rP"}, "R"))  # b6 is free: the king escapes
    assert board.move_text(board.parse_move("d11-a11")) == "Rd11-a11+"


def test_a_board_written_as_a_record_puts_the_mate_in_the_mated_seats_slot():
    board, move = _mate_board()
    board.push(move)
    written = pgn4.write_game(pgn4.game_from_board(board))
    assert written.endswith("\n\n1. Rd11-a11+ .. #\n"), written
    again = pgn4.read_game(io.StringIO(written))
    assert [(node.seat, node.marker) for node in again.mainline()] == [(0, None), (1, "#")]
    assert pgn4.write_game(again) == written


def test_the_real_mate_record_replayed_and_written_again_gives_its_movetext():
    source = text(RECORD)
    board = pgn4.replay(pgn4.read_game(io.StringIO(source)))
    assert board.is_checkmate()
    written = pgn4.write_game(pgn4.game_from_board(board))
    assert written.split("\n\n", 1)[1] == source.split("\n\n", 1)[1]


def test_a_hand_built_tree_without_the_marker_keeps_the_mate_on_the_move():
    board, move = _mate_board()
    game = pgn4.Game({"Variant": "Teams", "StartFen4": board.fen4()})
    game.add_variation(move)
    written = pgn4.write_game(game)
    assert written.endswith("1. Rd11-a11+#\n"), written
    assert pgn4.write_game(pgn4.read_game(io.StringIO(written))) == written
