"""The HTTP JSON API over a real server on loopback: creating games, their state, moves, every bad
request refused with nothing changed, the PGN4 and the health check (docs/server.md)."""

from __future__ import annotations

import io
import json

import pytest

from fourchess import Board
from fourchess.pgn4 import read_game, replay
from support.server_client import Api


def test_health(api: Api) -> None:
    answer = api.http.get("/healthz")
    assert answer.status_code == 200 and answer.json() == {"ok": True, "db": "sqlite"}


def test_a_new_game_gives_each_human_seat_a_secret_link(api: Api) -> None:
    created = api.create(mode="ffa", seats={"GREEN": {"player": "cpu"}, "RED": {"name": "Ann"}})
    seats = created["seats"]
    assert seats["GREEN"] == {"cpu": True}
    for seat in ("RED", "BLUE", "YELLOW"):
        token = seats[seat]["token"]
        assert seats[seat]["url"] == f"/games/{created['id']}?seat={seat}#t={token}"
    assert len({seats[seat]["token"] for seat in ("RED", "BLUE", "YELLOW")}) == 3
    state = api.state(created["id"])
    assert state["ply"] == 0 and state["turn"] == "RED" and state["status"] == "playing"
    assert state["settings"]["mode"] == "ffa" and state["seats"]["RED"]["name"] == "Ann"
    assert len(state["turn_moves"]) == 20  # docs/rules.md §9: perft(1) from the start is 20
    assert state["fen4"] == Board(mode="ffa").fen4()
    assert "token" not in json.dumps(state)


def test_the_state_lists_the_movers_moves_and_the_pieces_whatever_the_highlights(api: Api) -> None:
    game = api.create(show_legal_moves=False)
    state = api.state(game["id"])
    assert state["settings"]["show_legal_moves"] is False and "legal_moves" not in state  # the page marks no targets
    assert sorted(state["turn_moves"]) == sorted(str(move) for move in Board().legal_moves)
    assert len(state["pieces"]) == 64 and state["pieces"]["h1"] == "rK" and state["pieces"]["a7"] == "bK"
    assert "h2" in state["pieces"] and "h3" not in state["pieces"]
    api.move(game["id"], game["seats"]["RED"]["token"], "h2-h4", ply=0)
    state = api.state(game["id"])
    assert "h2" not in state["pieces"] and state["pieces"]["h4"] == "rP"
    assert "b7-c7" in state["turn_moves"] and not any(move.startswith("h") for move in state["turn_moves"])  # Blue's


def test_a_cpu_seat_may_think_for_a_millisecond(api: Api) -> None:
    created = api.create(seats={"RED": {"player": "cpu"}}, cpu_movetime=0.001)
    assert api.state(created["id"])["settings"]["cpu_movetime"] == 0.001


def test_a_move_is_stored_and_the_state_follows(api: Api) -> None:
    game = api.create()
    red = game["seats"]["RED"]["token"]
    answer = api.move(game["id"], red, "h2h4", ply=0)
    assert answer.status_code == 200
    body = answer.json()
    assert body["ply"] == 0 and body["move"] == "h2-h4"
    state = api.state(game["id"])
    assert state["moves"] == ["h2-h4"] and state["turn"] == "BLUE" and state["last_moves"] == {"RED": "h2-h4"}
    board = Board()
    board.push_move("h2-h4")
    assert state["fen4"] == board.fen4()


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"mode": "chess"}, "mode"),
        ({"turn_seconds": 45}, "turn_seconds"),
        ({"turn_seconds": True}, "turn_seconds"),
        ({"move_limit": 0}, "move_limit"),
        ({"move_limit": "10"}, "move_limit"),
        ({"show_legal_moves": "yes"}, "show_legal_moves"),
        ({"grace_seconds": -1}, "grace_seconds"),
        ({"grace_seconds": float("inf")}, "grace_seconds"),
        ({"cpu_movetime": 100}, "cpu_movetime"),
        ({"cpu_movetime": 0.0005}, "cpu_movetime"),
        ({"seats": {"PURPLE": {}}}, "PURPLE"),
        ({"seats": {"RED": {"player": "robot"}}}, "seats.RED.player"),
        ({"seats": {"RED": {"name": "x" * 41}}}, "seats.RED.name"),
        ({"seats": {"RED": {"name": "   "}}}, "seats.RED.name"),
        ({"seats": {"RED": {"name": "a\nb"}}}, "seats.RED.name"),
        ({"seats": []}, "seats"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_settings_are_refused_naming_the_setting(api: Api, settings: dict[str, object], named: str) -> None:
    answer = api.post("/api/games", json.dumps(settings, allow_nan=True))
    assert answer.status_code == 400
    assert answer.json()["error"] == "bad_settings" and named in answer.json()["message"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "bad_request"),
        (b"[1, 2]", 400, "bad_request"),
        (b"\xff\xfe", 400, "bad_request"),
        (b"[" * 5000, 413, "too_large"),
        (json.dumps({"seats": {"RED": {"name": "x" * 5000}}}).encode(), 413, "too_large"),
    ],
)
def test_malformed_bodies_are_refused(api: Api, body: bytes, status: int, code: str) -> None:
    answer = api.post("/api/games", body)
    assert answer.status_code == status and answer.json()["error"] == code


