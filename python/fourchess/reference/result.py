"""PGN4 result strings (docs/rules.md §6 and §10)."""

from __future__ import annotations

from collections.abc import Sequence

from .outcome import Outcome, Team
from .quoting import shown
from .seats import SEAT_NAMES

# The order FFA results list the seats in, until the PGN4 helper is checked against real data.
FFA_RESULT_ORDER = (0, 1, 2, 3)


def _check_names(names: Sequence[str] | None) -> Sequence[str]:
    if names is None:
        return SEAT_NAMES
    if isinstance(names, str) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must be four strings (Red, Blue, Yellow, Green), got {shown(names)}")
    return names


def result_text(outcome: Outcome | None, is_ffa: bool, names: Sequence[str] | None) -> str:
    """Teams '1-0' (Red+Yellow win), '0-1', '1/2-1/2'; FFA 'name: pts - ...'; '*' while playing."""
    names = _check_names(names)
    if outcome is None:
        return "*"
    if is_ffa:
        return " - ".join(f"{names[seat]}: {outcome.points[seat]}" for seat in FFA_RESULT_ORDER)
    if outcome.team is Team.RED_YELLOW:
        return "1-0"
    if outcome.team is Team.BLUE_GREEN:
        return "0-1"
    return "1/2-1/2"
