#!/usr/bin/env bash
# Install seabattle with its test dependencies into .venv, install Debian's Chromium for the
# browser tests if it is missing, start PostgreSQL and Redis for the server's tests if none
# answers (scripts/start-services.sh), and run the whole test suite.
# Needs only Python 3.11+ and the package registries (and apt-get for Chromium, PostgreSQL
# and Redis).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-browser.sh
bash scripts/start-services.sh
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
# One worker per core (pytest-xdist): the tests share no state but temporary files.
exec .venv/bin/python -m pytest -q -n auto "$@"
