"""A live game in one server process: its connections and its seats' presence, the requests of
its players, and keeping up with what other processes stored. The game's own moves (CPU seats,
seats away past the grace period, walking kings, turn timeouts) are its Driver's (driver.py).

The game's own moves are made only while someone attends it: a page is open on it, or a player
acted or left less than ``Limits.unattended_seconds`` ago. Past that the game pauses: the room
settles, its owner lets it leave memory, and the next request loads it again, its turn's time
starting afresh. So games nobody plays cost nothing, however many there are.

Every change goes the same way: under the room's lock the LiveGame proposes it, the store commits
it, and only then does anyone hear of it. On a shared store (several processes) a ply another
process took first makes the proposal fail, the room catches up from the store, and the request is
judged again against the position as it now is.

A room holds what it uses of its process as a RoomServices, and tells its owner through the
``settled`` callback when a change is done (the owner then drops it once nobody here has it open
and its game is over or paused); it knows nothing else of the Hub.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

import orjson

from fourchess.server.connection import Connection
from fourchess.server.cpu import PLAYED, WATCHED
from fourchess.server.driver import Driver
from fourchess.server.errors import BadRequest, RequestError, Stale, TurnTimedOut
from fourchess.server.game import LiveGame, Proposal
from fourchess.server.services import RoomServices
from fourchess.server.settings import LOSE
from fourchess.server.state import board_part, game_part, game_state
from fourchess.server.store.base import StepKind
from fourchess.server.store.failures import is_store_failure

log = logging.getLogger("fourchess.server")

PRESENCE_WINDOW = 25.0  # a seat seen by another process this recently counts as connected


class Room:
    """One game and everyone watching or playing it in this process."""

    def __init__(self, game: LiveGame, services: RoomServices, settled: Callable[[Room], None]) -> None:
        self.game = game
        self.services = services
        self._settled = settled
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        now = services.clock.now()
        self.away_since = {seat: now for seat in game.config.human_seats()}
        self.remote_seen: dict[int, float] = {}  # when another process last saw each seat connected
        self._part: tuple[int, str, dict[str, Any]] | None = None  # (ply, status, board part)
        self._constant = game_part(game)  # what the state says of the game that never changes
        self.attended_until = game.turn_started() + services.unattended_seconds
        self.human_acted_at = -PRESENCE_WINDOW
        self.driver = Driver(self, services)

    def _now(self) -> float:
        return self.services.clock.now()

    # --- presence ------------------------------------------------------------------------------

    def local_seats(self) -> set[int]:
        """Seats with a connection open in this process."""
        return {conn.seat for conn in self.connections if conn.seat is not None and not conn.closed}

    def connected(self, seat: int) -> bool:
        """Has the seat's player a page open (here, or lately in another process)?"""
        if seat in self.local_seats():
            return True
        seen = self.remote_seen.get(seat)
        return seen is not None and self._now() - seen < PRESENCE_WINDOW

    def cpu_playing(self, seat: int) -> bool:
        """Does the CPU move for the seat: a CPU seat, or a human one away past the grace period
        (when the game's CPU can play on this server)."""
        if self.game.config.cpu_seat(seat):
            return True
        if self.connected(seat) or self.game.kind.cpu_missing() is not None:
            return False
        since = self.away_since.get(seat, self.game.created_at)
        return self._now() >= since + self.game.config.grace_seconds

    def attended(self) -> bool:
        """Does anyone attend the game: a page open on it here (or a seat's in another process),
        or a player who acted or left a short while ago?"""
        now = self._now()
        if self.connections or now < self.attended_until:
            return True
        return any(now - seen < PRESENCE_WINDOW for seen in self.remote_seen.values())

    def attend(self) -> None:
        """Someone acted on the game now: it goes on by itself a while longer."""
        self.attended_until = max(self.attended_until, self._now() + self.services.unattended_seconds)

    def priority(self) -> int:
        """PLAYED while a player is at the board (a seat's page open, a move over HTTP lately),
        else WATCHED: the CPU answers the games people play first."""
        if self.local_seats() or self._now() - self.human_acted_at < PRESENCE_WINDOW:
            return PLAYED
        return PLAYED if any(self.connected(seat) for seat in self.remote_seen) else WATCHED

    def presence_wakes(self, seat: int) -> float | None:
        """When presence alone next changes what the game does by itself with ``seat`` to move:
        the seat's grace period ends (the CPU takes it over), or nobody attends the game any more
        (it pauses); None when neither is waited for."""
        times = []
        if seat in self.away_since and not self.connected(seat):
            times.append(self.away_since[seat] + self.game.config.grace_seconds)
        if not self.connections:
            times.append(self.attended_until)
        return min(times, default=None)

    async def read_presence(self) -> None:
        """Read where the seats are connected in the other processes (a shared store)."""
        seen = await self.services.store.presence(self.game.id)
        self.remote_seen = {seat: seen[name] for seat, name in enumerate(self.game.seat_names) if name in seen}

    def seats_view(self) -> dict[int, dict[str, bool]]:
        """Each seat's presence as the state shows it."""
        return {
            seat: {"connected": self.connected(seat), "cpu_playing": self.cpu_playing(seat)}
            for seat in range(self.game.play.seat_count)
        }

    async def attach(self, conn: Connection, seat: int | None) -> None:
        """A client joined (``seat`` None: a spectator); it gets the welcome with the state, and a
        returning player takes the seat back from the CPU at once."""
        conn.seat = seat
        self.connections.add(conn)
        name = None if seat is None else self.game.seat_names[seat]
        conn.send(encoded({"type": "welcome", "seat": name, "state": self.state()}))
        if seat is not None:
            self.away_since.pop(seat, None)
            if self.services.store.shared:
                await self.services.store.touch_presence(self.game.id, [self.game.seat_names[seat]], self._now())
            self.broadcast_state()
        self.schedule()  # a paused game goes on while someone watches

    async def detach(self, conn: Connection) -> None:
        """A client left; when it was a seat's last page, the grace period starts, and when it
        was the game's last page, the unattended time."""
        self.connections.discard(conn)
        await conn.finish()
        self.attend()
        seat = conn.seat
        last_of_seat = seat is not None and seat not in self.local_seats()
        if last_of_seat:
            self.away_since[seat] = self._now()  # type: ignore[index]
            self.broadcast_state()
        if last_of_seat or not self.connections:
            self.schedule()
        self.settle()

    # --- requests ------------------------------------------------------------------------------

    async def move(self, seat: int, text: object, ply: object, by: str = "human") -> Proposal:
        """Validate, store and announce a move for ``seat``; a RequestError changes nothing, but
        for a move that comes after its turn's deadline: the seat is timed out, then TurnTimedOut."""
        self._acted(by)
        if self._past_deadline(seat):
            try:
                await self.leave(seat, StepKind.TIMEOUT, self.game.ply, by="clock")
            except RequestError:
                pass  # the turn moved on meanwhile: judge the move against the game as it is now
            else:
                raise TurnTimedOut(f"{self.game.seat_names[seat]}'s time for this turn ran out before its move arrived")
        return await self._change(lambda now: self.game.propose_move(seat, text, ply, now, by), ply)

    async def leave(self, seat: int, kind: StepKind, ply: object = None, by: str = "human") -> Proposal:
        """Resign, time out or claim for ``seat`` (or abort the game, when the leave aborts it)."""
        self._acted(by)
        return await self._change(lambda now: self.game.propose_leave(seat, kind, ply, now, by), ply)

    def _acted(self, by: str) -> None:
        if by == "human":
            self.human_acted_at = self._now()
            self.attend()

    def _past_deadline(self, seat: int) -> bool:
        """Has the seat's turn run out, in a game where that loses it the game? (Where the CPU
        moves at the timeout instead, a move that comes first is still the player's.)"""
        if self.game.config.game.on_timeout != LOSE:
            return False
        deadline = self.game.deadline()
        return deadline is not None and self.game.turn() == seat and self._now() >= deadline

    def relay(self, seat: int, message: dict[str, Any]) -> None:
        """Teams: pass an arrow or chat line to the partner's connections only; a game without
        teams has no private channel."""
        game = self.game
        partner = game.kind.partners(game.config.rules).get(seat)
        if partner is None:
            raise BadRequest("this game has no teams: arrows and chat are for partners only")
        text = json.dumps({**message, "seat": game.seat_names[seat]})
        self.deliver(partner, text)
        if self.services.store.shared:
            self.services.spawn(
                self.services.store.publish(
                    {"game": game.id, "kind": "relay", "to": game.seat_names[partner], "text": text}
                )
            )

    def deliver(self, seat: int, text: str) -> None:
        """Send ``text`` to the seat's own connections here."""
        for conn in list(self.connections):
            if conn.seat == seat:
                conn.send(text)

    async def _change(self, propose: Callable[[float], Proposal], ply: object) -> Proposal:
        async with self.lock:
            if self.services.store.shared and isinstance(ply, int) and ply > self.game.ply:
                await self.catch_up()  # the client heard of a step before this process did
            for _ in range(2):
                proposal = propose(self._now())
                try:
                    stored = await self._store(proposal)
                except BaseException as error:  # not stored (or not known to be): the game is as it was
                    self.game.revert(proposal)
                    self._part = None
                    if isinstance(error, Exception) and not is_store_failure(error):
                        await self._read_back()
                    raise
                if stored:
                    self.game.commit(proposal)
                    break
                self.game.revert(proposal)
                await self.catch_up(reload=True)  # a step or an abort another process stored
            else:
                raise Stale("another server process stored a step for this turn first")
        self.broadcast_state()
        self.schedule()
        self.settle()
        return proposal

    async def _store(self, proposal: Proposal) -> bool:
        store = self.services.store
        if proposal.step is not None:
            # the board holds the proposal: its turn is the seat whose move the store takes next
            turn = self.game.turn()
            return bool(
                await store.append_step(
                    self.game.id, proposal.step, proposal.finish, None if turn is None else self.game.seat_names[turn]
                )
            )
        assert proposal.finish is not None
        return bool(await store.abort_game(self.game.id, self.game.ply, proposal.finish))

    async def _read_back(self) -> None:
        """After a store answer that is not understood, take what the store holds (when it can say)."""
        try:
            await self.catch_up(reload=True)
        except Exception as error:
            log.warning("game %s: could not read the game back from the store: %s", self.game.id, error)

    async def sync(self, reload: bool = False) -> None:
        """Another process stored something: take the new steps from the store, and with
        ``reload`` (an abort, a rematch, a lost connection) the game's row too."""
        async with self.lock:
            changed = await self.catch_up(reload)
        if changed:
            self.broadcast_state()
            self.schedule()
            self.settle()

    async def catch_up(self, reload: bool = False) -> bool:
        """Take what the store has that this room has not (the caller holds the lock); True when
        anything changed."""
        game = self.game
        before = (game.ply, game.status, game.rematch)
        for step in await self.services.store.steps_since(game.id, game.ply):
            game.apply_stored(step)
        if reload or (game.playing and game.play.is_over()):  # a step that ended it: take its ending
            record = await self.services.store.load_game(game.id)
            if record is not None:
                if record.status != game.status:
                    game.end_as_stored(record.finish, record.status)
                game.rematch = record.rematch
        return (game.ply, game.status, game.rematch) != before

    # --- state ---------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """The game's state now (docs/server.md)."""
        game = self.game
        if self._part is None or self._part[:2] != (game.ply, game.status) or self._part[2]["rematch"] != game.rematch:
            self._part = (game.ply, game.status, board_part(game, self._constant))
        return game_state(self._part[2], game, self.seats_view(), self._now())

    def broadcast_state(self) -> None:
        """Send the state to every connection."""
        if not self.connections:
            return
        text = encoded({"type": "state", "state": self.state()})
        for conn in list(self.connections):
            conn.send_state(text)

    # --- the game's own moves (the Driver's) and the room's life --------------------------------

    def schedule(self) -> None:
        """Set the timers the game's own moves need (after a change, or when the room is loaded)."""
        self.driver.schedule()

    def settle(self) -> None:
        """A change is done: the owner drops the room once nobody here has it open and its game is
        over or paused (it pauses the room first)."""
        self._settled(self)

    def pause(self) -> None:
        """Nobody attends the game: stop its timers and its search (the game stays stored)."""
        self.driver.pause()

    async def idle(self) -> None:
        """Wait until the game's own work (CPU moves, timeouts) has finished."""
        await self.driver.idle()

    def close(self) -> None:
        """Stop the timers and the game's own work (the server is shutting down)."""
        self.driver.close()


def encoded(message: dict[str, Any]) -> str:
    """A state message as JSON text, by orjson: a state is encoded once per step and is most of
    what the server writes, and orjson does it several times faster than the json module."""
    return orjson.dumps(message).decode()
