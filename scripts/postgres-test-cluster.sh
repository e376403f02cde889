#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the results store's tests and prints the lines that
# point them at it: `eval "$(scripts/postgres-test-cluster.sh start)"` exports
# TOURNEY_TEST_POSTGRES (postgres://tourney:tourney@127.0.0.1:PORT/tourney, a role that may
# create databases, password-checked over TCP) and TOURNEY_TEST_POSTGRES_DIR;
# `scripts/postgres-test-cluster.sh stop DIR` ends it and removes its files.
# Installs Debian's postgresql when missing (CI runs as root on a fresh machine). Needs root:
# the server runs as the `postgres` user the package creates.
set -euo pipefail

case "${1:-}" in
start) ;;
stop)
    dir="${2:?usage: $0 stop DIR}"
    bin="$(cat "$dir/bin")"
    su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$dir/data' -m fast stop" >/dev/null || true
    rm -rf "$dir"
    exit 0
    ;;
*)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac

if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2
fi
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"

dir="$(mktemp -d /tmp/tourney-postgres.XXXXXX)"
chown postgres "$dir"
echo "$bin" >"$dir/bin"
# The first free port from 54329 (bash's /dev/tcp connects when something listens).
port=54329
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    port=$((port + 1))
done
as_postgres() { su postgres -s /bin/sh -c "$1" >&2; }
as_postgres "'$bin/initdb' -D '$dir/data' -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale"
as_postgres "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1\" start"
as_postgres "'$bin/psql' -h '$dir' -p $port -U postgres -v ON_ERROR_STOP=1 -q -c \"CREATE ROLE tourney LOGIN CREATEDB PASSWORD 'tourney'\" -c 'CREATE DATABASE tourney OWNER tourney'"
echo "export TOURNEY_TEST_POSTGRES=postgres://tourney:tourney@127.0.0.1:$port/tourney"
echo "export TOURNEY_TEST_POSTGRES_DIR=$dir"
