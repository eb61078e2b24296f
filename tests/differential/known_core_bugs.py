"""Core bugs the adversarial generator finds on main and that are being fixed (issue 9).

A disagreement explained by one of these does not fail the generator test; every other one
does. Each entry (but a memory error, which a build may hide) must still be found: the test
fails when it is not, as xfail(strict) would. When the core fix lands, delete the entry here
and its tag from the lines of tests/data/differential/adversarial_found.txt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PROMOTION_SHAPES = {"promotion", "promotion answers check", "only promotions legal",
                    "another seat can promote", "another seat has only promotions"}


@dataclass(frozen=True)
class KnownBug:
    tag: str  # the name the regression data file uses
    reason: str
    # A memory error shows as a crash only where the damage lands, which depends on the build
    # (PGO or not, compiler): such a bug may be missed, so it is not required to be found.
    seen_on_every_build: bool = True

    def explains(self, label: str, shapes: frozenset[str]) -> bool:
        if self.tag == "first-legal-move-overflow":
            # Teams promotions are four moves written into a one-move buffer: the crash comes
            # wherever the stack damage lands, so any crash near a promotion is this bug.
            after = {f"after the move: {shape}" for shape in PROMOTION_SHAPES}
            return label.startswith("crash") and bool(shapes & (PROMOTION_SHAPES | after))
        if self.tag == "double-check-king-capture":
            return ("in double check" in label and ("king capture" in label or "can take a king" in label)) \
                or "a seat in double check can take a king" in label
        if self.tag == "pinned-knight-king-capture":
            listed = "pinned N" in label and "king capture" in label
            return listed or re.search(r"a pinned [A-Z/]*N[A-Z/]* can take", label) is not None
        if self.tag == "double-check-en-passant":
            return "in double check" in label and "en passant" in label
        raise AssertionError(self.tag)


KNOWN_CORE_BUGS = (
    KnownBug(
        "first-legal-move-overflow",
        "issue 9 item 1: first_legal_move writes a Teams promotion's four moves into Move first[1]",
        seen_on_every_build=False,
    ),
    KnownBug(
        "double-check-king-capture",
        "issue 9 item 2: in double check the move list and the make/unmake count keep only king"
        " moves, dropping king captures by other pieces (a false checkmate in Teams)",
    ),
    KnownBug(
        "pinned-knight-king-capture",
        "issue 9 item 2 (bulk count vs list): a pinned knight's king capture is skipped: Teams,"
        " by the list and every count; FFA (taking the pinner's own king), by bulk perft(1) only",
    ),
)
NEW_CORE_BUGS = (
    KnownBug(
        "double-check-en-passant",
        "found by the adversarial generator: in double check by a pawn on T and a piece on M,"
        " the en-passant capture that takes both checkers is missing from the list and the"
        " make/unmake count (the same king-moves-only branch as item 2)",
    ),
)
KNOWN_CORE_BUGS = KNOWN_CORE_BUGS + NEW_CORE_BUGS
BY_TAG = {bug.tag: bug for bug in KNOWN_CORE_BUGS}


def explain(label: str, shapes: frozenset[str]) -> KnownBug | None:
    return next((bug for bug in KNOWN_CORE_BUGS if bug.explains(label, shapes)), None)


def explain_case(labels: list[tuple[str, str]], shapes: frozenset[str]) -> list[KnownBug | None]:
    """The known bug behind each of a case's disagreements (label, path), or None. A perft(2)
    count is explained when another disagreement of the same case (the child that makes it)
    is; a disagreement after a move, when another one after the same move is."""
    found = [explain(label, shapes) for label, _ in labels]
    causes = [bug for bug, (label, _) in zip(found, labels) if bug is not None and not label.startswith("perft(2)")]
    by_path = {path: bug for bug, (_, path) in zip(found, labels) if bug is not None and path}
    for i, (label, path) in enumerate(labels):
        if found[i] is None and label.startswith("perft(2)") and causes:
            found[i] = causes[0]
        elif found[i] is None and path in by_path:  # what follows from the same wrong child
            found[i] = by_path[path]
    return found
