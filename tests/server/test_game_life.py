"""The server's game rules without any I/O (fourchess.server.game): who may move or leave, stale
and finished games, and when a resignation or timeout aborts the game instead of scoring it."""

from __future__ import annotations

import pytest

from fourchess import Seat
from fourchess.server import tokens
from fourchess.server.errors import BadRequest, BadToken, GameOver, IllegalMove, NotYourTurn, Stale
from fourchess.server.game import LiveGame
from fourchess.server.settings import GameConfig
from fourchess.server.store.base import ABORTED, FINISHED, GameRecord, StepKind

T0 = 1_800_000_000.0


def new_game(mode: str = "teams", **settings: object) -> tuple[LiveGame, dict[int, str]]:
    config = GameConfig.from_dict({"mode": mode, **settings})
    seat_tokens = {seat: tokens.new_token() for seat in config.human_seats()}
    hashes = {Seat(seat).name: tokens.token_hash(token) for seat, token in seat_tokens.items()}
    record = GameRecord("g", config.to_dict(), hashes, T0)
    return LiveGame(record), seat_tokens


def play(game: LiveGame, *moves: str) -> None:
    for text in moves:
        game.commit(game.propose_move(game.play.board.turn, text, game.ply, T0 + game.ply + 1, "human"))


# --- tokens --------------------------------------------------------------------------------------


def test_each_token_opens_its_own_seat_only() -> None:
    game, seat_tokens = new_game()
    assert {game.seat_for(token): seat for seat, token in seat_tokens.items()} == {seat: seat for seat in seat_tokens}
    other, other_tokens = new_game()
    for bad in (other_tokens[Seat.RED], "", "x" * 65, None, 17, seat_tokens[Seat.RED][:-1]):
        with pytest.raises(BadToken):
            game.seat_for(bad)


def test_tokens_are_not_stored() -> None:
    game, seat_tokens = new_game()
    assert not set(seat_tokens.values()) & set(game.token_hashes.values())
    assert len(seat_tokens[Seat.RED]) >= 32 and len(set(seat_tokens.values())) == 4


# --- moves ---------------------------------------------------------------------------------------


def test_a_move_is_validated_by_the_core_and_normalised() -> None:
    game, _ = new_game()
    proposal = game.propose_move(Seat.RED, "h2h4", 0, T0 + 1, "human")
    assert proposal.step is not None and proposal.step.text == "h2-h4" and proposal.finish is None
    game.commit(proposal)
    assert game.ply == 1 and game.turn() == Seat.BLUE


@pytest.mark.parametrize(
    ("seat", "text", "ply", "error", "reason"),
    [
        ("BLUE", "b7-c7", 0, NotYourTurn, None),  # Red moves first
        ("RED", "h2-h4", 3, Stale, None),  # sent for a ply that is not the game's
        ("RED", "h2-h5", 0, IllegalMove, "cannot_move_there"),  # a pawn goes one or two squares
        ("RED", "b7-c7", 0, IllegalMove, "not_your_turn"),  # Blue's pawn, named by Red
        ("RED", "e5-e6", 0, IllegalMove, "no_piece"),  # nothing stands on e5
        ("RED", "zz", 0, IllegalMove, "unparseable"),
        ("RED", "h2-h4" + " " * 40, 0, BadRequest, None),  # over the length bound
        ("RED", 42, 0, BadRequest, None),
        ("RED", "h2-h4", True, BadRequest, None),  # a ply is an integer, not a bool
    ],
)
def test_a_refused_move_changes_nothing(seat: str, text: object, ply: object, error: type, reason: str | None) -> None:
    game, _ = new_game()
    before = game.play.board.fen4()
    with pytest.raises(error) as raised:
        game.propose_move(Seat[seat], text, ply, T0 + 1, "human")
    assert game.play.board.fen4() == before and game.ply == 0
    if reason is not None:
        assert raised.value.reason == reason


def test_a_promotion_must_name_its_piece_in_teams() -> None:
    game, _ = new_game()
    with pytest.raises(IllegalMove):
        game.propose_move(Seat.RED, "h2-h4=Q", 0, T0, "human")


def test_nothing_is_accepted_after_the_end() -> None:
    game, _ = new_game()
    play(game, "h2-h3")
    game.commit(game.propose_leave(Seat.BLUE, StepKind.RESIGN, 1, T0 + 5, "human"))  # Blue's first move: aborted
    assert game.status == ABORTED
    with pytest.raises(GameOver):
        game.propose_move(Seat.YELLOW, "h13-h12", None, T0 + 6, "human")
    with pytest.raises(GameOver):
        game.propose_leave(Seat.YELLOW, StepKind.RESIGN, None, T0 + 6, "human")


# --- leaving -------------------------------------------------------------------------------------


def test_a_seat_leaves_on_its_turn_or_right_after_its_move_only() -> None:
    game, _ = new_game("ffa")
    play(game, "h2-h3", "b7-c7")  # Yellow to move; Blue has just moved
    with pytest.raises(NotYourTurn):
        game.propose_leave(Seat.RED, StepKind.RESIGN, None, T0, "human")  # neither
    with pytest.raises(NotYourTurn):
        game.propose_leave(Seat.BLUE, StepKind.TIMEOUT, None, T0, "human")  # a timeout is the mover's
    assert game.propose_leave(Seat.BLUE, StepKind.RESIGN, None, T0, "human").finish is not None  # aborts (ply 2)
    with pytest.raises(BadRequest):
        game.propose_leave(Seat.YELLOW, "draw", None, T0, "human")


