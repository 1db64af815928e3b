#!/usr/bin/env bash
# Install seabattle with its test dependencies into .venv and run the whole test suite.
# Needs only Python 3.11+ and the package registries.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
exec .venv/bin/python -m pytest -q "$@"
