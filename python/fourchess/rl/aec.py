"""Four-player chess as a PettingZoo AEC environment, for Teams and FFA.

``env()`` is the environment wrapped as PettingZoo's classic games are (an illegal action ends
the game with -1 to its agent, an action out of range is an error, calls out of order are
refused); :class:`raw_env` is the class underneath. Every rule is the core's: the environment
plays the chosen moves on a :class:`fourchess.Board` and reads who moves next and how the game
ended from it.

Agents are ``red_0``, ``blue_1``, ``yellow_2`` and ``green_3`` (the seats, in turn order). An
agent's observation is a dict: ``"observation"``, the planes of :func:`fourchess.rl.planes` in
*that agent's* frame (shape ``(plane_count(history), 14, 14)``), and ``"action_mask"``, an
``int8`` array of :data:`fourchess.rl.ACTION_COUNT` entries, 1 for each legal action of the agent
to move and all 0 for every other agent. An action is an index of ``fourchess.rl.encoding``, in
the mover's frame.

Rewards are paid when the game ends, to all four agents at once, and are 0 before:

- Teams: +1 to each seat of the winning team, -1 to each loser, 0 to all for a draw.
- FFA: by the final ranking on points (docs/rules.md §7), first to fourth +1, +1/3, -1/3, -1;
  seats tied on points share the average of the places they span. An eliminated seat keeps its
  points and may still place second, so it stays among ``agents`` until the end: it is skipped
  in the turn order (never ``agent_selection``) and ends, with its placement reward, together
  with the others.

The game's move limit (``Rules(move_limit=...)``) ends the game with ``truncations`` True for all
(rewards as its outcome says: a Teams draw pays 0, FFA pays the placements); every other end
sets ``terminations``. ``infos[agent]`` holds ``"legal_move_count"`` (the side to move's number of
legal moves for the agent to move, 0 for the others) and, once the game is over, ``"outcome"``:
the :class:`fourchess.Outcome`.

Walking kings (FFA with ``dead_king_walking``: a seat that resigned or timed out keeps a live
king that moves in its turn slot) come only from a FEN4 start, since the environment offers no
resignation. With ``walking_kings="random"`` (the default) the environment moves them itself,
uniformly among their legal moves as the rules have CPU players do, with a generator seeded by
``reset(seed=...)``: ``agent_selection`` is then always a seat that chooses. With
``walking_kings="agent"`` the walking king's agent is selected and acts, its mask holding the king's
moves.

>>> game = env(mode="ffa")
>>> game.reset(seed=0)
>>> game.agent_selection
'red_0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()), info
((69, 14, 14), 20, {'legal_move_count': 20})
>>> game.step(int(observation["action_mask"].argmax()))
>>> game.agent_selection, int(game.observe("red_0")["action_mask"].sum())
('blue_1', 0)
"""

from __future__ import annotations

import random
from typing import Any

from fourchess import _core
from fourchess._core import Seat, Termination
from fourchess._quote import quoted
from fourchess.board import Board
from fourchess.rl import _arguments as arguments
from fourchess.rl import encoding
from fourchess.rl._extra import extra_module
from fourchess.rl.render import RENDER_MODES, board_svg, check_render_mode, rendered
from fourchess.rl.rewards import outcome_rewards
from fourchess.rules import Rules, resolve_rules

np = extra_module("numpy")
extra_module("gymnasium")  # a missing package of the extra is named with its install command
extra_module("pettingzoo")

from gymnasium import spaces  # noqa: E402
from gymnasium.utils import EzPickle  # noqa: E402
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # noqa: E402
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]  # noqa: E402

AGENTS: tuple[str, str, str, str] = ("red_0", "blue_1", "yellow_2", "green_3")
"""The agents, one per seat in seat order: ``AGENTS[seat]`` plays ``seat``."""
ILLEGAL_ACTION_REWARD = -1.0
WALKING_KINGS = ("random", "agent")

_AGENT_SEATS = {agent: Seat(seat) for seat, agent in enumerate(AGENTS)}


def agent_seat(agent: object) -> Seat:
    """The seat ``agent`` (one of :data:`AGENTS`) plays; ValueError for any other name."""
    seat = _AGENT_SEATS.get(agent) if isinstance(agent, str) else None
    if seat is None:
        raise ValueError(f"agent must be one of {', '.join(AGENTS)}, got {quoted(agent)}")
    return seat


