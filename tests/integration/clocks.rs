//! Clocks through the real binary, with the double `doubles/clocked.py` (slow for its first
//! moves of every game): a program loses on its clock although each move is far within
//! `move_ms`, the increment keeps it alive, the time left arrives in every `act`, think times
//! reach the records and the report (a report made later reads them back), and a bad clock
//! is refused. Every margin is of seconds, so a loaded machine changes no verdict.

use super::external::{python_manifest, seats};
use super::programs::examples;
use super::support::{
    manifest_text, per_bot, refused, report_later, summary, tourney, words, write_file,
};
use std::fs;
use std::path::{Path, PathBuf};

/// A Ticket to Ride manifest for the double, sleeping `seconds` before each of its first
/// `moves` answers of a game; `move_ms` 20 s, so only a clock can catch it.
fn slow_starter(dir: &Path, seconds: &str, moves: &str, extra: &str) -> PathBuf {
    let script = examples().join("doubles/clocked.py").display().to_string();
    let extra = format!("move_ms = 20000\n{extra}");
    python_manifest(dir, "slow", &[&script, seconds, moves], &extra)
}

/// Two games of `random` against the double, recorded, with these extra flags.
fn play(double: &Path, out: &Path, extra: &[&str]) {
    tourney()
        .args(["run", "--quiet", "--no-plots", "--record", "--map", "small"])
        .args(["--games", "2", "--threads", "2", "--bots"])
        .arg(format!("random,{}", double.display()))
        .arg("--out")
        .arg(out)
        .args(extra)
        .assert()
        .success();
}

/// Every game of the run in `out` ended on a clock, and the fault is the double's.
fn assert_the_double_lost_on_time(out: &Path) {
    for (bot, termination, fault) in seats(out) {
        assert_eq!(termination, "timeout");
        assert_eq!(fault == "1", bot == "slow", "the fault is the double's");
    }
}

/// No game of the run in `out` ended on a clock, and no seat faulted.
fn assert_no_time_ran_out(out: &Path) {
    for (_, termination, fault) in seats(out) {
        assert_ne!(termination, "timeout");
        assert_eq!(fault, "0");
    }
}

/// [`play`] against [`slow_starter`] (its `seconds`, `moves` and extra manifest `lines`) into
/// `dir/out`, with these extra flags: the run's folder.
fn play_slow_starter(
    dir: &Path,
    seconds: &str,
    moves: &str,
    lines: &str,
    extra: &[&str],
) -> PathBuf {
    let out = dir.join("out");
    play(&slow_starter(dir, seconds, moves, lines), &out, extra);
    out
}

#[test]
fn a_slow_program_loses_on_its_clock_though_each_move_is_within_move_ms() {
    let dir = tempfile::tempdir().unwrap();
    // 0.4 s a move against a bank of 1 s: the third move at the latest runs out, while
    // move_ms (20 s) alone would let every move through.
    let out = play_slow_starter(dir.path(), "0.4", "1000", "", &["--clock", "1+0"]);
    assert_the_double_lost_on_time(&out);
    let summary = summary(&out);
    let slow = per_bot(&summary, "slow");
    let reason = slow["fault_examples"][0].as_str().unwrap();
    assert!(reason.contains("clock ran out: "), "{reason}");
    assert!(reason.contains(" s left of 1+0"), "{reason}");
    assert!(
        slow.get("think").is_none(),
        "think times stay out of summary.json"
    );
    let report = fs::read_to_string(out.join("report.md")).unwrap();
    let think = report
        .split("## Think time per bot")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a think-time table for the timed double");
    assert!(think.contains("| slow | "), "{think}");
    assert!(
        !think.contains("| random |"),
        "a built-in bot is not timed: {think}"
    );
}

