"""Fixtures for the targeted rule tests: every test runs against the C++ core and the reference."""

import pytest


@pytest.fixture(params=["core", "reference"])
def Board(request):
    if request.param == "core":
        from fourchess import Board
    else:
        from fourchess.reference import Board
    return Board


@pytest.fixture
def Rules(Board):
    """The Rules class of the implementation under test."""
    if Board.__module__.startswith("fourchess.reference"):
        from fourchess.reference import Rules
    else:
        from fourchess import Rules
    return Rules