def env(
    *,
    mode: str | None = None,
    rules: Rules | None = None,
    history: int = 1,
    render_mode: str | None = None,
    walking_kings: str = "random",
    fen4: str | None = None,
    dtype: Any = "float32",
) -> Any:
    """The four-player chess AEC environment (arguments as :class:`raw_env`), wrapped as
    PettingZoo's classic games are: an action its mask forbids ends the game, -1 to the agent
    that chose it and 0 to the others; an action outside the action space is an AssertionError;
    calling ``step`` or ``observe`` before ``reset`` is refused."""
    game = raw_env(
        mode=mode,
        rules=rules,
        history=history,
        render_mode=render_mode,
        walking_kings=walking_kings,
        fen4=fen4,
        dtype=dtype,
    )
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=ILLEGAL_ACTION_REWARD)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # PettingZoo ships no types
    """Four-player chess, one agent a seat (the module docstring tells the rules of the game).

    ``mode``: ``"teams"`` (the default) or ``"ffa"``; ``rules``: a :class:`fourchess.Rules` for
    anything else (the move limit, ``dead_king_walking``...), agreeing with ``mode`` if both are
    given. ``history``: positions stacked in an observation (1 to ``MAX_HISTORY``). ``dtype``:
    ``float32`` (the default; counts divided by their scale) or ``uint8`` (counts, stopped at
    255). ``render_mode``: ``None``, ``"svg"`` (``render()`` returns SVG text) or
    ``"rgb_array"`` (an ``HxWx3`` ``uint8`` array). ``walking_kings``: ``"random"`` or
    ``"agent"``. ``fen4``: the position every game starts from (default: the start of the mode);
    ``reset(options={"fen4": ...})`` overrides it for one game.

    Pickling keeps the arguments, not the game in progress (as PettingZoo's ``EzPickle`` does).
    """

    metadata = {
        "name": "fourchess_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        *,
        mode: str | None = None,
        rules: Rules | None = None,
        history: int = 1,
        render_mode: str | None = None,
        walking_kings: str = "random",
        fen4: str | None = None,
        dtype: Any = "float32",
    ) -> None:
        EzPickle.__init__(
            self,
            mode=mode,
            rules=rules,
            history=history,
            render_mode=render_mode,
            walking_kings=walking_kings,
            fen4=fen4,
            dtype=dtype,
        )
        super().__init__()
        self.rules: Rules = resolve_rules(mode, None, rules)
        self.history: int = arguments.history(history, encoding.MAX_HISTORY)
        self.dtype: Any = np.dtype(arguments.dtype_name(dtype))
        self.render_mode = check_render_mode(render_mode)
        if walking_kings not in WALKING_KINGS:
            raise ValueError(f"walking_kings must be 'random' or 'agent', got {quoted(walking_kings)}")
        self.walking_kings: str = walking_kings
        self.fen4: str | None = None if fen4 is None else _start_board(fen4, self.rules).fen4()
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        shape = (encoding.plane_count(self.history), 14, 14)
        high = np.inf if self.dtype == np.float32 else 255  # float planes are scaled, not clipped
        # A space object of each agent's own, the same on every call (PettingZoo seeds them apart).
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=high, shape=shape, dtype=self.dtype),
                    "action_mask": spaces.Box(low=0, high=1, shape=(encoding.ACTION_COUNT,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(encoding.ACTION_COUNT) for agent in AGENTS}
        self._observation_shape = (1, *shape)
        self._rng = random.Random()  # reseeded by reset(seed=...)
        self._mask: Any = None  # the side to move's mask, made on the first observe after a step
        self.board: Board = _start_board(self.fen4, self.rules)
        self._start_game(self.board)

    # --- the AEC interface -----------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent``: a Dict of ``"observation"`` and ``"action_mask"``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: ``Discrete(ACTION_COUNT)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game: from ``options["fen4"]`` if given, else from the environment's
        start. ``seed`` seeds the generator that moves walking kings (``walking_kings="random"``);
        without it the generator goes on from where it was. Other keys of ``options`` are ignored,
        as Gymnasium's environments do.

        A FEN4 of a finished game is a ValueError, a FEN4 that cannot be read a Fen4Error."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
            self._rng = random.Random(int(seed))
        fen4 = self.fen4
        if options is not None:
            if not isinstance(options, dict):
                raise TypeError(f"options must be a dict or None, got {type(options).__name__}")
            fen4 = options.get("fen4", fen4)
        self._start_game(_start_board(fen4, self.rules))

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its planes, in its own frame, and its action mask (all 0
        unless it is the agent to move in a game going on). New arrays on every call."""
        seat = agent_seat(agent)
        planes = np.empty(self._observation_shape, self.dtype)
        _core.rl.planes([self.board], self.history, int(seat), planes)
        if agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent)):
            mask = self._legal_mask().copy()
        else:
            mask = np.zeros(encoding.ACTION_COUNT, np.int8)
        return {"observation": planes[0], "action_mask": mask}

    def step(self, action: Any) -> None:
        """Plays ``action`` for ``agent_selection``. For an agent whose game is over the action
        must be ``None`` (the agent then leaves ``agents``). An action that is not a legal move now
        raises :class:`fourchess.rl.IllegalActionError` and changes nothing (the wrapped ``env()``
        turns it into a loss first)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = encoding.decode_action(self.board, action)
        self._cumulative_rewards[agent] = 0.0
        self.board.push(move)
        self._move_walking_kings()
        self._settle()

    def render(self) -> str | Any | None:
        """The board (Red at the bottom, each seat's last move marked): SVG text for
        ``render_mode="svg"``, an ``HxWx3`` ``uint8`` array for ``"rgb_array"`` (rasterized by
        CairoSVG); without a render mode, a warning and ``None``, as Gymnasium does."""
        return rendered(self.render_mode, lambda: board_svg(self.board))

    def close(self) -> None:
        """Nothing to release: the game is a Board and the pictures are drawn on each call."""

    # --- the game ----------------------------------------------------------------------------------

    def _start_game(self, board: Board) -> None:
        if board.is_game_over():
            raise ValueError(f"the start position is a finished game: {quoted(board.fen4())}")
        self.board = board
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self._move_walking_kings()
        self._settle()

    def _move_walking_kings(self) -> None:
        """With ``walking_kings="random"``, plays each walking king whose turn it is, as the rules
        have CPU players do, until a seat that chooses is to move or the game is over."""
        board = self.board
        if self.walking_kings != "random" or not board.is_ffa:
            return
        while not board.is_game_over() and board.turn in board.walking_kings:
            move = board.random_walking_king_move(self._rng)
            if move is None:  # the core passes over a king without a move: reaching here is its bug
                raise RuntimeError(f"the walking king to move has no legal move: {quoted(board.fen4(), 200)}")
            board.push(move)

    def _settle(self) -> None:
        """Reads the board after a move: the agent to move next, or the end of the game."""
        board = self.board
        self._mask = None
        if board.is_game_over():
            self._finish()
            return
        selected = AGENTS[board.turn]
        self.agent_selection = selected
        count = board.legal_moves.count()
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"legal_move_count": count if agent == selected else 0} for agent in AGENTS
        }

    def _finish(self) -> None:
        outcome = self.board.outcome()
        assert outcome is not None  # the board says the game is over
        truncated = outcome.termination is Termination.MOVE_LIMIT
        for agent, reward in zip(AGENTS, outcome_rewards(outcome), strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self.infos = {agent: {"legal_move_count": 0, "outcome": outcome} for agent in AGENTS}
        self._accumulate_rewards()
        self.agent_selection = AGENTS[self.board.turn]

    def _legal_mask(self) -> Any:
        if self._mask is None:
            self._mask = np.empty((1, encoding.ACTION_COUNT), np.int8)
            _core.rl.legal_mask([self.board], self._mask)
        return self._mask[0]


def _start_board(fen4: object, rules: Rules) -> Board:
    """The board a game starts from: ``fen4``, or the start of the rules' mode for ``None``."""
    if fen4 is not None and not isinstance(fen4, str):
        raise TypeError(f"fen4 must be a str or None, got {type(fen4).__name__}")
    return Board(fen4, rules=rules)
