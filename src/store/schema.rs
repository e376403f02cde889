//! The store's schema, as numbered migrations. Opening a store applies the ones it lacks, each
//! in the transaction that records it in `schema_migrations`, so a store is always at one whole
//! version. A store of a newer version than this build knows is refused, never downgraded:
//! an older tourney would misread or damage what a newer one wrote.
//!
//! The SQL is the subset both backends read alike: `BIGINT`, `DOUBLE PRECISION` and `TEXT`
//! columns, keys the program makes itself (no dialect's autoincrement), JSON kept as text.
//! Indexes cover what the history queries filter on: game and rules, tag, start time, bot
//! and version. The views `games` and `seats` read a run's rows by its id, as schema 1's
//! tables did; the program writes `game_rows` and `seat_rows`, keyed by the run's number.

use super::backend::{Backend, Value};
use crate::error::UsageError;
use anyhow::Result;

/// The migrations in order: version `i + 1` is `MIGRATIONS[i]`.
const MIGRATIONS: &[&str] = &[
    // 1: runs, their bots and versions, games and seats.
    "CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        configuration TEXT NOT NULL,
        configuration_sha256 TEXT NOT NULL,
        tool TEXT NOT NULL,
        host TEXT NOT NULL,
        folder TEXT,
        tag TEXT,
        shard TEXT,
        first_game BIGINT NOT NULL,
        end_game BIGINT NOT NULL,
        extra_columns TEXT NOT NULL,
        report TEXT NOT NULL,
        status TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT
    );
    CREATE INDEX runs_by_game ON runs (game, rules);
    CREATE INDEX runs_by_configuration ON runs (configuration_sha256);
    CREATE INDEX runs_by_tag ON runs (tag);
    CREATE INDEX runs_by_start ON runs (started_at);
    CREATE TABLE versions (
        digest TEXT PRIMARY KEY,
        label TEXT,
        kind TEXT NOT NULL
    );
    CREATE TABLE run_bots (
        run_id TEXT NOT NULL REFERENCES runs (id),
        position BIGINT NOT NULL,
        label TEXT NOT NULL,
        bot TEXT NOT NULL,
        params TEXT NOT NULL,
        version TEXT REFERENCES versions (digest),
        PRIMARY KEY (run_id, position)
    );
    CREATE INDEX run_bots_by_bot ON run_bots (bot);
    CREATE INDEX run_bots_by_version ON run_bots (version);
    CREATE TABLE games (
        run_id TEXT NOT NULL REFERENCES runs (id),
        game BIGINT NOT NULL,
        seed BIGINT NOT NULL,
        pairing BIGINT NOT NULL,
        rotation BIGINT NOT NULL,
        termination TEXT NOT NULL,
        turns BIGINT NOT NULL,
        fault_message TEXT,
        PRIMARY KEY (run_id, game)
    );
    CREATE TABLE seats (
        run_id TEXT NOT NULL,
        game BIGINT NOT NULL,
        seat BIGINT NOT NULL,
        bot BIGINT NOT NULL,
        score BIGINT NOT NULL,
        rank BIGINT NOT NULL,
        fault BIGINT NOT NULL,
        tolerated BIGINT,
        extras TEXT NOT NULL,
        PRIMARY KEY (run_id, game, seat),
        FOREIGN KEY (run_id, game) REFERENCES games (run_id, game)
    );
    CREATE INDEX seats_by_bot ON seats (run_id, bot);",
    // 2: games and seats keyed by the run's number in this store, not its 16-character id,
    // which every row and every index entry repeated; `games` and `seats` stay, as views with
    // the same columns. Runs are numbered in the order they were recorded (`db runs` lists
    // runs started in one second in that order, not by id). The seats' index by bot is gone: a
    // run's seats are found by the key's first column, and a bot among them by its position.
    // The rows carry no foreign keys: PostgreSQL checked each row of a block against its
    // parent, and the program writes a run's rows in the transactions that make and delete it.
    "ALTER TABLE runs ADD COLUMN number BIGINT;
    UPDATE runs SET number = (SELECT COUNT(*) FROM runs earlier
        WHERE earlier.started_at < runs.started_at
        OR (earlier.started_at = runs.started_at AND earlier.id <= runs.id));
    CREATE UNIQUE INDEX runs_by_number ON runs (number);
    CREATE TABLE game_rows (
        run BIGINT NOT NULL,
        game BIGINT NOT NULL,
        seed BIGINT NOT NULL,
        pairing BIGINT NOT NULL,
        rotation BIGINT NOT NULL,
        termination TEXT NOT NULL,
        turns BIGINT NOT NULL,
        fault_message TEXT,
        PRIMARY KEY (run, game)
    );
    INSERT INTO game_rows (run, game, seed, pairing, rotation, termination, turns, fault_message)
        SELECT r.number, g.game, g.seed, g.pairing, g.rotation, g.termination, g.turns,
        g.fault_message FROM games g JOIN runs r ON r.id = g.run_id;
    CREATE TABLE seat_rows (
        run BIGINT NOT NULL,
        game BIGINT NOT NULL,
        seat BIGINT NOT NULL,
        bot BIGINT NOT NULL,
        score BIGINT NOT NULL,
        rank BIGINT NOT NULL,
        fault BIGINT NOT NULL,
        tolerated BIGINT,
        extras TEXT NOT NULL,
        PRIMARY KEY (run, game, seat)
    );
    INSERT INTO seat_rows (run, game, seat, bot, score, rank, fault, tolerated, extras)
        SELECT r.number, s.game, s.seat, s.bot, s.score, s.rank, s.fault, s.tolerated, s.extras
        FROM seats s JOIN runs r ON r.id = s.run_id;
    DROP TABLE seats;
    DROP TABLE games;
    CREATE VIEW games AS
        SELECT r.id AS run_id, g.game, g.seed, g.pairing, g.rotation, g.termination, g.turns,
        g.fault_message FROM game_rows g JOIN runs r ON r.number = g.run;
    CREATE VIEW seats AS
        SELECT r.id AS run_id, s.game, s.seat, s.bot, s.score, s.rank, s.fault, s.tolerated,
        s.extras FROM seat_rows s JOIN runs r ON r.number = s.run;",
    // 3: ladders (`tourney ladder`, docs/guide/ladder.md). A ladder's games are stored as any
    // run's, in runs tagged `ladder:NAME`; these tables hold what makes it a ladder across
    // restarts: its settings and deal counter, its entries with the version that plays,
    // every version's self-test verdict, and each deal from the moment it is claimed until
    // its game is recorded (`claimed_by` names the worker, so that several machines can
    // share one ladder later and a dead worker's deals can be handed out again).
    "CREATE TABLE ladders (
        name TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        configuration TEXT NOT NULL,
        master_seed BIGINT NOT NULL,
        next_deal BIGINT NOT NULL,
        frozen_at TEXT,
        created_at TEXT NOT NULL
    );
    CREATE TABLE ladder_entries (
        ladder TEXT NOT NULL,
        entry TEXT NOT NULL,
        folder TEXT NOT NULL,
        version TEXT,
        changed_at TEXT,
        PRIMARY KEY (ladder, entry)
    );
    CREATE TABLE ladder_versions (
        ladder TEXT NOT NULL,
        entry TEXT NOT NULL,
        digest TEXT NOT NULL,
        label TEXT,
        verdict TEXT NOT NULL,
        reason TEXT,
        tested_at TEXT NOT NULL,
        PRIMARY KEY (ladder, entry, digest)
    );
    CREATE TABLE ladder_games (
        ladder TEXT NOT NULL,
        deal BIGINT NOT NULL,
        players TEXT NOT NULL,
        claimed_by TEXT,
        claimed_at TEXT,
        run BIGINT,
        game BIGINT,
        played_at TEXT,
        PRIMARY KEY (ladder, deal)
    );
    CREATE INDEX ladder_games_by_run ON ladder_games (run, game);",
    // 4: several workers on one ladder (docs/guide/ladder.md, "Several machines"). Each
    // `tourney ladder` process is a worker with a row of its own, its lease renewed while it
    // lives; a deal or a self-test claimed by a worker whose lease ran out (or that has no row,
    // as the claims of schema 3 have) is handed to the next worker that asks, once. A
    // self-test in progress is a version row whose verdict is `testing`, claimed by its
    // tester. `run` is the worker's open run, closed by whoever finds the worker dead.
    "CREATE TABLE ladder_workers (
        ladder TEXT NOT NULL,
        worker TEXT NOT NULL,
        run TEXT,
        started_at TEXT NOT NULL,
        lease_until TEXT NOT NULL,
        PRIMARY KEY (ladder, worker)
    );
    ALTER TABLE ladder_versions ADD COLUMN claimed_by TEXT;
    CREATE INDEX ladder_games_unplayed ON ladder_games (ladder, played_at);",
];

