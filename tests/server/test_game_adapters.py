"""Each game the site offers through its adapter (fourchess.server.games), without a server: the
legal moves with their squares, moves and leaves taken back and replayed, refusals with reasons,
how a leave ends a game that has no leaves of its own, the records (read back by the game's own
reader: python-chess for PGN, read_record for Martian Chess) and the pictures the page clicks on.

Counts come from the rules (20 first moves in chess and for Red in four-player chess) or from the
plain-Python reference of Martian Chess, never from the adapter itself."""

from __future__ import annotations

import io
import random
import re

import chess
import chess.pgn
import pytest

from fourchess.martian import read_record
from fourchess.martian.reference.game import Game as ReferenceMartian
from fourchess.martian.reference.game import move_text as reference_move_text
from fourchess.server.games import GAMES, LeaveRefused, MoveRefused, Play
from fourchess.server.games.leaves import places_after_leave
from fourchess.server.settings import GameConfig
from fourchess.server.store.base import StepKind

NAMES4 = ("Ann", "Bob", "Cy", "Di")
SETTINGS = {
    "fourchess": {"game": "fourchess"},
    "fourchess-ffa": {"game": "fourchess", "mode": "ffa"},
    "martian": {"game": "martian"},
    "martian-4": {"game": "martian", "players": 4},
    "martian-teams": {"game": "martian", "players": 4, "teams": True},
    "chess": {"game": "chess"},
}


def start(name: str) -> Play:
    config = GameConfig.from_dict(SETTINGS[name])
    return config.kind.start(config.rules)


def random_game(play: Play, plies: int, seed: int) -> list[str]:
    """Up to ``plies`` random legal moves; the stored texts."""
    rng = random.Random(seed)
    texts = []
    for _ in range(plies):
        seat = play.turn()
        if seat is None:
            break
        texts.append(play.move(seat, rng.choice(play.choices()).text).text)
    return texts


# --- the legal moves --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "count"), [("fourchess", 20), ("chess", 20)])
def test_the_first_moves_are_the_rules_twenty(name: str, count: int) -> None:
    # chess: 16 pawn moves and 4 knight moves; four-player chess: the same for Red
    choices = start(name).choices()
    assert len(choices) == count == len({choice.text for choice in choices})


@pytest.mark.parametrize("name", ["martian", "martian-4"])
def test_martian_choices_are_the_references_legal_moves(name: str) -> None:
    play = start(name)
    players = 4 if name == "martian-4" else 2
    reference = ReferenceMartian(players=players)
    rng = random.Random(11)
    for _ in range(40):
        if play.turn() is None:
            break
        ours = sorted(choice.text for choice in play.choices())
        assert ours == sorted(reference_move_text(move) for move in reference.legal_moves())
        text = rng.choice(ours)
        play.move(play.turn(), text)  # type: ignore[arg-type]
        reference.push_text(text)


@pytest.mark.parametrize("name", list(SETTINGS))
def test_each_choice_names_the_squares_it_goes_between(name: str) -> None:
    play = start(name)
    random_game(play, 12, seed=3)
    for choice in play.choices():
        assert play.has_square(choice.from_square) and play.has_square(choice.to_square)
        assert choice.from_square in choice.text and choice.to_square in choice.text


def test_a_chess_promotion_offers_four_pieces_by_letter() -> None:
    play = start("chess")
    play.board = chess.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1")  # type: ignore[attr-defined]
    promotions = sorted(choice.promotion for choice in play.choices() if choice.from_square == "a7")
    assert promotions == ["B", "N", "Q", "R"]


# --- moves, leaves, undo and replay -------------------------------------------------------------


@pytest.mark.parametrize("name", list(SETTINGS))
def test_a_move_taken_back_leaves_the_position_as_it_was(name: str) -> None:
    play = start(name)
    random_game(play, 9, seed=5)
    before = play.view()
    seat = play.turn()
    assert seat is not None
    play.move(seat, play.choices()[0].text)
    assert play.view() != before
    play.undo()
    assert play.view() == before


@pytest.mark.parametrize("name", list(SETTINGS))
def test_stored_steps_replay_to_the_same_game(name: str) -> None:
    play = start(name)
    texts = random_game(play, 30, seed=9)
    seat = play.turn()
    if seat is not None:
        texts.append(play.leave(seat, StepKind.RESIGN).text)
    again = start(name)
    shown = [again.replay(text).shown for text in texts]
    assert again.view() == play.view() and again.is_over() == play.is_over()
    assert again.outcome() == play.outcome()
    assert all(shown)


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("chess", "e2e5", "illegal_move"),
        ("chess", "Ke2", "illegal_move"),
        ("chess", "zz9", "invalid_move"),
        ("martian", "a1-a2", "empty"),  # two players: South's corner is d1, a1 is empty (docs/martian.md §2)
        ("martian", "b2-b4", "not_its_movement"),  # a pawn steps one square diagonally (docs/martian.md §3)
        ("fourchess", "h2-h5", "cannot_move_there"),  # a pawn steps one or two squares forward
    ],
)
def test_a_refused_move_says_why(name: str, text: str, reason: str) -> None:
    play = start(name)
    before = play.view()
    with pytest.raises(MoveRefused) as refused:
        play.move(0, text)
    assert str(refused.value) and refused.value.reason == reason
    assert play.view() == before


