"""Which board a PGN4 game is played on: its Variant, RuleVariants and StartFen4 tags."""

from __future__ import annotations

from typing import NamedTuple

import fourchess
from fourchess import Board
from fourchess.pgn4.errors import Pgn4Error, quoted, shortened
from fourchess.pgn4.limits import refuse_surrogates

START_TAGS = {"4PC": "modern", "4PCo": "classic"}
# RuleVariants words that change nothing the board knows about (names shown, promotion letter).
_DISPLAY_ONLY = {"Anonymous", "SemiAnonymous", "EnPassant", "PromoteTo=D"}


class Setup(NamedTuple):
    """``mode`` "teams"/"ffa"; ``start`` "modern"/"classic" or a FEN4; ``dead_king_walking``."""

    mode: str
    start: str
    dead_king_walking: bool

    def board(self) -> Board:
        """A new board at this setup's start."""
        return new_board(self.mode, self.start, self.dead_king_walking)


def setup_for_headers(headers: dict[str, str], *, mode: str | None = None, start: str | None = None) -> Setup:
    """The setup the tags name; ``mode``/``start`` fill in for missing Variant/StartFen4 tags."""
    variant = headers.get("Variant")
    if variant is not None:
        if variant.lower() not in ("teams", "ffa"):
            raise Pgn4Error(f"Variant {quoted(variant)} is not supported (expected Teams or FFA)")
        mode = variant.lower()
    fen4 = headers.get("StartFen4")
    if fen4 is not None:
        start = START_TAGS.get(fen4.strip(), fen4.strip())
    rule_variants = headers.get("RuleVariants")
    if rule_variants is None:
        dead_king_walking = True  # docs/rules.md §7 default, as chess.com plays FFA
    else:
        words = rule_variants.split()
        unknown = [word for word in words if word not in _DISPLAY_ONLY and word != "DeadKingWalking"]
        if unknown:
            raise Pgn4Error(f"RuleVariants {quoted(' '.join(unknown))} not supported")
        dead_king_walking = "DeadKingWalking" in words
    return Setup(mode or "teams", start or "modern", dead_king_walking)


def new_board(mode: str, start: str, dead_king_walking: bool = True) -> Board:
    """A board for a mode, a setup name (modern/classic) or a FEN4, and the walking-king rule.

    chess.com records play on past a 21-point lead until the leader claims, and judge a walking
    king's mate or stalemate on its own turn, so their boards play that way (docs/rules.md §7,
    decision 11; §11, decision 12).
    """
    fen4 = None if start in ("modern", "classic") else start
    if fen4 is not None:
        refuse_surrogates(fen4, "StartFen4")  # the binding would raise TypeError on them
    rules = fourchess.Rules(
        mode=mode,
        setup=start if fen4 is None else "modern",
        dead_king_walking=dead_king_walking,
        points_lead_ends_game=False,
        walking_kings_stalemated_on_their_turn=True,
    )
    try:
        return Board(fen4, rules=rules)
    except ValueError as error:
        raise Pgn4Error(f"StartFen4 {quoted(start)}: {shortened(str(error))}") from error


def board_for_headers(headers: dict[str, str]) -> Board:
    """A new board at the start the tags name (:func:`setup_for_headers`)."""
    return setup_for_headers(headers).board()
