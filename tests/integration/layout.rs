//! The pages as Chromium lays them out (`layout_check.js`): every plot's marks inside its frame
//! and with a size, and no label covered by a mark or another label, on report.html,
//! standings.html and the replay pages. Skipped where Chromium is absent.

use super::chromium::{available, layout_problems};
use super::report_pages::{combined_report, write_sweep};
use super::support::{report, run_game, tourney, words};
use std::path::Path;

/// Asserts `page` (at `query`) shows at least `drawings` drawings and no problem.
fn assert_clean(page: &Path, query: &str, drawings: u64) {
    let (seen, texts, problems) = layout_problems(page, query);
    let name = format!("{}{query}", page.display());
    assert!(
        seen >= drawings && texts > 0,
        "{name}: {seen} drawings, {texts} texts"
    );
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
}

/// A results folder's report.html (with at least `drawings` drawings) and standings.html.
fn assert_pages_clean(folder: &Path, drawings: u64) {
    assert_clean(&folder.join("report.html"), "", drawings);
    assert_clean(&folder.join("standings.html"), "", 0);
}

/// A replay page at its start, part-way and at its end.
fn assert_replay_clean(page: &Path) {
    for query in ["", "?step=40", "?step=100000"] {
        assert_clean(page, query, 1);
    }
}

/// The README's main job (`nice,greedy` on the default map), recorded: its report, standings
/// and a replay page. Issue 27: its margin plot was empty (a box of no height at the
/// canvas's top) and a negative rating's minus sign was under its whisker's end.
#[test]
fn the_main_jobs_pages_keep_marks_in_their_frames_and_labels_uncovered() {
    if !available("the main job's pages lay out cleanly") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    tourney()
        .args(words(
            "run --bots nice,greedy --games 40 --record --quiet --out",
        ))
        .arg(&run)
        .assert()
        .success();
    assert_pages_clean(&run, 5);
    let replay = std::fs::read_dir(run.join("replays"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "html"))
        .expect("a lost game's replay page");
    assert_replay_clean(&replay);
}

/// Two folders combined (issue 27: a bot drawn over games it never played) and a 12-0 sweep
/// (one-sided bounds, whose labels are the longest).
#[test]
fn combined_and_swept_reports_keep_marks_in_their_frames_and_labels_uncovered() {
    if !available("combined and swept reports lay out cleanly") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let ab = combined_report(dir.path());
    let sweep = dir.path().join("sweep");
    std::fs::create_dir_all(&sweep).unwrap();
    write_sweep(&sweep);
    report(&[&sweep]).arg("--quiet").assert().success();
    for folder in [&ab, &sweep] {
        assert_pages_clean(folder, 5);
    }
}

/// The pages this round added sections to: a Swiss system's rounds and standings, and where
/// `--sprt-stop` stopped a head-to-head.
#[test]
fn swiss_and_early_stop_pages_keep_marks_in_their_frames_and_labels_uncovered() {
    if !available("Swiss and early-stop pages lay out cleanly") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let swiss = dir.path().join("swiss");
    let stopped = dir.path().join("stopped");
    let runs: [(&Path, &[&str]); 2] = [
        (
            &swiss,
            &[
                "--bots",
                "expert,greedy,nice,random,do-nothing",
                "--format",
                "swiss",
                "--rounds",
                "3",
                "--games",
                "4",
            ],
        ),
        (
            &stopped,
            &["--bots", "nice,random", "--games", "2000", "--sprt-stop"],
        ),
    ];
    for (out, args) in runs {
        tourney()
            .arg("run")
            .args(args)
            .args(["--quiet", "--out"])
            .arg(out)
            .assert()
            .success();
        assert_pages_clean(out, 1);
    }
    let report = std::fs::read_to_string(stopped.join("report.html")).unwrap();
    assert!(report.to_lowercase().contains("sprt"), "the stop is shown");
}

/// The sections the contest-day flags add: a think-time table (`--think-times`), faults
/// forgiven (`--faults tolerate=N`) and a program withdrawn (`--disqualify`), on report.html
/// and standings.html.
#[test]
fn think_time_and_withdrawal_pages_keep_marks_in_their_frames_and_labels_uncovered() {
    if !available("think-time and withdrawal pages lay out cleanly") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("faulty");
    tourney()
        .args(["run", "--bots", "test-panic,random,nice", "--games", "20"])
        .args(words(
            "--faults tolerate=1 --disqualify 20% --think-times --quiet --out",
        ))
        .arg(&out)
        .assert()
        .success();
    assert_pages_clean(&out, 1);
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        report.contains("Think time"),
        "the think-time table is shown"
    );
    for page in ["report.html", "standings.html"] {
        let text = std::fs::read_to_string(out.join(page)).unwrap();
        assert!(text.contains("withdrawn"), "{page} says who was withdrawn");
    }
}

/// Every other game's board: a pawn used to cover a Labyrinth item's number.
#[test]
fn every_games_replay_page_keeps_its_labels_uncovered() {
    if !available("every game's replay page lays out cleanly") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for game in ["labyrinth", "carcassonne", "fresh-fish"] {
        let run = dir.path().join(game);
        run_game(game, "random,greedy", "2")
            .args(["--record", "--quiet", "--no-plots", "--out"])
            .arg(&run)
            .assert()
            .success();
        let page = run.join("game-0.html");
        tourney()
            .arg("replay")
            .arg(&run)
            .args(["--game", "0", "--quiet", "--html"])
            .arg(&page)
            .assert()
            .success();
        assert_replay_clean(&page);
    }
}
