"""The ASGI application: the HTTP JSON API, the WebSocket per game and the web board's files
(docs/server.md). It translates requests into Room calls and errors into answers, nothing more."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from fourchess._quote import quoted
from fourchess.server.connection import Connection
from fourchess.server.doorway import guarded_protocols
from fourchess.server.errors import (
    BadRequest,
    Busy,
    ClientGone,
    CpuUnavailable,
    GameFull,
    NoHello,
    NotFound,
    RequestError,
    TooLarge,
    TooManyGames,
    TooManyMessages,
)
from fourchess.server.failure_answers import JsonFailures, failure_body
from fourchess.server.games import GAMES
from fourchess.server.hub import Hub
from fourchess.server.limits import Limits
from fourchess.server.rate import GameQuota, TokenBucket
from fourchess.server.room import Room
from fourchess.server.settings import GameConfig
from fourchess.server.store.base import StepKind
from fourchess.server.text import shown_text

MAX_MESSAGE_BYTES = 4096  # a request body or WebSocket message; a move is ~10 bytes
MAX_CHAT_LENGTH = 200
SVG_CACHE_SIZE = 512  # rendered boards kept, keyed by (game, ply, orientation)
ACCEPT_BATCH = 128  # the listen backlog, which is also how many connections asyncio accepts at once
STATIC = Path(__file__).parent / "static"
MAX_SQUARE_NAME = 3  # "n14": the longest square name of any of the games' boards

log = logging.getLogger("fourchess.server")


def server_options(limits: Limits) -> dict[str, Any]:
    """uvicorn's settings for this app under ``limits``. Connections come in through the
    doorway (caps, header and body deadlines); an idle keep-alive connection is closed after
    idle_timeout. WebSocket frames are bounded near MAX_MESSAGE_BYTES, and permessage-deflate
    is off: compressing every state once per socket took a seventh of the server's time under
    load (bench/test_server_load.py), and a state is a few KB."""
    protocols = guarded_protocols(limits)
    return {
        "http": protocols["http"],
        "ws": protocols["ws"],
        "timeout_keep_alive": limits.idle_timeout,
        "backlog": ACCEPT_BATCH,
        "ws_max_size": MAX_MESSAGE_BYTES * 2,
        "ws_per_message_deflate": False,
        "lifespan": "on",
    }


def create_app(hub: Hub) -> Starlette:
    """The application serving ``hub``'s games; the hub is started and stopped with it."""

    @asynccontextmanager
    async def lifespan(app: Starlette):  # type: ignore[no-untyped-def]
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    api = _Api(hub)
    routes = [
        Route("/", api.lobby_page),
        Route("/games/{id}", api.game_page),
        Route("/healthz", api.health),
        Route("/api/catalog", api.catalog),
        Route("/api/games", api.create, methods=["POST"]),
        Route("/api/games/{id}", api.state),
        Route("/api/games/{id}/moves", api.move, methods=["POST"]),
        Route("/api/games/{id}/resign", api.resign, methods=["POST"]),
        Route("/api/games/{id}/claim", api.claim, methods=["POST"]),
        Route("/api/games/{id}/rematch", api.rematch, methods=["POST"]),
        Route("/api/games/{id}/record", api.record),
        Route("/api/games/{id}/pgn4", api.pgn4),
        Route("/api/games/{id}/board.svg", api.board_svg),
        WebSocketRoute("/ws/games/{id}", api.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={RequestError: _refused, HTTPException: _no_route},
        middleware=[Middleware(JsonFailures)],
    )
    app.state.hub = hub
    return app


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, RequestError)
    headers = {"Retry-After": str(math.ceil(error.retry_after))} if isinstance(error, TooManyGames) else None
    return JSONResponse(error.to_dict(), status_code=error.status, headers=headers)


