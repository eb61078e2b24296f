"""fourchess.rl: four-player chess and Martian Chess for reinforcement learning (the ``rl`` extra).

The encoding is the core's: observation planes in the mover's frame, a fixed index for every
move the board's geometry allows, and the mask of the legal ones, written by C++ into NumPy
arrays, for one board or a batch with the GIL released. docs/rl.md describes the layout.
"""

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

__all__ = [
    "ACTION_COUNT",
    "MAX_HISTORY",
    "IllegalActionError",
    "decode_action",
    "encode_move",
    "from_frame",
    "legal_actions",
    "legal_mask",
    "legal_mask_batch",
    "plane_count",
    "plane_names",
    "planes",
    "planes_batch",
    "to_frame",
]
