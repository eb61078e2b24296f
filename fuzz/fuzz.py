"""Runs one fuzz target under atheris: python fuzz/fuzz.py TARGET [libFuzzer options and corpus
directories]. Use fuzz/run.sh, which puts the instrumented build first and preloads the
sanitizers; see fuzz/README.md."""

from __future__ import annotations

import importlib.util
import pkgutil
import sys

import atheris


def _reference_modules() -> list[str]:
    """fourchess.reference, fourchess.martian.reference and their modules by name (atheris excludes
    exact names only), found without importing them."""
    spec = importlib.util.find_spec("fourchess")
    assert spec is not None and spec.submodule_search_locations, "fourchess is not importable"
    found = []
    for package in ("reference", "martian/reference"):
        name = "fourchess." + package.replace("/", ".")
        folder = [f"{location}/{package}" for location in spec.submodule_search_locations]
        found += [name] + [f"{name}.{module.name}" for module in pkgutil.iter_modules(folder)]
    return found


# The Python side (fourchess.pgn4, the Board wrapper, the targets) gets atheris's bytecode
# coverage; the C++ core has libFuzzer's from -fsanitize=fuzzer-no-link. The reference is left
# out: instrumented, it made the differential target five times slower.
with atheris.instrument_imports(include=["fourchess", "fuzz_targets"], exclude=_reference_modules()):
    import fourchess.martian
    import fourchess.pgn4
    import fourchess.reference
    from fuzz_targets import targets

    try:  # the server's handlers, for server_requests, when the server extra is installed
        import fourchess.server.app  # noqa: F401 (imported to be instrumented)
    except ImportError:
        pass


def main() -> None:
    found = targets()
    if len(sys.argv) < 2 or sys.argv[1] not in found:
        sys.exit(f"usage: {sys.argv[0]} TARGET [libFuzzer options] [corpus dirs]; TARGET: {', '.join(found)}")
    atheris.Setup([sys.argv[0], *sys.argv[2:]], found[sys.argv[1]])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
