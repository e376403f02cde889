//! `--faults tolerate=N` and `--disqualify RATE` through the real binary: a forgiven fault is
//! replaced by a legal action and counted in games.csv, one past N loses the game, a program
//! that died is started again, a program that keeps faulting is withdrawn and the pages say
//! so, results stay the same at any thread count, and bad values are refused.

use super::external::fault_double;
use super::support::{
    csv_header, refused, report_later, rows, same_at_one_and_two_threads, summary, tourney, words,
};
use std::fs;
use std::path::Path;

/// Passing is never legal while tickets are to be kept, which is every first decision.
const PASS: &str = r#"{"kind":"pass"}"#;

/// A run on the small map between `bots`, with `extra` flags, into `out`.
fn small(bots: &str, games: &str, extra: &[&str], out: &Path) {
    tourney()
        .args([
            "run", "--quiet", "--map", "small", "--games", games, "--bots", bots,
        ])
        .args(extra)
        .arg("--out")
        .arg(out)
        .assert()
        .success();
}

/// Per row of games.csv: (bot, termination, fault, tolerated).
fn seats(out: &Path) -> Vec<(String, String, String, String)> {
    let header = csv_header(out);
    let column = |name: &str| header.split(',').position(|h| h == name).unwrap();
    let (bot, termination, fault) = (column("bot"), column("termination"), column("fault"));
    let tolerated = column("tolerated");
    rows(out)
        .into_iter()
        .map(|r| {
            (
                r[bot].clone(),
                r[termination].clone(),
                r[fault].clone(),
                r[tolerated].clone(),
            )
        })
        .collect()
}

#[test]
fn a_fault_forgiven_is_replaced_and_counted_and_one_past_n_loses() {
    let dir = tempfile::tempdir().unwrap();
    let double = fault_double(dir.path(), "once", &["illegal", PASS, "--once"], "");
    let bots = format!("random,{}", double.display());
    let forgiven = dir.path().join("forgiven");
    small(&bots, "4", &["--faults", "tolerate=1"], &forgiven);
    for (bot, termination, fault, tolerated) in seats(&forgiven) {
        // Finished on the board: no fault lost it, and the double's one fault was forgiven.
        assert_eq!((termination.as_str(), fault.as_str()), ("normal", "0"));
        assert_eq!(tolerated, if bot == "once" { "1" } else { "0" });
    }
    let lost = dir.path().join("lost");
    small(&bots, "4", &["--faults", "tolerate=0"], &lost);
    for (bot, termination, fault, tolerated) in seats(&lost) {
        assert_eq!(termination, "illegal");
        assert_eq!(fault, if bot == "once" { "1" } else { "0" });
        assert_eq!(tolerated, "0");
    }
}

#[test]
fn the_default_policy_writes_no_new_column() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    small("test-panic,random", "2", &["--faults", "lose"], &out);
    assert!(!csv_header(&out).contains("tolerated"));
    assert!(rows(&out).iter().all(|r| r[8] == "crash"));
}

#[test]
fn a_built_in_bot_that_panics_is_forgiven_n_times_then_loses() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    small("test-panic,random", "2", &["--faults", "tolerate=3"], &out);
    for (bot, termination, fault, tolerated) in seats(&out) {
        assert_eq!(termination, "crash");
        let panicked = bot == "test-panic";
        assert_eq!(fault, if panicked { "1" } else { "0" });
        assert_eq!(tolerated, if panicked { "3" } else { "0" });
    }
}

#[test]
fn a_program_that_dies_is_started_again_and_finishes_its_games() {
    let dir = tempfile::tempdir().unwrap();
    // Dies at one request in ten; each time it is started again for the rest of the game.
    let dies = ["die", "--rate", "0.1"];
    let double = fault_double(dir.path(), "dies", &dies, "move_ms = 20000");
    let out = dir.path().join("out");
    small(
        &format!("random,{}", double.display()),
        "2",
        &["--faults", "tolerate=100"],
        &out,
    );
    let rows = seats(&out);
    assert!(rows.iter().all(|r| r.1 == "normal"), "{rows:?}");
    let restarts: u32 = rows
        .iter()
        .filter(|r| r.0 == "dies")
        .map(|r| r.3.parse::<u32>().unwrap())
        .sum();
    assert!(restarts > 0, "the double died and was forgiven: {rows:?}");
}

