"""Targeted constructors: each builds, on purpose, one rare shape that random games avoid.

A constructor returns a Sketch or None when its random choices did not fit; the generator
retries. Whether the shape really came out is decided afterwards, from the reference
(shapes.py): a constructor only makes it likely.
"""

from __future__ import annotations

import random

from fourchess.reference.castling import KING_HOMES, ROOK_CORNERS
from fourchess.reference.seats import FFA, PROMOTION_LINE, TEAMS, own_line, partner, pawn_capture_targets, pawn_push
from fourchess.reference.squares import BISHOP_RAYS, KING_TARGETS, KNIGHT_TARGETS, PLAYABLE, ROOK_RAYS

from .geometry import (
    attack_origins,
    open_ray,
    opponents,
    place_attacker,
    place_pin,
    targets_of,
)
from .sketch import COLOURS, FFA_OPTIONS, Sketch

PIECES = "PNBRQ"
ATTACKERS = "PNBRQ"  # a king never checks a king it could not also be taken by: kept apart


def ffa_options(rng: random.Random) -> dict[str, bool]:
    return {name: rng.random() < 0.5 for name in FFA_OPTIONS}


def base(rng: random.Random, mode: str, kings: int = 4) -> Sketch:
    """Kings of `kings` seats on random squares, options drawn for FFA, no side to move yet."""
    sketch = Sketch(mode)
    if mode == FFA:
        sketch.options = ffa_options(rng)
    for seat in rng.sample(range(4), kings):
        sketch.put(seat, "K", rng.choice(sketch.empty_squares()))
    return sketch


def random_kind(rng: random.Random, mode: str) -> str:
    kinds = PIECES + ("D" if mode == FFA else "")
    return rng.choice(kinds)


def sprinkle(sketch: Sketch, rng: random.Random, count: int, dead_share: float = 0.0) -> None:
    """Up to `count` random pieces of random seats (some dead) on empty squares."""
    for _ in range(count):
        square = rng.choice(sketch.empty_squares())
        kind = random_kind(rng, sketch.mode)
        if sketch.mode == FFA and rng.random() < dead_share:
            sketch.put_dead(kind, square)
        else:
            sketch.put(rng.randrange(4), kind, square)


def finish(sketch: Sketch, rng: random.Random, noise: int = 3) -> Sketch | None:
    sprinkle(sketch, rng, rng.randint(0, noise), dead_share=0.2)
    return sketch if sketch.seats_taking_turns() else None


def _mover(sketch: Sketch, rng: random.Random) -> int | None:
    if not sketch.choose_turn(rng):
        return None
    return sketch.turn


# --- random sparse positions -------------------------------------------------------------------


def sparse(rng: random.Random, mode: str) -> Sketch | None:
    """Kings and a handful of random pieces; now and then an en-passant entry or flags."""
    sketch = base(rng, mode, kings=4 if mode == TEAMS or rng.random() < 0.7 else 3)
    sprinkle(sketch, rng, rng.randint(2, 9), dead_share=0.15)
    if mode == FFA and rng.random() < 0.2:
        out = rng.randrange(4)
        (sketch.resign if rng.random() < 0.5 else sketch.eliminate)(out)
    add_en_passant_entries(sketch, rng)
    if _mover(sketch, rng) is None:
        return None
    return sketch


def add_en_passant_entries(sketch: Sketch, rng: random.Random) -> None:
    """Entries M:T for pawns standing on their third line whose home square is free."""
    for square, text in sketch.cells.items():
        if text[0] not in COLOURS or text[1] != "P" or rng.random() < 0.5:
            continue
        seat = COLOURS.index(text[0])
        if own_line(seat, square) != 3 or sketch.dead[seat]:
            continue
        skipped = _behind(seat, square)
        home = _behind(seat, skipped) if skipped is not None else None
        if home is not None and sketch.empty(home) and sketch.en_passant[seat] is None:
            sketch.en_passant[seat] = (skipped, square)


def _behind(seat: int, square: int) -> int | None:
    for back in PLAYABLE:
        if pawn_push(seat, back) == square:
            return back
    return None


# --- checks ------------------------------------------------------------------------------------


