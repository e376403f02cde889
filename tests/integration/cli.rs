//! The `tourney` binary as a user runs it.

use super::support::{
    refused, run, run_game, same_at_one_and_two_threads, stdout_of, summary, tourney, tourney_path,
};
use predicates::prelude::*;
use std::fs;

#[test]
fn list_shows_games_rule_sets_maps_and_bots() {
    let text = stdout_of(tourney().arg("list").assert().success());
    for word in [
        "t2r",
        "official, cgs",
        "usa, small, europe",
        "do-nothing",
        "random",
        "nice",
        "greedy",
    ] {
        assert!(text.contains(word), "list lacks '{word}':\n{text}");
    }
    assert!(!text.contains("test-panic"), "test doubles are hidden");
}

#[test]
fn list_shows_the_parameters_tune_can_tune_with_their_defaults_and_ranges() {
    let text = stdout_of(tourney().arg("list").assert().success());
    // Ticket to Ride's mcts (listed first): whole-number and real parameters, one without a
    // numeric default, and the values each accepts.
    let mcts = text
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("mcts"))
        .nth(1)
        .expect("a line under mcts");
    for word in [
        "parameters:",
        "iterations=250 (at least 1)",
        "c=0.7 (at least 0)",
        "determinizations=0",
        "depth=none",
        "scale=20 (above 0)",
    ] {
        assert!(mcts.contains(word), "mcts parameters lack '{word}': {mcts}");
    }
    assert!(
        text.contains("nodes=5000"),
        "labyrinth minimax's budget:\n{text}"
    );
    // Bots without numeric parameters get no parameter line.
    let nice = text
        .lines()
        .position(|l| l.trim_start().starts_with("nice"))
        .unwrap();
    let after = text.lines().nth(nice + 1).unwrap();
    assert!(!after.contains("parameters:"), "{after}");
}

#[test]
fn unknown_names_are_refused_with_the_valid_ones_and_exit_code_2() {
    // (the flags, as typed; what the error says; the valid names it lists)
    for (flags, message, valid) in [
        ("--bots nice,gredy", "unknown bot 'gredy'", "greedy"),
        ("--game chess --bots a,b", "unknown game 'chess'", "t2r"),
        (
            "--bots nice,greedy --rules house",
            "unknown rule set 'house'",
            "official, cgs",
        ),
        (
            "--bots nice,greedy --map mars",
            "'mars' for option 'map'",
            "usa, small, europe",
        ),
        (
            "--bots nice,greedy --option speed=9",
            "unknown option 'speed'",
            "map",
        ),
        ("--bots nice", "at least two bots", "nice,nice"),
    ] {
        refused(
            tourney()
                .arg("run")
                .args(flags.split(' '))
                .args(["--games", "2", "--quiet"]),
            message,
        )
        .stderr(predicate::str::contains(valid));
    }
}

#[test]
fn same_seed_gives_byte_identical_files_with_one_or_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let out = same_at_one_and_two_threads(dir.path(), || {
        let mut command = run("random,nice,greedy", "300");
        command.args(["--seed", "99", "--quiet"]);
        command
    });
    let csv = fs::read_to_string(out.join("games.csv")).unwrap();
    assert!(
        csv.starts_with("game,seed,pairing,rotation,seat,bot,score,rank,termination,turns,fault,")
    );
    assert_eq!(
        csv.lines().count(),
        1 + 3 * 300 * 2,
        "header + 2 rows per game"
    );
}

#[test]
fn crashing_and_illegal_bots_lose_are_reported_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    run("nice,test-panic,test-illegal", "10")
        .arg("--out")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("crash").and(predicate::str::contains("illegal")));
    let summary = summary(dir.path());
    let per_bot = summary["per_bot"].as_array().unwrap();
    // Against nice each double always loses (10 games each); against each other, whoever acts
    // first loses: seat 0 in 5 games each.
    assert_eq!(per_bot[1]["crashes"], 15);
    assert_eq!(per_bot[2]["illegal"], 15);
    assert_eq!(per_bot[0]["crashes"], 0);
    assert_eq!(summary["games_played"], 30);
    let nice_vs_panic = summary["pairwise"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["bot"] == "nice" && row["opponent"] == "test-panic")
        .unwrap();
    assert_eq!(nice_vs_panic["win_rate"], 1.0);
}

#[test]
fn summary_states_the_master_seed_and_the_rating_method() {
    let dir = tempfile::tempdir().unwrap();
    run("random,greedy", "40")
        .args(["--map", "small", "--rules", "cgs", "--quiet", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    let summary = summary(dir.path());
    assert_eq!(summary["master_seed"], 20261121);
    assert_eq!(summary["game"]["rules"], "cgs");
    assert!(
        summary["ratings"]["method"]
            .as_str()
            .unwrap()
            .contains("Bradley-Terry")
    );
    let rows = summary["ratings"]["rows"].as_array().unwrap();
    let sum: f64 = rows.iter().map(|r| r["elo"].as_f64().unwrap()).sum();
    assert!(sum.abs() < 1e-6, "ratings have mean 0");
    for row in rows {
        let (lower, upper) = (
            row["lower"].as_f64().unwrap(),
            row["upper"].as_f64().unwrap(),
        );
        assert!(lower <= row["elo"].as_f64().unwrap());
        assert!(row["elo"].as_f64().unwrap() <= upper);
    }
}

#[test]
fn ctrl_c_stops_cleanly_and_keeps_every_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(tourney_path())
        .env("TOURNEY_DB", super::support::test_db())
        .args(["run", "--bots", "nice,greedy", "--games", "100000000"])
        .args(["--quiet", "--out"])
        .arg(dir.path())
        .spawn()
        .unwrap();
    // Wait until games are being written, then interrupt as a terminal would.
    let csv = dir.path().join("games.csv");
    let started = std::time::Instant::now();
    while fs::metadata(&csv).map_or(0, |m| m.len()) < 10_000 {
        assert!(started.elapsed().as_secs() < 60, "no games written");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "interrupted runs exit with 130");
    let summary = summary(dir.path());
    assert_eq!(summary["interrupted"], true);
    let played = summary["games_played"].as_u64().unwrap();
    assert!(
        played > 0 && played.is_multiple_of(2),
        "whole seed pairs only: {played}"
    );
    let rows = fs::read_to_string(&csv).unwrap().lines().count() as u64;
    assert_eq!(
        rows,
        1 + 2 * played,
        "every finished game, complete, and nothing else"
    );
}

#[test]
fn bot_parameters_on_the_command_line_label_the_bot_and_bad_ones_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    run_game("carcassonne", "mcts:iterations=5,depth=0,greedy", "2")
        .args(["--threads", "1", "--no-plots", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let csv = fs::read_to_string(out.join("games.csv")).unwrap();
    assert!(
        csv.contains("mcts:iterations=5,depth=0"),
        "the label is the spec:\n{csv}"
    );
    for (bots, message) in [
        ("mcts:iterations=0,greedy", "iterations must be"),
        ("mcts:rollout=gredy,greedy", "rollout must be"),
        ("greedy,depth=2", "greedy:depth=2"),
        ("mcts:iterations,greedy", "KEY=VALUE"),
    ] {
        refused(&mut run_game("carcassonne", bots, "2"), message);
    }
}
