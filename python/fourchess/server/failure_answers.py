"""What a client hears when a request fails for a reason of the server's, not its own: JSON, as
every other answer, never a plain-text 500. A database that cannot work now (full, locked,
removed, unreachable) is a 503 the client may retry; anything else is a 500, logged once with
its traceback. Either way the request changed nothing (Room takes a proposal back on any error)."""

from __future__ import annotations

import logging
from typing import Any

from starlette.responses import JSONResponse

from fourchess.server.errors import GameSetAside
from fourchess.server.store.failures import is_store_failure

log = logging.getLogger("fourchess.server")

STORE_UNAVAILABLE = "store_unavailable"
INTERNAL = "internal"


def failure_body(error: BaseException) -> tuple[int, dict[str, Any]]:
    """The HTTP status and JSON body for ``error``, and log it."""
    if isinstance(error, GameSetAside):
        return error.status, {"error": error.code, "message": str(error), "retryable": False}
    if is_store_failure(error):
        log.warning("the store failed: %s", error)
        message = "the game store cannot take requests now; nothing was changed; try again shortly"
        return 503, {"error": STORE_UNAVAILABLE, "message": message, "retryable": True}
    log.error("a request failed", exc_info=error)
    return 500, {
        "error": INTERNAL,
        "message": "the server failed to handle the request; it is logged",
        "retryable": False,
    }


class JsonFailures:
    """ASGI middleware: an HTTP request's exception that no handler answered becomes the JSON
    answer of ``failure_body`` (once the answer has begun, the connection is closed instead)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched_send(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watched_send)
        except Exception as error:
            status, body = failure_body(error)
            if started:
                return  # nothing more can be said; the server closes the response
            await JSONResponse(body, status_code=status)(scope, receive, send)
