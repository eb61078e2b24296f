"""``UciEngine``: any program that speaks the 4PC UCI dialect (docs/uci.md), as a Player.

Modelled on python-chess's ``chess.engine``: start the program, do the ``uci``/``isready``
handshake, send each position with its moves, read ``info`` and ``bestmove``, and turn every way
an engine can fail (silence, death, an illegal move) into an :class:`EngineError`.
"""

from __future__ import annotations

import math
import shlex
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourchess._core import Move, Seat
from fourchess._quote import quoted
from fourchess.board import MODERN_START_FEN4, Board
from fourchess.engine.client_errors import (
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    IllegalEngineMoveError,
)
from fourchess.engine.client_info import EngineInfo, info_string, is_search_info, parse_info
from fourchess.engine.client_process import EngineProcess
from fourchess.rules import canonical_mode

KEPT_STRINGS = 20  # the last `info string` texts of a search kept for the caller


@dataclass(frozen=True)
class PlayResult:
    """The engine's ``move``, checked legal, and what it last reported about its search
    (``info``)."""

    move: Move
    info: EngineInfo


class UciEngine:
    """An engine program, started now and kept until :meth:`close` (or the ``with`` block ends).

    ``command`` is an argument list, or a string split as a shell would (``"fourchess uci"``).
    ``timeout`` (seconds) bounds the handshake and ``isready``, and is how far a search may run
    past its time limit before the engine is declared hung and killed. ``mode`` fixes the engine's
    Mode; None follows each board's mode. ``options`` are sent as ``setoption`` once. ``depth``,
    ``nodes`` and ``movetime`` (seconds) are the limits :meth:`choose_move` searches with.

    Only the position (FEN4 and moves) and the mode reach the engine: rule options such as a move
    limit or house rules are the caller's to adjudicate.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 10.0,
        mode: str | None = None,
        options: Mapping[str, Any] | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
    ) -> None:
        if mode is not None:
            mode = canonical_mode(mode)  # any case, as users type it
        if not (isinstance(timeout, (int, float)) and timeout > 0 and math.isfinite(timeout)):
            raise ValueError(f"timeout must be a positive number of seconds, got {quoted(timeout)}")
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("command names no program")
        self.timeout = float(timeout)
        self.limits = _limits(depth=depth, nodes=nodes, movetime=movetime)
        self.id: dict[str, str] = {}  # from `id name ...`, `id author ...`
        self.options: dict[str, str] = {}  # lower-case option name -> its `option` line
        self._fixed_mode = mode
        self._mode_sent: str | None = None
        self._process = EngineProcess(argv)
        try:
            self._handshake()
            for name, value in (options or {}).items():
                self.configure(name, value)
            if mode is not None:
                self._use_mode(mode)
            self._sync()
        except BaseException:
            self._process.kill()
            raise

    # -- the Player

    def choose_move(self, board: Board) -> Move:
        """The engine's move for the side to move, searched with the limits given at creation."""
        if not self.limits:
            raise ValueError("UciEngine(...) was given no depth, nodes or movetime for choose_move")
        return self.play(board, **self.limits).move

    def play(
        self,
        board: Board,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
        clocks: Sequence[float] | None = None,
        increments: Sequence[float] | None = None,
        timeout: float | None = None,
    ) -> PlayResult:
        """Searches ``board`` and returns the checked move and the last info.

        ``movetime``, ``clocks`` and ``increments`` are seconds (four clocks in seat order R B Y G).
        The wait for ``bestmove`` is bounded by ``timeout`` when given, else by the time limit plus
        the engine's ``timeout``; a search limited only by depth or nodes waits as long as it takes
        (but never past the engine's death).
        """
        if not board.legal_moves:
            raise ValueError("play needs a board whose side to move has a legal move")
        limits = _limits(depth=depth, nodes=nodes, movetime=movetime, clocks=clocks, increments=increments)
        if not limits:
            raise ValueError("play needs a limit: depth, nodes, movetime or clocks")
        self._use_mode(board.mode)
        self._process.pending_lines()  # anything unasked-for from before is not about this search
        self._process.send(position_command(board))
        refusals = self._sync()  # an engine of this dialect says here if it could not read the position
        if refusals:
            raise EngineError(f"engine {self._process.name} refused the position: {refusals[-1][:200]}")
        go_line = go_command(limits)
        self._process.send(go_line)
        return self._await_bestmove(board, go_line, self._deadline(board, limits, timeout))

    def analyse(self, board: Board, **limits: Any) -> EngineInfo:
        """What the engine reports on ``board`` (``play``'s limits); its move is checked too."""
        return self.play(board, **limits).info

    # -- options

    def configure(self, name: str, value: Any) -> None:
        """``setoption name <name> value <value>``; ValueError if the engine offers no such
        option or says (in our dialect's error line) it refused the value."""
        if name.lower() not in self.options:
            offered = ", ".join(sorted(self.options)) or "none"
            raise ValueError(f"engine {self._process.name} has no option {quoted(name)} (it offers: {offered})")
        text = str(value).lower() if isinstance(value, bool) else str(value)
        self._process.send(f"setoption name {name} value {text}")
        errors = self._sync()
        if errors:
            raise ValueError(f"engine refused option {name} = {quoted(text)}: {errors[-1]}")
        if name.lower() == "mode":
            self._mode_sent = text.lower()

    @property
    def returncode(self) -> int | None:
        """None while the program runs, then its exit status (negative: killed by that signal)."""
        return self._process.returncode

    # -- closing

    def close(self) -> None:
        """Sends ``quit``, waits up to ``timeout`` for the program to exit, then kills it."""
        self._process.close(self.timeout)

    def __enter__(self) -> UciEngine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        process = getattr(self, "_process", None)  # absent if __init__ failed early
        if process is not None:
            try:
                process.kill()
            except Exception:  # interpreter shutdown: modules may already be gone
                pass

    # -- the conversation

    def _handshake(self) -> None:
        self._process.send("uci")
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._read(deadline, "uciok")
            words = line.split()
            if words[:1] == ["uciok"]:
                return
            if words[:1] == ["id"] and len(words) >= 3:
                self.id[words[1]] = line.split(None, 2)[2]
            elif words[:2] == ["option", "name"] and len(words) >= 3:
                name_words = words[2 : words.index("type")] if "type" in words else words[2:]
                self.options[" ".join(name_words).lower()] = line
            # anything else before uciok is noise the dialect lets an engine print

    def _sync(self) -> list[str]:
        """``isready`` -> ``readyok``; returns the `info string error:` texts seen meanwhile."""
        self._process.send("isready")
        deadline = time.monotonic() + self.timeout
        errors: list[str] = []
        while True:
            line = self._read(deadline, "readyok")
            if line.strip() == "readyok":
                return errors
            text = info_string(line)
            if text is not None and text.startswith("error:"):
                errors.append(text)

    def _use_mode(self, mode: str) -> None:
        if self._fixed_mode is not None and mode != self._fixed_mode:
            raise ValueError(f"this UciEngine plays {self._fixed_mode}, the board is {mode}")
        if self._mode_sent == mode:
            return
        if "mode" in self.options:
            self.configure("Mode", mode)
        elif mode == "ffa":
            raise EngineError(f"engine {self._process.name} has no Mode option, so it cannot play FFA")
        self._mode_sent = mode

    def _deadline(self, board: Board, limits: dict[str, Any], timeout: float | None) -> float | None:
        if timeout is not None:
            return time.monotonic() + timeout
        budget = limits.get("movetime")
        if "clocks" in limits:
            own = limits["clocks"][board.turn] + limits["increments"][board.turn]
            budget = own if budget is None else min(budget, own)
        return None if budget is None else time.monotonic() + budget + self.timeout

    def _await_bestmove(self, board: Board, go_line: str, deadline: float | None) -> PlayResult:
        last_info: str | None = None
        strings: list[str] = []
        while True:
            line = self._read(deadline, "bestmove")
            words = line.split()
            if words[:1] == ["bestmove"]:
                break
            text = info_string(line)
            if text is not None and text.startswith("error: go:"):  # a refused go: no bestmove will come
                raise EngineError(f"engine {self._process.name} refused {quoted(go_line)}: {text[:200]}")
            if text is not None:
                strings = (strings + [text])[-KEPT_STRINGS:]
            elif is_search_info(line):
                last_info = line
        info = parse_info(last_info, board, tuple(strings))
        return PlayResult(self._checked_move(board, words[1] if len(words) > 1 else "", strings), info)

    def _checked_move(self, board: Board, text: str, strings: list[str]) -> Move:
        why = f" (the engine said: {strings[-1][:200]})" if strings else ""
        if text in ("", "(none)", "0000"):
            raise IllegalEngineMoveError(
                f"engine {self._process.name} gave no move ({quoted(text)}) in a position with legal moves{why}",
                text=text,
                fen4=board.fen4(),
            )
        try:
            move = board.parse_move(text)
        except ValueError as error:
            raise IllegalEngineMoveError(
                f"engine {self._process.name} played {quoted(text)}: {error}", text=text[:80], fen4=board.fen4()
            ) from None
        if not board.is_legal(move):  # parse_move reads the text; legality is checked here again
            raise IllegalEngineMoveError(
                f"engine {self._process.name} played {quoted(text)}, not legal here", text=text[:80], fen4=board.fen4()
            )
        return move

    def _read(self, deadline: float | None, awaited: str) -> str:
        try:
            return self._process.read_line(deadline)
        except EngineTimeoutError:
            self._process.kill()
            raise EngineTimeoutError(f"engine {self._process.name} sent no {awaited} in time; it was killed") from None
        except EngineTerminatedError as error:
            raise EngineTerminatedError(f"{error} while {awaited} was awaited", error.returncode) from None


