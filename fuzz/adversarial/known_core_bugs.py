"""Core bugs the adversarial generator finds on main and that are being fixed.

A disagreement explained by one of these does not fail the generator test; every other one
does. Each entry (but a memory error, which a build may hide) must still be found: the test
fails when it is not, as xfail(strict) would. When the core fix lands, delete the entry here
and its tag from the lines of tests/data/differential/adversarial_found.txt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class KnownBug:
    tag: str  # the name the regression data file uses
    reason: str
    # Does a disagreement (its label, and the case's shapes) show this bug?
    matches: Callable[[str, frozenset[str]], bool]
    # A memory error shows as a crash only where the damage lands, which depends on the build
    # (PGO or not, compiler): such a bug may be missed, so it is not required to be found.
    seen_on_every_build: bool = True

    def explains(self, label: str, shapes: frozenset[str]) -> bool:
        return self.matches(label, shapes)


# None open. The four classes found on main (the first-legal-move overflow, king
# captures and en passant dropped in double check, pinned knights taking a king) are fixed; their
# shrunk cases stay in tests/data/differential/adversarial_found.txt as regression tests.
KNOWN_CORE_BUGS: tuple[KnownBug, ...] = ()
BY_TAG = {bug.tag: bug for bug in KNOWN_CORE_BUGS}


def explain(label: str, shapes: frozenset[str]) -> KnownBug | None:
    return next((bug for bug in KNOWN_CORE_BUGS if bug.explains(label, shapes)), None)


def explain_case(labels: list[tuple[str, str]], shapes: frozenset[str]) -> list[KnownBug | None]:
    """The known bug behind each of a case's disagreements (label, path), or None. A perft(2)
    count is explained when another disagreement of the same case (the child that makes it)
    is; a disagreement after a move, when another one after the same move is."""
    found = [explain(label, shapes) for label, _ in labels]
    causes = [
        bug
        for bug, (label, _) in zip(found, labels, strict=True)
        if bug is not None and not label.startswith("perft(2)")
    ]
    by_path = {path: bug for bug, (_, path) in zip(found, labels, strict=True) if bug is not None and path}
    for i, (label, path) in enumerate(labels):
        if found[i] is None and label.startswith("perft(2)") and causes:
            found[i] = causes[0]
        elif found[i] is None and path in by_path:  # what follows from the same wrong child
            found[i] = by_path[path]
    return found
