#!/usr/bin/env bash
# What recording into the results store costs: games per second of one 200,000-game
# random/random Ticket to Ride run on one thread with --no-db, with an SQLite file, and with a
# PostgreSQL database (the one TOURNEY_TEST_POSTGRES names, e.g. from
# scripts/postgres-test-cluster.sh; left out without it), each ROUNDS times in turn, then the
# store's size per game. Games per second are the run's wall time, as a user waits for it: the
# store writes on a thread of its own, so the process's CPU time (user + system, the writer
# thread's included; a PostgreSQL server's own work is not) is printed beside it. Each kind's
# best round and median round are shown: noise from other work on the machine only ever
# slows a round, so the best is the cost on a quiet machine and the gap to the median says
# how noisy the machine was. A measurement, not a test.
# Usage: scripts/bench-store.sh [TOURNEY] [GAMES] [ROUNDS]
set -euo pipefail
tourney="${1:-target/release/tourney}"
games="${2:-200000}"
rounds="${3:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# "WALL CPU" seconds of one run with these store flags.
timed() {
    rm -rf "$work/out"
    /usr/bin/time -f '%e %U %S' -o "$work/time" \
        "$tourney" run --bots random,random --games "$games" --threads 1 --quiet --no-plots \
        --out "$work/out" "$@"
    read -r wall user system <"$work/time"
    echo "$wall $(echo "$user + $system" | bc -l)"
}

# The best (smallest) and the median of the numbers on stdin, one a line.
best_and_median() {
    sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print v[1], m }'
}

# Bytes of the PostgreSQL database's tables with their indexes.
postgres_bytes() {
    psql "$TOURNEY_TEST_POSTGRES" -tAc "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) \
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
        WHERE n.nspname = current_schema() AND c.relkind = 'r'"
}

kinds=(none sqlite)
if [ -n "${TOURNEY_TEST_POSTGRES:-}" ]; then
    kinds+=(postgres)
    postgres_before=$(postgres_bytes)
fi
for round in $(seq "$rounds"); do
    for kind in "${kinds[@]}"; do
        case "$kind" in
        none) seconds=$(timed --no-db) ;;
        sqlite) rm -f "$work/store.db"*; seconds=$(timed --db "$work/store.db") ;;
        postgres) seconds=$(timed --db "$TOURNEY_TEST_POSTGRES") ;;
        esac
        echo "round $round: $kind ${seconds% *} s wall, ${seconds#* } s CPU"
        echo "${seconds% *}" >>"$work/$kind.wall"
        echo "${seconds#* }" >>"$work/$kind.cpu"
    done
done
echo
read -r none_wall none_wall_median < <(best_and_median <"$work/none.wall")
read -r none_cpu none_cpu_median < <(best_and_median <"$work/none.cpu")
printf '%-8s %12s %12s %14s %14s\n' '' 'best games/s' 'median' 'wall vs none' 'CPU vs none'
for kind in "${kinds[@]}"; do
    read -r wall wall_median < <(best_and_median <"$work/$kind.wall")
    read -r cpu cpu_median < <(best_and_median <"$work/$kind.cpu")
    printf '%-8s %12.0f %12.0f %+6.1f%% %+5.1f%% %+6.1f%% %+5.1f%%\n' "$kind" \
        "$(echo "$games / $wall" | bc -l)" "$(echo "$games / $wall_median" | bc -l)" \
        "$(echo "100 * ($wall / $none_wall - 1)" | bc -l)" \
        "$(echo "100 * ($wall_median / $none_wall_median - 1)" | bc -l)" \
        "$(echo "100 * ($cpu / $none_cpu - 1)" | bc -l)" \
        "$(echo "100 * ($cpu_median / $none_cpu_median - 1)" | bc -l)"
done
echo '(each cost: best round, then median round)'
size=$(stat -c %s "$work/store.db")
printf 'sqlite store: %d bytes, %.1f bytes a game\n' "$size" "$(echo "$size / $games" | bc -l)"
if [ -n "${TOURNEY_TEST_POSTGRES:-}" ]; then
    # Every round recorded a run there.
    bytes=$(($(postgres_bytes) - postgres_before))
    printf 'postgres store: %.1f bytes a game\n' "$(echo "$bytes / ($games * $rounds)" | bc -l)"
fi