def double_check(rng: random.Random, mode: str, same_seat: bool) -> Sketch | None:
    """The side to move attacked by two pieces: of two seats, or of one (discovered + direct),
    often with a king of its own to capture, sometimes a checker's."""
    sketch = base(rng, mode)
    mover = _mover(sketch, rng)
    king = sketch.king(mover)
    enemies = opponents(sketch, mover)
    first = rng.choice(enemies)
    second = first if same_seat else rng.choice([s for s in enemies if s != first] or enemies)
    if place_attacker(sketch, rng, first, king, ATTACKERS) is None:
        return None
    if place_attacker(sketch, rng, second, king, "NBRQ" if same_seat else ATTACKERS) is None:
        return None
    if rng.random() < 0.3:
        place_attacker(sketch, rng, rng.choice(enemies), king, ATTACKERS)  # a third checker
    if rng.random() < 0.7:
        victim = rng.choice([first, second] if rng.random() < 0.6 else enemies)
        capture_king_with(sketch, rng, mover, victim, "PNBRQK" if rng.random() < 0.2 else "PNBRQ")
    return finish(sketch, rng, noise=2)


def capture_king_with(sketch: Sketch, rng: random.Random, seat: int, victim: int, kinds: str) -> bool:
    """A piece of `seat` placed to attack `victim`'s king (a king: the victim's king moved
    next to ours)."""
    target = sketch.king(victim)
    if target is None:
        return False
    if "K" in kinds and rng.random() < 1 / len(kinds):
        own = sketch.king(seat)
        spots = [s for s in KING_TARGETS[own] if sketch.empty(s)]
        if spots:
            del sketch.cells[target]
            sketch.put(victim, "K", rng.choice(spots))
            return True
    return place_attacker(sketch, rng, seat, target, kinds.replace("K", "") or "N") is not None


def discovered_check(rng: random.Random, mode: str) -> Sketch | None:
    """A slider of the side to move behind one of its own pieces on a line to an enemy king."""
    sketch = base(rng, mode)
    mover = _mover(sketch, rng)
    victim = rng.choice(opponents(sketch, mover))
    if place_pin(sketch, rng, sketch.king(victim), mover, random_kind(rng, mode), mover) is None:
        return None
    if rng.random() < 0.5:
        capture_king_with(sketch, rng, mover, rng.choice(opponents(sketch, mover)), "NBRQP")
    return finish(sketch, rng)


# --- king captures -----------------------------------------------------------------------------


def king_capture(rng: random.Random, mode: str) -> Sketch | None:
    """An enemy king the side to move can take: with a king, pawn, knight or slider; with a
    pinned piece; while in check or double check itself."""
    sketch = base(rng, mode)
    mover = _mover(sketch, rng)
    own_king = sketch.king(mover)
    enemies = opponents(sketch, mover)
    victim = rng.choice(enemies)
    kind = rng.choice("KPNBRQ")
    if rng.random() < 0.45 and kind != "K":
        pinner = rng.choice([victim] * 2 + enemies)  # FFA: taking the pinner's own king is legal
        pin = place_pin(sketch, rng, own_king, mover, kind, pinner)
        if pin is None:
            return None
        targets = [s for s in targets_of(sketch, mover, kind, pin[0]) if sketch.empty(s)]
        if not targets:
            return None
        del sketch.cells[sketch.king(victim)]
        sketch.put(victim, "K", rng.choice(targets))
    elif not capture_king_with(sketch, rng, mover, victim, kind):
        return None
    for _ in range(rng.choice((0, 0, 1, 2))):  # the mover's own king in check, once or twice
        place_attacker(sketch, rng, rng.choice(enemies), own_king, ATTACKERS)
    return finish(sketch, rng, noise=2)


# --- promotions --------------------------------------------------------------------------------


