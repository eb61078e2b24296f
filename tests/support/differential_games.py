"""Seeded random games played on the core and the reference, compared after every move.

The move choice is biased toward the rare events (captures, checks, castling, en passant,
promotion, king captures, eliminations; see move_events.py), so that a few thousand positions
exercise them all.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import fourchess
import fourchess.reference

from .move_events import MoveFacts, en_passant_entries, move_facts

DATA = Path(__file__).parent.parent / "data"
MODES = ("teams", "ffa")
MAX_PLIES = 150
UNIFORM_CHOICE = 0.15  # share of moves picked uniformly, so quiet play is covered too


@dataclass(frozen=True)
class Start:
    label: str
    fen4: str


def start_positions(mode: str) -> list[Start]:
    """Both standard starts, the real positions of fen4_real.txt and the hand-made sparse ones."""
    starts = [
        Start("modern start", fourchess.MODERN_START_FEN4),
        Start("classic start", fourchess.CLASSIC_START_FEN4),
    ]
    for number, line in enumerate((DATA / "fen4_real.txt").read_text().splitlines(), 1):
        if line.strip():
            starts.append(Start(f"fen4_real.txt line {number}", line.split(" ; ")[0].strip()))
    for line in (DATA / "differential" / "start_positions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            modes, fen4, label = (part.strip() for part in line.split(" ; "))
            if mode in modes.split(","):
                starts.append(Start(label, fen4))
    return [start for start in starts if not fourchess.Board(start.fen4, mode=mode).is_game_over()]


# --- comparing the two implementations -------------------------------------------------------


def observe(board) -> dict[str, object]:
    """Everything the differential compares, in a form both implementations share."""
    winner = board.winner
    return {
        "legal moves": sorted(str(move) for move in board.legal_moves),
        "turn": int(board.turn),
        "checks": tuple(board.is_check(seat) for seat in range(4)),
        "points": tuple(board.points),
        "eliminated": sorted(int(seat) for seat in board.eliminated),
        "game over": board.is_game_over(),
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "winner": None if winner is None else sorted(int(seat) for seat in winner),
        "fen4": board.fen4(),
    }


def differences(core: dict[str, object], reference: dict[str, object]) -> list[str]:
    """One line per observed value on which the two boards differ."""
    lines = []
    for key in core:
        if core[key] == reference[key]:
            continue
        if key == "legal moves":
            core_moves: set[str] = set(core[key])  # type: ignore[call-overload]
            reference_moves: set[str] = set(reference[key])  # type: ignore[call-overload]
            only_core = sorted(core_moves - reference_moves)
            only_reference = sorted(reference_moves - core_moves)
            lines.append(f"legal moves only in core {only_core}, only in reference {only_reference}")
        else:
            lines.append(f"{key}: core {core[key]!r}, reference {reference[key]!r}")
    return lines


# --- one game and many ------------------------------------------------------------------------


@dataclass
class Summary:
    """What a batch of games compared and found."""

    games: int = 0
    positions: int = 0
    plies: int = 0
    events: Counter = field(default_factory=Counter)
    disagreements: list[str] = field(default_factory=list)
    key_failures: list[str] = field(default_factory=list)  # incremental key != key from scratch
    restore_failures: list[str] = field(default_factory=list)  # pop did not restore exactly

    def as_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "positions compared": self.positions,
            "plies": self.plies,
            "events": dict(sorted(self.events.items())),
            "disagreements": len(self.disagreements),
            "key failures": len(self.key_failures),
            "restore failures": len(self.restore_failures),
        }


def choose(rng: random.Random, moves: list[fourchess.Move], facts: list[MoveFacts]) -> int:
    """The index of the next move: mostly weighted by its events, sometimes uniform."""
    if rng.random() < UNIFORM_CHOICE:
        return rng.randrange(len(moves))
    return rng.choices(range(len(moves)), weights=[fact.weight() for fact in facts])[0]


def play_game(start: Start, mode: str, seed: int, summary: Summary) -> None:
    """Play one seeded game on both boards; stop at game over, MAX_PLIES or a disagreement."""
    rng = random.Random(seed)
    where = f"{mode} game from {start.label} (seed {seed})"
    core = fourchess.Board(start.fen4, mode=mode)
    reference = fourchess.reference.Board(start.fen4, mode=mode)
    summary.games += 1
    summary.positions += 1
    problems = differences(observe(core), observe(reference))
    if problems:
        summary.disagreements.append(f"{where}: at the start {start.fen4}: " + "; ".join(problems))
        return
    history: list[tuple[str, int]] = []
    while len(history) < MAX_PLIES and not core.is_game_over():
        moves = sorted(core.legal_moves, key=str)  # the choice must not depend on generation order
        en_passant = en_passant_entries(core.fen4())
        facts = [move_facts(core, move, en_passant) for move in moves]
        index = choose(rng, moves, facts)
        text = str(moves[index])
        before = core.fen4()
        history.append((before, core.zobrist_hash()))
        core.push_move(text)
        try:
            reference.push_move(text)
        except ValueError as error:
            summary.disagreements.append(f"{where}: from {before}: core plays {text}, reference refuses it: {error}")
            break
        summary.plies += 1
        summary.positions += 1
        summary.events.update(facts[index].events)
        if core.zobrist_hash() != core._zobrist_from_scratch():
            summary.key_failures.append(
                f"{where}: after {text} from {before}: incremental key {core.zobrist_hash()}"
                f" != key from scratch {core._zobrist_from_scratch()}"
            )
        problems = differences(observe(core), observe(reference))
        if problems:
            summary.disagreements.append(f"{where}: after {text} from {before}: " + "; ".join(problems))
            break
    while history:
        fen4, key = history.pop()
        text = str(core.pop())
        if len(reference.move_stack) > len(history):
            reference.pop()
        if (core.fen4(), core.zobrist_hash()) != (fen4, key):
            summary.restore_failures.append(
                f"{where}: pop of {text} gives {core.fen4()} key {core.zobrist_hash()}, expected {fen4} key {key}"
            )
            return
    if reference.fen4() != core.fen4():
        summary.restore_failures.append(
            f"{where}: popping every move gives core {core.fen4()}, reference {reference.fen4()}"
        )


def play_games(mode: str, games_per_start: int, seed: int = 0) -> Summary:
    """games_per_start seeded games from every start position of the mode."""
    summary = Summary()
    for number, start in enumerate(start_positions(mode)):
        for game in range(games_per_start):
            play_game(start, mode, seed * 1_000_003 + number * 10_007 + game, summary)
    return summary
