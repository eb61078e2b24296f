"""PGN4, chess.com's four-player chess game record: read games into a tree, write them back.

Any text given to the reader gives a Game, None, or a :class:`Pgn4Error` (a ValueError), in time
linear in its size and within the limits of :mod:`fourchess.pgn4.limits`.

>>> import io
>>> from fourchess import pgn4
>>> game = pgn4.read_game(io.StringIO('[Variant "Teams"]\\n\\n1. h2-h3 .. b7-c7\\n'))
>>> game.headers["Variant"]
'Teams'
>>> print(pgn4.write_game(game), end="")
[Variant "Teams"]
<BLANKLINE>
1. h2-h3 .. b7-c7
"""

from fourchess.pgn4.errors import Pgn4Error
from fourchess.pgn4.from_board import game_from_board
from fourchess.pgn4.reader import iter_games, parse_game, read_game
from fourchess.pgn4.replay import replay
from fourchess.pgn4.result import expected_terminations, result_points, teams_winners
from fourchess.pgn4.setup import Setup, setup_for_headers
from fourchess.pgn4.tree import Game, GameNode
from fourchess.pgn4.writer import entry_text, write_game

__all__ = [
    "Game",
    "GameNode",
    "Pgn4Error",
    "Setup",
    "entry_text",
    "expected_terminations",
    "game_from_board",
    "iter_games",
    "parse_game",
    "read_game",
    "replay",
    "result_points",
    "setup_for_headers",
    "teams_winners",
    "write_game",
]
