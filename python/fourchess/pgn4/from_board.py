"""A PGN4 game from a board's history: what ``fourchess play --pgn4`` writes."""

from __future__ import annotations

from fourchess import CLASSIC_START_FEN4, MODERN_START_FEN4, Board, Move, Seat
from fourchess.outcome import SEAT_TITLES
from fourchess.pgn4.errors import Pgn4Error
from fourchess.pgn4.tree import Game, GameNode

_MARKERS = {"resign": "R", "claim": "R", "timeout": "T"}
_ACTIONS = {"resign": "resign", "claim": "claim_win", "timeout": "timeout"}
_VERBS = {"resign": "resigns", "claim": "claims the win", "timeout": "times out"}


def game_from_board(board: Board, players: tuple[str, str, str, str] = SEAT_TITLES) -> Game:
    """The main line of ``board`` from its root: moves, ``R``/``T`` for resignations, claims and
    timeouts, and ``#`` in the slot of a Teams seat checkmated on its turn (as chess.com records
    it), under tags naming the rules, the players, the result and the ending.

    A seat that leaves on its own turn gets a slot of its own (``R``); one that leaves right after
    its own move has the marker glued to that move (``Kc7-b7T``), as chess.com writes it. Any
    other leaving (a seat that is not to move and did not just move) has no PGN4 slot:
    :class:`Pgn4Error` names it."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a fourchess.Board, got {type(board).__name__}")
    rules = board.rules
    root = board.root_fen4()
    start = {MODERN_START_FEN4: "4PC", CLASSIC_START_FEN4: "4PCo"}.get(root, root)
    headers = {"Variant": "FFA" if rules.mode == "ffa" else "Teams"}
    if rules.mode == "ffa" and rules.dead_king_walking:
        headers["RuleVariants"] = "DeadKingWalking"
    headers["StartFen4"] = start
    headers.update(zip(SEAT_TITLES, players, strict=True))  # the Red, Blue, Yellow, Green tags
    headers["Result"] = board.result(players)
    outcome = board.outcome()
    if outcome is not None:
        headers["Termination"] = outcome.termination.name.replace("_", " ").capitalize()
    game = Game(headers)
    game.rules = rules  # written and replayed under the board's own rules, whatever the tags name
    _add_slots(game, board)
    if rules.mode == "teams" and board.is_checkmate():
        game.end().add_variation(marker="#")
    return game


def _add_slots(game: Game, board: Board) -> None:
    # The history is played again on a board of its own, to know who was to move at each step.
    again = Board(board.root_fen4(), rules=board.rules)
    node: GameNode = game
    last_mover: int | None = None  # the seat of the move just before, while no event came between
    for index, step in enumerate(board.history):
        if isinstance(step, Move):
            last_mover = int(again.turn)
            node = node.add_variation(step)
            again.push(step)
            continue
        seat = int(step.seat)
        if seat == int(again.turn):
            node = node.add_variation(marker=_MARKERS[step.kind])
        elif seat == last_mover and node.marker is None:
            node.marker = _MARKERS[step.kind]  # read back: the move, then the seat leaves
        else:
            raise Pgn4Error(
                f"step {index + 1}: {Seat(seat).title} {_VERBS[step.kind]} while "
                f"{again.turn.title} is to move, not right after its own "
                "move: PGN4 has no slot for that"
            )
        last_mover = None
        getattr(again, _ACTIONS[step.kind])(seat)
