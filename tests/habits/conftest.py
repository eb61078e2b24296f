"""The python-chess habits tests build positions with the rule tests' FEN4 writer
(tests/rules/rules_helpers.py: text only, no chess rule)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, os.pardir, "rules"))
