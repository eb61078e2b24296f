"""Reading the arguments of the UCI dialect's ``position``, ``go`` and ``setoption`` commands.

Pure functions from a command's words to checked values; every refusal is a
:class:`UciInputError` whose message quotes the words at fault bounded (docs/uci.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from fourchess._core import Seat
from fourchess._quote import quoted
from fourchess.engine.search import MAX_DEPTH

# The go command's clock and increment words, lower case as UCI's words are: rtime btime ytime
# gtime, rinc binc yinc ginc (btime is Blue's clock).
CLOCK_WORDS = {f"{seat.letter.lower()}time": seat for seat in Seat}
INCREMENT_WORDS = {f"{seat.letter.lower()}inc": seat for seat in Seat}
MAX_MILLISECONDS = 10**12  # about 31 years: any larger clock is a typo, not a time control
MAX_NODES = 2**63 - 1

_INTEGER = re.compile(r"-?[0-9]+")  # ASCII digits only: int() would also take '١٢' or '1_0'


class UciInputError(ValueError):
    """A command the dialect cannot carry out; the message says why, quoting bounded."""


@dataclass(frozen=True)
class PositionSpec:
    """``position startpos`` (``fen4`` None) or ``position fen F``, then the moves' texts."""

    fen4: str | None
    moves: tuple[str, ...]


@dataclass(frozen=True)
class GoLimits:
    """The limits of one ``go``; times in seconds, clocks and increments in seat order."""

    depth: int | None = None
    nodes: int | None = None
    movetime: float | None = None
    clocks: tuple[float | None, ...] = (None, None, None, None)
    increments: tuple[float | None, ...] = (None, None, None, None)
    infinite: bool = False

    def search_arguments(self, turn: int) -> dict[str, Any]:
        """Keywords for ``Engine.search`` with ``turn`` to move; seats without a clock get the
        mover's clock, seats without an increment none."""
        arguments: dict[str, Any] = {"depth": self.depth, "nodes": self.nodes, "movetime": self.movetime}
        if any(clock is not None for clock in self.clocks):
            own = self.clocks[turn]
            if own is None:
                raise UciInputError(f"go: clocks given but none for the side to move ({Seat(turn).letter.lower()}time)")
            arguments["clocks"] = tuple(own if clock is None else clock for clock in self.clocks)
            arguments["increments"] = tuple(0.0 if inc is None else inc for inc in self.increments)
        elif any(inc is not None for inc in self.increments):
            raise UciInputError("go: increments given without clocks (rtime btime ytime gtime)")
        if self.infinite:
            arguments["infinite"] = True
        return arguments


def parse_position(words: list[str]) -> PositionSpec:
    """``startpos [moves ...]`` or ``fen <FEN4> [moves ...]`` (the words after ``position``)."""
    if not words:
        raise UciInputError("position: expected 'startpos' or 'fen <FEN4>'")
    rest = words[1:]
    moves: list[str] = []
    if "moves" in rest:
        cut = rest.index("moves")
        rest, moves = rest[:cut], rest[cut + 1 :]
    if words[0] == "startpos":
        if rest:
            raise UciInputError(f"position startpos: unexpected {quoted(' '.join(rest))} (expected 'moves')")
        return PositionSpec(None, tuple(moves))
    if words[0] == "fen":
        if not rest:
            raise UciInputError("position fen: the FEN4 is missing")
        return PositionSpec(" ".join(rest), tuple(moves))
    raise UciInputError(f"position: expected 'startpos' or 'fen', got {quoted(words[0])}")


def parse_go(words: list[str]) -> GoLimits:
    """The words after ``go``: ``depth``, ``nodes``, ``movetime``, ``[rbyg]time``, ``[rbyg]inc``
    (milliseconds) and ``infinite``, each at most once."""
    seen: set[str] = set()
    values: dict[str, Any] = {}
    clocks: list[float | None] = [None] * 4
    increments: list[float | None] = [None] * 4
    index = 0
    while index < len(words):
        word = words[index]
        if word != "infinite" and not _is_go_word(word):
            raise UciInputError(f"go: unknown word {quoted(word)}")
        if word in seen:
            raise UciInputError(f"go: {word} given twice")
        seen.add(word)
        if word == "infinite":
            values["infinite"] = True
            index += 1
            continue
        if index + 1 >= len(words):
            raise UciInputError(f"go: {word} needs a value")
        what, text = f"go: {word}", words[index + 1]
        index += 2
        if word == "depth":
            values["depth"] = _integer(what, text, 1, MAX_DEPTH)
        elif word == "nodes":
            values["nodes"] = _integer(what, text, 1, MAX_NODES)
        elif word == "movetime":
            values["movetime"] = _integer(what, text, 1, MAX_MILLISECONDS) / 1000
        elif word in CLOCK_WORDS:  # a GUI may send a negative clock once a seat is over time
            clocks[CLOCK_WORDS[word]] = max(0, _integer(what, text, -MAX_MILLISECONDS, MAX_MILLISECONDS)) / 1000
        else:
            increments[INCREMENT_WORDS[word]] = _integer(what, text, 0, MAX_MILLISECONDS) / 1000
    return GoLimits(clocks=tuple(clocks), increments=tuple(increments), **values)


def parse_setoption(words: list[str]) -> tuple[str, str | None]:
    """``name <name words> [value <value words>]``: the name (lower case) and the value."""
    if not words or words[0] != "name":
        raise UciInputError("setoption: expected 'name <option> value <value>'")
    rest = words[1:]
    value: str | None = None
    if "value" in rest:
        cut = rest.index("value")
        rest, value = rest[:cut], " ".join(rest[cut + 1 :])
    if not rest:
        raise UciInputError("setoption: the option name is missing")
    return " ".join(rest).lower(), value


def parse_spin(name: str, value: str | None, low: int, high: int) -> int:
    """A ``spin`` option's value: an integer in ``low..high``."""
    if value is None or value == "":
        raise UciInputError(f"setoption {name}: needs 'value <integer {low}..{high}>'")
    return _integer(f"setoption {name}", value, low, high)


def _is_go_word(word: str) -> bool:
    return word in ("depth", "nodes", "movetime") or word in CLOCK_WORDS or word in INCREMENT_WORDS


def _integer(what: str, text: str, low: int, high: int) -> int:
    """``text`` as an integer in ``low..high`` (read only when short: int() refuses 5,000 digits)."""
    if not _INTEGER.fullmatch(text):
        raise UciInputError(f"{what}: expected an integer, got {quoted(text)}")
    if len(text.lstrip("-0")) > 19 or not low <= int(text) <= high:
        raise UciInputError(f"{what}: {quoted(text)} is out of range {low}..{high}")
    return int(text)
