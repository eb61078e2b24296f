"""Bad input quoted in an error message, bounded: a 5 MB string gives a short message."""

from __future__ import annotations

QUOTED_CHARACTERS = 40  # the same bound the C++ binding's quoted_prefix keeps


def quoted(text: object, limit: int = QUOTED_CHARACTERS) -> str:
    """``text`` as an error message shows it: its repr with quotes, and past ``limit`` characters
    only a prefix and the length.

    A value that is not a str is shown by its repr, bounded the same way (without extra quotes);
    an int too long for ``repr`` by its size, and an object whose ``repr`` fails by its type.

    >>> quoted("h2-h4")
    "'h2-h4'"
    >>> quoted("x" * 50, limit=4)
    "'xxxx... (50 characters)'"
    >>> quoted([1, 2, 3], limit=4)
    '[1, ... (9 characters)'
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive int, got {quoted(limit)}")
    if isinstance(text, str):
        if len(text) <= limit:
            return repr(str(text))
        shown = repr(str(text[:limit]))  # repr escapes control characters and lone surrogates
        return f"{shown[:-1]}... ({len(text)} characters){shown[-1]}"
    try:
        shown = repr(text)
    except ValueError:  # an int past sys.get_int_max_str_digits()
        if isinstance(text, int):
            return f"<an int of {text.bit_length()} bits>"
        return f"<a {type(text).__name__} object>"
    except Exception:  # a caller's object whose __repr__ raises: the message must still be made
        return f"<a {type(text).__name__} object>"
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}... ({len(shown)} characters)"
