#!/usr/bin/env bash
# What confinement costs a league of fast contest programs (docs/guide/untrusted-programs.md,
# "What it costs"): four copies of the example C client (bots/examples/cgs_client.c, four
# strategies), each started for every game it plays, in a round robin on the small Ticket to
# Ride map, run confined (the default, `--sandbox on`) and with `--sandbox off`, as interleaved
# pairs whose order swaps every pair, so that a machine's changing load falls on both modes.
# A round robin of four plays every pairing, so a run of GAMES games a pairing plays six times
# as many; the rates count the games each run wrote to its games.csv. Prints each pair's games
# per second, their ratio and the CPU time (user and system, the programs' included) per game
# of each mode, then the median, lowest and highest ratio, the median CPU per game of each
# mode, and the load average before and after (other work on the machine widens the range).
#
#   scripts/sandbox-cost.sh [PAIRS] [GAMES]   (default 10 pairs of runs of 300 games a pairing;
#                                              needs cc and a built tourney, as root for every
#                                              protection)
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

# How many games the run in MODE wrote to its games.csv (a line per seat, the game first).
played() {
  tail -n +2 "$work/out-$1/games.csv" | cut -d, -f1 | sort -u | wc -l
}

# One run in MODE (on or off): its games per second and its CPU milliseconds per game, as
# "RATE CPU". The times are the shell's (`time`: wall, user and system of the run and of the
# programs it started and reaped).
run() {
  local times
  times=$({
    TIMEFORMAT='%R %U %S'
    time "$tourney" run --quiet --no-plots --bots "$work/league/*.toml" --map small \
      --games "$games" --threads 2 --seed 1 --sandbox "$1" --force --out "$work/out-$1" \
      >/dev/null 2>&1
  } 2>&1)
  echo "$times" | awk -v n="$(played "$1")" '{ printf "%.3f %.3f\n", n / $1, 1000 * ($2 + $3) / n }'
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pair  on games/s  off games/s  on/off  on CPU ms/game  off CPU ms/game"
ratios=()
cpu_on=()
cpu_off=()
for ((i = 1; i <= pairs; i++)); do
  if ((i % 2)); then
    read -r on on_cpu < <(run on)
    read -r off off_cpu < <(run off)
  else
    read -r off off_cpu < <(run off)
    read -r on on_cpu < <(run on)
  fi
  ratio=$(echo "$on / $off" | bc -l)
  ratios+=("$ratio")
  cpu_on+=("$on_cpu")
  cpu_off+=("$off_cpu")
  printf '%4d  %11.1f  %11.1f  %6.3f  %14.2f  %15.2f\n' "$i" "$on" "$off" "$ratio" "$on_cpu" "$off_cpu"
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
# The median of the numbers given as arguments.
median() {
  printf '%s\n' "$@" | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
sorted=$(printf '%s\n' "${ratios[@]}" | sort -g)
printf 'on/off games/s: median %.3f, lowest %.3f, highest %.3f (%d pairs of %d-game runs)\n' \
  "$(median "${ratios[@]}")" "$(echo "$sorted" | head -1)" "$(echo "$sorted" | tail -1)" \
  "$pairs" "$(played on)"
printf 'CPU per game: median %.2f ms confined, %.2f ms unconfined\n' \
  "$(median "${cpu_on[@]}")" "$(median "${cpu_off[@]}")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
