"""The examples in the docstrings of the player specs and the Elo maths run."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["fourchess.engine.specs", "fourchess.engine.elo"])
def test_docstring_examples(name):
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert failures == 0 and tried > 0
