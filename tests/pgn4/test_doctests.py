"""The examples in the fourchess.pgn4 docstrings run."""

import doctest
import importlib

import pytest

MODULES = ["__init__", "errors", "tokens", "reader", "result", "writer"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module("fourchess.pgn4" if name == "__init__" else f"fourchess.pgn4.{name}")
    failures, _ = doctest.testmod(module)
    assert failures == 0
