"""Reading a self-play file back the way a user would (pyarrow), and replaying every game in it
from the start position: what the local and the Ray tests both hold a file to."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from fourchess import Board, Rules
from fourchess.engine.selfplay import SelfPlayConfig, seat_results


def read_games(path: Any) -> dict[int, list[dict[str, Any]]]:
    """The file's rows by game number, each game's in ply order."""
    import pyarrow.parquet as pq

    games: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in pq.read_table(path).to_pylist():
        games[row["game"]].append(row)
    return {number: sorted(rows, key=lambda row: row["ply"]) for number, rows in games.items()}


def assert_game_replays(rows: list[dict[str, Any]], config: SelfPlayConfig) -> Board:
    """Replays one game's rows from the start: each row's FEN4 is the position its moves reached,
    its seat is the side to move, its move is legal there, and the game ends with the last row
    with the result, points and places the rows give. Returns the replayed board."""
    board = Board(rules=Rules(mode=config.mode, move_limit=config.max_plies))
    assert [row["ply"] for row in rows] == list(range(len(rows)))
    for row in rows:
        assert not board.is_game_over()
        assert row["fen4"] == board.fen4()
        assert row["seat"] == board.turn and row["mode"] == config.mode
        move = board.parse_uci(row["move"])  # IllegalMoveError for a move the position refuses
        assert move in board.legal_moves
        board.push(move)
    outcome = board.outcome()
    assert outcome is not None, "the rows end before the game does"
    results, places = seat_results(outcome, board.is_ffa)
    for row in rows:
        assert row["termination"] == outcome.termination.name.lower()
        assert row["plies"] == len(rows)
        assert row["result"] == pytest.approx(results[row["seat"]])
        assert (row["points"], row["place"]) == (outcome.points[row["seat"]], places[row["seat"]])
    return board


def assert_scores_where_searched(rows: list[dict[str, Any]], config: SelfPlayConfig) -> None:
    """Searched rows carry a score (centipawn-like or mate, not both), a depth and a node count;
    the random opening that starts the game, and any other random move, carries none."""
    low, high = config.opening_plies
    opening = next((index for index, row in enumerate(rows) if row["searched"]), len(rows))
    assert low <= opening <= high
    for row in rows:
        search = (row["score_cp"], row["score_mate"], row["depth"], row["nodes"])
        if row["searched"]:
            assert (row["score_cp"] is None) != (row["score_mate"] is None)
            assert row["depth"] >= 1 and row["nodes"] >= 1
        else:
            assert search == (None, None, None, None)
