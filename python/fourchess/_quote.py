"""Bad input quoted in an error message, bounded: a 5 MB string gives a short message."""

from __future__ import annotations

QUOTED_CHARACTERS = 40  # the same bound the C++ binding's quoted_prefix keeps


def quoted(text: object, limit: int = QUOTED_CHARACTERS) -> str:
    """``text`` as an error message shows it: its repr with quotes, and past ``limit`` characters
    only a prefix and the length.

    A value that is not a str is shown by its repr, bounded the same way (without extra quotes).

    >>> quoted("h2-h4")
    "'h2-h4'"
    >>> quoted("x" * 50, limit=4)
    "'xxxx... (50 characters)'"
    >>> quoted([1, 2, 3], limit=4)
    '[1, ... (9 characters)'
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive int, got {limit!r}")
    if isinstance(text, str):
        if len(text) <= limit:
            return repr(str(text))
        shown = repr(str(text[:limit]))  # repr escapes control characters and lone surrogates
        return f"{shown[:-1]}... ({len(text)} characters){shown[-1]}"
    shown = repr(text)
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}... ({len(shown)} characters)"
