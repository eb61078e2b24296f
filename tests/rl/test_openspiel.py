"""Four-player chess registered with OpenSpiel: loads in both modes, passes OpenSpiel's random
simulation test, agrees with a Board move for move, walking kings are chance nodes, and an MCTS
bot plays legal moves."""

from __future__ import annotations

import random

import pytest

import fourchess
from support.rl_extra import require_rl

pyspiel = require_rl("pyspiel")
openspiel = require_rl("fourchess.rl.openspiel")
rl = require_rl("fourchess.rl")
np = require_rl("numpy")


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    openspiel.register()
    openspiel.register()  # again: harmless


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_random_simulations(mode: str) -> None:
    game = pyspiel.load_game("fourchess_4pc", {"mode": mode, "move_limit": 120})
    assert game.num_players() == 4 and game.num_distinct_actions() == rl.ACTION_COUNT
    assert game.observation_tensor_shape() == [rl.plane_count(), 14, 14]
    pyspiel.random_sim_test(game, num_sims=4, serialize=False, verbose=False)


@pytest.mark.parametrize(("mode", "seed"), [("teams", 1), ("teams", 2), ("ffa", 3), ("ffa", 4)])
def test_whole_games_agree_with_a_board(mode: str, seed: int) -> None:
    game = pyspiel.load_game("fourchess_4pc", {"mode": mode, "move_limit": 300})
    state = game.new_initial_state()
    board = fourchess.Board(rules=fourchess.Rules(mode=mode, move_limit=300))
    rng = random.Random(seed)
    while not state.is_terminal():
        assert state.current_player() == board.turn
        assert state.legal_actions() == rl.legal_actions(board)
        assert str(state) == board.fen4()
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        board.push(rl.decode_action(board, action))
        if mode == "ffa":
            assert state.is_terminal() or state.current_player() not in board.eliminated
    assert board.is_game_over()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    outcome = board.outcome()
    if mode == "teams":
        winners = outcome.winner or set()
        expected = [0.0] * 4 if not winners else [1.0 if seat in winners else -1.0 for seat in fourchess.Seat]
    else:  # by place: first +1 ... fourth -1, ties sharing the average of their places
        places = sorted(outcome.points, reverse=True)
        value = (1.0, 1 / 3, -1 / 3, -1.0)
        expected = []
        for points in outcome.points:
            shared = [value[i] for i, p in enumerate(places) if p == points]
            expected.append(sum(shared) / len(shared))
    assert state.returns() == pytest.approx(expected)
    assert sum(state.returns()) == pytest.approx(0.0)


def test_observations_are_the_planes_in_the_observers_frame() -> None:
    game = pyspiel.load_game("fourchess_4pc", {"mode": "ffa"})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[3])
    board = fourchess.Board(str(state), mode="ffa")
    for player in range(4):
        seen = np.array(state.observation_tensor(player), np.float32).reshape(rl.plane_count(), 14, 14)
        expected = rl.planes(board, seat=player)
        history_free = [i for i, name in enumerate(rl.plane_names()) if name != "move number"]
        assert np.array_equal(seen[history_free], expected[history_free])
    assert state.observation_string(0) == str(state)


def test_a_walking_king_is_a_chance_node() -> None:
    board = fourchess.Board(mode="ffa")
    board.resign(fourchess.Seat.RED)  # Red's king walks on; Blue to move
    game = pyspiel.load_game("fourchess_4pc", {"mode": "ffa", "fen4": board.fen4()})
    state = game.new_initial_state()
    for _ in range(3):  # Blue, Yellow, Green
        assert state.current_player() in (1, 2, 3)
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    walking = fourchess.Board(str(state), mode="ffa")
    king_moves = {rl.encode_move(walking, move) for move in walking.legal_moves}
    assert {action for action, _ in outcomes} == king_moves
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(outcomes[0][0])
    assert state.current_player() == 1


def test_mcts_plays_legal_moves() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("fourchess_4pc", {"mode": "teams", "move_limit": 40})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=30, evaluator=evaluator, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize(
    "parameters", [{"mode": "chess"}, {"move_limit": -1}, {"fen4": "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-14/14"}]
)
def test_bad_parameters_are_refused(parameters: dict[str, object]) -> None:
    with pytest.raises((ValueError, pyspiel.SpielError)):
        pyspiel.load_game("fourchess_4pc", parameters)
