"""The PettingZoo environment: PettingZoo's own API and seed checks, whole games agreeing with a
Board driven by the same actions, the rewards from the rules, walking kings, the move limit,
illegal actions, pictures and bad arguments."""

from __future__ import annotations

import doctest
import importlib
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import fourchess
from fourchess import Rules, Seat, Termination
from support.pettingzoo_checks import pettingzoo_check, pettingzoo_tests
from support.rl_extra import require_rl

np = require_rl("numpy")
pettingzoo_test = pettingzoo_tests()
rl = require_rl("fourchess.rl")
rl_env = require_rl("fourchess.rl.aec")
rewards_module = require_rl("fourchess.rl.rewards")

AGENTS = ("red_0", "blue_1", "yellow_2", "green_3")
PLACES = (1.0, 1 / 3, -1 / 3, -1.0)  # RULES-derived placement rewards, first to fourth

# --- PettingZoo's checks --------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("history", [1, 2])
def test_api_test(mode: str, history: int) -> None:
    pettingzoo_check(lambda: pettingzoo_test.api_test(rl_env.env(mode=mode, history=history), num_cycles=300))


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("dtype", ["float32", "uint8"])
def test_api_test_to_the_end_of_the_game(mode: str, dtype: str) -> None:
    # A move limit ends every game within the cycles the check plays, so its end-of-game checks
    # (agents leave one by one, rewards accumulate) run too.
    rules = Rules(mode=mode, move_limit=60)
    pettingzoo_check(lambda: pettingzoo_test.api_test(rl_env.env(rules=rules, dtype=dtype), num_cycles=100))


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("history", [1, 2])
def test_seed_test(mode: str, history: int) -> None:
    pettingzoo_check(lambda: pettingzoo_test.seed_test(lambda: rl_env.env(mode=mode, history=history), num_cycles=200))


# --- whole games against a Board driven by the same actions -------------------------------------


def expected_rewards(board: fourchess.Board) -> list[float]:
    """The rewards of a finished game, straight from RULES.md: Teams ±1 by the winners (0 for a
    draw); FFA the average of the places a seat's points span (seats above it, seats level)."""
    if not board.is_ffa:
        winners = board.winners()
        return [0.0 if not winners else 1.0 if seat in winners else -1.0 for seat in Seat]
    points = board.points
    rewards = []
    for seat in Seat:
        above = sum(1 for other in points if other > points[seat])
        level = sum(1 for other in points if other == points[seat])
        rewards.append(sum(PLACES[above : above + level]) / level)
    return rewards


def play_random_game(game: Any, seed: int, mirror: fourchess.Board) -> Iterator[str]:
    """Plays ``game`` (a wrapped env, reset) with uniformly random legal actions until it ends,
    pushing each on ``mirror`` too; yields the agent before each action, once the mirror is found
    to agree on who moves and what is legal."""
    rng = np.random.default_rng(seed)
    while True:  # not agent_iter: the caller's agent_iter then takes the agents that finished
        agent = game.agent_selection
        observation, _, terminated, truncated, info = game.last()
        if terminated or truncated:
            return
        mask = observation["action_mask"]
        assert agent == AGENTS[mirror.turn]
        assert np.array_equal(mask, rl.legal_mask(mirror))
        assert info["legal_move_count"] == int(mask.sum()) == mirror.legal_moves.count()
        yield agent
        action = int(rng.choice(np.flatnonzero(mask)))
        mirror.push(rl.decode_action(mirror, action))
        game.step(action)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("seed", [2, 4, 5])
def test_random_games_agree_with_the_board(mode: str, seed: int) -> None:
    game = rl_env.env(mode=mode)
    game.reset(seed=seed)
    mirror = fourchess.Board(mode=mode)
    final: dict[str, tuple[float, bool, bool, dict[str, Any]]] = {}
    selected_while_others_out = 0
    for agent in play_random_game(game, seed, mirror):
        assert Seat(AGENTS.index(agent)) not in mirror.eliminated
        selected_while_others_out += bool(mirror.eliminated)
        # every agent watches the board from its own seat; only the one to move has a mask
        for other in AGENTS:
            seen = game.observe(other)
            assert np.array_equal(seen["observation"], rl.planes(mirror, seat=AGENTS.index(other)))
            assert (seen["action_mask"].sum() > 0) == (other == agent)
    for agent in game.agent_iter():
        _, reward, terminated, truncated, info = game.last()
        final[agent] = (reward, terminated, truncated, info)
        game.step(None)
    assert game.agents == []
    board = game.unwrapped.board
    assert board.fen4() == mirror.fen4() and board.move_stack == mirror.move_stack
    outcome = mirror.outcome()
    assert outcome is not None and outcome.termination is not Termination.MOVE_LIMIT
    assert sorted(final) == sorted(AGENTS)
    rewards = expected_rewards(mirror)
    for seat, agent in enumerate(AGENTS):
        reward, terminated, truncated, info = final[agent]
        assert (terminated, truncated) == (True, False)
        assert reward == pytest.approx(rewards[seat])
        assert info["outcome"] == outcome and info["outcome"].points == mirror.points
    assert sum(rewards) == pytest.approx(0.0)
    if mode == "ffa":
        # these games have seats out long before their end: the check above that they are never
        # selected has something to check
        assert selected_while_others_out > 100


