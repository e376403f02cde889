//! `tourney ladder`: a ladder of launched programs (the shipped random player and the test
//! doubles) that picks up entries and versions while it plays, turns away a version that
//! fails its self-test, charges a program its crashes, ranks only each entry's latest
//! version with the joint rating `tourney rate` gives, and goes on after `kill -9` without a
//! game lost or counted twice.

use super::programs::examples;
use super::support::{refused, stop, tourney, tourney_path};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// An entry folder `folder` in `dir` playing Ticket to Ride with `script` (copied from the
/// examples) and its arguments.
pub(super) fn entry(dir: &Path, folder: &str, name: &str, script: &str, args: &[&str]) {
    let path = dir.join(folder);
    fs::create_dir_all(&path).unwrap();
    let file = Path::new(script).file_name().unwrap();
    fs::copy(examples().join(script), path.join(file)).unwrap();
    let args: Vec<String> = std::iter::once(file.to_string_lossy().into_owned())
        .chain(args.iter().map(|a| a.to_string()))
        .map(|a| format!("{a:?}"))
        .collect();
    fs::write(
        path.join("bot.toml"),
        format!(
            "name = \"{name}\"\ngame = \"t2r\"\ncommand = \"python3\"\nargs = [{}]\n\
             move_ms = 5000\nstartup_ms = 20000\nrestart = \"on-fault\"\n",
            args.join(", ")
        ),
    )
    .unwrap();
}

/// A ladder's scratch folder, kept while it is held, and in it the ladder's entries
/// (`entries`), its output folder (`out`) and its store (`ladder.db`).
pub(super) fn ladder_folders() -> (tempfile::TempDir, PathBuf, PathBuf, PathBuf) {
    let scratch = tempfile::tempdir().unwrap();
    let at = |name: &str| scratch.path().join(name);
    let (dir, out, store) = (at("entries"), at("out"), at("ladder.db"));
    (scratch, dir, out, store)
}

