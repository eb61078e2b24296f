"""Mode names are read in any case ("FFA" is how PGN4 writes it) and stored lower-case; a mode or
setup given beside rules must agree with them (Board(rules=Rules(mode="ffa"), mode="teams") once
made an FFA board without a word)."""

import subprocess
import sys

import pytest

from fourchess import Board, Rules, reference
from fourchess.engine.match import MatchConfig
from fourchess.engine.specs import parse_spec


@pytest.mark.parametrize("name", ["FFA", "Ffa", "ffa"])
def test_rules_read_the_mode_in_any_case(name):
    assert Rules(mode=name).mode == "ffa" and Rules(mode=name) == Rules(mode="ffa")
    assert reference.Rules(mode=name).mode == "ffa"


@pytest.mark.parametrize("name", ["TEAMS", "Teams"])
def test_boards_read_the_mode_in_any_case(name):
    board = Board(mode=name.replace("TEAMS", "FFA").replace("Teams", "Ffa"))
    assert board.is_ffa and board.mode == "ffa" and board.rules.mode == "ffa"
    assert Board(mode=name).mode == "teams"
    assert reference.Board(mode="FFA").mode == "ffa"


def test_a_match_reads_the_mode_in_any_case():
    assert MatchConfig("random", "random", mode="FFA").mode == "ffa"


def test_a_player_spec_reads_its_ffa_search_in_any_case():
    assert parse_spec("search:depth=1,ffa=PARANOID").options == (("depth", 1), ("ffa", "paranoid"))


@pytest.mark.parametrize("command", [["perft", "1", "--mode", "FFA"], ["play", "--mode", "FFA", "--move-limit", "4"]])
def test_the_command_line_reads_the_mode_in_any_case(command):
    done = subprocess.run([sys.executable, "-m", "fourchess", *command], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]


@pytest.mark.parametrize("make", [Board, reference.Board], ids=["core", "reference"])
def test_a_mode_beside_rules_that_disagrees_is_refused(make):
    rules_type = Rules if make is Board else reference.Rules
    with pytest.raises(ValueError, match=r"mode='teams' disagrees with rules \(mode='ffa'\)"):
        make(rules=rules_type(mode="ffa"), mode="teams")
    with pytest.raises(ValueError, match=r"mode='ffa' disagrees with rules \(mode='teams'\)"):
        make(rules=rules_type(), mode="ffa")
    with pytest.raises(ValueError, match=r"setup='modern' disagrees with rules \(setup='classic'\)"):
        make(rules=rules_type(setup="classic"), setup="modern")


@pytest.mark.parametrize("make", [Board, reference.Board], ids=["core", "reference"])
def test_a_mode_beside_rules_that_agrees_is_fine(make):
    rules_type = Rules if make is Board else reference.Rules
    assert make(rules=rules_type(mode="ffa"), mode="FFA").mode == "ffa"
    assert make(rules=rules_type(mode="ffa"), mode="ffa", setup="modern").mode == "ffa"
    assert make(rules=rules_type(setup="classic"), setup="classic").fen4() == make(setup="classic").fen4()


@pytest.mark.parametrize("bad", ["chess", "", "f f a"])
def test_a_bad_mode_is_still_refused(bad):
    with pytest.raises(ValueError, match="mode must be 'teams' or 'ffa'"):
        Rules(mode=bad)
    with pytest.raises(ValueError, match="mode must be 'teams' or 'ffa'"):
        Board(mode=bad)
    with pytest.raises(ValueError, match="mode must be 'teams' or 'ffa'"):
        reference.Rules(mode=bad)
