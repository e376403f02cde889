//! Labyrinth through the real binary, with nothing special about it: listed, run, written out,
//! its faults adjudicated, its options validated with exit code 2.

use super::support::{csv_header, quiet_game_run, refused, run_game, summary, tourney};
use predicates::prelude::*;

#[test]
fn list_shows_labyrinth_with_its_rule_sets_options_and_bots() {
    tourney().arg("list").assert().success().stdout(
        predicate::str::contains("labyrinth")
            .and(predicate::str::contains("cgs, classic"))
            .and(predicate::str::contains("size"))
            .and(predicate::str::contains("dont-move"))
            .and(predicate::str::contains("basic")),
    );
}

#[test]
fn a_run_writes_games_with_the_labyrinth_columns_and_adjudicates_faults() {
    let dir = quiet_game_run("labyrinth", "basic,random,test-illegal", "6");
    let header = csv_header(dir.path());
    assert!(
        header.ends_with(",items,board_width,board_height"),
        "{header}"
    );
    let summary = summary(dir.path());
    assert_eq!(summary["games_played"], 18);
    assert_eq!(summary["per_bot"][2]["illegal"], 12);
}

#[test]
fn a_size_with_classic_and_a_bad_size_are_refused_with_exit_code_2() {
    for (args, message) in [
        (
            vec!["--rules", "classic", "--option", "size=9x9"],
            "classic",
        ),
        (vec!["--option", "size=8x9"], "'8x9' for option 'size'"),
    ] {
        refused(
            run_game("labyrinth", "basic,random", "2").args(args),
            message,
        );
    }
}
