#!/usr/bin/env bash
# Install seabattle with its test dependencies into .venv, install Debian's Chromium for the
# browser tests if it is missing, and run the whole test suite.
# Needs only Python 3.11+ and the package registries (and apt-get for Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-browser.sh
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
# One worker per core (pytest-xdist): the tests share no state but temporary files.
exec .venv/bin/python -m pytest -q -n auto "$@"
