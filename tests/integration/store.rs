//! The results store end to end, on a real SQLite file and a real PostgreSQL server (the one
//! `TOURNEY_TEST_POSTGRES` names; `.ci/run` starts one, and without it those tests print
//! SKIPPED): recording as a run plays, the folder rebuilt byte for byte from the store,
//! `--resume` after a kill, merged shards as one run, imports that add each game once, four
//! writers at once, and every store that cannot be used refused before any game.

use super::support::{assert_same_files, start, stderr_of, stop, tourney, words};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// The ids of the runs in `db`, oldest first, with their `db runs` lines (which list the
/// newest first, as `tourney history` does).
pub fn runs(db: &str) -> Vec<(String, String)> {
    let output = tourney().args(["db", "runs", "--db", db]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let mut lines: Vec<(String, String)> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| (line[..16].to_string(), line.to_string()))
        .collect();
    lines.reverse();
    lines
}

/// Exports run `id` of `db` into `out`.
pub fn export(db: &str, id: &str, out: &Path) {
    tourney()
        .args(["db", "export", id, "--quiet", "--db", db, "--out"])
        .arg(out)
        .assert()
        .success();
}

/// The one run `db` holds, as its id and `db runs` line (there must be just one).
fn the_one_run(db: &str) -> (String, String) {
    let all = runs(db);
    assert_eq!(all.len(), 1, "{all:?}");
    all.into_iter().next().unwrap()
}

/// Exports run `id` of `db` into DIR/export and asserts it gives back the folder `expected`,
/// byte for byte.
fn assert_exports_as(db: &str, id: &str, dir: &Path, expected: &Path) {
    let back = dir.join("export");
    export(db, id, &back);
    assert_same_files(expected, &back);
}

/// A run of `args` into `out`, recorded into `db`.
pub fn recorded_run(db: &str, args: &[&str], out: &Path) {
    tourney()
        .arg("run")
        .args(args)
        .args(["--quiet", "--db", db, "--out"])
        .arg(out)
        .assert()
        .success();
}

/// A SQLite store in the test's temporary folder.
pub fn sqlite(dir: &TempDir) -> String {
    dir.path().join("store.db").display().to_string()
}

/// A database of its own on the test server, made anew, or `None` (and a SKIPPED line)
/// without one.
pub(super) fn postgres(name: &str) -> Option<String> {
    let url = super::test_server::fresh_database(&format!("{name}_{}", std::process::id()));
    if url.is_none() {
        println!(
            "SKIPPED: {name} needs a PostgreSQL server; set TOURNEY_TEST_POSTGRES (.ci/run does)"
        );
    }
    url
}

/// Every shipped CI scenario, played short, comes back from the store as the very folder the
/// run wrote: games.csv, manifest.json, summary.json and every report file.
#[test]
fn every_ci_scenario_comes_back_from_sqlite_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let mut scenarios: Vec<PathBuf> = std::fs::read_dir("scenarios")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with("-ci.toml"))
        .collect();
    scenarios.sort();
    assert!(scenarios.len() >= 6, "{scenarios:?}");
    for (i, scenario) in scenarios.iter().enumerate() {
        let out = dir.path().join(format!("run-{i}"));
        let scenario = scenario.to_str().unwrap();
        // The run just recorded is the one id not listed before it: two runs started in one
        // second list in id order, so the last line need not be the newest.
        let before: Vec<String> = match Path::new(&db).exists() {
            true => runs(&db).into_iter().map(|(id, _)| id).collect(),
            false => Vec::new(),
        };
        recorded_run(&db, &[scenario, "--games", "8"], &out);
        let (id, _) = runs(&db)
            .into_iter()
            .find(|(id, _)| !before.contains(id))
            .expect("the run just recorded");
        let back = dir.path().join(format!("export-{i}"));
        export(&db, &id, &back);
        assert_same_files(&out, &back);
    }
}

#[test]
fn a_run_comes_back_from_postgres_byte_for_byte() {
    let Some(db) = postgres("round_trip") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    recorded_run(
        &db,
        &["scenarios/carcassonne-ci.toml", "--games", "8"],
        &out,
    );
    let (id, line) = runs(&db).pop().unwrap();
    assert!(line.contains("complete"), "{line}");
    let back = dir.path().join("export");
    export(&db, &id, &back);
    assert_same_files(&out, &back);
}

/// A folder written with `--no-db` imported twice is one run holding each game once, and its
/// export is the folder again (the game's own columns read back from games.csv included).
#[test]
fn importing_a_folder_twice_adds_its_games_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let out = dir.path().join("run");
    tourney()
        .args(words(
            "run --bots random,greedy --game fresh-fish --games 30",
        ))
        .args(["--quiet", "--no-db", "--out"])
        .arg(&out)
        .assert()
        .success();
    assert!(!Path::new(&db).exists(), "--no-db wrote a store");
    for added in ["30 games added", "0 games added"] {
        let output = tourney()
            .args(["db", "import", "--db", &db])
            .arg(&out)
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains(added), "{text}");
    }
    let (id, _) = the_one_run(&db);
    assert_exports_as(&db, &id, dir.path(), &out);
}

