#!/usr/bin/env bash
# Start PostgreSQL and Redis for the server's tests (tests/backends.py) when none answers, and
# install nginx (not started: tests/test_multiprocess.py runs docs/deploy.md's configuration):
# PostgreSQL on 127.0.0.1:$PG_PORT with trust authentication and a database `test`, Redis on
# 127.0.0.1:$REDIS_PORT keeping nothing on disk. Installs Debian's `postgresql` and
# `redis-server` packages first if they are missing (needs root, like install-browser.sh).
# A server already answering is left as it is (the development machines start both).
set -euo pipefail
PG_PORT="${PG_PORT:-5432}"
REDIS_PORT="${REDIS_PORT:-6379}"
STATE="${SERVICES_DIR:-/tmp/seabattle-services}"

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

install_packages() {
    if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! answers "$PG_PORT"; then
    ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || install_packages postgresql
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    data="$STATE/postgres-$PG_PORT"
    if [ ! -f "$data/PG_VERSION" ]; then
        install -d -o postgres "$data"
        runuser -u postgres -- "$bin/initdb" -D "$data" -A trust -U postgres >/dev/null
    fi
    runuser -u postgres -- "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
        -o "-p $PG_PORT -k $data -c listen_addresses=127.0.0.1" start >/dev/null
    runuser -u postgres -- "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qAt \
        -c "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 \
        || runuser -u postgres -- "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres test
    echo "start-services: PostgreSQL started on 127.0.0.1:$PG_PORT ($data)"
fi

if ! answers "$REDIS_PORT"; then
    command -v redis-server >/dev/null || install_packages redis-server
    mkdir -p "$STATE"
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no \
        --daemonize yes --logfile "$STATE/redis-$REDIS_PORT.log" --dir "$STATE"
    for _ in $(seq 50); do answers "$REDIS_PORT" && break; sleep 0.1; done
    echo "start-services: Redis started on 127.0.0.1:$REDIS_PORT"
fi

if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    install_packages nginx-light
fi
