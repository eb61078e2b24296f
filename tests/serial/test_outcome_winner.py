"""Outcome.winner is a frozenset of seats (or None) in both modes; Outcome.team the Teams side."""

from fourchess import MODERN_START_FEN4, Board, Seat, Team, Termination

RED, BLUE, YELLOW, GREEN = Seat
# Each seat's knight out and back: after 8 moves the start position stands again.
KNIGHT_SHUFFLE = ["e1-f3", "a5-c4", "j14-i12", "n10-l11", "f3-e1", "c4-a5", "i12-j14", "l11-n10"]


def test_teams_win_gives_the_pair_and_the_team():
    board = Board()
    board.timeout(BLUE)  # docs/rules.md: a Teams timeout loses the game for the seat's team
    outcome = board.outcome()
    assert outcome.termination is Termination.TIMEOUT
    assert outcome.winner == frozenset({RED, YELLOW}) and isinstance(outcome.winner, frozenset)
    assert outcome.team is Team.RED_YELLOW
    assert board.result() == "1-0"


def test_teams_win_for_blue_green():
    board = Board()
    board.resign(RED)
    outcome = board.outcome()
    assert outcome.winner == frozenset({BLUE, GREEN}) and outcome.team is Team.BLUE_GREEN
    assert outcome.ranking == ((BLUE, GREEN), (RED, YELLOW))
    assert board.result() == "0-1"


def test_ffa_has_a_winner_set_and_no_team():
    board = Board(mode="ffa")
    for move in KNIGHT_SHUFFLE * 2:  # threefold repetition: every seat +10, all share first place
        board.push_move(move)
    outcome = board.outcome()
    assert outcome.winner == frozenset(Seat) and outcome.team is None


def test_ffa_tie_of_partners_is_not_a_team():
    # Red and Yellow tied on top of an FFA game: the same seats a Red+Yellow Teams win names.
    fen4 = MODERN_START_FEN4.replace("-0,0,0,0-0-", "-5,0,5,0-0-", 1)
    board = Board(fen4, mode="ffa")
    for move in KNIGHT_SHUFFLE * 2:  # threefold repetition pays every active seat +10 (docs/rules.md §8)
        board.push_move(move)
    outcome = board.outcome()
    assert outcome.points == (15, 10, 15, 10)
    assert outcome.winner == frozenset({RED, YELLOW}) and outcome.ranking == ((RED, YELLOW), (BLUE, GREEN))
    assert outcome.team is None


def test_teams_draw_has_no_winner_and_no_team():
    board = Board()
    for move in KNIGHT_SHUFFLE * 2:
        board.push_move(move)
    outcome = board.outcome()
    assert outcome.termination is Termination.THREEFOLD_REPETITION
    assert outcome.winner is None and outcome.team is None and board.result() == "1/2-1/2"


def test_the_reference_outcome_has_the_same_shape():
    from fourchess import reference

    board = reference.Board()
    board.resign(0)
    outcome = board.outcome()
    assert outcome.winner == frozenset({1, 3}) and outcome.team is reference.Team.BLUE_GREEN
    ffa = reference.Board(rules=reference.Rules(mode="ffa"))
    for move in KNIGHT_SHUFFLE * 2:
        ffa.push_move(move)
    assert ffa.outcome().winner == frozenset({0, 1, 2, 3}) and ffa.outcome().team is None
