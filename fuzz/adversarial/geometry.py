"""Where to put a piece so that it attacks, pins or blocks: squares computed on a Sketch."""

from __future__ import annotations

import random

from fourchess.reference.seats import FFA, is_teams_enemy, pawn_attack_origins, pawn_capture_targets
from fourchess.reference.squares import BISHOP_RAYS, KING_TARGETS, KNIGHT_TARGETS, ROOK_RAYS

from .sketch import Sketch

STRAIGHT = "RQ"
DIAGONAL = "BQ"


def rays(square: int, kinds: str) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = []
    if any(kind in "RQD" for kind in kinds):
        found.extend(ROOK_RAYS[square])
    if any(kind in "BQD" for kind in kinds):
        found.extend(BISHOP_RAYS[square])
    return found


def open_ray(sketch: Sketch, ray: tuple[int, ...]) -> list[int]:
    """The empty squares of a ray up to its first piece."""
    squares = []
    for square in ray:
        if not sketch.empty(square):
            break
        squares.append(square)
    return squares


def line_kinds(ray_is_straight: bool) -> str:
    return STRAIGHT if ray_is_straight else DIAGONAL


def is_straight(ray: tuple[int, ...], origin: int) -> bool:
    return ray[0] % 14 == origin % 14 or ray[0] // 14 == origin // 14


def attack_origins(sketch: Sketch, seat: int, kind: str, target: int) -> list[int]:
    """Empty squares from which a piece of `seat` and `kind` would attack `target` now."""
    if kind == "N":
        origins = list(KNIGHT_TARGETS[target])
    elif kind == "K":
        origins = list(KING_TARGETS[target])
    elif kind == "P":
        origins = list(pawn_attack_origins(seat, target))
    else:
        origins = [square for ray in rays(target, kind) for square in open_ray(sketch, ray)]
        if kind in ("B", "R"):  # a queen line is every line; a rook's only straight ones
            wanted = ROOK_RAYS if kind == "R" else BISHOP_RAYS
            allowed = {square for ray in wanted[target] for square in ray}
            origins = [square for square in origins if square in allowed]
    return [square for square in origins if sketch.can_hold(seat, kind, square)]


def place_attacker(sketch: Sketch, rng: random.Random, seat: int, target: int, kinds: str) -> int | None:
    """Put a piece of `seat` (kind drawn from `kinds`) where it attacks `target`; its square."""
    order = list(kinds)
    rng.shuffle(order)
    for kind in order:
        origins = attack_origins(sketch, seat, kind, target)
        if origins:
            square = rng.choice(origins)
            sketch.put(seat, kind, square)
            return square
    return None


def targets_of(sketch: Sketch, seat: int, kind: str, origin: int) -> list[int]:
    """Squares a piece of `seat` and `kind` on `origin` attacks now (pieces block)."""
    if kind == "N":
        return list(KNIGHT_TARGETS[origin])
    if kind == "K":
        return list(KING_TARGETS[origin])
    if kind == "P":
        return list(pawn_capture_targets(seat, origin))
    found = []
    chosen = {"R": ROOK_RAYS[origin], "B": BISHOP_RAYS[origin]}.get(kind)
    all_rays = chosen if chosen is not None else ROOK_RAYS[origin] + BISHOP_RAYS[origin]
    for ray in all_rays:
        for square in ray:
            found.append(square)
            if not sketch.empty(square):
                break
    return found


def opponents(sketch: Sketch, seat: int) -> list[int]:
    """Seats whose pieces can capture and check `seat` (FFA: every other seat with a king)."""
    if sketch.mode == FFA:
        return [other for other in range(4) if other != seat]
    return [other for other in range(4) if is_teams_enemy(seat, other)]


def place_pin(
    sketch: Sketch,
    rng: random.Random,
    king: int,
    pinned_seat: int,
    pinned_kind: str,
    pinner_seat: int,
    between: list[str] = (),
) -> tuple[int, int] | None:
    """Along a random open line from `king`: the pinned piece, then the cells of `between`
    (extra blockers such as a partner's or a dead piece), then the pinner. Returns the pinned
    piece's and the pinner's squares."""
    candidates = list(ROOK_RAYS[king]) + list(BISHOP_RAYS[king])
    rng.shuffle(candidates)
    for ray in candidates:
        free = open_ray(sketch, ray)
        need = 2 + len(between)
        if len(free) < need:
            continue
        picks = sorted(rng.sample(range(len(free)), need))
        pinner_kind = rng.choice(line_kinds(is_straight(ray, king)))
        squares = [free[i] for i in picks]
        if not sketch.can_hold(pinned_seat, pinned_kind, squares[0]):
            continue
        if not sketch.can_hold(pinner_seat, pinner_kind, squares[-1]):
            continue
        sketch.put(pinned_seat, pinned_kind, squares[0])
        for text, square in zip(between, squares[1:-1], strict=True):
            sketch.cells[square] = text
        sketch.put(pinner_seat, pinner_kind, squares[-1])
        return squares[0], squares[-1]
    return None