def position_command(board: Board) -> str:
    """``position ...`` for the board's game: the root and every move, or, once a step that is not
    a move (resignation, timeout, claim) is in the history, the position after the last such step
    and the moves since (the dialect has no word for those steps)."""
    history = board.history
    events = [index for index, step in enumerate(history) if not isinstance(step, Move)]
    if events:
        later = len(history) - events[-1] - 1
        after_event = board.copy()
        for _ in range(later):
            after_event.pop()
        fen4, moves = after_event.fen4(), history[events[-1] + 1 :]
    else:
        fen4, moves = board.root_fen4(), history
    start = "position startpos" if fen4 == MODERN_START_FEN4 else f"position fen {fen4}"
    return start + (" moves " + " ".join(str(move) for move in moves) if moves else "")


def go_command(limits: Mapping[str, Any]) -> str:
    """``go ...`` with times in whole milliseconds (a positive time is never rounded to 0)."""
    words = ["go"]
    for name in ("depth", "nodes"):
        if name in limits:
            words += [name, str(limits[name])]
    if "movetime" in limits:
        words += ["movetime", str(_milliseconds(limits["movetime"]))]
    if "clocks" in limits:
        for seat, clock in zip(Seat, limits["clocks"], strict=True):  # rtime btime ytime gtime
            words += [f"{seat.letter.lower()}time", str(_milliseconds(clock))]
        for seat, increment in zip(Seat, limits["increments"], strict=True):
            words += [f"{seat.letter.lower()}inc", str(_milliseconds(increment))]
    return " ".join(words)