#[test]
fn a_program_that_always_faults_is_withdrawn_and_the_pages_say_when_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let double = fault_double(dir.path(), "once", &["illegal", PASS, "--once"], "");
    let bots = format!("test-panic,random,nice,{}", double.display());
    let out = same_at_one_and_two_threads(dir.path(), || {
        let mut command = tourney();
        command.args([
            "run", "--quiet", "--map", "small", "--games", "12", "--bots",
        ]);
        command.arg(&bots);
        command.args(["--faults", "tolerate=1", "--disqualify", "20%"]);
        command
    });
    let summary = summary(&out);
    let withdrawn = summary["disqualify"]["withdrawn"].as_array().unwrap();
    // The double's one fault a game is forgiven, yet counted: it is withdrawn too.
    let names: Vec<&str> = withdrawn
        .iter()
        .map(|w| w["bot"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"test-panic") && names.contains(&"once"),
        "{summary}"
    );
    let panic = withdrawn.iter().find(|w| w["bot"] == "test-panic").unwrap();
    assert_eq!(panic["games"], 10);
    let after = panic["after_game"].as_u64().unwrap();
    let later = rows(&out)
        .iter()
        .filter(|r| r[5] == "test-panic" && r[0].parse::<u64>().unwrap() > after)
        .count();
    assert_eq!(
        later, 0,
        "no game of a withdrawn program after its withdrawal"
    );
    // A report made again later from the folder says it too, read back from summary.json.
    let again = dir.path().join("again");
    report_later(&out, &again);
    for page in [
        out.join("report.html"),
        out.join("standings.html"),
        again.join("report.html"),
        again.join("standings.html"),
    ] {
        let html = fs::read_to_string(&page).unwrap();
        assert!(
            html.contains(&format!("test-panic withdrawn after game {after}"))
                && html.contains("faulted in 10 of its 10 games"),
            "{} says who, when and why",
            page.display()
        );
    }
}

#[test]
fn bad_policies_and_rates_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for (flag, value) in [
        ("--faults", "tolerate=-1"),
        ("--faults", "tolerate=x"),
        ("--faults", "forgive"),
        ("--disqualify", "2"),
        ("--disqualify", "150%"),
    ] {
        refused(
            tourney()
                .args(["run", "--quiet", "--bots", "random,nice", "--games", "2"])
                .args([flag, value, "--out"])
                .arg(&out),
            &format!("{flag} '{value}'"),
        );
        assert!(!out.exists(), "{flag} {value}: nothing written");
    }
    refused(
        tourney()
            .args(words(
                "run --quiet --bots random,nice,greedy --format swiss",
            ))
            .args(["--rounds", "2", "--disqualify", "0.2", "--out"])
            .arg(&out),
        "--disqualify cannot be combined with a knockout or a Swiss system",
    );
    assert!(!out.exists());
}

#[test]
fn a_scenario_sets_the_policy_and_its_mistakes_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("s.toml");
    fs::write(
        &scenario,
        "game = \"t2r\"\nbots = [\"test-panic\", \"random\"]\noptions = { map = \"small\" }\n\
         games = 2\nfaults = \"tolerate=2\"\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    tourney()
        .args(["run", "--quiet", "--out"])
        .arg(&out)
        .arg(&scenario)
        .assert()
        .success();
    assert!(seats(&out).iter().any(|r| r.3 == "2"));
    fs::write(
        &scenario,
        "game = \"t2r\"\nbots = [\"test-panic\", \"random\"]\ndisqualify = 2\n",
    )
    .unwrap();
    refused(
        tourney().args(["run", "--quiet"]).arg(&scenario),
        "s.toml:3:",
    );
    // `check` refuses what `run` refuses: a withdrawal in a knockout's drawn rounds.
    fs::write(
        &scenario,
        "game = \"t2r\"\nbots = [\"test-panic\", \"random\", \"nice\"]\n\
         format = \"knockout\"\ndisqualify = 0.2\n\n[[gates]]\nkind = \"win-rate\"\n\
         bot = \"nice\"\nagainst = \"random\"\nmin_lower = 0.5\n",
    )
    .unwrap();
    refused(
        tourney().args(["check", "--quiet"]).arg(&scenario),
        "--disqualify cannot be combined with a knockout",
    );
}
