"""Whole games through the API over a real server: Teams ended by resignation, by a timeout and by
play; FFA with a resignation, a timeout and walking kings the server moves, to the end. Every
finished game's PGN4 replays to its final position."""

from __future__ import annotations

import io
import random

from fourchess import Board, Rules
from fourchess.pgn4 import read_game, replay
from support.server_client import Api, Socket
from support.server_processes import ThreadServer

OPENING = (("RED", "i2-i3"), ("BLUE", "b7-c7"), ("YELLOW", "h13-h12"), ("GREEN", "m7-l7"))  # quiet, no checks


def play_random(api: Api, game: dict, rng: random.Random, until_ply: int | None = None) -> dict:
    """Random legal moves from the state's list until the game ends (or reaches ``until_ply``)."""
    state = api.state(game["id"])
    while state["status"] == "playing" and (until_ply is None or state["ply"] < until_ply):
        seat = state["turn"]
        token = game["seats"][seat]["token"]
        answer = api.move(game["id"], token, rng.choice(state["turn_moves"]), ply=state["ply"])
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
    return state


def walking_king_moves(moves: list[str], move_limit: int) -> int:
    """How many of the steps are moves of a walking king (made in its seat's turn slot)."""
    board = Board(rules=Rules(mode="ffa", move_limit=move_limit))
    count = 0
    for text in moves:
        count += ":" not in text and board.turn in board.walking_kings
        board.push_step(text)
    return count


def assert_pgn4_replays(api: Api, game_id: str, fen4: str) -> None:
    """The game's PGN4 replays to its final position, under the game's own rules (a PGN4 carries
    chess.com's rules only: no move limit, no house options)."""
    record = read_game(io.StringIO(api.http.get(f"/api/games/{game_id}/pgn4").text), validate=False)
    settings = api.state(game_id)["settings"]
    rules = Rules(
        mode=settings["mode"], move_limit=settings["move_limit"], dead_king_walking=settings["dead_king_walking"]
    )
    assert record is not None and replay(record, Board(rules=rules)).fen4() == fen4


def test_teams_game_ended_by_resignation(api: Api) -> None:
    game = api.create()
    for seat, move in OPENING:
        assert api.move(game["id"], game["seats"][seat]["token"], move).status_code == 200
    refused = api.leave(game["id"], game["seats"]["BLUE"]["token"], "resign")
    assert refused.status_code == 409 and refused.json()["error"] == "not_your_turn"  # Red is to move
    state = play_random(api, game, random.Random(1), until_ply=5)  # Red's second move; Blue to move
    state = api.leave(game["id"], game["seats"]["BLUE"]["token"], "resign").json()["state"]
    assert state["status"] == "finished" and state["outcome"]["termination"] == "RESIGNATION"
    assert state["outcome"]["winner"] == ["RED", "YELLOW"] and state["result"] == "1-0"
    assert state["moves"][-1] == "resign:B"
    assert_pgn4_replays(api, game["id"], state["fen4"])


def test_teams_game_ended_by_a_timeout(server: ThreadServer, api: Api) -> None:
    game = api.create(turn_seconds=30, grace_seconds=600)
    for seat, move in OPENING:
        api.move(game["id"], game["seats"][seat]["token"], move)
    server.advance(29.5)
    assert api.state(game["id"])["status"] == "playing"
    assert api.state(game["id"])["clock"]["remaining"] == 0.5
    server.advance(1)
    state = api.state(game["id"])
    assert state["status"] == "finished" and state["moves"][-1] == "timeout:R"
    assert state["outcome"]["termination"] == "TIMEOUT" and state["outcome"]["winner"] == ["BLUE", "GREEN"]
    assert_pgn4_replays(api, game["id"], state["fen4"])


def test_teams_game_played_to_its_end(api: Api) -> None:
    game = api.create(move_limit=600)
    state = play_random(api, game, random.Random(7))
    assert state["status"] == "finished" and state["outcome"] is not None and state["turn"] is None
    assert state["turn_moves"] == []
    assert_pgn4_replays(api, game["id"], state["fen4"])


def test_ffa_game_with_a_resignation_a_timeout_and_walking_kings(server: ThreadServer, api: Api) -> None:
    game = api.create(mode="ffa", turn_seconds=60, move_limit=300, grace_seconds=600)
    game_id, seats = game["id"], game["seats"]
    watcher = Socket(server.ws_url, game_id, None)
    rng = random.Random(3)
    state = play_random(api, game, rng, until_ply=12)  # three moves each: leaving no longer aborts
    assert state["turn"] == "RED"
    state = api.leave(game_id, seats["RED"]["token"], "resign").json()["state"]
    assert state["eliminated"] == ["RED"] and state["walking_kings"] == ["RED"]
    assert state["turn"] == "BLUE"
    server.advance(61)  # Blue does not move: eliminated, its king walks too
    state = api.state(game_id)
    assert "timeout:B" in state["moves"] and state["eliminated"] == ["RED", "BLUE"]
    while state["status"] == "playing":  # Yellow and Green play on; the server walks the kings
        assert state["turn"] in ("YELLOW", "GREEN")
        state = play_random(api, game, rng, until_ply=state["ply"] + 1)
        server.idle()
        state = api.state(game_id)
    assert walking_king_moves(state["moves"], move_limit=300) > 0  # the server moved them
    assert state["outcome"] is not None and set(state["outcome"]["points"]) == {"RED", "BLUE", "YELLOW", "GREEN"}
    assert_pgn4_replays(api, game_id, state["fen4"])
    assert watcher.state_at(state["ply"])["status"] == "finished"
    watcher.close()