/// The schema version this build writes and reads.
pub const VERSION: i64 = MIGRATIONS.len() as i64;

/// The SQL that brings a store from schema `version - 1` to `version`: how a test makes a
/// store as an older tourney did.
pub fn migration(version: i64) -> Option<&'static str> {
    let index = usize::try_from(version.checked_sub(1)?).ok()?;
    MIGRATIONS.get(index).copied()
}

/// Brings the store to [`VERSION`], one migration per transaction; refuses a newer store
/// (`shown` names it in the message).
pub fn migrate(db: &mut dyn Backend, shown: &str) -> Result<()> {
    loop {
        db.begin()?;
        db.serialize()?;
        let step = next_step(db, shown);
        match step {
            Ok(Some(version)) => {
                let applied = db.batch(MIGRATIONS[(version - 1) as usize]).and_then(|()| {
                    db.execute(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                        &[Value::Int(version), Value::Text(super::now())],
                    )
                });
                if let Err(e) = applied {
                    let _ = db.batch("ROLLBACK");
                    return Err(e.context(format!("cannot bring {shown} to schema {version}")));
                }
                db.batch("COMMIT")?;
            }
            Ok(None) => return db.batch("COMMIT"),
            Err(e) => {
                let _ = db.batch("ROLLBACK");
                return Err(e);
            }
        }
    }
}

/// The migration to apply next, inside the schema lock, or `None` when the store is current.
fn next_step(db: &mut dyn Backend, shown: &str) -> Result<Option<i64>> {
    db.batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version BIGINT PRIMARY KEY,
            applied_at TEXT NOT NULL
        )",
    )?;
    let rows = db.query("SELECT MAX(version) FROM schema_migrations", &[])?;
    let current = rows
        .first()
        .and_then(|row| row.first())
        .map_or(Ok(None), |v| v.optional_int("version"))?
        .unwrap_or(0);
    if current > VERSION {
        return Err(UsageError::Invalid(format!(
            "{shown} has schema version {current}, newer than this tourney's {VERSION}: it was \
             written by a newer tourney and is not downgraded; use that version, or another \
             --db"
        ))
        .into());
    }
    Ok((current < VERSION).then_some(current + 1))
}
