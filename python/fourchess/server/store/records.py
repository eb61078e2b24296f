"""Rows to records and back: the columns both backends store a game's end in, and the GameRecord a
row of ``GAME_COLUMNS`` with its step rows make."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from fourchess.server.store.base import PLAYING, FinishRecord, GameRecord, StepKind, StepRecord
from fourchess.server.store.checks import from_json, to_json

GAME_COLUMNS = "id, settings, token_hashes, created_at, status, result, pgn4, finished_at, rematch"
STEP_COLUMNS = "ply, text, seat, at, by"


def ending_columns(finish: FinishRecord) -> tuple[str, str, str, float]:
    """The values of (status, result, pgn4, finished_at) for a game that ended with ``finish``."""
    return (finish.status, to_json(finish.result, "finish.result"), finish.pgn4, float(finish.at))


def turn_needed(step: StepRecord) -> str | None:
    """The seat that must be on turn for ``step`` to be stored: a move's own seat. None for a
    leave ("resign:R"): a seat may resign or claim right after its own move too (docs/rules.md §10),
    and a timeout is judged by the clock."""
    return step.seat if step.kind is StepKind.MOVE else None


def step_record(row: Sequence[Any]) -> StepRecord:
    """The StepRecord of a row of ``STEP_COLUMNS``."""
    ply, text, seat, at, by = row
    return StepRecord(ply=ply, text=text, seat=seat, at=at, by=by)


def game_record(row: Sequence[Any], steps: Iterable[Sequence[Any]]) -> GameRecord:
    """The GameRecord of a row of ``GAME_COLUMNS`` and its step rows in ply order."""
    game_id, settings, token_hashes, created_at, status, result, pgn4, finished_at, rematch = row
    finish = (
        None if status == PLAYING else FinishRecord(status=status, result=from_json(result), pgn4=pgn4, at=finished_at)
    )
    return GameRecord(
        id=game_id,
        settings=from_json(settings),
        token_hashes=from_json(token_hashes),
        created_at=created_at,
        steps=tuple(step_record(step) for step in steps),
        finish=finish,
        rematch=rematch,
        status=status,
    )
