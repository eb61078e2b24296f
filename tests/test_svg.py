"""fourchess.svg: the SVG picture of a board. It is XML, has the 160 squares where docs/rules.md §1 puts
them for each seat at the bottom, draws every piece in its seat's colour, marks dead pieces,
1-point queens, walking kings, checks and last moves, and refuses bad arguments with typed errors."""

from __future__ import annotations

import doctest
import importlib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fourchess
from fourchess import Board, Move, Seat, pgn4, svg
from fourchess.pgn4.replay import play_node

NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
SQUARE = 40  # viewBox units per square
FILES = "abcdefghijklmn"
DATA = Path(__file__).parent / "data"

# docs/rules.md §1: 14 x 14 minus the 3 x 3 corners.
ALL_SQUARES = [
    f"{FILES[f]}{r + 1}" for r in range(14) for f in range(14) if not ((f < 3 or f > 10) and (r < 3 or r > 10))
]
# Bare kings on their modern squares and a Blue rook on h5 giving check to Red's king on h1.
RED_IN_CHECK = (
    "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/"
    "13,gK/bK,13/14/7,bR,6/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
)
# Bare kings, a Red queen on e5 and a Red 1-point queen (FEN4 letter D) on h9; nobody in check.
ONE_POINT_QUEEN = (
    "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/"
    "7,rD,6/13,gK/bK,13/14/4,rQ,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
)

# With each seat at the bottom, hand-derived from docs/rules.md §1-§3: its back line runs along the
# bottom edge, queen-side on its left, and the next seat in turn order (clockwise) sits on its left.
BOTTOM_ROW = {
    Seat.RED: ["d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"],
    Seat.BLUE: ["a11", "a10", "a9", "a8", "a7", "a6", "a5", "a4"],
    Seat.YELLOW: ["k14", "j14", "i14", "h14", "g14", "f14", "e14", "d14"],
    Seat.GREEN: ["n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11"],
}
LEFT_COLUMN_TOP_DOWN = {
    Seat.RED: ["a11", "a10", "a9", "a8", "a7", "a6", "a5", "a4"],
    Seat.BLUE: ["k14", "j14", "i14", "h14", "g14", "f14", "e14", "d14"],
    Seat.YELLOW: ["n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11"],
    Seat.GREEN: ["d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"],
}
# The labels along the bottom edge (left to right) and the left edge (top down).
BOTTOM_LABELS = {
    Seat.RED: list(FILES),
    Seat.BLUE: [str(rank) for rank in range(14, 0, -1)],
    Seat.YELLOW: list(reversed(FILES)),
    Seat.GREEN: [str(rank) for rank in range(1, 15)],
}
LEFT_LABELS = {
    Seat.RED: [str(rank) for rank in range(14, 0, -1)],
    Seat.BLUE: list(reversed(FILES)),
    Seat.YELLOW: [str(rank) for rank in range(1, 15)],
    Seat.GREEN: list(FILES),
}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def squares(root: ET.Element) -> dict[str, ET.Element]:
    rects = [e for e in root.iter(f"{{{NS['svg']}}}rect") if e.get("class", "").startswith("square ")]
    return {e.get("data-square", ""): e for e in rects}


def pieces(root: ET.Element) -> dict[str, ET.Element]:
    uses = [e for e in root.iter(f"{{{NS['svg']}}}use") if "piece" in e.get("class", "").split()]
    found = {e.get("data-square", ""): e for e in uses}
    assert len(found) == len(uses), "two pieces drawn on one square"
    return found


def classed(root: ET.Element, word: str) -> list[ET.Element]:
    return [e for e in root.iter() if word in e.get("class", "").split()]


def position_of(rect: ET.Element) -> tuple[int, int]:
    """(column, row) of a square's rect, row 0 at the top."""
    return int(float(rect.get("x", "nan"))) // SQUARE, int(float(rect.get("y", "nan"))) // SQUARE


def ffa_middlegame(plies: int = 272) -> Board:
    """Record 97969768 (FFA) after ``plies``: Red's king walks, Yellow is dead, 1-point queens,
    two kings in check."""
    with open(DATA / "pgn4" / "ffa-hornet-97969768.pgn4", encoding="utf-8") as handle:
        game = pgn4.read_game(handle)
    assert game is not None
    board = game.board()
    for index, node in enumerate(game.mainline()):
        if index == plies:
            break
        play_node(node, board)
    return board


