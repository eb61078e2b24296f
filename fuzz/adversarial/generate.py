"""The adversarial generator: case number i of seed s, reproducibly, from one of the sources.

Sources: random sparse positions, targeted constructors (one per rare shape) and mutations of
real positions (tests/data) and of positions reached in seeded reference games. Every case is
drawn from its own Random(f"{seed}/{index}"), so any one can be rebuilt alone.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from fourchess.reference.board import Board as ReferenceBoard
from fourchess.reference.errors import Fen4Error
from fourchess.reference.fen4_read import read_fen4
from fourchess.reference.seats import FFA, TEAMS
from fuzz_targets.positions import base_fen4s

from . import constructors as build
from .sketch import COLOURS, Sketch, sketch_from_fen4

POOL_GAMES = 24
POOL_PLIES = 90
POOL_EVERY = 6  # keep every sixth position of a pool game


@dataclass(frozen=True)
class Case:
    fen4: str
    mode: str
    options: tuple[tuple[str, bool], ...] = ()  # FFA Rules options, sorted by name
    source: str = ""

    def describe(self) -> str:
        """Mode, options and FEN4, and the command that compares this case alone."""
        options = ",".join(f"{name}={int(value)}" for name, value in self.options)
        again = f"--mode {self.mode}" + (f" --option {options}" if options else "") + f" --fen4 '{self.fen4}'"
        rerun = f"PYTHONPATH=fuzz python -m adversarial.run {again}"
        return f"mode={self.mode} options=({options or '-'}) fen4={self.fen4}\n    rerun: {rerun}"


@dataclass(frozen=True)
class Source:
    name: str
    weight: float
    make: object = field(compare=False)  # (rng, mode) -> Sketch | None


def _game_positions(fen4: str, mode: str, rng: random.Random) -> list[str]:
    """Positions of one seeded reference game that favours captures (so armies thin out)."""
    board = ReferenceBoard(fen4, mode=mode)
    kept = []
    for ply in range(POOL_PLIES):
        moves = sorted(board.legal_moves, key=str)
        if not moves or board.is_game_over():
            break
        squares = board._position.squares
        weights = [1 + 12 * (squares[m.to_square] is not None) + 6 * (m.promotion is not None) for m in moves]
        board.push(rng.choices(moves, weights)[0], checked=False)
        if ply % POOL_EVERY == POOL_EVERY - 1 and not board.is_game_over():
            kept.append(board.fen4())
    return kept


@functools.cache
def mutation_pool() -> tuple[tuple[str, str], ...]:
    """(FEN4, mode) pairs to mutate: the data files' positions and seeded game positions."""
    rng = random.Random("adversarial pool")
    starts = list(base_fen4s())  # both starts, the real positions, the sparse differential starts
    pool = []
    for fen4 in starts:
        for mode in (TEAMS, FFA):
            try:
                read_fen4(fen4, mode)
            except Fen4Error:
                continue
            pool.append((fen4, mode))
    for game in range(POOL_GAMES):
        fen4, mode = pool[game % len(pool)]
        pool.extend((position, mode) for position in _game_positions(fen4, mode, rng))
    return tuple(pool)


# --- mutations ---------------------------------------------------------------------------------


