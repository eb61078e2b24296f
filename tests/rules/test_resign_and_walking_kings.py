"""Resignation, timeout and walking kings (docs/rules.md §6-§7; docs/rules.md §7, decision 9 and §8,
decision 10)."""

import pytest

from support.fen4 import BLUE, GREEN, RED, YELLOW, fen4, parse_fen4
from support.moves import moves


def test_teams_resignation_loses_for_the_team(Board):
    board = Board()
    board.resign(BLUE)
    outcome = board.outcome()
    assert outcome.termination.name == "RESIGNATION"
    assert outcome.team.name == "RED_YELLOW"
    assert board.result() == "1-0"
    assert board.is_game_over() and list(board.legal_moves) == []


def test_teams_timeout_loses_for_the_team(Board):
    board = Board()
    board.timeout(YELLOW)
    assert board.outcome().termination.name == "TIMEOUT"
    assert board.result() == "0-1"


def test_nobody_leaves_a_finished_game(Board):
    board = Board()
    board.resign(RED)
    with pytest.raises(ValueError):
        board.timeout(GREEN)


def test_ffa_resignation_on_own_turn_leaves_a_walking_king(Board):
    """Red resigns at the start: its army dies, its king walks, Blue moves next."""
    board = Board(mode="ffa")
    board.resign(RED)
    assert board.turn == BLUE
    assert board.eliminated == frozenset({RED}) and board.walking_kings == frozenset({RED})
    fields = parse_fen4(board.fen4())
    assert fields["dead"] == (1, 0, 0, 0)
    assert fields["extras"] == "{'resigned':(true,false,false,false)}"
    assert fields["board"]["h1"] == "rK" and fields["board"]["d1"] == "dR" and fields["board"]["h2"] == "dP"
    for move in ("b4-c4", "g13-g12", "m11-l11"):  # none opens a line onto h1's neighbours
        board.push_move(move)
    # Its turn comes again: only king moves, onto the dead pieces around it (no castling).
    assert board.turn == RED
    assert moves(board) == {"h1-g1", "h1-i1", "h1-g2", "h1-h2", "h1-i2"}


def test_timeout_off_turn_keeps_the_turn(Board):
    board = Board(mode="ffa")
    board.push_move("h2-h3")
    board.timeout(YELLOW)
    assert board.eliminated == frozenset({YELLOW}) and board.walking_kings == frozenset({YELLOW})
    assert board.turn == BLUE, "not Yellow's turn, so the turn does not move"
    fields = parse_fen4(board.fen4())
    assert fields["board"]["g14"] == "yK" and fields["board"]["h14"] == "dQ"
    assert fields["extras"] == "{'flagged':(false,false,true,false)}"


def test_house_rules_resignation_kills_the_king_too(Board, Rules):
    board = Board(rules=Rules(mode="ffa", dead_king_walking=False))
    board.resign(RED)
    assert board.walking_kings == frozenset() and board.eliminated == frozenset({RED})
    assert parse_fen4(board.fen4())["board"]["h1"] == "dK"
    assert board.turn == BLUE


def test_resigning_twice_is_refused(Board):
    board = Board(mode="ffa")
    board.resign(GREEN)
    with pytest.raises(ValueError):
        board.resign(GREEN)


def test_pop_takes_back_a_resignation(Board):
    board = Board(mode="ffa")
    board.push_move("h2-h3")
    before = board.fen4()
    board.resign(BLUE)
    event = board.pop()
    assert event.kind == "resign" and event.seat == BLUE
    assert board.fen4() == before and board.eliminated == frozenset()


# Red resigned earlier (walking king on h5); a live Blue knight stands next to it on h6.
WALKER_NEXT_TO_KNIGHT = {"h5": "rK", "h6": "bN", "a7": "bK", "g14": "yK", "n8": "gK", "m7": "gP", "d1": "dR"}


def test_walking_king_earns_nothing(Board):
    board = Board(fen4(WALKER_NEXT_TO_KNIGHT, "R", dead=(1, 0, 0, 0), resigned=(RED,)), mode="ffa")
    assert board.walking_kings == frozenset({RED})
    board.push_move("h5-h6")
    assert board.points == (0, 0, 0, 0), "a knight is worth 3, but not to a walking king"


# Red's walking king on d1: its only squares are d2, e1, e2 (c1 and c2 are removed corners).
# Blue's rook on e10 already covers e1 and e2.
CORNERED_WALKER = {"d1": "rK", "e10": "bR", "a10": "bR", "f10": "bR", "a7": "bK", "g14": "yK", "n8": "gK"}


def test_mating_a_walking_king_pays_the_mover_20(Board):
    """a10-d10 checks d1 along the d-file and covers d2: mate; Blue +20, the walk is over."""
    board = Board(fen4(CORNERED_WALKER, "B", dead=(1, 0, 0, 0), resigned=(RED,)), mode="ffa")
    board.push_move("a10-d10")
    assert board.points == (0, 20, 0, 0)
    assert board.walking_kings == frozenset() and board.eliminated == frozenset({RED})
    assert parse_fen4(board.fen4())["board"]["d1"] == "dK"
    assert board.turn == YELLOW


def test_last_player_takes_20_for_each_walking_king(Board):
    """Red walks, Yellow is out; Green resigns: three out, Blue alone takes +20 x 2 walkers."""
    pieces = {"h5": "rK", "a7": "bK", "b9": "bR", "g14": "dK", "n8": "gK", "m8": "gP"}
    board = Board(fen4(pieces, "B", dead=(1, 0, 1, 0), resigned=(RED,), points=(5, 30, 10, 12)), mode="ffa")
    assert not board.is_game_over(), "two active seats 18 points apart: the game goes on"
    board.resign(GREEN)
    outcome = board.outcome()
    assert outcome.termination.name == "THREE_ELIMINATED"
    assert outcome.points == (5, 70, 10, 12)
    assert outcome.winner == frozenset({BLUE})


