"""The engine tests build positions with the rule tests' FEN4 writer (tests/rules/rules_helpers.py)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "rules"))
