"""The environment of a Python child a test starts: pytest's pythonpath (pyproject.toml) puts
tests/ and fuzz/ on the tests' own sys.path, and reaches a child only through PYTHONPATH."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FUZZ = ROOT / "fuzz"


def child_env(*directories: Path) -> dict[str, str]:
    """os.environ with `directories` first on PYTHONPATH; what it held already follows them."""
    paths = [str(directory) for directory in directories]
    if os.environ.get("PYTHONPATH"):
        paths.append(os.environ["PYTHONPATH"])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
