"""What the site asks of a game (docs/server.md, "Games"): a GameKind describes one game the site
offers (its seats, its settings, its record, its CPU player) and starts Plays; a Play is one game
being played (the position and its history, the moves a seat may make, what a move or a leave
does, how the game ended, its record and its picture).

Rooms, tokens, timers, stores and pages ask these, never a game's rules: a seat is its number in
the game's seat order, named for the outside world by ``GameKind.seat_names``; a step is stored as
the text ``Play.move`` or ``Play.leave`` gives and replayed by ``Play.replay``.
"""

from __future__ import annotations

import abc
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from fourchess._quote import quoted
from fourchess.server.errors import BadSettings
from fourchess.server.store.base import StepKind

# four seats as two teams, each seat with the one across (0 and 2); read-only, as every game shares it
TEAM_PARTNERS: Mapping[int, int] = types.MappingProxyType({0: 2, 1: 3, 2: 0, 3: 1})
MAX_MOVE_LIMIT = 10_000  # the most moves, by all seats together, a game on the site may be limited to


def move_limit_from(data: dict[str, Any]) -> int | None:
    """The settings' ``move_limit``: null or 1..MAX_MOVE_LIMIT; BadSettings otherwise."""
    limit = data.get("move_limit")
    if limit is not None and (
        isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_MOVE_LIMIT
    ):
        raise BadSettings(f"move_limit must be null or an integer 1..{MAX_MOVE_LIMIT}, got {quoted(limit)}")
    return limit


