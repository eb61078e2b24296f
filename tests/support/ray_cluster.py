"""Ray for the distributed tests: skipped without the extra, failed when CI asks for it
(FOURCHESS_REQUIRE_RAY=1, as .ci/run sets)."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

# The test cluster's object store: the tests move counts and records, not arrays, and several
# clusters may run at once on one machine (a two-node cluster beside the session's).
OBJECT_STORE_BYTES = 100 * 1024 * 1024


def require_ray() -> ModuleType:
    """The ``ray`` package; the test is skipped without it, or fails when FOURCHESS_REQUIRE_RAY=1."""
    from fourchess.dist.cluster import RayMissing, ray_module

    try:
        return ray_module()
    except RayMissing as error:
        if os.environ.get("FOURCHESS_REQUIRE_RAY") == "1":
            pytest.fail(f"{error}; FOURCHESS_REQUIRE_RAY=1 asks for it")
        pytest.skip(str(error))
