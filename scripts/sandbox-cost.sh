#!/usr/bin/env bash
# What confinement costs a league of fast contest programs (docs/guide/untrusted-programs.md,
# "What it costs"): four copies of the example C client (bots/examples/cgs_client.c, four
# strategies), each started for every game it plays, in a round robin on the small Ticket to
# Ride map, run confined (the default, `--sandbox on`) and with `--sandbox off`, as interleaved
# pairs whose order swaps every pair, so that a machine's changing load falls on both modes.
# Prints each pair's games per second and their ratio, then the median, lowest and highest
# ratio, and the load average before and after (other work on the machine widens the range).
#
#   scripts/sandbox-cost.sh [PAIRS] [GAMES]   (default 10 pairs of 300-game runs; needs cc and
#                                              a built tourney, as root for every protection)
set -euo pipefail
shopt -s inherit_errexit
root=$(cd "$(dirname "$0")/.." && pwd)
tourney=${TOURNEY:-$root/target/release/tourney}
pairs=${1:-10}
games=${2:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O2 -o "$work/cgs_client" "$root/bots/examples/cgs_client.c"
mkdir "$work/league"
for strategy in random first longest hoard; do
  cat >"$work/league/$strategy.toml" <<EOF
name = "$strategy"
game = "t2r"
protocol = "cgs"
command = "$work/cgs_client"
args = ["{host}", "{port}", "{name}", "t2r", "$strategy"]
EOF
done

# Games per second of one run in MODE (on or off).
run() {
  local start end
  start=$(date +%s.%N)
  "$tourney" run --quiet --no-plots --bots "$work/league/*.toml" --map small \
    --games "$games" --threads 2 --seed 1 --sandbox "$1" --force --out "$work/out-$1" >/dev/null
  end=$(date +%s.%N)
  echo "$games / ($end - $start)" | bc -l
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pair  on games/s  off games/s  on/off"
ratios=()
for ((i = 1; i <= pairs; i++)); do
  if ((i % 2)); then
    on=$(run on)
    off=$(run off)
  else
    off=$(run off)
    on=$(run on)
  fi
  ratio=$(echo "$on / $off" | bc -l)
  ratios+=("$ratio")
  printf '%4d  %11.1f  %11.1f  %6.3f\n' "$i" "$on" "$off" "$ratio"
done
# Results must not depend on the mode: where they differ, the differing lines are shown with
# each game's ending and fault (a clock missed on a loaded machine, say), to see why.
if cmp -s "$work/out-on/games.csv" "$work/out-off/games.csv"; then
  echo "games.csv is byte-identical confined and not"
else
  echo "games.csv DIFFERS between the modes (game, seat, bot, ending, fault):"
  diff <(cut -d, -f1,5,6,9,11 "$work/out-on/games.csv") \
    <(cut -d, -f1,5,6,9,11 "$work/out-off/games.csv") | grep '^[<>]' | head -20 || true
fi
sorted=$(printf '%s\n' "${ratios[@]}" | sort -g)
median=$(echo "$sorted" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
printf 'on/off games/s: median %.3f, lowest %.3f, highest %.3f (%d pairs of %d games)\n' \
  "$median" "$(echo "$sorted" | head -1)" "$(echo "$sorted" | tail -1)" "$pairs" "$games"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
