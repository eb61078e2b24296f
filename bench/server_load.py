"""The load client of test_server_load.py: ``lanes`` games at once against a running
``fourchess serve``, each lane creating a game, playing its human seats over one WebSocket per seat
and starting a new game when one ends, until the time is up.

Every human move is a random one of the state's ``turn_moves``, sent with the state's ``ply`` by
the seat whose turn it is, at once or after a think time (so that many games at a set pace offer a
set rate, instead of each game moving as fast as the server answers). It is counted as it goes:
sent, then acknowledged (a state whose ``moves`` holds it at its ply), refused (an ``error``) or
replaced (a state with another step at its ply). Latency is from the send to the state that
answers it. When the time is up no new move is sent; each game is left once nothing it sent is
unanswered and the CPU seat has made its move."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

CPU_SEAT = "GREEN"
HUMAN_SEATS = ("RED", "BLUE", "YELLOW")
MAX_SERVER_MESSAGE = 1 << 20  # a state at a long game's end is tens of KB; 1 MiB is plenty
KEEPALIVE_SECONDS = 1.0
SETTLE_TIMEOUT = 60.0  # seconds a game may take, after the time is up, to answer what was sent


@dataclass
class SentMove:
    """A human move as the client sent it, and what became of it."""

    ply: int
    text: str
    seat: str
    sent_at: float
    answer: str | None = None  # "acknowledged", "replaced" or "refused:<code>"
    latency: float | None = None


@dataclass
class LoadedGame:
    """One game of the run: its id, mode, what its seats sent, and the last state it showed."""

    id: str
    mode: str
    sent: list[SentMove] = field(default_factory=list)
    last_state: dict[str, Any] | None = None


@dataclass
class LoadResult:
    """What one run did: every game, and the measured window (after the warm-up, until the time
    was up) as perf_counter and as wall-clock (time.time, the stored steps' clock) bounds, with
    what each probe counted over it (e.g. a process's CPU seconds)."""

    games: list[LoadedGame]
    window: tuple[float, float]
    wall_window: tuple[float, float]
    probed: dict[str, float]

    @property
    def seconds(self) -> float:
        return self.window[1] - self.window[0]

    def moves(self) -> list[SentMove]:
        """Every move sent, in the window or not."""
        return [move for game in self.games for move in game.sent]

    def answers(self) -> Counter[str]:
        return Counter(move.answer or "unanswered" for move in self.moves())

    def measured(self) -> list[SentMove]:
        """The moves sent in the window."""
        start, end = self.window
        return [move for move in self.moves() if start <= move.sent_at < end]

    def latencies(self) -> list[float]:
        """The latencies of the moves sent in the window, ascending."""
        return sorted(move.latency for move in self.measured() if move.latency is not None)


def percentile(ordered: list[float], fraction: float) -> float:
    """The nearest-rank percentile of an ascending list (``fraction`` 0.99 for p99)."""
    if not ordered:
        raise ValueError("no latencies to take a percentile of")
    rank = max(1, -(-len(ordered) * fraction // 1))  # ceil(n * fraction), at least 1
    return ordered[int(rank) - 1]


class _Play:
    """A game's three human seats on their sockets, until the game ends or the run stops."""

    def __init__(
        self,
        game: LoadedGame,
        tokens: dict[str, str],
        ws_url: str,
        rng: random.Random,
        stopping: asyncio.Event,
        think: float,
    ) -> None:
        self.game = game
        self.think = think
        self.tokens = tokens
        self.ws_url = ws_url
        self.rng = rng
        self.stopping = stopping
        self.pending: dict[str, SentMove | None] = {seat: None for seat in HUMAN_SEATS}
        self.sent_for_ply: dict[str, int] = {seat: -1 for seat in HUMAN_SEATS}
        self.left = asyncio.Event()  # the game is over, or the run stopped and the game is at rest
        self.thinking: set[asyncio.Task[None]] = set()
        self._last_text: str | bytes = ""
        self._last_message: dict[str, Any] = {}

    async def run(self) -> None:
        sockets = [await self._open(seat) for seat in HUMAN_SEATS]
        tasks = [asyncio.create_task(self._read(seat, ws)) for seat, ws in zip(HUMAN_SEATS, sockets, strict=True)]
        tasks.append(asyncio.create_task(self._watch_stop()))
        left = asyncio.create_task(self.left.wait())
        try:
            done, _ = await asyncio.wait([left, *tasks], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (left, *tasks, *self.thinking):
                task.cancel()
            await asyncio.gather(left, *tasks, *self.thinking, return_exceptions=True)
            for ws in sockets:
                await ws.close()
        for task in done:
            if task is not left:
                raise task.exception() or RuntimeError(f"game {self.game.id}: the server closed a socket in mid-game")

    async def _open(self, seat: str) -> ClientConnection:
        ws = await connect(
            f"{self.ws_url}/ws/games/{self.game.id}",
            max_size=MAX_SERVER_MESSAGE,
            proxy=None,
            open_timeout=SETTLE_TIMEOUT,
        )
        await ws.send(json.dumps({"type": "hello", "token": self.tokens[seat]}))
        return ws

    async def _watch_stop(self) -> None:
        await self.stopping.wait()
        self._check_rest()
        await asyncio.sleep(SETTLE_TIMEOUT)
        raise TimeoutError(
            f"game {self.game.id} did not come to rest {SETTLE_TIMEOUT} s after the run stopped: {self.pending}"
        )

    async def _read(self, seat: str, ws: ClientConnection) -> None:
        async for text in ws:
            now = time.perf_counter()
            if text != self._last_text:  # a broadcast reaches all three sockets: read it once
                self._last_text, self._last_message = text, json.loads(text)
            message = self._last_message
            kind = message["type"]
            if kind in ("welcome", "state"):
                await self._on_state(seat, ws, message["state"], now)
            elif kind == "error":
                self._on_error(seat, message, now)
            self._check_rest()

    async def _on_state(self, seat: str, ws: ClientConnection, state: dict[str, Any], now: float) -> None:
        game = self.game
        ply = state["ply"]
        if game.last_state is None or ply > game.last_state["ply"]:
            game.last_state = state
        for (
            sender,
            pending,
        ) in self.pending.items():  # the first socket to get the broadcast answers (the game may end with it)
            if pending is not None and ply > pending.ply:
                pending.answer = "acknowledged" if state["moves"][pending.ply] == pending.text else "replaced"
                pending.latency = now - pending.sent_at
                self.pending[sender] = None
        if state["status"] != "playing":
            self.left.set()
            return
        if (
            state["turn"] == seat
            and self.pending[seat] is None
            and self.sent_for_ply[seat] < ply
            and not self.stopping.is_set()
        ):
            self.sent_for_ply[seat] = ply
            text = self.rng.choice(state["turn_moves"])
            if self.think:
                task = asyncio.create_task(
                    self._send_later(seat, ws, ply, text, self.think * self.rng.uniform(0.5, 1.5))
                )
                self.thinking.add(task)
                task.add_done_callback(self.thinking.discard)
            else:
                await self._send(seat, ws, ply, text)

    async def _send_later(self, seat: str, ws: ClientConnection, ply: int, text: str, delay: float) -> None:
        await asyncio.sleep(delay)
        if self.stopping.is_set():  # the time is up while the seat thought: it sends nothing
            self._check_rest()
        else:
            await self._send(seat, ws, ply, text)

    async def _send(self, seat: str, ws: ClientConnection, ply: int, text: str) -> None:
        move = SentMove(ply, text, seat, time.perf_counter())
        self.pending[seat] = move
        self.game.sent.append(move)
        await ws.send(json.dumps({"type": "move", "move": text, "ply": ply}))

    def _on_error(self, seat: str, message: dict[str, Any], now: float) -> None:
        pending = self.pending[seat]
        if pending is not None:
            pending.answer = f"refused:{message.get('error')}"
            pending.latency = now - pending.sent_at
            self.pending[seat] = None

    def _check_rest(self) -> None:
        """After the stop: leave once nothing sent is unanswered and a human seat (or nobody) is to move."""
        state = self.game.last_state
        if not self.stopping.is_set() or state is None or any(self.pending.values()):
            return
        if state["status"] != "playing" or state["turn"] != CPU_SEAT:
            self.left.set()


def count_cpu_steps(game: LoadedGame) -> int:
    """The steps of the game's last state that none of its human seats sent: the CPU seat's."""
    if game.last_state is None:
        return 0
    ours = {move.ply for move in game.sent if move.answer == "acknowledged"}
    return sum(1 for ply in range(game.last_state["ply"]) if ply not in ours)


async def run_load(
    url: str,
    ws_url: str,
    *,
    lanes: int,
    seconds: float,
    settings: dict[str, Any],
    seed: int,
    think: float = 0.0,
    warmup: float = 0.0,
    probes: dict[str, Callable[[], float]] | None = None,
) -> LoadResult:
    """Play ``lanes`` games at once for ``warmup`` + ``seconds`` (then let each come to rest), the
    figures taken over the last ``seconds``; ``settings`` is the POST /api/games body (its seats
    must make GREEN the only CPU seat). A human seat waits ``think`` seconds on average (0.5 to 1.5
    times it) before it sends; 0: at once. Each probe is read at the window's ends; "client_cpu"
    (this process's CPU seconds) is always probed."""
    probes = {"client_cpu": time.process_time, **(probes or {})}
    rng = random.Random(seed)
    games: list[LoadedGame] = []
    stopping = asyncio.Event()
    # idle connections are dropped before uvicorn's 5 s keep-alive ends them (a request sent on one
    # the server is closing fails)
    limits = httpx.Limits(keepalive_expiry=KEEPALIVE_SECONDS)
    transport = httpx.AsyncHTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)], limits=limits)
    async with httpx.AsyncClient(base_url=url, timeout=SETTLE_TIMEOUT, transport=transport) as http:

        async def lane(index: int) -> None:
            lane_rng = random.Random(rng.random())
            while not stopping.is_set():
                mode = "teams" if (index + len(games)) % 2 == 0 else "ffa"
                answer = await http.post("/api/games", json={**settings, "mode": mode})
                answer.raise_for_status()
                created = answer.json()
                game = LoadedGame(created["id"], mode)
                games.append(game)
                tokens = {seat: created["seats"][seat]["token"] for seat in HUMAN_SEATS}
                await _Play(game, tokens, ws_url, lane_rng, stopping, think).run()

        tasks = [asyncio.create_task(lane(index)) for index in range(lanes)]
        await asyncio.sleep(warmup)
        before = {name: probe() for name, probe in probes.items()}
        start, wall_start = time.perf_counter(), time.time()
        await asyncio.sleep(seconds)
        end, wall_end = time.perf_counter(), time.time()
        probed = {name: probe() - before[name] for name, probe in probes.items()}
        stopping.set()
        await asyncio.gather(*tasks)
    return LoadResult(games, (start, end), (wall_start, wall_end), probed)
