"""What a match's games add up to: W/D/L or places and points, the score, and its Elo."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fourchess._core import Seat
from fourchess.engine.elo import EloEstimate, estimate
from fourchess.engine.match import GameRecord, MatchConfig

_TEAMS = {"ABAB": "Red+Yellow", "BABA": "Blue+Green"}


@dataclass(frozen=True)
class MatchSummary:
    """The results of a match (``config``) from its game ``records``: scores, places and Elo."""

    config: MatchConfig
    records: Sequence[GameRecord]

    @property
    def wins_draws_losses(self) -> tuple[int, int, int]:
        """A's games won, drawn (FFA: a score of exactly 1/2) and lost (0 < score < 1/2 in FFA
        counts as lost, above 1/2 as won)."""
        scores = [record.score_a for record in self.records]
        return (sum(s > 0.5 for s in scores), sum(s == 0.5 for s in scores), sum(s < 0.5 for s in scores))

    @property
    def score(self) -> float:
        return sum(record.score_a for record in self.records) / len(self.records)

    def elo(self) -> EloEstimate:
        return estimate([record.score_a for record in self.records])

    def average(self, side: str, field: str) -> float:
        """The mean over every seat ``side`` held of its ``"places"`` or ``"points"``."""
        values: list[float] = [
            getattr(record, field)[seat]
            for record in self.records
            for seat in range(len(record.seating))
            if record.seating[seat] == side
        ]
        return sum(values) / len(values)

    def forfeits(self) -> dict[str, int]:
        counts = {"A": 0, "B": 0}
        for record in self.records:
            if record.forfeit is not None:
                counts[record.forfeit.player] += 1
        return counts

    def progress_line(self, total: int) -> str:
        wins, draws, losses = self.wins_draws_losses
        line = (
            f"[{len(self.records)}/{total}] A +{wins} ={draws} -{losses} score {100 * self.score:.1f}% "
            f"{self.elo().brief()}"
        )
        return line + (f" {self.sprt_text()}" if self.config.sprt is not None else "")

    def sprt_text(self) -> str:
        """The test's LLR line, as fishtest prints it, over the openings played in full."""
        assert self.config.sprt is not None
        return self.config.sprt.describe(self.config.opening_samples(self.records), self.config.sample_grid)

    def sprt_verdict(self) -> str:
        """What the test concluded, in words."""
        decision = self.config.sprt_decision(self.records)
        openings = len(self.config.opening_samples(self.records))
        if decision == "H1":
            verdict = "H1 accepted: A is stronger (the change passes)"
        elif decision == "H0":
            verdict = "H0 accepted: A is not stronger by elo1 (the change fails)"
        else:
            verdict = "undecided: the game cap came first"
        return f"SPRT {verdict}; {self.sprt_text()}, {openings} openings in full"

    def report(self) -> list[str]:
        names = self.config.names()
        kind = {"ffa": "FFA", "teams": "Teams", "duel": "two-player"}[str(self.config.mode)]
        if self.config.game == "martian":
            kind = f"Martian Chess ({kind if self.config.players == 2 else f'four players, {kind}'})"
        lines = [f"{kind} match, {len(self.records)} games: A = {names['A']}, B = {names['B']}"]
        wins, draws, losses = self.wins_draws_losses
        if self.config.mode != "ffa":
            lines.append(f"A: {wins} won, {draws} drawn, {losses} lost; score {100 * self.score:.1f}%")
        else:
            for side in "AB":
                lines.append(
                    f"{side}: average place {self.average(side, 'places'):.2f}, "
                    f"average points {self.average(side, 'points'):.1f} (per seat)"
                )
            lines.append(
                f"A finished ahead of a B seat in {100 * self.score:.1f}% of pairings "
                f"(games: {wins} above 1/2, {draws} at 1/2, {losses} below)"
            )
        lines.append(str(self.elo()))
        if self.config.sprt is not None:
            lines.append(self.sprt_verdict())
        forfeits = self.forfeits()
        lines.append(f"forfeits: A {forfeits['A']}, B {forfeits['B']}")
        return lines


def describe(record: GameRecord, game: str = "chess") -> str:
    """One line per game: where A sat, how it ended, A's score."""
    where = _where(record.seating, game)
    return (
        f"game {record.number}: A as {where}, {record.ending} after {record.plies} plies, A scores {record.score_a:g}"
    )


def _where(seating: str, game: str) -> str:
    """Where A sat: a chess team or seat, or Martian seats (numbered from 0)."""
    seats = [seat for seat, side in enumerate(seating) if side == "A"]
    if game == "martian":
        return f"seat {seats[0]}" if len(seats) == 1 else "seats " + "+".join(map(str, seats))
    return _TEAMS.get(seating) or Seat(seats[0]).title
