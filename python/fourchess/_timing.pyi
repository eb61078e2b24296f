"""Type stubs for the C++ extension fourchess._timing (fourchess bench's harness)."""

def bare_cost(fen4: str, ffa: bool, op: str, iterations: int) -> float:
    """Seconds per call of op (legal_moves, push_pop, parse, fen4, copy) on the position, timed in C++."""
