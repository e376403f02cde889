//! Contests of launched programs (`protocol = "cgs"` manifests) with the example contest client
//! of `bots/examples/cgs_client.c`, built here with `cc` (the tests that need it say so and
//! pass when there is no compiler): leagues played in parallel with the same results at any
//! thread count, programs that never play reported as faults while the run goes on, patterns in
//! `--bots` and scenarios, and what `cgs:NAME` clients are told when the run cannot seat them.

use super::cgs::{Raw, first_line, port_in};
use super::programs::manifest;
use super::support::{
    assert_file_contains, assert_says, manifests_in, refused, root, rows, run, run_manifests_in,
    run_quietly_into, same_at_one_and_two_threads, tourney, words, write_file,
};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

/// `bots/examples/cgs_client.c` built once per test binary, or `None` without a C compiler.
pub(super) fn client() -> Option<&'static Path> {
    static BINARY: OnceLock<Option<PathBuf>> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cgs_client");
            let built = Command::new("cc")
                .args(["-O2", "-Wall", "-Werror", "-o"])
                .arg(&out)
                .arg(root().join("bots/examples/cgs_client.c"))
                .status();
            match built {
                Ok(status) => {
                    assert!(status.success(), "cgs_client.c compiles without warnings");
                    Some(out)
                }
                Err(e) => {
                    eprintln!("skipped: no C compiler (cc: {e})");
                    None
                }
            }
        })
        .as_deref()
}

/// A contest-program manifest `dir/NAME.toml` for the example client with this strategy.
pub(super) fn program(
    dir: &Path,
    name: &str,
    client: &Path,
    strategy: &str,
    extra: &str,
) -> PathBuf {
    let args = ["{host}", "{port}", "{name}", "t2r", strategy];
    cgs_manifest(dir, name, client, &args, extra)
}

/// A Ticket to Ride manifest `dir/NAME.toml` of a program that speaks the contest's protocol.
pub(super) fn cgs_manifest(
    dir: &Path,
    name: &str,
    command: &Path,
    args: &[&str],
    extra: &str,
) -> PathBuf {
    let extra = format!("protocol = \"cgs\"\n{extra}");
    manifest(dir, name, "t2r", command, args, &extra)
}

/// Eight launched copies of the example client with different strategies, as manifests
/// `p0.toml`..`p7.toml` in `DIR/contest`; hands back the pattern that names them all.
fn eight_programs(dir: &Path, client: &Path) -> String {
    let contest = dir.join("contest");
    fs::create_dir(&contest).unwrap();
    let strategies = [
        "random", "random:7", "first", "longest", "shortest", "hoard", "blind", "hoard:3",
    ];
    for (i, strategy) in strategies.iter().enumerate() {
        program(&contest, &format!("p{i}"), client, strategy, "");
    }
    manifests_in(&contest)
}

