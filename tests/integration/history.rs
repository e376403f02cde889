//! `tourney history` and `tourney rate` against a real SQLite file (and, where
//! `TOURNEY_TEST_POSTGRES` names a server, the same questions asked of PostgreSQL): runs listed
//! newest first and filtered, the joint rating equal to `tourney report` over the same folders,
//! a bot's versions in order with their joint ratings, its page laid out in Chromium, and every
//! bad question refused with exit 2.

use super::chromium::{available, layout_problems};
use super::programs::examples;
use super::store::sqlite;
use super::support::{refused, stdout_of, tourney, write_file};
use serde_json::Value;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// A quick run of `args` on the small map into `dir/NAME`, recorded into `db`.
fn recorded(db: &str, dir: &TempDir, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.path().join(name);
    tourney()
        .arg("run")
        .args(args)
        .args(["--quiet", "--no-plots", "--db", db, "--out"])
        .arg(&out)
        .assert()
        .success();
    out
}

/// `tourney history --json` with `args`, newest first.
fn listed(db: &str, args: &[&str]) -> Vec<Value> {
    let text = stdout_of(
        tourney()
            .args(["history", "--json", "--db", db])
            .args(args)
            .assert()
            .success(),
    );
    serde_json::from_str(&text).unwrap()
}

/// How many runs `tourney history` lists with `args`.
fn count(db: &str, args: &[&str]) -> usize {
    listed(db, args).len()
}

/// The ratings table of a command's output: from its `Ratings (` line to the blank line after.
fn ratings_block(text: &str) -> String {
    let start = text
        .find("Ratings (")
        .unwrap_or_else(|| panic!("no ratings:\n{text}"));
    let end = text[start..].find("\n\n").map_or(text.len(), |e| start + e);
    text[start..end].to_string()
}

/// Two Ticket to Ride runs (the second with a third bot) and a Labyrinth run, into `db`.
fn three_runs(db: &str, dir: &TempDir) -> Vec<PathBuf> {
    vec![
        recorded(
            db,
            dir,
            "first",
            &["--bots", "random,greedy", "--games", "40", "--map", "small"],
        ),
        recorded(
            db,
            dir,
            "second",
            &[
                "--bots",
                "random,greedy,nice",
                "--games",
                "24",
                "--map",
                "small",
                "--seed",
                "7",
                "--tag",
                "nightly",
            ],
        ),
        recorded(
            db,
            dir,
            "maze",
            &[
                "--game",
                "labyrinth",
                "--bots",
                "random,greedy",
                "--games",
                "4",
                "--format",
                "gauntlet",
                "--candidate",
                "greedy",
            ],
        ),
    ]
}

/// The joint rating of stored runs is `tourney report` over their folders, given oldest first
/// as the store lists them: the same table, byte for byte (each label has one version here,
/// so players are named by label as the report names bots). Runs of two games are refused.
#[test]
fn the_joint_rating_of_the_store_is_the_reports_over_the_same_folders() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    three_runs(&db, &dir);
    refused(
        tourney().args(["rate", "--db", &db]),
        "are of 2 games and rule sets (labyrinth cgs, t2r official)",
    );
    let rated = stdout_of(
        tourney()
            .args(["rate", "--db", &db, "--game", "t2r"])
            .assert()
            .success(),
    );
    assert!(
        rated.contains("112 games of t2r official from 2 runs"),
        "{rated}"
    );
    let mut folders: Vec<String> = listed(&db, &["--game", "t2r"])
        .iter()
        .map(|run| run["folder"].as_str().unwrap().to_string())
        .collect();
    folders.reverse();
    let reported = stdout_of(
        tourney()
            .arg("report")
            .args(&folders)
            .arg("--out")
            .arg(dir.path().join("both"))
            .assert()
            .success(),
    );
    let table = ratings_block(&rated);
    assert!(table.contains("nice"), "{table}");
    assert_eq!(table, ratings_block(&reported));
}

