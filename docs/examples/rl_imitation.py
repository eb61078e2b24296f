"""A policy/value network for four-player chess (Teams), trained by imitation of the built-in
search's self-play games, then played, with a shallow minimax over it, against the random, greedy
and search players.

    fourchess selfplay --output games.parquet --games 2500 --nodes 1000 --seed 7
    python docs/examples/rl_imitation.py train games.parquet --out net.pt --epochs 2
    python docs/examples/rl_imitation.py play net.pt --games 40 --depth 2 --width 4

Needs PyTorch (``pip install torch``, the CPU build is enough) beside ``fourchess[rl,selfplay]``.
The network sees ``fourchess.rl.planes`` (the mover's frame; as uint8, counts unscaled, so that
160,000 positions fit in 2.2 GB) and answers with a logit for each of
the 7,072 actions, from a head that scores every (square, kind of step) pair and picks the
numbered ones, and a value in [-1, 1] for the mover's team. docs/rl.md shows a run and its figures.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import numpy as np
import pyarrow.parquet as pq
import torch
from torch import nn
from torch.nn import functional

import fourchess
import fourchess.rl as rl
from fourchess import _core
from fourchess.players import GreedyPlayer, Player, RandomPlayer, SearchPlayer


def step_channels() -> tuple[int, np.ndarray]:
    """Each action as (kind of step, from square): the policy head scores kinds x squares, and
    ``gather`` picks the 7,072 that are actions. Returns the number of kinds and, per action, its
    flat index into (kinds, 196)."""
    kinds: dict[tuple[int, int, int], int] = {}
    flat = np.empty(rl.ACTION_COUNT, np.int64)
    for action in range(rl.ACTION_COUNT):
        origin, target, promotion = _core.rl.frame_action(action)
        step = (target % 14 - origin % 14, target // 14 - origin // 14, promotion)
        kind = kinds.setdefault(step, len(kinds))
        flat[action] = kind * 196 + origin
    return len(kinds), flat


class Block(nn.Module):
    def __init__(self, channels: int) -> None:
        super().__init__()
        self.first = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.first_norm = nn.BatchNorm2d(channels)
        self.second = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.second_norm = nn.BatchNorm2d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = functional.relu(self.first_norm(self.first(x)))
        return functional.relu(x + self.second_norm(self.second(y)))


class PolicyValueNet(nn.Module):
    """A small residual tower (AlphaZero's shape, much smaller) with a policy and a value head."""

    def __init__(self, channels: int = 64, blocks: int = 4) -> None:
        super().__init__()
        kinds, flat = step_channels()
        self.register_buffer("action_cells", torch.from_numpy(flat))
        self.stem = nn.Sequential(
            nn.Conv2d(rl.plane_count(), channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels), nn.ReLU()
        )
        self.tower = nn.Sequential(*(Block(channels) for _ in range(blocks)))
        self.policy = nn.Conv2d(channels, kinds, 1)
        self.value = nn.Sequential(
            nn.Conv2d(channels, 4, 1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 196, 64), nn.ReLU(), nn.Linear(64, 1)
        )

    def forward(self, planes: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x = self.tower(self.stem(planes))
        logits = self.policy(x).flatten(1)[:, self.action_cells]
        return logits, torch.tanh(self.value(x)).squeeze(1)


# --- data -----------------------------------------------------------------------------------------


# The search's score as a value in [-1, 1]: tanh of the score in units of this many centipawns
# (Teams: a pawn is 50), so a piece up reads about 0.5; a forced win or loss is +1 or -1.
SCORE_SCALE = 300.0


def load_positions(path: str, value_target: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The searched positions of a ``fourchess selfplay`` file as (planes, legal masks, the
    search's action, the value target in [-1, 1] for the mover's team: the search's own score, or
    the game's result)."""
    columns = ["fen4", "mode", "move", "searched", "result", "score_cp", "score_mate"]
    table = pq.read_table(path, columns=columns).to_pydict()
    boards, actions, values = [], [], []
    for fen4, mode, move, searched, result, score_cp, score_mate in zip(*(table[c] for c in columns), strict=True):
        if not searched:  # the random opening and walking kings: not the search's choice
            continue
        board = fourchess.Board(fen4, mode=mode)
        boards.append(board)
        actions.append(rl.encode_move(board, board.parse_uci(move)))
        if value_target == "result":
            values.append(2.0 * result - 1.0)
        elif score_mate:
            values.append(1.0 if score_mate > 0 else -1.0)
        else:
            values.append(float(np.tanh(score_cp / SCORE_SCALE)))
    return (
        rl.planes_batch(boards, dtype="uint8"),  # a quarter of float32's memory; made float per batch
        rl.legal_mask_batch(boards),
        np.array(actions, np.int64),
        np.array(values, np.float32),
    )


def masked(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(masks == 0, float("-inf"))


def train(args: argparse.Namespace) -> None:
    torch.manual_seed(args.seed)
    start = time.perf_counter()
    planes, masks, actions, results = load_positions(args.data, args.value_target)
    print(f"{len(actions):,} positions read and encoded in {time.perf_counter() - start:.1f} s")
    order = np.random.default_rng(args.seed).permutation(len(actions))
    held = order[: len(order) // 20]  # 5 % kept aside to see the fit generalise
    used = order[len(order) // 20 :]
    net = PolicyValueNet(args.channels, args.blocks)
    optimiser = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * (len(used) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=max(steps, 1))
    tensors = [torch.from_numpy(a) for a in (planes, masks, actions, results)]
    start = time.perf_counter()
    for epoch in range(1, args.epochs + 1):
        net.train()
        shuffled = used[np.random.default_rng(args.seed + epoch).permutation(len(used))]
        for first in range(0, len(shuffled) - args.batch + 1, args.batch):
            batch = torch.from_numpy(shuffled[first : first + args.batch])
            x, m, a, r = (t[batch] for t in tensors)
            logits, value = net(x.float())
            loss = functional.cross_entropy(masked(logits, m), a) + functional.mse_loss(value, r)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        accuracy, value_error = evaluate(net, [t[torch.from_numpy(held)] for t in tensors])
        print(
            f"epoch {epoch}: held-out move agreement {accuracy:.1%}, value MSE {value_error:.3f}"
            f" ({time.perf_counter() - start:.0f} s)"
        )
    torch.save({"state": net.state_dict(), "channels": args.channels, "blocks": args.blocks}, args.out)
    print(f"saved {args.out}")


@torch.no_grad()
def evaluate(net: PolicyValueNet, held: Sequence[torch.Tensor]) -> tuple[float, float]:
    net.eval()
    x, m, a, r = held
    logits, value = net(x.float())
    agreement = (masked(logits, m).argmax(1) == a).float().mean().item()
    return agreement, functional.mse_loss(value, r).item()


# --- playing --------------------------------------------------------------------------------------


class NetPlayer:
    """Plays the network's most likely legal move (a fourchess.players.Player)."""

    def __init__(self, net: PolicyValueNet) -> None:
        self.net = net.eval()

    @torch.no_grad()
    def choose_move(self, board: fourchess.Board) -> fourchess.Move:
        logits, _ = self.net(torch.from_numpy(rl.planes(board, dtype="uint8")[None]).float())
        mask = torch.from_numpy(rl.legal_mask(board)[None])
        return rl.decode_action(board, int(masked(logits, mask).argmax()))


# A finished game's worth in the lookahead: beyond any value the network can give (it gives [-1, 1]).
WON, DRAWN, LOST = 2.0, 0.0, -2.0


def partners(seat: fourchess.Seat, other: fourchess.Seat) -> bool:
    """Whether two seats play for one team (Teams: opposite seats are partners)."""
    return (seat - other) % 2 == 0


class _Node:
    """A position of the lookahead tree; ``value`` is for the team of ``mover``, who moves at the
    root."""

    __slots__ = ("board", "children", "finished", "value")

    def __init__(self, board: fourchess.Board, mover: fourchess.Seat) -> None:
        self.board = board
        self.children: list[_Node] = []
        self.value = 0.0
        self.finished = board.is_game_over()
        if self.finished:
            outcome = board.outcome()
            if outcome is None or outcome.winner is None:
                self.value = DRAWN
            else:
                self.value = WON if mover in outcome.winner else LOST

    def child(self, move: fourchess.Move, mover: fourchess.Seat) -> _Node:
        board = self.board.copy(stack=True)
        board.push(move)
        node = _Node(board, mover)
        self.children.append(node)
        return node

    def back_up(self, mover: fourchess.Seat) -> float:
        """Minimax: the mover here picks the child best for its own team."""
        if self.children:
            values = [child.back_up(mover) for child in self.children]
            ours = partners(self.board.turn, mover)
            self.value = max(values) if ours else min(values)
        return self.value


class LookaheadPlayer(NetPlayer):
    """A minimax over the network, ``depth`` plies deep: every legal move at the root, the
    policy's ``width`` likeliest moves at the plies below, and the value head at the leaves (a
    won or lost game above any value). Each ply's positions go through the network in one batch.
    Depth 0 is the policy alone."""

    def __init__(self, net: PolicyValueNet, depth: int = 2, width: int = 4) -> None:
        super().__init__(net)
        if depth < 0 or width < 1:
            raise ValueError(f"the lookahead needs depth >= 0 and width >= 1, not {depth} and {width}")
        self.depth = depth
        self.width = width

    @torch.no_grad()
    def choose_move(self, board: fourchess.Board) -> fourchess.Move:
        if self.depth == 0:
            return super().choose_move(board)
        mover = board.turn
        root = _Node(board, mover)
        moves = list(board.legal_moves)
        frontier = [root.child(move, mover) for move in moves]
        for ply in range(1, self.depth + 1):
            going_on = [node for node in frontier if not node.finished]
            if not going_on:
                break
            boards = [node.board for node in going_on]
            logits, values = self.net(torch.from_numpy(rl.planes_batch(boards, dtype="uint8")).float())
            if ply == self.depth:  # the leaves: the value head, for the mover there, turned to our team
                for node, value in zip(going_on, values.tolist(), strict=True):
                    node.value = value if partners(node.board.turn, mover) else -value
                break
            likeliest = masked(logits, torch.from_numpy(rl.legal_mask_batch(boards))).topk(self.width, dim=1)
            frontier = []
            for node, scores, actions in zip(going_on, likeliest.values, likeliest.indices, strict=True):
                for score, action in zip(scores.tolist(), actions.tolist(), strict=True):
                    if score != float("-inf"):  # fewer legal moves than the width
                        frontier.append(node.child(rl.decode_action(node.board, action), mover))
        root.back_up(mover)
        best = max(range(len(moves)), key=lambda i: root.children[i].value)
        return moves[best]


def play_game(players: Sequence[Player], seed: int, max_moves: int = 400) -> float:
    """One Teams game from a few random plies; Red+Yellow's score (1, 1/2 or 0; 1/2 when the game
    reaches ``max_moves`` plies). The match counts the plies itself rather than giving the board a
    move limit: the training positions had none, and a set limit is an input plane the network
    never saw."""
    rng = random.Random(seed)
    board = fourchess.Board()
    for _ in range(rng.randint(0, 4)):
        board.push(rng.choice(list(board.legal_moves)))
    while not board.is_game_over():
        if len(board.move_stack) >= max_moves:
            return 0.5
        board.push(players[board.turn].choose_move(board))
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if fourchess.Seat.RED in outcome.winner else 0.0


def match(net_player: Player, opponent: Callable[[], Player], games: int, seed: int) -> tuple[float, float]:
    """The network's team against the opponent's, sides swapped every game: its score share and
    the seconds the match took."""
    start = time.perf_counter()
    score = 0.0
    for game in range(games):
        other = opponent()
        if game % 2 == 0:
            score += play_game([net_player, other, net_player, other], seed + game)
        else:
            score += 1.0 - play_game([other, net_player, other, net_player], seed + game)
    return score / games, time.perf_counter() - start


def play(args: argparse.Namespace) -> None:
    saved = torch.load(args.net, weights_only=True)
    net = PolicyValueNet(saved["channels"], saved["blocks"])
    net.load_state_dict(saved["state"])
    player = LookaheadPlayer(net, args.depth, args.width)
    opponents: list[tuple[str, Callable[[], Player]]] = []
    if "random" in args.against:
        opponents.append(("random", lambda: RandomPlayer(seed=args.seed)))
    if "greedy" in args.against:
        opponents.append(("greedy", lambda: GreedyPlayer(seed=args.seed)))
    if "search" in args.against:
        opponents += [(f"search {n} nodes", lambda n=n: SearchPlayer(nodes=n, hash_mb=8)) for n in args.nodes]
    for name, opponent in opponents:
        share, seconds = match(player, opponent, args.games, args.seed)
        print(f"network vs {name:<18} {share:6.1%} of the points in {args.games} games ({seconds:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    learn = commands.add_parser("train", help="fit the network to a self-play file")
    learn.add_argument("data", help="a Parquet file written by fourchess selfplay (Teams)")
    learn.add_argument("--out", default="net.pt")
    learn.add_argument("--epochs", type=int, default=4)
    learn.add_argument("--batch", type=int, default=256)
    learn.add_argument("--lr", type=float, default=2e-3)
    learn.add_argument("--channels", type=int, default=64)
    learn.add_argument("--blocks", type=int, default=4)
    learn.add_argument("--seed", type=int, default=1)
    learn.add_argument(
        "--value-target", choices=("score", "result"), default="score", help="the search's score or the game's result"
    )
    learn.set_defaults(run=train)
    games = commands.add_parser("play", help="match the network against the other players")
    games.add_argument("net")
    games.add_argument("--games", type=int, default=40)
    games.add_argument(
        "--against", nargs="+", choices=("random", "greedy", "search"), default=["random", "greedy", "search"]
    )
    games.add_argument("--nodes", type=int, nargs="+", default=[50, 200, 1000], help="the search's node budgets")
    games.add_argument("--seed", type=int, default=1000)
    games.add_argument(
        "--depth", type=int, default=2, help="plies of minimax over the network (0: the policy's likeliest move)"
    )
    games.add_argument("--width", type=int, default=4, help="the policy's likeliest moves searched below the root")
    games.set_defaults(run=play)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
