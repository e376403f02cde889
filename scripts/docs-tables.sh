#!/usr/bin/env bash
# Regenerates every table of results in the docs from the games behind it, so no table drifts
# from what the code plays. A table stands between a marker line and `<!-- end table -->`, and
# a marker is one of two kinds:
#   <!-- table: tourney run scenarios/NAME.toml [--games N] [--bots A,B,...] -->
#     a ladder: the run's arguments (a scenario's seed is in its file), played from the
#     repository's root with --quiet --no-db into a scratch folder; the table is its ratings
#     (ratings.csv) with each bot's win rate against the bot in the next row (winrates.csv).
#   <!-- strength: NAME [NAME ...] -->
#     one row per NAME: how the first bot of scenarios/strength/NAME.toml scores against the
#     second (winrates.csv, a field's games counted against each copy) in the games kept in
#     results/strength/NAME (its games.csv and manifest.json). These runs take too long to play
#     on every check (400 games of a search bot), so they are kept; --check then plays each
#     scenario's first two seeds again and fails unless they are the kept games byte for byte,
#     so a table can never describe a bot that has since changed.
#   scripts/docs-tables.sh [--check] [--play NAME ...] [FILE.md ...]
# Without files it takes README.md and every docs/**/*.md holding a marker. --check writes
# nothing and exits 1 when a table differs from its games (the diff on stderr) or kept games
# differ from a fresh play of their seeds; without it the tables are rewritten in place.
# --play NAME (repeatable) first plays scenarios/strength/NAME.toml whole on every core into
# results/strength/NAME, replacing the kept games: the way to refresh them after a bot changed.
# TOURNEY names the binary (default target/release/tourney). Exit 0 done or matching, 1 a
# table or kept games differ, 2 bad usage or a marker it cannot read, 3 a run failed or kept
# games are missing. tests/integration/docs_tables.rs runs it with --check.
set -euo pipefail
export LC_ALL=C   # one sort order and one number format wherever it runs
root="$(cd "$(dirname "$0")/.." && pwd)"
tourney="${TOURNEY:-$root/target/release/tourney}"

check=false
play=()
while [ $# -gt 0 ]; do
    case "$1" in
    --check) check=true ;;
    --play)
        [ $# -ge 2 ] || { echo "docs-tables: --play takes a name of scenarios/strength/NAME.toml" >&2; exit 2; }
        play+=("$2")
        shift
        ;;
    *) break ;;
    esac
    shift