/// Runs come newest first, one line each, and every filter narrows them; `--bot` with
/// `--version` asks for that bot at that version.
#[test]
fn history_lists_runs_newest_first_and_filters_them() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    three_runs(&db, &dir);
    let all = listed(&db, &[]);
    assert_eq!(all.len(), 3);
    let starts: Vec<&str> = all
        .iter()
        .map(|r| r["started_at"].as_str().unwrap())
        .collect();
    assert!(starts.windows(2).all(|w| w[0] >= w[1]), "{starts:?}");
    let lines = stdout_of(tourney().args(["history", "--db", &db]).assert().success());
    assert_eq!(lines.lines().count(), 3, "{lines}");
    let nightly = lines.lines().find(|l| l.contains("[nightly]")).unwrap();
    assert!(
        nightly.contains("complete  t2r official  72/72 games  round-robin  [nightly]  random@")
            && nightly.contains(",nice@")
            && nightly.contains("leader "),
        "{nightly}"
    );
    // The same lines as `db runs`, which is history's listing.
    let db_runs = stdout_of(
        tourney()
            .args(["db", "runs", "--db", &db])
            .assert()
            .success(),
    );
    assert_eq!(db_runs, lines);
    for (args, expected) in [
        (vec!["--game", "labyrinth"], 1),
        (vec!["--game", "t2r", "--rules", "official"], 2),
        (vec!["--rules", "none-such"], 0),
        (vec!["--bot", "nice"], 1),
        (vec!["--bot", "greedy"], 3),
        (vec!["--tag", "nightly"], 1),
        (vec!["--format", "gauntlet"], 1),
        (vec!["--format", "round-robin"], 2),
        (vec!["--since", "2000-01-01"], 3),
        (vec!["--until", "2000-01-01"], 0),
        (vec!["--since", "2999-01-01T00:00:00Z"], 0),
        (vec!["--limit", "2"], 2),
    ] {
        assert_eq!(count(&db, &args), expected, "{args:?}");
    }
    let limited = listed(&db, &["--limit", "1"]);
    assert_eq!(limited[0]["id"], all[0]["id"]);
    // A version by its label, by a prefix of its digest, and only of the bot named.
    let nightly = all.iter().find(|run| run["tag"] == "nightly").unwrap();
    let bots = nightly["bots"].as_array().unwrap();
    let digest = |label: &str| {
        let bot = bots.iter().find(|b| b["label"] == label).unwrap();
        bot["version"]["digest"].as_str().unwrap()[..8].to_string()
    };
    let (greedy, random) = (digest("greedy"), digest("random"));
    let tool = bots[0]["version"]["label"].as_str().unwrap().to_string();
    assert_eq!(count(&db, &["--version", &tool]), 3);
    assert_eq!(count(&db, &["--version", &greedy]), 2, "greedy of t2r");
    assert_eq!(count(&db, &["--bot", "greedy", "--version", &greedy]), 2);
    assert_eq!(count(&db, &["--bot", "nice", "--version", &random]), 0);
    assert_eq!(count(&db, &["--bot", "random", "--version", &random]), 2);
}

/// `dir/bots/mine.toml`, a Ticket to Ride Python program running the example `random.py`,
/// labelled `version`: each label a manifest of other bytes, so another version.
fn program(dir: &Path, version: &str) -> PathBuf {
    let bots = dir.join("bots");
    std::fs::create_dir_all(&bots).unwrap();
    std::fs::copy(examples().join("random.py"), bots.join("random.py")).unwrap();
    write_file(
        &bots,
        "mine.toml",
        &format!(
            "name = \"mine\"\ngame = \"t2r\"\ncommand = \"python3\"\nargs = [\"random.py\"]\n\
             version = \"{version}\"\n"
        ),
    )
}

