"""fourchess.rl: four-player chess and Martian Chess for reinforcement learning (the ``rl`` extra:
``pip install 'fourchess[rl]'``).

The encoding is the core's (``fourchess.rl.encoding``): observation planes in the mover's
frame, a fixed index for every move the board's geometry allows, and the mask of the legal ones,
written by C++ into NumPy arrays, for one board or a batch with the GIL released. On it stand the
environments people already use: :func:`env`, PettingZoo's AEC interface for four agents
(``fourchess.rl.aec``), and :class:`FourChessEnv`, a Gymnasium environment where one learner
plays against given players (registered as ``ENV_ID``, ``"fourchess/FourChess-v0"``). Martian
Chess has the same: its encoding in ``fourchess.rl.martian`` and :func:`martian_env`. docs/rl.md
describes the layout and walks through training a network.

Constants: ``ACTION_COUNT`` (7,072 actions), ``MAX_HISTORY`` (the most positions an observation
stacks), ``AGENTS`` (the PettingZoo agents in seat order), ``ENV_ID`` (the Gymnasium id) and
``PLACE_REWARDS`` (the FFA rewards of first to fourth place).
"""

from fourchess.rl.aec import AGENTS, env, raw_env
from fourchess.rl.encoding import (
    ACTION_COUNT,
    MAX_HISTORY,
    IllegalActionError,
    decode_action,
    encode_move,
    from_frame,
    legal_actions,
    legal_mask,
    legal_mask_batch,
    plane_count,
    plane_names,
    planes,
    planes_batch,
    to_frame,
)
from fourchess.rl.gym_env import ENV_ID, FourChessEnv
from fourchess.rl.martian_env import martian_env, martian_raw_env
from fourchess.rl.rewards import PLACE_REWARDS, outcome_rewards

__all__ = [
    "ACTION_COUNT",
    "AGENTS",
    "ENV_ID",
    "FourChessEnv",
    "IllegalActionError",
    "MAX_HISTORY",
    "PLACE_REWARDS",
    "decode_action",
    "encode_move",
    "env",
    "from_frame",
    "legal_actions",
    "legal_mask",
    "legal_mask_batch",
    "martian_env",
    "martian_raw_env",
    "outcome_rewards",
    "plane_count",
    "plane_names",
    "planes",
    "planes_batch",
    "raw_env",
    "to_frame",
]
