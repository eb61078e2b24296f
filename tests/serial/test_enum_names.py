"""Seat, PieceType and Termination print as their names; repr stays the enum's."""

import pytest

from fourchess import PieceType, Seat, Termination

ENUMS = [Seat, PieceType, Termination]


@pytest.mark.parametrize("kind", ENUMS, ids=lambda kind: kind.__name__)
def test_str_and_format_give_the_name(kind):
    for member in kind:
        assert str(member) == member.name
        assert f"{member}" == member.name
        assert format(member, "") == member.name


def test_examples_from_the_shared_decision():
    assert str(Seat.RED) == "RED"
    assert f"{PieceType.PAWN}" == "PAWN"
    assert str(Termination.CHECKMATE) == "CHECKMATE"
    assert f"{Seat.BLUE:>6}|" == "  BLUE|"  # a format spec applies to the name


def test_repr_and_value_are_unchanged():
    assert repr(Seat.RED) == "<Seat.RED: 0>"
    assert repr(PieceType.QUEEN) == "<PieceType.QUEEN: 5>"
    assert repr(Termination.CHECKMATE).startswith("<Termination.CHECKMATE: ")
    assert Seat.GREEN == 3 and int(PieceType.KING) == 6 and "%d" % Seat.YELLOW == "2"  # noqa: UP031 (%-formatting of an IntEnum is the point)


def test_the_core_module_prints_names_too():
    from fourchess import _core

    assert str(_core.Seat.GREEN) == "GREEN"