/// A run killed by SIGKILL and resumed is one run in the store, whose games are the
/// uninterrupted run's.
#[test]
fn a_killed_and_resumed_run_is_one_run_with_the_uninterrupted_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let args = [
        "--bots",
        "nice,greedy",
        "--games",
        "6000",
        "--quiet",
        "--db",
        &db,
    ];
    let out = dir.path().join("killed");
    let mut child = start("run", &args, "1", &out);
    // Kill it once it has committed some games (the store's first block), never after it ends.
    let games = dir.path().join("killed").join("games.csv");
    while std::fs::read(&games).map_or(0, |bytes| bytes.len()) < 20_000 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it was killed"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    stop(&mut child, false);
    tourney()
        .arg("run")
        .arg("--resume")
        .arg(&out)
        .args(["--quiet", "--db", &db])
        .assert()
        .success();
    let whole = dir.path().join("whole");
    tourney()
        .args(words("run --bots nice,greedy --games 6000 --quiet --no-db"))
        .arg("--out")
        .arg(&whole)
        .assert()
        .success();
    let (id, line) = the_one_run(&db);
    assert!(
        line.contains("complete  t2r official  6000/6000 games"),
        "{line}"
    );
    assert_exports_as(&db, &id, dir.path(), &whole);
}

/// Shards recorded as they play, then merged: one run in the store, the merged folder's.
#[test]
fn a_merged_sharded_run_is_one_run_in_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let args = ["--bots", "random,greedy", "--games", "40", "--map", "small"];
    let shards: Vec<PathBuf> = ["1/2", "2/2"]
        .iter()
        .enumerate()
        .map(|(i, shard)| {
            let out = dir.path().join(format!("shard-{i}"));
            let mut shard_args = args.to_vec();
            shard_args.extend(["--shard", shard]);
            recorded_run(&db, &shard_args, &out);
            out
        })
        .collect();
    assert_eq!(runs(&db).len(), 2);
    let merged = dir.path().join("merged");
    tourney()
        .arg("merge")
        .args(&shards)
        .args(["--quiet", "--db", &db, "--out"])
        .arg(&merged)
        .assert()
        .success();
    let (id, line) = the_one_run(&db);
    assert!(line.contains("40/40 games"), "{line}");
    // Importing the shards again adds nothing: the merged run holds their games.
    let output = tourney()
        .args(["db", "import", "--db", &db])
        .args(&shards)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(runs(&db).len(), 1);
    assert_exports_as(&db, &id, dir.path(), &merged);
}

/// Four runs writing into one store at once each keep every game once.
fn four_writers_at_once(db: &str) {
    let dir = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..4)
        .map(|i| {
            let out = dir.path().join(format!("run-{i}"));
            let seed = (i + 1).to_string();
            let args = [
                "--bots",
                "random,random",
                "--games",
                "3000",
                "--seed",
                &seed,
                "--db",
                db,
                "--quiet",
            ];
            (start("run", &args, "1", &out), out)
        })
        .collect();
    for (mut child, out) in children {
        assert!(child.wait().unwrap().success(), "{}", out.display());
    }
    let all = runs(db);
    assert_eq!(all.len(), 4, "{all:?}");
    for (id, line) in &all {
        assert!(
            line.contains("complete") && line.contains("3000/3000 games"),
            "{line}"
        );
        let back = dir.path().join(format!("export-{id}"));
        export(db, id, &back);
        let seed = std::fs::read_to_string(back.join("manifest.json")).unwrap();
        let seed: serde_json::Value = serde_json::from_str(&seed).unwrap();
        let i = seed["configuration"]["master_seed"].as_u64().unwrap() - 1;
        assert_same_files(&dir.path().join(format!("run-{i}")), &back);
    }
}

#[test]
fn four_runs_write_one_sqlite_file_at_once() {
    let dir = tempfile::tempdir().unwrap();
    four_writers_at_once(&sqlite(&dir));
}

#[test]
fn four_runs_write_one_postgres_database_at_once() {
    if let Some(db) = postgres("four_writers") {
        four_writers_at_once(&db);
    }
}

/// `run --db` with a store that cannot be used: exit 2, the message, and no folder.
fn refused(db: &str, message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let assert = tourney()
        .args(words("run --bots random,random --games 10 --quiet --db"))
        .arg(db)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(2);
    let stderr = stderr_of(assert);
    assert!(stderr.contains(message), "{stderr}");
    assert!(!out.exists(), "a refused run made its folder");
}

