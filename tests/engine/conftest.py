import sys
from pathlib import Path

# Lets the test modules import uci_session.py beside them.
sys.path.insert(0, str(Path(__file__).parent))
