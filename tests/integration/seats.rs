//! Seats of launched contest programs go only to the programs themselves: a program that
//! connects under another's name (`bots/examples/doubles/seat_thief.py` forks a child that
//! does, again and again) is refused and loses, its victim plays on untouched, and one that
//! connects under a wrong name is told so in its fault. A thief that first floods the run
//! with idle connections gains nothing either.
//!
//! The thief knows its victim's name, as a contestant knows an opponent's from the standings:
//! a rehearsal with the same seed, where each program says its name in its log, gives the
//! name of each game's victim, and the thief is handed them. Neither a `/proc` that hides the
//! victim (a root harness's) nor the user the tests run as changes what is tried.

use super::contest::{client, program};
use super::external::tourney_after;
use super::programs::{examples, manifest};
use super::support::{manifests_in, rows, run_manifests_in, tourney};
use std::fs;
use std::path::Path;

/// Whether process `pid` still runs one of this test's programs (a pid may have been reused).
fn still_runs(pid: &str, marker: &str) -> bool {
    fs::read(format!("/proc/{pid}/cmdline"))
        .is_ok_and(|cmdline| String::from_utf8_lossy(&cmdline).contains(marker))
}

#[test]
fn a_program_that_connects_as_its_opponent_gains_nothing_and_its_victim_plays_on() {
    steal(tourney(), &[]);
}

#[test]
fn a_thief_that_floods_the_run_with_idle_connections_gains_nothing_either() {
    // Fewer descriptors than the flood: a harness that keeps this limit runs out of them.
    // The flood costs the thief its game before its child tries the seat.
    let said = steal(tourney_after("ulimit -Sn 512"), &["--flood", "1000"]);
    assert!(
        said.contains("connections to the run that did not say their name"),
        "the flood is seen and costs the thief its games: {said}"
    );
}

#[test]
fn a_thief_that_left_its_programs_session_and_parent_still_costs_the_program_its_game() {
    // Neither its session nor its parents tie the thief to its program: its control group does.
    let said = steal(tourney(), &["--detach"]);
    if super::programs::supported("leftovers") {
        assert!(
            said.contains("this program connected as 'victim_"),
            "{said}"
        );
    }
}

/// Two of `seat_thief.py` (with `extra` arguments) against a victim, run by `harness`, the
/// thief told its victim's name in each game; checks the theft is tried in every game, the
/// victim is never charged and the thief loses, and returns the terminal's words and the
/// thief's log.
fn steal(mut harness: assert_cmd::Command, extra: &[&str]) -> String {
    let Some(client) = client() else {
        return "connections to the run that did not say their name".to_string();
    };
    let tmp = tempfile::tempdir().unwrap();
    let victims = victims(tmp.path(), client, extra);
    let out = tmp.path().join("out");
    let run = harness
        .args(["run", "--bots", &manifests_in(tmp.path())])
        .args(GAMES)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let said = String::from_utf8_lossy(&run.get_output().stdout).into_owned()
        + &String::from_utf8_lossy(&run.get_output().stderr);
    let rows = rows(&out);
    assert_eq!(rows.len(), 12, "every game is played to its end");
    let log = fs::read_to_string(out.join("logs/thief.log")).unwrap();
    assert!(!log.contains("no victim known"), "{victims}: {log}");
    let of = |bot: &'static str| rows.iter().filter(move |r| r[5] == bot);
    assert!(
        of("victim").all(|r| r[10] == "0"),
        "the victim is never charged: {rows:?}"
    );
    assert!(
        rows.iter().all(|r| r[8] == "normal" || r[8] == "illegal"),
        "the thief's child is never seated: {rows:?}"
    );
    assert!(
        of("thief").all(|r| r[8] == "normal" || r[10] == "1"),
        "a game with a fault is the thief's: {rows:?}"
    );
    assert!(
        of("thief").any(|r| r[8] == "illegal" && r[10] == "1"),
        "the thief loses for it: {rows:?}"
    );
    // Its child's words, or the harness's when it ended the program before the child spoke.
    let tried: std::collections::BTreeSet<&str> = log
        .lines()
        .filter(|line| {
            line.contains("] thief as victim_")
                || line.contains("] tourney: this program connected as 'victim_")
        })
        .filter_map(|line| line.split(" seat ").next())
        .collect();
    if !extra.contains(&"--flood") {
        assert_eq!(tried.len(), 6, "the theft is tried in every game: {log}");
    }
    if extra.is_empty() || extra == ["--detach"] {
        assert!(
            said.contains("connected as 'victim_") && said.contains("which is not its name"),
            "{said}"
        );
        assert!(
            said.contains("does not come from that program")
                && said.contains("a process of 'thief_"),
            "the refusal is noted and tied to the thief: {said}"
        );
        assert!(log.contains("this program connected as 'victim_"), "{log}");
    }
    let started: Vec<&str> = log
        .lines()
        .filter_map(|line| line.split("] pid ").nth(1))
        .collect();
    assert!(
        started.len() >= 2,
        "the thief and its child ran: {started:?}"
    );
    let left: Vec<&&str> = started
        .iter()
        .filter(|pid| still_runs(pid, "seat_thief") || still_runs(pid, "cgs_client"))
        .collect();
    assert!(left.is_empty(), "no process outlives the run: {left:?}");
    said + &log
}

