"""A store that fails corrupts nothing, over real servers on loopback and real SQLite files: a
write that fails (a lock held past the busy timeout, a full disk, a read-only or removed file)
answers JSON 503 and takes the move back, so the mover may retry and nothing is stored out of
turn; a store that cannot be written fails start-up with a clear message; a game whose stored
steps do not replay is set aside, never a reason to stop serving the others. The lock test runs
for each game the site offers."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fourchess.server.clock import FakeClock
from support.server_client import Api
from support.server_processes import ProcessServer, ThreadServer

OPENING = ["h2-h3", "b7-c7", "h13-h12", "m10-l10"]  # one move each, Red to move again
# each game: its settings, an opening that brings the first seat back to move, and then a move of
# the first seat and one of the second (Martian: pawns step one square diagonally onto empty
# squares, docs/martian.md §2-3)
GAMES = {
    "fourchess": ({}, OPENING, "k2-k3", "b8-c8"),
    "martian": ({"game": "martian"}, ["c3-b4", "c6-d5"], "b3-a4", "b6-a5"),
    "chess": ({"game": "chess"}, ["e2e4", "e7e5"], "g1f3", "b8c6"),
}


def play(api: Api, game: dict, moves: list[str]) -> None:
    for move in moves:
        state = api.state(game["id"])
        answer = api.move(game["id"], game["seats"][state["turn"]]["token"], move, ply=state["ply"])
        assert answer.status_code == 200, answer.text


def refused_for_the_store(answer: object) -> None:
    assert answer.status_code == 503, answer.text  # type: ignore[attr-defined]
    body = answer.json()  # type: ignore[attr-defined]
    assert body["error"] == "store_unavailable" and body["retryable"] is True


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs of this test's own (mounting needs root; skipped where it is refused)."""
    mount = tmp_path / "tmpfs"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_write_lock_held_past_the_busy_timeout_changes_nothing(name: str, tmp_path: Path, clock: FakeClock) -> None:
    settings, opening, first_move, second_move = GAMES[name]
    path = tmp_path / "games.sqlite3"
    served = ThreadServer(f"sqlite:///{path}", clock=clock, busy_seconds=0.5).start()
    api = Api(served.url)
    game = api.create(**settings, grace_seconds=600)
    play(api, game, opening)
    first, second = list(game["seats"])[:2]
    tokens = {seat: entry["token"] for seat, entry in game["seats"].items()}
    at = len(opening)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process's writer keeps the lock
    try:
        refused_for_the_store(api.move(game["id"], tokens[first], first_move, ply=at))
        state = api.state(game["id"])
        assert state["ply"] == at and state["turn"] == first and state["moves"] == opening
        early = api.move(game["id"], tokens[second], second_move, ply=at)  # the turn is still the first seat's
        assert early.status_code == 409 and early.json()["error"] == "not_your_turn", early.text
        assert api.http.get("/healthz").status_code == 503
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert api.move(game["id"], tokens[first], first_move, ply=at).status_code == 200  # the retry succeeds
    assert api.move(game["id"], tokens[second], second_move, ply=at + 1).status_code == 200
    api.close()
    served.stop()
    again = ThreadServer(f"sqlite:///{path}", clock=clock).start()  # and the stored game replays
    api = Api(again.url)
    assert api.state(game["id"])["moves"] == [*opening, first_move, second_move]
    api.close()
    again.stop()


def test_a_full_disk_refuses_moves_until_there_is_room(tmpfs: Path, clock: FakeClock) -> None:
    served = ThreadServer(f"sqlite:///{tmpfs / 'games.sqlite3'}", clock=clock).start()
    api = Api(served.url)
    game = api.create(grace_seconds=600)
    play(api, game, OPENING)
    filler = tmpfs / "filler"
    with contextlib.suppress(OSError), open(filler, "wb") as out:
        while True:
            out.write(b"\0" * 65536)
            out.flush()
    seats = game["seats"]
    try:
        moves = ["k2-k3", "b8-c8", "g13-g12", "m8-l8", "f2-f3"]
        stored = 0
        for move in moves:  # the WAL may have room for a few frames left: the disk fills up on the way
            state = api.state(game["id"])
            answer = api.move(game["id"], seats[state["turn"]]["token"], move, ply=state["ply"])
            if answer.status_code != 200:
                refused_for_the_store(answer)
                break
            stored += 1
        else:
            pytest.fail("a full disk took every move")
        state = api.state(game["id"])
        assert state["moves"] == OPENING + moves[:stored]
    finally:
        filler.unlink()
    state = api.state(game["id"])
    answer = api.move(game["id"], seats[state["turn"]]["token"], moves[stored], ply=state["ply"])
    assert answer.status_code == 200, answer.text
    api.close()
    served.stop()


def test_a_removed_data_directory_takes_no_more_moves(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    served = ProcessServer(f"sqlite:///{data / 'games.sqlite3'}", tmp_path / "serve.log").start()
    api = Api(served.url)
    try:
        game = api.create(grace_seconds=600)
        play(api, game, OPENING[:1])
        shutil.rmtree(data)
        refused_for_the_store(api.move(game["id"], game["seats"]["BLUE"]["token"], "b7-c7", ply=1))
        refused_for_the_store(api.http.post("/api/games", json={}))
        health = api.http.get("/healthz")
        assert health.status_code == 503 and health.json()["ok"] is False
    finally:
        api.close()
        served.kill()


def test_a_store_that_cannot_be_written_stops_the_start_with_a_clear_message(tmpfs: Path, tmp_path: Path) -> None:
    url = f"sqlite:///{tmpfs / 'games.sqlite3'}"
    served = ProcessServer(url, tmp_path / "serve.log").start()  # makes the file
    served.stop()
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "serve", "--port", "1", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
    )
    assert done.returncode == 1  # SQLite cannot even open a file in WAL mode on a read-only file system
    assert done.stderr.startswith("fourchess serve: ") and "games.sqlite3" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr


def test_a_game_that_does_not_replay_is_set_aside_and_listed(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    url = f"sqlite:///{path}"
    served = ProcessServer(url, tmp_path / "serve.log").start()
    api = Api(served.url)
    broken, sound = api.create(grace_seconds=600), api.create(grace_seconds=600)
    play(api, broken, OPENING[:2])
    api.close()
    served.stop()
    with sqlite3.connect(path) as db:  # Blue's move stored at Yellow's ply, as the failed writes once did
        db.execute(
            "INSERT INTO steps (game_id, ply, text, seat, at, by) VALUES (?, 2, 'b8-c8', 'BLUE', 0, 'human')",
            (broken["id"],),
        )
        db.execute("UPDATE games SET plies = 3 WHERE id = ?", (broken["id"],))
    served = ProcessServer(url, tmp_path / "serve.log").start()  # starts all the same
    api = Api(served.url)
    try:
        for path_part in ("", "/pgn4"):
            answer = api.http.get(f"/api/games/{broken['id']}{path_part}")
            assert answer.status_code == 503 and answer.json()["error"] == "game_set_aside", answer.text
        play(api, sound, OPENING)  # the others play on
        assert api.http.post("/api/games", json={}).status_code == 201
    finally:
        api.close()
        served.stop()
    listed = subprocess.run(
        [sys.executable, "-m", "fourchess", "serve", "--check-games", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 1, listed.stderr
    assert listed.stdout.split("\t")[0] == broken["id"] and len(listed.stdout.splitlines()) == 1, listed.stdout
