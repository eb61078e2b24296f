"""Martian Chess as a PettingZoo AEC environment, for two or four players (docs/martian.md).

``martian_env(players=2)`` is the environment wrapped as PettingZoo's classic games are (an
action the mask forbids ends the game with -1 to its agent); :class:`martian_raw_env` is the class
underneath. Agents are ``player_0`` … ``player_{n-1}``, in turn order. An observation is a dict:
``"observation"``, the planes of :func:`fourchess.rl.martian.planes` in *that agent's* frame, and
``"action_mask"``, ``int8``, all 0 except for the agent to move. Every rule is the core's.

Rewards are paid when the game ends, to every agent at once:

- without teams, by place (the rules' tie-break decides first place): evenly spaced from +1 for
  first to -1 for last (two players: +1 and -1; four: +1, +1/3, -1/3, -1), seats sharing a place
  sharing the average of the places they span, so the rewards add up to 0;
- four-player teams (``MartianRules(teams=True)``): +1 to each seat of the winning team, -1 to the
  others.

The rules' move limit ends a game as ``truncations``; the other endings (an empty zone, no legal
move, the third repetition) as ``terminations``. ``render_mode="svg"`` renders SVG text
(:mod:`fourchess.martian.svg`), ``"rgb_array"`` an ``HxWx3`` ``uint8`` image.

>>> game = martian_env(players=4)
>>> game.reset(seed=0)
>>> game.agent_selection, game.last()[0]["observation"].shape
('player_0', (24, 8, 8))
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from fourchess._quote import quoted
from fourchess.martian.board import Board
from fourchess.martian.outcome import Outcome, Termination
from fourchess.martian.rules import MartianRules
from fourchess.rl import _arguments as arguments
from fourchess.rl import martian as encoding
from fourchess.rl.aec import ILLEGAL_ACTION_REWARD  # (first: a missing package of the extra is named)
from fourchess.rl.encoding import np
from fourchess.rl.render import RENDER_MODES, check_render_mode, rendered


def martian_env(
    *,
    players: int = 2,
    rules: MartianRules | None = None,
    history: int = 1,
    render_mode: str | None = None,
    mfen: str | None = None,
    dtype: Any = "float32",
) -> Any:
    """The Martian Chess AEC environment (arguments as :class:`martian_raw_env`), wrapped as
    PettingZoo's classic games are."""
    game = martian_raw_env(
        players=players, rules=rules, history=history, render_mode=render_mode, mfen=mfen, dtype=dtype
    )
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=ILLEGAL_ACTION_REWARD)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


def martian_rewards(outcome: Outcome, teams: bool = False) -> tuple[float, ...]:
    """Each seat's reward for a finished game (the module docstring says how)."""
    places = outcome.places
    if teams:
        if len(set(places)) == 1:  # the teams tied and neither made the last move
            return tuple(0.0 for _ in places)
        return tuple(1.0 if place == 1 else -1.0 for place in places)
    count = len(places)
    by_place = [1.0 - 2.0 * index / (count - 1) for index in range(count)]
    ranked = sorted(places)
    rewards = []
    for place in places:
        spanned = [by_place[index] for index, other in enumerate(ranked) if other == place]
        rewards.append(sum(spanned) / len(spanned))
    return tuple(rewards)


class martian_raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # PettingZoo ships no types
    """Martian Chess, one agent a seat. ``players``: 2 or 4; ``rules``: a
    :class:`fourchess.martian.MartianRules` (move limit, four-player teams); ``history``,
    ``dtype`` and ``render_mode`` as :class:`fourchess.rl.raw_env`; ``mfen``: the position every
    game starts from (default: the start of the player count), or ``reset(options={"mfen": ...})``
    for one game."""

    metadata = {
        "name": "fourchess_martian_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        *,
        players: int = 2,
        rules: MartianRules | None = None,
        history: int = 1,
        render_mode: str | None = None,
        mfen: str | None = None,
        dtype: Any = "float32",
    ) -> None:
        EzPickle.__init__(
            self, players=players, rules=rules, history=history, render_mode=render_mode, mfen=mfen, dtype=dtype
        )
        super().__init__()
        self.rules = rules if rules is not None else MartianRules()
        self.mfen = mfen
        start = self._start_board(mfen, players)
        self.players: int = start.players
        self.history: int = arguments.history(history, encoding.MAX_HISTORY)
        self.dtype: Any = np.dtype(arguments.dtype_name(dtype))
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self.agents = list(self.possible_agents)
        self.action_count = encoding.action_count(self.players)
        shape = (encoding.plane_count(self.history), 8, 8)
        high = np.inf if self.dtype == np.float32 else 255
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=high, shape=shape, dtype=self.dtype),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.action_count,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.action_count) for agent in self.possible_agents}
        self._start_game(start)

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent``: a Dict of ``"observation"`` and ``"action_mask"``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: ``Discrete(action_count(players))``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game, from ``options["mfen"]`` if given. The game has no chance, so
        ``seed`` changes nothing."""
        mfen = self.mfen
        if options is not None:
            if not isinstance(options, dict):
                raise TypeError(f"options must be a dict or None, got {type(options).__name__}")
            mfen = options.get("mfen", mfen)
        self._start_game(self._start_board(mfen, self.players))

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation, in its own frame, and its mask (0 unless it is to move)."""
        seat = self._seat(agent)
        planes = encoding.planes(self.board, seat=seat, history=self.history, dtype=self.dtype)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask = encoding.legal_mask(self.board)
        else:
            mask = np.zeros(self.action_count, np.int8)
        return {"observation": planes, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Plays ``action`` for ``agent_selection`` (``None`` for an agent whose game is over);
        an action that is no legal move raises :class:`fourchess.rl.IllegalActionError`."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = encoding.decode_action(self.board, action)
        self._cumulative_rewards[agent] = 0.0
        self.board.push(move)
        self._settle()

    def render(self) -> str | Any | None:
        """SVG text for ``render_mode="svg"``, an ``HxWx3`` ``uint8`` array for ``"rgb_array"``."""
        from fourchess.martian import svg

        return rendered(self.render_mode, lambda: svg.board(self.board))

    def close(self) -> None:
        """Nothing to release."""

    def _seat(self, agent: object) -> int:
        if agent not in self.possible_agents:
            raise ValueError(f"agent must be one of {', '.join(self.possible_agents)}, got {quoted(agent)}")
        return self.possible_agents.index(str(agent))

    def _start_board(self, mfen: object, players: int) -> Board:
        if mfen is not None and not isinstance(mfen, str):
            raise TypeError(f"mfen must be a str or None, got {type(mfen).__name__}")
        board = Board(mfen, players=None if mfen is not None else players, rules=self.rules)
        if board.is_game_over():
            raise ValueError(f"the start position is a finished game: {quoted(board.mfen())}")
        return board

    def _start_game(self, board: Board) -> None:
        self.board = board
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._settle()

    def _settle(self) -> None:
        board = self.board
        outcome = board.outcome()
        if outcome is None:
            self.agent_selection = self.possible_agents[board.turn]
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            return
        truncated = outcome.termination is Termination.MOVE_LIMIT
        for agent, reward in zip(self.possible_agents, martian_rewards(outcome, self.rules.teams), strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self.infos = {agent: {"outcome": outcome} for agent in self.agents}
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[board.turn]
