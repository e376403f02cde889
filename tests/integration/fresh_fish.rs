//! Fresh Fish through the real binary: a 2-seat run with every bot, adjudicated test doubles,
//! the game's own CSV columns, and option and seat-count errors.

use super::support::{csv_header, quiet_game_run, refused, run_game, summary};
use predicates::prelude::*;

#[test]
fn fresh_fish_runs_every_bot_and_adjudicates_the_doubles() {
    let bots = "random,greedy,lookahead,test-panic,test-illegal";
    let dir = quiet_game_run("fresh-fish", bots, "4");
    let header = csv_header(dir.path());
    assert!(header.ends_with("distances,coins_left,coins_paid,shops_built,shops_eliminated"));
    let summary = summary(dir.path());
    let per_bot = summary["per_bot"].as_array().unwrap();
    // 4 games against each of the 4 others; against each other, whoever acts first loses.
    assert_eq!(per_bot[3]["crashes"], 14);
    assert_eq!(per_bot[4]["illegal"], 14);
    assert_eq!(per_bot[2]["crashes"], 0);
    assert_eq!(per_bot[2]["illegal"], 0);
}

#[test]
fn fresh_fish_refuses_bad_options_and_seat_counts() {
    let run = || run_game("fresh-fish", "greedy,random", "2");
    refused(run().args(["--option", "trees=many"]), "trees")
        .stderr(predicate::str::contains("0 to 100"));
    refused(run().args(["--players", "6"]), "2 to 5");
}