def _bad_move_requests(game: dict, other: dict) -> list[tuple[str, object, int, str]]:
    seats, game_id = game["seats"], game["id"]
    red, blue = seats["RED"]["token"], seats["BLUE"]["token"]
    moves = f"/api/games/{game_id}/moves"
    return [
        (moves, {"token": other["seats"]["RED"]["token"], "move": "h2-h4"}, 403, "bad_token"),  # another game's
        (moves, {"token": red[:-2], "move": "h2-h4"}, 403, "bad_token"),
        (moves, {"token": None, "move": "h2-h4"}, 403, "bad_token"),
        (moves, {"move": "h2-h4"}, 403, "bad_token"),
        (moves, {"token": blue, "move": "b7-c7"}, 409, "not_your_turn"),  # Red is to move
        (moves, {"token": red, "move": "h2-h4", "ply": 5}, 409, "stale"),
        (moves, {"token": red, "move": "h2-h5"}, 422, "illegal_move"),
        (moves, {"token": red, "move": "b7-c7"}, 422, "illegal_move"),  # Blue's pawn
        (moves, {"token": red, "move": "i1-h1"}, 422, "illegal_move"),
        (moves, {"token": red}, 400, "bad_request"),
        (moves, {"token": red, "move": ["h2-h4"]}, 400, "bad_request"),
        (moves, {"token": red, "move": "h2-h4", "ply": "0"}, 400, "bad_request"),
        (moves, b"{", 400, "bad_request"),
        (moves, {"token": red, "move": "h" * 5000}, 413, "too_large"),
        (f"/api/games/nope{game_id}/moves", {"token": red, "move": "h2-h4"}, 404, "no_such_game"),
        (f"/api/games/{game_id}/resign", {"token": blue}, 409, "not_your_turn"),
        (f"/api/games/{game_id}/claim", {"token": red}, 422, "illegal_move"),
        (f"/api/games/{game_id}/rematch", {"token": red}, 409, "game_over"),  # not over yet
    ]


def test_every_bad_request_is_refused_and_changes_nothing(api: Api) -> None:
    game, other = api.create(), api.create()
    before = api.state(game["id"])
    for path, body, status, code in _bad_move_requests(game, other):
        answer = api.post(path, body)
        assert (answer.status_code, answer.json()["error"]) == (status, code), (path, body, answer.text)
        assert len(answer.json()["message"]) < 300
        after = api.state(game["id"])
        assert (after["ply"], after["fen4"], after["moves"], after["status"]) == (
            before["ply"],
            before["fen4"],
            before["moves"],
            before["status"],
        )


def test_an_illegal_move_names_the_rule(api: Api) -> None:
    game = api.create()
    answer = api.move(game["id"], game["seats"]["RED"]["token"], "h2-h5")
    assert answer.json()["reason"] == "cannot_move_there"


def test_unknown_games(api: Api) -> None:
    for path in ("/api/games/nope", "/api/games/nope/pgn4", "/api/games/" + "x" * 300, "/api/games/nope/board.svg"):
        answer = api.http.get(path)
        assert answer.status_code == 404 and answer.json()["error"] == "no_such_game"


def test_moves_after_the_end_are_refused(api: Api) -> None:
    game = api.create()
    seats, game_id = game["seats"], game["id"]
    for seat, move in (("RED", "i2-i3"), ("BLUE", "b7-c7"), ("YELLOW", "h13-h12"), ("GREEN", "m7-l7")):
        assert api.move(game_id, seats[seat]["token"], move).status_code == 200
    assert api.leave(game_id, seats["RED"]["token"], "resign").status_code == 200  # Red's second move: scored
    state = api.state(game_id)
    assert state["status"] == "finished" and state["outcome"]["winner"] == ["BLUE", "GREEN"]
    answer = api.move(game_id, seats["RED"]["token"], "i3-i4")
    assert answer.status_code == 409 and answer.json()["error"] == "game_over"
    assert api.state(game_id)["moves"] == state["moves"]


def test_the_pgn4_reads_back_to_the_same_game(api: Api) -> None:
    game = api.create(seats={"RED": {"name": "Ann <b>"}})
    seats, game_id = game["seats"], game["id"]
    for seat, move in (("RED", "h2-h4"), ("BLUE", "b7-c7"), ("YELLOW", "h13-h12")):
        api.move(game_id, seats[seat]["token"], move)
    answer = api.http.get(f"/api/games/{game_id}/pgn4")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    record = read_game(io.StringIO(answer.text))
    assert record is not None and record.headers["Red"] == "Ann <b>"
    assert replay(record).fen4() == api.state(game_id)["fen4"]


def test_the_board_picture_turns_to_the_seat(api: Api) -> None:
    game = api.create()
    for seat in ("RED", "BLUE", "yellow"):
        answer = api.http.get(f"/api/games/{game['id']}/board.svg", params={"orientation": seat})
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
        assert answer.text.count('<rect class="square ') == 160  # the 160 squares of the cross
    assert api.http.get(f"/api/games/{game['id']}/board.svg", params={"orientation": "UP"}).status_code == 400


def test_pages_are_served(api: Api) -> None:
    game = api.create()
    for path in ("/", f"/games/{game['id']}"):
        answer = api.http.get(path)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
