"""Play a game tree on a board: every move is parsed and checked, every slot gets its seat.

Seats: each entry belongs to the seat whose turn it is (the board skips eliminated seats and keeps
walking kings). ``R``/``T`` make that seat resign or time out; ``R`` by the leader of the last two
is a claim of the win. Glued to a move (``Kk1-k2R``), chess.com's order is: the seat leaves, then
its walking king moves in the same slot (see ``play_node``). ``S`` and ``#`` alone record an end
already decided on the board: ``S`` sits in the slot of the seat just stalemated (FFA), ``#`` in
the slot of the Teams seat that is checkmated on its own turn.
"""

from __future__ import annotations

from collections.abc import Iterator

from fourchess import Board, Move, Termination
from fourchess.pgn4.errors import Pgn4Error
from fourchess.pgn4.tree import NO_SEATS, Game, GameNode


def replay(game: Game, board: Board | None = None) -> Board:
    """Check every line of ``game`` on ``board`` (default: the game's start) and fill in each
    node's ``seat`` and ``move``. Returns the board at the end of the main line."""
    board = game.board() if board is None else board
    first = game.next()
    if first is not None:
        _replay_line(first, board, keep=True)
    return board


class _Line:
    """A line being replayed: its next node, the alternatives of that node still to replay,
    and how many steps it put on the board (popped when an alternative line ends)."""

    __slots__ = ("node", "alternatives", "actions", "keep")

    def __init__(self, node: GameNode | None, *, keep: bool) -> None:
        self.node = node
        self.alternatives: Iterator[GameNode] | None = None
        self.actions = 0
        self.keep = keep


def _replay_line(first: GameNode, board: Board, *, keep: bool = False) -> None:
    # An explicit stack of lines, not recursion, so that variations nest to any depth: before a
    # main-continuation node is played, each of its alternatives is replayed from the position
    # before it, and undone.
    lines = [_Line(first, keep=keep)]
    while lines:
        line = lines[-1]
        node = line.node
        if node is None:
            if not line.keep:
                for _ in range(line.actions):
                    board.pop()
            lines.pop()
            continue
        if line.alternatives is None:
            parent = node.parent
            assert parent is not None  # a line never starts at the root
            line.alternatives = iter(parent.variations[1:] if parent.variations[0] is node else ())
        alternative = next(line.alternatives, None)
        if alternative is not None:
            lines.append(_Line(alternative, keep=False))
            continue
        line.actions += play_node(node, board)
        line.node = node.next()
        line.alternatives = None


def play_node(node: GameNode, board: Board) -> int:
    """Play one entry; returns how many moves/actions went onto the board (to pop later)."""
    taking_turns_before = taking_turns(board)
    if node.move_text or node.move is not None:  # read from text, or built in code (parsed already)
        node.seat = int(board.turn)
        _refuse_if_over(node, board)
        actions = 0
        glued = node.marker in ("R", "T")
        if glued:
            # Kk1-k2R, Kj8xNj9T: chess.com has the seat resign / time out in its slot and then
            # moves its walking king at once (always a king move in the records; the capture
            # Kj8xNj9T scores nothing in 103144750's Result). A board that passes the turn on
            # leaving cannot hold that slot: there the move is played first, then the mover leaves.
            actions += _resign(node, board, node.seat)
            if int(board.turn) != node.seat or board.is_game_over():
                board.pop()
                actions -= 1
            else:
                glued = False
        move = parsed_move(node, board) if node.move_text else _legal_built_move(node, board)
        node.move = move
        board.push(move)
        actions += 1
        if glued:
            actions += _resign(node, board, node.seat)
        put_out = taking_turns_before - taking_turns(board)
        node.newly_eliminated = put_out or NO_SEATS  # shared: a new empty set per move adds up
        return actions
    if node.marker in ("R", "T"):
        node.seat = int(board.turn)
        return _resign(node, board, node.seat)
    if node.marker == "S":
        node.seat = _stalemated_seat(node, board)
        return 0
    if node.marker == "#":
        node.seat = _mated_seat(node, board)
        return 0
    raise Pgn4Error("empty entry", round=node.round, text=node.text)


