#!/usr/bin/env bash
# Does a ladder's memory stay flat as its games pile up (issue 43, goal 6; docs/guide/ladder.md,
# "Memory over many games")? Plays a ladder of the shipped example programs (three copies of
# the C random player, bots/examples/random.c, and the Python claimer,
# bots/examples/t2r_claimer.py) on the small Ticket to Ride map for MINUTES, and every
# INTERVAL seconds samples the ladder process's resident memory (VmRSS) and its peak so far
# (VmHWM) from /proc/PID/status, against the games its status.json says the ladder holds.
#
#   scripts/ladder-memory.sh [MINUTES] [INTERVAL] [THREADS]
#       (default 25 minutes, a sample every 30 s, 2 threads; needs cc, python3 and a built
#       target/release/tourney, or TOURNEY=path; KEEP=1 keeps the ladder's folder)
#
# Prints one line per sample (seconds, games, VmRSS kB, VmHWM kB), then the least-squares
# slope of VmRSS against games over the samples after the first quarter of the games (the
# start-up: programs started, the store and pages warmed), in kB per 1,000 games, and what
# that slope adds by 100,000 games. A flat ladder has a slope within the noise of a few
# hundred kB (the allocator's pages come and go with each refresh). Run it longer (hours) to
# see the slope's noise shrink; the ladder is stopped with Ctrl-C's signal at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tourney=${TOURNEY:-$root/target/release/tourney}
minutes=${1:-25}
interval=${2:-30}
threads=${3:-2}
work=$(mktemp -d)
if [[ "${KEEP:-0}" == 1 ]]; then
  echo "# the ladder's folder: $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi

cc -O2 -o "$work/random" "$root/bots/examples/random.c"
for name in c1 c2 c3; do
  mkdir -p "$work/entries/$name"
  cp "$work/random" "$work/entries/$name/random"
  printf 'name = "%s"\ngame = "t2r"\ncommand = "./random"\nmove_ms = 1000\nstartup_ms = 5000\nrestart = "on-fault"\n' \
    "$name" >"$work/entries/$name/bot.toml"
done
mkdir -p "$work/entries/claimer"
cp "$root/bots/examples/t2r_claimer.py" "$work/entries/claimer/"
printf 'name = "claimer"\ngame = "t2r"\ncommand = "python3"\nargs = ["t2r_claimer.py"]\nmove_ms = 5000\nstartup_ms = 20000\nrestart = "on-fault"\n' \
  >"$work/entries/claimer/bot.toml"

"$tourney" ladder "$work/entries" --game t2r --map small --threads "$threads" --quiet \
  --name memory --db "$work/ladder.db" --out "$work/out" 2>"$work/stderr.log" &
pid=$!
games() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("games", 0))' \
    "$work/out/status.json" 2>/dev/null || echo 0
}
echo "seconds,games,vmrss_kb,vmhwm_kb"
start=$SECONDS
end=$((SECONDS + minutes * 60))
: >"$work/samples.csv"
while ((SECONDS < end)) && kill -0 "$pid" 2>/dev/null; do
  sleep "$interval"
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo "")
  hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo "")
  [[ -n "$rss" ]] || break
  line="$((SECONDS - start)),$(games),$rss,$hwm"
  echo "$line"
  echo "$line" >>"$work/samples.csv"
done
kill -INT "$pid" 2>/dev/null || true
wait "$pid" || true

awk -F, '
  { t[NR] = $1; g[NR] = $2; r[NR] = $3; h[NR] = $4; n = NR }
  END {
    if (n < 3) { print "too few samples"; exit 1 }
    from = g[n] / 4
    for (i = 1; i <= n; i++) if (g[i] >= from) { x = g[i] / 1000; sx += x; sy += r[i]; sxx += x * x; sxy += x * r[i]; m++ }
    slope = (m * sxy - sx * sy) / (m * sxx - sx * sx)
    printf "%d games in %d s (%.0f a minute); VmRSS %d kB at the end, peak (VmHWM) %d kB\n", g[n], t[n], g[n] * 60 / t[n], r[n], h[n]
    printf "slope over the %d samples from %d games on: %+.1f kB per 1,000 games, %+.1f MB by 100,000 games\n", m, from, slope, slope * 100 / 1000
  }' "$work/samples.csv"
