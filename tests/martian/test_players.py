"""The Martian players (random, greedy, CPU) and the specs that name them."""

import pytest

from fourchess import martian
from fourchess.engine.commands import martian_seat_count, martian_seats, play_players
from fourchess.engine.specs import SpecError, parse_spec, player_from_spec
from fourchess.martian.play import play_game
from fourchess.martian.players import GreedyPlayer, RandomPlayer, SearchPlayer

# Two-player position (docs/martian.md §5, rank 8 first): South (seat 0, ranks 1-4) to move. Its
# queen on a1 can take North's pawn on a5 (1 point) straight up; its drone on d3 can take North's
# queen on d5 (3 points) two squares up. Nothing else captures: the greedy player takes the queen.
QUEEN_OR_PAWN = "2 4/4/4/P2Q/4/3D/4/Q3 0 0,0 -"


def test_the_greedy_player_takes_the_most_points():
    board = martian.Board(QUEEN_OR_PAWN)
    assert str(GreedyPlayer(1).choose_move(board)) == "d3-d5"
    assert board.mfen() == QUEEN_OR_PAWN  # left as it was


def test_the_greedy_player_breaks_ties_among_the_best_moves_only():
    board = martian.Board()  # nothing to capture in one move: every move gains 0
    chosen = {str(GreedyPlayer(seed).choose_move(board)) for seed in range(40)}
    assert chosen <= {str(move) for move in board.legal_moves} and len(chosen) > 1


def test_the_random_player_is_seeded():
    board = martian.Board(players=4)
    first = [RandomPlayer(5).choose_move(board) for _ in range(3)]
    assert len(set(first)) == 1 and first[0] in board.legal_moves


def test_the_search_player_takes_the_queen_and_keeps_its_result():
    board = martian.Board(QUEEN_OR_PAWN)
    player = SearchPlayer(depth=2)
    assert str(player.choose_move(board)) == "d3-d5"
    assert player.last_result is not None and player.last_result.depth == 2


@pytest.mark.parametrize("player", [RandomPlayer(1), GreedyPlayer(1), SearchPlayer(depth=1)])
def test_players_refuse_a_finished_game_and_a_chess_board(player):
    over = martian.Board("2 4/4/4/4/4/4/4/Q3 1 0,0 -")  # North's zone is empty: the game is over
    assert over.is_game_over()
    with pytest.raises(ValueError, match="has a legal move"):
        player.choose_move(over)
    import fourchess

    with pytest.raises(TypeError, match="fourchess.martian.Board"):
        player.choose_move(fourchess.Board())


def test_martian_specs():
    assert isinstance(player_from_spec("search:depth=2", game="martian"), SearchPlayer)
    assert isinstance(player_from_spec("martian-search:nodes=500,hash=4", game="martian"), SearchPlayer)
    assert isinstance(player_from_spec("greedy:seed=3", game="martian"), GreedyPlayer)
    assert isinstance(player_from_spec("random", game="martian"), RandomPlayer)
    timed = player_from_spec("search", movetime=0.05, game="martian")
    assert timed.movetime == 0.05 and timed.depth is None


@pytest.mark.parametrize(
    "text, game, named",
    [
        ("search:threads=2", "martian", "'threads'"),
        ("search:ffa=brs+", "martian", "'ffa'"),
        ("uci:some-engine", "martian", "no external engine"),
        ("martian-search:depth=2", "chess", "--game martian"),
        ("martian-search:threads=2", "martian", "unknown option 'threads'"),
    ],
)
def test_specs_a_game_cannot_play_are_refused(text, game, named):
    with pytest.raises(SpecError, match=named):
        player_from_spec(text, game=game)


def test_a_spec_names_a_known_game():
    with pytest.raises(ValueError, match="game must be one of"):
        parse_spec("random").for_game("go")


def test_the_seat_count_comes_first_or_from_the_specs():
    assert martian_seat_count(["4"]) == (4, ["random"])
    assert martian_seat_count(["2", "search,greedy"]) == (2, ["search,greedy"])
    assert martian_seat_count(["search", "greedy"]) == (None, ["search", "greedy"])
    assert martian_seats(["search,greedy,random,random"]) == 4
    assert martian_seats(["search"]) == 2
    with pytest.raises(ValueError, match="2 or 4 players"):
        martian_seat_count(["3"])
    players = play_players(["greedy,random"], None, 1, game="martian", seats=2)
    assert [type(p) for p in players] == [GreedyPlayer, RandomPlayer]
    with pytest.raises(ValueError, match="one spec or four"):
        play_players(["greedy,random"], None, 1, game="martian", seats=4)


@pytest.mark.parametrize("players, teams", [(2, False), (4, False), (4, True)])
def test_whole_games_end_with_the_boards_outcome(players, teams):
    board = martian.Board(players=players, rules=martian.MartianRules(teams=teams))
    seats = [GreedyPlayer(seat) if seat % 2 else RandomPlayer(seat) for seat in range(players)]
    rounds = []
    outcome = play_game(board, seats, on_round=lambda current: rounds.append(len(current.move_stack)))
    assert outcome == board.outcome() and board.is_game_over()
    assert rounds[-1] == len(board.move_stack)  # called at the end
    assert all(count % players == 0 for count in rounds[:-1])  # and as each round comes round
    assert martian.read_record(martian.write_record(board)).mfen() == board.mfen()


def test_play_game_wants_one_player_per_seat():
    with pytest.raises(ValueError, match="one player per seat"):
        play_game(martian.Board(), [RandomPlayer()])
