#!/bin/bash
# Submits a tournament as N Slurm array tasks plus the merge that waits for them, and prints
# both job ids. ROOT must be on a file system every node sees; the merged folder is ROOT/merged.
#
#   scripts/slurm/submit.sh N ROOT RUN-ARGS...
#   e.g. TOURNEY=$PWD/target/release/tourney scripts/slurm/submit.sh 8 /scratch/ladder \
#            --bots random,nice,greedy --games 100000 --seed 7
#
# Extra sbatch options (partition, account, time) go in $SBATCH_OPTS, e.g.
# SBATCH_OPTS="--partition=short --time=01:00:00".
set -euo pipefail

if [ $# -lt 3 ]; then
    echo "usage: $0 N ROOT RUN-ARGS..." >&2
    exit 2
fi
shards="$1"
root="$2"
shift 2
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$root"
# shellcheck disable=SC2086 # SBATCH_OPTS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTS:-} --array="1-$shards" --output="$root/slurm-%A_%a.out" \
    "$here/shard.sbatch" "$shards" "$root" "$@")
array="${array%%;*}"
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTS:-} --dependency="afterany:$array" \
    --output="$root/slurm-%j-merge.out" "$here/merge.sbatch" "$shards" "$root" "$root/merged")
merge="${merge%%;*}"
echo "shards: job $array (array 1-$shards); merge: job $merge -> $root/merged"
