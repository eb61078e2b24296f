"""docs/martian.md: the shared Martian Chess rule book word for word, plus the project's numbered
decisions, each standing where the table says; every "docs/martian.md §N, decision K" citation in
the tree names one that exists."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "docs" / "martian.md"
TEXT = BOOK.read_text(encoding="utf-8")
_SHARED = os.environ.get("FOURCHESS_SHARED_MARTIAN")  # .ci/run sets it when the book lies beside the checkout
SECTION = re.compile(r"^## (\d+)\. ")
DECISION = re.compile(r"^> \*\*Decision (\d+):")
CITATION = re.compile(r"martian\.md §(\d+)(?:, decision (\d+))?")


def rule_lines(text: str) -> list[str]:
    """The lines of sections 1 to 7, the project's decisions and blank lines left out."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if SECTION.match(line))
    end = next((i for i, line in enumerate(lines) if line.startswith("## 8. ")), len(lines))
    return [line for line in lines[start:end] if line.strip() and not line.startswith(">")]


def decisions() -> dict[int, int]:
    found: dict[int, int] = {}
    section = 0
    for line in TEXT.splitlines():
        if match := SECTION.match(line):
            section = int(match[1])
        elif match := DECISION.match(line):
            assert int(match[1]) not in found
            found[int(match[1])] = section
    return found


@pytest.mark.skipif(not _SHARED or not Path(_SHARED).is_file(), reason="FOURCHESS_SHARED_MARTIAN names no book")
def test_sections_are_the_shared_rule_book_word_for_word() -> None:
    assert rule_lines(TEXT) == rule_lines(Path(str(_SHARED)).read_text(encoding="utf-8"))


def test_decisions_stand_where_the_table_says() -> None:
    standing = decisions()
    assert sorted(standing) == list(range(1, len(standing) + 1))
    table = {int(row[1]): int(row[2]) for row in re.finditer(r"^\| (\d+) \| §(\d+) \|", TEXT, re.MULTILINE)}
    assert table == standing
    assert [int(m[1]) for line in TEXT.splitlines() if (m := SECTION.match(line))] == list(range(1, 9))


def test_every_citation_names_something_that_exists() -> None:
    standing = decisions()
    for folder in ("python", "cpp", "tests", "docs", "fuzz", "bench"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in {".py", ".pyi", ".cpp", ".h", ".md"} or path == BOOK:
                continue
            for match in CITATION.finditer(path.read_text(encoding="utf-8")):
                section, decision = int(match[1]), match[2]
                assert 1 <= section <= 8, f"{path}: {match[0]}"
                if decision is not None:
                    assert standing.get(int(decision)) == section, f"{path}: {match[0]}"
