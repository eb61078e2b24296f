"""Squares by name for the tests: files a-n, ranks 1-14, the four 3x3 corners removed; a square's
index is rank0 * 14 + file0 (a1 = 0), as the core and the reference number them."""

FILES = "abcdefghijklmn"


def on_board(file0, rank0):
    return not ((file0 < 3 or file0 > 10) and (rank0 < 3 or rank0 > 10))


def coords(name):
    """'h1' -> (7, 0)."""
    file0 = FILES.index(name[0])
    rank0 = int(name[1:]) - 1
    if not (0 <= rank0 < 14 and on_board(file0, rank0)):
        raise ValueError(f"square {name!r} is not on the 160-square board")
    return file0, rank0


def sq(name):
    """Square index, r * 14 + f (a1 = 0)."""
    file0, rank0 = coords(name)
    return rank0 * 14 + file0


def square_name(file0, rank0):
    return f"{FILES[file0]}{rank0 + 1}"