# --- the document and its squares ---------------------------------------------------------------


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("seat", list(Seat))
def test_the_picture_is_xml_with_the_160_squares_in_distinct_places(mode: str, seat: Seat) -> None:
    root = parse(svg.board(Board(mode=mode), orientation=seat))
    assert root.tag == f"{{{NS['svg']}}}svg"
    found = squares(root)
    assert sorted(found) == sorted(ALL_SQUARES)
    places = {position_of(rect) for rect in found.values()}
    assert len(places) == 160
    for column, row in places:  # nothing drawn in a removed corner
        assert 0 <= column < 14 and 0 <= row < 14
        assert not ((column < 3 or column > 10) and (row < 3 or row > 10))
    for name, rect in found.items():
        assert rect.get("class", "").split() in (["square", "light", name], ["square", "dark", name])


def test_light_and_dark_squares_alternate_with_red_s_right_corner_light() -> None:
    found = squares(parse(svg.board(Board())))
    assert "light" in found["k1"].get("class", "") and "dark" in found["j1"].get("class", "")
    for name, rect in found.items():
        f, r = FILES.index(name[0]), int(name[1:]) - 1
        assert ("light" in rect.get("class", "").split()) == ((f + r) % 2 == 0)


def test_same_arguments_give_the_same_string() -> None:
    board = ffa_middlegame(120)
    arguments: dict[str, Any] = {"lastmove": svg.last_move_per_seat(board), "arrows": [("h2", "h4")], "size": 300}
    first = svg.board(board, orientation=Seat.GREEN, fill={"a4": "red", "h2": "#00f"}, **arguments)
    again = svg.board(board.copy(), orientation=Seat.GREEN, fill={"h2": "#00f", "a4": "red"}, **arguments)
    assert first == again
    assert 'width="300" height="300"' in first
    assert "width=" not in svg.board(board)[:300].split(">")[0]  # no size: the picture fills its box


# --- orientation --------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", list(Seat))
def test_each_seat_at_the_bottom_sees_its_back_line_as_red_does(seat: Seat) -> None:
    found = squares(parse(svg.board(Board(), orientation=seat)))
    bottom = sorted(
        (name for name, rect in found.items() if position_of(rect)[1] == 13), key=lambda n: position_of(found[n])
    )
    assert bottom == BOTTOM_ROW[seat]
    assert [position_of(found[name])[0] for name in bottom] == list(range(3, 11))
    left = sorted(
        (name for name, rect in found.items() if position_of(rect)[0] == 0), key=lambda n: position_of(found[n])[1]
    )
    assert left == LEFT_COLUMN_TOP_DOWN[seat]


@pytest.mark.parametrize("seat", list(Seat))
def test_the_bottom_seat_s_modern_start_reads_like_red_s(seat: Seat) -> None:
    root = parse(svg.board(Board(), orientation=seat))
    found, drawn = squares(root), pieces(root)
    by_place = {position_of(found[name]): drawn[name].get("class", "").split() for name in drawn}
    # docs/rules.md §3: rook, knight, bishop, queen, king, bishop, knight, rook from the seat's left.
    order = ["rook", "knight", "bishop", "queen", "king", "bishop", "knight", "rook"]
    assert [by_place[(column, 13)] for column in range(3, 11)] == [["piece", seat.name.lower(), kind] for kind in order]
    assert all(by_place[(column, 12)] == ["piece", seat.name.lower(), "pawn"] for column in range(3, 11))


@pytest.mark.parametrize("seat", list(Seat))
def test_coordinates_turn_with_the_board(seat: Seat) -> None:
    root = parse(svg.board(Board(), orientation=seat))
    labels = [(float(e.get("x", "0")), float(e.get("y", "0")), e.text) for e in classed(root, "coordinate")]
    assert len(labels) == 28
    # Column labels sit at the bottom right of a square, row labels at its top left.
    bottom = sorted((x, text) for x, y, text in labels if (y % SQUARE) > SQUARE / 2)
    left = sorted((y, text) for x, y, text in labels if (y % SQUARE) < SQUARE / 2)
    assert [text for _, text in bottom] == BOTTOM_LABELS[seat]
    assert [text for _, text in left] == LEFT_LABELS[seat]
    assert "coordinate" not in svg.board(Board(), orientation=seat, coordinates=False)


