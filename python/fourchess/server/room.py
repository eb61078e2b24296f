"""A live game in one server process: its connections, its seats' presence, and the game's own
moves (CPU seats, seats away past the grace period, walking kings, turn timeouts).

Every change goes the same way: under the room's lock the LiveGame proposes it, the store commits
it, and only then does anyone hear of it. On a shared store (several processes) a ply another
process took first makes the proposal fail, the room catches up from the store, and the request is
judged again against the position as it now is.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from fourchess import Seat
from fourchess.server.connection import Connection
from fourchess.server.errors import BadRequest, RequestError, Stale
from fourchess.server.game import LiveGame, Proposal
from fourchess.server.settings import CPU, SEAT_NAMES
from fourchess.server.state import board_part, game_state

if TYPE_CHECKING:
    from fourchess.server.hub import Hub

log = logging.getLogger("fourchess.server")

PARTNERS = {"RED": "YELLOW", "YELLOW": "RED", "BLUE": "GREEN", "GREEN": "BLUE"}
DRIVE_LEASE = 10.0  # seconds a process keeps the right to move for a shared game's CPU seats
LEASE_RENEWAL = DRIVE_LEASE / 2  # a lease this process holds is renewed once less than this is left
PRESENCE_REFRESH = 5.0  # a CPU seat's move reads the other processes' presence at most this often
PRESENCE_WINDOW = 25.0  # a seat seen by another process this recently counts as connected


class Room:
    """One game and everyone watching or playing it in this process."""

    def __init__(self, hub: Hub, game: LiveGame) -> None:
        self.hub = hub
        self.game = game
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        now = hub.clock.now()
        self.away_since = {seat: now for seat in game.config.human_seats()}
        self.remote_seen: dict[str, float] = {}
        self.rng = random.Random()
        self._part: tuple[int, str, dict[str, Any]] | None = None  # (ply, status, board part)
        self._timer: Any = None
        self._driving: int | None = None  # the ply a drive task is working on
        self._lease_taken_until = 0.0  # another process drives this game until then
        self._lease_held_until = 0.0  # this process drives it until then
        self._presence_read_at = -PRESENCE_REFRESH
        self._tasks: set[asyncio.Task[None]] = set()

    # --- presence ------------------------------------------------------------------------------

    def local_seats(self) -> set[str]:
        """Seats with a connection open in this process."""
        return {conn.seat for conn in self.connections if conn.seat is not None and not conn.closed}

    def connected(self, seat: str) -> bool:
        """Has the seat's player a page open (here, or lately in another process)?"""
        if seat in self.local_seats():
            return True
        seen = self.remote_seen.get(seat)
        return seen is not None and self.hub.clock.now() - seen < PRESENCE_WINDOW

    def cpu_playing(self, seat: str) -> bool:
        """Does the CPU move for the seat: a CPU seat, or a human one away past the grace period."""
        if self.game.config.seats[SEAT_NAMES.index(seat)].player == CPU:
            return True
        if self.connected(seat):
            return False
        since = self.away_since.get(seat, self.game.created_at)
        return self.hub.clock.now() >= since + self.game.config.grace_seconds

    def seats_view(self) -> dict[str, dict[str, bool]]:
        """Each seat's presence as the state shows it."""
        return {seat: {"connected": self.connected(seat), "cpu_playing": self.cpu_playing(seat)} for seat in SEAT_NAMES}

    async def attach(self, conn: Connection, seat: str | None) -> None:
        """A client joined (``seat`` None: a spectator); it gets the welcome with the state, and a
        returning player takes the seat back from the CPU at once."""
        conn.seat = seat
        self.connections.add(conn)
        conn.send(json.dumps({"type": "welcome", "seat": seat, "state": self.state()}))
        if seat is not None:
            self.away_since.pop(seat, None)
            if self.hub.store.shared:
                await self.hub.store.touch_presence(self.game.id, [seat], self.hub.clock.now())
            self.broadcast_state()
            self.schedule()

    async def detach(self, conn: Connection) -> None:
        """A client left; when it was a seat's last page, the grace period starts."""
        self.connections.discard(conn)
        await conn.finish()
        seat = conn.seat
        if seat is not None and seat not in self.local_seats():
            self.away_since[seat] = self.hub.clock.now()
            self.broadcast_state()
            self.schedule()
        self.hub.forget_if_over(self)

    # --- requests ------------------------------------------------------------------------------

    async def move(self, seat: str, text: object, ply: object, by: str = "human") -> Proposal:
        """Validate, store and announce a move for ``seat``; a RequestError changes nothing."""
        return await self._change(lambda now: self.game.propose_move(seat, text, ply, now, by), ply)

    async def leave(self, seat: str, kind: str, ply: object = None, by: str = "human") -> Proposal:
        """Resign, time out or claim for ``seat`` (or abort the game, when the leave aborts it)."""
        return await self._change(lambda now: self.game.propose_leave(seat, kind, ply, now, by), ply)

    def relay(self, seat: str, message: dict[str, Any]) -> None:
        """Teams: pass an arrow or chat line to the partner's connections only; FFA has no
        private channel."""
        if self.game.config.rules.mode != "teams":
            raise BadRequest("FFA has no private channel: arrows and chat are Teams only")
        partner = PARTNERS[seat]
        text = json.dumps({**message, "seat": seat})
        self.deliver(partner, text)
        if self.hub.store.shared:
            self.hub.spawn(self.hub.store.publish({"game": self.game.id, "kind": "relay", "to": partner, "text": text}))

    def deliver(self, seat: str, text: str) -> None:
        """Send ``text`` to the seat's own connections here."""
        for conn in list(self.connections):
            if conn.seat == seat:
                conn.send(text)

    async def _change(self, propose: Callable[[float], Proposal], ply: object) -> Proposal:
        async with self.lock:
            if self.hub.store.shared and isinstance(ply, int) and ply > self.game.ply:
                await self.catch_up()  # the client heard of a step before this process did
            for _ in range(2):
                proposal = propose(self.hub.clock.now())
                store = self.hub.store
                if proposal.step is not None:
                    stored = await store.append_step(self.game.id, proposal.step, proposal.finish)
                else:
                    assert proposal.finish is not None
                    stored = await store.abort_game(self.game.id, self.game.ply, proposal.finish)
                if stored:
                    self.game.commit(proposal)
                    break
                self.game.revert(proposal)
                await self.catch_up(reload=True)  # a step or an abort another process stored
            else:
                raise Stale("another server process stored a step for this turn first")
        self.broadcast_state()
        self.schedule()
        self.hub.forget_if_over(self)
        return proposal

    async def sync(self, reload: bool = False) -> None:
        """Another process stored something: take the new steps from the store, and with
        ``reload`` (an abort, a rematch, a lost connection) the game's row too."""
        async with self.lock:
            changed = await self.catch_up(reload)
        if changed:
            self.broadcast_state()
            self.schedule()
            self.hub.forget_if_over(self)

    async def catch_up(self, reload: bool = False) -> bool:
        """Take what the store has that this room has not (the caller holds the lock); True when
        anything changed."""
        game = self.game
        before = (game.ply, game.status, game.rematch)
        for step in await self.hub.store.steps_since(game.id, game.ply):
            game.apply_stored(step)
        if reload or (game.playing and game.board.is_game_over()):  # a step that ended it: take its ending
            record = await self.hub.store.load_game(game.id)
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
            self._part = (game.ply, game.status, board_part(game))
        return game_state(self._part[2], game, self.seats_view(), self.hub.clock.now())

    def broadcast_state(self) -> None:
        """Send the state to every connection."""
        if not self.connections:
            return
        text = json.dumps({"type": "state", "state": self.state()})
        for conn in list(self.connections):
            conn.send(text)

    # --- the game's own moves ------------------------------------------------------------------

    def schedule(self) -> None:
        """Set the one timer the game needs: now for a CPU seat or walking king, else the earlier
        of the turn deadline and the end of the mover's grace period."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        game = self.game
        seat = game.turn()
        if seat is None or self._driving == game.ply:
            return
        now = self.hub.clock.now()
        times = []
        if self._moves_itself(seat):
            times.append(now)
        elif seat in self.away_since and not self.connected(seat):
            times.append(self.away_since[seat] + game.config.grace_seconds)
        deadline = game.deadline()
        if deadline is not None:
            times.append(deadline)
        if times:
            when = max(min(times), self._lease_taken_until)
            if when <= now:
                self.spawn(self._drive())
            else:
                self._timer = self.hub.clock.call_at(when, self._wake)

    def _moves_itself(self, seat: str) -> bool:
        return Seat[seat] in self.game.board.walking_kings or self.cpu_playing(seat)

    def _wake(self) -> None:
        self._timer = None
        self.spawn(self._drive())

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` as a task of this room (``idle`` waits for them)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: %s", self.game.id, task.exception(), exc_info=task.exception())

    async def idle(self) -> None:
        """Wait until the room's own work (CPU moves, timeouts) has finished."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _drive(self) -> None:
        game = self.game
        seat, ply = game.turn(), game.ply
        if seat is None or self._driving == ply:
            return
        self._driving = ply
        try:
            await self._drive_turn(seat, ply)
        except RequestError:  # the turn moved on meanwhile (a player returned, another process moved)
            pass
        finally:
            if self._driving == ply:
                self._driving = None
        self.schedule()

    async def _drive_turn(self, seat: str, ply: int) -> None:
        now = self.hub.clock.now()
        if self.hub.store.shared and not await self._may_drive(seat, now):
            return
        deadline = self.game.deadline()
        if deadline is not None and now >= deadline:
            await self.leave(seat, "timeout", ply, by="clock")
        elif Seat[seat] in self.game.board.walking_kings:
            move = self.game.board.random_walking_king_move(self.rng)
            if move is not None:
                await self.move(seat, str(move), ply, by="walking")
        elif self.cpu_playing(seat):
            board = self.game.board.copy()
            move = await self.hub.cpu.choose(board, self.game.config.cpu_movetime)
            if self.cpu_playing(seat):  # not if the player came back while it thought
                await self.move(seat, str(move), ply, by="cpu")

    async def _may_drive(self, seat: str, now: float) -> bool:
        """On a shared store: read where the seats are connected when the choice depends on it (a
        human seat) or the last reading is old, and hold the game's drive lease, renewing it only
        when half of it is gone (two queries per CPU move were a fifth of the server's time)."""
        store = self.hub.store
        if self.game.config.seats[SEAT_NAMES.index(seat)].player != CPU or now >= self._presence_read_at + PRESENCE_REFRESH:
            self.remote_seen = await store.presence(self.game.id)
            self._presence_read_at = now
        if now < self._lease_held_until - LEASE_RENEWAL:
            return True
        if not await store.claim_drive(self.game.id, self.hub.origin, now, DRIVE_LEASE):
            self._lease_taken_until = now + DRIVE_LEASE  # try again when its lease may have run out
            return False
        self._lease_held_until = now + DRIVE_LEASE
        return True

    def close(self) -> None:
        """Stop the timer and the room's tasks (the server is shutting down)."""
        if self._timer is not None:
            self._timer.cancel()
        for task in list(self._tasks):
            task.cancel()
