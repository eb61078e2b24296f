"""The CPU player: the search (branch ``search``), and engines spoken to over the UCI dialect."""

# The UCI client (docs/uci.md): an external engine program as a Player, and how it can fail.
from fourchess.engine.client import PlayResult, UciEngine
from fourchess.engine.client_errors import (
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    IllegalEngineMoveError,
)
from fourchess.engine.client_info import EngineInfo
