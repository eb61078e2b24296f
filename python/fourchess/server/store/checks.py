"""The checks every backend makes on its arguments before touching the database, and the JSON text
it stores: a wrong type is a TypeError, a bad value a ValueError, each naming what was wrong."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from fourchess._quote import quoted
from fourchess.server.store.base import ABORTED, FINISHED, PLAYING, FinishRecord, GameRecord, StepRecord

ENDED = (FINISHED, ABORTED)


def check_text(value: object, what: str, *, empty: bool = False) -> str:
    """``value`` when it is a str (non-empty unless ``empty``) that both databases can store:
    valid Unicode (no lone surrogates) without NUL characters, which PostgreSQL's text refuses."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, got {type(value).__name__} {quoted(value)}")
    if not value and not empty:
        raise ValueError(f"{what} must not be empty")
    if "\x00" in value:
        raise ValueError(f"{what} must not contain NUL characters, got {quoted(value)}")
    try:
        value.encode()
    except UnicodeEncodeError:
        raise ValueError(f"{what} must be valid Unicode (no lone surrogates), got {quoted(value)}") from None
    return value


def check_count(value: object, what: str) -> int:
    """``value`` when it is an int >= 0 (a ply, a number of steps)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {quoted(value)}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    return value


def check_time(value: object, what: str) -> float:
    """``value`` as a float when it is a finite number (seconds)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number of seconds, got {type(value).__name__} {quoted(value)}")
    if not math.isfinite(value):
        raise ValueError(f"{what} must be finite, got {value}")
    return float(value)


def check_lease(value: object) -> float:
    """``value`` as a float when it is a positive, finite number of seconds."""
    lease = check_time(value, "lease")
    if lease <= 0:
        raise ValueError(f"lease must be a positive number of seconds, got {lease}")
    return lease


def to_json(value: object, what: str) -> str:
    """The JSON text of ``value``, which must read back equal (so no tuples, no int keys)."""
    try:
        text = json.dumps(value, allow_nan=False, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{what} must be plain JSON data: {error}") from None
    try:
        text.encode()
    except UnicodeEncodeError:
        raise ValueError(f"{what} must be valid Unicode (no lone surrogates), got {quoted(value)}") from None
    if json.loads(text) != value:
        raise ValueError(
            f"{what} must be plain JSON data that reads back equal (lists, not tuples; str keys), got {quoted(value)}"
        )
    return text


def check_new_game(game: object) -> GameRecord:
    """``game`` when it is a GameRecord create_game can store: playing, no steps, no end."""
    if not isinstance(game, GameRecord):
        raise TypeError(f"create_game takes a GameRecord, got {type(game).__name__}")
    check_text(game.id, "game id")
    if not isinstance(game.settings, dict):
        raise TypeError(f"game settings must be a dict, got {type(game.settings).__name__}")
    if not isinstance(game.token_hashes, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in game.token_hashes.items()
    ):
        raise TypeError(f"token_hashes must map seat names to hex strings, got {quoted(game.token_hashes)}")
    check_time(game.created_at, "created_at")
    if game.steps or game.finish is not None or game.status != PLAYING:
        raise ValueError(f"game {quoted(game.id)}: a new game has no steps, no finish and status {PLAYING!r}")
    if game.rematch is not None:
        raise ValueError(f"game {quoted(game.id)}: a new game has no rematch yet (create_rematch links it)")
    return game


def check_step(step: object) -> StepRecord:
    """``step`` when it is a StepRecord with fields of the right types."""
    if not isinstance(step, StepRecord):
        raise TypeError(f"append_step takes a StepRecord, got {type(step).__name__}")
    check_count(step.ply, "step.ply")
    check_text(step.text, "step.text")
    check_text(step.seat, "step.seat")
    check_time(step.at, "step.at")
    check_text(step.by, "step.by")
    return step


SEAT_NAME = re.compile(r"[A-Z]{1,16}")  # every game's seats are named so: RED, WHITE


def check_turn(seat: object) -> str | None:
    """``seat`` when it is a seat name or None (no next turn: the game ends, or is not known)."""
    if seat is not None and (not isinstance(seat, str) or SEAT_NAME.fullmatch(seat) is None):
        raise ValueError(f"next_turn must be a seat name (RED, WHITE...) or None, got {quoted(seat)}")
    return seat


def check_finish(finish: object) -> FinishRecord:
    """``finish`` when it is a FinishRecord with an ending status."""
    if not isinstance(finish, FinishRecord):
        raise TypeError(f"a game's end must be a FinishRecord, got {type(finish).__name__}")
    if finish.status not in ENDED:
        raise ValueError(f"finish.status must be {FINISHED!r} or {ABORTED!r}, got {quoted(finish.status)}")
    if not isinstance(finish.result, dict):
        raise TypeError(f"finish.result must be a dict, got {type(finish.result).__name__}")
    check_text(finish.pgn4, "finish.pgn4", empty=True)
    check_time(finish.at, "finish.at")
    return finish


def check_seats(seats: object) -> list[str]:
    """The seat names of ``seats`` (a list or tuple of str), each once, in their first order."""
    if not isinstance(seats, (list, tuple)):
        raise TypeError(f"seats must be a list of seat names, got {type(seats).__name__}")
    return list(dict.fromkeys(check_text(seat, "seat") for seat in seats))


def from_json(text: str | None) -> Any:
    """The data a JSON column holds (None for SQL NULL)."""
    return None if text is None else json.loads(text)


SCHEMA_VERSION = 2  # the tables this code reads and writes; a newer database is refused, not guessed at

# what brings a database of an older version to the next one (the same SQL on both backends)
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: ("ALTER TABLE games ADD COLUMN turn TEXT",),  # 2: the seat whose move the store takes next
}


def migration_from(found: int) -> list[str]:
    """The statements that bring a database at schema version ``found`` to SCHEMA_VERSION."""
    return [statement for version in range(found, SCHEMA_VERSION) for statement in MIGRATIONS[version]]


class SchemaVersionError(RuntimeError):
    """The database was made by a fourchess with another schema version than this one's."""


def check_schema_version(found: int, where: str) -> None:
    """Refuse a database whose schema_version is neither SCHEMA_VERSION nor one MIGRATIONS bring to it."""
    if found != SCHEMA_VERSION and found not in MIGRATIONS:
        raise SchemaVersionError(f"{where} has schema version {found}; this fourchess reads version {SCHEMA_VERSION}")
