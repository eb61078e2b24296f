"""History draws (docs/rules.md §8), the move limit, and outcome()/result() for each way a game ends."""

from support.fen4 import BLUE, GREEN, HOME_KINGS, RED, YELLOW, fen4

# Each seat's knight out and back: after 8 moves the start position stands again.
KNIGHT_SHUFFLE = ["e1-f3", "a5-c4", "j14-i12", "n10-l11", "f3-e1", "c4-a5", "i12-j14", "l11-n10"]


def places(outcome):
    return [set(place) for place in outcome.ranking]


def test_third_occurrence_is_a_teams_draw(Board):
    board = Board()
    for move in KNIGHT_SHUFFLE + KNIGHT_SHUFFLE[:-1]:
        board.push_move(move)
    assert not board.is_game_over(), "start position seen twice so far"
    board.push_move(KNIGHT_SHUFFLE[-1])
    outcome = board.outcome()
    assert outcome.termination.name == "THREEFOLD_REPETITION"
    assert outcome.winner is None
    assert board.result() == "1/2-1/2"
    assert list(board.legal_moves) == []


def test_ffa_repetition_pays_every_active_seat_10(Board):
    board = Board(mode="ffa")
    for move in KNIGHT_SHUFFLE * 2:
        board.push_move(move)
    outcome = board.outcome()
    assert outcome.termination.name == "THREEFOLD_REPETITION"
    assert outcome.points == (10, 10, 10, 10)
    assert outcome.winner == frozenset({RED, BLUE, YELLOW, GREEN})
    assert places(outcome) == [{RED, BLUE, YELLOW, GREEN}]
    assert board.result() == "Red: 10 - Blue: 10 - Yellow: 10 - Green: 10"
    board.pop()
    assert board.points == (0, 0, 0, 0) and not board.is_game_over()


ROOK_AND_KINGS = dict(HOME_KINGS, d1="rR")


def test_fifty_moves_of_four_seats_is_200_plies(Board):
    board = Board(fen4(ROOK_AND_KINGS, "R", ply=198))
    board.push_move("h1-h2")
    assert not board.is_game_over()
    board = Board(fen4(ROOK_AND_KINGS, "R", ply=199))
    board.push_move("h1-h2")
    assert board.outcome().termination.name == "FIFTY_MOVE_RULE"
    assert board.result() == "1/2-1/2"


def test_fifty_moves_of_three_seats_is_150_plies_in_ffa(Board):
    """Green is out (dead king): three seats take turns; the draw pays R, B, Y +10."""
    pieces = dict(ROOK_AND_KINGS, n8="dK")
    board = Board(fen4(pieces, "R", dead=(0, 0, 0, 1), ply=149), mode="ffa")
    board.push_move("h1-h2")
    outcome = board.outcome()
    assert outcome.termination.name == "FIFTY_MOVE_RULE"
    assert outcome.points == (10, 10, 10, 0)


def test_walking_king_still_counts_as_taking_turns(Board):
    """Green resigned but its king walks: four seats take turns, so 150 plies are not enough."""
    board = Board(fen4(ROOK_AND_KINGS, "R", dead=(0, 0, 0, 1), resigned=(GREEN,), ply=149), mode="ffa")
    board.push_move("h1-h2")
    assert not board.is_game_over()


def test_move_limit_draws_in_teams(Board, Rules):
    board = Board(rules=Rules(move_limit=4))
    for move in KNIGHT_SHUFFLE[:3]:
        board.push_move(move)
    assert not board.is_game_over()
    board.push_move(KNIGHT_SHUFFLE[3])
    assert board.outcome().termination.name == "MOVE_LIMIT"
    assert board.result() == "1/2-1/2"


def test_move_limit_ranks_by_points_in_ffa(Board, Rules):
    board = Board(rules=Rules(mode="ffa", move_limit=2))
    board.push_move("h2-h3")
    board.push_move("b7-c7")
    outcome = board.outcome()
    assert outcome.termination.name == "MOVE_LIMIT"
    assert outcome.points == (0, 0, 0, 0), "the move limit pays nothing"


# Red's bare king on h1 boxed in by Blue's rook d2 and Green's knights (see test_teams_game_end).
BOXED = {"h1": "rK", "a7": "bK", "d2": "bR", "g14": "yK", "n8": "gK", "f3": "gN", "j3": "gN"}


def test_teams_checkmate_outcome(Board):
    board = Board(fen4(dict(BOXED, h8="gR"), "R"))
    outcome = board.outcome()
    assert outcome.termination.name == "CHECKMATE"
    assert outcome.team.name == "BLUE_GREEN"
    assert places(outcome) == [{BLUE, GREEN}, {RED, YELLOW}]
    assert board.result() == "0-1"


def test_teams_stalemate_outcome(Board):
    board = Board(fen4(BOXED, "R"))
    assert board.outcome().termination.name == "STALEMATE"
    assert board.outcome().winner is None
    assert board.result() == "1/2-1/2"


def test_teams_king_capture_outcome(Board):
    """Red's rook d7 takes Blue's king a7 along rank 7."""
    board = Board(fen4(dict(HOME_KINGS, d7="rR"), "R"))
    board.push_move("d7-a7")
    outcome = board.outcome()
    assert outcome.termination.name == "KING_CAPTURE"
    assert outcome.team.name == "RED_YELLOW"
    assert board.result() == "1-0"


def test_game_in_progress_has_no_outcome(Board):
    board = Board(mode="ffa")
    assert board.outcome() is None
    assert board.result() == "*"