def test_a_claim_needs_the_rules_to_allow_it() -> None:
    game, _ = new_game("ffa")
    with pytest.raises(IllegalMove):
        game.propose_leave(Seat.RED, StepKind.CLAIM, None, T0, "human")
    assert game.ply == 0


def test_teams_resignation_on_the_first_move_aborts() -> None:
    game, _ = new_game()
    proposal = game.propose_leave(Seat.RED, StepKind.RESIGN, 0, T0, "human")
    assert proposal.step is None and proposal.finish is not None
    assert proposal.finish.status == ABORTED and proposal.finish.result == {"seat": "RED", "kind": "resign"}
    assert '[Result "*"]' in proposal.finish.pgn4 and "aborted" in proposal.finish.pgn4
    assert game.play.board.fen4() == new_game()[0].play.board.fen4()  # nothing was played


def test_teams_timeout_on_a_later_seats_first_move_aborts() -> None:
    game, _ = new_game()
    play(game, "h2-h3", "b7-c7")  # Yellow has not moved yet
    assert game.propose_leave(Seat.YELLOW, StepKind.TIMEOUT, None, T0, "clock").finish.status == ABORTED  # type: ignore[union-attr]


def test_teams_resignation_after_the_first_move_scores() -> None:
    game, _ = new_game()
    play(game, "i2-i3", "b7-c7", "h13-h12", "m7-l7")  # every seat has moved once
    proposal = game.propose_leave(Seat.RED, StepKind.RESIGN, None, T0, "human")
    assert proposal.step is not None and proposal.step.text == "resign:R"
    assert proposal.finish is not None and proposal.finish.status == FINISHED
    assert proposal.finish.result["winner"] == ["BLUE", "GREEN"]  # Red's resignation loses Red+Yellow's game


def test_ffa_resignation_before_three_moves_each_aborts() -> None:
    game, _ = new_game("ffa")
    play(game, "i2-i3", "b7-c7", "h13-h12", "m7-l7", "i3-i4", "c7-d7", "h12-h11", "l7-k7")  # two moves each
    assert game.aborts(Seat.RED)
    play(game, "d2-d3", "b8-c8", "g13-g12", "m8-l8")  # three each
    assert not game.aborts(Seat.BLUE)


def test_ffa_resignation_after_a_capture_scores() -> None:
    game, _ = new_game("ffa")
    # e2-e3 opens Red's f1 bishop's diagonal e2-d3-c4 onto Blue's b5 pawn (a live pawn: 1 point)
    play(game, "e2-e3", "b7-c7", "h13-h12", "m7-l7", "f1xb5")
    assert game.play.board.points[0] == 1
    proposal = game.propose_leave(Seat.BLUE, StepKind.RESIGN, None, T0, "human")
    assert proposal.step is not None and proposal.step.text == "resign:B"


def test_ffa_resignation_in_check_scores() -> None:
    game, _ = new_game("ffa")
    # Green's m7 pawn leaves the g1-n8 diagonal; h2-h3 opens it: Red's queen checks Green's king on n8
    play(game, "k2-k3", "b4-c4", "h13-h12", "m7-k7", "h2-h3", "b6-c6", "h12-h11")
    assert game.turn() == Seat.GREEN and not any(game.play.board.points)
    assert not game.aborts(Seat.GREEN)
    proposal = game.propose_leave(Seat.GREEN, StepKind.RESIGN, None, T0, "human")
    assert proposal.step is not None and proposal.step.text == "resign:G"


# --- the turn timer ------------------------------------------------------------------------------


def test_the_deadline_follows_the_last_stored_step() -> None:
    game, _ = new_game(turn_seconds=30)
    assert game.deadline() == T0 + 30
    play(game, "h2-h3")
    assert game.deadline() == game.steps[-1].at + 30
    untimed, _ = new_game()
    assert untimed.deadline() is None


# --- settings ------------------------------------------------------------------------------------


def test_rematch_rotation_moves_each_player_one_seat_on() -> None:
    config = GameConfig.from_dict({"seats": {"RED": {"name": "Ann"}, "BLUE": {"name": "Bo", "player": "cpu"}}})
    rotated = config.rotated()
    assert [seat.name for seat in rotated.seats] == ["Bo", "Yellow", "Green", "Ann"]
    assert rotated.human_seats() == [Seat.BLUE, Seat.YELLOW, Seat.GREEN]


# --- steps ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("h2-h4", StepKind.MOVE),
        ("h10-h11=Q", StepKind.MOVE),
        ("resign:B", StepKind.RESIGN),
        ("timeout:r", StepKind.TIMEOUT),  # Board.push_step reads a token in any case
        ("CLAIM:Y", StepKind.CLAIM),
        ("resign:WHITE", StepKind.RESIGN),  # the two-seat games name the seat in full
        ("resign:", StepKind.MOVE),  # no seat: not a token
        ("move:R", StepKind.MOVE),
    ],
)
def test_a_steps_kind_is_read_from_its_text(text: str, kind: StepKind) -> None:
    assert StepKind.of(text) is kind


def test_a_leave_is_written_as_its_token() -> None:
    game, _ = new_game()
    play(game, "i2-i3", "b7-c7", "h13-h12", "m7-l7")
    proposal = game.propose_leave(Seat.RED, StepKind.RESIGN, None, T0, "human")
    assert proposal.step is not None and proposal.step.kind is StepKind.RESIGN and proposal.step.text == "resign:R"
    assert [step.kind for step in game.steps] == [StepKind.MOVE] * 4
