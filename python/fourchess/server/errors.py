"""The errors a request can meet, each with the code and HTTP status docs/server.md gives it.

Every one is the caller's fault, so every one is a ValueError: a server embedding fourchess can
catch them as such. The message names what was wrong and quotes the caller's text bounded.
"""

from __future__ import annotations

from typing import Any


class RequestError(ValueError):
    """A refused request: ``code`` (the API's error code), ``status`` (the HTTP status) and the
    message. A refused request has changed nothing."""

    code = "bad_request"
    status = 400

    def to_dict(self) -> dict[str, Any]:
        """The API's error body: ``{"error": code, "message": text}``."""
        return {"error": self.code, "message": str(self)}


class BadRequest(RequestError):
    """Not JSON, not an object, a field missing or of the wrong type."""


class TooLarge(RequestError):
    """A body or message over the size limit."""

    code = "too_large"
    status = 413


class ClientGone(RequestError):
    """The connection closed before the request's body had arrived (the client left, or it was
    too slow and the server closed it); nobody reads the answer."""

    code = "timeout"
    status = 408


class NoHello(RequestError):
    """A WebSocket that did not say hello in time."""

    code = "timeout"
    status = 408


class BadSettings(RequestError):
    """A game setting out of range; the message names the setting."""

    code = "bad_settings"


class CpuUnavailable(BadSettings):
    """CPU seats asked of a game whose CPU player is not installed on this server (chess without
    Stockfish); the message says what to install."""

    code = "cpu_unavailable"


class BadToken(RequestError):
    """The token is not one of this game's seat tokens."""

    code = "bad_token"
    status = 403


class NoSuchGame(RequestError):
    """No game has that id."""

    code = "no_such_game"
    status = 404


class NotFound(RequestError):
    """An address this game does not have (a four-player record asked of another game)."""

    code = "not_found"
    status = 404


class NotYourTurn(RequestError):
    """The token's seat may not do that now (it is another seat's turn)."""

    code = "not_your_turn"
    status = 409


class Stale(RequestError):
    """The request was made for a ply that has passed."""

    code = "stale"
    status = 409


class TurnTimedOut(RequestError):
    """The move came after its turn's deadline: the seat has timed out instead."""

    code = "timed_out"
    status = 409


class TooManyGames(RequestError):
    """This client (or every client together) has made games faster than the server allows;
    ``retry_after``: seconds until one more may be made."""

    code = "too_many_games"
    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after

    def to_dict(self) -> dict[str, Any]:
        """The error body with ``retry_after`` (seconds) added."""
        return {**super().to_dict(), "retry_after": round(self.retry_after, 1)}


class Busy(RequestError):
    """The server holds as many games as it may; a game can be made again once some are let go."""

    code = "busy"
    status = 503


class TooManyMessages(RequestError):
    """A WebSocket sent messages faster than Limits.messages_per_second allows; it is closed."""

    code = "too_many_messages"
    status = 429


class GameFull(Busy):
    """The game has as many pages open in this process as it may (Limits.max_sockets_per_game)."""


class GameOver(RequestError):
    """The game has finished or was aborted."""

    code = "game_over"
    status = 409


class IllegalMove(RequestError):
    """The core refused the move; ``reason`` is the :class:`fourchess.Refusal`."""

    code = "illegal_move"
    status = 422

    def __init__(self, message: str, reason: str | None) -> None:
        super().__init__(message)
        self.reason = reason

    def to_dict(self) -> dict[str, Any]:
        """The error body with the refusal's ``reason`` added."""
        return {**super().to_dict(), "reason": self.reason}


class GameSetAside(Exception):
    """The game's stored steps do not replay: it is set aside for an operator (``fourchess serve
    --check-games`` lists such games), and every request for it answers 503 ``game_set_aside``.
    Not the caller's fault, so not a RequestError."""

    code = "game_set_aside"
    status = 503
