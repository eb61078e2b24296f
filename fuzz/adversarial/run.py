"""Run adversarial cases with the core in forked children, so that a crash is a finding.

    python -m adversarial.run --seed 0 --count 20000      # a generated batch
    python -m adversarial.run --cases FILE                # 'mode ; options ; FEN4' lines
    python -m adversarial.run --fen4 FEN4 --mode ffa [--option dead_king_walking=0]

from fuzz/, or from anywhere with fuzz/ on PYTHONPATH (PYTHONPATH=fuzz from the repository root).

Each child writes, before every core call, the case number and what it is about to do into a
page of shared memory; when a child dies by a signal, that case is reported as a crash (with its
FEN4 and the step) and a new child goes on with the next case. The summary is JSON on stdout.
"""

from __future__ import annotations

import argparse
import json
import mmap
import os
import signal
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from .compare import Difference, compare_case, reference_shapes
from .generate import Case, generate_case, mutation_pool
from .known_core_bugs import explain_case

FAILURES_KEPT = 40  # failing cases listed in full in the summary (every class keeps an example)


@dataclass
class Plan:
    """What to run and how thoroughly."""

    cases: list[Case] | None = None  # given cases, else generated ones
    seed: int = 0
    first: int = 0  # generated cases first..count-1
    count: int = 0
    perft2_every: int = 1  # perft(2) (and so every child) on every n-th case
    child_limit: int = 6  # children pushed and compared on the other cases

    def case(self, index: int) -> Case:
        return self.cases[index] if self.cases is not None else generate_case(self.seed, index)

    def total(self) -> int:
        return len(self.cases) if self.cases is not None else self.count


@dataclass
class Result:
    index: int
    case: Case
    shapes: list[str]
    differences: list[dict]
    children: int = 0
    perft2: bool = False


def _run_one(plan: Plan, index: int, trace) -> Result:
    case = plan.case(index)
    perft2 = plan.perft2_every > 0 and index % plan.perft2_every == 0
    try:
        outcome = compare_case(case, child_limit=plan.child_limit, perft2=perft2, trace=trace)
    except Exception as error:  # a core exception where the reference had none is a finding
        kind = f"exception {type(error).__name__}"
        difference = Difference(kind, f"{error!s:.300}", ("raised while comparing",))
        return Result(index, case, [], [_as_dict(difference)])
    shapes = outcome.shapes | {f"FFA, {name} {'on' if value else 'off'}" for name, value in case.options}
    return Result(
        index, case, sorted(shapes), [_as_dict(d) for d in outcome.differences], outcome.children, outcome.perft2
    )


def _as_dict(difference: Difference) -> dict:
    return {"label": difference.label(), "text": difference.text(), "path": " ".join(difference.path)}


def _child(plan: Plan, start: int, pipe: int, page: mmap.mmap) -> None:
    current = [start]

    loud = bool(os.environ.get("FOURCHESS_ADVERSARIAL_TRACE"))

    def trace(step: str) -> None:
        if loud and step == "construct":
            print(f"case {current[0]}: {plan.case(current[0]).describe()}", file=sys.stderr, flush=True)
        text = f"{current[0]}\n{step}".encode()[:4000]
        page[:4] = len(text).to_bytes(4, "little")
        page[4 : 4 + len(text)] = text

    with os.fdopen(pipe, "w") as out:
        for index in range(start, plan.total()):
            current[0] = index
            trace("generate")
            result = _run_one(plan, index, trace)
            out.write(json.dumps(result.__dict__ | {"case": result.case.__dict__}) + "\n")
            out.flush()


def _last_trace(page: mmap.mmap) -> tuple[int, str]:
    size = int.from_bytes(page[:4], "little")
    index, step = bytes(page[4 : 4 + size]).decode().split("\n", 1)
    return int(index), step


def run(plan: Plan) -> list[dict]:
    """Every case's result, in order; a crashed case gets a 'crash' difference."""
    if plan.cases is None:
        mutation_pool()  # computed once here, inherited by every child
    page = mmap.mmap(-1, 4096)
    results: list[dict] = []
    start = plan.first if plan.cases is None else 0
    while start < plan.total():
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            code = 0
            try:
                _child(plan, start, write, page)
            except BaseException:  # a Python error outside the comparison: reported as a crash
                traceback.print_exc()
                code = 3
            finally:
                os._exit(code)
        os.close(write)
        with os.fdopen(read) as source:
            for line in source:
                results.append(json.loads(line))
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status) or os.WEXITSTATUS(status) != 0:
            index, step = _last_trace(page)
            if step == "generate":  # the generator itself failed: nothing to go on with
                raise RuntimeError(f"the generator failed on case {index} of seed {plan.seed}")
            case = plan.case(index)
            why = (
                signal.Signals(os.WTERMSIG(status)).name if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
            )
            doing = "push" if step.startswith("push") else step
            difference = {"label": f"crash ({why}): while '{doing}'", "text": f"core crashed ({why}) during {step}"}
            shapes = sorted(reference_shapes(case, step[len("push ") :] if step.startswith("push ") else None))
            results.append(
                {
                    "index": index,
                    "case": case.__dict__,
                    "shapes": shapes,
                    "differences": [difference],
                    "children": 0,
                    "perft2": False,
                }
            )
            start = index + 1
        else:
            start = plan.total()
    return results


