"""docs/rules.md: the shared rule book word for word plus the project's decisions, and every rule
citation in the code, tests and docs names a section, fine point or decision that exists."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
# The shared rule book docs/rules.md copies, where the environment says it is (.ci/run sets it when
# the book lies beside the checkout).
_SHARED = os.environ.get("FOURCHESS_SHARED_RULES")
SHARED_RULES = Path(_SHARED) if _SHARED else None
CITING = ["python", "cpp", "tests", "bench", "fuzz", "docs", "README.md"]

DECISION = re.compile(r"^> \*\*Decision (\d+):")
SECTION = re.compile(r"^## (\d+)\. ")
FINE_POINT = re.compile(r"^(\d+)\. ")
CITED_DECISIONS = re.compile(r"(?<!martian\.md )§(\d+), decisions? (\d+(?:(?:, | and )\d+)*)")
CITED_SECTION = re.compile(r"rules\.md §(\d+)")
OLD_NAME = re.compile(r"\bRULES(\.md)? §")
CITED_FINE_POINT = re.compile(r"fine point (\d+)|§11\.(\d+)")


def rule_book_lines(text: str) -> list[str]:
    """The rule text from section 1 on, decisions and blank lines left out."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if SECTION.match(line))
    return [line for line in lines[start:] if line.strip() and not line.startswith(">")]


def decision_sections(text: str) -> dict[int, int]:
    """Decision number -> the section it stands in."""
    found: dict[int, int] = {}
    section = 0
    for line in text.splitlines():
        if match := SECTION.match(line):
            section = int(match[1])
        elif match := DECISION.match(line):
            number = int(match[1])
            assert number not in found, f"decision {number} stands twice"
            found[number] = section
    return found


def fine_points(text: str) -> set[int]:
    section = text[text.index("## 11. ") :]
    return {int(match[1]) for line in section.splitlines() if (match := FINE_POINT.match(line))}


def cited_files() -> list[Path]:
    files = []
    for name in CITING:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        else:
            files += [p for p in path.rglob("*") if p.suffix in {".py", ".pyi", ".cpp", ".h", ".md"}]
    return [path for path in files if path != RULES_DOC]


TEXT = RULES_DOC.read_text(encoding="utf-8")


@pytest.mark.skipif(
    SHARED_RULES is None or not SHARED_RULES.is_file(), reason="FOURCHESS_SHARED_RULES names no rule book"
)
def test_sections_are_the_shared_rule_book_word_for_word() -> None:
    assert SHARED_RULES is not None
    ours, shared = rule_book_lines(TEXT), rule_book_lines(SHARED_RULES.read_text(encoding="utf-8"))
    first_difference = next(
        (i for i, (a, b) in enumerate(zip(ours, shared, strict=False)) if a != b), min(len(ours), len(shared))
    )
    assert ours == shared, (
        f"docs/rules.md differs from {SHARED_RULES} at rule line {first_difference + 1}: "
        f"{ours[first_difference : first_difference + 1]} against {shared[first_difference : first_difference + 1]}"
    )


def test_sections_are_numbered_one_to_eleven() -> None:
    numbers = [int(match[1]) for line in TEXT.splitlines() if (match := SECTION.match(line))]
    assert numbers == list(range(1, 12))
    assert fine_points(TEXT) == set(range(1, 11))


def test_each_decision_stands_once_where_the_table_says() -> None:
    standing = decision_sections(TEXT)
    assert sorted(standing) == list(range(1, 13))
    table = {int(row[1]): int(row[2]) for row in re.finditer(r"^\| (\d+) \| §(\d+) \|", TEXT, re.MULTILINE)}
    assert table == standing


def test_every_citation_names_something_that_exists() -> None:
    standing = decision_sections(TEXT)
    sections = set(range(1, 12))
    points = fine_points(TEXT)
    wrong = []
    for path in cited_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        where = path.relative_to(ROOT)
        if re.search(r"README\W+(rule )?decisions?", text):
            wrong.append(f"{where}: cites the decisions by their old place, the README (now docs/rules.md)")
        for match in CITED_DECISIONS.finditer(text):
            section = int(match[1])
            for number in map(int, re.findall(r"\d+", match[2])):
                if standing.get(number) != section:
                    wrong.append(f"{where}: {match[0]!r}: decision {number} stands in §{standing.get(number)}")
        if match := OLD_NAME.search(text):
            wrong.append(f"{where}: {match[0]!r}: the rule book is cited as docs/rules.md")
        for match in CITED_SECTION.finditer(text):
            if int(match[1]) not in sections:
                wrong.append(f"{where}: {match[0]!r}: no such section")
        for match in CITED_FINE_POINT.finditer(text):
            if int(match[1] or match[2]) not in points:
                wrong.append(f"{where}: {match[0]!r}: no such fine point")
    assert wrong == []
