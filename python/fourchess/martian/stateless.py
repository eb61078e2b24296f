"""Stateless Martian Chess calls for servers: a position text and a move history in, plain data out.

Each call builds its own game from ``mfen`` (``None``: the start for ``players``, two unless
four are asked for), replays ``moves`` on it (move texts, ``"c3-d4"``), answers and keeps
nothing, so a server can hold a game as the strings it stores. ``rules`` is a
:class:`~fourchess.martian.MartianRules` (move limit, teams). A position text already says how many
play; ``players`` may be given with it only when it agrees.

Errors are the caller's and typed, all ``ValueError`` subclasses but the ``TypeError`` of a wrong
type: a bad ``mfen`` raises :class:`~fourchess.martian.MartianFenError` (naming the field); a bad
entry of ``moves`` raises :class:`~fourchess.martian.InvalidMoveError` (unreadable) or
:class:`~fourchess.martian.IllegalMoveError` (its ``reason`` names the rule), with its index
(``moves[12]: ...``). Quoted input is cut to 40 characters and its length. A move being judged
(:func:`check_move`) is not an error: its verdict says why not.

The calls share nothing between them, so any number of threads may make them at once.

>>> from fourchess import martian
>>> len(martian.legal_moves()), len(martian.legal_moves(players=4))
(10, 11)
>>> martian.status(moves=["d3-d5"])["turn"]
1
>>> martian.check_move(None, ["d3-d5"], "d5-d3").reason
<MartianRefusal.NO_REJECTION: 'no_rejection'>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

from fourchess._martian import IllegalMoveError, InvalidMoveError
from fourchess._quote import quoted
from fourchess.martian.board import Board
from fourchess.martian.moves import Move
from fourchess.martian.rules import MartianRules
from fourchess.verdict import Verdict

__all__ = ["MAX_HISTORY", "MartianRefusal", "apply", "check_move", "legal_moves", "status", "validate_mfen"]

MAX_HISTORY = 1_000_000  # the longest move limit (MartianRules): no game's history is longer


class MartianRefusal(str, enum.Enum):
    """The rule that refuses a Martian move (docs/martian.md §6, decision 8), tried in this order.
    The value is the plain-data form; ``str()`` gives it too."""

    UNPARSEABLE = "unparseable"
    """Not a move text (two square names, ``"c3-d4"`` or ``"c3d4"``)."""
    GAME_OVER = "game_over"
    """The game has ended: nobody moves."""
    NOT_YOUR_TURN = "not_your_turn"
    """The seat asked for is not the one to move."""
    OFF_BOARD = "off_board"
    """A square off the board (e1-h8 on the two-player board)."""
    EMPTY = "empty"
    """No piece on the from-square."""
    NOT_YOUR_ZONE = "not_your_zone"
    """The piece stands in another player's zone: it is theirs to move."""
    NOT_ITS_MOVEMENT = "not_its_movement"
    """The piece does not move that way."""
    BLOCKED = "blocked"
    """A piece stands between the squares."""
    NO_MERGE = "no_merge"
    """The target holds a piece of one's own zone, and the two do not merge."""
    MERGE_NEEDS_NO_QUEEN = "merge_needs_no_queen"
    """A pawn and a drone merge into a queen only while the mover controls no queen."""
    MERGE_NEEDS_NO_DRONE = "merge_needs_no_drone"
    """Two pawns merge into a drone only while the mover controls no drone."""
    NO_REJECTION = "no_rejection"
    """The piece just came across the canal: it may not go straight back (two players)."""

    def __str__(self) -> str:
        return self.value


def _game(mfen: str | None, moves: Iterable[str], players: int | None, rules: MartianRules | None) -> Board:
    board = Board(mfen, players=players, rules=rules)
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise TypeError(f"moves must be a list of move texts, got {type(moves).__name__}")
    for index, text in enumerate(moves):
        if index >= MAX_HISTORY:
            raise ValueError(f"moves: at most {MAX_HISTORY} moves")
        try:
            board.push_move(text)
        except TypeError as error:
            raise TypeError(f"moves[{index}]: {error}") from None
        except (InvalidMoveError, IllegalMoveError) as error:
            raised = type(error)(f"moves[{index}]: {error}")
            if isinstance(error, IllegalMoveError) and isinstance(raised, IllegalMoveError):
                raised.reason = error.reason  # the rule that refused it, as the Board gave it
            raise raised from None
    return board


