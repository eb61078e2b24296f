"""The CPU player: the core's search (``search``, ``Engine``), and the programs around it."""

from fourchess.engine.search import Engine, PendingSearch, Score, SearchResult, search

__all__ = ["Engine", "PendingSearch", "Score", "SearchResult", "search"]

# The UCI client (docs/uci.md): an external engine program as a Player, and how it can fail.
from fourchess.engine.client import PlayResult, UciEngine  # noqa: E402
from fourchess.engine.client_errors import (  # noqa: E402
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    IllegalEngineMoveError,
)
from fourchess.engine.client_info import EngineInfo  # noqa: E402

__all__ += [
    "EngineError",
    "EngineInfo",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "IllegalEngineMoveError",
    "PlayResult",
    "UciEngine",
]
