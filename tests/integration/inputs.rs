//! Inputs a new user or organiser gets wrong, each refused with exit 2 and a message naming the
//! problem, nothing written: a contest program that cannot run, `games.csv` files that are not
//! what a run writes (names, sizes, encodings, seat counts), a replay page over an existing
//! file; and a closed stdout (`tourney list | head -1`) that ends `tourney` quietly.

use super::contest::cgs_manifest;
use super::support::{self, refused, run, small_run, tourney, tourney_path, write_file};
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// `tourney report DIRS --quiet --no-plots --out OUT`, to be asserted on.
fn report(dirs: &[&Path], out: &Path) -> assert_cmd::assert::Assert {
    support::report(dirs)
        .args(["--quiet", "--no-plots", "--out"])
        .arg(out)
        .assert()
}

/// A small run of nice and greedy into `dir/NAME`.
fn small(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(name);
    small_run("nice,greedy", "2", extra, &out);
    out
}

/// A good run's games.csv, as text, and an empty folder `bad` beside it for the test to write
/// broken copies of it into.
fn good_text_and_bad_folder(dir: &Path) -> (String, PathBuf) {
    let good = small(dir, "good", &[]);
    let text = fs::read_to_string(good.join("games.csv")).unwrap();
    let bad = dir.join("bad");
    fs::create_dir_all(&bad).unwrap();
    (text, bad)
}

#[test]
fn a_contest_program_that_is_a_folder_or_lacks_the_run_bit_is_refused_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let plain = write_file(dir.path(), "client", "#!/bin/sh\nexit 0\n");
    let folder = dir.path().join("folder");
    fs::create_dir(&folder).unwrap();
    for (program, problem) in [(&plain, "is not executable"), (&folder, "is a folder")] {
        let toml = cgs_manifest(
            dir.path(),
            "contest",
            program,
            &["{host}", "{port}", "{name}"],
            "",
        );
        let out = dir.path().join("out");
        refused(
            run(&format!("random,{}", toml.display()), "2")
                .args(["--map", "small", "--quiet", "--out"])
                .arg(&out),
            problem,
        );
        assert!(!out.exists(), "nothing written for {problem}");
    }
}

#[test]
fn games_csv_bot_names_follow_the_label_rules_and_messages_quote_little() {
    let dir = tempfile::tempdir().unwrap();
    let (text, bad) = good_text_and_bad_folder(dir.path());
    let huge = "n".repeat(1 << 20);
    for (name, problem) in [
        (huge.as_str(), "is longer than 64 characters"),
        ("\"two\nlines\"", "contains a control character"),
        ("../up", "a name is a label, not a path"),
    ] {
        fs::write(bad.join("games.csv"), text.replace("greedy", name)).unwrap();
        let out = dir.path().join("out");
        let assert = report(&[&bad], &out)
            .code(2)
            .stderr(predicate::str::contains(problem));
        let stderr = &assert.get_output().stderr;
        assert!(stderr.len() < 1000, "a {} byte message", stderr.len());
        assert!(!out.exists(), "nothing written");
    }
    // Any field read back is quoted short.
    fs::write(
        bad.join("games.csv"),
        text.replace(",normal,", &format!(",{huge},")),
    )
    .unwrap();
    let assert = report(&[&bad], &dir.path().join("out"))
        .code(2)
        .stderr(predicate::str::contains("unknown termination 'nnn"));
    assert!(assert.get_output().stderr.len() < 1000);
}

#[test]
fn a_games_csv_in_utf16_is_named_as_such_and_a_utf8_byte_order_mark_passed_over() {
    let dir = tempfile::tempdir().unwrap();
    let (text, bad) = good_text_and_bad_folder(dir.path());
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let bom: Vec<u8> = [0xEF, 0xBB, 0xBF].into_iter().chain(text.bytes()).collect();
    fs::write(bad.join("games.csv"), utf16).unwrap();
    report(&[&bad], &dir.path().join("out"))
        .code(2)
        .stderr(predicate::str::contains("is UTF-16"))
        .stderr(predicate::str::contains("missing column").not());
    fs::write(bad.join("games.csv"), bom).unwrap();
    report(&[&bad], &dir.path().join("out")).success();
    let rated = |dir: &Path| fs::read_to_string(dir.join("ratings.csv")).unwrap();
    report(&[&dir.path().join("good")], &dir.path().join("plain")).success();
    assert_eq!(
        rated(&dir.path().join("out")),
        rated(&dir.path().join("plain"))
    );
}

#[test]
fn report_refuses_to_rate_games_of_different_seat_counts_together() {
    let dir = tempfile::tempdir().unwrap();
    let runs: Vec<PathBuf> = ["2", "4"]
        .iter()
        .map(|players| {
            let out = dir.path().join(format!("seats{players}"));
            run("random,greedy,random-tile,random", "4")
                .args(["--game", "carcassonne", "--players", players])
                .args(["--quiet", "--no-plots", "--out"])
                .arg(&out)
                .assert()
                .success();
            out
        })
        .collect();
    let out = dir.path().join("both");
    report(&[&runs[0], &runs[1]], &out)
        .code(2)
        .stderr(predicate::str::contains("games of 2 seats"))
        .stderr(predicate::str::contains("games of 4"));
    assert!(!out.exists(), "nothing written");
}

#[test]
fn replay_html_never_overwrites_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let recorded = small(dir.path(), "rec", &["--record"]);
    let page = write_file(dir.path(), "page.html", "mine");
    refused(
        tourney()
            .args(["replay", "--game", "0", "--quiet", "--html"])
            .arg(&page)
            .arg(&recorded),
        "already exists",
    );
    assert_eq!(fs::read_to_string(&page).unwrap(), "mine");
}

#[test]
fn a_closed_stdout_ends_tourney_quietly_as_it_does_a_unix_tool() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let done = small(dir.path(), "done", &[]);
    let commands: [Vec<std::ffi::OsString>; 2] = [
        vec!["list".into()],
        vec!["report".into(), done.clone().into(), "--no-plots".into()],
    ];
    for args in commands {
        // The reader is gone before `tourney` writes anything, as `head` is after one line.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = std::process::Command::new(tourney_path())
            .env("TOURNEY_DB", super::support::test_db())
            .args(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.signal(),
            Some(libc::SIGPIPE),
            "{args:?}: {:?}, {stderr}",
            output.status
        );
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

#[test]
fn list_says_that_greedy_is_a_weak_baseline() {
    let output = tourney().arg("list").output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let greedy = text
        .lines()
        .find(|line| line.trim_start().starts_with("greedy") && text.contains("t2r"))
        .expect("greedy is listed");
    assert!(greedy.contains("below random"), "{greedy}");
}