async def _no_route(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such path, a method the path does not take) as JSON too."""
    assert isinstance(error, HTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "bad_request")
    return JSONResponse(
        {"error": code, "message": f"{request.method} {quoted(request.url.path, 80)}: {error.detail}"},
        status_code=error.status_code,
        headers=error.headers,
    )


def _seat_link(game_id: str, seat_name: str, token: str) -> str:
    return f"/games/{game_id}?seat={seat_name}#t={token}"


def _rematch_answer(room: Room, seat: int, token: str) -> dict[str, Any]:
    """What a seat asking for the rematch is told: the new game, its seat there and its link."""
    game_id, name = room.game.id, room.game.seat_names[seat]
    return {"id": game_id, "seat": name, "token": token, "url": _seat_link(game_id, name, token)}


class _Api:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.quota = GameQuota(hub.limits, hub.clock)
        self._svgs: OrderedDict[tuple[str, int, int], str] = OrderedDict()

    # --- pages ---------------------------------------------------------------------------------

    async def lobby_page(self, request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html")

    async def game_page(self, request: Request) -> Response:
        return FileResponse(STATIC / "game.html")

    async def health(self, request: Request) -> Response:
        try:
            await self.hub.store.ping()
        except Exception as error:  # the database does not answer
            return JSONResponse({"ok": False, "db": self.hub.store.kind, "error": str(error)[:200]}, status_code=503)
        return JSONResponse({"ok": True, "db": self.hub.store.kind})

    # --- the API -------------------------------------------------------------------------------

    async def catalog(self, request: Request) -> Response:
        """The games this server offers, their seats and whether their CPU can play here."""
        games = []
        for kind in GAMES.values():
            games.append(
                {
                    "game": kind.name,
                    "title": kind.title,
                    "record": kind.record_name,
                    "cpu": kind.cpu_missing() is None,
                    "cpu_missing": kind.cpu_missing(),
                }
            )
        return JSONResponse({"games": games})

    async def create(self, request: Request) -> Response:
        config = GameConfig.from_dict(await _json_body(request, allow_empty=True))
        missing = config.kind.cpu_missing()
        if missing is not None and any(config.cpu_seat(seat) for seat in range(len(config.seats))):
            raise CpuUnavailable(f"{config.kind.title} cannot have CPU seats here: {missing}")
        self.quota.take(request.client.host if request.client is not None else "")
        room, seat_tokens = await self.hub.create(config)
        game_id = room.game.id
        seats: dict[str, Any] = {}
        for seat, name in enumerate(config.seat_names):
            token = seat_tokens.get(seat)
            seats[name] = {"cpu": True} if token is None else {"token": token, "url": _seat_link(game_id, name, token)}
        return JSONResponse({"id": game_id, "url": f"/games/{game_id}", "seats": seats}, status_code=201)

    async def state(self, request: Request) -> Response:
        room = await self.hub.room(request.path_params["id"])
        if self.hub.store.shared:
            await room.sync()  # what another process stored a moment ago, before its notice comes
        state = room.state()
        room.settle()  # a read keeps no game in memory
        return JSONResponse(state)

    async def move(self, request: Request) -> Response:
        room, seat, body = await self._seat_request(request)
        if "move" not in body:
            raise BadRequest("the body needs a 'move'")
        proposal = await room.move(seat, body["move"], body.get("ply"))
        assert proposal.step is not None
        return JSONResponse({"ply": proposal.step.ply, "move": proposal.step.text, "state": room.state()})

    async def resign(self, request: Request) -> Response:
        return await self._leave(request, StepKind.RESIGN)

    async def claim(self, request: Request) -> Response:
        return await self._leave(request, StepKind.CLAIM)

    async def _leave(self, request: Request, kind: StepKind) -> Response:
        room, seat, body = await self._seat_request(request)
        await room.leave(seat, kind, body.get("ply"))
        return JSONResponse({"state": room.state()})

    async def rematch(self, request: Request) -> Response:
        room, seat, _ = await self._seat_request(request)
        return JSONResponse(_rematch_answer(*await self.hub.rematch(room, seat)), status_code=201)

    async def record(self, request: Request) -> Response:
        """The game's record (PGN4, PGN, the Martian record) as a download."""
        room = await self.hub.room(request.path_params["id"])
        game = room.game
        filename = f"{game.kind.name}-{game.id}.{game.kind.record_suffix}"
        text = game.record()
        room.settle()
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    async def pgn4(self, request: Request) -> Response:
        """A four-player game's PGN4 (the first address of the record; /record serves every game)."""
        room = await self.hub.room(request.path_params["id"])
        if room.game.kind.record_suffix != "pgn4":
            room.settle()
            raise NotFound(f"game {room.game.id} is {room.game.kind.title}: its record is at /api/games/{{id}}/record")
        return await self.record(request)

    async def board_svg(self, request: Request) -> Response:
        room = await self.hub.room(request.path_params["id"])
        game = room.game
        names = game.seat_names
        wanted = request.query_params.get("orientation")
        orientation = 0 if wanted is None else game.config.seat_named(wanted.upper())
        if orientation is None:
            room.settle()
            raise BadRequest(f"orientation must be one of {', '.join(names)}, got {quoted(wanted, 40)}")
        key = (game.id, game.ply, orientation)
        picture = self._svgs.get(key)
        if picture is None:
            picture = game.play.picture(orientation)
            self._svgs[key] = picture
            if len(self._svgs) > SVG_CACHE_SIZE:
                self._svgs.popitem(last=False)
        else:
            self._svgs.move_to_end(key)
        room.settle()
        return Response(picture, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    async def _seat_request(self, request: Request) -> tuple[Room, int, dict[str, Any]]:
        body = await _json_body(request)
        room = await self.hub.room(request.path_params["id"])
        return room, room.game.seat_for(body.get("token")), body

    # --- the WebSocket -------------------------------------------------------------------------

    async def socket(self, websocket: WebSocket) -> None:
        await websocket.accept()
        conn = Connection(websocket.send_text, websocket.close, state_interval=self.hub.limits.spectator_interval)
        room: Room | None = None
        try:
            try:
                hello = _message(await asyncio.wait_for(_receive_text(websocket), self.hub.limits.hello_timeout))
            except asyncio.TimeoutError:
                raise NoHello(f"no hello within {self.hub.limits.hello_timeout:g} s") from None
            if hello.get("type") != "hello":
                raise BadRequest("the first message must be {'type': 'hello', 'token': ...}")
            room = await self.hub.room(websocket.path_params["id"])
            token = hello.get("token")
            seat = None if token is None else room.game.seat_for(token)
            if len(room.connections) >= self.hub.limits.max_sockets_per_game:
                raise GameFull(f"the game has {len(room.connections)} pages open, as many as it may; try again later")
            await room.attach(conn, seat)
            limits = self.hub.limits
            # network pace, so real time, not the game clock
            bucket = TokenBucket(limits.messages_per_second, limits.message_burst, time.monotonic())
            # the writer may find the socket gone (or drop a client too far behind) while a
            # request is handled; then there is nothing more to read
            while websocket.application_state == WebSocketState.CONNECTED:
                text = await _receive_text(websocket)
                if not bucket.take(time.monotonic()):
                    # the flooder goes, before its messages reach (and drown) anyone else
                    error = TooManyMessages(
                        f"at most {limits.messages_per_second:g} messages a second"
                        f" (bursts of {limits.message_burst}); closing"
                    )
                    conn.send(json.dumps({"type": "error", **error.to_dict()}))
                    await conn.flush()
                    await websocket.close(code=1008, reason="too many messages")
                    break
                try:
                    await self._handle(room, conn, _message(text))
                except RequestError as error:
                    conn.send(json.dumps({"type": "error", **error.to_dict(), "ply": room.game.ply}))
                except Exception as error:  # the server's fault: say so; a lost database may come back
                    status, body = failure_body(error)
                    conn.send(json.dumps({"type": "error", **body, "ply": room.game.ply}))
                    if status != 503:
                        await websocket.close(code=1011)
                        break
        except WebSocketDisconnect:
            pass
        except BinaryFrame:  # the protocol is JSON text; 1003: a kind of data this end does not take
            await websocket.close(code=1003, reason="text frames only")
        except RequestError as error:  # before the hello was accepted: say why, then close
            await websocket.send_text(json.dumps({"type": "error", **error.to_dict()}))
            await websocket.close(code=1013 if isinstance(error, Busy) else 1008)  # 1013: try again later
        except (
            Exception
        ) as error:  # the server's fault (a game set aside, the store away) before the hello was accepted
            status, body = failure_body(error)
            if websocket.application_state == WebSocketState.CONNECTED:
                await websocket.send_text(json.dumps({"type": "error", **body}))
                await websocket.close(code=1013 if body["retryable"] else 1011)
        finally:
            if room is not None:
                await room.detach(conn)
            else:
                await conn.finish()

    async def _handle(self, room: Room, conn: Connection, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "ping":
            conn.send('{"type": "pong"}')
            return
        seat = conn.seat
        if seat is None:
            raise BadRequest("a spectator may only watch")
        if kind == "move":
            await room.move(seat, message.get("move"), message.get("ply"))
        elif kind in ("resign", "claim"):
            await room.leave(seat, StepKind(kind), message.get("ply"))
        elif kind == "arrow":
            squares = [_square(room, message.get(end)) for end in ("from", "to")]
            room.relay(seat, {"type": "arrow", "from": squares[0], "to": squares[1]})
        elif kind == "clear_arrows":
            room.relay(seat, {"type": "clear_arrows"})
        elif kind == "chat":
            room.relay(seat, {"type": "chat", "text": shown_text(message.get("text"), "a chat line", MAX_CHAT_LENGTH)})
        elif kind == "rematch":
            conn.send(json.dumps({"type": "rematch", **_rematch_answer(*await self.hub.rematch(room, seat))}))
        else:
            raise BadRequest(f"unknown message type {str(kind)[:40]!r}")


class BinaryFrame(Exception):
    """The client sent a binary WebSocket frame; the protocol is JSON text."""


async def _receive_text(websocket: WebSocket) -> str:
    """The next text frame; WebSocketDisconnect when the client left, BinaryFrame for bytes."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise BinaryFrame()
    return str(text)


def _square(room: Room, name: object) -> str:
    """An arrow's end: a square of the game's board ('h2')."""
    if isinstance(name, str) and len(name) <= MAX_SQUARE_NAME and room.game.play.has_square(name):
        return name
    raise BadRequest(f"an arrow needs 'from' and 'to' squares of the board like 'h2', got {quoted(name)}")


def _message(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE_BYTES:
        raise TooLarge(f"a message is at most {MAX_MESSAGE_BYTES} bytes, got {len(text)}")
    return _object(text)


def _object(text: str | bytes) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadRequest("the body is not JSON") from None
    if not isinstance(data, dict):
        raise BadRequest(f"the body must be a JSON object, got {type(data).__name__}")
    return data


async def _json_body(request: Request, allow_empty: bool = False) -> dict[str, Any]:
    """The request's JSON object, read no further than MAX_MESSAGE_BYTES."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_MESSAGE_BYTES):
        raise TooLarge(f"a request body is at most {MAX_MESSAGE_BYTES} bytes")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_MESSAGE_BYTES:
                raise TooLarge(f"a request body is at most {MAX_MESSAGE_BYTES} bytes")
    except ClientDisconnect:  # the client left, or the doorway closed it for a late body
        raise ClientGone("the client closed the connection before the body arrived") from None
    if not body and allow_empty:
        return {}
    return _object(bytes(body))
