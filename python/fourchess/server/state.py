"""A game's state as the API and the WebSocket send it (docs/server.md, "The state"): what every
game has (its seats by name, the turn, the steps, the legal moves with their squares, the ending)
and what its adapter adds of its own position (``Play.view``)."""

from __future__ import annotations

from typing import Any

from fourchess.server.game import LiveGame


def game_part(game: LiveGame) -> dict[str, Any]:
    """What never changes in a game: which game, its seats, colours, partners, piece names and
    record (the Room keeps it for the game's life)."""
    kind, rules, names = game.kind, game.config.rules, game.seat_names
    return {
        "id": game.id,
        "game": kind.name,
        "game_title": kind.title,
        "seat_order": list(names),
        "seat_titles": {name: kind.seat_title(name) for name in names},
        "seat_colors": kind.seat_colors(rules),
        "piece_names": kind.piece_names(rules),
        "partners": {names[seat]: names[partner] for seat, partner in kind.partners(rules).items()},
        "shows_points": kind.shows_points(rules),
        "claims": game.play.claims(),
        "record": {"name": kind.record_name, "url": f"/api/games/{game.id}/record"},
    }


def board_part(game: LiveGame, constant: dict[str, Any]) -> dict[str, Any]:
    """What depends on the position and the stored steps only (the same for every viewer, so the
    Room builds it once per ply), around the game's ``constant`` part."""
    play, names = game.play, game.seat_names
    turn = game.turn()
    choices = [] if turn is None else play.choices()
    turn_moves = [choice.text for choice in choices]
    players = game.player_names()
    part: dict[str, Any] = {
        **constant,
        "status": game.status,
        "settings": game.config.to_dict(),
        "ply": game.ply,
        "moves": [step.text for step in game.steps],
        "record_moves": list(game.shown),
        "step_seats": [step.seat for step in game.steps],
        "turn": None if turn is None else names[turn],
        "turn_moves": turn_moves,
        "move_squares": [[choice.from_square, choice.to_square, choice.promotion] for choice in choices],
        "can_claim": [],
        "walking_kings": [],
        **play.view(),
        "outcome": None,
        "result": None,
        "ending": None,
        "abort": None,
        "rematch": game.rematch,
    }
    finish = game.finish
    if finish is not None and finish.status == "aborted":
        part["abort"] = finish.result
        seat = finish.result.get("seat")
        who = game.kind.seat_title(seat) if isinstance(seat, str) else "A seat"
        left = "resigned" if finish.result.get("kind") == "resign" else "ran out of time"
        part["ending"] = f"Aborted: {who} {left} too early for the game to count"
    elif play.is_over():
        part["outcome"] = play.outcome()
        part["result"] = play.result(players)
        part["ending"] = play.ending(players)
    return part


def game_state(part: dict[str, Any], game: LiveGame, seats: dict[int, dict[str, Any]], now: float) -> dict[str, Any]:
    """The whole state: the board part, each seat's presence (``seats``: {seat: {"connected",
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
        name: {
            "name": config.name,
            "player": config.player,
            **seats.get(seat, {"connected": False, "cpu_playing": False}),
        }
        for seat, (name, config) in enumerate(zip(game.seat_names, game.config.seats, strict=True))
    }
    return state