def parsed_move(node: GameNode, board: Board) -> Move:
    """The move of ``node.move_text`` on ``board``; Pgn4Error naming the entry if it is not one."""
    try:
        return board.parse_move(node.move_text)
    except ValueError as error:
        seat = int(board.turn)
        raise Pgn4Error(_reason(error), round=node.round, seat=seat, text=node.text) from error


def _legal_built_move(node: GameNode, board: Board) -> Move:
    assert node.move is not None
    if not board.is_legal(node.move):
        raise Pgn4Error(f"illegal move {node.move}", round=node.round, seat=int(board.turn), text=str(node.move))
    return node.move


def taking_turns(board: Board) -> frozenset[int]:
    """Seats that still get a slot: active ones and walking kings."""
    walking = board.walking_kings
    return frozenset(seat for seat in range(4) if seat not in board.eliminated or seat in walking)


def _refuse_if_over(node: GameNode, board: Board) -> None:
    termination = board.termination()
    if termination is not None:
        raise Pgn4Error(
            f"the game is already over ({termination.name}) on the board",
            round=node.round,
            seat=node.seat,
            text=node.text,
        )


def _resign(node: GameNode, board: Board, seat: int) -> int:
    """``R``: resign, or (FFA, last two, leading by 21+) claim the win; ``T``: time out."""
    if board.is_ffa and node.marker == "R":
        if board.termination() is Termination.POINTS_LEAD and seat in board.winners():
            return 0  # the board ended the game at the 21-point lead; the record shows the claim
        if _leads_last_two(board, seat):
            return _act(node, board, "claim_win", seat)
    return _act(node, board, "resign" if node.marker == "R" else "timeout", seat)


def _act(node: GameNode, board: Board, action: str, seat: int) -> int:
    method = getattr(board, action, None)
    if method is None:
        raise Pgn4Error(
            f"this fourchess core has no Board.{action}() to replay {node.marker!r}",
            round=node.round,
            seat=seat,
            text=node.text,
        )
    try:
        method(seat)
    except ValueError as error:
        raise Pgn4Error(f"{action} refused: {error}", round=node.round, seat=seat, text=node.text) from error
    return 1


def _leads_last_two(board: Board, seat: int) -> bool:
    walking = board.walking_kings
    active = [s for s in range(4) if s not in board.eliminated and s not in walking]
    if len(active) != 2 or seat not in active:
        return False
    other = active[0] if active[1] == seat else active[1]
    return board.points[seat] - board.points[other] >= 21


def _teams_side_to_move_ended(node: GameNode, board: Board, ending: Termination, complaint: str) -> int:
    # Teams: a mate or stalemate marker names the side to move, whose position must end that way.
    if board.termination() is not ending:
        raise Pgn4Error(complaint, round=node.round, seat=int(board.turn), text=node.text)
    return int(board.turn)


def _stalemated_seat(node: GameNode, board: Board) -> int:
    # Teams: the side to move is stalemated (the game is drawn). FFA: the board put the seat out
    # right after the stalemating move, but the record writes S in the seat's own slot, which may
    # come a few entries later: the first seat after the previous entry's seat, in turn order,
    # among those put out by the entries since that seat's last slot.
    if not board.is_ffa:
        return _teams_side_to_move_ended(node, board, Termination.STALEMATE, "S but the side to move is not stalemated")
    recently_out: set[int] = set()
    ancestor = node.parent
    for _ in range(3):
        if ancestor is None or ancestor.parent is None:
            break
        recently_out |= ancestor.newly_eliminated
        ancestor = ancestor.parent
    previous = node.parent.seat if node.parent is not None and node.parent.seat is not None else -1
    for step in range(1, 5):
        seat = (previous + step) % 4
        if seat in recently_out:
            return seat
    raise Pgn4Error("S but no seat was stalemated since its last turn", round=node.round, text=node.text)


def _mated_seat(node: GameNode, board: Board) -> int:
    if not board.is_ffa:
        return _teams_side_to_move_ended(node, board, Termination.CHECKMATE, "# but the side to move is not checkmated")
    out = sorted(node.parent.newly_eliminated if node.parent is not None else ())
    if len(out) != 1:
        raise Pgn4Error("# but the entry before it eliminated no seat", round=node.round, text=node.text)
    return out[0]


def _reason(error: ValueError) -> str:
    kind = type(error).__name__.replace("MoveError", "").lower()
    return f"{kind} move: {error}" if kind in ("illegal", "ambiguous", "invalid") else str(error)
