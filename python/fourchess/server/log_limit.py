"""A bound on repeated log records, so a flood of the same failure cannot fill the disk.

Under a flood one cause repeats: the same refusal, the same error, thousands of times a second.
Records are grouped by where they come from, their level and the start of their message template
(not the filled-in values, nor the tail where asyncio names the handle or socket): each group may
write ``burst`` records per ``window`` seconds; the rest are counted and the next record that passes
says how many of its kind were left out.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable

KEY_LENGTH = 40  # how much of a message's first line tells its kind
GROUPS_KEPT = 1000  # distinct (logger, template) groups remembered; the oldest is forgotten first


class RepeatLimit(logging.Filter):
    """At most ``burst`` records of one kind per ``window`` seconds."""

    def __init__(self, burst: int = 10, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst = burst
        self.window = window
        self.clock = clock
        self._groups: OrderedDict[tuple[str, str, int], list[float]] = (
            OrderedDict()
        )  # -> [window start, written, left out]

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg).split("\n", 1)[0][:KEY_LENGTH], record.levelno)
        now = self.clock()
        group = self._groups.get(key)
        if group is None or now - group[0] >= self.window:
            left_out = 0 if group is None else int(group[2])
            group = [now, 0, 0]
            self._groups[key] = group
            self._groups.move_to_end(key)
            if len(self._groups) > GROUPS_KEPT:
                self._groups.popitem(last=False)
            if left_out:
                record.msg = f"{record.msg} [{left_out} more like this were left out of the log]"
        if group[1] >= self.burst:
            group[2] += 1
            return False
        group[1] += 1
        return True


def limit_repeats(burst: int = 10, window: float = 60.0) -> RepeatLimit:
    """Put one RepeatLimit on every handler logging has now (the root's and any logger's own)."""
    limit = RepeatLimit(burst, window)
    handlers = set(logging.getLogger().handlers)
    for logger in logging.Logger.manager.loggerDict.values():
        if isinstance(logger, logging.Logger):
            handlers.update(logger.handlers)
    for handler in handlers:
        handler.addFilter(limit)
    return limit