/// `tourney ladder DIR` of small Ticket to Ride games into `out`, with `store`.
pub(super) fn ladder_args(dir: &Path, out: &Path, store: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["ladder", &dir.display().to_string()]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(
        [
            "--game",
            "t2r",
            "--map",
            "small",
            "--threads",
            "2",
            "--scan",
            "0.3",
            "--quiet",
            "--name",
            "term",
            "--db",
        ]
        .map(String::from),
    );
    args.push(store.display().to_string());
    args.push("--out".into());
    args.push(out.display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// `tourney` started with a ladder's `args`, its stderr kept beside its output folder.
pub(super) fn start_ladder(args: &[String]) -> Child {
    let out = (args.iter().position(|a| a == "--out")).map(|at| PathBuf::from(&args[at + 1]));
    let stderr = match &out {
        Some(out) => Stdio::from(fs::File::create(stderr_file(out)).unwrap()),
        None => Stdio::null(),
    };
    Command::new(tourney_path())
        .args(args)
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// Where [`start_ladder`] keeps the stderr of the ladder writing into `out`: beside it, since
/// a panic's message is there and not in `ladder.log`.
pub(super) fn stderr_file(out: &Path) -> PathBuf {
    out.with_extension("stderr")
}

/// Waits (up to five minutes: the machine may be busy) until `done` holds.
pub(super) fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(300);
    while !done() {
        assert!(Instant::now() < deadline, "waited too long for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

pub(super) fn log(out: &Path) -> String {
    fs::read_to_string(out.join("ladder.log")).unwrap_or_default()
}

/// The games the status file says the ladder holds (0 before it is written).
pub(super) fn status_games(out: &Path) -> u64 {
    (fs::read_to_string(out.join("status.json")).ok())
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .and_then(|status| status["games"].as_u64())
        .unwrap_or(0)
}

/// `tourney rate` over the ladder's stored games, as JSON.
fn rate(store: &Path) -> Value {
    let output = tourney()
        .args(["rate", "--tag", "ladder:term", "--json", "--db"])
        .arg(store)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Every standings row has the rating `tourney rate` gives its entry's version, to the bit,
/// and `rate` has one player more per older version.
fn assert_standings_are_the_joint_fit(out: &Path, store: &Path) -> Vec<Value> {
    let standings = read_json(&out.join("standings.json"));
    let rows = standings["standings"].as_array().unwrap().clone();
    let joint = rate(store);
    for row in &rows {
        let player = (joint["players"].as_array().unwrap().iter())
            .find(|p| p["label"] == row["entry"] && p["digest"] == row["digest"])
            .unwrap_or_else(|| panic!("{row} is a player of {joint}"));
        let rating = (joint["ratings"]["rows"].as_array().unwrap().iter())
            .find(|r| r["bot"] == player["name"])
            .unwrap();
        assert_eq!(row["elo"], rating["elo"], "{row} {rating}");
        assert_eq!(row["lower"], rating["lower"], "{row} {rating}");
        assert_eq!(row["upper"], rating["upper"], "{row} {rating}");
        assert_eq!(row["games"], rating["games"], "{row} {rating}");
    }
    assert_eq!(standings["games"], joint["games"]);
    rows
}

/// Writes `text` to `path` by a rename, so no reader sees it half written.
fn replace(path: &Path, text: &str) {
    let temp = path.with_extension("part");
    fs::write(&temp, text).unwrap();
    fs::rename(&temp, path).unwrap();
}

fn digests(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = (fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    found.sort();
    found
}

/// One ladder run through its life: three entries enter after their self-tests; a crasher
/// (fault.py, armed once it passed) is charged its crashes and the ladder goes on; mid-ladder
/// one entry gets a new version (picked up, the old one stays in the history, only the new
/// one ranks) and another a version that fails its self-test (turned away with the reason,
/// its previous version plays on); folders that cannot enter are listed with their reasons.
#[test]
fn a_ladder_picks_up_versions_turns_away_failures_and_charges_crashes() {
    let (_scratch, dir, out, store) = ladder_folders();
    entry(
        &dir,
        "a-crasher",
        "crasher",
        "doubles/fault.py",
        &["die", "--armed-by", "armed"],
    );
    entry(&dir, "b", "steady", "random.py", &[]);
    entry(&dir, "c", "changing", "random.py", &[]);
    entry(&dir, "d-copy", "steady", "random.py", &[]);
    fs::create_dir_all(dir.join("e-empty")).unwrap();
    let args = ladder_args(&dir, &out, &store, &["--games", "160", "--placement", "4"]);
    let mut ladder = start_ladder(&args);
    wait_for("the crasher's self-test", || {
        log(&out).contains("entry crasher: version") && log(&out).contains("passed its self-test")
    });
    let copies = digests(&out.join("versions/crasher"));
    assert_eq!(copies.len(), 1, "{copies:?}");
    fs::write(copies[0].join("armed"), "").unwrap();
    wait_for("40 games", || status_games(&out) >= 40);
    // A new version of `changing`, and a version of `steady` that fails its self-test, each
    // put in place whole (a scan never sees half of it).
    let script = fs::read_to_string(dir.join("c/random.py")).unwrap() + "\n# version 2\n";
    replace(&dir.join("c/random.py"), &script);
    fs::copy(examples().join("doubles/fault.py"), dir.join("b/fault.py")).unwrap();
    let manifest = fs::read_to_string(dir.join("b/bot.toml")).unwrap();
    let manifest = manifest.replace("[\"random.py\"]", "[\"fault.py\", \"tickets\"]");
    replace(&dir.join("b/bot.toml"), &manifest);
    let status = ladder.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{}", log(&out));
    let log = log(&out);
    assert!(
        log.contains("folder d-copy: the name 'steady' is the entry of the folder b"),
        "{log}"
    );
    assert!(log.contains("folder e-empty: no manifest"), "{log}");
    assert!(log.contains("lost by crash"), "{log}");
    let refused = (log.lines())
        .find(|l| l.contains("entry steady: version") && l.contains("failed its self-test"))
        .unwrap_or_else(|| panic!("the failing version is logged:\n{log}"));
    assert!(refused.contains("a ticket choice"), "{refused}");
    assert!(
        refused.contains("its previous version plays on"),
        "{refused}"
    );
    // Versions and verdicts as the status file gives them.
    let status = read_json(&out.join("status.json"));
    let entry_of = |name: &str| {
        (status["entries"].as_array().unwrap().iter())
            .find(|e| e["entry"] == name)
            .unwrap()
            .clone()
    };
    let steady = entry_of("steady");
    let verdicts: Vec<&str> = (steady["versions"].as_array().unwrap().iter())
        .map(|v| v["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["accepted", "refused"], "{steady}");
    assert_eq!(steady["version"], steady["versions"][0]["digest"]);
    let changing = entry_of("changing");
    assert_eq!(
        changing["versions"].as_array().unwrap().len(),
        2,
        "{changing}"
    );
    assert_eq!(changing["version"], changing["versions"][1]["digest"]);
    let problems = status["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "{problems:?}");
    // The standings: one row per entry, the latest accepted version, as `rate` rates it.
    let rows = assert_standings_are_the_joint_fit(&out, &store);
    assert_eq!(rows.len(), 3, "{rows:?}");
    let row_of = |name: &str| rows.iter().find(|r| r["entry"] == name).unwrap().clone();
    assert_eq!(row_of("changing")["digest"], changing["version"]);
    assert_eq!(row_of("steady")["digest"], steady["version"]);
    assert!(row_of("changing")["games"].as_u64().unwrap() > 0);
    let crasher = row_of("crasher");
    assert!(crasher["faults"].as_u64().unwrap() > 0, "{crasher}");
    assert!(crasher["fault_rate"].as_f64().unwrap() < 0.75, "{crasher}");
    // The old version of `changing` is a player of the joint fit, not of the standings.
    let joint = rate(&store);
    let players = joint["players"].as_array().unwrap();
    assert_eq!(players.len(), 4, "{players:?}");
    assert_eq!(joint["games"], 160);
    assert_eq!(read_json(&out.join("standings.json"))["games"], 160);
}

/// `kill -9` in the middle of a ladder, then a start with the same command: the ladder ends
/// with the games it was asked for, each deal recorded once, and standings equal to `tourney
/// rate`'s.
#[test]
fn a_ladder_killed_and_started_again_loses_no_game_and_counts_none_twice() {
    let (_scratch, dir, out, store) = ladder_folders();
    for name in ["one", "two", "three"] {
        entry(&dir, name, name, "random.py", &[]);
    }
    let args = ladder_args(&dir, &out, &store, &["--games", "60"]);
    let mut ladder = start_ladder(&args);
    wait_for("some games", || status_games(&out) >= 10);
    stop(&mut ladder, false);
    let kept = status_games(&out);
    assert!(kept < 60, "killed before its end ({kept} games)");
    let finished = Command::new(tourney_path()).args(&args).output().unwrap();
    assert!(finished.status.success(), "{finished:?}");
    assert!(log(&out).contains("ladder term ("), "{}", log(&out));
    let db = rusqlite::Connection::open(&store).unwrap();
    let count = |sql: &str| -> i64 { db.query_row(sql, [], |row| row.get(0)).unwrap() };
    assert_eq!(
        count("SELECT COUNT(*) FROM ladder_games WHERE played_at IS NOT NULL"),
        30
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM ladder_games WHERE played_at IS NULL"),
        0
    );
    assert_eq!(
        count(
            "SELECT COUNT(*) FROM game_rows g JOIN runs r ON r.number = g.run \
             WHERE r.tag = 'ladder:term'"
        ),
        60
    );
    assert_eq!(
        count(
            "SELECT COUNT(DISTINCT seed) FROM games g JOIN runs r ON r.id = g.run_id WHERE r.tag = 'ladder:term'"
        ),
        30
    );
    let rows = assert_standings_are_the_joint_fit(&out, &store);
    assert_eq!(rows.len(), 3);
    let games: u64 = rows.iter().map(|r| r["games"].as_u64().unwrap()).sum();
    assert_eq!(games, 120, "every game has two seats");
    // A stopped ladder started again with other game flags is refused, naming the way out.
    let mut other = args.clone();
    other[3] = "labyrinth".into();
    let position = other.iter().position(|a| a == "--map").unwrap();
    other.drain(position..position + 2);
    refused(tourney().args(&other), "give another --name");
}

/// `--freeze`: a version found after the freeze does not enter and is listed as arrived
/// after it, the entry's version before it playing on; the freeze is kept in the store, so a
/// later start without the flag is frozen too.
#[test]
fn a_version_found_after_the_freeze_does_not_enter() {
    let (_scratch, dir, out, store) = ladder_folders();
    entry(&dir, "a", "first", "random.py", &[]);
    entry(&dir, "b", "second", "random.py", &[]);
    let run = |extra: &[&str]| {
        let status = start_ladder(&ladder_args(&dir, &out, &store, extra))
            .wait()
            .unwrap();
        assert_eq!(status.code(), Some(0), "{}", log(&out));
    };
    run(&["--games", "4"]);
    let script = fs::read_to_string(dir.join("b/random.py")).unwrap() + "\n# version 2\n";
    replace(&dir.join("b/random.py"), &script);
    run(&["--games", "8", "--freeze", "2000-01-01"]);
    run(&["--games", "12"]);
    let log = log(&out);
    assert_eq!(
        log.matches("the ladder freezes at 2000-01-01T23:59:59Z")
            .count(),
        2,
        "{log}"
    );
    let late = "of second arrived after the freeze (2000-01-01T23:59:59Z): it does not play";
    assert!(log.contains("folder b: version "), "{log}");
    assert!(log.contains(late), "{log}");
    let status = read_json(&out.join("status.json"));
    let second = (status["entries"].as_array().unwrap().iter())
        .find(|e| e["entry"] == "second")
        .unwrap();
    assert_eq!(second["versions"].as_array().unwrap().len(), 1, "{second}");
    assert_eq!(second["playing"], true, "{second}");
    let problems = status["problems"].to_string();
    assert!(problems.contains(late), "{problems}");
    let page = fs::read_to_string(out.join("pages/index.html")).unwrap();
    assert!(page.contains(late), "the standings page lists it");
    assert_eq!(read_json(&out.join("standings.json"))["games"], 12);
}

#[test]
fn bad_ladder_input_is_refused_with_exit_2() {
    let scratch = tempfile::tempdir().unwrap();
    refused(
        tourney().arg("ladder").arg(scratch.path().join("missing")),
        "does not exist or is not a folder",
    );
    let entries = scratch.path().join("entries");
    fs::create_dir(&entries).unwrap();
    for (flags, message) in [
        (["--until", "soon"], "--until 'soon' is not a date"),
        (["--scan", "0"], "--scan 0: give a number of seconds"),
        (["--name", "../up"], "--name '../up'"),
        (["--freeze", "soon"], "--freeze 'soon': give a time"),
        (["--freeze", "12x"], "--freeze '12x'"),
        (
            ["--freeze", "2027-13-01"],
            "--freeze '2027-13-01' is not a date",
        ),
    ] {
        refused(tourney().arg("ladder").arg(&entries).args(flags), message);
    }
    // A folder whose name is no label needs --name.
    let hidden = scratch.path().join(".entries");
    fs::create_dir(&hidden).unwrap();
    refused(tourney().arg("ladder").arg(&hidden), "give --name");
}
