"""FEN4 reading: parse, then validate (docs/rules.md §10, fine point 7; docs/rules.md §7, decision 1 and
§11, decision 3).

turn-dead-castleShort-castleLong-points-plyclock[-{extras}]-board
"""

from __future__ import annotations

import re

from .errors import Fen4Error
from .ffa import finished_on_board
from .pieces import KINDS, Piece
from .position import MAX_PLY_CLOCK, MAX_POINTS, Position
from .quoting import shown
from .seat_states import eliminate, start_walking
from .seats import COLOUR_LETTERS, FFA, SEAT_LETTERS, SEATS, own_line, pawn_push
from .squares import SIZE, index, is_playable, parse_square, square_name

# Bounds the core's move buffer; the score and clock limits are in position.py.
MAX_LIVE_PIECES = 16

_CELL = re.compile(rf"(?:(?P<colour>[rbyg])|d[rbyg]?)(?P<kind>[{KINDS}])")
_CELL_TOKENS = re.compile(r"\d+|x|d?[rbyg]?[A-Z]|.")  # for ranks written without commas
_EXTRA = re.compile(r"'(?P<key>\w+)':(?P<value>\([^()]*\)|[^,()]*)")
_EXTRAS = re.compile(r"'\w+':(?:\([^()]*\)|[^,()]*)(?:,'\w+':(?:\([^()]*\)|[^,()]*))*")
_EN_PASSANT_ENTRY = re.compile(r"'(?:(?P<skipped>[a-n]\d{1,2}):(?P<landed>[a-n]\d{1,2}))?'")
_BOOLEANS = {"true": True, "false": False, "1": True, "0": False}
# Only these may stand anywhere (docs/rules.md §10, decision 8).
_ASCII_WHITESPACE = re.compile(r"[ \t\n\r\f\v]")

Cell = Piece | None | str  # a piece, an empty square, or "x" for a removed square


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _split_extras(text: str) -> tuple[str, str | None]:
    """Cut the optional '-{...}' field out, so the rest splits cleanly on '-'."""
    if "{" not in text:
        return text, None
    start, end = text.index("{"), text.rfind("}")
    if end < start:
        raise Fen4Error(f"FEN4 extras field: {shown(text[start : start + 40])} has no closing '}}'")
    if not text[:start].endswith("-") or not text[end + 1 :].startswith("-"):
        raise Fen4Error(
            f"FEN4 extras field: expected '-{{...}}-' between fields, got {shown(text[start - 1 : end + 2])}"
        )
    return text[:start] + text[end + 2 :], text[start + 1 : end]


def _four_items(field_name: str, text: str) -> list[str]:
    items = text.split(",")
    if len(items) != 4:
        raise Fen4Error(f"FEN4 {field_name} field: expected 4 comma-separated entries (R,B,Y,G), got {shown(text)}")
    return items


def _read_flags(field_name: str, text: str) -> list[bool]:
    items = _four_items(field_name, text)
    if any(item not in ("0", "1") for item in items):
        raise Fen4Error(f"FEN4 {field_name} field: expected four 0/1 flags, got {shown(text)}")
    return [item == "1" for item in items]


def _read_booleans(key: str, text: str) -> list[bool]:
    items = _four_items(f"extras '{key}'", text.strip("()"))
    if any(item.lower() not in _BOOLEANS for item in items):
        raise Fen4Error(f"FEN4 extras '{key}': expected four true/false values, got {shown(text)}")
    return [_BOOLEANS[item.lower()] for item in items]


def _read_en_passant(text: str) -> list[tuple[int, int] | None]:
    entries: list[tuple[int, int] | None] = []
    for item in _four_items("extras 'enPassant'", text.strip("()")):
        match = _EN_PASSANT_ENTRY.fullmatch(item)
        if match is None:
            raise Fen4Error(f"FEN4 extras 'enPassant': expected '' or 'M:T' square names, got {shown(item)}")
        if match["skipped"] is None:
            entries.append(None)
            continue
        skipped, landed = parse_square(match["skipped"]), parse_square(match["landed"])
        if skipped is None or landed is None:
            raise Fen4Error(f"FEN4 extras 'enPassant': {shown(item)} names a square off the board")
        entries.append((skipped, landed))
    return entries


