"""Helpers of the tests (and of bench/test_server_load.py), one module per idea, imported as
``support.<module>``: pyproject.toml's pytest ``pythonpath`` puts tests/ on sys.path. Fixtures
and hooks stay in the conftest.py files; the fixtures defined here are imported by name where
they are used."""
