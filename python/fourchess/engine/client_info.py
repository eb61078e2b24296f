"""Reading an engine's ``info`` lines into data (the client side of docs/uci.md)."""

from __future__ import annotations

from dataclasses import dataclass

from fourchess._core import Move
from fourchess.board import Board
from fourchess.engine.search import Score

# Every word that may start a field of an info line; a pv runs until the next of them.
_FIELDS = frozenset(
    "depth seldepth time nodes pv multipv score currmove currmovenumber hashfull nps tbhits sbhits "
    "cpuload string refutation currline".split()
)
_INTEGER_FIELDS = ("depth", "seldepth", "nodes", "nps", "time")


@dataclass(frozen=True)
class EngineInfo:
    """What the engine said about its search: the last ``info`` line that had a score, depth or
    pv, and every ``info string`` text of that search (``strings``). Fields it did not send are
    None: ``depth``, ``seldepth``, ``score``, ``nodes``, ``nps``, ``time`` (seconds); ``pv`` is the
    legal prefix of the moves it sent."""

    depth: int | None = None
    seldepth: int | None = None
    score: Score | None = None
    nodes: int | None = None
    nps: int | None = None
    time: float | None = None  # seconds
    pv: tuple[Move, ...] = ()  # the legal prefix of what the engine sent
    strings: tuple[str, ...] = ()


def is_search_info(line: str) -> bool:
    """An ``info`` line that reports on the search (not only ``string``, ``currmove``...)."""
    words = line.split()
    return len(words) > 1 and words[0] == "info" and any(word in ("depth", "score", "pv") for word in words[1:])


def info_string(line: str) -> str | None:
    """The text of an ``info string ...`` line, else None."""
    words = line.split(None, 2)
    if len(words) >= 2 and words[0] == "info" and words[1] == "string":
        return words[2] if len(words) == 3 else ""
    return None


def parse_info(line: str | None, board: Board, strings: tuple[str, ...] = ()) -> EngineInfo:
    """The fields of one search ``info`` line; ``board`` (the searched position) reads the pv."""
    if line is None:
        return EngineInfo(strings=strings)
    words = line.split()[1:]
    values: dict[str, int] = {}
    score: Score | None = None
    pv: tuple[Move, ...] = ()
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word == "string":
            break  # the rest of the line is free text
        if word in _INTEGER_FIELDS and index < len(words):
            number = _integer(words[index])
            if number is not None:
                values[word] = number
                index += 1
        elif word == "score" and index + 1 < len(words):
            number = _integer(words[index + 1])
            if number is not None and words[index] in ("cp", "mate"):
                score = Score(cp=number, mate=None) if words[index] == "cp" else Score(cp=None, mate=number)
                index += 2
        elif word == "pv":
            start = index
            while index < len(words) and words[index] not in _FIELDS:
                index += 1
            pv = _legal_prefix(board, words[start:index])
    time_ms = values.get("time")
    return EngineInfo(
        depth=values.get("depth"),
        seldepth=values.get("seldepth"),
        score=score,
        nodes=values.get("nodes"),
        nps=values.get("nps"),
        time=None if time_ms is None else time_ms / 1000,
        pv=pv,
        strings=strings,
    )


def _integer(text: str) -> int | None:
    digits = text[1:] if text[:1] == "-" else text
    return int(text) if digits.isascii() and digits.isdigit() and len(digits) <= 19 else None


def _legal_prefix(board: Board, texts: list[str]) -> tuple[Move, ...]:
    line = board.copy(stack=False)
    moves = []
    for text in texts:
        try:
            moves.append(line.push_move(text))
        except ValueError:
            break
    return tuple(moves)
