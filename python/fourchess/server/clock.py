"""Time as the server's game life sees it: the wall clock (turn deadlines and the grace period
are stored as wall times, so they survive a restart), and a fake one tests move by hand."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    """A scheduled callback that can be called off."""

    def cancel(self) -> None:
        """Do not call it (a no-op once it has run)."""


class Clock(Protocol):
    """Wall time in seconds since the epoch, and callbacks at a later time."""

    def now(self) -> float:
        """The current time."""

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` (in the event loop) once the time is ``when`` or later."""


class WallClock:
    """The real clock: time.time(), timers on the running event loop."""

    def now(self) -> float:
        """time.time()."""
        return time.time()

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """loop.call_later with the delay until ``when``."""
        return asyncio.get_running_loop().call_later(max(0.0, when - time.time()), callback)


class _FakeTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A clock that stands still until ``advance`` moves it; due callbacks run in time order."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._order = itertools.count()
        self._due: list[tuple[float, int, _FakeTimer, Callable[[], None]]] = []

    def now(self) -> float:
        """The fake time."""
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Remember the callback until the fake time reaches ``when``."""
        timer = _FakeTimer()
        heapq.heappush(self._due, (when, next(self._order), timer, callback))
        return timer

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds``, running every callback that falls due on the way at its
        own time (a callback may schedule more)."""
        end = self._now + seconds
        while self._due and self._due[0][0] <= end:
            when, _, timer, callback = heapq.heappop(self._due)
            self._now = max(self._now, when)
            if not timer.cancelled:
                callback()
        self._now = end

    def jump(self, seconds: float) -> None:
        """Move the time on by ``seconds`` without running what falls due, as an event loop busy
        elsewhere would: the timers are late, and whatever arrives first sees the new time."""
        self._now += seconds

    def pending(self) -> list[float]:
        """The times of the callbacks still waiting, earliest first."""
        return sorted(when for when, _, timer, _ in self._due if not timer.cancelled)
