"""The examples in the docstrings of the player specs, the Elo maths and the SPRT run."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["fourchess.engine.specs", "fourchess.engine.elo", "fourchess.engine.sprt"])
def test_docstring_examples(name):
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert failures == 0 and tried > 0
