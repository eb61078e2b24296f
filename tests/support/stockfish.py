"""Stockfish for the chess CPU's tests: skipped without it, failed when CI asks for it."""

from __future__ import annotations

import os

import pytest

from fourchess.server.games.standard_chess import INSTALL_HINT, stockfish_path


def require_stockfish() -> str:
    """The Stockfish program; the test is skipped without it, or fails when
    FOURCHESS_REQUIRE_STOCKFISH=1 (CI, which installs Debian's stockfish)."""
    path = stockfish_path()
    if path is None:
        if os.environ.get("FOURCHESS_REQUIRE_STOCKFISH") == "1":
            pytest.fail(INSTALL_HINT + "; FOURCHESS_REQUIRE_STOCKFISH=1 asks for it")
        pytest.skip(INSTALL_HINT)
    return path
