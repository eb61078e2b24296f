"""Fixtures of the server tests; the throwaway PostgreSQL server lives in postgres.py beside this."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from postgres import fresh_postgres_url, postgres_cluster, postgres_url  # noqa: E402, F401  (fixtures)