#[test]
fn the_increment_keeps_a_slow_starter_alive_and_act_tells_the_time_left() {
    let dir = tempfile::tempdir().unwrap();
    // Without the increment the fourth slow move would run out (4 x 0.3 s > 1 s); with it
    // each slow move leaves 0.2 s more, and a move would have to take 1.5 s to lose.
    let out = play_slow_starter(dir.path(), "0.3", "8", "clock = \"1+0.5\"", &[]);
    assert_no_time_ran_out(&out);
    let log = fs::read_to_string(out.join("logs/slow.log")).unwrap();
    assert!(log.contains("clock left=1000 increment=500"), "{log}");
    let lefts: Vec<u64> = log
        .lines()
        .filter_map(|l| {
            l.split("clock left=")
                .nth(1)?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert!(
        lefts.iter().any(|&left| left > 1000),
        "the increment added shows in a later act: {lefts:?}"
    );
    tourney()
        .args(["replay", "--game", "1"])
        .arg(&out)
        .assert()
        .success();
    let records = fs::read(out.join("records.jsonl.gz")).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&records[..]), &mut text)
        .unwrap();
    assert!(text.contains("\"think_ms\":"), "records keep think times");
    assert!(text.contains("\"clock_left_ms\":"), "and the time left");
}

/// The think-time table of `dir`'s report.md: its rows, bot and decisions.
fn think_rows(dir: &Path) -> Vec<(String, String)> {
    let report = fs::read_to_string(dir.join("report.md")).unwrap();
    let table = report
        .split("## Think time per bot")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_default();
    table
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let decisions = cells.get(2)?;
            decisions
                .parse::<u64>()
                .is_ok()
                .then(|| (cells[1].to_string(), decisions.to_string()))
        })
        .collect()
}

#[test]
fn a_report_made_later_reads_the_think_times_back_from_the_records() {
    let dir = tempfile::tempdir().unwrap();
    let out = play_slow_starter(dir.path(), "0", "0", "clock = \"30+1\"", &[]);
    let at_the_run = think_rows(&out);
    assert_eq!(
        at_the_run.len(),
        1,
        "the double alone is timed: {at_the_run:?}"
    );
    fs::remove_file(out.join("report.md")).unwrap();
    let again = dir.path().join("again");
    report_later(&out, &again);
    assert_eq!(think_rows(&again), at_the_run);
    // Without records there is nothing to read back, and no table.
    fs::remove_file(out.join("records.jsonl.gz")).unwrap();
    report_later(&out, &out);
    assert_eq!(think_rows(&out), vec![]);
}

#[test]
fn a_scenarios_clock_times_every_program_and_a_flag_overrides_it() {
    let dir = tempfile::tempdir().unwrap();
    // 0.4 s for each of its first three moves: 1.2 s runs out a bank of 1 s, not one of 30.
    let double = slow_starter(dir.path(), "0.4", "3", "");
    let scenario = write_file(
        dir.path(),
        "clocked.toml",
        &format!(
            "game = \"t2r\"\noptions = {{ map = \"small\" }}\nbots = [\"random\", {:?}]\n\
             games = 2\nclock = \"1+0\"\nclock_margin_ms = 10\n",
            double.display().to_string()
        ),
    );
    let run = |out: &Path, extra: &[&str]| {
        tourney()
            .args(["run", "--quiet", "--no-plots", "--threads", "2", "--out"])
            .arg(out)
            .arg(&scenario)
            .args(extra)
            .assert()
            .success();
    };
    let out = dir.path().join("scenario");
    run(&out, &[]);
    assert_the_double_lost_on_time(&out);
    let manifest = manifest_text(&out);
    assert!(manifest.contains("\"clock\": \"1+0\""), "{manifest}");
    assert!(manifest.contains("\"clock_margin_ms\": 10"), "{manifest}");
    let flag = dir.path().join("flag");
    run(&flag, &["--clock", "30+0"]);
    assert_no_time_ran_out(&flag);
    let manifest = manifest_text(&flag);
    assert!(manifest.contains("\"clock\": \"30+0\""), "{manifest}");
    assert!(
        manifest.contains("\"clock_margin_ms\": 10"),
        "the key the flag left: {manifest}"
    );
}

