#!/usr/bin/env bash
# How many games the ladder's matchmaking needs to find the true order of a field, against a
# plain round robin of the same number of games (docs/guide/ladder.md, "Measured").
#
# The field: six Python programs of known order on the small Ticket to Ride map, each playing
# the example claimer's move with probability P and a random legal move otherwise, P = 0, 0.2,
# 0.4, 0.6, 0.8, 1. For each seed, one ladder is grown to 60, 120, 240 and 480 games (started
# again with a larger --games each time, as a ladder goes on after a restart) and a round robin
# of as many games is played; each prints the Spearman rank correlation with the true order,
# over the whole field and over the true top three, and whether its top three are the true
# ones.
#
#   scripts/ladder-measure.sh [SEEDS]     (default 3 seeds; needs python3 and a built tourney)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tourney=${TOURNEY:-$root/target/release/tourney}
seeds=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

strengths=(0 0.2 0.4 0.6 0.8 1)
for p in "${strengths[@]}"; do
  name="p${p/./}"
  mkdir -p "$work/entries/$name"
  cp "$root/bots/examples/t2r_claimer.py" "$work/entries/$name/"
  cat >"$work/entries/$name/mixed.py" <<'EOF'
import random, sys
from t2r_claimer import Claimer, messages, send

p = float(sys.argv[1])
bot, rng = None, random.Random(0)
for kind, message in messages():
    if kind == "new_game":
        bot, rng = Claimer(message), random.Random(message["seed"] + 1)
    elif kind == "act":
        legal = message["legal"]
        take = bot.choose(message["view"], legal) if rng.random() < p else rng.choice(legal)
        send({"action": take})
EOF
  cat >"$work/entries/$name/bot.toml" <<EOF
name = "$name"
game = "t2r"
command = "python3"
args = ["mixed.py", "$p"]
move_ms = 5000
startup_ms = 20000
restart = "on-fault"
EOF
done

# The Spearman correlation of a ranking (names, best first) with the true order, over the
# whole field and over the true top three, and whether its top three are the true ones.
score() {
  python3 - "$@" <<'EOF'
import sys
truth = ["p1", "p08", "p06", "p04", "p02", "p0"]
ranking = sys.argv[1:]
def spearman(names):
    order = [n for n in ranking if n in names]
    n = len(names)
    d = sum((names.index(x) - order.index(x)) ** 2 for x in names)
    return 1 - 6 * d / (n * (n * n - 1))
print(f"field {spearman(truth):+.2f}  top-3 {spearman(truth[:3]):+.2f}  "
      f"top-3 set {'right' if set(ranking[:3]) == set(truth[:3]) else 'wrong'}")
EOF
}

for seed in $(seq 1 "$seeds"); do
  db="$work/seed$seed.db"
  for games in 60 120 240 480; do
    "$tourney" ladder "$work/entries" --game t2r --map small --name "m$seed" --seed "$seed" \
      --games "$games" --threads 2 --scan 1 --quiet --db "$db" --out "$work/out$seed" 2>/dev/null
    ladder=$(python3 -c "import json,sys; print(' '.join(r['entry'] for r in json.load(open(sys.argv[1]))['standings']))" "$work/out$seed/standings.json")
    per_pairing=$((games / 15))
    "$tourney" run --game t2r --map small --bots "$(ls "$work"/entries/*/bot.toml | paste -sd,)" \
      --games "$per_pairing" --seed "$seed" --threads 2 --quiet --no-plots --db "$db" \
      --tag "rr$seed-$games" --out "$work/rr$seed-$games" >/dev/null 2>&1
    robin=$("$tourney" rate --db "$db" --tag "rr$seed-$games" --json |
      python3 -c "import json,sys; rows = json.load(sys.stdin)['ratings']['rows']; print(' '.join(r['bot'] for r in sorted(rows, key=lambda r: -r['elo'])))")
    echo "seed $seed, $games games: ladder $(score $ladder) | round robin $(score $robin)"
  done
done