# --- pieces -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "board",
    [Board(), Board(mode="ffa", setup="classic"), ffa_middlegame(150), ffa_middlegame()],
    ids=["modern-teams", "classic-ffa", "ffa-150", "ffa-272"],
)
def test_every_piece_appears_once_with_its_seat_and_type(board: Board) -> None:
    drawn = pieces(parse(svg.board(board, orientation=Seat.YELLOW)))
    expected = {}
    for name in ALL_SQUARES:
        piece = board.piece_at(fourchess.parse_square(name))
        if piece is not None:
            owner = "dead" if piece.is_dead else piece.seat.name.lower()
            expected[name] = ["piece", owner, piece.piece_type.name.lower()]
    assert {name: use.get("class", "").split() for name, use in drawn.items()} == expected
    for name, use in drawn.items():
        kind = expected[name][2]
        assert use.get(XLINK_HREF) == f"#fourchess-{kind}"
        owner = expected[name][1]
        colour = svg.palette.DEAD_COLOR if owner == "dead" else svg.SEAT_COLORS[Seat[owner.upper()]]
        assert use.get("fill") == colour


def test_a_resigned_seat_s_army_is_grey_and_its_king_walks() -> None:
    # docs/rules.md §7 (dead_king_walking on): the army dies, the king stays live and moves.
    board = Board(mode="ffa")
    board.push_move("h2-h3")
    board.resign(Seat.BLUE)
    root = parse(svg.board(board))
    drawn = pieces(root)
    blue_start = [f"a{r}" for r in range(4, 12)] + [f"b{r}" for r in range(4, 12)]
    for name in blue_start:
        owner = "blue" if name == "a7" else "dead"
        assert drawn[name].get("class", "").split()[1] == owner, name
    assert drawn["a8"].get("fill") == svg.palette.DEAD_COLOR
    assert [e.get("class") for e in classed(root, "walking-king")] == ["badge walking-king a7"]
    assert [e.get("class") for e in classed(root, "panel") if "eliminated" in e.get("class", "")] == [
        "panel blue eliminated"
    ]


def test_one_point_queens_carry_a_badge_and_queens_do_not() -> None:
    board = Board(ONE_POINT_QUEEN, mode="ffa")
    root = parse(svg.board(board))
    badges = classed(root, "one-point-queen")
    assert [e.get("class") for e in badges] == ["badge one-point-queen h9"]
    assert "".join(badges[0].itertext()) == "1"
    assert pieces(root)["e5"].get("class") == "piece red queen"


def test_the_middlegame_marks_exactly_the_board_s_one_point_queens_and_walking_kings() -> None:
    board = ffa_middlegame()
    root = parse(svg.board(board))
    one_point = {
        name for name in ALL_SQUARES if (p := board.piece_at(fourchess.parse_square(name))) and p.is_one_point_queen
    }
    assert one_point, "record 97969768 at ply 272 has promoted queens"
    assert {e.get("class", "").split()[-1] for e in classed(root, "one-point-queen")} == one_point
    walking = {fourchess.square_name(board.king_square(seat)) for seat in board.walking_kings}
    assert walking and {e.get("class", "").split()[-1] for e in classed(root, "walking-king")} == walking


# --- check, last moves, arrows, fill ------------------------------------------------------------


def test_check_marks_every_king_in_check_by_default() -> None:
    board = Board(RED_IN_CHECK)
    assert [e.get("class") for e in classed(parse(svg.board(board)), "check")] == ["check h1"]
    assert classed(parse(svg.board(board, check=None)), "check") == []
    assert classed(parse(svg.board(board, check=False)), "check") == []
    assert [e.get("class") for e in classed(parse(svg.board(board, check="a7")), "check")] == ["check a7"]
    marked = classed(parse(svg.board(board, check={"a7", 7})), "check")
    assert sorted(e.get("class") for e in marked) == ["check a7", "check h1"]
    assert classed(parse(svg.board(Board())), "check") == []


def test_check_marks_both_kings_of_the_middlegame() -> None:
    board = ffa_middlegame()
    in_check = {fourchess.square_name(board.king_square(seat)) for seat in Seat if board.is_check(seat)}
    assert len(in_check) == 2
    assert {e.get("class", "").split()[1] for e in classed(parse(svg.board(board)), "check")} == in_check


def test_lastmove_highlights_a_move_or_each_seat_s_move() -> None:
    board = Board()
    for text in ("h2-h3", "b7-c7", "g13-g12"):
        board.push_move(text)
    assert svg.last_move_per_seat(board) == {
        Seat.RED: Move.from_str("h2-h3"),
        Seat.BLUE: Move.from_str("b7-c7"),
        Seat.YELLOW: Move.from_str("g13-g12"),
    }
    root = parse(svg.board(board, lastmove=Move.from_str("g13-g12")))
    assert sorted(e.get("class") for e in classed(root, "lastmove")) == ["lastmove g12", "lastmove g13"]
    root = parse(svg.board(board, lastmove={**svg.last_move_per_seat(board), Seat.GREEN: None}))
    assert sorted(e.get("class") for e in classed(root, "lastmove")) == [
        "lastmove blue b7",
        "lastmove blue c7",
        "lastmove red h2",
        "lastmove red h3",
        "lastmove yellow g12",
        "lastmove yellow g13",
    ]


