"""A game's state as the API and the WebSocket send it (docs/server.md, "The state"): the game's
Seats written as the names the JSON has ("RED")."""

from __future__ import annotations

from typing import Any

from fourchess import Seat, square_name
from fourchess.server.game import LiveGame


def board_part(game: LiveGame) -> dict[str, Any]:
    """What depends on the board and the stored steps only (the same for every viewer, so the
    Room builds it once per ply)."""
    board = game.board
    turn = game.turn()
    over = turn is None
    eliminated = board.eliminated
    active = [seat for seat in Seat if seat not in eliminated]
    turn_moves = [] if over else [str(move) for move in board.legal_moves]
    part: dict[str, Any] = {
        "id": game.id,
        "status": game.status,
        "settings": game.config.to_dict(),
        "ply": game.ply,
        "moves": [step.text for step in game.steps],
        "fen4": board.fen4(),
        "turn": None if turn is None else turn.name,
        "last_moves": {seat.name: str(game.last_moves[seat]) for seat in Seat if seat in game.last_moves},
        "in_check": [seat.name for seat in active if board.is_check(seat)],
        "points": {seat.name: points for seat, points in zip(Seat, board.points, strict=True)},
        "eliminated": [seat.name for seat in Seat if seat in eliminated],
        "walking_kings": [seat.name for seat in Seat if seat in board.walking_kings],
        "pieces": {square_name(square): piece.symbol() for square, piece in sorted(board.piece_map().items())},
        "turn_moves": turn_moves,
        "legal_moves": turn_moves if game.config.game.show_legal_moves else [],
        "can_claim": [seat.name for seat in active if board.is_ffa and not over and board.can_claim_win(seat)],
        "outcome": None,
        "result": None,
        "abort": None,
        "rematch": game.rematch,
    }
    finish = game.finish
    if finish is not None and finish.status == "aborted":
        part["abort"] = finish.result
    elif board.is_game_over():
        outcome = board.outcome()
        part["outcome"] = outcome.to_dict() if outcome is not None else None
        part["result"] = board.result(tuple(seat.name for seat in game.config.seats))
    return part


def game_state(part: dict[str, Any], game: LiveGame, seats: dict[Seat, dict[str, Any]], now: float) -> dict[str, Any]:
    """The whole state: the board part, each seat's presence (``seats``: {Seat.RED: {"connected",
    "cpu_playing"}}) with its name and player, and the turn clock at ``now``."""
    deadline = game.deadline()
    limit = game.config.game.turn_time_limit
    state = dict(part)
    state["status"] = game.status
    state["rematch"] = game.rematch
    state["clock"] = {
        "turn_seconds": limit,
        "deadline": deadline,
        "remaining": None if deadline is None else max(0.0, round(deadline - now, 3)),
    }
    state["seats"] = {
        seat.name: {
            "name": config.name,
            "player": config.player,
            **seats.get(seat, {"connected": False, "cpu_playing": False}),
        }
        for seat, config in zip(Seat, game.config.seats, strict=True)
    }
    return state
