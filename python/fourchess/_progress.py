"""Progress for the long commands (``perft``, ``match``): a tqdm bar on standard error when that is
a terminal, shown only once a run has taken a few seconds; nothing when output goes to a file or
a pipe, where the commands print whole lines instead."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

DELAY = 2.0  # seconds before a bar appears: a quick run prints no bar at all
REDRAW = 0.1  # seconds at least between two drawings of the bar


class Progress:
    """``advance()`` after each unit of work, with a short status; ``print()`` for result lines
    (on standard output, above the bar). A context manager that removes the bar at the end."""

    def __init__(self, total: int | None, unit: str, *, enabled: bool = True, done: int = 0) -> None:
        self._bar: Any = None
        if enabled and sys.stderr.isatty():
            from tqdm import tqdm  # only a terminal needs it

            self._bar = tqdm(
                total=total,
                initial=done,  # units finished by an earlier run (a resumed count)
                unit=unit,
                delay=DELAY,
                mininterval=REDRAW,
                file=sys.stderr,
                leave=False,
                dynamic_ncols=True,
            )

    @property
    def shown(self) -> bool:
        """Whether a bar is kept (standard error is a terminal)."""
        return self._bar is not None

    def advance(self, status: str = "") -> None:
        if self._bar is not None:
            if status:
                self._bar.set_postfix_str(status, refresh=False)
            self._bar.update(1)

    def print(self, line: str) -> None:
        if self._bar is not None:
            self._bar.write(line, file=sys.stdout)
            sys.stdout.flush()
        else:
            print(line, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
