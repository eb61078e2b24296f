"""The players of the seats a single-agent environment does not learn: named (``"random"``,
``"greedy"``, ``"search"`` or ``("search", nodes)``) or any object with ``choose_move(board)``
(the :class:`fourchess.players.Player` protocol)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from fourchess._core import Seat
from fourchess._quote import quoted
from fourchess.players import GreedyPlayer, Player, RandomPlayer, SearchPlayer

DEFAULT_SEARCH_NODES = 500
"""The node budget of a ``"search"`` opponent: a few milliseconds a move, stronger than greedy."""
SEARCH_HASH_MB = 16  # one table for all of an environment's search opponents, cleared each game

OpponentSpec = str | tuple[str, int] | Player
"""``"random"``, ``"greedy"``, ``"search"``, ``("search", nodes)`` or a Player."""


class Opponents:
    """The players of the three seats besides ``learner``, from one spec for all three or a
    mapping ``{seat: spec}`` naming each of them.

    Named players are the environment's own: :meth:`new_game` seeds the random and greedy ones and
    clears the search table, so a seeded reset plays the same game again. A Player object given
    is used as it is, for every seat it is given for, and never reseeded.
    """

    def __init__(self, opponents: OpponentSpec | Mapping[int, OpponentSpec], learner: Seat) -> None:
        seats = [seat for seat in Seat if seat != learner]
        if isinstance(opponents, Mapping):
            keys = {_seat_key(key) for key in opponents}
            if len(keys) != len(opponents) or keys != set(seats):
                raise ValueError(
                    f"opponents must name each of {', '.join(seat.title for seat in seats)} once, "
                    f"got {quoted(list(opponents))}"
                )
            specs = {_seat_key(key): spec for key, spec in opponents.items()}
        else:
            specs = dict.fromkeys(seats, opponents)
        self._engine: Any = None  # made with the first search opponent
        self._named_seats: set[Seat] = set()
        self.players: dict[Seat, Player] = {}
        for seat, spec in specs.items():
            if isinstance(spec, (str, tuple)):
                self.players[seat] = self._named(spec)
                self._named_seats.add(seat)
            elif callable(getattr(spec, "choose_move", None)):
                self.players[seat] = spec
            else:
                raise TypeError(
                    "an opponent must be 'random', 'greedy', 'search', ('search', nodes) or an object with "
                    f"choose_move(board), got {type(spec).__name__}"
                )

    def choose_move(self, board: Any) -> Any:
        """The move of the player of ``board``'s side to move."""
        return self.players[board.turn].choose_move(board)

    def new_game(self, seeds: Mapping[Seat, int]) -> None:
        """Seeds each named random or greedy player with its seat's seed and clears the search
        table shared by the named search players."""
        for seat in self._named_seats:
            player = self.players[seat]
            if isinstance(player, (RandomPlayer, GreedyPlayer)):
                player.rng = random.Random(seeds[seat])
        if self._engine is not None:
            self._engine.new_game()

    def _named(self, spec: str | tuple[Any, ...]) -> Player:
        if spec == "random":
            return RandomPlayer()
        if spec == "greedy":
            return GreedyPlayer()
        if spec == "search":
            return self._search(DEFAULT_SEARCH_NODES)
        if isinstance(spec, tuple) and len(spec) == 2 and spec[0] == "search":
            nodes = spec[1]
            if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
                raise ValueError(f"('search', nodes) needs a positive int of nodes, got {quoted(nodes)}")
            return self._search(nodes)
        raise ValueError(f"an opponent's name must be 'random', 'greedy' or 'search', got {quoted(spec)}")

    def _search(self, nodes: int) -> SearchPlayer:
        if self._engine is None:
            from fourchess.engine import Engine

            self._engine = Engine(hash_mb=SEARCH_HASH_MB)
        return SearchPlayer(nodes=nodes, engine=self._engine)


def _seat_key(key: object) -> Seat:
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key <= 3:
        raise ValueError(f"opponents' keys must be seats (Seat or 0..3), got {quoted(key)}")
    return Seat(key)
