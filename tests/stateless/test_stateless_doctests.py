"""The examples in the docstrings of the stateless calls, Verdict and Board's plain-data methods run."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["fourchess.stateless", "fourchess.verdict", "fourchess._serial"])
def test_docstring_examples(name):
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert failures == 0
    assert tried > 0
