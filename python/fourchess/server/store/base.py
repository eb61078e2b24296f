"""What the server keeps, and the small interface every storage backend implements.

A game is one row of settings and seat-token hashes plus its steps: the engine texts of moves and
the ``resign:R``-style tokens of ``Board.step_texts()``, numbered by ply from 0. A step is stored
(committed) before anyone hears of it, and a ply holds at most one step: when two server processes
race for one turn, the database's uniqueness on (game, ply) lets exactly one win.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

PLAYING = "playing"
FINISHED = "finished"
ABORTED = "aborted"
STATUSES = (PLAYING, FINISHED, ABORTED)


class StepKind(Enum):
    """What a step is: a move, or a seat leaving the game (resigning, timing out, claiming the win)."""

    MOVE = "move"
    RESIGN = "resign"
    TIMEOUT = "timeout"
    CLAIM = "claim"

    @classmethod
    def of(cls, text: str) -> StepKind:
        """The kind of the step written ``text``: a leave is written as its kind, a colon and the
        seat ("resign:B" in four-player chess, as Board.step_texts() gives it; "resign:WHITE" in
        the other games), in any case; any other text is a move's (no game's move has a colon)."""
        name, colon, seat = text.partition(":")
        if colon and seat:
            try:
                return cls(name.lower())
            except ValueError:
                pass
        return cls.MOVE


@dataclass(frozen=True)
class StepRecord:
    """One stored step: its ply (0, 1, ...), its text, the seat ("RED", "WHITE"...), the wall time it was
    accepted (seconds since the epoch) and who made it: "human", "cpu" or "clock" (a timeout)."""

    ply: int
    text: str
    seat: str
    at: float
    by: str

    @property
    def kind(self) -> StepKind:
        """A move, or which leave (read from the text)."""
        return StepKind.of(self.text)


@dataclass(frozen=True)
class FinishRecord:
    """How a game ended: status FINISHED or ABORTED, the result as plain JSON data (the outcome's
    to_dict(), or for an abort {"seat": ..., "kind": "resign"|"timeout"}), its PGN4 and the time."""

    status: str
    result: dict[str, Any]
    pgn4: str
    at: float


@dataclass(frozen=True)
class GameRecord:
    """A stored game: its id, settings (GameConfig.to_dict()), the sha256 hex of each human
    seat's token, when it was made, its steps in ply order, how it ended (None while playing) and
    the id of its rematch (None until one is made)."""

    id: str
    settings: dict[str, Any]
    token_hashes: dict[str, str]
    created_at: float
    steps: tuple[StepRecord, ...] = ()
    finish: FinishRecord | None = None
    rematch: str | None = None
    status: str = field(default=PLAYING)


Notification = dict[str, Any]
"""A message between server processes on one database: {"game": id, "kind": "step", "ply": n} when a
step was stored, {"game": id, "kind": "finish", "ply": n} when abort_game ended a game, or
{"game": id, "kind": "relay", "message": {...}} for a relayed chat line or arrow; each also carries
"origin", the sending process's id, so a process can skip its own. The store itself calls the
listener with {"kind": "resync", "origin": None} after its connection to the database was lost and
made again: notifications may have been missed meanwhile, so reload the games that matter."""


class GameExistsError(ValueError):
    """create_game was given an id that is already stored."""


class Store(Protocol):
    """The storage backend. All methods are coroutines except ``kind`` and ``shared``.

    ``shared`` is True when several server processes may use the same database (PostgreSQL): then
    steps and relays are announced to the other processes, and a process must hold a game's drive
    lease before it moves for CPU seats or times seats out.
    """

    kind: str
    shared: bool

    async def open(self) -> None:
        """Connect and create the tables when missing."""

    async def close(self) -> None:
        """Close every connection; pending writes are finished first."""

    async def ping(self) -> None:
        """Raise when the database cannot answer (the health check)."""

    async def create_game(self, game: GameRecord) -> None:
        """Store a new game (no steps yet). GameExistsError (a ValueError) if the id exists."""

    async def load_game(self, game_id: str) -> GameRecord | None:
        """The game with all its steps, or None."""

    async def steps_since(self, game_id: str, ply: int) -> list[StepRecord]:
        """The game's steps with ply >= ``ply``, in order."""

    async def append_step(
        self, game_id: str, step: StepRecord, finish: FinishRecord | None = None, next_turn: str | None = None
    ) -> bool:
        """Store ``step`` as the game's step ``step.ply`` and, when given, the game's ending, in one
        transaction, committed before returning True; ``next_turn`` is the seat to move after it,
        whose move alone the store then takes (None: any seat's). False (nothing stored) when that
        ply is already taken, the game is no longer playing (or not stored), or the step is a move
        by a seat not on turn: another process was first, or the caller's game is not the stored
        one. ValueError when ``step.ply`` is past the next ply: steps are numbered without gaps."""

    async def abort_game(self, game_id: str, at_ply: int, finish: FinishRecord) -> bool:
        """End a playing game as aborted when it has exactly ``at_ply`` steps; False otherwise."""

    async def create_rematch(self, game_id: str, rematch: GameRecord) -> str | None:
        """Store ``rematch`` as the game's rematch, the new game and the link in one transaction,
        unless the game has a rematch already: the id of the game's rematch either way (None
        when there is no such game). GameExistsError when ``rematch``'s id is taken."""

    async def unfinished_games(self, active_since: float | None = None) -> list[str]:
        """The ids of the games still playing (with ``active_since``: whose last step, or creation,
        came then or later), oldest first."""

    async def game_ids(self) -> list[str]:
        """The id of every stored game, oldest first."""

    async def touch_presence(self, game_id: str, seats: list[str], now: float) -> None:
        """Record that these seats have a connected player now (the heartbeat)."""

    async def presence(self, game_id: str) -> dict[str, float]:
        """Each seat's last heartbeat time (seats never seen are absent)."""

    async def claim_drive(self, game_id: str, owner: str, now: float, lease: float) -> bool:
        """Take or renew the game's drive lease for ``owner`` until now + lease; False while another
        owner's lease runs. Always True on a store that is not shared."""

    async def listen(self, callback: Callable[[Notification], Coroutine[Any, Any, None]]) -> None:
        """Have ``callback`` called for every notification another process publishes (shared
        stores); a store that is not shared never calls it."""

    async def publish(self, notification: Notification) -> None:
        """Send a notification to the other processes (a no-op on a store that is not shared).
        Step notifications are sent by append_step itself, in its transaction."""
