"""Steps as text: a history is a list of strings that replays exactly. Moves are their engine
text, the other steps the tokens "resign:R", "timeout:B", "claim:Y" (written so, read in any
case); Board.push_step plays one, Board.step_texts gives them back, and apply() replays them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import fourchess
from fourchess import GameEvent, IllegalMoveError, InvalidMoveError, Move, Rules, Seat
from support.fen4 import fen4
from support.stateless_positions import record_boards

RANDOM_GAMES = 1000
MAX_STEPS = 80
LEAVE_CHANCE = 0.02  # per step: some seat still in the game resigns or times out
VARIANTS = [
    Rules(mode="teams"),
    Rules(mode="ffa"),
    Rules(mode="ffa", dead_king_walking=False),
    Rules(mode="ffa", points_lead_ends_game=False),
    Rules(mode="ffa", setup="classic", walking_kings_stalemated_on_their_turn=True),
    Rules(mode="teams", setup="classic", move_limit=40),
]
# FFA, Blue and Yellow out (dead flags), Red leads Green by 30 points: with the automatic 21-point
# end off, Red may claim the win (docs/rules.md §7).
CLAIMABLE = fen4({"h1": "rK", "d2": "rP", "n8": "gK", "m5": "gP"}, "R", dead=(0, 1, 1, 0), points=(30, 0, 0, 0))
CLAIM_RULES = Rules(mode="ffa", points_lead_ends_game=False)


def test_tokens_are_written_with_the_fen4_seat_letters():
    board = fourchess.Board(mode="ffa")
    board.push_step("h2-h4")
    board.resign(Seat.BLUE)
    board.timeout(Seat.YELLOW)
    assert board.step_texts() == ["h2-h4", "resign:B", "timeout:Y"]
    claimed = fourchess.Board(CLAIMABLE, rules=CLAIM_RULES)
    claimed.claim_win(Seat.RED)
    assert claimed.step_texts() == ["claim:R"]


@pytest.mark.parametrize(
    "text, event",
    [
        ("resign:B", GameEvent("resign", Seat.BLUE)),
        ("RESIGN:b", GameEvent("resign", Seat.BLUE)),
        ("Timeout:g", GameEvent("timeout", Seat.GREEN)),
        (" timeout:Y ", GameEvent("timeout", Seat.YELLOW)),
        ("resign:r", GameEvent("resign", Seat.RED)),
    ],
)
def test_push_step_reads_tokens_in_any_case(text, event):
    board = fourchess.Board(mode="ffa")
    assert board.push_step(text) == event
    assert board.step_texts() == [f"{event.kind}:{'RBYG'[event.seat]}"]


def test_push_step_reads_a_claim():
    board = fourchess.Board(CLAIMABLE, rules=CLAIM_RULES)
    assert board.push_step("claim:r") == GameEvent("claim", Seat.RED)
    assert board.is_game_over() and board.outcome().termination is fourchess.Termination.POINTS_LEAD


@pytest.mark.parametrize("text, move", [("h2-h4", "h2-h4"), ("h2h4", "h2-h4"), ("Nf3", "e1-f3"), ("h4", "h2-h4")])
def test_push_step_plays_a_move_in_any_form(text, move):
    board = fourchess.Board()
    assert board.push_step(text) == Move.from_str(move)
    assert board.step_texts() == [move]  # written back in the engine form


@pytest.mark.parametrize(
    "text, error, says",
    [
        ("h2-h5", IllegalMoveError, "pawn on h2 cannot move to h5"),
        ("b7-c7", IllegalMoveError, "is Blue's"),
        ("claim:R", IllegalMoveError, "cannot claim"),
        ("resign:X", InvalidMoveError, "invalid step 'resign:X'"),
        ("resign:", InvalidMoveError, "invalid step"),
        ("resign:RB", InvalidMoveError, "invalid step"),
        ("quit:R", InvalidMoveError, "invalid step 'quit:R'"),
        ("zz", InvalidMoveError, "invalid move text"),
        ("\ud800", InvalidMoveError, "surrogate"),
        ("x" * 5_000_000, InvalidMoveError, "5000000 characters"),
    ],
)
def test_a_step_the_rules_refuse_changes_nothing(text, error, says):
    board = fourchess.Board()
    board.push_step("d2-d3")
    board.pop()
    before = (board.fen4(), board.step_texts())
    with pytest.raises(error, match=says) as caught:
        board.push_step(text)
    assert len(str(caught.value)) < 300
    assert (board.fen4(), board.step_texts()) == before


def test_a_step_after_the_end_is_refused():
    board = fourchess.Board()
    board.push_step("resign:G")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        board.push_step("h2-h4")
    with pytest.raises(IllegalMoveError, match="Blue cannot resign: the game is over"):
        board.push_step("resign:B")


@pytest.mark.parametrize("value", [None, 42, Move.from_str("h2-h4"), ["h2-h4"]])
def test_push_step_takes_text_only(value):
    with pytest.raises(TypeError, match="step must be a str"):
        fourchess.Board().push_step(value)


@pytest.mark.parametrize("name, board", record_boards(), ids=[name for name, _ in record_boards()])
def test_every_real_record_replays_step_by_step(name, board):
    replayed = fourchess.Board(board.root_fen4(), rules=board.rules)
    for text in board.step_texts():
        replayed.push_step(text)
    assert replayed.fen4() == board.fen4()
    assert replayed.history == board.history
    assert replayed.outcome() == board.outcome()


def _random_game(number: int, events: Counter) -> fourchess.Board:
    """A seeded random game with resignations, timeouts and claims among the moves."""
    rng = random.Random(number)
    rules = VARIANTS[number % len(VARIANTS)]
    board = fourchess.Board(rules=rules)
    for _ in range(MAX_STEPS):
        if board.is_game_over():
            break
        active = [seat for seat in Seat if seat not in board.eliminated]
        if rules.mode == "ffa" and not rules.points_lead_ends_game and len(active) == 2:
            leader = max(active, key=lambda seat: board.points[seat])
            if board.points[leader] - min(board.points[seat] for seat in active) >= 21:
                board.claim_win(leader)
                events["claim"] += 1
                continue
        if rng.random() < LEAVE_CHANCE:
            kind = rng.choice(["resign", "timeout"])
            getattr(board, kind)(rng.choice(active))
            events[kind] += 1
            continue
        if board.turn in board.walking_kings:
            events["walking king move"] += 1
        board.push(rng.choice(sorted(board.legal_moves, key=str)))
        events["move"] += 1
    return board


def test_random_games_replay_exactly_through_apply():
    events: Counter = Counter()
    for number in range(RANDOM_GAMES):
        board = _random_game(number, events)
        steps = board.step_texts()
        rules = board.rules
        assert fourchess.apply(None, steps, rules=rules) == board.fen4(), f"game {number}: {steps}"
        state = fourchess.status(None, steps, rules=rules)
        assert (state["game_over"], state["moves_played"]) == (board.is_game_over(), board.moves_played), (
            f"game {number}"
        )
    # The mix happened: leaving in both ways, walking kings moving after a resignation or timeout.
    assert events["resign"] >= 100 and events["timeout"] >= 100, events
    assert events["walking king move"] >= 50, events
