"""A walking king's 20 points (docs/rules.md §7 as corrected): shared among the active seats when it is
stalemated or when the game is drawn with it on the board, 20 / n each rounded to the nearest
(10 with two active seats, 7 with three); the last active seat standing takes the whole 20."""

from support.fen4 import BLUE, GREEN, RED, YELLOW, fen4

# Red resigned (walking king d1); Yellow is out (dead king). Blue and Green are the active seats.
# d1's squares are d2, e1 and e2 (c1 and c2 are removed corners); Blue's rook on e10 covers e1
# and e2 down the e-file.
TWO_ACTIVE_CORNERED = {"d1": "rK", "e10": "bR", "f10": "bR", "a7": "bK", "g14": "dK", "n8": "gK"}


def test_stalemating_a_walking_king_with_two_active_seats_pays_10_each(Board):
    """f10-f2 covers d2 and e2 along rank 2 and leaves d1 unattacked: Red's king is stalemated;
    20 / 2 = 10 to Blue and to Green, nothing to Red (out) or Yellow (out)."""
    board = Board(fen4(TWO_ACTIVE_CORNERED, "B", dead=(1, 0, 1, 0), resigned=(RED,), points=(3, 4, 5, 6)), mode="ffa")
    assert board.walking_kings == frozenset({RED})
    board.push_move("f10-f2")
    assert board.walking_kings == frozenset()
    assert board.points == (3, 14, 5, 16)
    assert not board.is_game_over() and board.turn == GREEN


# The same corner with Yellow active: three active seats (Blue, Yellow, Green).
THREE_ACTIVE_CORNERED = dict(TWO_ACTIVE_CORNERED, g14="yK")


def test_stalemating_a_walking_king_with_three_active_seats_pays_7_each(Board):
    """20 / 3 = 6.67, rounded to 7 for each of Blue, Yellow and Green (chess.com 103144750)."""
    board = Board(fen4(THREE_ACTIVE_CORNERED, "B", dead=(1, 0, 0, 0), resigned=(RED,), points=(3, 4, 5, 6)), mode="ffa")
    board.push_move("f10-f2")
    assert board.walking_kings == frozenset()
    assert board.points == (3, 11, 12, 13)


# Red walks (h5), Yellow is out. Blue's king on a7 can take Green's rook on b8 (next to it, and
# defended by nothing): then Blue and Green have bare kings, a FIDE dead position.
BARE_KINGS_AFTER_CAPTURE = {"h5": "rK", "a7": "bK", "b8": "gR", "g14": "dK", "n8": "gK"}


def test_dead_material_draw_with_a_walking_king_pays_10_and_the_share(Board):
    """a7-b8 takes the rook (+5), leaving K v K with two active seats: the draw's +10 to each,
    and Red's walking king's 20 shared, +10 each (chess.com 97969768: +20 each)."""
    board = Board(fen4(BARE_KINGS_AFTER_CAPTURE, "B", dead=(1, 0, 1, 0), resigned=(RED,)), mode="ffa")
    board.push_move("a7-b8")
    outcome = board.outcome()
    assert outcome.termination.name == "INSUFFICIENT_MATERIAL"
    assert outcome.points == (0, 25, 0, 20)
    assert outcome.winner == frozenset({BLUE})


# Green resigned and walks (n8); Red, Blue and Yellow are active; Red's rook stays on the board.
FIFTY_MOVES_WITH_A_WALKER = {"h1": "rK", "d1": "rR", "a7": "bK", "g14": "yK", "n8": "gK"}


def test_fifty_move_draw_with_a_walking_king_pays_10_and_the_share(Board):
    """Four seats take turns (the walking king too), so the draw comes at 200 plies: +10 to each
    of Red, Blue and Yellow, and Green's walking king's 20 shared three ways, +7 each."""
    board = Board(fen4(FIFTY_MOVES_WITH_A_WALKER, "R", dead=(0, 0, 0, 1), resigned=(GREEN,), ply=199), mode="ffa")
    board.push_move("h1-h2")
    outcome = board.outcome()
    assert outcome.termination.name == "FIFTY_MOVE_RULE"
    assert outcome.points == (17, 17, 17, 0)
    board.pop()
    assert board.points == (0, 0, 0, 0)


def test_repetition_draw_with_two_walking_kings_shares_each(Board):
    """Red and Yellow walk; Blue and Green shuffle knights until the start of the shuffle stands a
    third time: each active seat +10, and +10 for each of the two walking kings."""
    pieces = {"h1": "rK", "a7": "bK", "a5": "bN", "g14": "yK", "n8": "gK", "n10": "gN"}
    board = Board(fen4(pieces, "B", dead=(1, 0, 1, 0), resigned=(RED,), flagged=(YELLOW,)), mode="ffa")
    assert board.walking_kings == frozenset({RED, YELLOW})
    shuffle = ["a5-c4", "g14-h14", "n10-l11", "h1-i1", "c4-a5", "h14-g14", "l11-n10", "i1-h1"]
    for move in shuffle * 2:
        board.push_move(move)
    outcome = board.outcome()
    assert outcome.termination.name == "THREEFOLD_REPETITION"
    assert outcome.points == (0, 30, 0, 30)


# Red walks (h10), Yellow is out. Green's king on n8 is boxed in by its own pawns on m7, m8, m9;
# Blue's rook on b5 can reach n5 along rank 5.
LAST_SEAT_BY_MATE = {"h10": "rK", "a7": "bK", "b5": "bR", "g14": "dK", "n8": "gK", "m7": "gP", "m8": "gP", "m9": "gP"}


def test_last_seat_standing_takes_the_whole_20_of_a_walking_king(Board):
    """b5-n5 mates Green (n7 and, behind the king, n9 on the rook's file): +20 for the mate.
    Three seats are out, and Blue, the last active seat, takes Red's walking king's whole 20."""
    board = Board(fen4(LAST_SEAT_BY_MATE, "B", dead=(1, 0, 1, 0), resigned=(RED,), points=(5, 20, 12, 8)), mode="ffa")
    board.push_move("b5-n5")
    outcome = board.outcome()
    assert outcome.termination.name == "THREE_ELIMINATED"
    assert outcome.points == (5, 60, 12, 8)
    assert outcome.winner == frozenset({BLUE})
