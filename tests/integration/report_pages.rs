//! What the report says beside its numbers: a sweep's head-to-head bound, the terminal's notes,
//! and the convergence plot of combined folders.

use super::support::{report, small_run, stdout_of};
use std::fs;
use std::path::{Path, PathBuf};

/// `games.csv` of a 12-0 sweep: `nice` wins all six seeds in both seat orders.
pub(super) fn write_sweep(dir: &Path) {
    let mut csv =
        String::from("game,seed,pairing,rotation,seat,bot,score,rank,termination,turns,fault\n");
    for game in 0..12 {
        for seat in 0..2 {
            let bot = ["nice", "greedy"][(seat + game % 2) % 2];
            let (score, rank) = if bot == "nice" { (100, 1) } else { (50, 2) };
            csv.push_str(&format!(
                "{game},{},0,{},{seat},{bot},{score},{rank},normal,80,0\n",
                game / 2,
                game % 2
            ));
        }
    }
    fs::write(dir.join("games.csv"), csv).unwrap();
}

/// Issue 27: a 12-0 sweep showed `Elo +1199.8 +/- 233.7` (the score clamp's number) in the
/// head-to-head while the ratings gave bounds; now both give the same one-sided bound.
#[test]
fn a_sweep_is_a_bound_in_the_head_to_head_as_in_the_ratings() {
    let dir = tempfile::tempdir().unwrap();
    write_sweep(dir.path());
    let out = stdout_of(report(&[dir.path()]).arg("--no-plots").assert().success());
    let row = out
        .lines()
        .find(|l| l.contains("[0, 0, 0, 0, 6]"))
        .unwrap_or_else(|| panic!("no head-to-head row: {out}"));
    assert!(row.contains("> +218.9"), "{row}");
    assert!(!out.contains("1199.8"), "{out}");
    assert!(
        out.contains("> +109.5") && out.contains("< -109.5"),
        "{out}"
    );
    let md = fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.contains("> +218.9") && !md.contains("1199.8"), "{md}");
}

/// Issue 27: the ratings' "interval:" note was five wrapped lines on every run, and the
/// head-to-head's Elo (a difference) stood unexplained beside ratings half its size.
#[test]
fn the_terminal_notes_are_short_and_say_the_head_to_head_elo_is_a_difference() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    small_run("nice,greedy", "20", &[], &run);
    let out = stdout_of(report(&[&run]).arg("--no-plots").assert().success());
    let note = out.lines().find(|l| l.contains("interval:")).unwrap();
    assert!(note.len() <= 100, "{note}");
    let explained = out
        .lines()
        .skip_while(|l| !l.starts_with("Head to head"))
        .find(|l| l.contains("elo, nelo:"))
        .unwrap_or_else(|| panic!("no note under the head-to-head: {out}"));
    assert!(
        explained.contains("first bot minus the second") && explained.contains("(ratings: nice "),
        "{explained}"
    );
}

/// The `cx` of every `<circle>` filled with `colour` in an SVG.
fn circles(svg: &str, colour: &str) -> Vec<f64> {
    svg.lines()
        .filter(|l| l.starts_with("<circle") && l.contains(&format!("fill=\"{colour}\"")))
        .map(|l| {
            let at = l.find("cx=\"").unwrap() + 4;
            l[at..at + l[at..].find('"').unwrap()].parse().unwrap()
        })
        .collect()
}

/// Issue 27: `tourney report a b` drew `greedy` (only in b) over a's games, which it never
/// played, at a placeholder rating.
#[test]
fn a_combined_report_draws_a_bot_from_its_first_game_on() {
    let dir = tempfile::tempdir().unwrap();
    let ab = combined_report(dir.path());
    let svg = fs::read_to_string(ab.join("convergence.svg")).unwrap();
    // Series colours by bot index: nice, random, greedy.
    let (nice, greedy) = (circles(&svg, "#1F77B4"), circles(&svg, "#2CA02C"));
    assert!(
        !greedy.is_empty() && greedy.len() < nice.len(),
        "{nice:?} {greedy:?}"
    );
    let first = |xs: &[f64]| xs.iter().copied().fold(f64::MAX, f64::min);
    let last = |xs: &[f64]| xs.iter().copied().fold(f64::MIN, f64::max);
    let middle = (first(&nice) + last(&nice)) / 2.0;
    assert!(first(&greedy) > middle - 1.0, "greedy starts at {greedy:?}");
}

/// `dir/ab`: the report of two small runs in `dir/a` (nice, random) and `dir/b` (nice,
/// greedy), so `greedy` plays only the second folder's games.
pub fn combined_report(dir: &Path) -> PathBuf {
    let (a, b, ab) = (dir.join("a"), dir.join("b"), dir.join("ab"));
    small_run("nice,random", "40", &[], &a);
    small_run("nice,greedy", "40", &[], &b);
    report(&[&a, &b])
        .args(["--quiet", "--out"])
        .arg(&ab)
        .assert()
        .success();
    ab
}
