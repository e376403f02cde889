//! The results store's schema over time and under contention: a store an older tourney wrote
//! (schema 1) is brought to the current schema in place and its runs still export byte for
//! byte; runs are listed in the order they were recorded, not by id; and runs starting at once
//! on a store that does not exist yet all record.

use super::external::fault_double;
use super::store::{export, recorded_run, runs, sqlite};
use super::support::{assert_same_files, start};
use std::path::Path;

/// Makes `db` a schema-1 store holding every row of the current store `from`, written through
/// schema 1's own SQL: what a tourney of that schema would have left.
fn schema_one_copy(from: &str, db: &str) {
    let connection = rusqlite::Connection::open(db).unwrap();
    connection
        .execute_batch(
            "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at TEXT NOT \
             NULL); INSERT INTO schema_migrations VALUES (1, '2026-12-01T00:00:00Z');",
        )
        .unwrap();
    connection
        .execute_batch(tourney::store::migration(1).unwrap())
        .unwrap();
    connection
        .execute("ATTACH DATABASE ?1 AS current", [from])
        .unwrap();
    connection
        .execute_batch(
            "INSERT INTO runs SELECT id, game, rules, configuration, configuration_sha256, tool, \
             host, folder, tag, shard, first_game, end_game, extra_columns, report, status, \
             started_at, ended_at FROM current.runs;
             INSERT INTO versions SELECT * FROM current.versions;
             INSERT INTO run_bots SELECT * FROM current.run_bots;
             INSERT INTO games SELECT * FROM current.games;
             INSERT INTO seats SELECT * FROM current.seats;
             DETACH DATABASE current;",
        )
        .unwrap();
}

fn schema_version(db: &str) -> i64 {
    let connection = rusqlite::Connection::open(db).unwrap();
    connection
        .query_row("SELECT MAX(version) FROM schema_migrations", [], |row| {
            row.get(0)
        })
        .unwrap()
}

/// Runs of a schema-1 store (a fresh-fish run with the game's own columns, and a faulty Ticket
/// to Ride run whose games carry fault messages and tolerated faults) come back from it byte
/// for byte once it is migrated, listed as schema 1 listed them.
#[test]
fn a_schema_one_store_is_migrated_and_its_runs_export_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let current = sqlite(&dir);
    let faulty = fault_double(dir.path(), "faulty", &["illegal", r#"{"kind":"pass"}"#], "");
    let faulty = format!("random,{}", faulty.display());
    let scenarios: [&[&str]; 2] = [
        &[
            "--bots",
            "random,greedy",
            "--game",
            "fresh-fish",
            "--games",
            "12",
        ],
        &[
            "--bots",
            &faulty,
            "--map",
            "small",
            "--games",
            "4",
            "--faults",
            "tolerate=1",
        ],
    ];
    for (i, args) in scenarios.iter().enumerate() {
        recorded_run(&current, args, &dir.path().join(format!("run-{i}")));
    }
    let listed = runs(&current);
    assert_eq!(listed.len(), 2, "{listed:?}");
    let old = dir.path().join("old.db").display().to_string();
    schema_one_copy(&current, &old);
    assert_eq!(schema_version(&old), 1);
    // Listing migrates it; schema 1 listed by start time, then id.
    let mut by_id = listed.clone();
    by_id.sort_by(|a, b| (&a.1[18..38], &a.0).cmp(&(&b.1[18..38], &b.0)));
    assert_eq!(runs(&old), by_id);
    assert!(schema_version(&old) > 1);
    for (i, (id, _)) in listed.iter().enumerate() {
        let (run, back) = (
            dir.path().join(format!("run-{i}")),
            dir.path().join(format!("export-{i}")),
        );
        export(&old, id, &back);
        match i {
            0 => assert_same_files(&run, &back),
            // The program's stderr logs are the folder's only.
            _ => {
                for file in ["games.csv", "manifest.json", "summary.json"] {
                    let read = |dir: &Path| std::fs::read(dir.join(file)).unwrap();
                    assert!(read(&run) == read(&back), "{file} differs");
                }
            }
        }
    }
}

/// Two runs started in the same second are listed in the order they were recorded, whatever
/// their ids: schema 1 listed them by id, so a later run could come first.
#[test]
fn runs_are_listed_in_the_order_they_were_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    for tag in ["first", "second"] {
        recorded_run(
            &db,
            &["--bots", "random,random", "--games", "2", "--tag", tag],
            &dir.path().join(tag),
        );
    }
    // The same start, and ids in the other order.
    let connection = rusqlite::Connection::open(&db).unwrap();
    connection
        .execute_batch("PRAGMA foreign_keys = OFF")
        .unwrap();
    for (tag, id) in [
        ("first", "ffffffffffffffff"),
        ("second", "0000000000000000"),
    ] {
        connection
            .execute_batch(&format!(
                "UPDATE run_bots SET run_id = '{id}' WHERE run_id = \
                 (SELECT id FROM runs WHERE tag = '{tag}');
                 UPDATE runs SET id = '{id}', started_at = '2026-12-05T05:00:00Z' \
                 WHERE tag = '{tag}';"
            ))
            .unwrap();
    }
    let listed: Vec<String> = runs(&db).into_iter().map(|(_, line)| line).collect();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert!(listed[0].starts_with("ffffffffffffffff") && listed[0].contains("[first]"));
    assert!(listed[1].starts_with("0000000000000000") && listed[1].contains("[second]"));
}

/// Four runs starting at once on a store that does not exist yet all make it, switch it to
/// write-ahead logging and record every game once, time after time.
#[test]
fn runs_starting_at_once_on_a_new_store_all_record() {
    let dir = tempfile::tempdir().unwrap();
    for round in 0..3 {
        let db = dir
            .path()
            .join(format!("new-{round}.db"))
            .display()
            .to_string();
        let children: Vec<_> = (0..4)
            .map(|i| {
                let out = dir.path().join(format!("run-{round}-{i}"));
                let seed = (i + 1).to_string();
                let args = ["--bots", "random,random", "--games", "20", "--seed", &seed];
                let args = [&args[..], &["--db", &db, "--quiet", "--no-plots"]].concat();
                (start("run", &args, "1", &out), out)
            })
            .collect();
        for (mut child, out) in children {
            assert!(child.wait().unwrap().success(), "{}", out.display());
        }
        let all = runs(&db);
        assert_eq!(all.len(), 4, "{all:?}");
        assert!(
            all.iter()
                .all(|(_, line)| line.contains("complete") && line.contains("20/20 games"))
        );
        let connection = rusqlite::Connection::open(&db).unwrap();
        let mode: String = connection
            .query_row("PRAGMA journal_mode", [], |row| row.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }
}