def _remove_pieces(sketch: Sketch, rng: random.Random) -> None:
    others = [s for s, t in sketch.cells.items() if t[1] != "K"]
    for square in rng.sample(others, min(len(others), rng.randint(1, max(1, len(others) * 3 // 4)))):
        del sketch.cells[square]


def _move_piece(sketch: Sketch, rng: random.Random) -> None:
    square = rng.choice(list(sketch.cells))
    text = sketch.cells.pop(square)
    target = rng.choice(sketch.empty_squares())
    if text[0] == "d":
        sketch.put_dead(text[1], target)
    elif not sketch.put(COLOURS.index(text[0]), text[1], target):
        sketch.cells[square] = text


def _add_piece(sketch: Sketch, rng: random.Random) -> None:
    build.sprinkle(sketch, rng, 1, dead_share=0.2)


def _change_piece(sketch: Sketch, rng: random.Random) -> None:
    square = rng.choice([s for s, t in sketch.cells.items() if t[1] != "K"] or [None])
    if square is not None:
        text = sketch.cells.pop(square)
        kind = build.random_kind(rng, sketch.mode)
        if text[0] == "d" or not sketch.put(COLOURS.index(text[0]), kind, square):
            sketch.cells[square] = text[0] + kind if text[0] == "d" else text


def _seat_out(sketch: Sketch, rng: random.Random) -> None:
    if sketch.mode == FFA:
        seat = rng.randrange(4)
        (sketch.resign if rng.random() < 0.5 else sketch.eliminate)(seat)


def _flags(sketch: Sketch, rng: random.Random) -> None:
    seat = rng.randrange(4)
    sketch.short[seat] = rng.random() < 0.5
    sketch.long[seat] = rng.random() < 0.5


MUTATIONS = (
    (_remove_pieces, 4),
    (_move_piece, 4),
    (_add_piece, 3),
    (_change_piece, 2),
    (_seat_out, 1),
    (_flags, 1),
    (build.add_en_passant_entries, 2),
)


def mutated(rng: random.Random, mode: str) -> Sketch | None:
    fen4, pool_mode = rng.choice(mutation_pool())
    sketch = sketch_from_fen4(fen4, pool_mode)
    if rng.random() < 0.3:
        sketch.mode = TEAMS if pool_mode == FFA else FFA
        if sketch.mode == TEAMS:
            return None  # dead pieces mean a finished Teams game: keep Teams boards live
    if sketch.mode == FFA:
        sketch.options = build.ffa_options(rng)
    for _ in range(rng.randint(1, 4)):
        operation = rng.choices([m for m, _ in MUTATIONS], [w for _, w in MUTATIONS])[0]
        operation(sketch, rng)
    if not sketch.takes_turns(sketch.turn) or rng.random() < 0.3:
        if not sketch.choose_turn(rng):
            return None
    return sketch


# --- the cases ---------------------------------------------------------------------------------


SOURCES = (
    Source("sparse", 3, build.sparse),
    Source("mutation", 3, mutated),
    Source("double check, two seats", 1.2, lambda rng, mode: build.double_check(rng, mode, same_seat=False)),
    Source("double check, one seat", 1, lambda rng, mode: build.double_check(rng, mode, same_seat=True)),
    Source("discovered check", 0.8, build.discovered_check),
    Source("king capture", 1.5, build.king_capture),
    Source("promotion", 1.2, build.promotion),
    Source("en passant", 1.5, build.en_passant),
    Source("pins", 1.2, build.pins),
    Source("walking kings", 0.8, build.walking_kings),
    Source("eliminated seats", 0.6, build.eliminated_seats),
    Source("castling", 0.6, build.castling),
)
FFA_ONLY = {"walking kings", "eliminated seats"}


def _accepted(case: Case) -> bool:
    try:
        ReferenceBoard(case.fen4, rules=reference_rules(case))
    except Fen4Error:
        return False
    return True


def reference_rules(case: Case):
    from fourchess.reference.rules import Rules

    return Rules(mode=case.mode, **dict(case.options))


def generate_case(seed: int, index: int) -> Case:
    """Case `index` of `seed`: a position the reference accepts, with its mode and options."""
    rng = random.Random(f"{seed}/{index}")
    for _ in range(50):
        source = rng.choices(SOURCES, [s.weight for s in SOURCES])[0]
        mode = FFA if source.name in FFA_ONLY or rng.random() < 0.55 else TEAMS
        sketch = source.make(rng, mode)
        if sketch is None:
            continue
        options = tuple(sorted(sketch.options.items())) if sketch.mode == FFA else ()
        case = Case(sketch.fen4(), sketch.mode, options, source.name)
        if _accepted(case):
            return case
    raise RuntimeError(f"no acceptable position for case {index} of seed {seed}")
