"""The examples in fourchess.rl's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

from support.rl_extra import require_rl


@pytest.mark.parametrize(
    "name", ["fourchess.rl.encoding", "fourchess.rl.openspiel", "fourchess.rl.martian", "fourchess.rl.martian_env"]
)
def test_docstring_examples(name: str) -> None:
    require_rl("pyspiel" if name.endswith("openspiel") else "numpy")
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0