def legal_moves(
    mfen: str | None = None,
    moves: Iterable[str] = (),
    *,
    players: int | None = None,
    rules: MartianRules | None = None,
) -> list[str]:
    """The legal moves after ``moves`` from ``mfen``, as move texts in square order (empty once
    the game is over)."""
    return [str(move) for move in _game(mfen, moves, players, rules).legal_moves]


def apply(
    mfen: str | None,
    moves: Iterable[str] = (),
    *,
    players: int | None = None,
    rules: MartianRules | None = None,
) -> str:
    """The position text after ``moves`` from ``mfen`` (``None``: the start).

    >>> from fourchess import martian
    >>> martian.apply(None, ["d3-d5"])
    '2 QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 1 0,0 d3-d5'
    """
    return _game(mfen, moves, players, rules).mfen()


def status(
    mfen: str | None = None,
    moves: Iterable[str] = (),
    *,
    players: int | None = None,
    rules: MartianRules | None = None,
) -> dict[str, Any]:
    """The state of the game after ``moves`` from ``mfen``, as plain data: ``players``, ``turn``
    (the seat to move), ``scores`` (per seat, its own captures), ``team_scores`` (seats 0+2 and
    1+3, with the teams option; else ``None``), ``moves_played``, ``mfen``, ``game_over`` and
    ``outcome`` (``None`` while the game goes on, else :meth:`Outcome.to_dict
    <fourchess.martian.Outcome.to_dict>`)."""
    board = _game(mfen, moves, players, rules)
    scores = list(board.scores)
    outcome = board.outcome()
    return {
        "players": board.players,
        "turn": board.turn,
        "scores": scores,
        "team_scores": [scores[0] + scores[2], scores[1] + scores[3]] if board.rules.teams else None,
        "moves_played": len(board.move_stack),
        "mfen": board.mfen(),
        "game_over": outcome is not None,
        "outcome": None if outcome is None else outcome.to_dict(),
    }


def validate_mfen(text: str, *, players: int | None = None, rules: MartianRules | None = None) -> str:
    """The position text read and written again (single spaces, the fields normalised), or
    :class:`~fourchess.martian.MartianFenError` naming the field that is wrong.

    >>> from fourchess import martian
    >>> martian.validate_mfen(martian.START_4) == martian.START_4
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"mfen must be a str, got {type(text).__name__}")
    return Board(text, players=players, rules=rules).mfen()


def check_move(
    mfen: str | None,
    moves: Iterable[str],
    move: str,
    *,
    seat: int | None = None,
    players: int | None = None,
    rules: MartianRules | None = None,
) -> Verdict:
    """Is ``move`` legal after ``moves`` from ``mfen`` (for ``seat``, if given)? A
    :class:`~fourchess.Verdict` whose ``reason`` is a :class:`MartianRefusal`. A bad ``mfen`` or
    history raises, as in every call here; a bad ``move`` is a verdict.

    >>> from fourchess import martian
    >>> martian.check_move(None, [], "d3d5").move
    'd3-d5'
    >>> martian.check_move(None, [], "a8-a7").message
    "illegal move 'a8-a7': not_your_zone"
    """
    board = _game(mfen, moves, players, rules)
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise TypeError(f"seat must be an int seat number, got {type(seat).__name__}")
    if seat is not None and not 0 <= seat < board.players:
        raise ValueError(f"seat must be 0..{board.players - 1}, got {quoted(seat)}")
    if not isinstance(move, str):
        raise TypeError(f"move must be a str, got {type(move).__name__}")
    try:
        parsed = Move.from_str(move)
    except InvalidMoveError as error:
        return _refused(MartianRefusal.UNPARSEABLE, str(error))
    if board.is_game_over():
        return _refused(MartianRefusal.GAME_OVER, f"illegal move {quoted(move)}: the game is over")
    if seat is not None and seat != board.turn:
        return _refused(MartianRefusal.NOT_YOUR_TURN, f"seat {seat} is not to move (seat {board.turn} is)")
    reason = board.refusal(parsed)
    if reason is None:
        return Verdict(True, None, str(parsed), f"{parsed} is legal")
    return _refused(MartianRefusal(reason), f"illegal move {quoted(move)}: {reason}")


def _refused(reason: MartianRefusal, message: str) -> Verdict:
    return Verdict(False, reason, None, message)
