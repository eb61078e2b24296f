"""Target: the game server's request and message handlers, driven through the real ASGI app
(every route, the WebSocket) over a real SQLite store, with requests built from the fuzz bytes, on
a game of each kind the site offers (four-player chess in Teams and FFA, Martian Chess with two
and four players, standard chess).

Invariants: no answer is a server fault (5xx, or an `internal` error or a 1011 close on a socket;
503 `busy` is a bound, not a fault); every refusal is a JSON error with a code and a bounded
message; a refused request changes nothing (the game's state reads the same before and after);
and after each input every game played on reads the same from the store as from memory.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from . import Finding
from .fuzz_input import FuzzInput

GAMES = (
    {"mode": "teams"},
    {"mode": "ffa"},
    {"game": "martian", "players": 2},
    {"game": "martian", "players": 4, "teams": True},
    {"game": "chess"},
)
GAME_NAMES = ("fourchess", "martian", "chess")
# move texts of every game, each sent to the other games too
MOVES = (
    *("h2-h4", "h2-h3", "b7-c7", "h13-h12", "m10-l10", "e1-f3", "b7c7", "Nj1-i3", "h10-h11=Q", "resign:R", ""),
    *("d3-d5", "c2-c3", "a3a5", "h8-a1", "d1-e1", "e5-e4"),
    *("e2e4", "e4", "Nf3", "e7e8q", "O-O", "g1f3"),
)
METHODS = ("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS")
ROUTES = (
    "",
    "/moves",
    "/resign",
    "/claim",
    "/rematch",
    "/record",
    "/pgn4",
    "/board.svg",
    "/board.svg?orientation=",
    "/nope",
)
MESSAGE_TYPES = ("hello", "move", "resign", "claim", "arrow", "clear_arrows", "chat", "rematch", "ping", "castle", "")
OTHER_IDS = ("", "ab%00cd", "..", "%2e%2e%2fetc", "x" * 40, "Zz-_09", "\u202e", "%ff%fe", "a b")
SETTING_NAMES = (
    "game",
    "players",
    "teams",
    "cpu_skill",
    "on_timeout",
    "mode",
    "turn_seconds",
    "move_limit",
    "grace_seconds",
    "cpu_movetime",
    "show_legal_moves",
    "dead_king_walking",
    "rotate_first_seat",
    "seats",
    "x",
)
MESSAGE_BOUND = 1000  # characters of an error message: a refusal quotes a bounded part of the input
CLOSE_CODES = {1000, 1003, 1008, 1013}  # a socket closed by the server for the client's doing


class _Site:
    """One app over one SQLite file for the whole run (each input makes its own games)."""

    def __init__(self) -> None:
        from fourchess.server.app import create_app
        from fourchess.server.clock import FakeClock
        from fourchess.server.cpu import CpuPlayers
        from fourchess.server.hub import Hub
        from fourchess.server.limits import Limits
        from fourchess.server.store import open_store

        self.folder = Path(tempfile.mkdtemp(prefix="fourchess-fuzz-server-"))
        atexit.register(shutil.rmtree, self.folder, True)
        self.loop = asyncio.new_event_loop()
        # game creation is not what is fuzzed: its rates must not run dry under the fake clock
        limits = Limits(
            games_per_client_per_minute=1e9, game_burst_per_client=10**9, games_per_minute=1e9, game_burst=10**9
        )
        store = open_store(f"sqlite:///{self.folder / 'games.sqlite3'}", origin="fuzz")
        self.hub = Hub(store, clock=FakeClock(), cpu=CpuPlayers(1), origin="fuzz", limits=limits)
        self.app = create_app(self.hub)
        self.loop.run_until_complete(self.hub.start())


_site: _Site | None = None


def site() -> _Site:
    global _site
    if _site is None:
        _site = _Site()
    return _site


async def _http(app: Any, method: str, path: str, body: bytes, headers: list[tuple[bytes, bytes]]) -> tuple[int, bytes]:
    """One request through the ASGI app: its status and body."""
    raw_path, _, query = path.partition("?")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": raw_path,
        "raw_path": raw_path.encode("utf-8", "surrogateescape"),
        "query_string": query.encode("utf-8", "surrogateescape"),
        "headers": headers,
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
        "root_path": "",
        "state": {},
    }
    sent = False
    answer: dict[str, Any] = {"status": 0, "body": b""}

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)  # the client stays; the app must not read past the body
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        elif message["type"] == "http.response.body":
            answer["body"] += message.get("body", b"")

    await asyncio.wait_for(app(scope, receive, send), 30)
    return answer["status"], answer["body"]


async def _socket(app: Any, path: str, messages: list[str | bytes]) -> list[dict[str, Any]]:
    """A WebSocket session through the ASGI app: the messages, then the client leaves; what the
    server sent (text frames as JSON, closes as {"close": code})."""
    inbox: list[dict[str, Any]] = [{"type": "websocket.connect"}]
    for message in messages:
        inbox.append(
            {"type": "websocket.receive", "bytes": message}
            if isinstance(message, bytes)
            else {"type": "websocket.receive", "text": message}
        )
    inbox.append({"type": "websocket.disconnect", "code": 1000})
    out: list[dict[str, Any]] = []
    scope = {
        "type": "websocket",
        "asgi": {"version": "3.0"},
        "scheme": "ws",
        "path": path,
        "raw_path": path.encode("utf-8", "surrogateescape"),
        "query_string": b"",
        "headers": [],
        "client": ("127.0.0.1", 40001),
        "server": ("127.0.0.1", 8000),
        "root_path": "",
        "subprotocols": [],
        "state": {},
    }

    async def receive() -> dict[str, Any]:
        await asyncio.sleep(0)  # let the connection's writer run between messages
        if not inbox:
            await asyncio.sleep(3600)
        return inbox.pop(0)

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "websocket.send":
            out.append(json.loads(message["text"]))
        elif message["type"] == "websocket.close":
            out.append({"close": message.get("code", 1000)})

    await asyncio.wait_for(app(scope, receive, send), 30)
    return out


def _fuzz_value(source: FuzzInput, text: str) -> Any:
    """A JSON value of a kind the input picks: the fuzz text, a number, a flag, null, a list, an object."""
    kind = source.below(8)
    if kind == 0:
        return text
    if kind == 1:
        return source.below(65536) - 32768
    if kind == 2:
        return 10 ** source.below(400)
    if kind == 3:
        return source.flag()
    if kind == 4:
        return None
    if kind == 5:
        return [text]
    if kind == 6:
        return {text: text}
    return source.below(256) / 7


def _check_refusal(status: int, body: bytes, where: str) -> None:
    if status >= 500 and not (status == 503 and b'"busy"' in body):
        raise Finding(f"{where}: answered {status} {body[:300]!r}")
    if 400 <= status < 500:
        try:
            error = json.loads(body)
        except ValueError:
            raise Finding(f"{where}: a {status} that is not JSON: {body[:300]!r}") from None
        if (
            not isinstance(error, dict)
            or not isinstance(error.get("error"), str)
            or not isinstance(error.get("message"), str)
        ):
            raise Finding(f"{where}: a {status} without an error code and message: {body[:300]!r}")
        if len(error["message"]) > MESSAGE_BOUND:
            raise Finding(f"{where}: a {len(error['message'])}-character error message")


async def _state(app: Any, game_id: str) -> Any:
    status, body = await _http(app, "GET", f"/api/games/{game_id}", b"", [])
    if status != 200:
        raise Finding(f"GET /api/games/{game_id}: {status} {body[:300]!r}")
    state = json.loads(body)
    return (state["ply"], state["status"], state["moves"], state["rematch"])


async def _session(data: bytes) -> None:
    the_site = site()
    app, hub = the_site.app, the_site.hub
    source = FuzzInput(data)
    from fourchess.server.settings import GameConfig

    games = []
    for settings in GAMES:
        room, tokens = await hub.create(GameConfig.from_dict(settings))
        games.append((room.game.id, tokens))
    for _ in range(1 + source.below(6)):
        game_id, tokens = source.pick(games)
        token = tokens.get(source.below(4)) if source.below(4) else source.pick(("", "x" * 43, None))
        operation = source.below(4)
        text = (
            "".join(chr(source.below(0x800) or 0x41) for _ in range(source.below(12)))
            if source.flag()
            else source.pick(MOVES)
        )
        if operation == 0:  # a JSON request to a route of the game
            route = source.pick(ROUTES)
            fields = {
                "token": token,
                "move": text if source.flag() else source.pick(MOVES),
                "ply": _fuzz_value(source, text) if source.flag() else source.below(6),
            }
            for name in list(fields):
                if source.below(5) == 0:
                    del fields[name]
            body = json.dumps(fields).encode()
            method = "POST" if source.below(4) else source.pick(METHODS)
            target = game_id if source.below(6) else source.pick(OTHER_IDS)
            path = f"/api/games/{target}{route}{text[:4] if route.endswith('=') else ''}"
            before = await _state(app, game_id)
            status, answer = await _http(app, method, path, body, [(b"content-type", b"application/json")])
            _check_refusal(status, answer, f"{method} {path} {body[:200]!r}")
            if 400 <= status < 500 and await _state(app, game_id) != before:
                raise Finding(f"{method} {path} {body[:200]!r} was refused ({status}) but changed the game")
        elif operation == 1:  # a new game with fuzzed settings, or a raw body
            if source.flag():
                settings = {}
                for _ in range(source.below(4)):
                    name = source.pick(SETTING_NAMES)
                    settings[name] = source.pick((*GAME_NAMES, text)) if name == "game" else _fuzz_value(source, text)
                body = json.dumps(settings).encode()
            else:
                body = text.encode("utf-8", "surrogateescape")
            status, answer = await _http(
                app, "POST", "/api/games", body, [(b"content-length", str(len(body)).encode())]
            )
            _check_refusal(status, answer, f"POST /api/games {body[:200]!r}")
        else:  # a WebSocket session: hello, then messages
            hello: dict[str, Any] = {"type": "hello", "token": token}
            messages: list[str | bytes] = [json.dumps(hello) if source.below(6) else text]
            for _ in range(source.below(6)):
                kind = source.pick(MESSAGE_TYPES)
                if kind == "" and source.flag():
                    messages.append(text.encode("utf-8", "surrogateescape"))  # a binary frame
                    continue
                message = {
                    "type": kind,
                    "move": source.pick(MOVES),
                    "ply": source.below(6),
                    "text": text,
                    "from": text[:3],
                    "to": source.pick(("h4", "a1", "<s", text)),
                }
                messages.append(json.dumps(message) if source.below(5) else text)
            ws_id = game_id if source.below(6) else source.pick(OTHER_IDS)
            for answer in await _socket(app, f"/ws/games/{ws_id}", messages):
                if "close" in answer and answer["close"] not in CLOSE_CODES:
                    raise Finding(f"socket {ws_id!r} {messages!r:.300}: closed with {answer['close']}")
                if answer.get("type") == "error" and (
                    answer.get("error") == "internal" or len(str(answer.get("message"))) > MESSAGE_BOUND
                ):
                    raise Finding(f"socket {ws_id!r} {messages!r:.300}: {str(answer)[:300]}")
    for game_id, _ in games:  # memory and store agree
        room = hub.rooms.get(game_id)
        record = await hub.store.load_game(game_id)
        if (
            room is not None
            and record is not None
            and [step.text for step in record.steps] != [step.text for step in room.game.steps]
        ):
            raise Finding(f"game {game_id}: the store has {len(record.steps)} steps, memory {room.game.ply}")
    for room in list(hub.rooms.values()):  # nobody attends them now: they leave memory, as idle rooms do
        room.pause()
        hub.forget(room)


def check(data: bytes) -> None:
    the_site = site()
    the_site.loop.run_until_complete(_session(data))
