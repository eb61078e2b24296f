"""The PGN4 test records (real chess.com games, and constructed ones in constructed/)."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "pgn4"
REAL = sorted(DATA.glob("*.pgn4"))
CONSTRUCTED = sorted((DATA / "constructed").glob("*.pgn4"))


def text(name: str) -> str:
    path = DATA / name
    return path.read_text(encoding="utf-8")
