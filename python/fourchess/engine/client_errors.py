"""What can go wrong with an external engine: one base class, three ways to fail."""

from __future__ import annotations


class EngineError(RuntimeError):
    """An engine program could not be started or misbehaved (as python-chess's ``EngineError``)."""


class EngineTimeoutError(EngineError):
    """The engine did not answer in time; the process has been killed."""


class EngineTerminatedError(EngineError):
    """The engine process ended (or closed its output) while an answer was awaited.

    ``returncode`` is its exit status when known (negative: killed by that signal)."""

    def __init__(self, message: str, returncode: int | None = None) -> None:
        super().__init__(message)
        self.returncode = returncode


class IllegalEngineMoveError(EngineError):
    """The engine's ``bestmove`` is not a legal move of the position it was given.

    ``text`` is what it sent (bounded); ``fen4`` the position it was asked about."""

    def __init__(self, message: str, *, text: str, fen4: str) -> None:
        super().__init__(message)
        self.text = text
        self.fen4 = fen4