#[test]
fn a_store_that_cannot_be_used_is_refused_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder").join("store.db");
    refused(missing.to_str().unwrap(), "does not exist");
    let junk = dir.path().join("junk.db");
    std::fs::write(
        &junk,
        "not a database, just text that is long enough to be read\n".repeat(40),
    )
    .unwrap();
    refused(junk.to_str().unwrap(), "file is not a database");
    let read_only = dir.path().join("read-only.db");
    recorded_run(
        read_only.to_str().unwrap(),
        &["--bots", "random,random", "--games", "2"],
        &dir.path().join("first"),
    );
    let mut permissions = std::fs::metadata(&read_only).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&read_only, permissions).unwrap();
    refused(read_only.to_str().unwrap(), "is read-only");
    // A port nothing listens on.
    refused(
        "postgres://tourney:tourney@127.0.0.1:1/tourney",
        "is the server running",
    );
}

#[test]
fn a_wrong_postgres_password_is_refused_before_any_game() {
    let Some(db) = postgres("wrong_password") else {
        return;
    };
    let wrong = db.replacen("tourney:tourney@", "tourney:wrong@", 1);
    assert_ne!(wrong, db, "the test URL carries the password tourney");
    refused(&wrong, "password authentication failed");
}

/// A store of a newer schema than this build's is refused, and left as it was.
#[test]
fn a_store_of_a_newer_schema_is_refused_and_not_downgraded() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    recorded_run(
        &db,
        &["--bots", "random,random", "--games", "2"],
        &dir.path().join("first"),
    );
    let connection = rusqlite::Connection::open(&db).unwrap();
    connection
        .execute("INSERT INTO schema_migrations VALUES (999, 'later')", [])
        .unwrap();
    refused(&db, "schema version 999, newer than this tourney's");
    let latest: i64 = connection
        .query_row("SELECT MAX(version) FROM schema_migrations", [], |row| {
            row.get(0)
        })
        .unwrap();
    assert_eq!(latest, 999);
}

#[test]
fn a_postgres_store_of_a_newer_schema_is_refused() {
    let Some(db) = postgres("newer_schema") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    recorded_run(
        &db,
        &["--bots", "random,random", "--games", "2"],
        &dir.path().join("first"),
    );
    let mut client = postgres::Client::connect(&db, postgres::NoTls).unwrap();
    client
        .batch_execute("INSERT INTO schema_migrations VALUES (999, 'later')")
        .unwrap();
    refused(&db, "schema version 999, newer than this tourney's");
}

/// The default store failing (here `results` is a file, so results/tourney.db cannot be
/// made) costs no file of the run: it warns, plays on, writes the folder a run without a store
/// writes, and ends with exit 3.
#[test]
fn a_default_store_that_fails_keeps_the_folder_and_ends_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("results"), "a file, not a folder").unwrap();
    let out = dir.path().join("run");
    let assert = tourney()
        .env_remove("TOURNEY_DB")
        .current_dir(dir.path())
        .args(words("run --bots random,greedy --games 20 --quiet --out"))
        .arg(&out)
        .assert()
        .code(3);
    let stderr = stderr_of(assert);
    assert!(
        stderr.contains("warning: the results store results/tourney.db"),
        "{stderr}"
    );
    assert!(stderr.contains("could not record this run"), "{stderr}");
    let plain = dir.path().join("plain");
    tourney()
        .args(words("run --bots random,greedy --games 20 --quiet --no-db"))
        .arg("--out")
        .arg(&plain)
        .assert()
        .success();
    assert_same_files(&plain, &out);
}

/// Each entry's version is recorded with the run: one `versions` row per digest, shared by the
/// runs it played in, with its label and kind.
#[test]
fn a_run_records_the_version_of_each_entry() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    for (i, label) in ["v1", "v2"].iter().enumerate() {
        recorded_run(
            &db,
            &[
                "--bots",
                "nice,greedy",
                "--games",
                "2",
                "--version-label",
                &format!("nice={label}"),
            ],
            &dir.path().join(format!("run-{i}")),
        );
    }
    let connection = rusqlite::Connection::open(&db).unwrap();
    let mut statement = connection
        .prepare(
            "SELECT b.label, v.digest, v.label, v.kind FROM run_bots b \
             JOIN versions v ON v.digest = b.version ORDER BY b.run_id, b.position",
        )
        .unwrap();
    let rows: Vec<(String, String, Option<String>, String)> = statement
        .query_map([], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 4, "{rows:?}");
    for (_, digest, _, kind) in &rows {
        assert_eq!(digest.len(), 64, "{rows:?}");
        assert_eq!(kind, "builtin");
    }
    // The same bot and parameters are one version in both runs; the first label stays.
    let nice: Vec<_> = rows.iter().filter(|row| row.0 == "nice").collect();
    assert_eq!(nice[0].1, nice[1].1);
    assert_eq!(nice[0].2.as_deref(), Some("v1"));
    let versions: i64 = connection
        .query_row("SELECT COUNT(*) FROM versions", [], |row| row.get(0))
        .unwrap();
    assert_eq!(versions, 2);
}
