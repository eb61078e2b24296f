"""The site's three games over a real server on loopback: the catalog, creating each game with
its own settings (and refusing what does not fit it), its seats and links, playing and refusing
moves over HTTP, leaving, its record for download, the CPU (Stockfish for chess), the rematch
with the first seat rotating, and a turn timer that lets the CPU move instead of the seat losing.

Positions and results are worked out by hand from the rules (Fool's mate is 0-1 by checkmate;
two-player Martian Chess starts with South's corner on d1), never asked of the server."""

from __future__ import annotations

import io
import time

import chess
import chess.pgn
import pytest

from fourchess.martian import read_record
from support.server_client import Api, Socket
from support.server_processes import ThreadServer
from support.stockfish import require_stockfish

WAIT = 20.0


def wait_for_ply(api: Api, game_id: str, ply: int) -> dict:
    deadline = time.monotonic() + WAIT
    while True:
        state = api.state(game_id)
        if state["ply"] >= ply or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


def test_the_catalog_offers_three_games_with_their_cpus(api: Api) -> None:
    require_stockfish()
    catalog = api.http.get("/api/catalog").json()
    games = {entry["game"]: entry for entry in catalog["games"]}
    assert sorted(games) == ["chess", "fourchess", "martian"]
    assert all(entry["cpu"] and entry["cpu_missing"] is None for entry in games.values())  # Stockfish is installed
    assert games["chess"]["record"] == "PGN" and games["martian"]["title"] == "Martian Chess"


@pytest.mark.parametrize(
    ("settings", "seats"),
    [
        ({}, ["RED", "BLUE", "YELLOW", "GREEN"]),  # a game without "game" is four-player chess
        ({"game": "martian"}, ["RED", "BLUE"]),
        ({"game": "martian", "players": 4, "teams": True}, ["RED", "BLUE", "YELLOW", "GREEN"]),
        ({"game": "chess"}, ["WHITE", "BLACK"]),
    ],
)
def test_each_game_has_its_own_seats(api: Api, settings: dict, seats: list[str]) -> None:
    game = api.create(**settings)
    assert list(game["seats"]) == seats
    state = api.state(game["id"])
    assert state["seat_order"] == seats and list(state["seats"]) == seats and state["turn"] == seats[0]
    assert state["game"] == settings.get("game", "fourchess") and state["settings"]["game"] == state["game"]
    assert len(state["move_squares"]) == len(state["turn_moves"]) > 0
    assert set(state["seat_colors"]) == set(seats)
    # every piece is named, and its owner is a seat: the first seat's moves start on its own pieces
    assert all(symbol[-1] in state["piece_names"] for symbol in state["pieces"].values())
    assert set(state["owners"].values()) == set(seats)
    assert {start for start, _, _ in state["move_squares"]} <= {
        square for square, owner in state["owners"].items() if owner == seats[0]
    }
    first = state["turn_moves"][0]
    assert api.move(game["id"], game["seats"][seats[0]]["token"], first).status_code == 200
    assert api.state(game["id"])["step_seats"] == [seats[0]]


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"game": "go"}, "game"),
        ({"game": "martian", "players": 3}, "players"),
        ({"game": "martian", "teams": True}, "teams"),
        ({"game": "martian", "mode": "ffa"}, "mode"),  # four-player chess's setting
        ({"game": "chess", "move_limit": 80}, "move_limit"),
        ({"game": "chess", "cpu_skill": 21}, "cpu_skill"),
        ({"game": "fourchess", "cpu_skill": 5}, "cpu_skill"),  # only chess's CPU has a strength
        ({"game": "chess", "seats": {"RED": {"player": "cpu"}}}, "RED"),
        ({"on_timeout": "pass"}, "on_timeout"),
    ],
)
def test_settings_that_do_not_fit_the_game_are_refused_by_name(api: Api, settings: dict, named: str) -> None:
    answer = api.post("/api/games", settings)
    assert answer.status_code == 400 and answer.json()["error"] == "bad_settings", answer.text
    assert named in answer.json()["message"]


