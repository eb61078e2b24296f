import sys
from pathlib import Path

# Lets test modules import the small helpers that live beside them (tables.py).
sys.path.insert(0, str(Path(__file__).parent))
