"""Reading: the tree, seats, markers, setups and errors."""

import io

import pytest

from fourchess import MODERN_START_FEN4, Seat, pgn4
from support.pgn4_games import text

RED, BLUE, YELLOW, GREEN = range(4)


def read(source):
    return pgn4.read_game(io.StringIO(source))


def test_variation_is_an_alternative_to_the_entry_before_it():
    game = read(text("teams-obr-issue5-46208465.pgn4"))
    red = game.next()
    blue_main, blue_alternative = red.variations
    assert (blue_main.text, blue_alternative.text) == ("b7-c7", "b9-d9")
    assert blue_alternative.seat == BLUE and blue_alternative.round == 1
    line = [blue_alternative, *blue_alternative.mainline()]
    assert [node.text for node in line][:4] == ["b9-d9", "i13-i12", "m8-l8", "Bi1-c7"]
    assert line[-1].text == "Qj12xc5+" and line[-1].seat == YELLOW and line[-1].round == 4
    # after ")" the main line goes on in round 1, Yellow's slot
    assert blue_main.next().text == "i13-i12" and blue_main.next().seat == YELLOW
    assert not blue_alternative.is_mainline() and blue_main.is_mainline()


def test_two_variations_crossing_rounds_and_main_line_length():
    game = read(text("teams-obr-utils-test-26780489.pgn4"))
    assert len(game.mainline_moves()) == 61  # the obryanlouis test's count
    nodes = list(game.mainline())
    assert sum(len(node.variations) > 1 for node in nodes) == 2
    assert nodes[-1].marker == "T" and nodes[-1].seat == BLUE


def test_seats_skip_eliminated_players():
    game = read(text("ffa-hornet-100786972.pgn4"))
    rounds = {}
    for node in game.mainline():
        rounds.setdefault(node.round, []).append(node.seat)
    assert rounds[17] == [RED, BLUE, YELLOW, GREEN]
    assert rounds[18] == [RED, BLUE, YELLOW]  # Yellow mated Green in round 18
    assert rounds[21] == [BLUE, YELLOW]  # Blue mated Red in round 20


def test_glued_markers_and_walking_king():
    game = read(text("ffa-hornet-103499024.pgn4"))
    glued = next(node for node in game.mainline() if node.text == "Kh12-i11R")
    assert glued.marker == "R" and glued.seat == YELLOW and str(glued.move) == "h12-i11"
    after = [node for node in glued.mainline() if node.seat == YELLOW]
    assert after[0].text == "Ki11xi12" and after[1].text == "Ki12-i13+"


def test_stalemate_marker_takes_the_victims_slot():
    game = read(text("ffa-hornet-103144750.pgn4"))
    stalemates = [node for node in game.mainline() if node.marker == "S"]
    assert [(node.round, node.seat) for node in stalemates] == [(52, RED), (89, GREEN)]


def test_teams_mate_marker():
    game = read(text("teams-classic-wikibooks-519084.pgn4"))
    last = game.end()
    assert last.marker == "#" and last.seat == RED and last.round == 8


def test_missing_start_tag_is_worked_out():
    game = read(text("teams-classic-wikibooks-519084.pgn4"))  # 2018: no StartFen4
    assert game.setup == pgn4.Setup("teams", "classic", True)
    modern = read(text("constructed/teams-obr-utils-test-castling.pgn4"))
    assert modern.setup.start == "modern"


def test_setup_from_tags():
    headers = {"Variant": "FFA", "RuleVariants": "Anonymous DeadKingWalking EnPassant PromoteTo=D", "StartFen4": "4PCo"}
    assert pgn4.setup_for_headers(headers) == pgn4.Setup("ffa", "classic", True)
    assert pgn4.setup_for_headers({"Variant": "FFA", "RuleVariants": "EnPassant"}).dead_king_walking is False
    with pytest.raises(pgn4.Pgn4Error, match="SelfPartner"):
        pgn4.setup_for_headers({"Variant": "Teams", "RuleVariants": "EnPassant SelfPartner"})
    with pytest.raises(pgn4.Pgn4Error, match="Giveaway"):
        pgn4.setup_for_headers({"Variant": "Giveaway"})


def test_full_fen4_start():
    fen4 = MODERN_START_FEN4.replace("R-", "B-", 1)
    game = read(f'[Variant "Teams"]\n[StartFen4 "{fen4}"]\n\n1. b7-c7 .. g13-g12\n')
    assert game.next().seat == BLUE and game.board().turn == Seat.BLUE


def test_comments_attach_to_the_entry_before():
    game = read("{ before } 1. h2-h3 { after red } .. b7-c7 ( { alt start } .. b9-d9 { alt } ) .. g13-g12\n")
    red = game.next()
    assert game.comment == "before" and red.comment == "after red"
    alternative = red.variations[1]
    assert alternative.starting_comment == "alt start" and alternative.comment == "alt"


def test_validate_false_builds_the_tree_only():
    game = pgn4.read_game(io.StringIO("1. h2-h9 .. b7-c7\n"), validate=False)
    assert [node.text for node in game.mainline()] == ["h2-h9", "b7-c7"] and game.next().move is None


@pytest.mark.parametrize(
    ("movetext", "message"),
    [
        ("1. h2-h3 )", r"'\)' without '\('"),
        ("( 1. h2-h3 )", "before any move"),
        ("1. h2-h3 ( .. b7-c7", "never closed"),
        ("h2-h3", "before the first round number"),
        ("1. h2-h3 ( )", "empty variation"),
    ],
)
def test_structure_errors(movetext, message):
    with pytest.raises(pgn4.Pgn4Error, match=message):
        read(movetext + "\n")


def test_illegal_move_in_a_variation_names_it():
    source = '[Variant "Teams"]\n\n1. h2-h3 .. b7-c7 ( .. b7-b9 ) .. g13-g12\n'
    with pytest.raises(pgn4.Pgn4Error) as error:
        read(source)
    assert (error.value.round, error.value.seat, error.value.text) == (1, BLUE, "b7-b9")


def test_ambiguous_or_wrong_piece_letter():
    with pytest.raises(pgn4.Pgn4Error, match="Nh2-h3"):
        read('[Variant "Teams"]\n\n1. Nh2-h3\n')


def test_move_after_the_game_ended_is_refused():
    source = text("teams-classic-wikibooks-519084.pgn4").rstrip("\n") + " .. b7-c7\n"
    with pytest.raises(pgn4.Pgn4Error, match="already over"):
        read(source)
