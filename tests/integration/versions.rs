//! Bot versions through the real binary: `--version-label` checked against the run's entries,
//! the version `doctor` and `list` print, and a run's files left byte for byte as they were.

use super::programs::examples;
use super::support::{refused, stdout_of, tourney, words, write_file};
use std::fs;
use std::path::{Path, PathBuf};

/// `dir/bots/mine.toml`, a Ticket to Ride Python program running the example `random.py`
/// copied next to it, with these extra manifest lines.
fn program(dir: &Path, extra: &str) -> PathBuf {
    let bots = dir.join("bots");
    fs::create_dir_all(&bots).unwrap();
    fs::copy(examples().join("random.py"), bots.join("random.py")).unwrap();
    write_file(
        &bots,
        "mine.toml",
        &format!(
            "name = \"mine\"\ngame = \"t2r\"\ncommand = \"python3\"\nargs = [\"random.py\"]\n{extra}"
        ),
    )
}

/// The `version: DIGITS (LABEL)` line of `text`, checked for its twelve hex digits.
fn version_line(text: &str) -> &str {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("version: ") || l.contains(" version: "))
        .unwrap_or_else(|| panic!("no version line:\n{text}"));
    let at = line.find("version: ").unwrap() + "version: ".len();
    let digits = &line[at..at + 12];
    assert!(digits.bytes().all(|b| b.is_ascii_hexdigit()), "{line}");
    &line[at..]
}

#[test]
fn a_label_for_an_entry_not_playing_or_an_empty_label_is_refused_naming_the_entries() {
    let run = |label: &str| {
        let mut command = tourney();
        command.args(["run", "--bots", "random,greedy", "--games", "2", "--quiet"]);
        command.args(["--version-label", label]);
        command
    };
    refused(
        &mut run("nice=v1"),
        "--version-label 'nice=v1' names no entry of this run; entries: random, greedy",
    );
    refused(&mut run("random="), "a version label must not be empty");
    refused(&mut run("random"), "is not NAME=LABEL");
    refused(
        tourney().args(words(
            "check scenarios/t2r-ci.toml --version-label nobody=x",
        )),
        "names no entry of this run; entries: do-nothing, random, nice, greedy, expert",
    );
}

/// `doctor` prints the program's version on the line under its header, and `list` the same
/// version for the program registered in the folder's `bots/`.
#[test]
fn doctor_and_list_print_a_programs_version() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = program(dir.path(), "version = \"v1.2\"\n");
    let doctor = stdout_of(tourney().arg("doctor").arg(&manifest).assert().success());
    let second = doctor.lines().nth(1).unwrap_or_default();
    assert!(second.starts_with("version: "), "{doctor}");
    let shown = version_line(second);
    assert!(shown.ends_with(" (v1.2)"), "{second}");
    let list = stdout_of(
        tourney()
            .arg("list")
            .current_dir(dir.path())
            .assert()
            .success(),
    );
    assert!(
        list.contains("  programs (bots/NAME.toml):\n    mine "),
        "{list}"
    );
    assert_eq!(version_line(&list), shown, "{list}");
}

/// A label given on the command line or in the manifest changes nothing a run writes: the
/// configuration hash in manifest.json, games.csv and summary.json stay byte for byte.
#[test]
fn versions_leave_a_runs_files_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = program(dir.path(), "");
    let out = |name: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        tourney()
            .args(["run", "--quiet", "--no-plots", "--games", "2", "--bots"])
            .arg(format!("random,{}", manifest.display()))
            .arg("--out")
            .arg(&out)
            .args(extra)
            .assert()
            .success();
        out
    };
    let plain = out("plain", &[]);
    let flagged = out(
        "flagged",
        &["--version-label", "mine=v7", "--version-label", "random=r"],
    );
    let text = fs::read_to_string(&manifest).unwrap();
    fs::write(&manifest, format!("{text}version = \"v1.2\"\n")).unwrap();
    let keyed = out("keyed", &[]);
    for file in ["games.csv", "summary.json", "manifest.json"] {
        let want = fs::read(plain.join(file)).unwrap();
        assert!(
            want == fs::read(flagged.join(file)).unwrap(),
            "{file} with the flag"
        );
        assert!(
            want == fs::read(keyed.join(file)).unwrap(),
            "{file} with the key"
        );
    }
}
