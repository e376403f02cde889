#!/usr/bin/env bash
# What recording into the results store costs: games per second of one 200,000-game
# random/random Ticket to Ride run on one thread with --no-db, with an SQLite file, and with a
# PostgreSQL database (the one TOURNEY_TEST_POSTGRES names, e.g. from
# scripts/postgres-test-cluster.sh; left out without it), each ROUNDS times in turn (the best
# round counts: noise from other work on the machine only ever slows a round), then the store's
# size per game. A measurement, not a test: run it on a quiet machine.
# Usage: scripts/bench-store.sh [TOURNEY] [GAMES] [ROUNDS]
set -euo pipefail
tourney="${1:-target/release/tourney}"
games="${2:-200000}"
rounds="${3:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Seconds of one run with these store flags.
timed() {
    rm -rf "$work/out"
    local start end
    start=$(date +%s.%N)
    "$tourney" run --bots random,random --games "$games" --threads 1 --quiet --no-plots \
        --out "$work/out" "$@"
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

declare -A best
kinds=(none sqlite)
[ -n "${TOURNEY_TEST_POSTGRES:-}" ] && kinds+=(postgres)
for round in $(seq "$rounds"); do
    for kind in "${kinds[@]}"; do
        case "$kind" in
        none) seconds=$(timed --no-db) ;;
        sqlite) rm -f "$work/store.db"*; seconds=$(timed --db "$work/store.db") ;;
        postgres) seconds=$(timed --db "$TOURNEY_TEST_POSTGRES") ;;
        esac
        echo "round $round: $kind $seconds s"
        if [ -z "${best[$kind]:-}" ] || [ "$(echo "$seconds < ${best[$kind]}" | bc -l)" = 1 ]; then
            best[$kind]=$seconds
        fi
    done
done
echo
for kind in "${kinds[@]}"; do
    rate=$(echo "$games / ${best[$kind]}" | bc -l)
    cost=$(echo "100 * (${best[$kind]} / ${best[none]} - 1)" | bc -l)
    printf '%-8s %8.0f games/s  %+6.1f%% time against --no-db\n' "$kind" "$rate" "$cost"
done
size=$(stat -c %s "$work/store.db")
printf 'sqlite store: %d bytes, %.1f bytes a game\n' "$size" "$(echo "$size / $games" | bc -l)"
if [ -n "${TOURNEY_TEST_POSTGRES:-}" ]; then
    # Every round recorded a run there; one run's share of the tables and their indexes.
    bytes=$(psql "$TOURNEY_TEST_POSTGRES" -tAc "SELECT SUM(pg_total_relation_size(t)) FROM \
        unnest(ARRAY['runs','run_bots','games','seats','versions']) AS t")
    printf 'postgres store: %.1f bytes a game\n' "$(echo "$bytes / ($games * $rounds)" | bc -l)"
fi