def test_rewards_of_a_teams_win_and_an_ffa_ranking_with_ties() -> None:
    teams = fourchess.Board()
    teams.resign(Seat.GREEN)
    assert rewards_module.outcome_rewards(teams.outcome()) == (1.0, -1.0, 1.0, -1.0)
    ffa = fourchess.Board(mode="ffa")
    for seat in (Seat.RED, Seat.BLUE, Seat.YELLOW):
        ffa.resign(seat)  # the last active seat takes each walking king's 20 points
    assert ffa.outcome().points == (0, 0, 0, 60)
    assert rewards_module.outcome_rewards(ffa.outcome()) == pytest.approx([-1 / 3, -1 / 3, -1 / 3, 1.0])
    assert list(rewards_module.outcome_rewards(ffa.outcome())) == pytest.approx(expected_rewards(ffa))


# --- walking kings ------------------------------------------------------------------------------


def walking_king_start() -> str:
    """An FFA position after Blue resigned: Blue's army is dead, its king walks in its slot."""
    board = fourchess.Board(mode="ffa")
    for move in ("h2-h3", "b7-c7", "g13-g12", "m8-l8"):
        board.push_move(move)
    board.resign(Seat.BLUE)
    assert board.walking_kings == {Seat.BLUE} and board.turn == Seat.RED
    return board.fen4()


def test_walking_kings_moved_at_random_from_the_reset_seed() -> None:
    start = walking_king_start()
    game = rl_env.env(mode="ffa", fen4=start)
    game.reset(seed=11)
    mirror = fourchess.Board(start, mode="ffa")
    walker = random.Random(11)
    blue_moves = 0
    rng = np.random.default_rng(11)
    for _ in range(40):
        agent = game.agent_selection
        assert agent != "blue_1"
        mask = game.observe(agent)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        game.step(action)
        mirror.push(rl.decode_action(mirror, action))
        while mirror.turn in mirror.walking_kings and not mirror.is_game_over():
            king = mirror.king_square(Seat.BLUE)
            move = mirror.random_walking_king_move(walker)
            assert move.from_square == king
            mirror.push(move)
            blue_moves += 1
        assert game.unwrapped.board.fen4() == mirror.fen4()
        if mirror.is_game_over():
            break
    assert blue_moves >= 10


def test_a_walking_king_chosen_by_its_agent() -> None:
    game = rl_env.env(mode="ffa", fen4=walking_king_start(), walking_kings="agent")
    game.reset(seed=5)
    rng = np.random.default_rng(5)
    turns = 0
    for _ in range(40):
        agent = game.agent_selection
        board = game.unwrapped.board
        mask = game.observe(agent)["action_mask"]
        if agent == "blue_1":
            king = board.king_square(Seat.BLUE)
            actions = np.flatnonzero(mask)
            assert 0 < len(actions) == board.legal_moves.count()
            assert {rl.decode_action(board, int(a)).from_square for a in actions} == {king}
            turns += 1
        game.step(int(rng.choice(np.flatnonzero(mask))))
    assert turns == 10  # every fourth turn of 40 is Blue's


# --- the move limit, illegal actions ------------------------------------------------------------


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_the_move_limit_truncates(mode: str) -> None:
    game = rl_env.env(rules=Rules(mode=mode, move_limit=30))
    game.reset(seed=3)
    mirror = fourchess.Board(rules=Rules(mode=mode, move_limit=30))
    assert sum(1 for _ in play_random_game(game, 3, mirror)) == 30
    assert mirror.outcome().termination is Termination.MOVE_LIMIT
    rewards = expected_rewards(mirror)
    if mode == "teams":
        assert rewards == [0.0] * 4
    seen = {}
    for agent in game.agent_iter():
        _, reward, terminated, truncated, _ = game.last()
        seen[agent] = (reward, terminated, truncated)
        game.step(None)
    assert seen == {agent: (pytest.approx(rewards[seat]), False, True) for seat, agent in enumerate(AGENTS)}


def test_an_illegal_action_loses_through_the_wrapper() -> None:
    game = rl_env.env()
    game.reset(seed=0)
    mask = game.observe("red_0")["action_mask"]
    game.step(int(np.flatnonzero(mask == 0)[0]))
    seen = {}
    for agent in game.agent_iter():
        _, reward, terminated, truncated, _ = game.last()
        seen[agent] = (reward, terminated, truncated)
        game.step(None)
    assert seen == {agent: (-1.0 if agent == "red_0" else 0.0, True, True) for agent in AGENTS}


