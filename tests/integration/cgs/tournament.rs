//! `tourney run --bots ...,cgs:NAME --serve 0`: contest clients that reconnect for every game
//! play their seats of the normal schedule, with ratings, files and faults as for any bot.

use super::{results, run_client, start_run};
use crate::support::{refused, rows, run, run_game, tourney};
use std::fs;
use std::path::Path;

/// A round robin of nice, random and one client (4 of its 6 games), the client reconnecting
/// for each; returns games.csv and the client's results.
fn round_robin(dir: &Path, threads: &str) -> (String, Vec<(String, String, usize)>) {
    let out = dir.to_str().unwrap();
    let bots = ["--bots", "nice,random,cgs:alice", "--games", "2"];
    let flags = ["--seed", "5", "--threads", threads, "--out", out];
    let (mut run, port, _stderr) = start_run(&[&bots[..], &flags].concat());
    let client = run_client(port, &["alice", "t2r", "", "4", "1"]);
    assert!(run.wait().expect("the run ends").success());
    (
        fs::read_to_string(dir.join("games.csv")).unwrap(),
        results(&client),
    )
}

#[test]
fn a_reconnecting_client_plays_its_seats_and_results_do_not_depend_on_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let (one, results) = round_robin(&tmp.path().join("one"), "1");
    let (two, _) = round_robin(&tmp.path().join("two"), "2");
    assert_eq!(
        one, two,
        "seeded deals and a deterministic client: the same games"
    );
    let rows = rows(&tmp.path().join("one"));
    assert_eq!(rows.len(), 12, "6 games of 2 seats");
    let alice: Vec<&Vec<String>> = rows.iter().filter(|r| r[5] == "cgs:alice").collect();
    assert_eq!(alice.len(), 4);
    assert!(
        // `exhausted`: the cards or tickets ran out, an ending by the rules, not a fault.
        alice
            .iter()
            .all(|r| ["normal", "exhausted"].contains(&r[8].as_str()) && r[10] == "0"),
        "{alice:?}"
    );
    // The client's own verdicts agree with the ranks, seat by seat in play order.
    let wins = results.iter().filter(|(v, _, _)| v == "WIN").count();
    assert_eq!(wins, alice.iter().filter(|r| r[7] == "1").count());
    let seats: Vec<String> = results.iter().map(|(_, _, s)| s.to_string()).collect();
    let csv_seats: Vec<String> = alice.iter().map(|r| r[4].clone()).collect();
    assert_eq!(seats, csv_seats);
    let summary = fs::read_to_string(tmp.path().join("one/summary.json")).unwrap();
    assert!(summary.contains("cgs:alice") && summary.contains("\"cgs\""));
}

#[test]
fn a_client_that_stops_answering_quits_or_breaks_the_protocol_loses_and_the_run_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    for (fault, termination) in [
        ("sleep", "timeout"),
        ("quit", "crash"),
        ("garbage", "illegal"),
    ] {
        let dir = tmp.path().join(fault);
        let out = dir.to_str().unwrap();
        let bots = ["--bots", "nice,cgs:alice", "--games", "2"];
        let flags = ["--threads", "1", "--serve-timeout", "1", "--out", out];
        let (mut run, port, _stderr) = start_run(&[&bots[..], &flags].concat());
        // The fault comes at the client's 2nd move of its first game; it plays the second.
        let client = run_client(port, &["alice", "t2r", "", "2", "1", fault, "2"]);
        assert!(run.wait().expect("the run ends").success());
        let rows = rows(&dir);
        let alice: Vec<&Vec<String>> = rows.iter().filter(|r| r[5] == "cgs:alice").collect();
        assert_eq!(alice.len(), 2);
        assert_eq!(
            (alice[0][8].as_str(), alice[0][10].as_str()),
            (termination, "1"),
            "{fault}"
        );
        assert_eq!(
            (alice[1][8].as_str(), alice[1][10].as_str()),
            ("normal", "0"),
            "{fault}"
        );
        let results = results(&client);
        assert_eq!(results.len(), 2, "{fault}: {results:?}");
        assert_ne!(results[0].0, "WIN", "{fault}");
    }
}

#[test]
fn clients_need_serve_and_a_game_that_speaks_the_protocol() {
    refused(&mut run("nice,cgs:alice", "2"), "add --serve PORT");
    let serving = ["--serve", "0"];
    refused(run("nice,greedy", "2").args(serving), "cgs:NAME");
    refused(
        run_game("carcassonne", "random,cgs:a", "2").args(serving),
        "no contest-server protocol",
    );
    refused(
        run("nice,cgs:a", "2").args(["--rules", "official", "--serve", "0"]),
        "rule set 'cgs'",
    );
    refused(
        tourney().args(["serve", "--game", "fresh-fish", "--port", "0"]),
        "fresh-fish has no contest-server protocol",
    );
}

#[test]
fn two_clients_play_each_other_and_a_built_in_bot() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().to_str().unwrap();
    let bots = ["--bots", "cgs:alice,cgs:bob,nice", "--games", "2"];
    let (mut run, port, _stderr) = start_run(&[&bots[..], &["--out", out]].concat());
    let client = |name: &'static str| {
        std::thread::spawn(move || run_client(port, &[name, "t2r", "", "4", "1"]))
    };
    let (alice, bob) = (client("alice"), client("bob"));
    let (alice, bob) = (alice.join().unwrap(), bob.join().unwrap());
    assert!(run.wait().expect("the run ends").success());
    let rows = rows(tmp.path());
    assert_eq!(rows.len(), 12);
    assert!(
        rows.iter()
            .all(|r| ["normal", "exhausted"].contains(&r[8].as_str())),
        "{rows:?}"
    );
    // In the games between the two clients, each client's verdict matches its rank.
    for (name, output) in [("cgs:alice", &alice), ("cgs:bob", &bob)] {
        let mine: Vec<&Vec<String>> = rows.iter().filter(|r| r[5] == name).collect();
        let wins = results(output)
            .iter()
            .filter(|(v, _, _)| v == "WIN")
            .count();
        assert_eq!(wins, mine.iter().filter(|r| r[7] == "1").count(), "{name}");
    }
}
