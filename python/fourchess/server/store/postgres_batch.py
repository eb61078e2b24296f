"""Group commit for the PostgreSQL store: the appends that arrive while a batch is at the database
go together in the next one, as one statement (one round trip, one commit). A round trip cost the
server's event loop about 160 us, most of it the write that wakes the database's process, and
nearly all of it is shared in a batch.

A batch holds at most one step per game (an UPDATE ... FROM takes one input row per target row);
the others wait for the next. The statement advances each game whose ply is the step's and that is
still playing, stores those steps and notifies the other processes of each, all in one
transaction. A step it did not store is judged alone (taken: False; past the next ply:
ValueError). When the statement fails as a whole (a lost connection, a deadlock with another
process's batch), each step of it is tried again on its own, so each caller hears its own answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fourchess.server.store.base import StepRecord
from fourchess.server.store.notification import CHANNEL
from fourchess.server.store.records import turn_needed

log = logging.getLogger("fourchess.server.store")

MAX_BATCH = 200  # steps per statement: bounds its size and how long the others in it wait

APPEND_STEPS = f"""
    WITH input AS (
        SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::float8[], $6::text[],
                             $7::text[], $8::json[], $9::text[], $10::float8[], $11::text[], $12::text[], $13::text[])
            AS i (game_id, ply, text, seat, at, by, status, result, pgn4, finished_at, payload, mover, next_turn)
    ), advanced AS (
        UPDATE games g SET plies = g.plies + 1, turn = i.next_turn,
            status = coalesce(i.status, g.status), result = coalesce(i.result, g.result),
            pgn4 = coalesce(i.pgn4, g.pgn4), finished_at = coalesce(i.finished_at, g.finished_at)
        FROM input i
        WHERE g.id = i.game_id AND g.status = 'playing' AND g.plies = i.ply
            AND (i.mover IS NULL OR g.turn IS NULL OR g.turn = i.mover)
        RETURNING g.id, i.ply, i.text, i.seat, i.at, i.by, i.payload
    ), stored AS (
        INSERT INTO steps (game_id, ply, text, seat, at, by)
        SELECT id, ply, text, seat, at, by FROM advanced
        RETURNING game_id
    )
    SELECT a.id, pg_notify('{CHANNEL}', a.payload) FROM advanced a"""

Ending = tuple[Any, Any, Any, Any]  # (status, result JSON, pgn4, finished_at), all None while playing


@dataclass
class Append:
    """One append_step call waiting for its batch: the row to store and the caller's future."""

    game_id: str
    step: StepRecord
    ending: Ending
    payload: str
    next_turn: str | None
    future: asyncio.Future[bool]

    def columns(self) -> tuple[Any, ...]:
        """The statement's values: the step, its ending, the notice, the seat that must be on
        turn (None for a leave) and the seat on turn after it."""
        step = self.step
        return (
            self.game_id,
            step.ply,
            step.text,
            step.seat,
            float(step.at),
            step.by,
            *self.ending,
            self.payload,
            turn_needed(step),
            self.next_turn,
        )


class AppendBatcher:
    """Runs the queued appends in batches, one batch at a time. ``fetch(query, *args)`` runs a
    statement on the pool; ``alone(append)`` stores one append by itself (the store's single
    statement) and ``refused(append)`` judges one the batch did not store."""

    def __init__(
        self,
        fetch: Callable[..., Awaitable[list[Any]]],
        alone: Callable[[Append], Awaitable[bool]],
        refused: Callable[[Append], Awaitable[bool]],
    ) -> None:
        self._fetch = fetch
        self._alone = alone
        self._refused = refused
        self._queue: list[Append] = []
        self._flusher: asyncio.Task[None] | None = None
        self.batches = 0  # statements run so far (fewer than appends: they are grouped)

    async def append(self, game_id: str, step: StepRecord, ending: Ending, payload: str, next_turn: str | None) -> bool:
        """Store the step in the next batch; its answer as append_step gives it."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append(Append(game_id, step, ending, payload, next_turn, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        return await future

    async def stop(self) -> None:
        """Let the batches under way finish."""
        while self._flusher is not None and not self._flusher.done():
            await asyncio.shield(self._flusher)

    async def _flush(self) -> None:
        while self._queue:
            batch: list[Append] = []
            later: list[Append] = []
            games: set[str] = set()
            for append in self._queue:
                if append.game_id in games or len(batch) == MAX_BATCH:
                    later.append(append)
                else:
                    games.add(append.game_id)
                    batch.append(append)
            self._queue = later
            await self._run(batch)

    async def _run(self, batch: list[Append]) -> None:
        try:
            self.batches += 1
            rows = await self._fetch(
                APPEND_STEPS, *(list(column) for column in zip(*(append.columns() for append in batch), strict=True))
            )
        except Exception as error:  # the statement failed as a whole: each step on its own
            log.warning("a batch of %d appends failed (%s); storing them one by one", len(batch), error)
            await asyncio.gather(*(self._settle(append, self._alone(append)) for append in batch))
            return
        stored = {row[0] for row in rows}
        for append in batch:
            if append.game_id in stored:
                _set(append.future, result=True)
        await asyncio.gather(
            *(self._settle(append, self._refused(append)) for append in batch if append.game_id not in stored)
        )

    async def _settle(self, append: Append, answer: Awaitable[bool]) -> None:
        try:
            result = await answer
        except Exception as error:
            _set(append.future, error=error)
        else:
            _set(append.future, result=result)


def _set(future: asyncio.Future[bool], *, result: bool | None = None, error: Exception | None = None) -> None:
    if future.done():  # the caller was cancelled; the step is stored (or not) all the same
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(bool(result))
