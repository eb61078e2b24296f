"""A long perft's checkpoint: a file of the subtrees counted so far, one JSON line each, so that a
run that stops (interrupted, a machine lost, the session over) resumes without counting them again.

The first line names the count (game, position, rules, depth, split); a run resumes only from a
file whose first line names the same count, and refuses any other with the field that differs.
Each counted subtree is one line, written whole and flushed to the disk before the next, so a
run killed at any moment leaves at worst a last line cut short, which is ignored and counted again.
"""

from __future__ import annotations

import json
import os
from typing import IO, Any

from fourchess._quote import quoted
from fourchess.perft_split import Counted, SplitPerft, game_name, position_text

FORMAT = "fourchess perft checkpoint 1"


class CheckpointError(ValueError):
    """A checkpoint file that belongs to another count, or that is not one."""


def header(count: SplitPerft) -> dict[str, Any]:
    """What the checkpoint's first line says about the count it belongs to."""
    return {
        "format": FORMAT,
        "game": game_name(count.root),
        "position": position_text(count.root),
        "rules": repr(count.root.rules),
        "depth": count.depth,
        "split": count.split,
    }


class Checkpoint:
    """The checkpoint file at ``path`` for ``count``: :attr:`known` holds the counts it already
    had; :meth:`save` adds one. A new file is started when there is none (or it is empty)."""

    def __init__(self, path: str, count: SplitPerft) -> None:
        self.path = path
        self.known: dict[tuple[str, ...], int] = {}
        expected = header(count)
        paths = {subtree.path for subtree in count.subtrees}
        try:
            with open(path, encoding="utf-8") as existing:
                text = existing.read()
        except FileNotFoundError:
            text = ""
        if text.strip():
            self._read(text, expected, paths)
        self._file: IO[str] = open(path, "a", encoding="utf-8")
        if not text.strip():
            self._write(expected)
        elif not text.endswith("\n"):  # a last line cut short: the next line starts afresh
            self._file.write("\n")

    def _read(self, text: str, expected: dict[str, Any], paths: set[tuple[str, ...]]) -> None:
        lines = text.split("\n")
        complete = text.endswith("\n")
        try:
            found = json.loads(lines[0])
        except ValueError:
            found = None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise CheckpointError(f"{quoted(self.path)} is not a fourchess perft checkpoint: {quoted(lines[0])}")
        for field, value in expected.items():
            if found.get(field) != value:
                raise CheckpointError(
                    f"{quoted(self.path)} is the checkpoint of another count: its {field} is "
                    f"{quoted(found.get(field))}, this count's is {quoted(value)}"
                )
        body = lines[1:-1] if complete else lines[1:]
        for number, line in enumerate(body, start=2):
            if not line:
                continue
            last = number == len(lines) and not complete
            try:
                entry = json.loads(line)
                path, nodes = tuple(entry["path"]), entry["nodes"]
                valid = path in paths and isinstance(nodes, int) and not isinstance(nodes, bool) and nodes >= 0
            except (ValueError, KeyError, TypeError):
                valid = False
            if not valid:
                if last:  # written while the run was killed: counted again
                    continue
                raise CheckpointError(f"{quoted(self.path)} line {number} is not a counted subtree: {quoted(line)}")
            self.known[path] = nodes

    def _write(self, entry: dict[str, Any]) -> None:
        self._file.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def save(self, counted: Counted) -> None:
        """Adds ``counted`` to the file, on the disk before this returns."""
        self._write({"path": list(counted.subtree.path), "nodes": counted.nodes})

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()
