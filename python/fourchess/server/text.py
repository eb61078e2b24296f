"""Text a player writes for others to read (seat names, chat lines): checked once, the same way
everywhere. Printable characters only: no NUL or other control characters, no lone surrogates,
and no format characters such as U+202E, which would turn the text around it backwards."""

from __future__ import annotations

from fourchess._quote import quoted
from fourchess.server.errors import BadRequest, RequestError


def shown_text(value: object, what: str, limit: int, error: type[RequestError] = BadRequest) -> str:
    """``value`` stripped, when it is 1..``limit`` printable characters; ``error`` naming ``what``
    otherwise."""
    if not isinstance(value, str) or not value.strip() or len(value) > limit or not value.isprintable():
        raise error(f"{what} must be 1..{limit} printable characters, got {quoted(value)}")
    return value.strip()
