"""A live game in one server process: its connections, its seats' presence, and the game's own
moves (CPU seats, seats away past the grace period, walking kings, turn timeouts).

The game's own moves are made only while someone attends it: a page is open on it, or a player
acted or left less than ``Limits.unattended_seconds`` ago. Past that the game pauses: the room
leaves memory, and the next request loads it again, its turn's time starting afresh. So games
nobody plays cost nothing, however many there are.

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
from fourchess.server.cpu import PLAYED, WATCHED, TurnOver
from fourchess.server.errors import BadRequest, RequestError, Stale, TurnTimedOut
from fourchess.server.game import LiveGame, Proposal
from fourchess.server.settings import CPU, MIN_CPU_MOVETIME, SEAT_NAMES
from fourchess.server.state import board_part, game_state
from fourchess.server.store.base import StepKind
from fourchess.server.store.failures import is_store_failure

if TYPE_CHECKING:
    from fourchess.server.hub import Hub

log = logging.getLogger("fourchess.server")

PARTNERS = {seat.name: Seat((seat + 2) % 4).name for seat in Seat}  # Teams partners sit opposite: RED and YELLOW
DRIVE_LEASE = 10.0  # seconds a process keeps the right to move for a shared game's CPU seats
LEASE_RENEWAL = DRIVE_LEASE / 2  # a lease this process holds is renewed once less than this is left
PRESENCE_REFRESH = 5.0  # a CPU seat's move reads the other processes' presence at most this often
PRESENCE_WINDOW = 25.0  # a seat seen by another process this recently counts as connected
STORE_RETRY = 2.0  # seconds before the game's own step is tried again after the store failed
SEARCH_MARGIN = 0.1  # the part of a turn's remaining time a CPU search leaves unused, for its move to arrive


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
        self._timer: Any = None  # the next thing the game does by itself (a CPU move, the grace running out)
        self._deadline_timer: Any = None  # the turn's deadline, armed even while a search runs
        self._driving: int | None = None  # the ply a drive task is working on
        self._thinking: asyncio.Future[Any] | None = None  # the CPU's search for this turn, while it runs
        self.attended_until = game.turn_started() + hub.limits.unattended_seconds
        self.human_acted_at = -PRESENCE_WINDOW
        self._store_back_at = 0.0  # after a failed write of the game's own step, it is tried again then
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

    def attended(self) -> bool:
        """Does anyone attend the game: a page open on it here (or a seat's in another process),
        or a player who acted or left a short while ago?"""
        now = self.hub.clock.now()
        if self.connections or now < self.attended_until:
            return True
        return any(now - seen < PRESENCE_WINDOW for seen in self.remote_seen.values())

    def attend(self) -> None:
        """Someone acted on the game now: it goes on by itself a while longer."""
        self.attended_until = max(self.attended_until, self.hub.clock.now() + self.hub.limits.unattended_seconds)

    def _priority(self) -> int:
        """PLAYED while a player is at the board (a seat's page open, a move over HTTP lately),
        else WATCHED: the CPU answers the games people play first."""
        if self.local_seats() or self.hub.clock.now() - self.human_acted_at < PRESENCE_WINDOW:
            return PLAYED
        return PLAYED if any(self.connected(seat) for seat in self.remote_seen) else WATCHED

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
            self.away_since[seat] = self.hub.clock.now()  # type: ignore[index]
            self.broadcast_state()
        if last_of_seat or not self.connections:
            self.schedule()
        self.hub.forget_if_idle(self)

    # --- requests ------------------------------------------------------------------------------

    async def move(self, seat: str, text: object, ply: object, by: str = "human") -> Proposal:
        """Validate, store and announce a move for ``seat``; a RequestError changes nothing, but
        for a move that comes after its turn's deadline: the seat is timed out, then TurnTimedOut."""
        self._acted(by)
        if self._past_deadline(seat):
            try:
                await self.leave(seat, StepKind.TIMEOUT, self.game.ply, by="clock")
            except RequestError:
                pass  # the turn moved on meanwhile: judge the move against the game as it is now
            else:
                raise TurnTimedOut(f"{seat}'s time for this turn ran out before its move arrived")
        return await self._change(lambda now: self.game.propose_move(seat, text, ply, now, by), ply)

    async def leave(self, seat: str, kind: StepKind, ply: object = None, by: str = "human") -> Proposal:
        """Resign, time out or claim for ``seat`` (or abort the game, when the leave aborts it)."""
        self._acted(by)
        return await self._change(lambda now: self.game.propose_leave(seat, kind, ply, now, by), ply)

    def _acted(self, by: str) -> None:
        if by == "human":
            self.human_acted_at = self.hub.clock.now()
            self.attend()

    def _past_deadline(self, seat: str) -> bool:
        deadline = self.game.deadline()
        return deadline is not None and self.game.turn() == seat and self.hub.clock.now() >= deadline

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
        self.hub.forget_if_idle(self)
        return proposal

    async def _store(self, proposal: Proposal) -> bool:
        store = self.hub.store
        if proposal.step is not None:
            # the board holds the proposal: its turn is the seat whose move the store takes next
            return bool(await store.append_step(self.game.id, proposal.step, proposal.finish, self.game.turn()))
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
            self.hub.forget_if_idle(self)

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
            conn.send_state(text)

    # --- the game's own moves ------------------------------------------------------------------

    def schedule(self) -> None:
        """Set the timers the game needs: the turn's deadline, and the next thing the game does by
        itself (now for a CPU seat or walking king, else when the mover's grace period ends, or
        when the game pauses because nobody attends it)."""
        self._cancel_timers()
        game = self.game
        seat = game.turn()
        if seat is None:
            return
        if not self.attended():
            self.pause()
            return
        now = self.hub.clock.now()
        deadline = game.deadline()
        if deadline is not None:
            self._deadline_timer = self.hub.clock.call_at(max(deadline, self._lease_taken_until, self._store_back_at), self._deadline_passed)
        if self._driving == game.ply:
            return  # a drive task is at this turn; it schedules again when done
        times = []
        if self._moves_itself(seat):
            times.append(now)
        elif seat in self.away_since and not self.connected(seat):
            times.append(self.away_since[seat] + game.config.grace_seconds)
        if not self.connections:
            times.append(self.attended_until)
        if times:
            when = max(min(times), self._lease_taken_until, self._store_back_at)
            if when <= now:
                self.spawn(self._drive())
            else:
                self._timer = self.hub.clock.call_at(when, self._wake)

    def _cancel_timers(self) -> None:
        for timer in (self._timer, self._deadline_timer):
            if timer is not None:
                timer.cancel()
        self._timer = self._deadline_timer = None

    def pause(self) -> None:
        """Nobody attends the game: stop its timers and its search, and leave memory (the game
        stays stored; a request loads it again)."""
        self._cancel_timers()
        if self._thinking is not None:
            self._thinking.cancel()
        if not self.connections:
            self.hub.forget(self)

    def _moves_itself(self, seat: str) -> bool:
        return Seat[seat] in self.game.board.walking_kings or self.cpu_playing(seat)

    def _wake(self) -> None:
        self._timer = None
        self.spawn(self._drive())

    def _deadline_passed(self) -> None:
        self._deadline_timer = None
        self.spawn(self._time_out())

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

    async def _time_out(self) -> None:
        """The turn's deadline: the seat to move times out, even while a search is thinking for
        it (the search's late move is then refused as stale)."""
        game = self.game
        seat, ply = game.turn(), game.ply
        now = self.hub.clock.now()
        deadline = game.deadline()
        if seat is None or deadline is None or now < deadline:
            self.schedule()
            return
        if self.hub.store.shared and not await self._may_drive(seat, now):
            self.schedule()
            return
        if not self.attended():
            self.pause()
            return
        if self._thinking is not None:
            self._thinking.cancel()
        try:
            await self.leave(seat, StepKind.TIMEOUT, ply, by="clock")
        except RequestError:  # the turn moved on meanwhile
            self.schedule()
        except Exception as error:
            if not is_store_failure(error):
                raise
            self._store_failed(error)
            self.schedule()

    def _store_failed(self, error: Exception) -> None:
        """The game's own step could not be stored: try again a little later, not at once."""
        log.warning("game %s: the store could not take the game's own step, retrying in %g s: %s", self.game.id, STORE_RETRY, error)
        self._store_back_at = self.hub.clock.now() + STORE_RETRY

    async def _drive(self) -> None:
        game = self.game
        seat, ply = game.turn(), game.ply
        if seat is None or self._driving == ply:
            return
        self._driving = ply
        try:
            await self._drive_turn(seat, ply)
        except (RequestError, TurnOver):  # the turn moved on meanwhile, or ran out before the CPU could think
            pass
        except Exception as error:
            if not is_store_failure(error):
                raise
            self._store_failed(error)
        finally:
            if self._driving == ply:
                self._driving = None
        self.schedule()

    async def _drive_turn(self, seat: str, ply: int) -> None:
        now = self.hub.clock.now()
        if self.hub.store.shared and not await self._may_drive(seat, now):
            return
        if not self.attended():
            return  # schedule() pauses the game
        deadline = self.game.deadline()
        if deadline is not None and now >= deadline:
            await self.leave(seat, StepKind.TIMEOUT, ply, by="clock")
        elif Seat[seat] in self.game.board.walking_kings:
            move = self.game.board.random_walking_king_move(self.rng)
            if move is not None:
                await self.move(seat, str(move), ply, by="walking")
        elif self.cpu_playing(seat):
            self._thinking = asyncio.ensure_future(self.hub.cpu.choose(self.game.board.copy(), self._search_budget(), self._priority()))
            try:
                move = await self._thinking
            except asyncio.CancelledError:
                if asyncio.current_task().cancelling():  # type: ignore[union-attr]
                    raise  # the room is closing
                return  # the search was called off: the turn timed out or the game paused
            finally:
                self._thinking = None
            if self.cpu_playing(seat) and self.game.ply == ply:  # not if the player came back while it thought
                await self.move(seat, str(move), ply, by="cpu")

    def _search_budget(self) -> Callable[[], float | None]:
        """The CPU's think time for the turn, asked for when a worker takes the search: the game's
        cpu_movetime, cut to what is left of the turn; None once the turn is (nearly) over. The
        turn's deadline is read here, on the loop: the worker's thread sees only numbers and the
        clock, never the game."""
        movetime = self.game.config.cpu_movetime
        deadline = self.game.deadline()
        clock = self.hub.clock

        def seconds() -> float | None:
            if deadline is None:
                return movetime
            left = (deadline - clock.now()) * (1 - SEARCH_MARGIN)
            return None if left < MIN_CPU_MOVETIME else min(movetime, left)

        return seconds

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
        """Stop the timers and the room's tasks (the server is shutting down)."""
        self._cancel_timers()
        for task in list(self._tasks):
            task.cancel()
