"""The server's game rooms in one process: loaded on first use from the store, told of what other
processes stored, and dropped again once nobody here has them open and they are over or paused.

At start the games played lately (within ``Limits.unattended_seconds``) are resumed in the
background, so their CPU seats and turn timers go on after a restart while the port already
answers; every other game waits in the store until someone asks for it."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Awaitable
from typing import Any

from fourchess._quote import quoted
from fourchess.server import tokens
from fourchess.server.clock import Clock, WallClock
from fourchess.server.cpu import CpuPlayers
from fourchess.server.errors import Busy, GameOver, GameSetAside, NoSuchGame
from fourchess.server.game import LiveGame
from fourchess.server.limits import Limits
from fourchess.server.room import Room
from fourchess.server.services import RoomServices
from fourchess.server.settings import GameConfig
from fourchess.server.store.base import GameRecord, Notification, Store
from fourchess.server.store.failures import StoreUnavailable

log = logging.getLogger("fourchess.server")

GAME_ID_BYTES = 9  # 12 URL-safe characters
MAX_GAME_ID_LENGTH = 32
GAME_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_GAME_ID_LENGTH}}}")  # secrets.token_urlsafe's alphabet
HEARTBEAT_SECONDS = 10.0
MAX_SET_ASIDE = 10_000  # set-aside games remembered (past it each is replayed and refused again)


class Hub:
    """Every live room of this process, over one store."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        cpu: CpuPlayers | None = None,
        origin: str | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.limits = limits if limits is not None else Limits()
        self.clock = clock if clock is not None else WallClock()
        self.cpu = cpu if cpu is not None else CpuPlayers()
        self.origin = origin if origin is not None else secrets.token_hex(8)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._heartbeat: asyncio.Task[None] | None = None
        self._resuming: asyncio.Task[None] | None = None
        self.set_aside: dict[str, str] = {}  # games whose steps do not replay, and why
        self.services = RoomServices(
            self.store, self.clock, self.cpu, self.origin, self.spawn, self.limits.unattended_seconds
        )

    async def start(self) -> None:
        """Open the store, listen to the other processes, and start resuming the games played
        lately (in the background: requests are answered meanwhile)."""
        await self.store.open()
        try:
            await self.store.ping()  # a store that cannot write must not take games
        except Exception as error:
            await self.store.close()
            raise StoreUnavailable(f"{self.store!r} cannot be written: {error}") from error
        await self.store.listen(self._notified)
        self._resuming = asyncio.create_task(self._resume(self.clock.now() - self.limits.unattended_seconds))
        if self.store.shared:
            self._heartbeat = asyncio.create_task(self._beat())

    async def _resume(self, active_since: float) -> None:
        for game_id in await self.store.unfinished_games(active_since=active_since):
            if game_id not in self.rooms:
                try:
                    room = await self.room(game_id, clock_continues=True)
                except GameSetAside:
                    continue  # logged when set aside
                except Exception as error:  # one game that cannot be loaded stops no other
                    log.error("game %s was not resumed: %s", game_id, error)
                    continue
                room.schedule()
            await asyncio.sleep(0)  # let requests in between

    @property
    def resumed(self) -> bool:
        """Has the start-up resumption finished?"""
        return self._resuming is None or self._resuming.done()

    async def stop(self) -> None:
        """Stop every room, the CPU threads and the store."""
        for task in (self._heartbeat, self._resuming):
            if task is not None:
                task.cancel()
        for room in self.rooms.values():
            room.close()
        for task in list(self._tasks):
            task.cancel()
        self.cpu.close()
        await self.store.close()

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run ``work`` in the background, logging a failure."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed: %s", task.exception(), exc_info=task.exception())

    async def room(self, game_id: object, *, clock_continues: bool = False) -> Room:
        """The game's room, loaded from the store the first time; NoSuchGame otherwise. A game
        loaded for a request was paused (or the server restarted): its turn's time starts afresh,
        unless ``clock_continues`` (a game resumed at start-up goes on as stored)."""
        if not isinstance(game_id, str) or GAME_ID.fullmatch(game_id) is None:  # before any store sees it
            raise NoSuchGame(
                f"no game has the id {quoted(game_id)}: ids are 1..{MAX_GAME_ID_LENGTH} of A-Z a-z 0-9 _ -"
            )
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if game_id in self.set_aside:
            raise GameSetAside(f"game {game_id} is set aside: {self.set_aside[game_id]}")
        loading = self._loading.get(game_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            record = await self.store.load_game(game_id)
            if record is None:
                raise NoSuchGame(f"no game has the id {game_id!r}")
            game = self._replay(record)
            if not clock_continues:
                game.clock_from = self.clock.now()
            room = Room(game, self.services, self._settled)
            self.rooms[game_id] = room
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: later awaiters get it, nobody is warned about it
            raise
        finally:
            del self._loading[game_id]

    def _replay(self, record: GameRecord) -> LiveGame:
        """The stored game on a board; a game whose steps do not replay is set aside (logged once,
        answered 503 from then on) instead of failing the request or the start-up."""
        try:
            return LiveGame(record)
        except Exception as error:
            reason = (
                f"its stored steps do not replay ({str(error)[:200]});"
                " an operator must look at it (fourchess serve --check-games)"
            )
            if len(self.set_aside) < MAX_SET_ASIDE:
                self.set_aside[record.id] = reason
            log.error("game %s set aside: %s", record.id, reason)
            raise GameSetAside(f"game {record.id} is set aside: {reason}") from error

    def _settled(self, room: Room) -> None:
        """A room's change is done (its ``settled`` callback): drop it once nobody here has it open
        and its game is over or paused, pausing it first. The store keeps the whole game and
        room() loads it again when asked. (Kept, every game a process ever served stayed in its
        memory, and in every full garbage collection.)"""
        if room.connections or (room.game.playing and room.attended()):
            return
        room.pause()
        self.forget(room)

    def forget(self, room: Room) -> None:
        """Drop the room from memory (when it is the one held for its game)."""
        if self.rooms.get(room.game.id) is room:
            del self.rooms[room.game.id]

    async def create(
        self, config: GameConfig, seat_tokens: dict[int, str] | None = None, game_id: str | None = None
    ) -> tuple[Room, dict[int, str]]:
        """Store a new game; its room and each human seat's token (made here unless given). Busy
        while ``Limits.max_rooms`` games are held and none of them can be let go."""
        self._make_room_for_one()
        record, seat_tokens = self._new_game(config, seat_tokens, game_id)
        await self.store.create_game(record)
        room = await self.room(record.id)
        room.schedule()
        return room, seat_tokens

    def _make_room_for_one(self) -> None:
        """Busy unless one more game may be held (idle ones are let go to make room)."""
        if len(self.rooms) >= self.limits.max_rooms:
            for held in list(self.rooms.values()):
                held.settle()
            if len(self.rooms) >= self.limits.max_rooms:
                raise Busy(f"this server holds {len(self.rooms)} games, its most; try again later")

    def _new_game(
        self, config: GameConfig, seat_tokens: dict[int, str] | None, game_id: str | None
    ) -> tuple[GameRecord, dict[int, str]]:
        game_id = game_id if game_id is not None else secrets.token_urlsafe(GAME_ID_BYTES)
        given = seat_tokens if seat_tokens is not None else {}
        seat_tokens = {seat: given.get(seat) or tokens.new_token() for seat in config.human_seats()}
        record = GameRecord(
            id=game_id,
            settings=config.to_dict(),
            token_hashes={config.seat_names[seat]: tokens.token_hash(token) for seat, token in seat_tokens.items()},
            created_at=self.clock.now(),
        )
        return record, seat_tokens

    async def rematch(self, room: Room, seat: int) -> tuple[Room, int, str]:
        """The game's rematch (made by the first seat to ask, found by the others): its room, the
        caller's seat in it and the caller's token there. With rotate_first_seat every player
        moves on one seat: the old second seat (BLUE, BLACK) is the new first, and moves first."""
        game = room.game
        if game.playing:
            raise GameOver("a rematch is made once the game is over")
        shift = 1 if game.config.game.rotate_first_seat else 0
        count = game.play.seat_count
        new_seat = {old: (old - shift) % count for old in range(count)}
        async with room.lock:
            if game.rematch is None and self.store.shared:
                await room.catch_up(reload=True)  # another process may have made it already
            if game.rematch is None:
                self._make_room_for_one()
                rematch_id = secrets.token_urlsafe(GAME_ID_BYTES)
                config = game.config.rotated() if shift else game.config
                new_tokens = {
                    new_seat[old]: tokens.rematch_token(digest, rematch_id) for old, digest in game.token_hashes.items()
                }
                record, _ = self._new_game(config, new_tokens, rematch_id)
                # the new game and the old one's link to it in one transaction: a crash leaves
                # both or neither; another process that made one first gives its id instead
                game.rematch = await self.store.create_rematch(game.id, record)
                if game.rematch == rematch_id:
                    (await self.room(rematch_id)).schedule()
        room.broadcast_state()
        assert game.rematch is not None
        new = new_seat[seat]
        return await self.room(game.rematch), new, tokens.rematch_token(game.token_hashes[seat], game.rematch)

    async def _notified(self, note: Notification) -> None:
        if note.get("kind") == "resync":  # the store lost its connection: anything may have been missed
            for each in list(self.rooms.values()):
                await each.sync(reload=True)
            return
        room = self.rooms.get(str(note.get("game")))
        if room is None:
            return
        if note.get("kind") == "relay":
            to = room.game.config.seat_named(note.get("to"))
            if to is not None:
                room.deliver(to, str(note.get("text")))
        else:
            await room.sync(reload=note.get("kind") != "step")

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            for room in list(self.rooms.values()):
                seats = [room.game.seat_names[seat] for seat in sorted(room.local_seats())]
                if seats and room.game.playing:
                    try:
                        await self.store.touch_presence(room.game.id, seats, self.clock.now())
                    except Exception as error:  # the database is away; the next beat tries again
                        log.warning("presence heartbeat failed: %s", error)
