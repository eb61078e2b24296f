"""fourchess.rl: four-player chess and Martian Chess for reinforcement learning (the ``rl`` extra).

The encoding is the core's: observation planes in the mover's frame, a fixed index for every
move the board's geometry allows, and the mask of the legal ones, written by C++ into NumPy
arrays, for one board or a batch with the GIL released. docs/rl.md describes the layout.
"""
