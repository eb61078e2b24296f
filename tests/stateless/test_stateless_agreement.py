"""The stateless calls agree with Board on every position the differential tests use (the start
positions, the adversarial finds, random walks from each) and on every real record.

legal_moves is the sorted engine text of Board.legal_moves; apply is the FEN4 after pushing;
status holds the Board's fields; check_move is ok exactly for the legal moves, and for the
others names the rule the reference implementation's own move generation points to: no live piece
of the side to move on the square, another seat's piece, a pseudo-legal move (the reference's
pseudo_legal_moves) that leaves the king attacked, or a move the piece cannot make at all.
"""

from __future__ import annotations

import random

import pytest

import fourchess
from fourchess import Refusal, Seat
from fourchess.reference.fen4_read import read_fen4 as reference_read_fen4
from fourchess.reference.movegen import pseudo_legal_moves
from fourchess.reference.squares import PLAYABLE
from support.stateless_positions import Game, every_game, record_boards, start_games

# Every legal and every pseudo-legal-but-illegal move is judged; of the rest, a seeded sample.
SAMPLED_REFUSALS = {"start": 800, "walked": 200}


def board_status(board: fourchess.Board) -> dict[str, object]:
    """What status() must say of a Board, read from the Board's own fields."""
    outcome = board.outcome()
    winner = board.winner
    return {
        "turn": board.turn.name,
        "check": {seat.name: board.is_check(seat) for seat in Seat},
        "points": {seat.name: board.points[seat] for seat in Seat},
        "eliminated": [seat.name for seat in sorted(board.eliminated)],
        "walking_kings": [seat.name for seat in sorted(board.walking_kings)],
        "moves_played": board.moves_played,
        "ply_clock": board.ply_clock,
        "fen4": board.fen4(),
        "game_over": board.is_game_over(),
        "outcome": None
        if outcome is None
        else {
            "termination": outcome.termination.name,
            "winner": None if winner is None else [seat.name for seat in sorted(winner)],
            "ranking": [[seat.name for seat in place] for place in outcome.ranking],
            "points": {seat.name: outcome.points[seat] for seat in Seat},
        },
    }


def _id(game: Game) -> str:
    return game.label


@pytest.mark.parametrize("game", every_game(), ids=_id)
def test_every_call_agrees_with_board_after_the_history(game):
    board = game.board()
    legal = sorted(str(move) for move in board.legal_moves)
    assert fourchess.legal_moves(game.root_fen4, game.steps, rules=game.rules) == legal
    assert fourchess.apply(game.root_fen4, game.steps, rules=game.rules) == board.fen4()
    assert fourchess.status(game.root_fen4, game.steps, rules=game.rules) == board_status(board)
    for text in legal:
        verdict = fourchess.check_move(game.root_fen4, game.steps, text, rules=game.rules)
        assert verdict.ok and verdict.move == text, verdict
    if board.is_game_over():  # also when the history ended it (repetition, fifty moves, move limit)
        for text in ("h2-h4", "b7-c7", "g13-g12", "m8-l8"):
            assert fourchess.check_move(game.root_fen4, game.steps, text, rules=game.rules).reason is Refusal.GAME_OVER


@pytest.mark.parametrize("name, board", record_boards(), ids=[name for name, _ in record_boards()])
def test_real_records_replay_as_step_texts(name, board):
    steps = board.step_texts()
    root, rules = board.root_fen4(), board.rules
    assert fourchess.apply(root, steps, rules=rules) == board.fen4()
    assert fourchess.status(root, steps, rules=rules) == board_status(board)
    assert fourchess.legal_moves(root, steps, rules=rules) == sorted(str(m) for m in board.legal_moves)


def _candidates(game: Game, board: fourchess.Board, rng: random.Random, limit: int):
    """(text, expected reason or None) for moves of every piece on the board, judged by the
    reference implementation's pseudo-legal generation (castling-shaped king steps left out: the
    reference generates castling only when it is legal)."""
    fen4 = board.fen4()
    rules = game.rules
    position = reference_read_fen4(
        fen4,
        rules.mode,
        rules.dead_king_walking,
        rules.points_lead_ends_game,
        rules.walking_kings_stalemated_on_their_turn,
    )
    turn = int(board.turn)
    legal = {str(move) for move in board.legal_moves}
    pseudo: dict[tuple[int, int], list[str]] = {}
    for move in pseudo_legal_moves(position, turn):
        pseudo.setdefault((move.from_square, move.to_square), []).append(str(move))
    found = []
    for source in PLAYABLE:
        piece = position.squares[source]
        if piece is None:
            targets = rng.sample(PLAYABLE, 2)  # an empty square: a couple of targets say enough
        elif piece.owner != turn:
            targets = rng.sample(PLAYABLE, 3)
        else:
            targets = PLAYABLE
        for target in targets:
            if target == source:
                continue
            if piece is not None and piece.kind == "K" and _castling_shaped(source, target):
                continue
            texts = pseudo.get((source, target)) or [f"{fourchess.square_name(source)}-{fourchess.square_name(target)}"]
            for text in texts:
                found.append((text, _expected(position, turn, legal, pseudo, source, target, text)))
    kept = [entry for entry in found if entry[1] in (None, Refusal.OWN_KING_IN_CHECK)]
    rest = [entry for entry in found if entry[1] not in (None, Refusal.OWN_KING_IN_CHECK)]
    return kept + rng.sample(rest, min(limit, len(rest)))


def _castling_shaped(source: int, target: int) -> bool:
    files, ranks = abs(source % 14 - target % 14), abs(source // 14 - target // 14)
    return sorted((files, ranks)) == [0, 2]


def _expected(position, turn, legal, pseudo, source, target, text) -> Refusal | None:
    if text in legal:
        return None
    piece = position.squares[source]
    if piece is None or piece.is_dead:
        return Refusal.NO_PIECE
    if piece.owner != turn:
        return Refusal.NOT_YOUR_TURN
    if text in pseudo.get((source, target), ()):
        return Refusal.OWN_KING_IN_CHECK
    return Refusal.CANNOT_MOVE_THERE


def _live_games() -> list[Game]:
    return [game for game in every_game() if not game.board().is_game_over()]


@pytest.mark.parametrize("game", _live_games(), ids=_id)
def test_check_move_is_ok_exactly_for_the_legal_moves(game):
    board = game.board()
    rng = random.Random(game.label)
    limit = SAMPLED_REFUSALS["start" if game in start_games() else "walked"]
    wrong = []
    for text, expected in _candidates(game, board, rng, limit):
        verdict = fourchess.check_move(board.fen4(), [], text, rules=game.rules)
        if verdict.ok != (expected is None) or verdict.reason != expected or (verdict.ok and verdict.move != text):
            wrong.append(f"{text}: expected {expected}, got {verdict}")
    assert not wrong, f"{len(wrong)} wrong verdicts in {board.fen4()}:\n" + "\n".join(wrong[:10])
