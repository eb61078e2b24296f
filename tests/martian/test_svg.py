"""fourchess.martian.svg: the SVG picture of a Martian Chess board. It is XML, has the board's squares
where docs/martian.md §1 puts them for each seat at the bottom, tints each zone in its seat's colour,
draws the canals, shows every piece once with its value in pips, marks the last move, and refuses
bad arguments with typed errors."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET

import pytest

import fourchess
from fourchess import svg as chess_svg
from fourchess.martian import Board, Move, PieceType, parse_square, square_name, svg

SVG = "{http://www.w3.org/2000/svg}"
SQUARE = 40  # viewBox units per square
PANEL = 60  # the band above and below the board that holds the panels

# Hand-placed (docs/martian.md §5). Two players: a8 queen and b6 drone in North's zone, c3 pawn and
# d1 queen in South's, North to move with 3 and 5 points.
HAND_PLACED_2 = "2 Q3/4/1D2/4/4/2P1/4/3Q 1 3,5 -"
# Four players: seat 1 holds a8 Q, c6 D, d5 P; seat 2 h8 D; seat 3 e4 P, f3 P, h1 Q; seat 0 a1 D.
HAND_PLACED_4 = "4 Q6D/8/2D5/3P4/4P3/5P2/8/D6Q 2 1,0,4,2 -"
# Seat 0's zone is empty: the game is over, and the tie-break (docs/martian.md §4) gives it to
# seat 1, top scorer with 5.
FINISHED_2 = "2 Q3/4/4/4/4/4/4/4 0 2,5 -"


def played(board: Board, moves: int) -> Board:
    """``board`` after its first legal move, ``moves`` times: a game with captures and crossings."""
    for _ in range(moves):
        if board.is_game_over():
            break
        board.push(next(iter(board.legal_moves)))
    return board


BOARDS = {
    "start-2": lambda: Board(),
    "start-4": lambda: Board(players=4),
    "hand-placed-2": lambda: Board(HAND_PLACED_2),
    "hand-placed-4": lambda: Board(HAND_PLACED_4),
    "played-2": lambda: played(Board(), 30),
    "played-4": lambda: played(Board(players=4), 40),
}


def classed(root: ET.Element, *words: str) -> list[ET.Element]:
    return [e for e in root.iter() if set(words) <= set(e.get("class", "").split())]


def squares(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("data-square", ""): e for e in classed(root, "square") if e.tag == f"{SVG}rect"}


def box(element: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a rect."""
    x, y = float(element.get("x", "nan")), float(element.get("y", "nan"))
    return x, y, x + float(element.get("width", "nan")), y + float(element.get("height", "nan"))