def test_walking_kings_do_not_count_for_the_check_bonus(Board):
    """h5-h7 checks Blue's king on a7 and Green's on n7 along rank 7."""
    pieces = {"h1": "rK", "h5": "rR", "a7": "bK", "g14": "yK", "n7": "gK", "b11": "gP"}
    walking = Board(fen4(pieces, "R", dead=(0, 0, 0, 1), resigned=(GREEN,)), mode="ffa")
    assert walking.walking_kings == frozenset({GREEN})
    walking.push_move("h5-h7")
    assert walking.points == (0, 0, 0, 0), "one active king checked: no bonus"
    active = Board(fen4(pieces, "R"), mode="ffa")
    active.push_move("h5-h7")
    assert active.points == (5, 0, 0, 0), "two active kings checked by a rook: +5"


def test_walking_king_round_trips_through_fen4(Board):
    text = fen4(CORNERED_WALKER, "B", dead=(1, 0, 0, 0), resigned=(RED,))
    assert Board(text, mode="ffa").fen4() == text
    flagged = fen4(CORNERED_WALKER, "B", dead=(1, 0, 0, 0), flagged=(RED,))
    assert Board(flagged, mode="ffa").fen4() == flagged


def test_claim_is_refused_unless_the_rule_holds(Board):
    board = Board(mode="ffa")
    with pytest.raises(ValueError):
        board.claim_win(RED)


# docs/rules.md §11, decision 12: chess.com judges a stuck walking king on its own turn.
CHESS_COM_TIMING = {"mode": "ffa", "walking_kings_stalemated_on_their_turn": True}


def test_stuck_walking_king_waits_for_its_turn_to_be_stalemated(Board, Rules):
    """f10-f2 leaves Red's king on d1 without a move (d2, e2 on rank 2, e1 on the e-file), but it
    is only judged when Red's turn comes, after Yellow and Green: then its 20 is shared, 20 / 3
    rounded to +7 for each of B, Y and G (test_walking_king_points.py)."""
    board = Board(fen4(CORNERED_WALKER, "B", dead=(1, 0, 0, 0), resigned=(RED,)), rules=Rules(**CHESS_COM_TIMING))
    board.push_move("f10-f2")
    assert board.walking_kings == frozenset({RED}) and board.points == (0, 0, 0, 0)
    board.push_move("g14-h14")
    board.push_move("n8-n9")
    assert board.walking_kings == frozenset() and board.points == (0, 7, 7, 7)
    assert board.turn == BLUE, "Red's turn came and went with its stalemate"


def test_walking_king_freed_before_its_turn_plays_on(Board, Rules):
    """Green's bishop takes the e10 rook that covered e1: by Red's turn d1-e1 is legal again."""
    pieces = dict(CORNERED_WALKER, g12="gB")
    board = Board(fen4(pieces, "B", dead=(1, 0, 0, 0), resigned=(RED,)), rules=Rules(**CHESS_COM_TIMING))
    board.push_move("f10-f2")
    board.push_move("g14-h14")
    board.push_move("g12-e10")
    assert board.turn == RED and board.walking_kings == frozenset({RED})
    assert moves(board) == {"d1-e1"}
    assert board.points == (0, 0, 0, 5)
    immediate = Board(fen4(pieces, "B", dead=(1, 0, 0, 0), resigned=(RED,)), mode="ffa")
    immediate.push_move("f10-f2")
    assert immediate.walking_kings == frozenset(), "docs/rules.md fine point 3: judged right away"


# docs/rules.md §7, decision 11: with the chess.com claim rule a 21-point lead does not end the game.
TWO_LEFT = {"h1": "rK", "d1": "rR", "a7": "dK", "g14": "dK", "n8": "gK", "m7": "gP"}


def test_claim_ends_the_game_and_pays_the_seat_left_standing(Board, Rules):
    """Red 40, Green 10: the lead stands, Red claims; Green, left standing, takes +20 for Red's king."""
    rules = Rules(mode="ffa", points_lead_ends_game=False)
    board = Board(fen4(TWO_LEFT, "R", dead=(0, 1, 1, 0), points=(40, 0, 0, 10)), rules=rules)
    assert not board.is_game_over()
    with pytest.raises(ValueError):
        board.claim_win(GREEN)  # 30 behind, not ahead
    board.claim_win(RED)
    outcome = board.outcome()
    assert outcome.termination.name == "POINTS_LEAD"
    assert outcome.points == (40, 0, 0, 30) and outcome.winner == frozenset({RED})
    event = board.pop()
    assert event.kind == "claim" and not board.is_game_over()


def test_claim_pays_for_walking_kings_too(Board, Rules):
    """Blue resigned and its king still walks: Green takes +20 for Red's king and +20 for Blue's."""
    rules = Rules(mode="ffa", points_lead_ends_game=False)
    pieces = dict(TWO_LEFT, a7="bK")
    board = Board(fen4(pieces, "R", dead=(0, 1, 1, 0), resigned=(BLUE,), points=(40, 0, 0, 10)), rules=rules)
    assert board.walking_kings == frozenset({BLUE})
    board.claim_win(RED)
    assert board.points == (40, 0, 0, 50) and board.winner == frozenset({GREEN})
