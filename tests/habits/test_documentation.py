"""Every python-chess habit has a docstring and a typed entry in the stubs (or a typed Python
signature), and the docstring examples of fourchess.habits run."""

from __future__ import annotations

import ast
import doctest
import inspect
from pathlib import Path

import pytest

import fourchess
import fourchess.habits

STUBS = Path(fourchess.__file__).with_name("_core.pyi")
BOARD_HABITS = [
    "san",
    "parse_san",
    "push_san",
    "uci",
    "parse_uci",
    "push_uci",
    "piece_map",
    "pieces",
    "king",
    "attackers",
    "is_attacked_by",
    "is_capture",
    "gives_check",
    "is_repetition",
    "is_fifty_moves",
    "is_insufficient_material",
    "can_claim_win",
    "has_castling_rights",
    "has_kingside_castling_rights",
    "has_queenside_castling_rights",
    "empty",
    "set_piece_at",
    "remove_piece_at",
    "fullmove_number",
    "divide",
    "push_unchecked",
    "__eq__",
    "zobrist_hash",
]
# Defined in Python (typed there); the rest are bound from the core and typed in _core.pyi.
PYTHON_DEFINED = {
    "san",
    "parse_san",
    "push_san",
    "uci",
    "king",
    "can_claim_win",
    "empty",
    "divide",
    "push_unchecked",
    "__eq__",
}


def _stub_members(class_name: str) -> set[str]:
    tree = ast.parse(STUBS.read_text())
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
    raise AssertionError(f"no class {class_name} in {STUBS}")


@pytest.mark.parametrize("name", BOARD_HABITS)
def test_board_habit_is_documented_and_typed(name: str) -> None:
    attribute = inspect.getattr_static(fourchess.Board, name, None) or getattr(fourchess.Board, name)
    doc = getattr(attribute, "__doc__", None) or getattr(getattr(fourchess.Board, name), "__doc__", None)
    assert doc and len(doc.strip()) > 20, f"Board.{name} has no docstring"
    if name not in PYTHON_DEFINED:
        assert name in _stub_members("Board"), f"Board.{name} is not in _core.pyi"
    else:
        function = getattr(fourchess.Board, name)
        assert inspect.signature(function).return_annotation is not inspect.Signature.empty


def test_push_unchecked_states_its_contract() -> None:
    doc = fourchess.Board.push_unchecked.__doc__
    for promise in ("Checked", "Not checked", "out of bounds", "pop"):
        assert promise in doc


@pytest.mark.parametrize("class_name, names", [("Move", ["uci", "from_uci"]), ("Piece", ["from_symbol", "__init__"])])
def test_value_habits_are_documented_and_typed(class_name: str, names: list[str]) -> None:
    for name in names:
        assert getattr(getattr(fourchess, class_name), name).__doc__, f"{class_name}.{name}"
        assert name in _stub_members(class_name), f"{class_name}.{name} is not in _core.pyi"


def test_module_names_are_exported_and_documented() -> None:
    for name in ("SQUARES", "PositionEditError"):
        assert name in fourchess.__all__
        assert name in STUBS.read_text()
    assert fourchess.PositionEditError.__doc__ and issubclass(fourchess.PositionEditError, ValueError)


def test_habits_docstring_examples_run() -> None:
    failures, tried = doctest.testmod(fourchess.habits, extraglobs=vars(fourchess))
    assert tried > 0 and failures == 0
