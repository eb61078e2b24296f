"""Martian Chess's PettingZoo environment: PettingZoo's api_test and seed_test for two and four
players and teams, whole random games against a Board, rewards worked out by hand, pictures."""

from __future__ import annotations

import random

import pytest

from support.pettingzoo_checks import pettingzoo_check, pettingzoo_tests
from support.rl_extra import require_rl

np = require_rl("numpy")
encoding = require_rl("fourchess.rl.martian")
martian_env = require_rl("fourchess.rl.martian_env")
from fourchess import martian  # noqa: E402


@pytest.mark.parametrize(("players", "teams"), [(2, False), (4, False), (4, True)])
def test_api_and_seed_tests(players: int, teams: bool) -> None:
    pettingzoo_test = pettingzoo_tests()
    rules = martian.MartianRules(teams=teams)
    pettingzoo_check(
        lambda: pettingzoo_test.api_test(martian_env.martian_env(players=players, rules=rules), num_cycles=300)
    )
    pettingzoo_check(
        lambda: pettingzoo_test.seed_test(lambda: martian_env.martian_env(players=players, rules=rules), num_cycles=100)
    )


@pytest.mark.parametrize(("players", "teams", "seed"), [(2, False, 1), (2, False, 2), (4, False, 3), (4, True, 4)])
def test_whole_games_agree_with_a_board(players: int, teams: bool, seed: int) -> None:
    rules = martian.MartianRules(move_limit=200, teams=teams)
    game = martian_env.martian_env(players=players, rules=rules)
    game.reset()
    board = martian.Board(players=players, rules=rules)
    rng = random.Random(seed)
    rewards = dict.fromkeys(game.possible_agents, 0.0)
    endings = []
    captured = [0] * players
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        rewards[agent] += reward
        if terminated or truncated:
            endings.append((agent, terminated, truncated, info["outcome"]))
            game.step(None)
            continue
        assert np.array_equal(observation["observation"], encoding.planes(board, seat=board.turn))
        assert agent == f"player_{board.turn}"
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        game.step(action)
        move = encoding.decode_action(board, action)
        # The rule book's capture, tallied apart from the core: a piece in another seat's zone.
        target = board.piece_at(move.to_square)
        if target is not None and board.zone_owner(move.to_square) != board.turn:
            captured[board.turn] += {"P": 1, "D": 2, "Q": 3}[target.symbol]
        board.push(move)
    outcome = board.outcome()
    assert outcome is not None
    # Every agent is told the board's own ending once; only the move limit is a truncation.
    truncated = outcome.termination is martian.Termination.MOVE_LIMIT
    assert sorted(agent for agent, *_ in endings) == sorted(game.possible_agents)
    assert {(terminated, truncated_, told) for _, terminated, truncated_, told in endings} == {
        (not truncated, truncated, outcome)
    }
    assert outcome.scores == tuple(captured)
    # The rewards by hand: two players +1/-1 (0 each if first place is shared); teams ±1; four
    # players without teams evenly spaced by place, ties sharing.
    values = [1.0 - 2.0 * i / (players - 1) for i in range(players)]
    ranked = sorted(outcome.places)
    for seat, place in enumerate(outcome.places):
        if teams:
            expected = 0.0 if len(set(outcome.places)) == 1 else (1.0 if place == 1 else -1.0)
        else:
            spanned = [values[i] for i, other in enumerate(ranked) if other == place]
            expected = sum(spanned) / len(spanned)
        assert rewards[f"player_{seat}"] == pytest.approx(expected)
    assert sum(rewards.values()) == pytest.approx(0.0)


def test_render_svg() -> None:
    game = martian_env.martian_env(players=4, render_mode="svg")
    game.reset()
    assert game.render().startswith("<svg")


@pytest.mark.parametrize("players", [2, 4])
def test_the_move_limit_truncates_every_agent(players: int) -> None:
    rules = martian.MartianRules(move_limit=6)
    game = martian_env.martian_env(players=players, rules=rules)
    game.reset()
    played = 0
    told = {}
    for agent in game.agent_iter():
        observation, _, terminated, truncated, info = game.last()
        if terminated or truncated:
            told[agent] = (terminated, truncated, info["outcome"].termination)
            game.step(None)
            continue
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
        played += 1
    assert played == 6
    assert told == dict.fromkeys(game.possible_agents, (False, True, martian.Termination.MOVE_LIMIT))
