"""What a game's Result and Termination tags say, in board terms.

Result name order (worked out from the real records): an FFA Result lists ``name: points`` four
times, but NOT always in seat order. Files with ``Anonymous`` in RuleVariants (and the 2022
classic files) list Red, Blue, Yellow, Green; three of the five ``SemiAnonymous`` files use
another order (e.g. 100786972: Green, Yellow, Red, Blue), with no rule visible in seats, points or
ratings. So each entry is matched to the seat whose Red/Blue/Yellow/Green tag holds that name;
only when the names do not identify the seats (missing or repeated) is seat order assumed.
"""

from __future__ import annotations

import re

from fourchess import Seat, Termination

_ENTRY = re.compile(r"^(.*):\s*(-?\d+)$")


def result_points(headers: dict[str, str]) -> tuple[int, int, int, int] | None:
    """The four seats' points in an FFA ``Result`` tag, in seat order; None if it has none.

    >>> result_points({"Red": "a", "Blue": "b", "Yellow": "c", "Green": "d",
    ...                "Result": "c: 5 - a: 1 - d: 7 - b: 3"})
    (1, 3, 5, 7)
    """
    text = headers.get("Result", "")
    entries = [_ENTRY.match(part.strip()) for part in text.split(" - ")]
    if len(entries) != 4 or not all(entries):
        return None
    names = [headers.get(seat.title) for seat in Seat]  # the Red, Blue, Yellow, Green tags
    points = [0, 0, 0, 0]
    by_name = (
        len(set(names)) == 4 and None not in names and {match[1].strip() for match in entries if match} == set(names)
    )
    for index, match in enumerate(entries):
        assert match is not None
        seat = names.index(match[1].strip()) if by_name else index
        points[seat] = int(match[2])
    return (points[0], points[1], points[2], points[3])


def teams_winners(headers: dict[str, str]) -> frozenset[int] | None:
    """``1-0`` -> Red+Yellow, ``0-1`` -> Blue+Green, ``1/2-1/2`` -> empty; None otherwise."""
    return {"1-0": frozenset({0, 2}), "0-1": frozenset({1, 3}), "1/2-1/2": frozenset()}.get(
        headers.get("Result", "").strip()
    )


def expected_terminations(headers: dict[str, str]) -> frozenset[Termination] | None:
    """The board terminations a Termination tag allows; None when the tag says nothing usable.

    FFA "Checkmate" and the "(Green +40)" / "Game over. (Red +20)" forms mean the last player was
    left standing (three out, or the leader's claim in a two-player end); Teams texts name the
    checkmate, resignation or timeout.
    """
    text = headers.get("Termination", "").lower()
    if not text:
        return None
    if "insuff" in text:
        return frozenset({Termination.INSUFFICIENT_MATERIAL})
    if "forfeit on time" in text or "timeout" in text:
        return frozenset({Termination.TIMEOUT})
    if "resign" in text:
        return frozenset({Termination.RESIGNATION})
    if "stalemate" in text:
        return frozenset({Termination.STALEMATE, Termination.THREE_ELIMINATED})
    if "checkmate" in text:
        return frozenset({Termination.CHECKMATE, Termination.THREE_ELIMINATED})
    if re.search(r"\(\w+ \+\d+\)", text):
        return frozenset({Termination.THREE_ELIMINATED, Termination.POINTS_LEAD})
    return None
