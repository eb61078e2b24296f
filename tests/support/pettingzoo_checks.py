"""PettingZoo's own environment checks, run so that only the warnings it gives every environment
that is not one of its games are allowed."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType

from .rl_extra import require_rl

# PettingZoo's checks know dict observations and masks of finished games only for its own games
# (lists of names in pettingzoo.test.api_test); for any other environment they warn.
PETTINGZOO_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Action mask numpy array is all zeros (no legal actions).",
)


def pettingzoo_tests() -> ModuleType:
    """``pettingzoo.test`` (skipped or failed without the extra, as require_rl says)."""
    with warnings.catch_warnings():
        # pettingzoo.test imports its own games through their old, deprecated module names
        warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
        return require_rl("pettingzoo.test")


def pettingzoo_check(check: Callable[[], object]) -> None:
    """Runs one of PettingZoo's checks; fails on any warning but PETTINGZOO_WARNINGS."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check()
    unexpected = [str(warning.message) for warning in caught if str(warning.message) not in PETTINGZOO_WARNINGS]
    assert unexpected == []
