"""Four-player chess as an OpenSpiel game, so that OpenSpiel's n-player algorithms (MCTS and the
others that take any sequential game) run on the exact rules.

:func:`register` (idempotent) registers ``"fourchess_4pc"`` with ``pyspiel``; then
``pyspiel.load_game("fourchess_4pc", {"mode": "ffa", "move_limit": 200})`` makes a game. Its
parameters: ``mode`` (``"teams"`` or ``"ffa"``), ``move_limit`` (moves by all seats that end the
game; 0, the default, for none) and ``fen4`` (a start position; empty for the start of the mode).

- Four players, sequential, perfect information; a state is a :class:`fourchess.Board`.
- Actions are ``fourchess.rl``'s indices (7,072, in the mover's frame); the legal ones are
  those of the side to move.
- Returns at the end, as the PettingZoo environment's rewards (:func:`fourchess.rl.outcome_rewards`):
  Teams ±1 by team (0 each for a draw), FFA +1, +1/3, -1/3, -1 by place on points. They add up
  to 0 in both modes: the game is registered as zero-sum.
- An eliminated FFA seat is never the current player: the turn passes over it as the rules say.
- A walking king (FFA: a seat that resigned or timed out keeps a live king, which the rules have
  move at random; only from a ``fen4`` start) is a chance node, uniform over the king's legal
  moves, so algorithms sample it as the rules play it.
- The observation tensor is :func:`fourchess.rl.planes` in the observing player's frame, shape
  ``(69, 14, 14)``; ``str(state)`` is the FEN4.

OpenSpiel is not part of the ``rl`` extra (it is large): ``pip install open_spiel``.

>>> import pyspiel
>>> register()
>>> game = pyspiel.load_game("fourchess_4pc", {"mode": "teams"})
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions())
(0, 20)
>>> state.apply_action(state.legal_actions()[0])
>>> state.current_player()
1
"""

from __future__ import annotations

import copy
from typing import Any

from fourchess._core import Seat
from fourchess.board import Board
from fourchess.rl import encoding
from fourchess.rl._extra import RlExtraMissing
from fourchess.rl.rewards import outcome_rewards
from fourchess.rules import Rules

np = encoding.np
try:
    import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no types
except ImportError as error:
    raise RlExtraMissing(f"fourchess.rl.openspiel needs OpenSpiel (pip install open_spiel): {error}") from error

GAME_NAME = "fourchess_4pc"
"""The short name :func:`register` gives the game in ``pyspiel``."""
_DEFAULT_PARAMETERS = {"mode": "teams", "move_limit": 0, "fen4": ""}
# The longest game without a move limit: the fifty-move rule ends a game after at most 200 plies
# without a pawn move or capture, and 64 pawns and 64 pieces bound the rest; a generous ceiling.
_LONGEST_GAME = 30_000

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Four-player chess (fourchess)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULT_PARAMETERS,
)


class FourChessGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """The OpenSpiel game: its rules from the parameters, its states :class:`FourChessState`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        parameters = dict(_DEFAULT_PARAMETERS, **(params or {}))
        mode = parameters["mode"]
        move_limit = parameters["move_limit"]
        if mode not in ("teams", "ffa"):
            raise ValueError(f"mode must be 'teams' or 'ffa', got {str(mode)[:40]!r}")
        if not isinstance(move_limit, int) or move_limit < 0:
            raise ValueError(f"move_limit must be 0 (none) or a positive int, got {str(move_limit)[:40]!r}")
        self.rules = Rules(mode=mode, move_limit=move_limit or None)
        self.fen4 = parameters["fen4"] or None
        self.start = Board(self.fen4, rules=self.rules)  # a bad fen4 is refused here, once
        super().__init__(
            _GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=encoding.ACTION_COUNT,
                max_chance_outcomes=encoding.ACTION_COUNT,
                num_players=4,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=move_limit or _LONGEST_GAME,
            ),
            parameters,
        )

    def new_initial_state(self) -> FourChessState:
        """The start: the mode's start position, or the ``fen4`` parameter's."""
        return FourChessState(self, self.start.copy())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PlanesObserver:
        """The observer of the observation tensor: the planes in the observer's frame."""
        return PlanesObserver(params)


class FourChessState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a :class:`fourchess.Board` and OpenSpiel's view of it."""

    def __init__(self, game: FourChessGame, board: Board) -> None:
        super().__init__(game)
        self.board = board

    def current_player(self) -> int:
        """The seat to move; CHANCE for a walking king's turn, TERMINAL once the game is over."""
        if self.board.is_game_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.board.turn in self.board.walking_kings:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.board.turn)

    def _legal_actions(self, player: int) -> list[int]:
        return encoding.legal_actions(self.board)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A walking king's legal moves, each as likely (the rules have it move at random)."""
        actions = encoding.legal_actions(self.board)
        return [(action, 1.0 / len(actions)) for action in actions]

    def _apply_action(self, action: int) -> None:
        self.board.push(encoding.decode_action(self.board, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(encoding.decode_action(self.board, action))

    def is_terminal(self) -> bool:
        """Is the game over?"""
        return bool(self.board.is_game_over())

    def returns(self) -> list[float]:
        """Each seat's return: 0 until the end, then its reward (module docstring)."""
        outcome = self.board.outcome()
        return [0.0] * 4 if outcome is None else list(outcome_rewards(outcome))

    def __str__(self) -> str:
        return str(self.board.fen4())

    def __deepcopy__(self, memo: dict[int, Any]) -> FourChessState:
        return FourChessState(self.get_game(), copy.deepcopy(self.board, memo))


class PlanesObserver:
    """OpenSpiel's observer interface over :func:`fourchess.rl.planes`."""

    def __init__(self, params: Any) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, got {str(params)[:40]!r}")
        shape = (encoding.plane_count(), 14, 14)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: FourChessState, player: int) -> None:
        """The planes of ``state`` in ``player``'s frame, written into ``tensor``."""
        encoding.planes(state.board, seat=Seat(player), out=self.dict["observation"])

    def string_from(self, state: FourChessState, player: int) -> str:
        """The position as FEN4 (perfect information: the same for every player)."""
        return str(state.board.fen4())


def register() -> None:
    """Registers ``"fourchess_4pc"`` with ``pyspiel`` (again is harmless)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, FourChessGame)