def promotion(rng: random.Random, mode: str) -> Sketch | None:
    """A pawn one step from its promotion line; its king often bare and boxed in, so that a
    promotion is the first or the only legal move (of the side to move or of the next seat)."""
    sketch = base(rng, mode)
    mover = _mover(sketch, rng)
    promoter = mover if rng.random() < 0.5 else _next_seat(sketch, mover)
    last = PROMOTION_LINE[mode] - 1
    squares = [s for s in PLAYABLE if own_line(promoter, s) == last and sketch.can_hold(promoter, "P", s)]
    rng.shuffle(squares)
    placed = []
    for square in squares[: rng.randint(1, 2)]:
        sketch.put(promoter, "P", square)
        placed.append(square)
        ahead = pawn_push(promoter, square)
        if ahead is not None and sketch.cells.get(ahead, "xK")[1] != "K" and rng.random() < 0.7:
            del sketch.cells[ahead]  # mostly a free push; sometimes only captures promote
    if placed and rng.random() < 0.6:
        _promotion_answers_check(sketch, rng, promoter, placed[0])
    king = sketch.king(promoter)
    boxing = rng.random()
    for flight in KING_TARGETS[king]:  # box the king in: attackers of its flight squares
        if sketch.empty(flight) and rng.random() < boxing:
            place_attacker(sketch, rng, rng.choice(opponents(sketch, promoter)), flight, "NBRQ")
    if rng.random() < 0.3:
        for square in rng.sample(PLAYABLE, 3):
            if own_line(promoter, square) == last + 1:
                sketch.put(rng.choice(opponents(sketch, promoter)), rng.choice("NBRQ"), square)
    return finish(sketch, rng, noise=1)


def _promotion_answers_check(sketch: Sketch, rng: random.Random, seat: int, pawn: int) -> None:
    """The promoting seat's king in check by a piece the pawn takes as it promotes, or by a
    slider whose line crosses the square the pawn pushes to."""
    enemies = opponents(sketch, seat)
    if rng.random() < 0.5:
        targets = [t for t in pawn_capture_targets(seat, pawn) if sketch.cells.get(t, "xP")[1] != "K"]
        if not targets:
            return
        target = rng.choice(targets)
        sketch.cells.pop(target, None)
        kind = rng.choice("RBQN")
        if not sketch.put(rng.choice(enemies), kind, target):
            return
        _move_king_to(sketch, rng, seat, [s for s in targets_of(sketch, seat, kind, target) if sketch.empty(s)])
        return
    ahead = pawn_push(seat, pawn)
    if ahead is None or not sketch.empty(ahead):
        return
    ray = rng.choice(list(ROOK_RAYS[ahead]) + list(BISHOP_RAYS[ahead]))
    spots = open_ray(sketch, ray)
    if spots:
        _move_king_to(sketch, rng, seat, [rng.choice(spots)])
        _line_through(sketch, rng, sketch.king(seat), ahead, rng.choice(enemies))


def _next_seat(sketch: Sketch, seat: int) -> int:
    for offset in (1, 2, 3):
        other = (seat + offset) % 4
        if sketch.takes_turns(other):
            return other
    return seat


# --- en passant ----------------------------------------------------------------------------------


