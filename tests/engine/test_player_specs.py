"""Player specs (fourchess.engine.specs): the grammar, its defaults and its errors."""

import io
import subprocess
import sys

import pytest

from fourchess import Board, pgn4
from fourchess.engine.commands import play_players
from fourchess.engine.specs import PlayerSpec, SpecError, parse_spec, player_from_spec, split_specs
from fourchess.players import GreedyPlayer, RandomPlayer


@pytest.mark.parametrize(
    "text, spec",
    [
        ("random", PlayerSpec("random")),
        ("greedy:seed=7", PlayerSpec("greedy", (("seed", 7),))),
        ("search", PlayerSpec("search")),
        ("search:depth=4", PlayerSpec("search", (("depth", 4),))),
        (
            "search:movetime=0.2,threads=2,hash=64,nodes=20000,ffa=paranoid",
            PlayerSpec(
                "search", (("movetime", 0.2), ("threads", 2), ("hash", 64), ("nodes", 20000), ("ffa", "paranoid"))
            ),
        ),
        ("uci:fourchess uci", PlayerSpec("uci", (), ("fourchess", "uci"))),
        ("uci:movetime=0.2,cmd=fourchess uci", PlayerSpec("uci", (("movetime", 0.2),), ("fourchess", "uci"))),
        # cmd= takes the rest of the text, commas and '=' included; quotes group as in a shell
        (
            "uci:hash=16,cmd=/opt/e --opt a=1,b 'two words'",
            PlayerSpec("uci", (("hash", 16),), ("/opt/e", "--opt", "a=1,b", "two words")),
        ),
        ("uci:depth=3,engine --x", PlayerSpec("uci", (("depth", 3),), ("engine", "--x"))),
    ],
)
def test_specs_parse(text, spec):
    assert parse_spec(text) == spec


@pytest.mark.parametrize(
    "text, named",
    [
        ("minimax", "unknown player 'minimax'"),
        ("", "unknown player ''"),
        ("search:", "nothing after ':'"),
        ("search:depht=3", "unknown option 'depht' for search"),
        ("random:depth=3", "unknown option 'depth' for random"),
        ("search:depth", "'depth' is not key=value"),
        ("search:depth=0", "depth='0': expected a whole number in 1..128"),
        ("search:depth=four", "depth='four'"),
        ("search:threads=300", "threads='300'"),
        ("search:hash=-1", "hash='-1'"),
        ("search:movetime=0", "movetime='0': expected seconds"),
        ("search:movetime=nan", "movetime='nan'"),
        ("search:ffa=maxn", "ffa='maxn': expected one of brs+, paranoid"),
        ("search:depth=3,depth=4", "option 'depth' given twice"),
        ("search:depth=3,", "a trailing ','"),
        ("greedy:seed=x", "seed='x'"),
        ("uci", "uci needs the engine's command"),
        ("uci:depth=3", "uci needs the engine's command"),
        ("uci:cmd=", "the uci command is empty"),
        ("uci:cmd='unclosed", "No closing quotation"),
        ("uci:movetim=1,cmd=e", "unknown option 'movetim' for uci"),
    ],
)
def test_bad_specs_name_the_bad_part(text, named):
    with pytest.raises(SpecError, match="player spec") as caught:
        parse_spec(text)
    assert named in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_huge_spec_is_quoted_by_a_prefix():
    with pytest.raises(SpecError) as caught:
        parse_spec("search:depth=" + "9" * 100_000)
    assert len(str(caught.value)) < 400 and "100013 characters" in str(caught.value)


def test_a_spec_is_a_str():
    with pytest.raises(TypeError):
        parse_spec(4)


def test_default_movetime_goes_to_search_and_uci_specs_that_name_no_limit():
    assert parse_spec("search").movetime(0.2) == 0.2
    assert parse_spec("uci:e").movetime(0.2) == 0.2
    assert parse_spec("search:movetime=0.5").movetime(0.2) == 0.5
    assert parse_spec("search:depth=4").movetime(0.2) is None  # a depth match stays a depth match
    assert parse_spec("search:nodes=100").movetime(0.2) is None
    assert parse_spec("search:threads=2").movetime(0.2) == 0.2
    assert parse_spec("greedy").movetime(0.2) is None


def test_random_and_greedy_build_seeded():
    board = Board()
    assert isinstance(player_from_spec("random"), RandomPlayer)
    assert isinstance(player_from_spec("greedy"), GreedyPlayer)
    own = [str(player_from_spec("random:seed=5", seed=99).choose_move(board)) for _ in range(5)]
    assert own == [str(RandomPlayer(5).choose_move(board))] * 5  # the spec's seed wins
    given = str(player_from_spec("greedy", seed=3).choose_move(board))
    assert given == str(GreedyPlayer(3).choose_move(board))


@pytest.mark.parametrize(
    "text, parts",
    [
        ("search,random,search,search", ["search", "random", "search", "search"]),
        ("search:depth=3,threads=2,greedy", ["search:depth=3,threads=2", "greedy"]),
        ("uci:cmd=e --a,b,random:seed=1", ["uci:cmd=e --a,b", "random:seed=1"]),
        ("random", ["random"]),
    ],
)
def test_split_specs(text, parts):
    assert split_specs(text) == parts


def test_play_players_takes_one_or_four_specs():
    players = play_players(["greedy,random,greedy,random"], None, 1)
    assert [type(p) for p in players] == [GreedyPlayer, RandomPlayer, GreedyPlayer, RandomPlayer]
    assert [type(p) for p in play_players(["greedy"], None, None)] == [GreedyPlayer] * 4
    assert [type(p) for p in play_players(["random", "greedy", "random", "greedy"], None, None)] == [
        RandomPlayer,
        GreedyPlayer,
    ] * 2
    with pytest.raises(ValueError, match="one spec or four"):
        play_players(["random,random,random"], None, None)
    with pytest.raises(SpecError, match="unknown player 'rnd'"):
        play_players(["rnd"], None, None)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_play_command_takes_players(tmp_path, mode):
    target = tmp_path / "game.pgn4"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourchess",
            "play",
            "--players",
            "greedy,random,greedy,random",
            "--mode",
            mode,
            "--move-limit",
            "60",
            "--seed",
            "2",
            "--quiet",
            "--pgn4",
            str(target),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    board = pgn4.replay(pgn4.read_game(io.StringIO(target.read_text())))
    assert 0 < len(board.move_stack) <= 60


def test_an_external_engine_without_any_limit_is_refused_before_it_starts():
    with pytest.raises(SpecError, match="needs a depth, nodes or movetime"):
        player_from_spec("uci:/nonexistent/engine")


def test_the_ffa_choices_are_the_engines():
    from fourchess.engine.search import FFA_SEARCHES as ENGINE_FFA_SEARCHES
    from fourchess.engine.specs import FFA_SEARCHES

    assert set(FFA_SEARCHES) == set(ENGINE_FFA_SEARCHES)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_search_specs_build_a_search_player(mode):
    from fourchess.players import SearchPlayer

    player = player_from_spec("search:depth=2,hash=8,ffa=paranoid")
    assert isinstance(player, SearchPlayer) and player.depth == 2
    assert player.engine.hash_mb == 8 and player.engine.ffa_search == "paranoid"
    board = Board(mode=mode)
    assert player.choose_move(board) in board.legal_moves
    timed = player_from_spec("search:threads=2", movetime=0.05)  # names no limit: takes the default
    assert timed.movetime == 0.05 and timed.engine.threads == 2
    assert player_from_spec("search:depth=3", movetime=0.05).movetime is None
