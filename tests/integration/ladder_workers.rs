//! Several `tourney ladder` processes on one ladder through one store, as machines sharing a
//! PostgreSQL server would (and two processes on one SQLite file): every deal played once, each
//! version self-tested by one worker, and a worker killed with `kill -9` has its claimed deals
//! played by the other once its lease runs out. The PostgreSQL cases print SKIPPED without
//! `TOURNEY_TEST_POSTGRES`. No assertion waits on a clock: each waits on the store's state,
//! with a generous bound.

use super::ladder::{entry, ladder_args, log, start_ladder, stderr_file, wait_for};
use super::store::postgres;
use std::fs;
use std::path::Path;
use std::process::Child;

/// Where the workers' store is, and how the test reads it.
enum Db {
    Sqlite(String),
    Postgres(String),
}

impl Db {
    fn location(&self) -> &str {
        match self {
            Db::Sqlite(path) | Db::Postgres(path) => path,
        }
    }

    /// The whole number `sql` answers (0 while the ladder's tables are not made yet).
    fn count(&self, sql: &str) -> i64 {
        match self {
            Db::Sqlite(path) => (rusqlite::Connection::open(path).ok())
                .and_then(|db| db.query_row(sql, [], |row| row.get(0)).ok())
                .unwrap_or(0),
            Db::Postgres(url) => (postgres::Client::connect(url, postgres::NoTls).ok())
                .and_then(|mut db| db.query_one(sql, &[]).ok())
                .map_or(0, |row| row.get(0)),
        }
    }
}

/// The stores the tests run on: an SQLite file always, a PostgreSQL database when there is
/// a server.
fn stores(dir: &Path, name: &str) -> Vec<Db> {
    let mut stores = vec![Db::Sqlite(dir.join("ladder.db").display().to_string())];
    stores.extend(postgres(name).map(Db::Postgres));
    stores
}

/// A worker of the ladder of `dir` writing into its own `out`.
fn worker(dir: &Path, out: &Path, db: &Db, extra: &[&str]) -> Child {
    let mut args = ladder_args(dir, out, Path::new(db.location()), extra);
    args.extend(["--lease", "3"].map(String::from));
    start_ladder(&args)
}

/// Three random players that think a tenth of a second over their first three moves of each
/// game: games long enough for both workers to play some while the other self-tests.
fn three_entries(dir: &Path) {
    for name in ["one", "two", "three"] {
        entry(dir, name, name, "doubles/clocked.py", &["0.1", "3"]);
    }
}

/// Every deal up to `deals` recorded once with both its games, none left claimed.
fn assert_each_deal_once(db: &Db, deals: i64) {
    let played = "SELECT COUNT(*) FROM ladder_games WHERE played_at IS NOT NULL";
    assert_eq!(db.count(played), deals);
    let unplayed = "SELECT COUNT(*) FROM ladder_games WHERE played_at IS NULL";
    assert_eq!(db.count(unplayed), 0);
    let games = "SELECT COUNT(*) FROM games g JOIN runs r ON r.id = g.run_id \
                 WHERE r.tag = 'ladder:term'";
    assert_eq!(db.count(games), 2 * deals);
    let seeds = "SELECT COUNT(DISTINCT g.seed) FROM games g JOIN runs r ON r.id = g.run_id \
                 WHERE r.tag = 'ladder:term'";
    assert_eq!(db.count(seeds), deals, "no deal played twice");
    let running = "SELECT COUNT(*) FROM runs WHERE status = 'running'";
    assert_eq!(db.count(running), 0, "every worker's run is closed");
}

/// The worker writing into `out` ends with exit 0; else its stderr is shown.
fn exit_ok(mut worker: Child, out: &Path) {
    let status = worker.wait().unwrap();
    let stderr = fs::read_to_string(stderr_file(out)).unwrap_or_default();
    assert!(status.success(), "a worker ended with {status}:\n{stderr}");
}

/// Two workers started at once play a ladder to 60 games: each deal once, each version
/// self-tested by one of them (the other waits for its verdict), both playing.
#[test]
fn two_workers_play_each_deal_once_and_self_test_each_version_once() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("entries");
    three_entries(&dir);
    for db in stores(scratch.path(), "ladder_two_workers") {
        let (a, b) = (scratch.path().join("a"), scratch.path().join("b"));
        let workers = [&a, &b].map(|out| worker(&dir, out, &db, &["--games", "60"]));
        for (worker, out) in workers.into_iter().zip([&a, &b]) {
            exit_ok(worker, out);
        }
        assert_each_deal_once(&db, 30);
        let claimers = "SELECT COUNT(DISTINCT claimed_by) FROM ladder_games";
        assert_eq!(db.count(claimers), 2, "both workers played");
        let versions = "SELECT COUNT(*) FROM ladder_versions WHERE verdict = 'accepted'";
        assert_eq!(db.count(versions), 3);
        let reports =
            |out: &Path| std::fs::read_dir(out.join("self-tests")).map_or(0, |d| d.count());
        assert_eq!(
            reports(&a) + reports(&b),
            3,
            "each version self-tested once"
        );
        for out in [&a, &b] {
            assert!(
                out.join("pages/index.html").is_file(),
                "each worker writes pages"
            );
            std::fs::remove_dir_all(out).unwrap();
        }
    }
}

/// One of two workers killed with `kill -9` while it holds claimed deals: the other, playing
/// on, takes them over once the killed one's lease (3 s) runs out, and the ladder ends with
/// each deal played once.
#[test]
fn a_killed_workers_deals_are_taken_over_after_its_lease() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("entries");
    three_entries(&dir);
    for db in stores(scratch.path(), "ladder_killed_worker") {
        let (a, b) = (scratch.path().join("a"), scratch.path().join("b"));
        let mut killed = worker(&dir, &a, &db, &["--games", "60"]);
        let survivor = worker(&dir, &b, &db, &["--games", "60"]);
        let claims = |pid: u32, unplayed: bool| {
            let played = match unplayed {
                true => "played_at IS NULL",
                false => "played_at IS NOT NULL OR played_at IS NULL",
            };
            db.count(&format!(
                "SELECT COUNT(*) FROM ladder_games WHERE ({played}) \
                 AND claimed_by LIKE '%:{pid}:%'"
            ))
        };
        wait_for("deals in play on both workers", || {
            claims(killed.id(), true) >= 2 && claims(survivor.id(), false) >= 1
        });
        let pid = killed.id();
        killed.kill().unwrap();
        killed.wait().unwrap();
        let orphans = claims(pid, true);
        assert!(orphans >= 1, "killed in the middle of its deals");
        exit_ok(survivor, &b);
        assert_each_deal_once(&db, 30);
        assert_eq!(claims(pid, true), 0);
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
        let taken = format!("is taken over from {}:{pid}:", host.trim());
        assert_eq!(
            log(&b).matches(&taken).count() as i64,
            orphans,
            "{}",
            log(&b)
        );
        for out in [&a, &b] {
            std::fs::remove_dir_all(out).unwrap();
        }
    }
}
