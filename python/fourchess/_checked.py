"""Counts checked where they enter the library: the four-player search and Martian Chess's search
take their limits through the same check, so both refuse the same values with the same words."""

from __future__ import annotations

from fourchess._quote import quoted


def checked_count(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is an int in ``low..high``; else a TypeError or ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low}..{high}, got {quoted(value)}")
    return value
