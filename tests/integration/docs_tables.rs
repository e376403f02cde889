//! Every table of ratings in the docs is the run its marker names (`<!-- table: tourney run
//! ARGS -->`): `scripts/docs-tables.sh --check` plays each such run again with this binary and
//! fails when a table differs, so a change that moves the ladders shows up as a failing test
//! instead of docs that drifted (the Ticket to Ride table once said nice +132.8 where a fresh
//! run gave +137.0). The runs are seeded, so a table is the same bytes on any machine.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

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
    // The ladders of games-and-bots.md are among them (a marker the script skipped would
    // pass unchecked).
    assert!(stdout.contains("5 tables in 1 files"), "{stdout}");
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