def test_a_resignation_is_not_a_last_move() -> None:
    board = Board(mode="ffa")
    board.push_move("h2-h3")
    board.resign(Seat.BLUE)
    assert svg.last_move_per_seat(board) == {Seat.RED: Move.from_str("h2-h3")}


def test_arrows_and_fills_are_drawn_in_their_colours() -> None:
    arrows = [("h2", "h4"), svg.Arrow("e1", "f3", "rgb(0 128 0 / 50%)"), ("a7", "a7"), Move.from_str("h2-h4")]
    root = parse(svg.board(Board(), arrows=arrows, fill={"k2": "#ff000066", 31: "teal"}))
    drawn = classed(root, "arrow")
    assert [e.get("class") for e in drawn] == ["arrow h2 h4", "arrow e1 f3", "arrow a7 a7", "arrow h2 h4"]
    assert [e.get("stroke") if e.get("fill") == "none" else e.get("fill") for e in drawn] == [
        svg.Arrow("h2", "h4").color,
        "rgb(0 128 0 / 50%)",
        svg.Arrow("h2", "h4").color,
        svg.Arrow("h2", "h4").color,
    ]
    assert drawn[2].tag == f"{{{NS['svg']}}}circle"  # an arrow to its own square is a ring
    fills = classed(root, "fill")
    assert [(e.get("class"), e.get("fill")) for e in fills] == [
        ("fill k2", "#ff000066"),
        ("fill d3", "teal"),
    ]  # index order


def test_only_squares_receive_clicks() -> None:
    root = parse(
        svg.board(ffa_middlegame(), arrows=[("h2", "h4")], fill={"h2": "red"}, lastmove=Move.from_str("h2-h4"))
    )
    top = list(root)
    assert [child.tag.split("}")[1] for child in top] == ["defs"] + ["rect"] * 160 + ["g"]
    assert top[-1].get("pointer-events") == "none"


def test_panels_name_the_seats_points_and_the_side_to_move() -> None:
    board = ffa_middlegame()
    root = parse(svg.board(board))
    panels = {e.get("class", "").split()[1]: " ".join(t.strip() for t in e.itertext()) for e in classed(root, "panel")}
    assert set(panels) == {"red", "blue", "yellow", "green"}
    for seat in Seat:
        text = panels[seat.name.lower()]
        assert text.startswith(seat.name.title()) and f"{board.points[seat]} point" in text
        assert ("to move" in text) == (seat == board.turn)
    assert "king walks" in panels["red"] and "eliminated" in panels["yellow"]
    assert "panel" not in svg.board(board, panels=False)


def test_panels_of_a_finished_game_name_the_winners_and_nobody_to_move() -> None:
    board = ffa_middlegame(10_000)  # the whole record: it ends by insufficient material
    assert board.termination() is not None
    root = parse(svg.board(board))
    panels = {e.get("class", "").split()[1]: " ".join(e.itertext()) for e in classed(root, "panel")}
    assert {name for name, text in panels.items() if "won" in text} == {seat.name.lower() for seat in board.winners()}
    assert not any("to move" in text for text in panels.values())


# --- bad arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "colour",
    [
        '"/><script>alert(1)</script>',
        "red;",
        "url(#x)",
        "#12345",
        "#ggg",
        "",
        "red blue",
        'rgb(1,2,3)"',
        "x" * 5000,
        "rgb(" + "1," * 40 + "1)",
        "red\n",
    ],
)
def test_a_colour_that_is_not_a_css_token_is_refused(colour: str) -> None:
    for arguments in ({"fill": {"h2": colour}}, {"arrows": [("h2", "h4", colour)]}):
        with pytest.raises(svg.InvalidColorError) as error:
            svg.board(Board(), **arguments)
        assert isinstance(error.value, ValueError)
        assert len(str(error.value)) < 200


@pytest.mark.parametrize(
    "colour",
    [
        "#abc",
        "#abcd",
        "#aabbcc",
        "#aabbcc80",
        "rebeccapurple",
        "transparent",
        "rgb(0, 128, 0)",
        "rgba(0,0,0,.5)",
        "hsl(120deg 50% 40%)",
    ],
)
def test_css_colour_tokens_are_accepted(colour: str) -> None:
    root = parse(svg.board(Board(), fill={"h2": colour}))
    assert classed(root, "fill")[0].get("fill") == colour