def en_passant(rng: random.Random, mode: str) -> Sketch | None:
    """A just-pushed pawn on T over M, a pawn of the side to move attacking M, and one of:
    a check the capture answers (by taking the checking pawn, by blocking on M, or both in
    double check), a line the capture opens to its own king, a pin of the capturing pawn, a
    check it gives, a piece standing on M."""
    sketch = base(rng, mode)
    mover = _mover(sketch, rng)
    pushers = [s for s in opponents(sketch, mover) if (s + mover) % 2 == 1]  # neighbours only
    pusher = rng.choice(pushers)
    entries = []
    for home in PLAYABLE:
        if own_line(pusher, home) != 1:
            continue
        skipped = pawn_push(pusher, home)
        landed = pawn_push(pusher, skipped) if skipped is not None else None
        if landed is None or not (sketch.empty(home) and sketch.empty(skipped) and sketch.empty(landed)):
            continue
        origins = [o for o in attack_origins(sketch, mover, "P", skipped)]
        if origins:
            entries.append((skipped, landed, origins))
    if not entries:
        return None
    skipped, landed, origins = rng.choice(entries)
    sketch.put(pusher, "P", landed)
    capturer = rng.choice(origins)
    sketch.put(mover, "P", capturer)
    if len(origins) > 1 and rng.random() < 0.3:
        sketch.put(mover, "P", rng.choice([o for o in origins if o != capturer]))
    sketch.en_passant[pusher] = (skipped, landed)
    variant = rng.choice(
        (
            "checked by T",
            "check through M",
            "checker on M",
            "double",
            "exposes",
            "pinned",
            "pinned along",
            "gives check",
            "occupied M",
        )
    )
    own_king = sketch.king(mover)
    if variant in ("checked by T", "double"):
        _move_king_to(sketch, rng, mover, [s for s in targets_of(sketch, pusher, "P", landed) if sketch.empty(s)])
    if variant in ("checker on M", "double"):
        # The king is a knight's step from M, so a knight there checks it too: the capture
        # takes both checkers at once (the piece on M and the pawn on T).
        if variant == "checker on M":
            _move_king_to(sketch, rng, mover, [s for s in KNIGHT_TARGETS[skipped] if sketch.empty(s)])
        sketch.put(rng.choice([s for s in opponents(sketch, mover) if s != pusher] or [pusher]), "N", skipped)
    if variant == "check through M":
        _line_through(sketch, rng, own_king, skipped, rng.choice(opponents(sketch, mover)))
    if variant == "pinned along":
        _pin_along(sketch, rng, mover, capturer, skipped)
    if variant == "exposes":
        _line_through(
            sketch, rng, own_king, landed if rng.random() < 0.7 else capturer, rng.choice(opponents(sketch, mover))
        )
    if variant == "pinned":
        _line_through(sketch, rng, own_king, capturer, rng.choice(opponents(sketch, mover)))
    if variant == "gives check":
        victim = rng.choice(opponents(sketch, mover))
        if rng.random() < 0.5:
            _move_king_to(sketch, rng, victim, [s for s in targets_of(sketch, mover, "P", skipped) if sketch.empty(s)])
        else:
            _line_through(sketch, rng, sketch.king(victim), landed, mover)  # removing T uncovers it
    if variant == "occupied M":
        owner = rng.choice(range(4))
        if mode == FFA and rng.random() < 0.3:
            sketch.put_dead(rng.choice(PIECES), skipped)
        else:
            sketch.put(owner, rng.choice("NBRQ"), skipped)
    return finish(sketch, rng, noise=2)


def _pin_along(sketch: Sketch, rng: random.Random, seat: int, capturer: int, skipped: int) -> None:
    """The capturing pawn pinned on the diagonal through M: its king behind it, the pinner
    beyond M, so that the en-passant capture stays on the pin line."""
    step = skipped - capturer
    behind = next((ray for ray in BISHOP_RAYS[capturer] if ray and ray[0] == capturer - step), None)
    ahead = next((ray for ray in BISHOP_RAYS[capturer] if ray and ray[0] == skipped), None)
    if behind is None or ahead is None:
        return
    king_spots, pinner_spots = open_ray(sketch, behind), open_ray(sketch, ahead[1:])
    if king_spots and pinner_spots:
        _move_king_to(sketch, rng, seat, [rng.choice(king_spots)])
        sketch.put(rng.choice(opponents(sketch, seat)), rng.choice("BQ"), rng.choice(pinner_spots))


def _move_king_to(sketch: Sketch, rng: random.Random, seat: int, squares: list[int]) -> None:
    if squares:
        del sketch.cells[sketch.king(seat)]
        sketch.put(seat, "K", rng.choice(squares))


def _line_through(sketch: Sketch, rng: random.Random, king: int, through: int, slider_seat: int) -> bool:
    """A slider of `slider_seat` on the far side of `through`, on the line from `king` through
    it, if that line is straight or diagonal and empty apart from `through`."""
    for ray in list(ROOK_RAYS[king]) + list(BISHOP_RAYS[king]):
        if through not in ray:
            continue
        index = ray.index(through)
        if any(not sketch.empty(s) for s in ray[:index] if s != through):
            return False
        beyond = open_ray(sketch, ray[index + 1 :])
        if not beyond:
            return False
        straight = ray in ROOK_RAYS[king]
        kind = rng.choice("RQ" if straight else "BQ")
        return sketch.put(slider_seat, kind, rng.choice(beyond))
    return False


# --- pins, walking kings, eliminated seats, castling -------------------------------------------


