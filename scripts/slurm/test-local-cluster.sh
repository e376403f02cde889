#!/usr/bin/env bash
# CI test of the Slurm scripts on a one-node cluster on this machine: installs Debian's
# slurm-wlm and munge if missing (needs root and apt-get), starts munged, slurmctld and slurmd
# with a minimal slurm.conf in a temporary folder, submits a 4-shard array job and its merge
# with submit.sh, and checks the merged folder is byte for byte a local run's; then runs an
# array that misses a shard and checks its afterany merge job refuses (exit 2). Skips (exit 0, "SKIPPED" and why) where the packages cannot
# be installed or the daemons do not start; fails (exit 1) if the files differ.
#
#   scripts/slurm/test-local-cluster.sh [TOURNEY_BINARY]   (default: target/release/tourney)
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
say() { echo "slurm test [$((SECONDS - started)) s]: $*"; }
skip() {
    say "SKIPPED: $*"
    exit 0
}

tourney="$(realpath "${1:-target/release/tourney}")"
[ -x "$tourney" ] || cargo build --release --quiet
[ -x "$tourney" ] || { echo "slurm test: no binary at $tourney" >&2; exit 1; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null \
    || ! command -v sbatch >/dev/null; then
    [ "$(id -u)" = 0 ] || skip "slurm-wlm and munge are not installed and this is not root"
    command -v apt-get >/dev/null || skip "slurm-wlm and munge are not installed and there is no apt-get"
    say "installing slurm-wlm and munge"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        slurm-wlm munge >/dev/null; } || skip "apt-get could not install slurm-wlm and munge"
fi

tmp="$(mktemp -d /tmp/tourney-slurm.XXXXXX)"
chmod 711 "$tmp" # munge's socket must be reachable by every user
pids=()
cleanup() {
    status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ "$status" -ne 0 ]; then
        for log in "$tmp"/*.log; do echo "--- $log"; tail -n 20 "$log"; done
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

# munge: a fresh key, its own socket; -f lets it run as root.
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge.key"
munged -F -f --socket="$tmp/munge.sock" --key-file="$tmp/munge.key" --pid-file="$tmp/munged.pid" \
    --seed-file="$tmp/munged.seed" >"$tmp/munged.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$tmp/munge.sock" ] && break; sleep 0.2; done
[ -S "$tmp/munge.sock" ] || skip "munged did not start (see $tmp/munged.log above)"

host="$(hostname -s)"
port=$((20000 + RANDOM % 20000))
mkdir -p "$tmp/state" "$tmp/spool"
cat >"$tmp/slurm.conf" <<CONF
ClusterName=tourneyci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock
CredType=cred/munge
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/slurmd.log" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
    [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
    sleep 0.5
done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || skip "slurmctld/slurmd did not start (logs above)"
say "one-node cluster up ($(nproc) CPUs)"

run=(--bots random,nice,greedy --map small --games 3000 --seed 20261123)
"$tourney" run "${run[@]}" --quiet --out "$tmp/local"
say "local run done ($(($(wc -l <"$tmp/local/games.csv") - 1)) rows)"

results="$tmp/results"
TOURNEY="$tourney" SBATCH_OPTS="--cpus-per-task=1" scripts/slurm/submit.sh 4 "$results" "${run[@]}"
for _ in $(seq 240); do
    [ -z "$(squeue -h 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h)" ] || { echo "slurm test: jobs still queued after 120 s" >&2; squeue; exit 1; }
say "array job and merge finished"
cat "$results"/slurm-*-merge.out

for file in "$tmp/local"/*; do
    cmp "$file" "$results/merged/$(basename "$file")" || {
        echo "slurm test: FAILED: $(basename "$file") differs from the local run's" >&2
        exit 1
    }
done
[ "$(ls "$tmp/local" | wc -l)" = "$(ls "$results/merged" | wc -l)" ] \
    || { echo "slurm test: FAILED: the merged folder holds other files" >&2; exit 1; }
say "merged shards identical to the local run ($(ls "$tmp/local" | wc -l) files)"

# A shard that never ran (array 1,3,4 of 4): the afterany merge still runs, and refuses.
gap="$tmp/gap"
mkdir -p "$gap"
array=$(TOURNEY="$tourney" sbatch --parsable --cpus-per-task=1 --array=1,3,4 \
    --output="$gap/slurm-%A_%a.out" scripts/slurm/shard.sbatch 4 "$gap" "${run[@]}")
merge=$(TOURNEY="$tourney" sbatch --parsable --cpus-per-task=1 --dependency="afterany:${array%%;*}" \
    --output="$gap/merge.out" scripts/slurm/merge.sbatch 4 "$gap" "$gap/merged")
for _ in $(seq 240); do
    [ -z "$(squeue -h 2>/dev/null)" ] && break
    sleep 0.5
done
exit_code=$(scontrol show job "${merge%%;*}" | grep -o ' ExitCode=[0-9]*' | cut -d= -f2)
if [ "$exit_code" != 2 ] || [ -e "$gap/merged/summary.json" ] || ! grep -q "shard-2 does not exist" "$gap/merge.out"; then
    echo "slurm test: FAILED: the merge of a missing shard did not refuse (exit $exit_code)" >&2
    cat "$gap/merge.out"
    exit 1
fi
say "with shard 2/4 missing, the afterany merge job exits 2: $(grep error "$gap/merge.out")"
say "ok"
