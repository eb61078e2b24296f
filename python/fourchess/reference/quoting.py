"""How the reference's error messages show the caller's text: bounded, so 5 MB of input gives a
short message (the reference's own helper: it imports nothing from the rest of fourchess)."""

from __future__ import annotations

SHOWN_CHARACTERS = 40


def shown(value: object) -> str:
    """``repr(value)``, or past SHOWN_CHARACTERS characters its start and the length."""
    if isinstance(value, str):
        if len(value) <= SHOWN_CHARACTERS:
            return repr(value)
        start = repr(value[:SHOWN_CHARACTERS])
        return start[:-1] + f"... ({len(value)} characters)" + start[-1]
    try:
        text = repr(value)
    except Exception:  # a huge int, or an object whose repr fails: still a message
        return f"<a {type(value).__name__}>"
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + f"... ({len(text)} characters)"
