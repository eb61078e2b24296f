"""The CPU player: the core's search (``search``, ``Engine``), and the programs around it."""

from fourchess.engine.search import Engine, PendingSearch, Score, SearchResult, search

__all__ = ["Engine", "PendingSearch", "Score", "SearchResult", "search"]
