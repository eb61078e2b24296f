"""The rl extra: NumPy, PettingZoo and Gymnasium, each imported where it is first needed, and a
missing one named with the command that installs it."""

from __future__ import annotations

import importlib
from types import ModuleType

INSTALL_HINT = "pip install 'fourchess[rl]'"


class RlExtraMissing(ImportError):
    """A package of the ``rl`` extra is not installed."""


def extra_module(name: str) -> ModuleType:
    """The module ``name`` (``"numpy"``, ``"pettingzoo"``, ``"gymnasium"``…), or
    :class:`RlExtraMissing` naming the extra that brings it."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise RlExtraMissing(f"fourchess.rl needs {name.split('.')[0]} ({INSTALL_HINT}): {error}") from error