def _milliseconds(seconds: float) -> int:
    return max(1, round(seconds * 1000)) if seconds > 0 else 0


def _limits(
    *,
    depth: int | None = None,
    nodes: int | None = None,
    movetime: float | None = None,
    clocks: Sequence[float] | None = None,
    increments: Sequence[float] | None = None,
) -> dict[str, Any]:
    """The limits given, checked: counts positive integers, times finite seconds >= 0 (a
    movetime > 0)."""
    limits: dict[str, Any] = {}
    for name, count in (("depth", depth), ("nodes", nodes)):
        if count is not None:
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise ValueError(f"{name} must be a positive integer, got {quoted(count)}")
            limits[name] = count
    if movetime is not None:
        limits["movetime"] = _seconds("movetime", movetime)
        if limits["movetime"] == 0:
            raise ValueError("movetime must be more than 0 seconds")
    if clocks is not None:
        limits["clocks"] = _four_times("clocks", clocks)
        limits["increments"] = _four_times("increments", increments if increments is not None else (0, 0, 0, 0))
    elif increments is not None:
        raise ValueError("increments need clocks")
    return limits


def _four_times(name: str, values: Sequence[float]) -> tuple[float, ...]:
    if len(values) != 4:
        raise ValueError(f"{name} needs four times in seat order R B Y G, got {len(values)}")
    return tuple(_seconds(name, value) for value in values)


def _seconds(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number of seconds >= 0, got {quoted(value)}")
    return float(value)
