"""The self-play file: one Parquet row per position, written through pyarrow (the optional
extra: ``pip install 'fourchess[selfplay]'``).

Parquet because every tool that trains or tunes reads it (pyarrow, pandas, polars, DuckDB,
Hugging Face datasets, Spark), it is typed and compressed, and it grows by row groups: each
finished game is written as one, so a run stopped by Ctrl-C or SIGTERM still closes a readable
file holding every game it finished. (A process killed outright never writes the footer that
makes a Parquet file readable; its games are lost.)

``COLUMNS`` names every column, its Arrow type and its meaning; the file's schema is built from
it, and ``SELFPLAY_METADATA_KEY`` in the schema's metadata holds the run's settings (JSON).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any

from fourchess._version import installed_version

if TYPE_CHECKING:
    from fourchess.engine.selfplay import SelfPlayConfig, SelfPlayGame

INSTALL_HINT = "pip install 'fourchess[selfplay]'"
SELFPLAY_METADATA_KEY = b"fourchess.selfplay"
COMPRESSION = "zstd"


class PyarrowMissing(ImportError):
    """pyarrow is not installed: writing self-play files needs the selfplay extra."""


@dataclass(frozen=True)
class Column:
    """One column of the file: its ``name``, its Arrow ``type`` (a ``pyarrow`` type function's
    name), whether it may be null (``nullable``) and what it holds (``meaning``)."""

    name: str
    type: str
    nullable: bool
    meaning: str


COLUMNS: tuple[Column, ...] = (
    Column("game", "int32", False, "the game's number in the run, from 1"),
    Column("ply", "int32", False, "moves played before this one in the game, from 0 (the start position)"),
    Column("mode", "string", False, "'teams' or 'ffa'"),
    Column("fen4", "string", False, "the position before the move, as FEN4"),
    Column("seat", "int8", False, "the seat to move: 0 Red, 1 Blue, 2 Yellow, 3 Green"),
    Column("move", "string", False, "the move played, in the engine form ('h2-h4', 'h10-h11=Q'; Board.parse_uci)"),
    Column("searched", "bool_", False, "chosen by the search; false for the random opening and walking kings"),
    Column("score_cp", "int32", True, "the search's score for the seat to move (Teams pawn 50, FFA point 100)"),
    Column("score_mate", "int32", True, "plies to a forced end found by the search: > 0 won, < 0 lost"),
    Column("depth", "int16", True, "the search's last completed iteration"),
    Column("nodes", "int64", True, "the positions the search visited"),
    Column("result", "float32", False, "the game's result for the seat to move (Teams 1/0.5/0; FFA see the docs)"),
    Column("points", "int32", False, "the seat to move's points when the game ended"),
    Column("place", "int8", False, "1 + the seats ranked strictly above the seat to move at the end"),
    Column("termination", "string", False, "how the game ended: 'checkmate', 'move_limit', ..."),
    Column("plies", "int32", False, "the moves the game lasted"),
)
COLUMN_NAMES: tuple[str, ...] = tuple(column.name for column in COLUMNS)


def pyarrow_modules() -> tuple[ModuleType, ModuleType]:
    """``pyarrow`` and ``pyarrow.parquet``, or :class:`PyarrowMissing` naming the extra."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError as error:
        raise PyarrowMissing(f"writing self-play files needs the selfplay extra ({INSTALL_HINT}): {error}") from error
    return pyarrow, pyarrow.parquet


def selfplay_schema(config: SelfPlayConfig | None = None) -> Any:
    """The file's ``pyarrow.Schema``: :data:`COLUMNS`, with the run's settings in its metadata
    (under :data:`SELFPLAY_METADATA_KEY`) when ``config`` is given."""
    pa, _ = pyarrow_modules()
    fields = [pa.field(column.name, getattr(pa, column.type)(), nullable=column.nullable) for column in COLUMNS]
    metadata = None
    if config is not None:
        settings = {"fourchess": installed_version(), **config.settings()}
        metadata = {SELFPLAY_METADATA_KEY: json.dumps(settings, sort_keys=True).encode()}
    return pa.schema(fields, metadata=metadata)


class SelfPlayWriter:
    """Writes the games of a self-play run to one Parquet file, each game as one row group as soon
    as it is given; :meth:`close` (or the end of a ``with`` block) writes the footer that makes the
    file readable. ``games`` and ``positions`` count what was written."""

    def __init__(self, path: str, config: SelfPlayConfig) -> None:
        pa, pq = pyarrow_modules()
        self._pa = pa
        self._schema = selfplay_schema(config)
        self._writer = pq.ParquetWriter(path, self._schema, compression=COMPRESSION)
        self.path = path
        self.games = 0
        self.positions = 0

    def write(self, game: SelfPlayGame) -> None:
        """Appends one finished game (one row group)."""
        self._writer.write_table(self._pa.Table.from_pydict(game.columns, schema=self._schema))
        self.games += 1
        self.positions += game.positions

    def write_all(
        self, games: Iterable[SelfPlayGame], on_game: Callable[[SelfPlayGame, SelfPlayWriter], None] | None = None
    ) -> None:
        """Writes ``games`` as they come; ``on_game`` sees each game once it is written."""
        for game in games:
            self.write(game)
            if on_game is not None:
                on_game(game, self)

    def close(self) -> None:
        """Finishes the file (its footer); later calls do nothing."""
        self._writer.close()

    def __enter__(self) -> SelfPlayWriter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def write_games(
    path: str,
    config: SelfPlayConfig,
    games: Iterable[SelfPlayGame],
    on_game: Callable[[SelfPlayGame, SelfPlayWriter], None] | None = None,
) -> SelfPlayWriter:
    """Writes ``games`` to ``path`` as they come (the file is opened first, so a missing pyarrow
    is known before any game is played); ``on_game`` sees each game once it is written. Returns
    the closed writer, with its counts."""
    with SelfPlayWriter(path, config) as writer:
        writer.write_all(games, on_game)
    return writer
