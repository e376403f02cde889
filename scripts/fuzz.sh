#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (docs/guide/fuzzing.md) for SECONDS each, default 45, starting
# from the seeds kept in fuzz/corpus/TARGET; fails on the first panic, hang (10 s for one input)
# or input that takes more than 2 GiB. libFuzzer on the stable toolchain: cargo-fuzz is
# installed if missing, and `--sanitizer none` needs no nightly (the code is safe Rust, so
# AddressSanitizer would find little and halve the speed). New inputs go to a temporary folder,
# so the seeds stay as committed; a crash is kept in fuzz/artifacts/TARGET/.
#   scripts/fuzz.sh [SECONDS] [TARGET ...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds="${1:-45}"
shift || true
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --version 0.13.2 --locked --quiet
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list)

cargo fuzz build --sanitizer none
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for target in "${targets[@]}"; do
    # Longest input: a records line holds a whole game; the other formats fail early or loop.
    case $target in
        records) max_len=16384 ;;
        scenario_toml | manifest_toml) max_len=8192 ;;
        *) max_len=4096 ;;
    esac
    mkdir -p "$work/$target"
    log="$work/$target.log"
    if cargo fuzz run --sanitizer none "$target" "$work/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
        -print_final_stats=1 >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        echo "fuzz: $target ok: $runs inputs in ${seconds} s ($speed/s), $cov"
    else
        tail -n 40 "$log"
        echo "fuzz: $target FAILED; the input is in fuzz/artifacts/$target/ (reproduce with" \
            "\`cd fuzz && cargo fuzz run --sanitizer none $target artifacts/$target/FILE\`)"
        exit 1
    fi
done