def board_box(root: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the squares together."""
    boxes = [box(rect) for rect in squares(root).values()]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def zone(root: ET.Element, seat: int) -> ET.Element:
    (found,) = classed(root, "zone", f"seat-{seat}")
    return found


def all_pieces(board: Board) -> dict[str, PieceType]:
    """Every piece on the board by square name, read square by square from ``piece_at``."""
    return {square_name(s): piece for s in range(64) if (piece := board.piece_at(s)) is not None}


# --- the document and its squares ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_the_picture_is_xml_with_the_board_s_squares_in_distinct_places(players: int) -> None:
    for seat in range(players):
        root = ET.fromstring(svg.board(Board(players=players), orientation=seat))
        assert root.tag == f"{SVG}svg"
        found = squares(root)
        files = "abcd" if players == 2 else "abcdefgh"
        assert sorted(found) == sorted(f"{f}{r}" for f in files for r in range(1, 9))
        assert len({box(rect) for rect in found.values()}) == len(found)
        assert board_box(root) == (0, PANEL, len(files) * SQUARE, PANEL + 8 * SQUARE)
        for name, rect in found.items():
            shade = "dark" if ("abcdefgh".index(name[0]) + int(name[1])) % 2 == 1 else "light"  # a1 dark
            assert rect.get("class") == f"square {shade} {name}"


def test_same_arguments_give_the_same_string_and_size_sets_the_height() -> None:
    arguments = {"arrows": [("c3", "a5")], "fill": {"a1": "teal", 9: "#f00"}, "size": 400}
    first = svg.board(played(Board(), 12), **arguments)  # type: ignore[arg-type]
    assert first == svg.board(played(Board(), 12), **arguments)  # type: ignore[arg-type]
    root = ET.fromstring(first)
    # The viewBox is 160 x 440 (the board and two bands): the width follows the height.
    assert (root.get("viewBox"), root.get("width"), root.get("height")) == ("0 0 160 440", "145.45", "400")
    assert "width=" not in svg.board(Board()).split(">")[0]


# --- zones and canals ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_each_zone_is_tinted_in_its_seat_s_colour_over_exactly_its_squares(players: int) -> None:
    board = Board(players=players)
    root = ET.fromstring(svg.board(board))
    assert len(classed(root, "zone")) == players
    found = squares(root)
    for seat in range(players):
        tint = zone(root, seat)
        assert tint.get("fill") == chess_svg.SEAT_COLORS[fourchess.Seat(seat)] == svg.seat_color(seat)
        left, top, right, bottom = box(tint)
        inside = {
            name
            for name, rect in found.items()
            if left <= box(rect)[0] and box(rect)[2] <= right
            if top <= box(rect)[1] and box(rect)[3] <= bottom
        }
        assert inside == {name for name in found if board.zone_owner(parse_square(name)) == seat}
        assert len(inside) == 16  # docs/martian.md §1: 4 x 4 squares each


@pytest.mark.parametrize("orientation", [0, 1])
def test_two_players_have_one_canal_across_the_middle(orientation: int) -> None:
    root = ET.fromstring(svg.board(Board(), orientation=orientation))
    (canal,) = classed(root, "canal")
    middle = PANEL + 4 * SQUARE
    assert [float(canal.get(a, "nan")) for a in ("x1", "y1", "x2", "y2")] == [0, middle, 4 * SQUARE, middle]


@pytest.mark.parametrize("orientation", range(4))
def test_four_players_have_two_canals_crossing_in_the_middle(orientation: int) -> None:
    root = ET.fromstring(svg.board(Board(players=4), orientation=orientation))
    lines = sorted([float(c.get(a, "nan")) for a in ("x1", "y1", "x2", "y2")] for c in classed(root, "canal"))
    middle_x, middle_y = 4 * SQUARE, PANEL + 4 * SQUARE
    assert lines == [[0, middle_y, 8 * SQUARE, middle_y], [middle_x, PANEL, middle_x, PANEL + 8 * SQUARE]]


# --- orientation --------------------------------------------------------------------------------

# Hand-derived from docs/martian.md §1: the square at the bottom-left corner with each seat at the
# bottom (its zone's outer corner), and the labels along the bottom edge (left to right) and the
# left edge (top down). Four players: each next seat turns the board a quarter turn anticlockwise.
BOTTOM_LEFT = {(2, 0): "a1", (2, 1): "d8", (4, 0): "a1", (4, 1): "a8", (4, 2): "h8", (4, 3): "h1"}
LABELS = {
    (2, 0): ("abcd", "87654321"),
    (2, 1): ("dcba", "12345678"),
    (4, 0): ("abcdefgh", "87654321"),
    (4, 1): ("87654321", "hgfedcba"),
    (4, 2): ("hgfedcba", "12345678"),
    (4, 3): ("12345678", "abcdefgh"),
}


@pytest.mark.parametrize(("players", "seat"), sorted(BOTTOM_LEFT))
def test_the_seat_at_the_bottom_has_its_zone_at_the_bottom_left(players: int, seat: int) -> None:
    board = Board(players=players)
    root = ET.fromstring(svg.board(board, orientation=seat))
    left, _, right, bottom = board_box(root)
    zone_left, zone_top, zone_right, zone_bottom = box(zone(root, seat))
    assert (zone_left, zone_bottom) == (left, bottom)
    assert zone_right - zone_left == (right - left if players == 2 else right / 2)
    assert zone_bottom - zone_top == 4 * SQUARE
    corner = squares(root)[BOTTOM_LEFT[players, seat]]
    assert (box(corner)[0], box(corner)[3]) == (left, bottom)
    assert board.zone_owner(parse_square(BOTTOM_LEFT[players, seat])) == seat
    # The others follow clockwise in turn order: top left, top right, bottom right (four players).
    if players == 4:
        for step, (x, y) in enumerate([(0, PANEL), (4 * SQUARE, PANEL), (4 * SQUARE, PANEL + 4 * SQUARE)], 1):
            assert box(zone(root, (seat + step) % 4))[:2] == (x, y)


@pytest.mark.parametrize(("players", "seat"), sorted(LABELS))
def test_coordinates_turn_with_the_board(players: int, seat: int) -> None:
    root = ET.fromstring(svg.board(Board(players=players), orientation=seat))
    labels = [(float(e.get("x", "0")), float(e.get("y", "0")), e.text or "") for e in classed(root, "coordinate")]
    # Along the bottom: at the bottom right of a square; down the left: at its top left.
    bottom = "".join(
        text for _, _, text in sorted(label for label in labels if (label[1] - PANEL) % SQUARE > SQUARE / 2)
    )
    left = [(y, text) for x, y, text in labels if (y - PANEL) % SQUARE < SQUARE / 2]
    assert (bottom, "".join(text for _, text in sorted(left))) == LABELS[players, seat]
    assert "coordinate" not in svg.board(Board(players=players), orientation=seat, coordinates=False)


@pytest.mark.parametrize("players", [2, 4])
def test_pieces_stay_upright_on_their_squares_however_the_board_turns(players: int) -> None:
    board = Board(players=players)
    for seat in range(players):
        root = ET.fromstring(svg.board(board, orientation=seat))
        found = squares(root)
        for piece in classed(root, "piece"):
            x, y = box(found[piece.get("data-square", "")])[:2]
            assert piece.get("transform") == f"translate({x:g} {y:g})"  # moved, never rotated
            outline = piece.findall(f"{SVG}polygon")[-1].get("points", "").split()
            apex, base_left, base_right = ([float(v) for v in point.split(",")] for point in outline)
            assert apex[1] < base_left[1] == base_right[1] and base_left[0] < apex[0] < base_right[0]


# --- pieces -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_piece_appears_once_with_its_kind_and_as_many_pips_as_it_is_worth(name: str) -> None:
    board = BOARDS[name]()
    expected = all_pieces(board)
    root = ET.fromstring(svg.board(board, orientation=board.players - 1))
    drawn = classed(root, "piece")
    assert len(drawn) == len(expected)
    found = {piece.get("data-square", ""): piece for piece in drawn}
    assert {square: piece.get("class") for square, piece in found.items()} == {
        square: f"piece {kind.name.lower()}" for square, kind in expected.items()
    }
    for square, piece in found.items():
        assert len(classed(piece, "pip")) == int(expected[square])  # docs/martian.md §2: 1, 2, 3
    assert len(classed(root, "pip")) == sum(map(int, expected.values()))


def test_the_hand_placed_positions_hold_the_pieces_their_text_names() -> None:
    kinds = {"P": PieceType.PAWN, "D": PieceType.DRONE, "Q": PieceType.QUEEN}
    assert {k: v.symbol for k, v in all_pieces(Board(HAND_PLACED_2)).items()} == {
        "a8": "Q",
        "b6": "D",
        "c3": "P",
        "d1": "Q",
    }
    four = {"a8": "Q", "h8": "D", "c6": "D", "d5": "P", "e4": "P", "f3": "P", "a1": "D", "h1": "Q"}
    assert all_pieces(Board(HAND_PLACED_4)) == {square: kinds[letter] for square, letter in four.items()}
    root = ET.fromstring(svg.board(Board(HAND_PLACED_4)))
    assert len(classed(root, "pip")) == 3 + 2 + 2 + 1 + 1 + 1 + 2 + 3


def test_pieces_are_neutral_whoever_controls_them() -> None:
    # docs/martian.md §1: pieces have no owner, so every piece of a kind is drawn alike.
    root = ET.fromstring(svg.board(Board(players=4)))
    for kind in ("pawn", "drone", "queen"):
        drawings = {
            re.sub(r' data-square="\w+" transform="[^"]+"', "", ET.tostring(p).decode()) for p in classed(root, kind)
        }
        assert len(drawings) == 1, kind


# --- last move, arrows, fill --------------------------------------------------------------------


def test_lastmove_highlights_the_board_s_last_move_or_the_one_given() -> None:
    board = Board()
    assert classed(ET.fromstring(svg.board(board)), "lastmove") == []
    board.push_move("d3-d5")
    root = ET.fromstring(svg.board(board))
    assert sorted(e.get("class") for e in classed(root, "lastmove")) == ["lastmove d3", "lastmove d5"]
    assert classed(ET.fromstring(svg.board(board, lastmove=False)), "lastmove") == []
    assert classed(ET.fromstring(svg.board(board, lastmove=None)), "lastmove") == []
    root = ET.fromstring(svg.board(board, lastmove=Move.from_str("a6-a5")))
    assert sorted(e.get("class") for e in classed(root, "lastmove")) == ["lastmove a5", "lastmove a6"]


def test_arrows_and_fills_are_drawn_in_their_colours() -> None:
    arrows = [("c3", "a5"), chess_svg.Arrow("b2", "b2", "rgb(0 128 0 / 50%)"), Move.from_str("d3-d5"), (59, "a1")]
    root = ET.fromstring(svg.board(Board(), arrows=arrows, fill={"d8": "#ff000066", 0: "teal"}))
    drawn = classed(root, "arrow")
    assert [e.get("class") for e in drawn] == ["arrow c3 a5", "arrow b2 b2", "arrow d3 d5", "arrow d8 a1"]
    assert drawn[1].tag == f"{SVG}circle" and drawn[1].get("stroke") == "rgb(0 128 0 / 50%)"
    assert [(e.get("class"), e.get("fill")) for e in classed(root, "fill")] == [
        ("fill a1", "teal"),
        ("fill d8", "#ff000066"),
    ]  # square order


def test_only_squares_receive_clicks() -> None:
    root = ET.fromstring(svg.board(played(Board(players=4), 5), arrows=[("c3", "d4")], fill={"h8": "red"}))
    top = list(root)
    assert [child.tag for child in top] == [f"{SVG}rect"] * 64 + [f"{SVG}g"]
    assert top[-1].get("pointer-events") == "none"


# --- panels -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [HAND_PLACED_2, HAND_PLACED_4])
def test_panels_show_each_seat_s_score_and_who_is_to_move_next_to_its_zone(text: str) -> None:
    board = Board(text)
    root = ET.fromstring(svg.board(board))
    panels = classed(root, "panel")
    assert len(panels) == board.players
    for seat in range(board.players):
        (panel,) = classed(root, "panel", f"seat-{seat}")
        words = " ".join(panel.itertext())
        score = board.scores[seat]
        assert f"Seat {seat}" in words and f"{score} point{'' if score == 1 else 's'}" in words
        assert ("to move" in words) == (seat == board.turn)
        # Beside its zone: the same columns, in the band on the zone's side.
        panel_left, panel_top, panel_right, _ = box(panel.findall(f"{SVG}rect")[0])
        zone_left, zone_top, zone_right, _ = box(zone(root, seat))
        assert zone_left < panel_left < panel_right < zone_right
        assert (panel_top < PANEL) == (zone_top == PANEL)
    assert "panel" not in svg.board(board, panels=False)
    assert ET.fromstring(svg.board(board, panels=False)).get("viewBox", "").endswith(" 320")


def test_panels_of_a_finished_game_name_the_winners_and_nobody_to_move() -> None:
    board = Board(FINISHED_2)
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == (1,)
    root = ET.fromstring(svg.board(board))
    words = {seat: " ".join(classed(root, "panel", f"seat-{seat}")[0].itertext()) for seat in range(2)}
    assert "won" in words[1] and "won" not in words[0]
    assert not any("to move" in text for text in words.values())


# --- bad arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "square"),
    [
        (2, "e1"),
        (2, 4),
        (2, "h8"),
        (4, "i1"),
        (4, "a9"),
        (4, 64),
        (4, -1),
        (4, ""),
        (4, "A1"),
        (4, "q" * 10_000),
        (4, 10**100),
    ],
)
def test_a_square_off_the_board_is_refused(players: int, square: object) -> None:
    board = Board(players=players)
    for arguments in ({"fill": {square: "red"}}, {"arrows": [(square, "a1")]}, {"arrows": [("a1", square)]}):
        with pytest.raises(chess_svg.InvalidSquareError) as error:
            svg.board(board, **arguments)  # type: ignore[arg-type]
        assert isinstance(error.value, ValueError) and len(str(error.value)) < 200


def test_a_move_off_a_two_player_board_is_refused() -> None:
    off = Move.from_str("e1-e2")  # a square of the four-player board only
    for arguments in ({"lastmove": off}, {"arrows": [off]}):
        with pytest.raises(chess_svg.InvalidSquareError, match="2-player board"):
            svg.board(Board(), **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("colour", ['"/><script>alert(1)</script>', "red;", "url(#x)", "#12345", "", "red blue"])
def test_a_colour_that_is_not_a_css_token_is_refused(colour: str) -> None:
    for arguments in ({"fill": {"c3": colour}}, {"arrows": [("c3", "a5", colour)]}):
        with pytest.raises(chess_svg.InvalidColorError) as error:
            svg.board(Board(), **arguments)  # type: ignore[arg-type]
        assert isinstance(error.value, ValueError)


@pytest.mark.parametrize(("players", "seat"), [(2, 2), (2, 3), (2, -1), (4, 4), (4, -1), (4, 10**50)])
def test_an_orientation_that_is_no_seat_of_the_board_is_a_value_error(players: int, seat: int) -> None:
    with pytest.raises(ValueError, match=f"orientation must be a seat of this {players}-player board") as error:
        svg.board(Board(players=players), orientation=seat)
    assert len(str(error.value)) < 200


@pytest.mark.parametrize(
    "arguments",
    [
        {"orientation": "0"},
        {"orientation": True},
        {"orientation": None},
        {"orientation": 1.0},
        {"lastmove": "d3-d5"},
        {"lastmove": (19, 35)},
        {"arrows": 5},
        {"arrows": "c3a5"},
        {"arrows": [("c3",)]},
        {"arrows": [("c3", 2.5)]},
        {"arrows": [fourchess.Move.from_str("h2-h4")]},  # a four-player chess move
        {"fill": [("c3", "red")]},
        {"fill": {"c3": None}},
        {"size": "400"},
        {"size": True},
        {"coordinates": "yes"},
        {"panels": 1},
    ],
)
def test_arguments_of_the_wrong_type_are_type_errors(arguments: dict[str, object]) -> None:
    with pytest.raises(TypeError):
        svg.board(Board(), **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("not_a_board", [None, Board().mfen(), fourchess.Board(), object()])
def test_only_a_martian_board_can_be_drawn(not_a_board: object) -> None:
    with pytest.raises(TypeError, match="board must be a fourchess.martian.Board"):
        svg.board(not_a_board)  # type: ignore[arg-type]


# --- Jupyter and docs ----------------------------------------------------------------------------


def test_repr_svg_draws_the_board_with_its_last_move() -> None:
    board = Board(players=4)
    board.push_move("c3-d4")
    root = ET.fromstring(board._repr_svg_())
    assert root.get("height") == "480" and len(squares(root)) == 64
    assert sorted(e.get("class") for e in classed(root, "lastmove")) == ["lastmove c3", "lastmove d4"]
    assert board._repr_svg_() == svg.board(board, size=480)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(svg)
    assert failures == 0 and tried > 0
