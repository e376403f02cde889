//! `tourney doctor`: the shipped example bots pass every check (the C ones built here with `cc`,
//! skipped without it), a misbehaving double fails the check it breaks with exit 1, and bad
//! input is refused with exit 2.

use super::external::{fault_double, python_manifest};
use super::programs::{examples, manifest};
use super::support::{assert_says, refused, tourney};
use predicates::prelude::*;
use std::fs;
use std::path::Path;
use std::process::Command;

/// The shipped example manifests copied into `dir`, next to the programs they start (the
/// Python ones, and the C ones when a C compiler builds them); the names of those it holds.
fn shipped_examples(dir: &Path) -> Vec<String> {
    for script in ["random.py", "t2r_claimer.py"] {
        fs::copy(examples().join(script), dir.join(script)).unwrap();
    }
    let mut built = Vec::new();
    for (source, binary) in [("random.c", "random"), ("cgs_client.c", "cgs_client")] {
        let status = Command::new("cc")
            .args(["-O2", "-Wall", "-Werror", "-o"])
            .arg(dir.join(binary))
            .arg(examples().join(source))
            .status();
        match status {
            Ok(status) => {
                assert!(status.success(), "{source} compiles without warnings");
                built.push(binary);
            }
            Err(e) => eprintln!("skipped the C examples: no C compiler (cc: {e})"),
        }
    }
    let mut names = Vec::new();
    for entry in fs::read_dir(examples()).unwrap() {
        let path = entry.unwrap().path();
        let text = fs::read_to_string(&path).unwrap_or_default();
        if path.extension().is_some_and(|e| e == "toml")
            && (text.contains("python3") || built.iter().any(|b| text.contains(&format!("./{b}"))))
        {
            fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
            names.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    names.sort();
    names
}

/// `tourney doctor MANIFEST`, run to its end: its exit code and stdout.
fn doctor(manifest: &Path) -> (Option<i32>, String) {
    let output = tourney().arg("doctor").arg(manifest).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.code(), stdout)
}

#[test]
fn every_shipped_example_bot_passes_every_check() {
    let dir = tempfile::tempdir().unwrap();
    let names = shipped_examples(dir.path());
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        let (code, stdout) = doctor(&dir.path().join(&name));
        assert_eq!(code, Some(0), "{name}:\n{stdout}");
        let says = [
            " 0 FAIL",
            "ok        answer times:",
            "a whole game in seat 1",
        ];
        assert_says(&name, &stdout, &says);
        if !name.contains("cgs") {
            assert_says(&name, &stdout, &["ok        quit after game_over"]);
            assert!(
                !stdout.contains("\nskipped"),
                "every position is found:\n{stdout}"
            );
        }
    }
}

/// A manifest of the fault double in `mode`, a flaw the doctor is to find.
fn double(dir: &Path, mode: &str) -> std::path::PathBuf {
    let script = examples().join("doubles/fault.py");
    let script = script.to_string_lossy();
    python_manifest(dir, mode, &[&script, mode], "")
}

#[test]
fn an_illegal_ticket_choice_fails_that_check_and_names_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout) = doctor(&double(dir.path(), "tickets"));
    assert_eq!(code, Some(1), "{stdout}");
    let failure = stdout
        .lines()
        .find(|line| line.starts_with("FAIL      a ticket choice"))
        .unwrap_or_else(|| panic!("the ticket choice fails:\n{stdout}"));
    assert!(failure.contains("at least 1 must be kept"), "{failure}");
    assert_says(
        "doctor",
        &stdout,
        &[
            "expected a legal action, written as the protocol says (docs/rules/ticket-to-ride.md §3.6",
            "ok        a double route to claim",
        ],
    );
}

#[test]
fn a_program_that_never_exits_fails_the_quit_check() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout) = doctor(&double(dir.path(), "stays"));
    assert_eq!(code, Some(1), "{stdout}");
    assert_says(
        "doctor",
        &stdout,
        &[
            "FAIL      quit after game_over: it still ran",
            "ok        a ticket choice",
        ],
    );
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        tourney().args(["doctor", "no-such-manifest.toml"]),
        "cannot read the bot manifest",
    );
    let unknown = manifest(dir.path(), "chess", "chess", Path::new("python3"), &[], "");
    refused(
        tourney().arg("doctor").arg(&unknown),
        "unknown game 'chess'",
    );
    let not_built = Path::new("./not-built");
    let missing = manifest(dir.path(), "missing", "t2r", not_built, &[], "");
    refused(tourney().arg("doctor").arg(&missing), "does not exist");
    let silent = fault_double(dir.path(), "silent", &["silent"], "startup_ms = 500");
    refused(
        tourney().arg("doctor").arg(&silent),
        "the program does not start",
    )
    .stdout(predicate::str::is_empty());
}