class MoveRefused(ValueError):
    """A move the rules do not allow: the message says why; ``reason`` is the game's refusal
    code when it has one ("wrong_turn", "no_such_move", ...)."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class LeaveRefused(ValueError):
    """A leave the game does not allow now (a claim the rules do not grant)."""


class Choice(NamedTuple):
    """One legal move as the page offers it: the ``text`` sent back to play it (and stored), the
    squares it goes ``from`` and ``to``, and the ``promotion`` letter the chooser shows (None for
    an ordinary move). A tuple: a position makes dozens of them, for every state."""

    text: str
    from_square: str
    to_square: str
    promotion: str | None = None


@dataclass(frozen=True)
class Step:
    """What a move or a leave stores (``text``, replayed by Play.replay) and what the move list
    shows (``shown``, in the game record's notation)."""

    text: str
    shown: str


class Play(abc.ABC):
    """One game being played on the server: its position and history, steps taken one at a time
    (a move or a leave), each of which ``undo`` takes back."""

    seat_count: int

    @abc.abstractmethod
    def turn(self) -> int | None:
        """The seat to move, or None once the game is over."""

    @abc.abstractmethod
    def choices(self) -> list[Choice]:
        """The legal moves of the seat to move (none once the game is over)."""

    @abc.abstractmethod
    def move(self, seat: int, text: str) -> Step:
        """Play ``text`` (a move in any notation the game reads) for ``seat``, who is to move;
        MoveRefused with the reason otherwise, nothing changed."""

    @abc.abstractmethod
    def leave(self, seat: int, kind: StepKind) -> Step:
        """``seat`` resigns, times out or claims the win (LeaveRefused when a claim is not allowed)."""

    def claims(self) -> bool:
        """Does this game know claiming the win (four-player FFA)?"""
        return False

    def may_claim(self, seat: int) -> bool:
        """May ``seat`` claim the win now?"""
        return False

    @abc.abstractmethod
    def undo(self) -> None:
        """Take back the last step."""

    @abc.abstractmethod
    def replay(self, text: str) -> Step:
        """Take a stored step again (a move or a leave, as ``move``/``leave`` wrote it); ValueError
        when it does not follow."""

    @abc.abstractmethod
    def is_over(self) -> bool:
        """Has the game ended (by the rules or by a leave)?"""

    @abc.abstractmethod
    def outcome(self) -> dict[str, Any] | None:
        """How the game ended, as plain data (None while it goes on)."""

    @abc.abstractmethod
    def result(self, names: tuple[str, ...]) -> str | None:
        """The short result the record writes ("1-0"), None while the game goes on."""

    @abc.abstractmethod
    def ending(self, names: tuple[str, ...]) -> str | None:
        """The ending as a sentence for people ("Red and Yellow win by checkmate"), with each
        seat called by ``names``; None while the game goes on."""

    @abc.abstractmethod
    def record(self, names: tuple[str, ...], created_at: float, aborted: str | None) -> str:
        """The game's record (PGN4, PGN, the Martian record) with the players' ``names``; for an
        aborted game ``aborted`` says why."""

    @abc.abstractmethod
    def picture(self, orientation: int) -> str:
        """The position as an SVG picture with ``orientation``'s side at the bottom; every square
        is a ``<rect class="square ..." data-square="e4">`` the page finds by its name."""

    @abc.abstractmethod
    def has_square(self, name: str) -> bool:
        """Is ``name`` ("h2") a square of this game's board?"""

    @abc.abstractmethod
    def view(self) -> dict[str, Any]:
        """What the state shows of the position besides the common fields: ``pieces`` ({square:
        symbol}), ``owners`` ({square: the seat name that moves the piece there}; a four-player
        dead piece has none), ``points`` ({seat name: n}), ``in_check`` and ``eliminated`` (seat
        names), and the game's own (``fen4``, ``mfen``, ``fen``...)."""

    def leave_aborts(self, seat: int, moves_made: list[int]) -> bool:
        """Would a resignation or timeout by ``seat`` now abort the game instead of counting?
        ``moves_made``: each seat's moves so far. By default when it comes before the seat's own
        first move (chess.com's convention)."""
        return moves_made[seat] == 0

    def moves_itself(self, seat: int) -> bool:
        """Does ``seat`` move by itself now whoever sits there (a four-player walking king)?"""
        return False

    def own_move(self, rng: Any) -> str | None:
        """The move of a seat that moves by itself (``moves_itself``), or None."""
        return None

    @abc.abstractmethod
    def for_cpu(self) -> object:
        """A copy of the position for the game's CPU player (searched on another thread)."""


class CpuEngine(abc.ABC):
    """A game's CPU player on one worker thread."""

    @abc.abstractmethod
    def choose(self, position: object, seconds: float, skill: int | None) -> str:
        """The move text for ``position`` (a ``Play.for_cpu()``), thinking about ``seconds``;
        ``skill``: the game's strength setting when it has one (chess: Stockfish's Skill Level)."""

    def close(self) -> None:  # noqa: B027 (most players hold nothing to let go of)
        """Let go of what the player holds (an engine process)."""


class GameKind(abc.ABC):
    """One game the site offers."""

    name: str  # in the settings, the API and the store: "fourchess", "martian", "chess"
    title: str  # for people: "Four-player chess"
    record_name: str  # "PGN4"
    record_suffix: str  # the download's file name ends so: "pgn4"
    rules_type: type  # the game's rules object (what GameSettings.rules holds)

    @abc.abstractmethod
    def rule_fields(self) -> frozenset[str]:
        """The settings fields of this game's rules."""

    @abc.abstractmethod
    def rules_from(self, data: dict[str, Any]) -> Any:
        """The rules the settings ``data`` give (missing fields take their defaults); BadSettings
        naming the field for a wrong value."""

    @abc.abstractmethod
    def rules_data(self, rules: Any) -> dict[str, Any]:
        """The rules as settings fields (what ``rules_from`` reads back)."""

    @abc.abstractmethod
    def seat_names(self, rules: Any) -> tuple[str, ...]:
        """The seats in turn order, as the JSON, URLs and store name them ("RED")."""

    def seat_title(self, name: str) -> str:
        """A seat as people read it: "Red"."""
        return name.title()

    @abc.abstractmethod
    def seat_colors(self, rules: Any) -> dict[str, str]:
        """Each seat's colour (CSS), as its picture draws it."""

    @abc.abstractmethod
    def piece_names(self, rules: Any) -> dict[str, str]:
        """What a piece of the state's ``pieces`` is called, by its symbol's last letter ("P":
        "pawn"; the page puts its owner's colour before it: "Red pawn")."""

    def partners(self, rules: Any) -> Mapping[int, int]:
        """Each seat's partner in a team game (they share a result); empty without teams."""
        return {}

    def shows_points(self, rules: Any) -> bool:
        """Does the page show each seat's points?"""
        return False

    @abc.abstractmethod
    def start(self, rules: Any) -> Play:
        """A new game at the start position."""

    def cpu_missing(self) -> str | None:
        """Why the CPU player cannot play here (what to install), or None when it can."""
        return None

    @abc.abstractmethod
    def new_cpu(self) -> CpuEngine:
        """A CPU player for one worker thread."""
