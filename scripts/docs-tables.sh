#!/usr/bin/env bash
# Regenerates every table of ratings in the docs from the run it names, so no table drifts from
# what the code plays. A table stands between two marker lines:
#   <!-- table: tourney run scenarios/NAME.toml [--games N] [--bots A,B,...] -->
#   ...the table, written by this script...
#   <!-- end table -->
# The marker holds the run's arguments (a scenario's seed is in its file); this script plays
# them from the repository's root with --quiet --no-db into a scratch folder and writes the
# ratings (ratings.csv) with each bot's win rate against the bot in the next row (winrates.csv).
#   scripts/docs-tables.sh [--check] [FILE.md ...]
# Without files it takes README.md and every docs/**/*.md holding a marker. --check writes
# nothing and exits 1 when a table differs from a fresh run (the diff on stderr); without it the
# tables are rewritten in place. TOURNEY names the binary (default target/release/tourney).
# Exit 0 done or matching, 1 a table differs, 2 bad usage or a marker it cannot read, 3 a run
# failed. tests/integration/docs_tables.rs runs it with --check.
set -euo pipefail
export LC_ALL=C   # one sort order and one number format wherever it runs
root="$(cd "$(dirname "$0")/.." && pwd)"
tourney="${TOURNEY:-$root/target/release/tourney}"

check=false
if [ "${1:-}" = "--check" ]; then
    check=true
    shift
fi
if [ $# -eq 0 ]; then
    cd "$root"
    mapfile -t files < <(grep -l -r --include='*.md' '^<!-- table: ' README.md docs | sort)
else
    files=("$@")
fi
[ -x "$tourney" ] || { echo "docs-tables: no tourney binary at $tourney (cargo build --release, or set TOURNEY)" >&2; exit 2; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The markdown table of the run in folder $1: one row per bot, best first.
table() {
    local dir="$1"
    sort -t, -k2,2gr -k1,1 <(tail -n +2 "$dir/ratings.csv") |
        awk -F, -v winrates="$dir/winrates.csv" '
        function signed(x) { s = sprintf("%+.1f", x); return s == "-0.0" ? "+0.0" : s }
        BEGIN {
            while ((getline line < winrates) > 0) {
                split(line, f, ",")
                rate[f[1] "," f[2]] = sprintf("%.3f [%.3f, %.3f]", f[5], f[6], f[7])
            }
        }
        {
            n++
            bot[n] = $1
            if ($6 == "identified") {
                elo[n] = signed($2)
                interval[n] = "[" signed($3) ", " signed($4) "]"
            } else if ($6 == "never-scored") {
                elo[n] = "< " signed($4)
                interval[n] = "one-sided: never scored vs rated"
            } else {
                elo[n] = "> " signed($3)
                interval[n] = "one-sided: never lost vs rated"
            }
            games[n] = $5
        }
        END {
            print "| bot | Elo | 95% interval | games | wins against the next row [95%] |"
            print "| :-- | --: | --: | --: | :-- |"
            for (i = 1; i <= n; i++) {
                key = i < n ? bot[i] "," bot[i + 1] : ""
                versus = key == "" ? "" : (key in rate ? rate[key] : "did not meet")
                printf "| %s | %s | %s | %s | %s |\n", bot[i], elo[i], interval[i], games[i], versus
            }
        }'
}

differs=0
runs=0
for file in "${files[@]}"; do
    out="$scratch/$(basename "$file").new"
    : >"$out"
    inside=false
    lineno=0
    while IFS= read -r line || [ -n "$line" ]; do
        lineno=$((lineno + 1))
        if $inside; then
            if [ "$line" = "<!-- end table -->" ]; then
                inside=false
                printf '%s\n' "$line" >>"$out"
            fi
            continue
        fi
        printf '%s\n' "$line" >>"$out"
        case "$line" in
        "<!-- table: tourney run "*" -->")
            command="${line#<!-- table: tourney run }"
            command="${command% -->}"
            case "$command" in
            *[\"\'\$\`\\\;\&\|\<\>]* | *--out* | *--resume*)
                echo "docs-tables: $file:$lineno: the marker must hold plain run arguments (no quotes, --out or --resume): $command" >&2
                exit 2
                ;;
            esac
            runs=$((runs + 1))
            dir="$scratch/run$runs"
            read -r -a args <<<"$command"
            if ! (cd "$root" && "$tourney" run "${args[@]}" --quiet --no-db --out "$dir") >"$scratch/log" 2>&1; then
                echo "docs-tables: $file:$lineno: tourney run $command failed:" >&2
                cat "$scratch/log" >&2
                exit 3
            fi
            table "$dir" >>"$out"
            inside=true
            ;;
        "<!-- table: "*)
            echo "docs-tables: $file:$lineno: a marker reads '<!-- table: tourney run ARGS -->': $line" >&2
            exit 2
            ;;
        esac
    done <"$file"
    if $inside; then
        echo "docs-tables: $file: a table has no '<!-- end table -->' line" >&2
        exit 2
    fi
    if ! cmp -s "$file" "$out"; then
        if $check; then
            echo "docs-tables: $file differs from a fresh run (scripts/docs-tables.sh rewrites it):" >&2
            diff -u "$file" "$out" >&2 || true
            differs=1
        else
            cat "$out" >"$file"
            echo "docs-tables: rewrote $file"
        fi
    fi
done
echo "docs-tables: $runs tables in ${#files[@]} files$($check && [ $differs -eq 0 ] && echo ', all as a fresh run')"
exit $differs
