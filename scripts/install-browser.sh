#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (tests/test_web_e2e.py), if it is missing.
# Idempotent; needs root (CI runs as root) and apt. Playwright drives this binary through
# `executable_path`, so `playwright install` (which downloads browsers) is never needed.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get here; install Chromium as /usr/bin/chromium yourself" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
test -x /usr/bin/chromium