@dataclass
class Summary:
    cases: int = 0
    seconds: float = 0.0
    perft2: int = 0
    children: int = 0
    shapes: Counter = field(default_factory=Counter)
    sources: Counter = field(default_factory=Counter)
    modes: Counter = field(default_factory=Counter)
    classes: dict = field(default_factory=dict)  # label -> count, known bug, smallest example
    known_bugs: Counter = field(default_factory=Counter)  # tag -> cases it explains
    unexplained: list = field(default_factory=list)  # cases with a disagreement no known bug explains
    unexplained_count: int = 0


def _pieces(fen4: str) -> int:
    board = fen4.rsplit("-", 1)[-1]
    return sum(1 for cell in board.replace("/", ",").split(",") if cell[:1] in "rbygd")


def case_of(result: dict) -> Case:
    fields = dict(result["case"])
    fields["options"] = tuple(tuple(pair) for pair in fields["options"])
    return Case(**fields)


def summarize(results: list[dict], seconds: float) -> Summary:
    summary = Summary(cases=len(results), seconds=seconds)
    for result in results:
        case = case_of(result)
        summary.shapes.update(s for s in result["shapes"] if not s.startswith("after the move: "))
        summary.sources[case.source] += 1
        summary.modes[case.mode] += 1
        summary.perft2 += bool(result["perft2"])
        summary.children += result["children"]
        if not result["differences"]:
            continue
        labels = [(d["label"], d.get("path", "")) for d in result["differences"]]
        bugs = explain_case(labels, frozenset(result["shapes"]))
        for tag in {bug.tag for bug in bugs if bug is not None}:
            summary.known_bugs[tag] += 1
        if None in bugs:
            summary.unexplained_count += 1
            if len(summary.unexplained) < FAILURES_KEPT:
                summary.unexplained.append(
                    {
                        "case": case.describe(),
                        "differences": [
                            d["text"] for d, b in zip(result["differences"], bugs, strict=True) if b is None
                        ][:6],
                    }
                )
        for difference, bug in zip(result["differences"], bugs, strict=True):
            entry = summary.classes.setdefault(difference["label"], {"count": 0})
            entry["count"] += 1
            entry["known bug"] = None if bug is None else bug.tag
            if "example" not in entry or _pieces(case.fen4) < _pieces(entry["fen4"]):
                entry.update(
                    example=case.describe(),
                    fen4=case.fen4,
                    mode=case.mode,
                    options=dict(case.options),
                    text=difference["text"],
                )
    return summary


def read_cases(path: str) -> list[Case]:
    """Lines 'mode ; name=0,name=1 ; FEN4 [; anything]'; '#' starts a comment."""
    cases = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        mode, options, fen4 = (part.strip() for part in line.split(" ; ")[:3])
        cases.append(Case(fen4, mode, _options(options), path))
    return cases


def _options(text: str) -> tuple[tuple[str, bool], ...]:
    pairs = [item.split("=") for item in text.split(",") if item.strip() and item.strip() != "-"]
    return tuple(sorted((name.strip(), value.strip() in ("1", "True", "true")) for name, value in pairs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first case number (to rerun one: --start N --count 1)")
    parser.add_argument("--perft2-every", type=int, default=1)
    parser.add_argument("--child-limit", type=int, default=6)
    parser.add_argument("--cases", help="a file of 'mode ; options ; FEN4' lines")
    parser.add_argument("--fen4")
    parser.add_argument("--mode", default="teams")
    parser.add_argument("--option", action="append", default=[], help="FFA rules option, e.g. dead_king_walking=0")
    parser.add_argument("--results", action="store_true", help="print every case's result, not the summary")
    args = parser.parse_args(argv)
    plan = Plan(
        seed=args.seed, count=args.start + args.count, perft2_every=args.perft2_every, child_limit=args.child_limit
    )
    if args.cases:
        plan.cases = read_cases(args.cases)
    elif args.fen4:
        plan.cases = [Case(args.fen4, args.mode, _options(",".join(args.option)), "command line")]
    else:
        plan.first = args.start
    began = time.perf_counter()
    results = run(plan)
    if args.results:
        json.dump(results, sys.stdout, indent=1)
    else:
        summary = summarize(results, time.perf_counter() - began)
        json.dump(summary.__dict__, sys.stdout, indent=1, default=dict)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
