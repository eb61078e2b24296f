"""The errors the reference raises; all are ValueErrors, as in python-chess."""


class Fen4Error(ValueError):
    """A FEN4 string that cannot be read; the message names the field and the text."""


class InvalidMoveError(ValueError):
    """Move text that cannot be parsed at all."""


class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the position."""
