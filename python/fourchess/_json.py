"""Reading the plain-data forms of fourchess values (``from_dict``): each field checked, and a
typed error naming the field and quoting, bounded, what was there instead."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fourchess._core import Seat
from fourchess._quote import quoted

SEAT_NAMES_UPPER = tuple(seat.name for seat in Seat)


def fields(data: object, owner: str, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    """``data`` as a dict with every required key and no key outside required + optional."""
    if not isinstance(data, dict):
        raise TypeError(f"{owner}.from_dict needs a dict, got {type(data).__name__}")
    required, allowed = tuple(required), set(required) | set(optional)
    for key in data:
        if key not in allowed:
            raise ValueError(f"{owner}.from_dict: unknown field {quoted(key)} (fields: {', '.join(sorted(allowed))})")
    for key in required:
        if key not in data:
            raise ValueError(f"{owner}.from_dict: field {key!r} is missing")
    return data


def text_field(value: object, owner: str, field: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{owner}.from_dict: field {field!r} must be a str, got {type(value).__name__}")
    return value


def list_field(value: object, owner: str, field: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{owner}.from_dict: field {field!r} must be a list, got {type(value).__name__}")
    return list(value)


def named(value: object, names: Iterable[str], owner: str, field: str) -> str:
    """A name out of ``names`` (read case-insensitively, returned as written in ``names``)."""
    text = text_field(value, owner, field)
    choices = tuple(names)
    for name in choices:
        if text.upper() == name:
            return name
    raise ValueError(f"{owner}.from_dict: field {field!r} must be one of {', '.join(choices)}, got {quoted(text)}")


def seat_field(value: object, owner: str, field: str) -> Seat:
    return Seat[named(value, SEAT_NAMES_UPPER, owner, field)]


def seat_set_field(value: object, owner: str, field: str) -> frozenset[Seat]:
    """A list of distinct seat names."""
    seats = [seat_field(item, owner, field) for item in list_field(value, owner, field)]
    if len(set(seats)) != len(seats):
        raise ValueError(f"{owner}.from_dict: field {field!r} names a seat twice: {quoted(value)}")
    return frozenset(seats)


def seat_names(seats: Iterable[Seat]) -> list[str]:
    """Seat names in seat order (RED, BLUE, YELLOW, GREEN)."""
    return [seat.name for seat in sorted(seats)]
