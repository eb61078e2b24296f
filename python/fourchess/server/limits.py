"""What one server process allows its clients: timeouts, caps and rates, in one place.

Every bound the server enforces against slow, abandoned or flooding clients is a field here, with
the default a small site can run on its own (docs/server.md, Limits). ``fourchess serve`` sets them
from its options; tests and embedders pass a Limits of their own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Limits:
    """The server's bounds. Times are seconds, rates are per second."""

    # --- connections -------------------------------------------------------------------------
    header_timeout: float = 10.0  # a new connection (or the next request on one) sends its head within this
    body_timeout: float = 10.0  # a request's whole body arrives within this
    idle_timeout: float = 5.0  # a keep-alive connection with no request is closed after this
    hello_timeout: float = 10.0  # a WebSocket says hello within this
    max_connections: int = 1000  # open connections in all (HTTP and WebSocket)
    max_connections_per_client: int = 64  # open connections from one client address

    # --- WebSockets --------------------------------------------------------------------------
    max_sockets_per_game: int = 200  # pages open on one game in this process
    messages_per_second: float = 5.0  # a socket's chat, arrows and pings, sustained
    message_burst: int = 20  # ... and in a burst
    spectator_interval: float = 0.25  # a spectator gets the state at most this often (the newest one)

    # --- games -------------------------------------------------------------------------------
    games_per_client_per_minute: float = 10.0  # games one client address may create, sustained
    game_burst_per_client: int = 20  # ... and in a burst
    games_per_minute: float = 120.0  # games all clients together may create, sustained
    game_burst: int = 200  # ... and in a burst
    unattended_seconds: float = 120.0  # a game nobody has open is played on by the CPU this long, then paused
    max_rooms: int = 5000  # games held in memory; paused and finished ones are dropped first

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
                raise ValueError(f"limit {field.name} must be a positive number, got {value!r}")
            if field.type == "int" and not isinstance(value, int):
                raise ValueError(f"limit {field.name} must be an integer, got {value!r}")
