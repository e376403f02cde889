//! Figures that claim no more than the data hold (issue 40): a head-to-head whose sequential
//! test cannot be computed still shows its numbers; a sweep's Elo is the same one-sided bound in
//! the running-score line as in the table; a staged format's header counts every round's games;
//! a game without options and a parameter kept as an `f32` print plainly.

use super::support::{run, run_game, stderr_of, stdout_of, summary, tourney, words};
use std::fs;

/// `--sprt-elo1 400` for nice against greedy: no distribution of these outcomes reaches that
/// Elo, so the GSPRT cannot be computed. Before, that dropped the whole head-to-head
/// (`head_to_head: []`, no table); now only the test is marked, with the reason.
#[test]
fn a_test_that_cannot_be_computed_keeps_the_head_to_head() {
    let dir = tempfile::tempdir().unwrap();
    let assert = run("nice,greedy", "40")
        .args(["--sprt-elo1", "400", "--no-plots", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    let stdout = stdout_of(assert);
    let rows = summary(dir.path())["head_to_head"].clone();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let row = &rows[0];
    assert_eq!(
        (row["bot"].as_str(), row["games"].as_u64()),
        (Some("nice"), Some(40))
    );
    assert!(row["verdict"].is_null() && row["llr"].is_null(), "{row}");
    assert!(row["elo"].as_f64().unwrap() > 0.0 && row["los"].as_f64().unwrap() > 0.99);
    let why = row["sprt_error"].as_str().unwrap();
    assert!(why.contains("choose SPRT bounds nearer 0"), "{why}");
    for (what, text) in [
        ("the terminal", stdout.clone()),
        (
            "report.md",
            fs::read_to_string(dir.path().join("report.md")).unwrap(),
        ),
    ] {
        assert!(text.contains("Head to head"), "{what}: {text}");
        assert!(text.contains("not computable"), "{what}: {text}");
        assert!(text.contains(why), "{what} says why: {text}");
    }
}

/// greedy sweeps random-tile in 4 Carcassonne games: the running-score line printed
/// `-1161.4 +/- 331.6`-like figures beside a table that said `> …`; both now print the one
/// bound, in the same words.
#[test]
fn a_sweep_s_running_score_line_shows_the_table_s_bound() {
    let assert = run_game("carcassonne", "greedy,random-tile", "4")
        .args(["--progress-every", "0", "--no-plots"])
        .assert()
        .success();
    let (stdout, stderr) = {
        let output = assert.get_output();
        (
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let line = stderr
        .lines()
        .rfind(|l| l.starts_with("Elo difference: "))
        .unwrap_or_else(|| panic!("{stderr}"));
    let elo = line["Elo difference: ".len()..].split(',').next().unwrap();
    assert!(elo.starts_with("> ") && !elo.contains("+/-"), "{line}");
    let table_row = stdout
        .lines()
        .find(|l| {
            l.trim_start().starts_with("greedy") && l.contains("random-tile") && l.contains(elo)
        })
        .unwrap_or_else(|| panic!("the table shows {elo}:\n{stdout}"));
    assert!(table_row.contains(elo), "{table_row}");
}

/// A Swiss's first line counted its first round only (`2 pairing(s) x 4 games = 8 games` for a
/// 24-game run); the line after it counts every game, and the first no longer claims a total.
#[test]
fn a_swiss_header_counts_no_games_its_next_line_does_not() {
    let assert = run("random,nice,greedy,do-nothing,expert", "4")
        .args(words("--map small --format swiss --rounds 3 --no-plots"))
        .assert()
        .success();
    let stderr = stderr_of(assert);
    let first = stderr.lines().next().unwrap();
    assert!(first.starts_with("t2r (official; map=small"), "{first}");
    assert!(!first.contains("pairing(s)"), "{first}");
    assert!(stderr.contains("; 24 games"), "{stderr}");
}

/// A game without options is `carcassonne (base)`, not `carcassonne (base; )`.
#[test]
fn a_game_without_options_has_no_empty_option_list() {
    let assert = run_game("carcassonne", "greedy,random", "2")
        .arg("--no-plots")
        .assert()
        .success();
    let stderr = stderr_of(assert);
    assert!(
        stderr.starts_with("carcassonne (base) | greedy vs random |"),
        "{stderr}"
    );
}

/// `lookahead` keeps `risk` as an `f32`: listed as 0.1484, not 0.14839999377727509.
#[test]
fn a_parameter_kept_as_f32_is_listed_as_written() {
    let stdout = stdout_of(tourney().arg("list").assert().success());
    assert!(
        stdout.contains("parameters: risk=0.1484 (0 to 1)"),
        "{stdout}"
    );
}