#[test]
fn a_program_without_a_clock_gets_no_clock_in_act() {
    let dir = tempfile::tempdir().unwrap();
    let out = play_slow_starter(dir.path(), "0", "0", "", &[]);
    let log = fs::read_to_string(out.join("logs/slow.log")).unwrap();
    assert!(
        log.contains("clock none") && !log.contains("clock left="),
        "{log}"
    );
}

#[test]
fn bad_clocks_are_refused_with_exit_code_2_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for bad in ["60+", "-1+0", "abc"] {
        refused(
            tourney()
                .args(["run", "--bots", "random,random", "--games", "2"])
                .arg(format!("--clock={bad}"))
                .arg("--out")
                .arg(&out),
            "BANK+INCREMENT",
        );
        let double = slow_starter(dir.path(), "0", "0", &format!("clock = \"{bad}\""));
        refused(
            tourney()
                .args(["run", "--map", "small", "--games", "2", "--bots"])
                .arg(format!("random,{}", double.display()))
                .arg("--out")
                .arg(&out),
            "slow.toml:6: `clock`: clock",
        );
        assert!(!out.exists(), "nothing written for {bad}");
    }
}

#[test]
fn a_clock_that_never_runs_out_changes_no_result_at_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let python = examples().join("t2r-random-py.toml").display().to_string();
    let games = |out: &str, extra: &[&str]| {
        let out = dir.path().join(out);
        tourney()
            .args(words("run --quiet --no-plots --map small --games 4"))
            .args(["--bots", &format!("random,{python}"), "--out"])
            .arg(&out)
            .args(extra)
            .assert()
            .success();
        fs::read(out.join("games.csv")).unwrap()
    };
    let plain = games("plain", &["--threads", "1"]);
    let clocked = games("clocked", &["--threads", "2", "--clock", "600+1"]);
    assert_eq!(plain, clocked, "games.csv byte for byte");
}

#[test]
fn a_resumed_run_keeps_its_clock_and_refuses_another() {
    let dir = tempfile::tempdir().unwrap();
    let double = slow_starter(dir.path(), "0.4", "1000", "");
    let out = dir.path().join("out");
    tourney()
        .args(["run", "--quiet", "--no-plots", "--map", "small"])
        .args(["--games", "4", "--threads", "2", "--clock", "1+0", "--bots"])
        .arg(format!("random,{}", double.display()))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let manifest_path = out.join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&manifest_path).unwrap()).unwrap();
    assert_eq!(manifest["configuration"]["clock"], "1+0", "{manifest}");
    // Cut to the first game's rows, as a kill would, and resume with the folder alone.
    let csv = fs::read_to_string(out.join("games.csv")).unwrap();
    let kept: Vec<&str> = csv.lines().take(3).collect();
    fs::write(out.join("games.csv"), kept.join("\n") + "\n").unwrap();
    let fields = manifest.as_object_mut().unwrap();
    fields.insert("complete".into(), false.into());
    fields.remove("games_csv_sha256");
    fs::write(
        &manifest_path,
        serde_json::to_string_pretty(&manifest).unwrap(),
    )
    .unwrap();
    refused(
        tourney()
            .args(["run", "--quiet", "--no-plots", "--clock", "5+0", "--resume"])
            .arg(&out),
        "clock",
    );
    tourney()
        .args(["run", "--quiet", "--no-plots", "--resume"])
        .arg(&out)
        .assert()
        .success();
    let rows = seats(&out);
    assert_eq!(rows.len(), 8, "{rows:?}");
    for (bot, termination, fault) in rows {
        assert_eq!(
            termination, "timeout",
            "every game, resumed ones too, on the clock"
        );
        assert_eq!(fault == "1", bot == "slow");
    }
}
