"""Tests of fourchess.rl: the encoding, the PettingZoo, Gymnasium and OpenSpiel environments."""
