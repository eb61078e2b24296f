"""A tiny program speaking the 4PC UCI dialect, for the match tests: it plays the first legal
move in sorted engine form, or misbehaves as its first argument says (``illegal``: answers h2-h5;
``crash``: exits when asked to search; ``linger PIDFILE``: writes its process id to PIDFILE and
never exits by itself, neither on ``quit`` nor when its input ends)."""

import os
import sys
import time

from fourchess import MODERN_START_FEN4, Board


def main() -> None:
    behaviour = sys.argv[1] if len(sys.argv) > 1 else "first"
    if behaviour == "linger":
        with open(sys.argv[2], "w", encoding="utf-8") as handle:
            handle.write(str(os.getpid()))
    mode, board = "teams", Board()
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["uci"]:
            print("id name fake\noption name Mode type combo default teams var teams var ffa\nuciok", flush=True)
        elif words[:1] == ["isready"]:
            print("readyok", flush=True)
        elif words[:4] == ["setoption", "name", "Mode", "value"]:
            mode = words[4]
        elif words[:1] == ["position"]:
            rest = words[2:] if words[1] == "startpos" else words[3:]
            board = Board(MODERN_START_FEN4 if words[1] == "startpos" else words[2], mode=mode)
            for move in rest[1:] if rest[:1] == ["moves"] else []:
                board.push_move(move)
        elif words[:1] == ["go"]:
            if behaviour == "crash":
                sys.exit(3)
            move = "h2-h5" if behaviour == "illegal" else min(str(move) for move in board.legal_moves)
            print(f"bestmove {move}", flush=True)
        elif words[:1] == ["quit"] and behaviour != "linger":
            return
    while behaviour == "linger":  # only a kill ends it
        time.sleep(1)


if __name__ == "__main__":
    main()
