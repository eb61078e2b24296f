"""The game's own moves in one room: the turn's deadline, the CPU's moves (for CPU seats and for
seats away past their grace period), walking kings, and on a shared store the drive lease.

A room is presence, requests and sync; what the game does by itself lives here, apart, because
it is all timers and background tasks. The Driver moves through the room's own requests (move,
leave), so the game's own steps go the way a player's do: proposed, stored, then committed. It
acts only while the room says someone attends the game, and otherwise asks the room to settle
(the game pauses and may leave memory).

On a shared store (several processes over one database) only the process holding the game's
drive lease makes the game's own moves; the others keep their timers, so one of them takes over
when the lease runs out.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from fourchess.server.cpu import TurnOver
from fourchess.server.errors import RequestError
from fourchess.server.game import LiveGame, Proposal
from fourchess.server.services import RoomServices
from fourchess.server.settings import LOSE, MIN_CPU_MOVETIME
from fourchess.server.store.base import StepKind
from fourchess.server.store.failures import is_store_failure

log = logging.getLogger("fourchess.server")

DRIVE_LEASE = 10.0  # seconds a process keeps the right to move for a shared game's CPU seats
LEASE_RENEWAL = DRIVE_LEASE / 2  # a lease this process holds is renewed once less than this is left
PRESENCE_REFRESH = 5.0  # a CPU seat's move reads the other processes' presence at most this often
STORE_RETRY = 2.0  # seconds before the game's own step is tried again after the store failed
SEARCH_MARGIN = 0.1  # the part of a turn's remaining time a CPU search leaves unused, for its move to arrive


class Driven(Protocol):
    """What the Driver needs of its room: the game, who attends it, and a player's requests."""

    game: LiveGame

    def attended(self) -> bool:
        """Does anyone attend the game (the Driver acts only then)?"""

    def cpu_playing(self, seat: int) -> bool:
        """Does the CPU move for the seat now?"""

    def presence_wakes(self, seat: int) -> float | None:
        """When presence alone next changes what the game does by itself (None: not waited for)."""

    def priority(self) -> int:
        """The CPU queue's priority for this game's searches (cpu.PLAYED or cpu.WATCHED)."""

    async def read_presence(self) -> None:
        """Read where the seats are connected in the other processes."""

    async def move(self, seat: int, text: object, ply: object, by: str = "human") -> Proposal:
        """Propose, store and announce a move."""

    async def leave(self, seat: int, kind: StepKind, ply: object = None, by: str = "human") -> Proposal:
        """Propose, store and announce a leave."""

    def settle(self) -> None:
        """The game paused or ended: the room may leave memory."""