def test_chess_cpu_seats_need_stockfish(tmp_path, clock, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FOURCHESS_STOCKFISH", str(tmp_path / "no-stockfish-here"))
    served = ThreadServer(f"sqlite:///{tmp_path / 'games.sqlite3'}", clock=clock).start()
    api = Api(served.url)
    try:
        chess_entry = [entry for entry in api.http.get("/api/catalog").json()["games"] if entry["game"] == "chess"][0]
        assert not chess_entry["cpu"] and "apt install stockfish" in chess_entry["cpu_missing"]
        answer = api.post("/api/games", {"game": "chess", "seats": {"BLACK": {"player": "cpu"}}})
        assert answer.status_code == 400 and answer.json()["error"] == "cpu_unavailable", answer.text
        assert "stockfish" in answer.json()["message"]
        assert api.post("/api/games", {"game": "chess"}).status_code == 201  # two people still play
    finally:
        api.close()
        served.stop()


def test_fools_mate_over_http_and_its_pgn(api: Api) -> None:
    game = api.create(game="chess", seats={"WHITE": {"name": "Ann"}, "BLACK": {"name": "Bob"}})
    tokens = {seat: entry["token"] for seat, entry in game["seats"].items()}
    for ply, (seat, move) in enumerate([("WHITE", "f3"), ("BLACK", "e7e5"), ("WHITE", "g2g4"), ("BLACK", "Qh4#")]):
        answer = api.move(game["id"], tokens[seat], move, ply=ply)
        assert answer.status_code == 200, answer.text
    state = api.state(game["id"])
    assert state["moves"] == ["f2f3", "e7e5", "g2g4", "d8h4"]  # stored in UCI
    assert state["record_moves"] == ["f3", "e5", "g4", "Qh4#"]  # shown in SAN
    assert state["status"] == "finished" and state["result"] == "0-1" and state["turn"] is None
    assert state["ending"] == "Black (Bob) wins by checkmate (0-1)"
    assert state["in_check"] == ["WHITE"]
    record = api.http.get(f"/api/games/{game['id']}/record")
    assert record.status_code == 200 and f'filename="chess-{game["id"]}.pgn"' in record.headers["content-disposition"]
    read = chess.pgn.read_game(io.StringIO(record.text))
    assert read is not None and read.headers["Result"] == "0-1" and read.headers["White"] == "Ann"
    assert [move.uci() for move in read.mainline_moves()] == state["moves"]
    assert api.http.get(f"/api/games/{game['id']}/pgn4").status_code == 404  # PGN4 is four-player chess's


def test_a_chess_move_is_judged_by_the_rules(api: Api) -> None:
    game = api.create(game="chess")
    white, black = game["seats"]["WHITE"]["token"], game["seats"]["BLACK"]["token"]
    assert api.move(game["id"], black, "e7e5").status_code == 409  # White moves first
    refused = api.move(game["id"], white, "e2e5")
    assert refused.status_code == 422 and refused.json()["reason"] == "illegal_move", refused.text
    assert api.move(game["id"], white, "x" * 40).status_code == 400
    assert api.state(game["id"])["ply"] == 0


def test_stockfish_answers_a_chess_move(api: Api) -> None:
    require_stockfish()
    game = api.create(game="chess", cpu_movetime=0.05, cpu_skill=1, seats={"BLACK": {"player": "cpu"}})
    assert api.move(game["id"], game["seats"]["WHITE"]["token"], "e4", ply=0).status_code == 200
    state = wait_for_ply(api, game["id"], 2)
    assert state["ply"] == 2 and state["turn"] == "WHITE"
    board = chess.Board()
    for move in state["moves"]:
        assert chess.Move.from_uci(move) in board.legal_moves
        board.push_uci(move)


def test_a_two_player_martian_game_over_http(api: Api) -> None:
    game = api.create(game="martian", seats={"RED": {"name": "Ann"}, "BLUE": {"name": "Bob"}})
    red, blue = game["seats"]["RED"]["token"], game["seats"]["BLUE"]["token"]
    refused = api.move(game["id"], red, "a1-a2")  # a1 is empty: South's corner is d1 (docs/martian.md §2)
    assert refused.status_code == 422 and refused.json()["reason"] == "empty", refused.text
    assert api.move(game["id"], red, "c3-b4", ply=0).status_code == 200  # a pawn, one square diagonally
    state = api.state(game["id"])
    assert state["turn"] == "BLUE" and state["moves"] == ["c3-b4"] and state["pieces"]["b4"] == "P"
    assert state["shows_points"] and state["points"] == {"RED": 0, "BLUE": 0}
    assert api.leave(game["id"], blue, "claim").status_code == 422  # Martian Chess is won on points
    assert api.move(game["id"], blue, "c6-d5", ply=1).status_code == 200
    answer = api.leave(game["id"], red, "resign")  # on its turn, after its first move: it counts
    assert answer.status_code == 200, answer.text
    state = answer.json()["state"]
    assert state["status"] == "finished" and state["outcome"]["winners"] == [1]
    assert state["ending"] == "Blue (Bob) wins (resignation). Scores: Red 0, Blue 0"
    assert state["record_moves"][-1] == "Red resigns"
    board = read_record(api.http.get(f"/api/games/{game['id']}/record").text)
    assert [str(move) for move in board.move_stack] == ["c3-b4", "c6-d5"]


def test_leaving_before_the_first_move_aborts_every_game(api: Api) -> None:
    for settings in ({"game": "martian"}, {"game": "chess"}):
        game = api.create(**settings)
        first = next(iter(game["seats"]))
        answer = api.leave(game["id"], game["seats"][first]["token"], "resign")
        assert answer.status_code == 200 and answer.json()["state"]["status"] == "aborted", answer.text


def test_a_chess_rematch_swaps_the_colours(api: Api) -> None:
    game = api.create(game="chess")
    white = game["seats"]["WHITE"]["token"]
    black = game["seats"]["BLACK"]["token"]
    assert api.move(game["id"], white, "e4").status_code == 200
    assert api.move(game["id"], black, "e5").status_code == 200
    assert api.leave(game["id"], white, "resign").status_code == 200
    answer = api.post(f"/api/games/{game['id']}/rematch", {"token": white})
    assert answer.status_code == 201 and answer.json()["seat"] == "BLACK", answer.text  # White now plays Black


@pytest.mark.parametrize("settings", [{"game": "martian"}, {"game": "fourchess", "mode": "ffa"}, {"game": "chess"}])
def test_a_turn_timer_can_let_the_cpu_move_instead_of_the_seat_losing(
    server: ThreadServer, api: Api, settings: dict
) -> None:
    if settings["game"] == "chess":
        require_stockfish()
    game = api.create(**settings, turn_seconds=30, on_timeout="cpu", cpu_movetime=0.02, grace_seconds=600)
    seats = list(game["seats"])
    pages = [Socket(server.ws_url, game["id"], game["seats"][seat]["token"]) for seat in seats]  # all at the board
    server.advance(31)  # the first seat lets its time run out
    deadline = time.monotonic() + WAIT
    state = api.state(game["id"])
    while state["ply"] < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
        server.idle()
        state = api.state(game["id"])
    assert state["status"] == "playing" and state["ply"] == 1 and state["turn"] == seats[1], state["moves"]
    assert ":" not in state["moves"][0]  # a move, not a timeout
    for page in pages:
        page.close()