def test_chess_reads_san_and_stores_uci() -> None:
    play = start("chess")
    step = play.move(0, "Nf3")
    assert (step.text, step.shown) == ("g1f3", "Nf3")


@pytest.mark.parametrize("name", ["martian", "chess"])
def test_only_four_player_chess_has_claims(name: str) -> None:
    play = start(name)
    assert not play.claims() and not play.may_claim(0)
    with pytest.raises(LeaveRefused):
        play.leave(0, StepKind.CLAIM)


# --- how a leave ends a game without leaves of its own ---------------------------------------


@pytest.mark.parametrize(
    ("leaver", "scores", "partners", "places"),
    [
        (0, (0, 0), {}, (2, 1)),  # two players: the other wins
        (1, (9, 0), {}, (1, 2)),  # whatever the scores
        (1, (0, 9, 0, 0), {0: 2, 1: 3, 2: 0, 3: 1}, (1, 2, 1, 2)),  # teams: the other team
        (3, (5, 3, 3, 9), {}, (1, 2, 2, 4)),  # each for themselves: last, the rest by score
        (0, (9, 4, 4, 4), {}, (4, 1, 1, 1)),
    ],
)
def test_the_places_after_a_leave(leaver: int, scores: tuple, partners: dict, places: tuple) -> None:
    assert places_after_leave(leaver, scores, partners) == places


def test_a_martian_resignation_ends_the_game() -> None:
    play = start("martian")
    play.move(0, play.choices()[0].text)
    play.leave(1, StepKind.RESIGN)
    assert play.is_over() and play.turn() is None and play.choices() == []
    outcome = play.outcome()
    assert outcome is not None and outcome["winners"] == [0] and outcome["termination"] == "resignation"
    assert play.ending(("Ann", "Bob")) == "Red (Ann) wins (resignation). Scores: Red 0, Blue 0"


@pytest.mark.parametrize(
    ("fen", "seat", "result"),
    [
        ("k7/8/8/8/8/8/8/KQ6 w - - 0 1", 0, "1/2-1/2"),  # Black's lone king cannot mate: a draw
        ("k7/8/8/8/8/8/8/KQ6 b - - 0 1", 1, "1-0"),
    ],
)
def test_a_chess_timeout_against_a_lone_king_is_a_draw(fen: str, seat: int, result: str) -> None:
    play = start("chess")
    play.board = chess.Board(fen)  # type: ignore[attr-defined]
    play.leave(seat, StepKind.TIMEOUT)
    assert play.result(("Ann", "Bob")) == result


def test_fools_mate_is_black_winning_by_checkmate() -> None:
    play = start("chess")
    for text in ("f3", "e5", "g4", "Qh4#"):
        play.move(play.turn(), text)  # type: ignore[arg-type]
    assert play.is_over() and play.result(("Ann", "Bob")) == "0-1"
    assert play.ending(("Ann", "Bob")) == "Black (Bob) wins by checkmate (0-1)"


# --- records ------------------------------------------------------------------------------------


def test_the_chess_record_is_pgn_python_chess_reads_back() -> None:
    play = start("chess")
    texts = random_game(play, 40, seed=2)
    game = chess.pgn.read_game(io.StringIO(play.record(("Ann", "Bob"), 1_800_000_000.0, None)))
    assert game is not None and not game.errors
    assert [move.uci() for move in game.mainline_moves()] == texts
    assert (game.headers["White"], game.headers["Black"], game.headers["Date"]) == ("Ann", "Bob", "2027.01.15")


@pytest.mark.parametrize("name", ["martian", "martian-4", "martian-teams"])
def test_the_martian_record_reads_back_to_the_same_game(name: str) -> None:
    play = start(name)
    texts = random_game(play, 200, seed=4)
    board = read_record(play.record(NAMES4, 0.0, None))
    assert [str(move) for move in board.move_stack] == texts
    assert board.mfen() == play.view()["mfen"]


# --- pictures -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "squares"), [("fourchess", 160), ("martian", 32), ("martian-4", 64), ("chess", 64)])
def test_every_square_of_the_picture_carries_its_name(name: str, squares: int) -> None:
    play = start(name)
    seats = len(GameConfig.from_dict(SETTINGS[name]).seat_names)
    for orientation in range(seats):
        picture = play.picture(orientation)
        named = re.findall(r'<rect class="square [^"]*" data-square="([a-n]\d+)"', picture) or re.findall(
            r'class="square (?:light|dark) ([a-h][1-8])[^"]*" data-square="\1"', picture
        )
        assert len(named) == len(set(named)) == squares
        assert all(play.has_square(square) for square in named)


def test_the_chess_pieces_let_clicks_through_to_their_squares() -> None:
    picture = start("chess").picture(0)
    uses = re.findall(r"<use [^>]*>", picture)
    assert len(uses) == 32 and all('pointer-events="none"' in use for use in uses)


def test_the_site_offers_three_games() -> None:
    assert sorted(GAMES) == ["chess", "fourchess", "martian"]
