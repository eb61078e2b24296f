"""A position under construction: cells, flags and options, written out as FEN4.

The adversarial generator builds and mutates Sketches; only its FEN4 text reaches the two
implementations, so whatever a Sketch holds is tested exactly as a caller would give it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from fourchess.reference.fen4_read import read_fen4
from fourchess.reference.seats import FFA, PROMOTION_LINE, own_line
from fourchess.reference.squares import PLAYABLE, square_name
from fuzz_targets.positions import write_board

COLOURS = "rbyg"
TURN_LETTERS = "RBYG"
FFA_OPTIONS = ("dead_king_walking", "points_lead_ends_game", "walking_kings_stalemated_on_their_turn")


def _flags(values: list[bool]) -> str:
    return ",".join("1" if value else "0" for value in values)


@dataclass
class Sketch:
    mode: str
    cells: dict[int, str] = field(default_factory=dict)  # square -> 'rK', 'gD', 'dP'
    turn: int = 0
    dead: list[bool] = field(default_factory=lambda: [False] * 4)
    short: list[bool] = field(default_factory=lambda: [False] * 4)
    long: list[bool] = field(default_factory=lambda: [False] * 4)
    points: list[int] = field(default_factory=lambda: [0] * 4)
    ply: int = 0
    en_passant: list[tuple[int, int] | None] = field(default_factory=lambda: [None] * 4)
    resigned: list[bool] = field(default_factory=lambda: [False] * 4)
    options: dict[str, bool] = field(default_factory=dict)  # FFA Rules options (FFA_OPTIONS)

    def copy(self) -> Sketch:
        return Sketch(
            self.mode,
            dict(self.cells),
            self.turn,
            list(self.dead),
            list(self.short),
            list(self.long),
            list(self.points),
            self.ply,
            list(self.en_passant),
            list(self.resigned),
            dict(self.options),
        )

    # --- the board ----------------------------------------------------------------------

    def empty(self, square: int) -> bool:
        return square not in self.cells

    def empty_squares(self) -> list[int]:
        return [square for square in PLAYABLE if square not in self.cells]

    def king(self, seat: int) -> int | None:
        cell = COLOURS[seat] + "K"
        return next((square for square, text in self.cells.items() if text == cell), None)

    def live_count(self, seat: int) -> int:
        return sum(1 for text in self.cells.values() if text[0] == COLOURS[seat])

    def can_hold(self, seat: int, kind: str, square: int) -> bool:
        """An empty square the piece may stand on: pawns only between their home and
        promotion lines (no other pawn is reachable in play), at most 16 live pieces a seat."""
        if square in self.cells or self.live_count(seat) >= 16:
            return False
        if kind == "D" and self.mode != FFA:
            return False
        if kind == "P":
            return 1 <= own_line(seat, square) < PROMOTION_LINE[self.mode]
        return True

    def put(self, seat: int, kind: str, square: int) -> bool:
        if not self.can_hold(seat, kind, square):
            return False
        self.cells[square] = COLOURS[seat] + kind
        return True

    def put_dead(self, kind: str, square: int) -> bool:
        if square in self.cells:
            return False
        self.cells[square] = "d" + kind
        return True

    # --- seats --------------------------------------------------------------------------

    def eliminate(self, seat: int) -> None:
        """FFA: the seat is out and every piece of it dead (written with 'd')."""
        self.dead[seat] = True
        self.resigned[seat] = False
        self.en_passant[seat] = None
        for square, text in list(self.cells.items()):
            if text[0] == COLOURS[seat]:
                self.cells[square] = "d" + text[1]

    def resign(self, seat: int) -> None:
        """FFA: the seat resigned; its king stays written live, so with dead_king_walking it
        walks and without it the seat is simply out."""
        self.resigned[seat] = True
        self.dead[seat] = True
        self.en_passant[seat] = None
        for square, text in list(self.cells.items()):
            if text[0] == COLOURS[seat] and text[1] != "K":
                self.cells[square] = "d" + text[1]

    def takes_turns(self, seat: int) -> bool:
        if self.king(seat) is None:
            return False
        if self.mode != FFA:
            return True
        if self.resigned[seat]:
            return self.options.get("dead_king_walking", True)
        return not self.dead[seat]

    def seats_taking_turns(self) -> list[int]:
        return [seat for seat in range(4) if self.takes_turns(seat)]

    def choose_turn(self, rng: random.Random) -> bool:
        seats = self.seats_taking_turns()
        if not seats:
            return False
        self.turn = rng.choice(seats)
        return True

    # --- FEN4 ---------------------------------------------------------------------------

    def fen4(self) -> str:
        extras = []
        if any(self.en_passant):
            entries = ",".join(
                "''" if entry is None else f"'{square_name(entry[0])}:{square_name(entry[1])}'"
                for entry in self.en_passant
            )
            extras.append(f"'enPassant':({entries})")
        if any(self.resigned):
            extras.append("'resigned':(" + ",".join("true" if r else "false" for r in self.resigned) + ")")
        head = [
            TURN_LETTERS[self.turn],
            _flags(self.dead),
            _flags(self.short),
            _flags(self.long),
            ",".join(str(p) for p in self.points),
            str(self.ply),
        ]
        if extras:
            head.append("{" + ",".join(extras) + "}")
        return "-".join(head + [write_board(self.cells)])


def sketch_from_fen4(fen4: str, mode: str) -> Sketch:
    """Read a FEN4 (through the reference reader) back into a Sketch to mutate."""
    position = read_fen4(fen4, mode)
    sketch = Sketch(mode)
    for square, piece in enumerate(position.squares):
        if piece is not None:
            sketch.cells[square] = piece.fen4()
    sketch.turn = position.turn
    sketch.dead = list(position.dead)
    sketch.short = list(position.castle_short)
    sketch.long = list(position.castle_long)
    sketch.points = list(position.points)
    sketch.ply = position.ply_clock
    sketch.en_passant = list(position.en_passant)
    sketch.resigned = [a or b for a, b in zip(position.resigned, position.flagged, strict=True)]
    return sketch
