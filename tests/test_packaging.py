"""The version, the licence and the dependency lists: what pyproject.toml promises holds."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest

import fourchess
from fourchess._version import UNINSTALLED, installed_version

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PEP440 = re.compile(r"^\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?(\+[a-z0-9.]+)?$")


def test_version_is_the_installed_distributions() -> None:
    try:
        installed = metadata.version("fourchess")
    except metadata.PackageNotFoundError:  # run against the source tree (PYTHONPATH)
        assert fourchess.__version__ == UNINSTALLED
    else:
        assert fourchess.__version__ == installed == PYPROJECT["project"]["version"]
    assert PEP440.match(fourchess.__version__)


def test_a_missing_distribution_gets_the_fallback_version() -> None:
    assert installed_version("fourchess-no-such-distribution") == UNINSTALLED
    assert PEP440.match(UNINSTALLED)


def test_licence_file_is_the_one_pyproject_names() -> None:
    assert PYPROJECT["project"]["license"] == {"text": "MIT"}
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "the fourchess authors" in text
