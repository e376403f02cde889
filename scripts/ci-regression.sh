#!/usr/bin/env bash
# Bot-strength regression gate for CI: builds tourney, checks every scenario given (default: the
# quick Ticket to Ride scenario), prints a one-line verdict per scenario and exits with the worst
# code: 0 pass, 1 a gate failed (regression), 2 inconclusive or bad input, 3 harness failure;
# 130 at once when a check was interrupted (Ctrl-C, SIGTERM).
#   scripts/ci-regression.sh [scenarios/NAME.toml ...]
set -uo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet || exit 3
bin=target/release/tourney
[ $# -gt 0 ] || set -- scenarios/t2r-ci.toml

worst=0
for scenario in "$@"; do
    "$bin" check "$scenario" --quiet
    code=$?
    # Interrupted (Ctrl-C, SIGTERM: a cancelled job): no verdict, and no further scenario.
    if [ "$code" -eq 130 ]; then
        echo "== $scenario: interrupted, no verdict (exit 130)"
        exit 130
    fi
    case $code in
        0) verdict=pass ;;
        1) verdict="FAIL (regression)" ;;
        2) verdict="inconclusive or bad input" ;;
        *) verdict="harness failure" ;;
    esac
    echo "== $scenario: $verdict (exit $code)"
    # Severity order: 3 > 1 > 2 > 0 (a harness failure hides the verdict; a failure beats doubt).
    rank() { case $1 in 3) echo 3 ;; 1) echo 2 ;; 2) echo 1 ;; *) echo 0 ;; esac; }
    if [ "$(rank $code)" -gt "$(rank $worst)" ]; then worst=$code; fi
done
exit $worst