done
if [ $# -eq 0 ]; then
    cd "$root"
    mapfile -t files < <(grep -l -r --include='*.md' -E '^<!-- (table|strength): ' README.md docs | sort)
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

# A name of scenarios/strength/NAME.toml, refused unless it is a plain word naming one.
strength_name() {
    local name="$1" where="$2"
    if ! [[ "$name" =~ ^[a-z0-9][a-z0-9-]*$ ]] || [ ! -f "$root/scenarios/strength/$name.toml" ]; then
        echo "docs-tables: $where: no scenario scenarios/strength/$name.toml" >&2
        exit 2
    fi
}

# Refuses a name whose games are not kept (exit 3), saying how to play them.
require_kept() {
    if [ ! -f "$root/results/strength/$1/games.csv" ] || [ ! -f "$root/results/strength/$1/manifest.json" ]; then
        echo "docs-tables: no kept games in results/strength/$1 (play them: scripts/docs-tables.sh --play $1)" >&2
        exit 3
    fi
}

# Plays scenarios/strength/$1.toml whole into results/strength/$1, keeping its games.csv and
# manifest.json (all a table needs; the rest is made again from them).
play_strength() {
    local name="$1" kept="$root/results/strength/$1"
    echo "docs-tables: playing scenarios/strength/$name.toml whole (this takes a while)"
    rm -rf "$scratch/play"
    if ! (cd "$root" && "$tourney" run "scenarios/strength/$name.toml" --quiet --no-db --out "$scratch/play") >"$scratch/log" 2>&1; then
        echo "docs-tables: tourney run scenarios/strength/$name.toml failed:" >&2
        cat "$scratch/log" >&2
        exit 3
    fi
    rm -rf "$kept"
    mkdir -p "$kept"
    cp "$scratch/play/games.csv" "$scratch/play/manifest.json" "$kept/"
}

# The first value of a "KEY": VALUE line of a manifest (written one key a line), quotes dropped.
manifest_value() {
    sed -n "s/^ *\"$2\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}$/\1/p" "$1" | head -n 1
}

# Every value of a "KEY": VALUE line of a manifest, in order.
manifest_value_all() {
    sed -n "s/^ *\"$2\": \"\([^\"]*\)\",\{0,1\}$/\1/p" "$1"
}

# The table of the kept runs named: one row each, the first bot's score against the second.
strength_table() {
    echo "| game | seats | bot | against | score [95%] | games | pairings |"
    echo "| :-- | --: | :-- | :-- | :-- | --: | --: |"
    local name kept dir game rules seats games first second
    for name in "$@"; do
        kept="$root/results/strength/$name"
        dir="$scratch/strength-$name"
        if ! "$tourney" report "$kept" --out "$dir" --no-plots --quiet >"$scratch/log" 2>&1; then
            echo "docs-tables: tourney report results/strength/$name failed:" >&2
            cat "$scratch/log" >&2
            exit 3
        fi
        game="$(manifest_value "$kept/manifest.json" game)"
        rules="$(manifest_value "$kept/manifest.json" rules)"
        seats="$(manifest_value "$kept/manifest.json" seats)"
        games="$(manifest_value "$kept/manifest.json" total_games)"
        { read -r first; read -r second; } < <(manifest_value_all "$kept/manifest.json" label)
        awk -F, -v bot="$first" -v against="$second" -v game="$game ($rules)" -v seats="$seats" -v games="$games" '
            $1 == bot && $2 == against {
                printf "| %s | %s | %s | %s | %.1f%% [%.1f, %.1f] | %s | %s |\n", game, seats, bot, against, 100 * $5, 100 * $6, 100 * $7, games, $3
                found = 1
            }
            END { if (!found) exit 1 }' "$dir/winrates.csv" || {
            echo "docs-tables: results/strength/$name: $first never met $second" >&2
            exit 3
        }
    done
}

# Plays the first two seeds of scenarios/strength/$1.toml again (a shard of the run) and says
# whether they are the kept games byte for byte; differs=1 when not.
verify_strength() {
    local name="$1" kept="$root/results/strength/$1" dir="$scratch/verify-$1" seeds lines
    seeds="$(tail -n +2 "$kept/games.csv" | cut -d, -f2 | sort -u | wc -l)"
    if ! (cd "$root" && "$tourney" run "scenarios/strength/$name.toml" --shard "1/$((seeds > 3 ? seeds / 2 : 1))" --quiet --no-db --out "$dir") >"$scratch/log" 2>&1; then
        echo "docs-tables: tourney run scenarios/strength/$name.toml --shard failed:" >&2
        cat "$scratch/log" >&2
        exit 3
    fi
    lines="$(wc -l <"$dir/games.csv")"
    if [ "$(manifest_value "$dir/manifest.json" total_games)" != "$(manifest_value "$kept/manifest.json" total_games)" ] ||
        ! cmp -s "$dir/games.csv" <(head -n "$lines" "$kept/games.csv"); then
        echo "docs-tables: results/strength/$name is not what scenarios/strength/$name.toml plays now (a bot or the scenario changed; play it again: scripts/docs-tables.sh --play $name):" >&2
        diff <(head -n "$lines" "$kept/games.csv") "$dir/games.csv" | head -n 20 >&2 || true
        differs=1
    fi
}

differs=0
runs=0
for name in "${play[@]}"; do
    strength_name "$name" --play
    play_strength "$name"
done
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
        "<!-- strength: "*" -->")
            read -r -a names <<<"$(echo "${line#<!-- strength: }" | sed 's/ -->$//')"
            [ ${#names[@]} -gt 0 ] || { echo "docs-tables: $file:$lineno: a strength marker names no run" >&2; exit 2; }
            for name in "${names[@]}"; do
                strength_name "$name" "$file:$lineno"
                require_kept "$name"
                if $check; then
                    verify_strength "$name"
                fi
            done
            runs=$((runs + 1))
            strength_table "${names[@]}" >>"$out"
            inside=true
            ;;
        "<!-- strength: "*)
            echo "docs-tables: $file:$lineno: a marker reads '<!-- strength: NAME [NAME ...] -->': $line" >&2
            exit 2
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
