"""Fixtures for the targeted rule tests: every test runs against the C++ core and the reference."""

import os
import sys

import pytest

# The helpers live beside this file; make them importable whatever pytest's import mode is.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(params=["core", "reference"])
def Board(request):
    if request.param == "core":
        from fourchess import Board
    else:
        from fourchess.reference import Board
    return Board
