"""Stateless calls for servers: a FEN4 and a history of step texts in, plain data out.

Each call builds its own game from ``fen4`` (``None``: the start position of the rules' setup),
replays ``moves`` on it, answers and keeps nothing, so a server can hold a game as the strings it
stores and never keep a :class:`~fourchess.Board` between requests (pyffish works this way).

``moves`` is the history since ``fen4``: a list (any iterable) of step texts, each a move in any
form :meth:`Board.push_move <fourchess.Board.push_move>` reads (``"h2-h4"``, ``"h10-h11=Q"``,
``"Nf3"``) or a token for a step that is not a move: ``"resign:R"``, ``"timeout:B"``,
``"claim:Y"`` (the seat's FEN4 turn letter; read case-insensitively).
:meth:`Board.step_texts <fourchess.Board.step_texts>` gives a board's history in this form.

The rules are ``mode`` (``"teams"`` or ``"ffa"``, any case) or a whole :class:`~fourchess.Rules`
(``rules=``); with neither, Teams. Both may be given only when they agree.

Errors are the caller's and typed, all ``ValueError`` subclasses but the ``TypeError`` of a wrong
type: a bad ``fen4`` raises :class:`~fourchess.Fen4Error`; a bad entry of ``moves`` raises
:class:`~fourchess.InvalidMoveError` (unreadable), :class:`~fourchess.IllegalMoveError` (not
playable there: the message says which rule refuses it) or
:class:`~fourchess.AmbiguousMoveError`, naming its index (``moves[12]: ...``). Quoted input is
cut to 40 characters and its length.

>>> import fourchess
>>> fourchess.legal_moves(moves=["h2-h4"])[:4]  # Blue's knights first: sorted as text
['a10-c11', 'a10-c9', 'a5-c4', 'a5-c6']
>>> fourchess.status(moves=["h2-h4", "resign:B"])["outcome"]["termination"]
'RESIGNATION'

Threads
-------
The calls are reentrant and share nothing: any number of threads may call them at once. Each
converts its arguments to C++ values while it holds the GIL, then releases the GIL for the work
that loops (reading the FEN4, replaying the history, generating and sorting the moves, judging a
move, writing the FEN4) and takes it back only to build the plain result. A :class:`Board` is not
shared that way: one Board per thread (docs/threads.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fourchess import _core
from fourchess._core import Seat, Termination
from fourchess._quote import quoted
from fourchess.outcome import ffa_outcome, teams_outcome
from fourchess.rules import START_FEN4, Rules, resolve_rules
from fourchess.verdict import Refusal, Verdict

__all__ = ["apply", "check_move", "legal_moves", "status", "validate_fen4"]


def _game(fen4: str | None, mode: object, rules: object) -> tuple[str, Rules]:
    chosen = resolve_rules(mode, None, rules)
    return (START_FEN4[chosen.setup] if fen4 is None else fen4), chosen


def _seat_index(seat: object) -> int:
    if seat is None:
        return -1
    if isinstance(seat, str):
        if seat.upper() in Seat.__members__:  # a name, any case
            return int(Seat[seat.upper()])
        try:
            return int(Seat.from_letter(seat))  # a letter, any case
        except ValueError:
            raise ValueError(
                f"seat must be a Seat, 0..3, a seat name or letter (R, B, Y, G), got {quoted(seat)}"
            ) from None
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be a Seat, an int 0..3 or a seat name, got {type(seat).__name__}")
    if not 0 <= seat < 4:
        raise ValueError(f"seat must be 0..3 (Red, Blue, Yellow, Green), got {seat}")
    return int(seat)


def legal_moves(
    fen4: str | None = None, moves: Iterable[str] = (), *, mode: str | None = None, rules: Rules | None = None
) -> list[str]:
    """The legal moves after ``moves`` from ``fen4``, as engine texts in sorted order (empty once
    the game is over).

    >>> import fourchess
    >>> len(fourchess.legal_moves())
    20
    """
    text, chosen = _game(fen4, mode, rules)
    return _core._stateless_legal_moves(text, moves, chosen)


def apply(fen4: str | None, moves: Iterable[str] = (), *, mode: str | None = None, rules: Rules | None = None) -> str:
    """The FEN4 of the position after ``moves`` from ``fen4`` (``None``: the start).

    >>> import fourchess
    >>> fourchess.apply(None, ["h2-h4"])[:2]
    'B-'
    """
    text, chosen = _game(fen4, mode, rules)
    return _core._stateless_apply(text, moves, chosen)


def status(
    fen4: str | None = None, moves: Iterable[str] = (), *, mode: str | None = None, rules: Rules | None = None
) -> dict[str, Any]:
    """The state of the game after ``moves`` from ``fen4``, as plain data: ``turn`` (the seat to
    move, by name), ``check`` and ``points`` (per seat name), ``eliminated`` and ``walking_kings``
    (seat names in seat order), ``moves_played``, ``ply_clock``, ``fen4``, ``game_over`` and
    ``outcome`` (``None`` while the game goes on, else :meth:`Outcome.to_dict
    <fourchess.Outcome.to_dict>`: termination, winner, ranking and points).

    >>> import fourchess
    >>> state = fourchess.status()
    >>> state["turn"], state["game_over"], state["points"]["RED"]
    ('RED', False, 0)
    """
    text, chosen = _game(fen4, mode, rules)
    turn, checks, points, eliminated, walking, moves_played, ply_clock, after, termination, winners = (
        _core._stateless_status(text, moves, chosen)
    )
    return {
        "turn": turn.name,
        "check": {seat.name: bool(checks >> seat & 1) for seat in Seat},
        "points": {seat.name: points[seat] for seat in Seat},
        "eliminated": _names(eliminated),
        "walking_kings": _names(walking),
        "moves_played": moves_played,
        "ply_clock": ply_clock,
        "fen4": after,
        "game_over": termination is not None,
        "outcome": None if termination is None else _outcome_dict(chosen, termination, winners, points),
    }


def validate_fen4(text: str, *, mode: str | None = None, rules: Rules | None = None) -> str:
    """The FEN4 ``text`` read under the rules and written again (the x-corner dialect, no spaces),
    or :class:`~fourchess.Fen4Error` saying which field is wrong.

    >>> import fourchess
    >>> fourchess.validate_fen4(fourchess.MODERN_START_FEN4) == fourchess.MODERN_START_FEN4
    True
    """
    return _core._stateless_validate_fen4(text, resolve_rules(mode, None, rules))


def check_move(
    fen4: str | None,
    moves: Iterable[str],
    move: str,
    *,
    seat: Seat | int | str | None = None,
    mode: str | None = None,
    rules: Rules | None = None,
) -> Verdict:
    """Is ``move`` legal after ``moves`` from ``fen4`` (for ``seat``, if given: a
    :class:`~fourchess.Seat`, 0..3, a seat name or letter)? A :class:`~fourchess.Verdict`: the
    legal move's engine text, or the :class:`~fourchess.Refusal` that names the rule refusing
    it. A bad ``fen4`` or history raises, as in every call here; a bad ``move`` is a verdict.

    ``move`` may be a step token too: may this seat resign, time out or claim the win now? Any
    seat still in the game may resign or time out, on its turn or not (``seat``, when given, must
    be the token's); a claim needs FFA, two seats left and a 21-point lead.

    >>> import fourchess
    >>> fourchess.check_move(None, [], "b7-c7").reason
    <Refusal.NOT_YOUR_TURN: 'not_your_turn'>
    >>> fourchess.check_move(None, [], "h2h4").move
    'h2-h4'
    >>> fourchess.check_move(None, [], "resign:b").move
    'resign:B'
    >>> fourchess.check_move(None, [], "claim:R", mode="ffa").reason
    <Refusal.CANNOT_CLAIM: 'cannot_claim'>
    """
    text, chosen = _game(fen4, mode, rules)
    reason, legal, message = _core._stateless_check_move(text, moves, move, _seat_index(seat), chosen)
    if reason is None:
        return Verdict(True, None, legal, message)
    return Verdict(False, Refusal(reason), None, message)


def _names(bits: int) -> list[str]:
    return [seat.name for seat in Seat if bits >> seat & 1]


def _outcome_dict(
    rules: Rules, termination: Termination, winners: int, points: tuple[int, int, int, int]
) -> dict[str, Any]:
    # The Outcome a Board with these rules gives, as plain data.
    if rules.mode == "ffa":
        return ffa_outcome(termination, points).to_dict()
    return teams_outcome(termination, frozenset(seat for seat in Seat if winners >> seat & 1), points).to_dict()
