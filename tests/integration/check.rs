//! `tourney check`: each exit code from a small scenario, and SPRT verdicts and stopping
//! points that do not depend on the thread count.

use super::support::stdout_of;
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

/// Writes a scenario on the small map (fast games) with the given bots and gates.
fn scenario(dir: &tempfile::TempDir, name: &str, bots: &str, gates: &str) -> PathBuf {
    let path = dir.path().join(format!("{name}.toml"));
    let text = format!(
        "game = \"t2r\"\noptions = {{ map = \"small\" }}\nbots = [{bots}]\ngames = 200\nseed = 3\nout = \"{}\"\n{gates}",
        dir.path().join(format!("{name}-out")).display()
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn check(path: &PathBuf, extra: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("tourney")
        .unwrap()
        .env("TOURNEY_DB", super::support::test_db())
        .arg("check")
        .arg(path)
        .arg("--quiet")
        .args(extra)
        .assert()
}

/// A `win-rate` gate: `bot`'s win rate against `against` must have a lower bound of at least
/// `min_lower`.
fn win_rate_gate(bot: &str, against: &str, min_lower: &str) -> String {
    format!(
        "[[gates]]\nkind = \"win-rate\"\nbot = \"{bot}\"\nagainst = \"{against}\"\nmin_lower = {min_lower}\n"
    )
}

/// `tourney check` of a new scenario of `bots` and `gates` in its own temporary folder ends
/// with exit `code` and prints every one of `says`: the exit-code tests differ only in these.
fn check_new(name: &str, bots: &str, gates: &str, code: i32, says: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let stdout = stdout_of(check(&scenario(&dir, name, bots, gates), &[]).code(code));
    for text in says {
        assert!(stdout.contains(text), "no '{text}' in:\n{stdout}");
    }
}

const NICE_AND_RANDOM: &str = "\"nice\", \"random\"";

#[test]
fn a_gate_that_holds_passes_with_exit_0() {
    let gate = win_rate_gate("nice", "random", "0.6");
    check_new("pass", NICE_AND_RANDOM, &gate, 0, &["verdict: pass"]);
}

#[test]
fn a_regression_fails_with_exit_1() {
    let gate = win_rate_gate("random", "nice", "0.5");
    check_new("fail", NICE_AND_RANDOM, &gate, 1, &["FAIL"]);
}

#[test]
fn an_sprt_between_equals_is_inconclusive_at_its_maximum_with_exit_2() {
    let gate = "[[gates]]\nkind = \"sprt\"\ncandidate = \"random\"\nbaseline = \"random#2\"\nmax_games = 40\n";
    let bots = "\"random\", { bot = \"random\", name = \"random#2\" }";
    check_new(
        "undecided",
        bots,
        gate,
        2,
        &["INCONCLUSIVE", "after 40 games"],
    );
}

#[test]
fn a_broken_file_is_refused_with_its_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.toml");
    std::fs::write(&path, "bots = [\"nice\", \"random\"]\ngames = -3\n").unwrap();
    check(&path, &[])
        .code(2)
        .stderr(predicate::str::contains("broken.toml:2:"));
    check(&dir.path().join("missing.toml"), &[])
        .code(2)
        .stderr(predicate::str::contains("cannot read the scenario"))
        .stderr(predicate::str::contains(":0:").not());
}

#[test]
fn crashes_above_the_fault_threshold_are_a_harness_failure_with_exit_3() {
    let gate = win_rate_gate("nice", "test-panic", "0.5");
    check_new("crashy", "\"nice\", \"test-panic\"", &gate, 3, &["HARNESS"]);
}

#[test]
fn baselines_are_saved_and_then_gate_later_checks() {
    let dir = tempfile::tempdir().unwrap();
    let gate = "[[gates]]\nkind = \"baseline\"\nbot = \"nice\"\nmargin = 200\n";
    let path = scenario(&dir, "based", NICE_AND_RANDOM, gate);
    let run = |extra: &[&str]| {
        Command::cargo_bin("tourney")
            .unwrap()
            .env("TOURNEY_DB", super::support::test_db())
            .current_dir(dir.path())
            .arg("check")
            .arg(&path)
            .arg("--quiet")
            .args(extra)
            .assert()
    };
    // Without a stored baseline the gate cannot decide.
    run(&[])
        .code(2)
        .stdout(predicate::str::contains("save-baseline"));
    run(&["--save-baseline"]).code(0);
    let saved = dir.path().join("results/baselines/based.json");
    let baseline: serde_json::Value =
        serde_json::from_slice(&std::fs::read(saved).unwrap()).unwrap();
    assert!(baseline["ratings"]["nice"].as_f64().unwrap() > 0.0);
    run(&[]).code(0).stdout(predicate::str::contains("PASS"));
}

#[test]
fn sprt_verdict_and_games_played_do_not_depend_on_threads() {
    let dir = tempfile::tempdir().unwrap();
    let gate = "[[gates]]\nkind = \"sprt\"\ncandidate = \"nice\"\nbaseline = \"greedy\"\nelo0 = 0\nelo1 = 5\nmax_games = 20000\n";
    let path = scenario(&dir, "threads", "\"nice\", \"greedy\"", gate);
    let outputs: Vec<String> = ["1", "2"]
        .iter()
        .map(|threads| stdout_of(check(&path, &["--threads", threads])))
        .collect();
    assert_eq!(outputs[0], outputs[1]);
    assert!(outputs[0].contains("after "), "{}", outputs[0]);
}

/// Two copies of the same bot (true difference 0) with bounds [0, 5] nElo and α = β = 0.05:
/// over 200 seeded runs the SPRT must accept H1 in about 5% of them at most. Real games on the
/// small map (random against random, ~30k games per run); about a minute in release builds, so
/// skipped in debug builds.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "200 SPRT runs of real games: run with --release"
)]
fn sprt_between_equal_bots_rarely_accepts_h1() {
    let dir = tempfile::tempdir().unwrap();
    let runs = 200;
    let run = |seed: usize| {
        let path = dir.path().join(format!("equal-{seed}.toml"));
        let text = format!(
            "seed = {seed}\ngame = \"t2r\"\noptions = {{ map = \"small\" }}\n\
                 bots = [\"random\", {{ bot = \"random\", name = \"random-b\" }}]\n\
                 [[gates]]\nkind = \"sprt\"\ncandidate = \"random\"\nbaseline = \"random-b\"\n\
                 elo0 = 0\nelo1 = 5\nalpha = 0.05\nbeta = 0.05\nmax_games = 1000000\n"
        );
        std::fs::write(&path, text).unwrap();
        let output = Command::cargo_bin("tourney")
            .unwrap()
            .env("TOURNEY_DB", super::support::test_db())
            .args(["check", "--quiet", "--threads", "1"])
            .arg(&path)
            .output()
            .unwrap();
        output.status.code().expect("exited")
    };
    // Two runs at a time, one thread each: the machine's cores stay busy between short runs.
    let verdicts: Vec<i32> = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2)
            .map(|half| scope.spawn(move || (half..runs).step_by(2).map(run).collect::<Vec<_>>()))
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let accepted_h1 = verdicts.iter().filter(|&&c| c == 0).count();
    let accepted_h0 = verdicts.iter().filter(|&&c| c == 1).count();
    println!(
        "SPRT [0, 5] nElo between equal bots: H1 accepted in {accepted_h1}/{runs} runs ({:.1}%), H0 in {accepted_h0}",
        100.0 * accepted_h1 as f64 / runs as f64
    );
    assert_eq!(
        accepted_h1 + accepted_h0,
        runs,
        "every run decided: {verdicts:?}"
    );
    // 5% of 200 is 10; allow two binomial standard deviations (about 6) of sampling noise.
    assert!(
        accepted_h1 <= 16,
        "H1 accepted in {accepted_h1} of {runs} runs"
    );
}

#[test]
fn an_sprt_gate_shows_its_running_score_and_llr_without_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let gate = "[[gates]]\nkind = \"sprt\"\ncandidate = \"nice\"\nbaseline = \"greedy\"\nmax_games = 20000\n";
    let path = scenario(&dir, "running", "\"nice\", \"greedy\"", gate);
    let assert = Command::cargo_bin("tourney")
        .unwrap()
        .env("TOURNEY_DB", super::support::test_db())
        .arg("check")
        .arg(&path)
        .args(["--progress-every", "0"])
        .assert();
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("Score of nice vs greedy: ")),
        "{stderr}"
    );
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("SPRT: llr ") && l.ends_with(" accepted")),
        "decided, and the line says so: {stderr}"
    );
    let quiet = check(&path, &["--progress-every", "0"]);
    assert!(
        quiet.get_output().stderr.is_empty(),
        "--quiet prints no score"
    );
}
