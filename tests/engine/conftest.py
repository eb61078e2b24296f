"""The engine tests build positions with the rule tests' FEN4 writer (tests/rules/rules_helpers.py)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "rules"))
# ... and the UCI tests their session helper beside them (uci_session.py).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