/// A bot that changed between runs is two players: `history mine` lists its versions in the
/// order they first played, each with the rating `rate` gives it, and writes a page that lays
/// out cleanly and links each run's report.
#[test]
fn a_bots_versions_come_in_order_with_their_joint_ratings_and_page() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let mut folders = Vec::new();
    for (name, version) in [("one", "v1"), ("two", "v2")] {
        // Start times are kept to the second: the second run starts in a later one, so that
        // v1 is first by time and not by the order of run ids.
        if !folders.is_empty() {
            std::thread::sleep(std::time::Duration::from_millis(1100));
        }
        let mine = program(dir.path(), version);
        let bots = format!("random,greedy,{}", mine.display());
        folders.push(recorded(
            &db,
            &dir,
            name,
            &["--bots", &bots, "--games", "12", "--map", "small"],
        ));
    }
    let rated: Value = serde_json::from_str(&stdout_of(
        tourney()
            .args(["rate", "--json", "--db", &db])
            .assert()
            .success(),
    ))
    .unwrap();
    let shown = stdout_of(
        tourney()
            .args(["history", "mine", "--db", &db])
            .assert()
            .success(),
    );
    assert!(
        shown.starts_with("mine in t2r official: 2 versions"),
        "{shown}"
    );
    let rows: Vec<&str> = shown.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{shown}");
    assert!(
        rows[0].contains("(v1)") && rows[1].contains("(v2)"),
        "{shown}"
    );
    let history: Value = serde_json::from_str(&stdout_of(
        tourney()
            .args(["history", "mine", "--json", "--db", &db])
            .assert()
            .success(),
    ))
    .unwrap();
    let versions = history["versions"].as_array().unwrap();
    for (version, label) in versions.iter().zip(["v1", "v2"]) {
        assert_eq!(version["version_label"], label);
        assert_eq!(version["games"], 24, "two of three pairings of 12 games");
        let player = format!("mine@{label}");
        let row = rated["ratings"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["bot"] == player.as_str())
            .unwrap_or_else(|| panic!("no {player}: {rated}"));
        assert_eq!(version["rating"]["elo"], row["elo"], "{player}");
        assert_eq!(version["rating"]["lower"], row["lower"], "{player}");
    }
    let page = dir.path().join("mine.html");
    tourney()
        .args(["history", "mine", "--db", &db, "--html"])
        .arg(&page)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    for folder in &folders {
        let report = folder.canonicalize().unwrap().join("report.html");
        assert!(
            html.contains(&format!("href=\"{}\"", report.display())),
            "no link to {}",
            report.display()
        );
    }
    assert!(html.contains("(v1)") && html.contains("(v2)"));
    if available("the history page lays out cleanly") {
        let (drawings, texts, problems) = layout_problems(&page, "");
        assert!(
            drawings >= 1 && texts > 0,
            "{drawings} drawings, {texts} texts"
        );
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}

/// A store that is not there, an empty one, an unknown bot, a bad date or format: each a
/// clear message and exit 2, never a panic.
#[test]
fn bad_questions_are_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.db").display().to_string();
    for command in ["history", "rate"] {
        refused(
            tourney().args([command, "--db", &missing]),
            "no results store at",
        );
    }
    let empty = write_file(dir.path(), "empty.db", "").display().to_string();
    let listing = tourney()
        .args(["history", "--db", &empty])
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&listing.get_output().stderr).contains("no stored run"));
    refused(
        tourney().args(["rate", "--db", &empty]),
        "no stored run matches (no filter)",
    );
    let db = sqlite(&dir);
    recorded(
        &db,
        &dir,
        "run",
        &["--bots", "random,greedy", "--games", "8", "--map", "small"],
    );
    refused(
        tourney().args(["history", "nobody", "--db", &db]),
        "no bot 'nobody' in the runs of",
    );
    refused(
        tourney().args(["history", "greedy", "--db", &db, "--tag", "other"]),
        "'greedy' played in none of the stored runs (--tag other); it did in 1 other run",
    );
    refused(
        tourney().args(["rate", "--db", &db, "--game", "labyrinth"]),
        "no stored run matches (--game labyrinth)",
    );
    refused(
        tourney().args(["history", "--db", &db, "--since", "last week"]),
        "--since 'last week' is not a date: give a day, YYYY-MM-DD (UTC)",
    );
    tourney()
        .args(["history", "--db", &db, "--format", "pool"])
        .assert()
        .code(2);
}

/// The same questions of PostgreSQL give the same answers as of SQLite: the same folders
/// imported into both, then the same listing filters and the same joint rating.
#[test]
fn postgres_answers_as_sqlite_does() {
    let Some(url) = super::store::postgres("history") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let scratch = dir.path().join("scratch.db").display().to_string();
    let folders = three_runs(&scratch, &dir);
    for store in [&db, &url] {
        tourney()
            .args(["db", "import", "--tag", "imported", "--db", store])
            .args(&folders)
            .assert()
            .success();
    }
    for args in [
        vec!["--game", "t2r"],
        vec!["--bot", "nice"],
        vec!["--tag", "imported", "--format", "gauntlet"],
        vec!["--since", "2000-01-01", "--limit", "2"],
    ] {
        assert_eq!(count(&db, &args), count(&url, &args), "{args:?}");
    }
    // One run, so the order of runs imported within one second (by id) plays no part.
    let rate = |store: &str| {
        stdout_of(
            tourney()
                .args(["rate", "--bot", "nice", "--db", store])
                .assert()
                .success(),
        )
    };
    assert_eq!(rate(&db), rate(&url));
}
