"""Four-player chess as a single-agent Gymnasium environment: the learner plays one seat, given
players play the other three.

Importing this module registers it as ``"fourchess/FourChess-v0"``, so
``gymnasium.make("fourchess/FourChess-v0", opponents="greedy")`` builds one (or, without importing
it first, ``gymnasium.make("fourchess.rl.gym_env:fourchess/FourChess-v0")``).

The game is the PettingZoo environment's (``fourchess.rl.aec``): the same observation planes,
in the learner's frame; the same actions; the same rewards, paid when the game ends (Teams ±1 or
0, FFA by placement); the move limit ends an episode as ``truncated``, every other end as
``terminated``. After the learner's action the opponents play until it is the learner's turn
again or the game is over, so one ``step`` is one round. In FFA a learner that is eliminated
still places by its points: its last ``step`` plays the game on to its end.

Walking kings (from a FEN4 start): an opponent's is moved at random, as the rules have CPU
players do, by a generator seeded from ``reset(seed=...)``; the learner's own is the learner's to
move, its mask holding the king's moves.

>>> import gymnasium
>>> env = gymnasium.make("fourchess/FourChess-v0", opponents="greedy", seat=Seat.BLUE)
>>> observation, info = env.reset(seed=0)
>>> board = env.unwrapped.board  # Red, a greedy player, has moved
>>> observation.shape, len(board.move_stack), int(info["action_mask"].sum()) == board.legal_moves.count()
((69, 14, 14), 1, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, SupportsFloat

from fourchess._core import IllegalMoveError, Move, Seat
from fourchess._quote import quoted
from fourchess.rl import _arguments as arguments
from fourchess.rl import encoding
from fourchess.rl._extra import extra_module
from fourchess.rl.aec import AGENTS, ILLEGAL_ACTION_REWARD, raw_env
from fourchess.rl.opponents import Opponents, OpponentSpec
from fourchess.rl.render import RENDER_MODES
from fourchess.rules import Rules

np = extra_module("numpy")
extra_module("gymnasium")

import gymnasium  # noqa: E402  (after the check above names the extra if it is missing)
from gymnasium import spaces  # noqa: E402

ENV_ID = "fourchess/FourChess-v0"
ILLEGAL_ACTIONS = ("lose", "raise")


class FourChessEnv(gymnasium.Env[Any, Any]):  # actions: ints of Discrete(ACTION_COUNT)
    """One seat of four-player chess against three players (the module docstring tells the game).

    ``seat``: the learner's seat (default Red). ``opponents``: one spec for all three other seats,
    or a mapping ``{seat: spec}`` naming each of them; a spec is ``"random"``, ``"greedy"``,
    ``"search"`` (the engine at 500 nodes a move), ``("search", nodes)``, or any object with
    ``choose_move(board)`` (:class:`fourchess.players.Player`), which gets the game's board and
    must leave it as it was. ``mode``, ``rules``, ``history``, ``dtype``, ``fen4`` and
    ``render_mode`` as :class:`fourchess.rl.aec.raw_env`.

    Observations are the planes alone, a Box; the legal actions are ``info["action_mask"]`` (an
    ``int8`` array, all 0 once the game is over) and :meth:`action_masks` (booleans, as
    sb3-contrib's MaskablePPO asks). ``info`` also holds ``"legal_move_count"`` and, at the end,
    ``"outcome"``.

    ``illegal_action``: ``"lose"`` (the default) ends the episode at once with reward -1 and
    ``info["illegal_action"]`` set to the action, the board unchanged, as the PettingZoo
    environment's wrapper does; ``"raise"`` raises :class:`fourchess.rl.IllegalActionError` and
    changes nothing. An action outside ``0..ACTION_COUNT-1`` is a ValueError either way.

    ``reset(seed=...)`` seeds the walking kings' generator and the named random and greedy
    opponents, and clears the search opponents' table: the same seed and actions play the same
    game. Player objects given are not reseeded.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        *,
        seat: int = Seat.RED,
        opponents: OpponentSpec | Mapping[int, OpponentSpec] = "random",
        mode: str | None = None,
        rules: Rules | None = None,
        history: int = 1,
        dtype: Any = "float32",
        fen4: str | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
    ) -> None:
        self.seat: Seat = Seat(arguments.below(seat, "seat", 4, " (Red, Blue, Yellow, Green)"))
        self.agent: str = AGENTS[self.seat]
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be 'lose' or 'raise', got {quoted(illegal_action)}")
        self.illegal_action: str = illegal_action
        self.game = raw_env(
            mode=mode,
            rules=rules,
            history=history,
            render_mode=render_mode,
            walking_kings="agent",  # the learner moves its own; opponents' are moved here
            fen4=fen4,
            dtype=dtype,
        )
        self.opponents = Opponents(opponents, self.seat)
        self.render_mode = self.game.render_mode
        self.observation_space = self.game.observation_space(self.agent)["observation"]
        self.action_space = spaces.Discrete(encoding.ACTION_COUNT)
        self._walker = random.Random()
        self._finished = True  # until reset

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Starts a new game (``options={"fen4": ...}`` as the PettingZoo environment's reset)
        and plays the opponents up to the learner's first turn. A start from which the game ends
        before the learner moves is a ValueError."""
        super().reset(seed=seed)
        # Every reset draws the game's seeds from np_random: a seeded reset fixes this game and
        # the ones after it.
        seeds = [int(value) for value in self.np_random.integers(0, 2**63, size=5)]
        self._walker = random.Random(seeds[4])
        self.opponents.new_game(dict(zip(Seat, seeds[:4], strict=True)))
        self.game.reset(options=options)
        self._play_opponents()
        if self._game_over():
            board = self.game.board
            start, ending = quoted(board.root_fen4()), board.termination()
            raise ValueError(f"the game from {start} ended ({ending}) before {self.seat.title} moved")
        self._finished = False
        return self._observe()

    def step(self, action: int) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Plays the learner's ``action``, then the opponents up to the learner's next turn or
        the end: ``(observation, reward, terminated, truncated, info)``."""
        if self._finished:
            raise gymnasium.error.ResetNeeded("the episode is over (or was never started): call reset()")
        action = arguments.below(action, "action", encoding.ACTION_COUNT)
        if self.illegal_action == "lose" and not self.game._legal_mask()[action]:
            self._finished = True
            observation, info = self._observe()
            info["action_mask"][:] = 0  # the episode is over, though the board is not
            info["illegal_action"] = action
            return observation, ILLEGAL_ACTION_REWARD, True, False, info
        self.game.step(action)  # an illegal action raises IllegalActionError, the board unchanged
        self._play_opponents()
        terminated = self.game.terminations[self.agent]
        truncated = self.game.truncations[self.agent]
        self._finished = terminated or truncated
        reward = float(self.game._cumulative_rewards[self.agent])  # 0 until the game ends
        observation, info = self._observe()
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Any:
        """The learner's legal actions now, as booleans (all False once the episode is over)."""
        if self._finished:
            return np.zeros(encoding.ACTION_COUNT, bool)
        mask: Any = self.game._legal_mask()
        return mask.astype(bool)

    def render(self) -> str | Any | None:
        """The board, as the PettingZoo environment draws it for the ``render_mode``."""
        return self.game.render()

    def close(self) -> None:
        """Closes the game (nothing is held open: the pictures are drawn on each call)."""
        self.game.close()

    @property
    def board(self) -> Any:
        """The game's :class:`fourchess.Board` (read it; a change desynchronises the episode)."""
        return self.game.board

    def _game_over(self) -> bool:
        return bool(self.game.terminations[self.agent] or self.game.truncations[self.agent])

    def _play_opponents(self) -> None:
        game = self.game
        while not self._game_over() and game.agent_selection != self.agent:
            board = game.board
            mover = board.turn
            if mover in board.walking_kings:
                move = board.random_walking_king_move(self._walker)
            else:
                move = self.opponents.choose_move(board)
            if not isinstance(move, Move) or not board.is_legal(move):
                player = type(self.opponents.players[mover]).__name__
                raise IllegalMoveError(f"the {player} playing {mover.title} chose {quoted(move)}, not a legal move")
            game.step(encoding.encode_move(board, move))

    def _observe(self) -> tuple[Any, dict[str, Any]]:
        """The learner's planes, and its info with its action mask (new objects on every call)."""
        seen = self.game.observe(self.agent)
        info = dict(self.game.infos[self.agent])
        info["action_mask"] = seen["action_mask"]
        return seen["observation"], info


if ENV_ID not in gymnasium.registry:  # importing the module again must not register twice
    gymnasium.register(id=ENV_ID, entry_point="fourchess.rl.gym_env:FourChessEnv")