class Driver:
    """Makes one room's game move by itself: keeps its timers, runs its drive tasks (``idle``
    waits for them) and its CPU search."""

    def __init__(self, room: Driven, services: RoomServices) -> None:
        self.room = room
        self.services = services
        self.rng = random.Random()
        self._timer: Any = None  # the next thing the game does by itself (a CPU move, the grace running out)
        self._deadline_timer: Any = None  # the turn's deadline, armed even while a search runs
        self._driving: int | None = None  # the ply a drive task is working on
        self._thinking: asyncio.Future[Any] | None = None  # the CPU's search for this turn, while it runs
        self._store_back_at = 0.0  # after a failed write of the game's own step, it is tried again then
        self._lease_taken_until = 0.0  # another process drives this game until then
        self._lease_held_until = 0.0  # this process drives it until then
        self._presence_read_at = -PRESENCE_REFRESH
        self._tasks: set[asyncio.Task[None]] = set()

    # --- timers --------------------------------------------------------------------------------

    def schedule(self) -> None:
        """Set the timers the game needs: the turn's deadline, and the next thing the game does by
        itself (now for a CPU seat or walking king, else when the mover's grace period ends, or
        when the game pauses because nobody attends it)."""
        self._cancel_timers()
        game = self.room.game
        seat = game.turn()
        if seat is None:
            return
        if not self.room.attended():
            self.room.settle()  # the game pauses
            return
        clock = self.services.clock
        now = clock.now()
        deadline = game.deadline()
        if deadline is not None:
            self._deadline_timer = clock.call_at(
                max(deadline, self._lease_taken_until, self._store_back_at), self._deadline_passed
            )
        if self._driving == game.ply:
            return  # a drive task is at this turn; it schedules again when done
        wakes = now if self._moves_itself(seat) else self.room.presence_wakes(seat)
        if wakes is None:
            return
        when = max(wakes, self._lease_taken_until, self._store_back_at)
        if when <= now:
            self.spawn(self._drive())
        else:
            self._timer = clock.call_at(when, self._wake)

    def _cancel_timers(self) -> None:
        for timer in (self._timer, self._deadline_timer):
            if timer is not None:
                timer.cancel()
        self._timer = self._deadline_timer = None

    def pause(self) -> None:
        """Nobody attends the game: stop its timers and its search."""
        self._cancel_timers()
        if self._thinking is not None:
            self._thinking.cancel()

    def close(self) -> None:
        """Stop the timers and the drive tasks (the server is shutting down)."""
        self._cancel_timers()
        for task in list(self._tasks):
            task.cancel()

    def _wake(self) -> None:
        self._timer = None
        self.spawn(self._drive())

    def _deadline_passed(self) -> None:
        self._deadline_timer = None
        self.spawn(self._time_out())

    # --- tasks ---------------------------------------------------------------------------------

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` as a drive task (``idle`` waits for them)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: %s", self.room.game.id, task.exception(), exc_info=task.exception())

    @property
    def busy(self) -> bool:
        """Is a drive task (a CPU move, a timeout) under way?"""
        return bool(self._tasks)

    async def idle(self) -> None:
        """Wait until the drive tasks have finished."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # --- the game's own steps ------------------------------------------------------------------

    def _moves_itself(self, seat: int) -> bool:
        return self.room.game.play.moves_itself(seat) or self.room.cpu_playing(seat)

    def _cpu_at_timeout(self) -> bool:
        """Does the CPU move for a seat whose turn ran out (the game's on_timeout setting, when its
        CPU can play here), instead of the seat losing on time?"""
        game = self.room.game
        return game.config.game.on_timeout != LOSE and game.kind.cpu_missing() is None

    async def _time_out(self) -> None:
        """The turn's deadline: the seat to move times out, even while a search is thinking for
        it (the search's late move is then refused as stale); or, where the game says so, the CPU
        moves for it."""
        game = self.room.game
        seat, ply = game.turn(), game.ply
        now = self.services.clock.now()
        deadline = game.deadline()
        if seat is None or deadline is None or now < deadline:
            self.schedule()
            return
        if self.services.store.shared and not await self._may_drive(seat, now):
            self.schedule()
            return
        if not self.room.attended():
            self.room.settle()  # the game pauses
            return
        if self._cpu_at_timeout():
            if self._driving != ply:  # a search for this turn already under way goes on
                self.spawn(self._drive(at_timeout=True))
            return
        if self._thinking is not None:
            self._thinking.cancel()
        try:
            await self.room.leave(seat, StepKind.TIMEOUT, ply, by="clock")
        except RequestError:  # the turn moved on meanwhile
            self.schedule()
        except Exception as error:
            if not is_store_failure(error):
                raise
            self._store_failed(error)
            self.schedule()

    def _store_failed(self, error: Exception) -> None:
        """The game's own step could not be stored: try again a little later, not at once."""
        log.warning(
            "game %s: the store could not take the game's own step, retrying in %g s: %s",
            self.room.game.id,
            STORE_RETRY,
            error,
        )
        self._store_back_at = self.services.clock.now() + STORE_RETRY

    async def _drive(self, at_timeout: bool = False) -> None:
        game = self.room.game
        seat, ply = game.turn(), game.ply
        if seat is None or self._driving == ply:
            return
        self._driving = ply
        try:
            await self._drive_turn(seat, ply, at_timeout)
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

    async def _drive_turn(self, seat: int, ply: int, at_timeout: bool = False) -> None:
        room, game = self.room, self.room.game
        now = self.services.clock.now()
        if self.services.store.shared and not await self._may_drive(seat, now):
            return
        if not room.attended():
            return  # schedule() pauses the game
        deadline = game.deadline()
        past_deadline = deadline is not None and now >= deadline
        if past_deadline and not self._cpu_at_timeout():
            await room.leave(seat, StepKind.TIMEOUT, ply, by="clock")
        elif game.play.moves_itself(seat):
            move = game.play.own_move(self.rng)
            if move is not None:
                await room.move(seat, move, ply, by="walking")
        elif room.cpu_playing(seat) or at_timeout or past_deadline:
            budget = self._search_budget() if not past_deadline else game.config.cpu_movetime
            self._thinking = asyncio.ensure_future(
                self.services.cpu.choose(game.kind, game.play.for_cpu(), budget, room.priority(), game.config.cpu_skill)
            )
            try:
                move = await self._thinking
            except asyncio.CancelledError:
                if asyncio.current_task().cancelling():  # type: ignore[union-attr]
                    raise  # the room is closing
                return  # the search was called off: the turn timed out or the game paused
            finally:
                self._thinking = None
            # not if the player came back while it thought (unless it thinks because the turn ran out)
            if (room.cpu_playing(seat) or at_timeout or past_deadline) and game.ply == ply:
                await room.move(seat, move, ply, by="cpu")

    def _search_budget(self) -> Callable[[], float | None]:
        """The CPU's think time for the turn, asked for when a worker takes the search: the game's
        cpu_movetime, cut to what is left of the turn; None once the turn is (nearly) over. The
        turn's deadline is read here, on the loop: the worker's thread sees only numbers and the
        clock, never the game."""
        movetime = self.room.game.config.cpu_movetime
        deadline = self.room.game.deadline()
        clock = self.services.clock

        def seconds() -> float | None:
            if deadline is None:
                return movetime
            left = (deadline - clock.now()) * (1 - SEARCH_MARGIN)
            return None if left < MIN_CPU_MOVETIME else min(movetime, left)

        return seconds

    async def _may_drive(self, seat: int, now: float) -> bool:
        """On a shared store: read where the seats are connected when the choice depends on it (a
        human seat) or the last reading is old, and hold the game's drive lease, renewing it only
        when half of it is gone (two queries per CPU move were a fifth of the server's time)."""
        game = self.room.game
        if not game.config.cpu_seat(seat) or now >= self._presence_read_at + PRESENCE_REFRESH:
            await self.room.read_presence()
            self._presence_read_at = now
        if now < self._lease_held_until - LEASE_RENEWAL:
            return True
        if not await self.services.store.claim_drive(game.id, self.services.origin, now, DRIVE_LEASE):
            self._lease_taken_until = now + DRIVE_LEASE  # try again when its lease may have run out
            return False
        self._lease_held_until = now + DRIVE_LEASE
        return True