def test_the_raw_environment_refuses_an_illegal_action() -> None:
    game = rl_env.raw_env()
    game.reset()
    before = game.board.fen4()
    action = rl.encode_move(game.board, fourchess.Move.from_str("h2-h5"))
    with pytest.raises(rl.IllegalActionError, match="h2-h5"):
        game.step(action)
    with pytest.raises(ValueError, match="action must be 0..7071"):
        game.step(rl.ACTION_COUNT)
    with pytest.raises(TypeError, match="action must be an int"):
        game.step(None)
    assert game.board.fen4() == before and game.agent_selection == "red_0"


def test_the_wrapper_refuses_an_action_out_of_range() -> None:
    game = rl_env.env()
    game.reset()
    with pytest.raises(AssertionError):
        game.step(rl.ACTION_COUNT)


# --- reset, spaces, pictures, arguments ---------------------------------------------------------


def test_reset_from_a_fen4_option_and_back() -> None:
    start = walking_king_start()
    game = rl_env.raw_env(mode="ffa")
    game.reset(options={"fen4": start})
    assert game.board.fen4() == start and game.agent_selection == "red_0"
    game.reset()
    assert game.board.fen4() == fourchess.Board(mode="ffa").fen4()
    with pytest.raises(TypeError, match="fen4 must be a str"):
        game.reset(options={"fen4": 5})
    with pytest.raises(fourchess.Fen4Error):
        game.reset(options={"fen4": "not a fen4"})
    finished = fourchess.Board()
    finished.resign(Seat.RED)
    with pytest.raises(ValueError, match="finished game"):
        rl_env.raw_env(fen4=finished.fen4())


def test_spaces_and_observations() -> None:
    game = rl_env.raw_env(history=2, dtype="uint8")
    game.reset()
    for agent in AGENTS:
        space = game.observation_space(agent)
        assert space["observation"].shape == (rl.plane_count(2), 14, 14) and space["observation"].dtype == np.uint8
        assert space["action_mask"].shape == (rl.ACTION_COUNT,) and game.action_space(agent).n == rl.ACTION_COUNT
        observation = game.observe(agent)
        assert space.contains(observation)
        assert np.array_equal(
            observation["observation"], rl.planes(game.board, seat=AGENTS.index(agent), history=2, dtype="uint8")
        )
    assert game.observation_space("red_0") is not game.observation_space("blue_1")
    first, second = game.observe("red_0"), game.observe("red_0")
    assert not np.shares_memory(first["action_mask"], second["action_mask"])
    assert game.metadata["name"] == "fourchess_v0" and game.metadata["is_parallelizable"] is False


def test_render_svg() -> None:
    picture = rl_env.raw_env(render_mode="svg")
    picture.reset()
    text = picture.render()
    assert text.startswith("<svg") and text.count('class="square ') == 160
    quiet = rl_env.raw_env()
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_render_rgb_array() -> None:
    require_rl("cairosvg")
    game = rl_env.raw_env(render_mode="rgb_array")
    game.reset()
    before = game.render()
    assert before.dtype == np.uint8 and before.shape == (480, 480, 3)
    assert len(np.unique(before.reshape(-1, 3), axis=0)) > 10
    game.step(rl.encode_move(game.board, fourchess.Move.from_str("h2-h4")))
    assert (game.render() != before).any()


def test_pickling_keeps_the_arguments() -> None:
    rules = Rules(mode="ffa", move_limit=100)
    game = pickle.loads(pickle.dumps(rl_env.raw_env(rules=rules, history=3, walking_kings="agent")))
    assert (game.rules, game.history, game.walking_kings) == (rules, 3, "agent")


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"mode": "chess"}, ValueError, "mode must be 'teams' or 'ffa', got 'chess'"),
        ({"mode": "teams", "rules": Rules(mode="ffa")}, ValueError, "disagrees with rules"),
        ({"history": 0}, ValueError, "history must be"),
        ({"dtype": "float64"}, ValueError, "dtype must be float32 or uint8"),
        ({"render_mode": "human"}, ValueError, "render_mode must be None, 'svg' or 'rgb_array', got 'human'"),
        ({"walking_kings": "x" * 100}, ValueError, r"walking_kings must be 'random' or 'agent', got 'x{40}\.\.\."),
        ({"fen4": 7}, TypeError, "fen4 must be a str"),
    ],
)
def test_bad_arguments(arguments: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        rl_env.raw_env(**arguments)


def test_bad_agent_names_and_seeds() -> None:
    game = rl_env.raw_env()
    with pytest.raises(ValueError, match="agent must be one of red_0, blue_1, yellow_2, green_3, got 'white_0'"):
        game.observe("white_0")
    with pytest.raises(TypeError, match="seed must be an int"):
        game.reset(seed="1")


@pytest.mark.parametrize("name", ["fourchess.rl.aec", "fourchess.rl.rewards", "fourchess.rl.gym_env"])
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0
