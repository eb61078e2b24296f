"""Build FEN4 strings for hand-made test positions from a {square: cell} map."""

FILES = "abcdefghijklmn"


def _removed(file0: int, rank0: int) -> bool:
    return (file0 < 3 or file0 > 10) and (rank0 < 3 or rank0 > 10)


def build_fen4(cells: dict[str, str], turn: str = "R", dead: str = "0,0,0,0",
               short: str = "0,0,0,0", long: str = "0,0,0,0", points: str = "0,0,0,0",
               ply: int = 0, extras: str = "") -> str:
    """Every empty square written as its own '1' run; the reader must accept that too."""
    ranks = []
    for rank0 in reversed(range(14)):
        row = []
        for file0 in range(14):
            name = f"{FILES[file0]}{rank0 + 1}"
            row.append("x" if _removed(file0, rank0) else cells.get(name, "1"))
        ranks.append(",".join(row))
    head = [turn, dead, short, long, points, str(ply)] + ([extras] if extras else [])
    return "-".join(head + ["/".join(ranks)])
