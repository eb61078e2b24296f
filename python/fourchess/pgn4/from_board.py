"""A PGN4 game from a board's history: what ``fourchess play --pgn4`` writes."""

from __future__ import annotations

from fourchess import CLASSIC_START_FEN4, MODERN_START_FEN4, Board, GameEvent
from fourchess.outcome import SEAT_NAMES
from fourchess.pgn4.tree import Game, GameNode

_MARKERS = {"resign": "R", "claim": "R", "timeout": "T"}


def game_from_board(board: Board, players: tuple[str, str, str, str] = SEAT_NAMES) -> Game:
    """The main line of ``board`` from its root: moves, ``R``/``T`` for resignations, claims and
    timeouts, and ``#`` in the slot of a Teams seat checkmated on its turn (as chess.com records
    it), under tags naming the rules, the players, the result and the ending."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a fourchess.Board, got {type(board).__name__}")
    rules = board.rules
    root = board.root_fen4()
    start = {MODERN_START_FEN4: "4PC", CLASSIC_START_FEN4: "4PCo"}.get(root, root)
    headers = {"Variant": "FFA" if rules.mode == "ffa" else "Teams"}
    if rules.mode == "ffa" and rules.dead_king_walking:
        headers["RuleVariants"] = "DeadKingWalking"
    headers["StartFen4"] = start
    headers.update(zip(("Red", "Blue", "Yellow", "Green"), players))
    headers["Result"] = board.result(players)
    outcome = board.outcome()
    if outcome is not None:
        headers["Termination"] = outcome.termination.name.replace("_", " ").capitalize()
    game = Game(headers)
    node: GameNode = game
    for step in board.history:
        if isinstance(step, GameEvent):
            node = node.add_variation(marker=_MARKERS[step.kind])
        else:
            node = node.add_variation(step)
    if rules.mode == "teams" and board.is_checkmate():
        node.add_variation(marker="#")
    return game
