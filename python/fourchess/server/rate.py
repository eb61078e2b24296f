"""Rates a client may act at: a token bucket, and the bucket per client address that bounds how
fast games are made (``Limits.games_per_client_per_minute`` and ``games_per_minute``)."""

from __future__ import annotations

import math
from collections import OrderedDict

from fourchess.server.clock import Clock
from fourchess.server.errors import TooManyGames
from fourchess.server.limits import Limits

MAX_CLIENTS = (
    10_000  # client addresses remembered; the longest unseen is forgotten (its bucket would be full again by then)
)


class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` a second; an action takes one."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = now

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now

    def wait(self, now: float) -> float:
        """Seconds until a token is there (0 when one is there now)."""
        self._refill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def take(self, now: float) -> bool:
        """Take a token if there is one."""
        if self.wait(now) > 0:
            return False
        self.tokens -= 1
        return True


class GameQuota:
    """How fast games may be made: by each client address, and by all of them together."""

    def __init__(self, limits: Limits, clock: Clock) -> None:
        self.limits = limits
        self.clock = clock
        now = clock.now()
        self._all = TokenBucket(limits.games_per_minute / 60, limits.game_burst, now)
        self._clients: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, client: str) -> None:
        """Count one game made by ``client``; TooManyGames (nothing counted) when over either rate."""
        now = self.clock.now()
        bucket = self._clients.get(client)
        if bucket is None:
            bucket = self._clients[client] = TokenBucket(
                self.limits.games_per_client_per_minute / 60, self.limits.game_burst_per_client, now
            )
            if len(self._clients) > MAX_CLIENTS:
                self._clients.popitem(last=False)
        self._clients.move_to_end(client)
        mine, everyone = bucket.wait(now), self._all.wait(now)
        if mine > 0:
            raise TooManyGames(
                f"this address may make {self.limits.games_per_client_per_minute:g} games a minute;"
                f" try again in {math.ceil(mine)} s",
                mine,
            )
        if everyone > 0:
            raise TooManyGames(
                f"the server makes at most {self.limits.games_per_minute:g} games a minute;"
                f" try again in {math.ceil(everyone)} s",
                everyone,
            )
        bucket.take(now)
        self._all.take(now)