def _read_extras(text: str, position: Position) -> None:
    if text and _EXTRAS.fullmatch(text) is None:
        raise Fen4Error(f"FEN4 extras field: cannot read {shown(text)} (expected 'key':value pairs)")
    for match in _EXTRA.finditer(text):
        key, value = match["key"], match["value"]
        if key == "enPassant":
            position.en_passant = _read_en_passant(value)
        elif key == "resigned":
            position.resigned = _read_booleans(key, value)
        elif key == "flagged":
            position.flagged = _read_booleans(key, value)
        else:
            # Keys like 'lives' or 'royal' change the rules; ignoring them would be a wrong answer.
            raise Fen4Error(f"FEN4 extras: unknown key {shown(key)} (this library reads enPassant, resigned, flagged)")


def _read_cell(text: str, rank_name: str) -> list[Cell]:
    if _is_number(text):
        if len(text) > 1 and text[0] == "0":
            raise Fen4Error(f"FEN4 board, rank {rank_name}: empty run {shown(text)} has a leading zero")
        run = int(text)
        if not 1 <= run <= SIZE:
            raise Fen4Error(f"FEN4 board, rank {rank_name}: empty run {shown(text)} outside 1..14")
        return [None] * run
    if text == "x":
        return ["x"]
    match = _CELL.fullmatch(text)
    if match is None:
        raise Fen4Error(
            f"FEN4 board, rank {rank_name}: unknown cell {shown(text)} (expected a count, "
            "'x', colour rbyg + piece PNBRQKD, or d + piece)"
        )
    if match["colour"] is None:
        # dead: the written colour is dropped (docs/rules.md §7, decision 1)
        return [Piece(match["kind"], None)]
    return [Piece(match["kind"], COLOUR_LETTERS.index(match["colour"]))]


def _read_rank(text: str, rank0: int, squares: list[Piece | None]) -> None:
    rank_name = str(rank0 + 1)
    tokens = text.split(",") if "," in text else _CELL_TOKENS.findall(text)
    cells: list[Cell] = []
    for token in tokens:
        cells.extend(_read_cell(token, rank_name))
    if len(cells) != SIZE:
        raise Fen4Error(f"FEN4 board, rank {rank_name}: cells {shown(text)} cover {len(cells)} squares, expected 14")
    for file0, cell in enumerate(cells):
        name = square_name(index(file0, rank0))
        if cell == "x":
            if is_playable(file0, rank0):
                raise Fen4Error(f"FEN4 board, rank {rank_name}: 'x' on playable square {name}")
        elif isinstance(cell, Piece):
            if not is_playable(file0, rank0):
                raise Fen4Error(
                    f"FEN4 board, rank {rank_name}: piece {shown(cell.fen4())} on removed corner square {name}"
                )
            squares[index(file0, rank0)] = cell


def _read_board(text: str, position: Position) -> None:
    ranks = text.split("/")
    if len(ranks) != SIZE:
        raise Fen4Error(f"FEN4 board field: expected 14 ranks separated by '/', got {len(ranks)}")
    for row, rank_text in enumerate(ranks):
        _read_rank(rank_text, SIZE - 1 - row, position.squares)
    for seat in SEATS:
        kings = [sq for sq, piece in enumerate(position.squares) if piece == Piece("K", seat)]
        if len(kings) > 1:
            names = ", ".join(square_name(sq) for sq in kings)
            raise Fen4Error(
                f"FEN4 board field: seat {SEAT_LETTERS[seat]} has {len(kings)} live kings ({names}), at most 1 allowed"
            )


def _check_piece_counts(position: Position) -> None:
    for seat in SEATS:
        live = sum(1 for piece in position.squares if piece is not None and piece.owner == seat)
        if live > MAX_LIVE_PIECES:
            raise Fen4Error(
                f"FEN4 board field: seat {SEAT_LETTERS[seat]} has {live} live pieces, at most {MAX_LIVE_PIECES} allowed"
            )


