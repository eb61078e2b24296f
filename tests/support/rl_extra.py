"""The rl extra for the learning-environment tests: skipped without it, failed when CI asks for
it (FOURCHESS_REQUIRE_RL=1, as .ci/run sets)."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def require_rl(name: str = "numpy") -> ModuleType:
    """The module ``name`` of the rl extra (or OpenSpiel's ``pyspiel``); the test is skipped
    without it, or fails when FOURCHESS_REQUIRE_RL=1."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        message = f"{name} is missing (pip install '.[rl]'): {error}"
        if os.environ.get("FOURCHESS_REQUIRE_RL") == "1":
            pytest.fail(f"{message}; FOURCHESS_REQUIRE_RL=1 asks for it")
        pytest.skip(message)
