"""The Gymnasium environment: Gymnasium's checker, episodes against each kind of opponent read
back from the game's board, seeding, illegal actions, the move limit, walking kings, elimination
in FFA, registration and bad arguments."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import fourchess
from fourchess import Rules, Seat, Termination
from support.rl_extra import require_rl

np = require_rl("numpy")
gymnasium = require_rl("gymnasium")
env_checker = require_rl("gymnasium.utils.env_checker")
rl = require_rl("fourchess.rl")
gym_env = require_rl("fourchess.rl.gym_env")

PLACES = (1.0, 1 / 3, -1 / 3, -1.0)
# check_env warns of any Box reaching infinity; float planes are scaled counts, not clipped, so
# their Box has no upper bound (a uint8 observation's does: 255).
INFINITE_BOX_WARNING = "A Box observation space maximum value is infinity. This is probably too high."


class FirstMovePlayer:
    """A Player of its own: the first legal move in (from, to) order; remembers the seats it
    was asked to move for."""

    def __init__(self) -> None:
        self.seats: list[Seat] = []

    def choose_move(self, board: fourchess.Board) -> fourchess.Move:
        self.seats.append(board.turn)
        return min(board.legal_moves, key=lambda move: (move.from_square, move.to_square))


def make_env(**arguments: Any) -> Any:
    return gymnasium.make(gym_env.ENV_ID, disable_env_checker=True, **arguments).unwrapped


def play_episode(env: Any, seed: int) -> tuple[list[int], float, bool, bool, dict[str, Any]]:
    """The learner's uniformly random legal actions to the end: (actions, last reward,
    terminated, truncated, last info); every earlier reward must be 0."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    actions = []
    while True:
        assert np.array_equal(info["action_mask"], rl.legal_mask(env.board))
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        assert env.board.turn == env.seat
        actions.append(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        _, reward, terminated, truncated, info = env.step(actions[-1])
        if terminated or truncated:
            return actions, reward, terminated, truncated, info
        assert reward == 0.0


def placement_reward(board: fourchess.Board, seat: Seat) -> float:
    """RULES.md's reward for ``seat`` of a finished game, from the board's points and winners."""
    if not board.is_ffa:
        winners = board.winners()
        return 0.0 if not winners else 1.0 if seat in winners else -1.0
    points = board.points
    above = sum(1 for other in points if other > points[seat])
    level = sum(1 for other in points if other == points[seat])
    return sum(PLACES[above : above + level]) / level


def actions_of(board: fourchess.Board, seat: Seat) -> list[int]:
    """The actions of the moves ``seat`` made, read back by replaying the game's moves."""
    replay = fourchess.Board(board.root_fen4(), rules=board.rules)
    actions = []
    for move in board.move_stack:
        if replay.turn == seat:
            actions.append(rl.encode_move(replay, move))
        replay.push(move)
    return actions


@pytest.mark.parametrize(("mode", "dtype"), [("teams", "float32"), ("ffa", "float32"), ("teams", "uint8")])
def test_check_env(mode: str, dtype: str) -> None:
    require_rl("cairosvg")  # the checker renders in each declared mode
    env = make_env(mode=mode, dtype=dtype, opponents="greedy")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env_checker.check_env(env)
    expected = [INFINITE_BOX_WARNING] if dtype == "float32" else []
    assert [str(warning.message).split("WARN: ")[-1].removesuffix("\x1b[0m") for warning in caught] == expected


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("opponents", ["random", "greedy", ("search", 100), "mixed"])
def test_episodes_against_each_kind_of_opponent(mode: str, opponents: Any) -> None:
    own = FirstMovePlayer()
    if opponents == "mixed":
        opponents = {Seat.BLUE: own, Seat.YELLOW: "random", Seat.GREEN: ("search", 100)}
    env = make_env(mode=mode, opponents=opponents)
    actions, reward, terminated, truncated, info = play_episode(env, seed=7)
    board = env.board
    assert board.is_game_over() and (terminated, truncated) == (True, False)
    assert info["outcome"] == board.outcome() and not info["action_mask"].any()
    assert reward == pytest.approx(placement_reward(board, Seat.RED))
    assert actions_of(board, Seat.RED) == actions
    if own.seats:
        assert set(own.seats) == {Seat.BLUE}


@pytest.mark.parametrize("opponents", ["random", "greedy", "search"])
def test_a_seeded_reset_plays_the_same_game(opponents: str) -> None:
    env = make_env(mode="ffa", opponents=opponents)
    games = []
    for _ in range(2):
        observation, info = env.reset(seed=21)
        trail = [observation]
        for _ in range(8):
            action = int(np.flatnonzero(info["action_mask"])[-1])
            observation, _, terminated, truncated, info = env.step(action)
            trail.append(observation)
            if terminated or truncated:
                break
        games.append((env.board.move_stack, trail))
    (first_moves, first), (second_moves, second) = games
    assert first_moves == second_moves and all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    if opponents != "search":  # the engine has no generator: another seed only moves the random ones
        env.reset(seed=22)
        for _ in range(8):
            env.step(int(np.flatnonzero(env.action_masks())[-1]))
        assert env.board.move_stack[: len(first_moves)] != first_moves


def test_a_learner_in_another_seat() -> None:
    env = make_env(seat=Seat.YELLOW, opponents="random")
    observation, info = env.reset(seed=1)
    assert len(env.board.move_stack) == 2 and env.board.turn == Seat.YELLOW
    assert np.array_equal(observation, rl.planes(env.board, seat=Seat.YELLOW))
    actions, reward, *_ = play_episode(env, seed=1)
    assert reward == pytest.approx(placement_reward(env.board, Seat.YELLOW))
    assert actions_of(env.board, Seat.YELLOW) == actions


def test_an_illegal_action_loses_or_raises() -> None:
    env = make_env()
    _, info = env.reset(seed=0)
    illegal = rl.encode_move(env.board, fourchess.Move.from_str("h2-h5"))
    before = env.board.fen4()
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    assert env.board.fen4() == before and not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    strict = make_env(illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(rl.IllegalActionError, match="h2-h5"):
        strict.step(illegal)
    with pytest.raises(ValueError, match="action must be 0..7071"):
        strict.step(-1)
    assert strict.board.fen4() == before
    strict.step(rl.encode_move(strict.board, fourchess.Move.from_str("h2-h4")))
    assert len(strict.board.move_stack) == 4


def test_a_start_that_ends_before_the_learner_moves() -> None:
    board = fourchess.Board.empty(turn=Seat.RED)
    for square, piece in (("h1", "rK"), ("a7", "bK"), ("h14", "yK"), ("n7", "gK"), ("a4", "rR")):
        board.set_piece_at(fourchess.parse_square(square), fourchess.Piece(piece))
    env = make_env(seat=Seat.BLUE, opponents="greedy", fen4=board.fen4())  # Red's rook takes Blue's king
    with pytest.raises(ValueError, match=r"ended \(KING_CAPTURE\) before Blue moved"):
        env.reset(seed=0)
    assert make_env(seat=Seat.RED, fen4=board.fen4()).reset(seed=0)[1]["legal_move_count"] > 0


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_the_move_limit_truncates(mode: str) -> None:
    env = make_env(rules=Rules(mode=mode, move_limit=21), opponents="random")
    actions, reward, terminated, truncated, info = play_episode(env, seed=4)
    assert (terminated, truncated, len(actions)) == (False, True, 6)  # Red's moves 1, 5, ..., 21
    assert info["outcome"].termination is Termination.MOVE_LIMIT
    assert reward == pytest.approx(placement_reward(env.board, Seat.RED))


def test_an_eliminated_learner_places_at_the_end() -> None:
    env = make_env(mode="ffa", opponents="random")
    actions, reward, terminated, _, info = play_episode(env, seed=6)
    board = env.board
    assert Seat.RED in board.eliminated and terminated
    # the game went on after Red's last move: the others played it to its end
    replay = fourchess.Board(mode="ffa")
    for move in board.move_stack:
        replay.push(move)
        if Seat.RED in replay.eliminated:
            break
    assert not replay.is_game_over()
    assert reward == pytest.approx(placement_reward(board, Seat.RED))
    assert reward > -1.0  # out early, Red still did not place last


def walking_king_start() -> str:
    board = fourchess.Board(mode="ffa")
    for move in ("h2-h3", "b7-c7", "g13-g12", "m8-l8"):
        board.push_move(move)
    board.resign(Seat.BLUE)
    return board.fen4()


def test_walking_kings_of_opponents_and_of_the_learner() -> None:
    start = walking_king_start()
    env = make_env(mode="ffa", fen4=start, opponents="greedy")
    env.reset(seed=3)
    for _ in range(6):
        before = env.board.king_square(Seat.BLUE)
        env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert env.board.king_square(Seat.BLUE) != before  # moved at random in its slot
    walker = make_env(mode="ffa", fen4=start, seat=Seat.BLUE, opponents="random")
    _, info = walker.reset(seed=3)
    king = walker.board.king_square(Seat.BLUE)
    actions = np.flatnonzero(info["action_mask"])
    assert len(actions) == walker.board.legal_moves.count() > 0
    assert {rl.decode_action(walker.board, int(action)).from_square for action in actions} == {king}


def test_registration_and_render() -> None:
    require_rl("cairosvg")
    assert gym_env.ENV_ID in gymnasium.registry
    env = gymnasium.make(gym_env.ENV_ID, render_mode="rgb_array", opponents="random")
    env.reset(seed=0)
    picture = env.render()
    assert picture.shape == (480, 480, 3) and picture.dtype == np.uint8
    svg = make_env(render_mode="svg")
    svg.reset(seed=0)
    assert svg.render().startswith("<svg")
    env.close()


class WrongMovePlayer:
    def choose_move(self, board: fourchess.Board) -> fourchess.Move:
        return fourchess.Move.from_str("d1-d5")  # the rook is behind its own pawn


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"seat": 4}, ValueError, "seat must be 0..3"),
        ({"opponents": "minimax"}, ValueError, "an opponent's name must be 'random', 'greedy' or 'search'"),
        ({"opponents": ("search", 0)}, ValueError, r"\('search', nodes\) needs a positive int of nodes, got 0"),
        ({"opponents": {1: "random"}}, ValueError, "opponents must name each of Blue, Yellow, Green once"),
        ({"opponents": {0: "random", 1: "random", 2: "random"}}, ValueError, "must name each of Blue"),
        ({"opponents": 5}, TypeError, "an opponent must be"),
        ({"illegal_action": "ignore"}, ValueError, "illegal_action must be 'lose' or 'raise', got 'ignore'"),
        ({"mode": "chess"}, ValueError, "mode must be"),
    ],
)
def test_bad_arguments(arguments: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        gym_env.FourChessEnv(**arguments)


def test_an_opponent_that_chooses_an_illegal_move() -> None:
    env = gym_env.FourChessEnv(opponents=WrongMovePlayer())
    env.reset(seed=0)
    with pytest.raises(fourchess.IllegalMoveError, match="the WrongMovePlayer playing Blue chose"):
        env.step(rl.encode_move(env.board, fourchess.Move.from_str("h2-h4")))


def test_made_by_module_and_id_without_importing_it_first() -> None:
    env = gymnasium.make("fourchess.rl.gym_env:fourchess/FourChess-v0", mode="ffa", disable_env_checker=True)
    assert env.unwrapped.game.rules.mode == "ffa"
