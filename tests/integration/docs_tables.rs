//! Every table of results in the docs is the games its marker names: a ladder's run
//! (`<!-- table: tourney run ARGS -->`), played again by `scripts/docs-tables.sh --check` with
//! this binary, or kept strength runs (`<!-- strength: NAME ... -->`), whose first seeds the
//! check plays again. A change that moves the ladders or a search bot shows up as a failing test
//! instead of docs that drifted (the Ticket to Ride table once said nice +132.8 where a fresh
//! run gave +137.0). The runs are seeded, so a table is the same bytes on any machine.

use super::support::root;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// `scripts/docs-tables.sh` with these arguments, run by this build's binary.
fn docs_tables(args: &[&str]) -> Output {
    Command::new("bash")
        .arg(root().join("scripts/docs-tables.sh"))
        .args(args)
        .env("TOURNEY", env!("CARGO_BIN_EXE_tourney"))
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_table_in_the_docs_is_what_a_fresh_run_of_its_marker_gives() {
    let out = docs_tables(&["--check"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        out.status.success(),
        "a table differs from a fresh run; scripts/docs-tables.sh rewrites it:\n{stderr}{stdout}"
    );
    // The ladders of games-and-bots.md, the search guide's strength table and its curve of
    // strength against time are among them (a marker the script skipped would pass unchecked).
    assert!(stdout.contains("7 tables in 2 files"), "{stdout}");
}

/// The check can fail: a table with one number changed is found and named, the script
/// rewrites it to the fresh run, and then the check passes.
#[test]
fn a_table_that_differs_from_its_run_fails_the_check_until_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("doc.md");
    let marker = "<!-- table: tourney run --bots nice,greedy,random --games 20 --seed 3 -->";
    fs::write(
        &doc,
        format!("Ratings:\n\n{marker}\n<!-- end table -->\n\nAfter.\n"),
    )
    .unwrap();
    let doc_arg = doc.to_str().unwrap();

    let out = docs_tables(&["--check", doc_arg]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("differs from a fresh run"));

    let out = docs_tables(&[doc_arg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = fs::read_to_string(&doc).unwrap();
    let table: Vec<&str> = written
        .lines()
        .skip_while(|l| *l != marker)
        .skip(1)
        .take_while(|l| *l != "<!-- end table -->")
        .collect();
    assert_eq!(table.len(), 5, "{written}");
    assert!(table[0].starts_with("| bot | Elo | 95% interval | games |"));
    assert!(
        written.ends_with("<!-- end table -->\n\nAfter.\n"),
        "{written}"
    );
    assert_eq!(docs_tables(&["--check", doc_arg]).status.code(), Some(0));

    // One digit changed is found.
    let changed = written.replacen("| 40 |", "| 41 |", 1);
    assert_ne!(changed, written);
    fs::write(&doc, changed).unwrap();
    let out = docs_tables(&["--check", doc_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("| 41 |"),
        "{}",
        text(&out.stderr)
    );
}

/// A marker the script cannot read is bad input (exit 2), not a table silently skipped.
#[test]
fn a_marker_that_is_not_a_plain_run_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for marker in [
        "<!-- table: tourney check scenarios/t2r-ci.toml -->",
        "<!-- table: tourney run --bots nice,greedy --out /tmp/x -->",
        "<!-- table: tourney run --bots nice,greedy; rm -rf x -->",
    ] {
        let doc = dir.path().join("doc.md");
        fs::write(&doc, format!("{marker}\n<!-- end table -->\n")).unwrap();
        let out = docs_tables(&["--check", doc.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{marker}");
        assert!(text(&out.stderr).contains("doc.md:1"), "{marker}");
    }
}

/// A repository in a temporary folder holding the script and one strength scenario that plays in
/// a moment (the script finds scenarios and kept games beside itself), with a doc naming it.
fn strength_repository() -> tempfile::TempDir {
    let repo = tempfile::tempdir().unwrap();
    for dir in ["scripts", "scenarios/strength", "docs"] {
        fs::create_dir_all(repo.path().join(dir)).unwrap();
    }
    fs::copy(
        root().join("scripts/docs-tables.sh"),
        repo.path().join("scripts/docs-tables.sh"),
    )
    .unwrap();
    fs::write(
        repo.path().join("scenarios/strength/quick.toml"),
        "game = \"t2r\"\nbots = [\"nice\", \"greedy\"]\ngames = 16\nseed = 5\n",
    )
    .unwrap();
    fs::write(
        repo.path().join("docs/doc.md"),
        "Strength:\n\n<!-- strength: quick -->\n<!-- end table -->\n",
    )
    .unwrap();
    repo
}

/// The script of the repository in `repo`, run there by this build's binary.
fn docs_tables_in(repo: &Path, args: &[&str]) -> Output {
    Command::new("bash")
        .arg(repo.join("scripts/docs-tables.sh"))
        .args(args)
        .current_dir(repo)
        .env("TOURNEY", env!("CARGO_BIN_EXE_tourney"))
        .output()
        .unwrap()
}

/// A strength table comes from kept games, and the check proves those games are still what the
/// scenario plays: `--play` keeps them and writes the row (the first bot against the second, as
/// winrates.csv has it), the check passes, and then a kept game changed by one point, or a row
/// changed by one digit, each fails it (exit 1, named), while missing kept games are exit 3.
#[test]
fn a_strength_table_is_its_kept_games_and_the_kept_games_are_what_the_bots_play_now() {
    let repo = strength_repository();
    let path = repo.path();
    let out = docs_tables_in(path, &["--check", "docs/doc.md"]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--play quick"),
        "{}",
        text(&out.stderr)
    );

    let out = docs_tables_in(path, &["--play", "quick", "docs/doc.md"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let kept = path.join("results/strength/quick");
    let mut files: Vec<String> = fs::read_dir(&kept)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files, ["games.csv", "manifest.json"]);

    let doc = fs::read_to_string(path.join("docs/doc.md")).unwrap();
    let rows: Vec<&str> = doc
        .lines()
        .skip_while(|l| !l.starts_with("<!-- strength:"))
        .skip(1)
        .take_while(|l| *l != "<!-- end table -->")
        .collect();
    assert_eq!(rows.len(), 3, "{doc}");
    assert_eq!(
        rows[0],
        "| game | seats | bot | against | score [95%] | games | pairings |"
    );
    // The row is winrates.csv's nice-against-greedy line of the kept games, in percent.
    let report = path.join("report");
    let status = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(["report", "--no-plots", "--quiet", "--out"])
        .arg(&report)
        .arg(&kept)
        .status()
        .unwrap();
    assert!(status.success());
    let winrates = fs::read_to_string(report.join("winrates.csv")).unwrap();
    let line: Vec<&str> = winrates
        .lines()
        .find(|l| l.starts_with("nice,greedy,"))
        .unwrap()
        .split(',')
        .collect();
    let percent = |field: &str| 100.0 * field.parse::<f64>().unwrap();
    let expected = format!(
        "| t2r (official) | 2 | nice | greedy | {:.1}% [{:.1}, {:.1}] | 16 | 16 |",
        percent(line[4]),
        percent(line[5]),
        percent(line[6])
    );
    assert_eq!(rows[2], expected);
    let out = docs_tables_in(path, &["--check", "docs/doc.md"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    // A kept game of the first seeds that a fresh play does not give is found.
    let games = fs::read_to_string(kept.join("games.csv")).unwrap();
    let first: Vec<&str> = games.lines().nth(1).unwrap().split(',').collect();
    let score: i64 = first[6].parse().unwrap();
    let mut changed = first.clone();
    let new_score = (score + 1).to_string();
    changed[6] = &new_score;
    let changed_games = games.replacen(&first.join(","), &changed.join(","), 1);
    fs::write(kept.join("games.csv"), &changed_games).unwrap();
    let out = docs_tables_in(path, &["--check", "docs/doc.md"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("results/strength/quick is not what"),
        "{}",
        text(&out.stderr)
    );
    fs::write(kept.join("games.csv"), &games).unwrap();

    // A row that is not its kept games is found too.
    let changed_doc = doc.replacen("| 16 | 16 |", "| 16 | 17 |", 1);
    fs::write(path.join("docs/doc.md"), changed_doc).unwrap();
    let out = docs_tables_in(path, &["--check", "docs/doc.md"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("| 16 | 17 |"));
}

/// A strength marker naming no scenario, or no run at all, is bad input (exit 2).
#[test]
fn a_strength_marker_naming_no_scenario_is_refused() {
    let repo = strength_repository();
    for marker in [
        "<!-- strength: missing -->",
        "<!-- strength: ../quick -->",
        "<!-- strength:  -->",
    ] {
        fs::write(
            repo.path().join("docs/doc.md"),
            format!("{marker}\n<!-- end table -->\n"),
        )
        .unwrap();
        let out = docs_tables_in(repo.path(), &["--check", "docs/doc.md"]);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{marker}: {}",
            text(&out.stderr)
        );
        assert!(text(&out.stderr).contains("doc.md:1"), "{marker}");
    }
}