def pins(rng: random.Random, mode: str) -> Sketch | None:
    """Pins by every seat against the side to move; in Teams a partner's piece on the line
    (before or after ours, so nothing is pinned), in FFA a dead piece on it."""
    sketch = base(rng, mode)
    mover = _mover(sketch, rng)
    king = sketch.king(mover)
    enemies = opponents(sketch, mover)
    for pinner in rng.sample(enemies, rng.randint(1, len(enemies))):
        kind = random_kind(rng, mode)
        extra: list[str] = []
        if mode == TEAMS and rng.random() < 0.35:
            extra = [COLOURS[partner(mover)] + rng.choice("NBRQ")]
        elif mode == FFA and rng.random() < 0.3:
            extra = ["d" + rng.choice("PNBRQ")]
        if extra and rng.random() < 0.5:  # the other piece nearest the king, ours behind it
            place_pin(
                sketch,
                rng,
                king,
                partner(mover) if mode == TEAMS else mover,
                rng.choice("NBRQ"),
                pinner,
                [COLOURS[mover] + kind] if kind != "P" else [],
            )
        else:
            place_pin(sketch, rng, king, mover, kind, pinner, extra)
    if rng.random() < 0.5:
        capture_king_with(sketch, rng, mover, rng.choice(opponents(sketch, mover)), "NBRQP")
    return finish(sketch, rng, noise=2)


def walking_kings(rng: random.Random, mode: str) -> Sketch | None:
    """FFA: one or two seats resigned with their kings still on the board, near the others."""
    sketch = base(rng, FFA)
    for seat in rng.sample(range(4), rng.choice((1, 1, 2))):
        sketch.resign(seat)
        if rng.random() < 0.5:  # next to another king, to check or be checked
            others = [sketch.king(s) for s in range(4) if s != seat]
            near = [t for k in others for t in KING_TARGETS[k] if sketch.empty(t)]
            _move_king_to(sketch, rng, seat, near)
    sprinkle(sketch, rng, rng.randint(1, 6), dead_share=0.3)
    if _mover(sketch, rng) is None:
        return None
    if rng.random() < 0.4:
        place_attacker(sketch, rng, rng.choice(opponents(sketch, sketch.turn)), sketch.king(sketch.turn), "NBRQ")
    return sketch


def eliminated_seats(rng: random.Random, mode: str) -> Sketch | None:
    """FFA: one or two seats out, their dead pieces standing between live sliders and kings."""
    sketch = base(rng, FFA)
    out = rng.sample(range(4), rng.choice((1, 2)))
    for seat in out:
        sketch.put(seat, rng.choice("NBRQ"), rng.choice(sketch.empty_squares()))
        sketch.eliminate(seat)
    live = [s for s in range(4) if s not in out]
    for _ in range(rng.randint(1, 3)):  # a dead blocker on a line from a live king
        king_seat = rng.choice(live)
        slider_seat = rng.choice([s for s in live if s != king_seat])
        pin = place_pin(sketch, rng, sketch.king(king_seat), slider_seat, "N", slider_seat)
        if pin is not None:
            sketch.cells[pin[0]] = "d" + rng.choice("PNBRQ")
    if not sketch.choose_turn(rng):
        return None
    return finish(sketch, rng, noise=3)


def castling(rng: random.Random, mode: str) -> Sketch | None:
    """A king and its rooks at home with rights, the squares between empty, and enemy pieces
    aimed at the king, the squares it crosses or lands on, or the rooks."""
    sketch = Sketch(mode, options=ffa_options(rng) if mode == FFA else {})
    seat = rng.randrange(4)
    king = rng.choice(KING_HOMES[seat])
    sketch.put(seat, "K", king)
    for corner in ROOK_CORNERS[seat]:
        if rng.random() < 0.85:
            sketch.put(seat, "R", corner)
    sketch.short[seat] = rng.random() < 0.8
    sketch.long[seat] = rng.random() < 0.8
    for other in range(4):
        if other != seat:
            sketch.put(other, "K", rng.choice(sketch.empty_squares()))
    back_line = [s for s in PLAYABLE if own_line(seat, s) == 0 and sketch.empty(s)]
    for _ in range(rng.randint(0, 3)):
        target = rng.choice(back_line + [king])
        place_attacker(sketch, rng, rng.choice(opponents(sketch, seat)), target, "NBRQP")
    if rng.random() < 0.15 and back_line:
        blocker = rng.choice(back_line)
        if mode == FFA:
            sketch.put_dead(rng.choice("NB"), blocker)
        else:
            sketch.put(partner(seat), "N", blocker)
    sketch.turn = seat
    return finish(sketch, rng, noise=2)
