//! Fresh Fish through the real binary: a 2-seat run with every bot, adjudicated test doubles,
//! the game's own CSV columns, and option and seat-count errors.

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;

fn tourney() -> Command {
    Command::cargo_bin("tourney").expect("the binary is built")
}

#[test]
fn fresh_fish_runs_every_bot_and_adjudicates_the_doubles() {
    let dir = tempfile::tempdir().unwrap();
    tourney()
        .args([
            "run",
            "--game",
            "fresh-fish",
            "--bots",
            "random,greedy,lookahead,test-panic,test-illegal",
            "--games",
            "4",
            "--quiet",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .success();
    let csv = fs::read_to_string(dir.path().join("games.csv")).unwrap();
    let header = csv.lines().next().unwrap();
    assert!(header.ends_with("distances,coins_left,coins_paid,shops_built,shops_eliminated"));
    let summary: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join("summary.json")).unwrap()).unwrap();
    let per_bot = summary["per_bot"].as_array().unwrap();
    // 4 games against each of the 4 others; against each other, whoever acts first loses.
    assert_eq!(per_bot[3]["crashes"], 14);
    assert_eq!(per_bot[4]["illegal"], 14);
    assert_eq!(per_bot[2]["crashes"], 0);
    assert_eq!(per_bot[2]["illegal"], 0);
}

#[test]
fn fresh_fish_refuses_bad_options_and_seat_counts() {
    tourney()
        .args(["run", "--game", "fresh-fish", "--bots", "greedy,random"])
        .args(["--option", "trees=many"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("trees").and(predicate::str::contains("0 to 100")));
    tourney()
        .args(["run", "--game", "fresh-fish", "--bots", "greedy,random"])
        .args(["--players", "6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("2 to 5"));
}