/// The games of a theft and of its rehearsal, with the same master seed: the same names in
/// both.
const GAMES: [&str; 8] = [
    "--map",
    "small",
    "--games",
    "6",
    "--threads",
    "2",
    "--seed",
    "42",
];

/// Writes the victim's and the thief's manifests (the thief with `extra` arguments) into `dir`
/// and rehearses their games, without a theft, with the seed of the theft: each program says
/// its name in its log, so the thief's name and its victim's in each game are known. Hands
/// back the thief's `own=victim,...` (the thief's manifest then names them).
fn victims(dir: &Path, client: &Path, extra: &[&str]) -> String {
    // The client, saying its name first (its log line tells the game).
    let client = client.to_str().unwrap();
    let says_name = ["-c", "echo \"name $3\" >&2; exec \"$0\" \"$@\"", client];
    let victim: Vec<&str> = says_name
        .into_iter()
        .chain(["{host}", "{port}", "{name}", "t2r", "longest"])
        .collect();
    let cgs = "protocol = \"cgs\"";
    manifest(dir, "victim", "t2r", Path::new("/bin/sh"), &victim, cgs);
    let thief = |victims: &str| {
        let script = examples().join("doubles/seat_thief.py");
        let args = [
            script.to_str().unwrap(),
            "{host}",
            "{port}",
            "{name}",
            victims,
            client,
            "t2r",
            "longest",
            "--say-pid",
        ];
        let args: Vec<&str> = args.iter().chain(extra).copied().collect();
        manifest(dir, "thief", "t2r", Path::new("python3"), &args, cgs);
    };
    thief("-");
    let out = dir.join("rehearsal");
    tourney()
        .args(["run", "--quiet", "--no-plots", "--bots", &manifests_in(dir)])
        .args(GAMES)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    // `[game G seat S] name NAME` in each program's log.
    let names = |bot: &str| -> std::collections::BTreeMap<String, String> {
        let log = fs::read_to_string(out.join(format!("logs/{bot}.log"))).unwrap();
        log.lines()
            .filter_map(|line| {
                let (context, name) = line.split_once("] name ")?;
                Some((
                    context.split(" seat ").next()?.to_string(),
                    name.to_string(),
                ))
            })
            .collect()
    };
    let (thieves, victims) = (names("thief"), names("victim"));
    assert_eq!(
        thieves.len(),
        6,
        "the thief said its name in each game: {thieves:?}"
    );
    let pairs: Vec<String> = thieves
        .iter()
        .map(|(game, own)| format!("{own}={}", victims[game]))
        .collect();
    let pairs = pairs.join(",");
    thief(&pairs);
    pairs
}

#[test]
fn a_program_that_connects_under_a_wrong_name_is_told_which_name_it_used() {
    let Some(client) = client() else { return };
    let tmp = tempfile::tempdir().unwrap();
    program(tmp.path(), "player", client, "longest", "");
    // Given its name, as a contest program must be, it connects under another one.
    let script = "exec \"$0\" \"$1\" \"$2\" someone t2r random";
    let args = [
        "-c",
        script,
        client.to_str().unwrap(),
        "{host}",
        "{port}",
        "{name}",
    ];
    manifest(
        tmp.path(),
        "misnamed",
        "t2r",
        Path::new("/bin/sh"),
        &args,
        "protocol = \"cgs\"",
    );
    let out = tmp.path().join("out");
    run_manifests_in(tmp.path())
        .args(["--map", "small", "--games", "2", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "connected as 'someone', which is not its name (expected 'misnamed_",
        ));
    let rows = rows(&out);
    assert!(
        rows.iter()
            .all(|r| (r[5] == "misnamed") == (r[10] == "1" && r[8] == "illegal")),
        "{rows:?}"
    );
}
