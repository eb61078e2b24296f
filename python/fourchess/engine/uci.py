"""``fourchess uci``: the search over stdin/stdout in the 4PC UCI dialect (docs/uci.md).

The loop reads commands on the calling thread while a search runs on its own thread, so ``stop``,
``isready`` and ``quit`` are answered mid-search. Bad input gets one ``info string error: ...``
line and leaves the engine usable; nothing reaches stdout but protocol lines.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

from fourchess import __version__
from fourchess._quote import quoted
from fourchess.board import Board
from fourchess.engine.search import Engine, max_hash_mb
from fourchess.engine.uci_commands import (
    PositionSpec,
    UciInputError,
    parse_go,
    parse_position,
    parse_setoption,
    parse_spin,
)
from fourchess.pgn4.errors import shortened

MAX_LINE_CHARS = 1 << 20  # a 4,000-ply game's position command is about 30 KB
ERROR_CHARS = 240  # an error line never echoes more than this
STOP_WAIT_SECONDS = 30.0  # a search told to stop that is still running then is reported, not waited on
# The advertised maximum is what this machine can hold (half its memory), so a GUI never offers
# a size the engine must then refuse.
HASH_RANGE = (1, max_hash_mb())
THREADS_RANGE = (1, 256)
MODES = ("teams", "ffa")


def _default_engine(*, hash_mb: int, threads: int) -> Engine:
    return Engine(hash_mb=hash_mb, threads=threads)


def info_line(result: Any) -> str:
    """The ``info`` line of one finished iteration (a ``SearchResult``)."""
    words = [
        "info",
        "depth",
        str(result.depth),
        "seldepth",
        str(result.seldepth),
        "score",
        result.score.uci(),
        "nodes",
        str(result.nodes),
        "nps",
        str(result.nps),
        "time",
        str(round(result.time * 1000)),
    ]
    if result.pv:
        words += ["pv", *(str(move) for move in result.pv)]
    return " ".join(words)


class UciLoop:
    """One engine session over two text streams.

    ``engine_factory(hash_mb=, threads=)`` makes the search engine (default
    :class:`fourchess.engine.Engine`; anything with its ``start``, ``stop``, ``new_game``,
    ``hash_mb`` and ``threads``), once, when it is first needed.
    """

    def __init__(self, stdin: TextIO, stdout: TextIO, *, engine_factory: Callable[..., Any] | None = None) -> None:
        self._stdin = stdin
        self._stdout = stdout
        self._engine_factory = engine_factory or _default_engine
        self._engine: Any = None
        self._output_lock = threading.Lock()
        self._hash_mb = 64
        self._threads = 1
        self._mode = "teams"
        self._spec: PositionSpec | None = PositionSpec(None, ())
        self._board: Board | None = Board()
        self._search_thread: threading.Thread | None = None
        self._searching = False  # set and cleared under the output lock, with the bestmove line
        self.output_closed = False  # the reader of stdout went away: nothing more can be said
        self._commands: dict[str, Callable[[list[str]], None]] = {
            "uci": self._uci,
            "isready": self._isready,
            "ucinewgame": self._ucinewgame,
            "setoption": self._setoption,
            "position": self._position,
            "go": self._go,
            "stop": self._stop,
        }

    def run(self) -> int:
        """Reads and answers commands until ``quit`` or the end of the input."""
        try:
            while not self.output_closed:
                line = self._read_line()
                if line is None:
                    break
                words = line.split()
                if not words:
                    continue
                if words[0] == "quit":
                    break
                self._answer(words, line)
        finally:
            self._stop_search()
        return 0

    def _answer(self, words: list[str], line: str) -> None:
        handler = self._commands.get(words[0])
        try:
            if handler is None:
                raise UciInputError(f"unknown command {quoted(words[0])}")
            handler(words[1:])
        except UciInputError as error:
            self._error(str(error))
        except Exception as error:  # the protocol boundary: a failure is reported, never a traceback
            self._error(f"{words[0]} failed: {type(error).__name__}: {error} (on {quoted(line.strip())})")

    # -- input and output

    def _read_line(self) -> str | None:
        try:
            line = self._stdin.readline(MAX_LINE_CHARS)
        except (UnicodeDecodeError, ValueError) as error:  # undecodable bytes, or a closed stream
            if isinstance(error, UnicodeDecodeError):
                self._error(f"input is not UTF-8: {error.reason}")
                return ""
            return None
        if line == "":
            return None
        if len(line) >= MAX_LINE_CHARS and not line.endswith("\n"):
            while True:  # drop the rest of the over-long line
                rest = self._stdin.readline(MAX_LINE_CHARS)
                if rest == "" or rest.endswith("\n"):
                    break
            self._error(f"line ignored: longer than {MAX_LINE_CHARS} characters (starts {quoted(line)})")
            return ""
        return line

    def _send(self, line: str) -> None:
        with self._output_lock:
            self._write(line)

    def _write(self, line: str) -> None:
        if self.output_closed:
            return
        try:
            self._stdout.write(line + "\n")
            self._stdout.flush()
        except (OSError, ValueError):  # a broken pipe or a closed stream
            self.output_closed = True

    def _error(self, message: str) -> None:
        text = shortened(message, ERROR_CHARS)
        text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
        self._send(f"info string error: {text}")

    # -- commands

    def _uci(self, words: list[str]) -> None:
        self._no_arguments("uci", words)
        for line in (
            f"id name fourchess {__version__}",
            "id author the fourchess authors",
            f"option name Hash type spin default 64 min {HASH_RANGE[0]} max {HASH_RANGE[1]}",
            f"option name Threads type spin default 1 min {THREADS_RANGE[0]} max {THREADS_RANGE[1]}",
            "option name Mode type combo default teams var teams var ffa",
            "uciok",
        ):
            self._send(line)

    def _isready(self, words: list[str]) -> None:
        try:
            self._no_arguments("isready", words)
            if not self._is_searching():
                self._ensure_engine()
        except UciInputError as error:
            self._error(str(error))
        except Exception as error:  # e.g. no memory for the table: said, and still ready
            self._error(f"isready failed: {type(error).__name__}: {error}")
        self._send("readyok")  # always: a GUI waits for it

    def _ucinewgame(self, words: list[str]) -> None:
        self._no_arguments("ucinewgame", words)
        self._refuse_while_searching("ucinewgame")
        self._ensure_engine().new_game()

    def _setoption(self, words: list[str]) -> None:
        name, value = parse_setoption(words)
        if name not in ("hash", "threads", "mode"):
            raise UciInputError(f"setoption: unknown option {quoted(name)} (options: Hash, Threads, Mode)")
        self._refuse_while_searching("setoption")
        if name == "hash":
            hash_mb = parse_spin("Hash", value, *HASH_RANGE)
            if self._engine is not None:
                self._engine.hash_mb = hash_mb
            self._hash_mb = hash_mb
        elif name == "threads":
            threads = parse_spin("Threads", value, *THREADS_RANGE)
            if self._engine is not None:
                self._engine.threads = threads
            self._threads = threads
        else:
            mode = (value or "").strip().lower()
            if mode not in MODES:
                raise UciInputError(f"setoption Mode: expected 'teams' or 'ffa', got {quoted(value or '')}")
            self._mode = mode
            if self._spec is not None:  # the position already set is read again in the new mode
                self._set_position(self._spec)

    def _position(self, words: list[str]) -> None:
        self._spec, self._board = None, None  # a refused position leaves none, never the previous one
        self._set_position(parse_position(words))

    def _set_position(self, spec: PositionSpec) -> None:
        self._spec, self._board = None, None
        try:
            board = Board(spec.fen4, mode=self._mode)
        except ValueError as error:
            raise UciInputError(f"position: bad FEN4: {error}") from None
        for number, text in enumerate(spec.moves, start=1):
            try:
                board.push_move(text)
            except ValueError as error:
                raise UciInputError(f"position: move {number} of {len(spec.moves)} {quoted(text)}: {error}") from None
        self._spec, self._board = spec, board

    def _go(self, words: list[str]) -> None:
        self._refuse_while_searching("go")
        limits = parse_go(words)
        if self._board is None:
            raise UciInputError("go: no position set (the last 'position' was refused)")
        board = self._board  # Engine.start searches a copy: a later position cannot reach it
        arguments = limits.search_arguments(board.turn)
        if board.is_game_over() or not board.legal_moves:
            self._send("bestmove (none)")
            return
        engine = self._ensure_engine()
        try:  # the engine checks its limits here, before anything runs; a stop after this is never lost
            pending = engine.start(board, info=self._send_info, **arguments)
        except (ValueError, TypeError) as error:
            raise UciInputError(f"go: {error}") from None
        with self._output_lock:
            self._searching = True
        self._search_thread = threading.Thread(
            target=self._announce, args=(pending,), name="fourchess-uci-bestmove", daemon=True
        )
        self._search_thread.start()

    def _stop(self, words: list[str]) -> None:
        self._no_arguments("stop", words)
        self._stop_search()

    # -- the search

    def _announce(self, pending: Any) -> None:
        """Waits for the search and prints its ``bestmove`` (also after a failure: a GUI waits)."""
        best = None
        try:
            best = pending.result().best
        except Exception as error:
            self._error(f"search failed: {type(error).__name__}: {error}")
        with self._output_lock:
            self._searching = False
            self._write(f"bestmove {best if best is not None else '(none)'}")

    def _send_info(self, result: Any) -> None:
        self._send(info_line(result))
        if self.output_closed and self._engine is not None:
            self._engine.stop()

    def _stop_search(self) -> None:
        thread = self._search_thread
        if thread is None:
            return
        self._engine.stop()
        thread.join(STOP_WAIT_SECONDS)
        if thread.is_alive():
            self._error(f"the search did not stop within {STOP_WAIT_SECONDS:.0f} s")
        else:
            self._search_thread = None

    def _is_searching(self) -> bool:
        with self._output_lock:
            return self._searching

    def _refuse_while_searching(self, command: str) -> None:
        if self._is_searching():
            raise UciInputError(f"{command}: refused while searching (send 'stop' first)")

    def _ensure_engine(self) -> Any:
        if self._engine is None:
            self._engine = self._engine_factory(hash_mb=self._hash_mb, threads=self._threads)
        return self._engine

    @staticmethod
    def _no_arguments(command: str, words: list[str]) -> None:
        if words:
            raise UciInputError(f"{command}: unexpected {quoted(' '.join(words))}")


def main() -> int:
    """``fourchess uci`` on the process's stdin and stdout."""
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # stray bytes become U+FFFD, not an exception
    loop = UciLoop(sys.stdin, sys.stdout)
    try:
        code = loop.run()
    except KeyboardInterrupt:
        code = 130
    if loop.output_closed:  # the interpreter's last flush would complain about the broken pipe
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return code