#[test]
fn a_league_of_eight_launched_programs_is_the_same_at_one_and_two_threads() {
    let Some(client) = client() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let pattern = eight_programs(tmp.path(), client);
    // Two threads through --bots, one through a scenario listing the same pattern.
    let two = tmp.path().join("two");
    run_quietly_into(
        run(&pattern, "2").args(["--map", "small", "--seed", "9", "--threads", "2"]),
        &two,
    );
    let scenario = write_file(
        tmp.path(),
        "league.toml",
        &format!(
            "game = \"t2r\"\noptions = {{ map = \"small\" }}\nbots = [{pattern:?}]\ngames = 2\nseed = 9\n"
        ),
    );
    let one = tmp.path().join("one");
    run_quietly_into(
        tourney().arg("run").arg(&scenario).args(["--threads", "1"]),
        &one,
    );
    let games = fs::read_to_string(two.join("games.csv")).unwrap();
    assert_eq!(
        games,
        fs::read_to_string(one.join("games.csv")).unwrap(),
        "deterministic programs: the same games at any thread count"
    );
    let rows = rows(&two);
    assert_eq!(rows.len(), 28 * 2 * 2, "28 pairings, 2 games each, 2 seats");
    let mut labels: Vec<&str> = rows.iter().map(|r| r[5].as_str()).collect();
    labels.sort();
    labels.dedup();
    assert_eq!(labels, ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
    assert!(
        rows.iter().all(|r| r[10] == "0"),
        "no program faulted: {:?}",
        rows.iter().find(|r| r[10] != "0")
    );
    // Each program's output is in its log, game by game.
    let log = fs::read_to_string(two.join("logs/p3.log")).unwrap();
    assert!(log.contains("] game ") && log.contains(": seat "), "{log}");
}

#[test]
fn a_knockout_of_eight_launched_programs_is_the_same_at_one_and_two_threads() {
    let Some(client) = client() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let pattern = eight_programs(tmp.path(), client);
    let out = same_at_one_and_two_threads(tmp.path(), || {
        let mut command = run(&pattern, "2");
        command
            .args(["--map", "small", "--format", "knockout", "--pool-size", "4"])
            .args(words("--advance 2 --match-games 2 --seed 9 --quiet"));
        command
    });
    // Two pools of 4 (6 pairings, 2 games each), then 3 matches of 2 games.
    assert_eq!(rows(&out).len(), (2 * 6 * 2 + 3 * 2) * 2);
    assert_file_contains(
        &out.join("summary.json"),
        "\"champion\"",
        "a knockout has one",
    );
    assert!(out.join("standings.html").is_file());
}

#[test]
fn programs_that_exit_at_once_or_never_connect_lose_and_the_run_goes_on() {
    let Some(client) = client() else { return };
    let tmp = tempfile::tempdir().unwrap();
    program(tmp.path(), "player", client, "longest", "");
    let sh = Path::new("/bin/sh");
    let args = |script: &str| [String::from("-c"), script.to_string()];
    let exits = args("echo leaving >&2; exit 3");
    let silent = args("sleep 30");
    let with_placeholders = |a: &[String; 2]| {
        let mut all: Vec<&str> = a.iter().map(String::as_str).collect();
        all.extend(["{host}", "{port}", "{name}"]);
        all.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let write = |name: &str, a: &[String; 2], extra: &str| {
        let a = with_placeholders(a);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        cgs_manifest(tmp.path(), name, sh, &a, extra)
    };
    write("exits", &exits, "");
    write("silent", &silent, "startup_ms = 300");
    let out = tmp.path().join("out");
    let started = std::time::Instant::now();
    run_manifests_in(tmp.path())
        .args(["--games", "2", "--threads", "2", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "ended (exit status 3) before it asked",
        ))
        .stdout(predicates::str::contains("did not connect as 'silent_"));
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "a program that never connects costs its startup_ms, not the whole run"
    );
    let rows = rows(&out);
    assert_eq!(rows.len(), 12, "3 pairings of 2 games, every game played");
    assert!(rows.iter().all(|r| r[8] == "crash"), "{rows:?}");
    // Each loses its 2 games against the player, and the game against the other where it is
    // seat 0 (the first seat to start).
    let faults = |bot: &str| rows.iter().filter(|r| r[5] == bot && r[10] == "1").count();
    assert_eq!(
        (faults("exits"), faults("silent"), faults("player")),
        (3, 3, 0)
    );
    let summary = fs::read_to_string(out.join("summary.json")).unwrap();
    assert!(summary.contains("\"exits\"") && summary.contains("crash"));
    assert_file_contains(
        &out.join("logs/exits.log"),
        "leaving",
        "the program's stderr is kept",
    );
    // The player, first to move in a game whose opponent never came, hears the game is over
    // and won (its move answered with the reason and 1), not a protocol error.
    let log = fs::read_to_string(out.join("logs/player.log")).unwrap();
    assert!(!log.contains("not our turn"), "{log}");
    assert!(log.contains(": seat 0 won"), "{log}");
}

#[test]
fn a_pattern_that_matches_nothing_is_refused_and_named() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("contest");
    fs::create_dir(&empty).unwrap();
    let pattern = manifests_in(&empty);
    refused(
        &mut run(&format!("nice,{pattern}"), "1"),
        &format!("'{pattern}' matches no file"),
    );
    let scenario = write_file(
        tmp.path(),
        "s.toml",
        &format!("game = \"t2r\"\nbots = [\"nice\", {pattern:?}]\n"),
    );
    refused(tourney().arg("run").arg(&scenario), "matches no file")
        .stderr(predicates::str::contains("s.toml:2"));
}

/// Connects as `name`, asks for a game, and returns the text the run answers instead of `OK`.
fn refusal(port: u16, name: &str) -> String {
    let mut raw = Raw::connect(port);
    raw.send(&format!("CLIENT_NAME {name}"));
    assert_eq!(raw.frame(), "OK");
    raw.send("WAIT_GAME TOURNAMENT T");
    raw.frame()
}

#[test]
fn clients_the_run_cannot_seat_are_told_why_and_stderr_says_who_is_missing() {
    let Some(client) = client() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let mut run = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(["run", "--bots", "cgs:alice,nice,cgs:bob", "--games", "1"])
        .args(["--serve", "0", "--serve-wait", "1.5", "--quiet", "--out"])
        .arg(tmp.path().join("out"))
        .stderr(Stdio::piped())
        .spawn()
        .expect("tourney starts");
    let (first, mut stderr) = first_line(run.stderr.take());
    assert!(first.contains("waiting for alice, bob"), "{first}");
    let port = port_in(&first);
    let unknown = refusal(port, "carol");
    assert_eq!(
        unknown,
        "The tournament 'tourney run' cannot be joined: this run has no player 'carol'; it \
         expects alice, bob"
    );
    // alice plays her 4 seats (bob never comes: his seats are lost on time), connecting once per
    // game as the contest's programs do, until the run says it has no game left for her.
    let mut told = String::new();
    for _ in 0..8 {
        let output = Command::new(client)
            .args(["127.0.0.1", &port.to_string(), "alice", "t2r", "first"])
            .output()
            .unwrap();
        told = String::from_utf8_lossy(&output.stderr).into_owned();
        if told.contains("cannot be joined") {
            break;
        }
    }
    assert!(
        told.contains("'alice' has played all its 4 games of this run; the run is over for it"),
        "{told}"
    );
    assert!(run.wait().unwrap().success());
    let mut said = String::new();
    stderr.read_to_string(&mut said).unwrap();
    assert_says(
        "the run's stderr",
        &said,
        &[
            "refused a contest client",
            "contest client 'alice' connected from 127.0.0.1",
            "a game waits for contest client 'bob' (connected so far: alice)",
            "'bob' did not connect within 1.5 s",
        ],
    );
}
