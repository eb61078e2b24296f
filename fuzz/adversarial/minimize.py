"""Shrink a disagreeing position to one that still shows the same class of disagreement.

    python -m adversarial.minimize SUMMARY.json > found.txt     # from fuzz/, or with fuzz/ on PYTHONPATH

SUMMARY.json is the output of python -m adversarial.run; for each class of disagreement its smallest
example is shrunk (pieces, en-passant entries, castling flags and points taken away one at a
time while the class stays) and written as a line of tests/data/differential/adversarial_found.txt:
'mode ; options ; FEN4 ; known bug tag or - ; class'. Every check runs in a forked child.
"""

from __future__ import annotations

import json
import sys

from fourchess.reference.errors import Fen4Error

from .generate import Case
from .known_core_bugs import explain_case
from .run import Plan, run
from .sketch import Sketch, sketch_from_fen4


def _labels(case: Case) -> set[str]:
    result = run(Plan(cases=[case], perft2_every=1))[0]
    return {d["label"] for d in result["differences"]}


def _case(sketch: Sketch, like: Case) -> Case | None:
    try:
        candidate = Case(sketch.fen4(), like.mode, like.options, "minimized")
        if not sketch.takes_turns(sketch.turn):
            return None
        from .compare import reference_board

        reference_board(candidate)
    except (Fen4Error, ValueError):
        return None
    return candidate


def _smaller(sketch: Sketch):
    """Sketches with one thing taken away: dead pieces first, then others, kings last."""
    order = sorted(sketch.cells, key=lambda s: (sketch.cells[s][1] == "K", sketch.cells[s][0] != "d"))
    for square in order:
        smaller = sketch.copy()
        del smaller.cells[square]
        yield smaller
    for seat in range(4):
        for name in ("en_passant", "short", "long", "resigned", "dead"):
            if getattr(sketch, name)[seat]:
                smaller = sketch.copy()
                getattr(smaller, name)[seat] = None if name == "en_passant" else False
                yield smaller
    if any(sketch.points) or sketch.ply:
        smaller = sketch.copy()
        smaller.points, smaller.ply = [0] * 4, 0
        yield smaller


def minimize(case: Case, label: str) -> Case:
    sketch = sketch_from_fen4(case.fen4, case.mode)
    sketch.options = dict(case.options)
    current = case
    shrunk = True
    while shrunk:
        shrunk = False
        for smaller in _smaller(sketch):
            candidate = _case(smaller, case)
            if candidate is not None and label in _labels(candidate):
                sketch, current, shrunk = smaller, candidate, True
                break
    return current


def main(path: str) -> int:
    summary = json.load(open(path, encoding="utf-8"))
    seen: set[tuple[str, str]] = set()
    for label, entry in sorted(summary["classes"].items()):
        if label.startswith("perft(2)") or ("(after a move)" in label and not label.startswith("after push")):
            continue  # what follows from a wrong child or a wrong move is kept with its cause
        case = Case(
            entry["fen4"], entry["mode"], tuple(sorted((k, bool(v)) for k, v in entry["options"].items())), "found"
        )
        small = minimize(case, label)
        if (small.fen4, small.mode) in seen:
            continue
        seen.add((small.fen4, small.mode))
        result = run(Plan(cases=[small], perft2_every=1))[0]
        labels = [(d["label"], d.get("path", "")) for d in result["differences"]]
        bugs = {b.tag for b in explain_case(labels, frozenset(result["shapes"])) if b is not None}
        options = ",".join(f"{k}={int(v)}" for k, v in small.options) or "-"
        tag = sorted(bugs)[0] if len(bugs) == 1 else ("-" if not bugs else "+".join(sorted(bugs)))
        print(f"{small.mode} ; {options} ; {small.fen4} ; {tag} ; {label}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
