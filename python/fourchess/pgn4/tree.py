"""The game tree: a Game (headers + root) whose nodes are the slots of the rounds.

Each node is one entry in one seat's slot: a move, an end marker (``R`` resign or claim, ``T``
timeout, ``S`` stalemate recorded, ``#`` Teams mate confirmed), or a move with a marker glued on
(``Kk1-k2R``). ``variations[0]`` continues the main line; the others are alternatives to it.
"""

from __future__ import annotations

from collections.abc import Iterator

from fourchess import Board, Move, Rules, Seat
from fourchess.pgn4.setup import START_TAGS, Setup, setup_for_headers

# Shared: each frozenset() call makes a new 216-byte object, and most entries put no seat out.
NO_SEATS: frozenset[int] = frozenset()


class GameNode:
    """One slot: who played (``seat``), what (``move`` and/or ``marker``), as written (``text``).

    ``move_text`` is the move part of ``text`` and ``suffix`` its check suffix as read (``+#``);
    ``round`` the movetext round, ``newly_eliminated`` the seats the entry put out (both filled in
    by the replay). ``comment`` follows the entry; ``starting_comment`` stands before it at the
    start of a variation. ``parent`` is the node before (``None`` for the :class:`Game`), and
    ``variations`` the nodes after it, the main continuation first.
    """

    # slots, no __dict__: a game may hold up to pgn4.limits.MAX_NODES of these
    __slots__ = (
        "parent",
        "move",
        "marker",
        "text",
        "move_text",
        "suffix",
        "seat",
        "round",
        "newly_eliminated",
        "comment",
        "starting_comment",
        "variations",
    )

    def __init__(
        self,
        parent: GameNode | None = None,
        *,
        move: Move | None = None,
        marker: str | None = None,
        text: str = "",
        comment: str = "",
    ) -> None:
        self.parent = parent
        self.move = move
        self.marker = marker
        self.text = text  # the entry exactly as read ("Qe2-f1+#"); "" when built in code
        self.move_text = ""  # the move part of text ("Qe2-f1"), for the replay to parse
        self.suffix = ""  # the check suffix as read ("+#")
        self.seat: int | None = None  # filled in by the replay
        self.round: int | None = None
        self.newly_eliminated: frozenset[int] = NO_SEATS  # seats this entry put out (replay)
        self.comment = comment
        self.starting_comment = ""  # a comment written before this node, at the start of a variation
        self.variations: list[GameNode] = []

    # -- building ---------------------------------------------------------------------------
    def add_variation(
        self, move: Move | None = None, *, marker: str | None = None, text: str = "", comment: str = ""
    ) -> GameNode:
        """Append a child (the main continuation if it is the first)."""
        node = GameNode(self, move=move, marker=marker, text=text, comment=comment)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: Move | None = None, *, marker: str | None = None) -> GameNode:
        """Insert a child as the main continuation; the old main line becomes a variation."""
        node = GameNode(self, move=move, marker=marker)
        self.variations.insert(0, node)
        return node

    # -- walking ----------------------------------------------------------------------------
    def game(self) -> Game:
        """The :class:`Game` at the root of this node's tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, Game)
        return node

    def next(self) -> GameNode | None:
        """The main continuation, or None at the end of a line."""
        return self.variations[0] if self.variations else None

    def end(self) -> GameNode:
        """The last node of this node's main continuation."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_main_variation(self) -> bool:
        """This node is its parent's main continuation (the root counts as one)."""
        return self.parent is None or self.parent.variations[0] is self

    def is_mainline(self) -> bool:
        """Every node from the root to this one is a main continuation."""
        node: GameNode = self
        while node.parent is not None:
            if not node.is_main_variation():
                return False
            node = node.parent
        return True

    def mainline(self) -> Iterator[GameNode]:
        """The nodes that follow this one along the main continuation."""
        node = self.next()
        while node is not None:
            yield node
            node = node.next()

    def mainline_moves(self) -> list[Move]:
        """The moves of :meth:`mainline`, markers left out."""
        return [node.move for node in self.mainline() if node.move is not None]

    def path(self) -> list[GameNode]:
        """The nodes from the first slot of the game to this one (the root excluded)."""
        nodes = []
        node: GameNode | None = self
        while node is not None and node.parent is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def __repr__(self) -> str:
        what = self.text or (str(self.move) if self.move is not None else "") + (self.marker or "")
        return f"<GameNode round={self.round} seat={self.seat} {what!r}>"


class Game(GameNode):
    """A PGN4 game: ``headers`` (a dict, in the order read) and the tree of slots below it.

    ``setup`` is the :class:`Setup` the reader worked out when the headers alone did not say it
    (otherwise ``None``). ``rules`` is the :class:`~fourchess.Rules` a game built from a board
    (:func:`game_from_board`) was played under, which PGN4's tags cannot all name (a move limit,
    the 21-point lead ending the game at once); ``None`` means the rules the headers name, as
    chess.com plays. The node fields of :class:`GameNode` are empty at the root.
    """

    def __init__(self, headers: dict[str, str] | None = None) -> None:
        super().__init__(None)
        self.headers: dict[str, str] = dict(headers or {})
        self.setup: Setup | None = None  # set by the reader when it had to work the setup out
        self.rules: Rules | None = None  # set by game_from_board: the board's own rules

    def board(self) -> Board:
        """A new board at the game's starting position, with the game's ``rules`` when it has
        them, else the rules its headers name."""
        setup = self.setup or setup_for_headers(self.headers)
        if self.rules is None:
            return setup.board()
        return Board(None if setup.start in START_TAGS.values() else setup.start, rules=self.rules)

    def __repr__(self) -> str:
        names = " - ".join(self.headers.get(seat.title, "?") for seat in Seat)
        return f"<Game {names} ({sum(1 for _ in self.mainline())} slots)>"
