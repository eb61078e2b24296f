"""Prints the requirements of one of pyproject.toml's optional extras, one per line, for the CI
scripts that install an extra's packages without building fourchess again:
python .ci/extra_packages.py server"""

import sys
import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
print("\n".join(project["optional-dependencies"][sys.argv[1]]))
