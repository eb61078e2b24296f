"""A board's legal moves as the rule tests ask for them: engine text, by origin square, and the
perft counts of every way the implementation counts."""


def moves(board):
    """The legal moves in engine form."""
    return {str(m) for m in board.legal_moves}


def moves_from(board, square):
    """The legal moves of the piece on `square`."""
    return {m for m in moves(board) if m.split("-")[0] == square}


def perft_counts(board, depth):
    """The set of perft counts every way the implementation has of counting (the core counts the
    last ply in bulk, or by making and unmaking each move): one element when they agree."""
    try:
        return {board.perft(depth), board.perft(depth, bulk=False)}
    except TypeError:  # the reference counts one way only
        return {board.perft(depth)}
