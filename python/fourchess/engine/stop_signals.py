"""SIGTERM and SIGHUP end a command that runs engine processes the way Ctrl-C does: by an
exception that unwinds through the ``finally`` blocks that close the engines. By default they end
the interpreter where it stands, and an engine left behind may go on forever (one that does not
exit when its input closes keeps searching, taking a core from whatever runs next)."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Stopped(KeyboardInterrupt):
    """The process was asked to stop by ``signum``; like Ctrl-C, it is not an ``Exception``."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_stopped(signum: int, frame: object) -> None:
    raise Stopped(signum)


def unwind_on_signals() -> None:
    """From now on, SIGTERM and SIGHUP raise :class:`Stopped` in the main thread (a match's
    worker processes call this when they start)."""
    for signum in SIGNALS:
        signal.signal(signum, _raise_stopped)


@contextlib.contextmanager
def signals_unwind() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`Stopped`; the old handlers come back
    after it. Only the main thread can set handlers: elsewhere the block changes nothing."""
    with handlers_kept():
        if threading.current_thread() is threading.main_thread():
            unwind_on_signals()
        yield


@contextlib.contextmanager
def handlers_kept() -> Iterator[None]:
    """The SIGTERM and SIGHUP handlers in place before the block are in place after it, whatever
    the block set (joining a Ray cluster sets Ray's, which exits without unwinding the games).
    Only the main thread can set handlers: elsewhere the block changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.getsignal(signum) for signum in SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            if handler is not None:  # None: one set outside Python, which Python cannot put back
                signal.signal(signum, handler)
