"""The package's version: the installed distribution's, which pyproject.toml sets once."""

from __future__ import annotations

from importlib import metadata

UNINSTALLED = "0+unknown"  # a valid PEP 440 version that sorts before every release


def installed_version(distribution: str = "fourchess") -> str:
    """The installed version of ``distribution``; :data:`UNINSTALLED` when the package is imported
    from a source tree that was never installed."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return UNINSTALLED
