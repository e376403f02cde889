//! Fair CPU, through the real binary: a program that starts sixty spinning processes, each in
//! a session of its own, does not slow its opponent's thinking. The opponent
//! (`bots/examples/doubles/thinker.py`) spends the same CPU time on every move, so the time its
//! moves take (the think times `records.jsonl.gz` keeps) shows how much of a core it gets; it
//! is compared with quiet runs of the same game in the same test, before and after, so the
//! machine's own load counts on both sides; three attacks, the middle comparison judged.

use super::programs::{assert_no_process_left, examples, faults_of, hostile, manifest, supported};
use super::support::{tourney, words};
use std::fs;
use std::path::Path;

/// CPU time the thinker spends on each move, in milliseconds.
const THINK_MS: &str = "40";

/// The median think time of the thinker in a run of two games against the hostile double
/// starting `spinners` spinning processes, with the thinker's fault reasons.
fn thinker_against(dir: &Path, spinners: &str) -> (f64, Vec<String>) {
    let script = examples().join("doubles/thinker.py");
    // Lost on time if a move takes 25 times its CPU time: sixty spinners sharing two cores
    // with it would make it 30 times.
    let thinker = manifest(
        dir,
        "thinker",
        "t2r",
        Path::new("python3"),
        &[&script.display().to_string(), THINK_MS],
        "move_ms = 1000",
    );
    let double = hostile(dir, "spin", spinners, "");
    let out = dir.join(format!("out-{spinners}"));
    tourney()
        .args(words("run --quiet --no-plots --map small --games 2"))
        .args(["--threads", "1", "--record", "--force", "--bots"])
        .arg(format!("{},{}", thinker.display(), double.display()))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    assert_no_process_left(dir);
    (
        median(think_times(&out, "thinker")),
        faults_of(&out, "thinker"),
    )
}

/// Every think time of `bot` in `out`'s records, in milliseconds.
fn think_times(out: &Path, bot: &str) -> Vec<f64> {
    let bytes = fs::read(out.join("records.jsonl.gz")).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
        .unwrap();
    let mut lines = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
    let header = lines.next().unwrap();
    let index = header["bots"]
        .as_array()
        .unwrap()
        .iter()
        .position(|b| b == bot)
        .unwrap();
    let mut times = Vec::new();
    for game in lines {
        let lineup = game["lineup"].as_array().unwrap();
        let seat = lineup.iter().position(|b| b == index).unwrap();
        for step in game["steps"].as_array().unwrap() {
            if step["seat"] == seat {
                times.extend(step["think_ms"].as_f64());
            }
        }
    }
    assert!(times.len() >= 10, "the thinker moved: {times:?}");
    times
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Attacked runs, each between two quiet ones: the machine's own load (other tests, other
/// work) changes from one run to the next, so each attacked run is compared with the quiet
/// runs on either side of it, and the middle of those comparisons is judged.
const ATTACKS: usize = 3;

#[test]
fn sixty_spinning_processes_do_not_slow_the_opponents_thinking() {
    if !supported("cpu") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut quiet = vec![thinker_against(dir.path(), "0").0];
    let mut ratios = Vec::new();
    for _ in 0..ATTACKS {
        let (attacked, faults) = thinker_against(dir.path(), "60");
        assert!(faults.is_empty(), "the thinker lost no game: {faults:?}");
        let (after, _) = thinker_against(dir.path(), "0");
        let before = *quiet.last().unwrap();
        eprintln!(
            "think time medians: {before:.1} quiet, {attacked:.1} attacked, {after:.1} quiet"
        );
        ratios.push(attacked / before.max(after));
        quiet.push(after);
    }
    let ratio = median(ratios.clone());
    assert!(
        ratio <= 1.2,
        "median think time under attack {ratio:.2} times the quiet runs' beside it \
         (each attack: {ratios:.2?})"
    );
}
