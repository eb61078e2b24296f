"""Fuzz targets for fourchess: each `check(data: bytes)` returns quietly on input the library
handles (a result, or a typed ValueError for bad input) and raises on a finding: a Finding for a
broken invariant or a core/reference disagreement, any other exception as it came. fuzz/fuzz.py
runs them under atheris; tests/test_fuzz_regression.py replays the saved inputs without it."""

from __future__ import annotations

from collections.abc import Callable


class Finding(AssertionError):
    """An invariant the library promises does not hold for this input."""


def targets() -> dict[str, Callable[[bytes], None]]:
    """Target name (also its corpus and regression directory name) -> its check function."""
    from . import (
        differential,
        fen4_text,
        martian_differential,
        martian_moves,
        martian_rl_encoding,
        martian_text,
        move_text,
        pgn4_text,
        push_unchecked,
        rl_encoding,
        server_requests,
    )

    return {
        "fen4_text": fen4_text.check,
        "move_text": move_text.check,
        "pgn4_text": pgn4_text.check,
        "push_unchecked": push_unchecked.check,
        "differential": differential.check,
        "server_requests": server_requests.check,
        "martian_text": martian_text.check,
        "martian_moves": martian_moves.check,
        "martian_differential": martian_differential.check,
        "rl_encoding": rl_encoding.check,
        "martian_rl_encoding": martian_rl_encoding.check,
    }