@given(st.text(max_size=80))
def test_any_colour_text_is_refused_or_kept_intact_in_valid_xml(colour: str) -> None:
    try:
        text = svg.board(Board(), fill={"h2": colour}, coordinates=False, panels=False)
    except svg.InvalidColorError:
        return
    assert classed(parse(text), "fill")[0].get("fill") == colour


@pytest.mark.parametrize("square", ["z9", "a1", "n14", "", "H2", "h2 ", 0, 3 + 14 * 14, -1, 10**100, "q" * 10_000])
def test_a_square_off_the_board_is_refused(square: object) -> None:
    for arguments in (
        {"fill": {square: "red"}},
        {"arrows": [(square, "h4")]},
        {"arrows": [("h4", square)]},
        {"check": square},
        {"check": [square]},
    ):
        with pytest.raises(svg.InvalidSquareError) as error:
            svg.board(Board(), **arguments)
        assert isinstance(error.value, ValueError) and len(str(error.value)) < 200


@pytest.mark.parametrize("seat", [4, -1, 10**50])
def test_an_orientation_or_lastmove_seat_that_is_no_seat_is_a_value_error(seat: int) -> None:
    with pytest.raises(ValueError, match="orientation") as error:
        svg.board(Board(), orientation=seat)  # type: ignore[arg-type]
    assert len(str(error.value)) < 200
    with pytest.raises(ValueError, match="lastmove"):
        svg.board(Board(), lastmove={seat: None})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    "arguments",
    [
        {"orientation": "RED"},
        {"orientation": True},
        {"orientation": None},
        {"lastmove": "h2-h4"},
        {"lastmove": {Seat.RED: "h2-h4"}},
        {"lastmove": {"RED": Move.from_str("h2-h4")}},
        {"lastmove": {"RED": None}},
        {"arrows": 5},
        {"arrows": "h2h4"},
        {"arrows": ["h2h4"]},
        {"arrows": [("h2",)]},
        {"arrows": [("h2", "h4", "red", "extra")]},
        {"arrows": [("h2", 4.5)]},
        {"arrows": [("h2", "h4", 0xFF0000)]},
        {"fill": [("h2", "red")]},
        {"fill": {2.5: "red"}},
        {"fill": {"h2": None}},
        {"check": 1.5},
        {"check": [None]},
        {"size": "400"},
        {"size": 400.0},
        {"size": True},
        {"coordinates": "yes"},
        {"panels": 1},
    ],
)
def test_arguments_of_the_wrong_type_are_type_errors(arguments: dict[str, object]) -> None:
    with pytest.raises(TypeError):
        svg.board(Board(), **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [0, -5, 10**9])
def test_a_size_out_of_range_is_a_value_error(size: int) -> None:
    with pytest.raises(ValueError, match="size"):
        svg.board(Board(), size=size)


@pytest.mark.parametrize("not_a_board", [None, fourchess.MODERN_START_FEN4, object()])
def test_only_a_board_can_be_drawn(not_a_board: object) -> None:
    with pytest.raises(TypeError, match="board must be a fourchess.Board"):
        svg.board(not_a_board)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="board must be a fourchess.Board"):
        svg.last_move_per_seat(not_a_board)  # type: ignore[arg-type]


# --- Jupyter and docs ----------------------------------------------------------------------------


def test_repr_svg_draws_the_board_with_each_seat_s_last_move() -> None:
    board = Board(mode="ffa")
    board.push_move("h2-h4")
    board.push_move("b7-d7")
    root = parse(board._repr_svg_())
    assert root.get("width") == "480" and len(squares(root)) == 160
    assert sorted(e.get("class") for e in classed(root, "lastmove")) == [
        "lastmove blue b7",
        "lastmove blue d7",
        "lastmove red h2",
        "lastmove red h4",
    ]


@pytest.mark.parametrize(
    "name",
    [
        "fourchess.svg",
        "fourchess.svg.render",
        "fourchess.svg.arguments",
        "fourchess.svg.layout",
        "fourchess.svg.panels",
        "fourchess.svg.pieces",
        "fourchess.svg.palette",
        "fourchess.svg.shapes",
    ],
)
def test_docstring_examples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0


def test_every_public_name_has_a_docstring() -> None:
    for name in svg.__all__:
        value = getattr(svg, name)
        if callable(value) and not isinstance(value, dict):
            assert (value.__doc__ or "").strip(), name
