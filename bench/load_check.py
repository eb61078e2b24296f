"""What test_server_load.py checks after a run: the database's steps of every game against what the
client sent and saw. Nothing acknowledged is missing, nothing is stored that no seat sent or stored
twice, every game's steps replay legally to the position the client saw last, and a stored ending
is the one the replay reaches."""

from __future__ import annotations

from dataclasses import dataclass

from fourchess import Board, Rules
from fourchess.server.store import open_store
from fourchess.server.store.base import GameRecord
from server_load import CPU_SEAT, LoadResult


@dataclass
class StoredCounts:
    """The database's side of a run."""

    games: int
    steps: int  # every stored step, the CPU seat's too
    human_steps: int
    cpu_steps: int
    steps_in_window: int  # stored steps the server made in the measured window


async def read_games(db_url: str, ids: list[str]) -> dict[str, GameRecord]:
    """Every game of the run as the database has it (read after the server was killed)."""
    store = open_store(db_url, origin="bench-load-check")
    await store.open()
    try:
        records = {game_id: await store.load_game(game_id) for game_id in ids}
    finally:
        await store.close()
    missing = sorted(game_id for game_id, record in records.items() if record is None)
    assert not missing, f"{len(missing)} games created but not stored, e.g. {missing[:3]}"
    return records  # type: ignore[return-value]


def check_stored(result: LoadResult, records: dict[str, GameRecord]) -> StoredCounts:
    """Assert the run lost nothing, duplicated nothing and stored only legal games; the counts."""
    steps = human = in_window = 0
    wall_start, wall_end = result.wall_window
    for game in result.games:
        record = records[game.id]
        stored = {step.ply: step for step in record.steps}
        assert sorted(stored) == list(range(len(record.steps))), f"game {game.id}: plies stored with gaps"
        acknowledged = {move.ply: move for move in game.sent if move.answer == "acknowledged"}
        for ply, move in acknowledged.items():
            step = stored.get(ply)
            assert step is not None, (
                f"game {game.id}: {move.seat}'s {move.text} at ply {ply} was acknowledged but is not stored"
            )
            assert (step.text, step.seat) == (move.text, move.seat), (
                f"game {game.id} ply {ply}: stored {step}, acknowledged {move}"
            )
        theirs = [step for step in record.steps if step.seat != CPU_SEAT]
        unsent = [step for step in theirs if step.ply not in acknowledged]
        assert not unsent, f"game {game.id}: human steps stored that no acknowledged move sent: {unsent[:3]}"
        assert all(step.by == "cpu" for step in record.steps if step.seat == CPU_SEAT), (
            f"game {game.id}: a CPU step not by the CPU"
        )
        _check_replay(game.id, record, game.last_state)
        steps += len(record.steps)
        human += len(theirs)
        in_window += sum(1 for step in record.steps if wall_start <= step.at < wall_end)
    return StoredCounts(len(result.games), steps, human, steps - human, in_window)


def _check_replay(game_id: str, record: GameRecord, last_state: dict | None) -> None:
    settings = record.settings
    board = Board(
        rules=Rules(
            mode=settings["mode"], move_limit=settings["move_limit"], dead_king_walking=settings["dead_king_walking"]
        )
    )
    for step in record.steps:
        board.push_step(step.text)  # IllegalMoveError when the server stored a step the rules refuse
    assert last_state is not None, f"game {game_id}: the client never saw a state"
    assert last_state["ply"] == len(record.steps), (
        f"game {game_id}: the client's last state is at ply {last_state['ply']},"
        f" the store has {len(record.steps)} steps"
    )
    assert board.fen4() == last_state["fen4"], (
        f"game {game_id}: the stored steps replay to another position than the client saw"
    )
    assert (record.status == "finished") == board.is_game_over(), (
        f"game {game_id}: stored status {record.status}, replay over: {board.is_game_over()}"
    )
