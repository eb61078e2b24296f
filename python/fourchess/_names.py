"""Seat, PieceType and Termination print as their names: ``str(Seat.RED) == 'RED'``.

They are pybind11 native enums, real :mod:`enum` classes built when the extension loads; since
Python 3.11 an IntEnum prints as its number. pybind11 offers no hook to give a native enum its own
``__str__``, so the methods are set on the finished classes here, which ``fourchess`` imports
before anything else (``import fourchess._core`` runs it too, as the package loads first).
``repr`` is left as the enum module makes it (``<Seat.RED: 0>``).
"""

from __future__ import annotations

import enum

from fourchess._core import PieceType, Seat, Termination


def _name(member: enum.Enum) -> str:
    return member.name


def _format(member: enum.Enum, spec: str) -> str:
    # Format specs apply to the name, as str() gives it (f"{Seat.RED:>6}" is '   RED').
    return format(member.name, spec)


for _enum in (Seat, PieceType, Termination):
    _enum.__str__ = _name  # type: ignore[method-assign,assignment]
    _enum.__format__ = _format  # type: ignore[method-assign,assignment]