def _check_en_passant(position: Position) -> None:
    """Each entry M:T must be the seat's own double step. One whose pawn is no longer on T (taken
    before its seat moved again) is void (fine point 5) and dropped, as in play (docs/rules.md §4,
    decision 7)."""
    for seat, entry in enumerate(position.en_passant):
        if entry is None:
            continue
        skipped, landed = entry
        text = f"{square_name(skipped)}:{square_name(landed)}"
        if own_line(seat, skipped) != 2 or pawn_push(seat, skipped) != landed:
            raise Fen4Error(f"FEN4 extras 'enPassant': {shown(text)} is not a double step of seat {SEAT_LETTERS[seat]}")
        if position.squares[landed] != Piece("P", seat):
            position.en_passant[seat] = None


def _apply_ffa_eliminations(position: Position, dead_king_walking: bool) -> None:
    """Fine point 7: dead, resigned or flagged seats and seats without a king are out. A
    resigned or flagged seat whose king is written live walks, if the rules let kings walk."""
    for seat in SEATS:
        left = position.resigned[seat] or position.flagged[seat]
        has_king = position.king_square(seat) is not None
        if dead_king_walking and left and has_king:
            start_walking(position, seat)
        elif left or position.dead[seat] or not has_king:
            eliminate(position, seat)
    position.ended = finished_on_board(position)
    if position.ended is None and not position.takes_turns(position.turn):
        raise Fen4Error(f"FEN4 turn field: {shown(SEAT_LETTERS[position.turn])} is to move but is eliminated")


def read_fen4(
    text: str,
    mode: str,
    dead_king_walking: bool = True,
    points_lead_ends_game: bool = True,
    walking_kings_stalemated_on_their_turn: bool = False,
) -> Position:
    """Parse and validate a FEN4 string into a Position of the given mode."""
    if not isinstance(text, str):
        raise Fen4Error(f"FEN4 must be a string, got {type(text).__name__}")
    compact = _ASCII_WHITESPACE.sub("", text)
    rest, extras = _split_extras(compact)
    fields = rest.split("-")
    if len(fields) != 7:
        raise Fen4Error(f"FEN4: expected 7 '-'-separated fields (8 with extras), got {len(fields)} in {shown(compact)}")
    turn, dead, short, long_, points, ply, board = fields

    position = Position(
        mode=mode,
        points_lead_ends_game=points_lead_ends_game,
        walking_kings_stalemated_on_their_turn=walking_kings_stalemated_on_their_turn,
    )
    if turn not in tuple(SEAT_LETTERS):
        raise Fen4Error(f"FEN4 turn field: expected one of R B Y G, got {shown(turn)}")
    position.turn = SEAT_LETTERS.index(turn)
    position.dead = _read_flags("dead", dead)
    position.castle_short = _read_flags("castling (kingside)", short)
    position.castle_long = _read_flags("castling (queenside)", long_)
    point_items = _four_items("points", points)
    if any(not _is_number(item) for item in point_items):
        raise Fen4Error(f"FEN4 points field: expected four non-negative integers, got {shown(points)}")
    position.points = [int(item) for item in point_items]
    if any(value > MAX_POINTS for value in position.points):
        raise Fen4Error(f"FEN4 points field: {shown(points)} has a value larger than {MAX_POINTS}")
    if not _is_number(ply):
        raise Fen4Error(f"FEN4 plyclock field: expected a non-negative integer, got {shown(ply)}")
    position.ply_clock = int(ply)
    if position.ply_clock > MAX_PLY_CLOCK:
        raise Fen4Error(f"FEN4 plyclock field: {shown(ply)} is larger than {MAX_PLY_CLOCK}")
    if extras is not None:
        _read_extras(extras, position)
    _read_board(board, position)
    _check_piece_counts(position)
    _check_en_passant(position)
    if mode == FFA:
        _apply_ffa_eliminations(position, dead_king_walking)
    return position
