//! Runs in the store: one row per run (its configuration as the manifest holds it, where and
//! when it was played, its status) and one per bot. A run's id is made here, not by the
//! database (16 hex digits of a hash of host, process, time and configuration), so every
//! backend makes ids alike and two machines writing one server never collide. Within one
//! store a run also has a number, in the order runs were recorded: the key of its games and
//! seats, and the order `db runs` lists them in.

use super::Store;
use super::backend::{Backend, Value};
use crate::error::UsageError;
use anyhow::Result;
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a run is, as recorded when it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct NewRun {
    pub game: String,
    pub rules: String,
    /// The manifest's `configuration`, as JSON.
    pub configuration: String,
    pub configuration_sha256: String,
    pub tool: String,
    pub host: String,
    /// The results folder, canonical, when the run writes one: how `--resume` finds its run.
    pub folder: Option<String>,
    pub tag: Option<String>,
    /// `I/N` for a shard of a run.
    pub shard: Option<String>,
    pub first_game: u64,
    pub end_game: u64,
    /// The columns of `games.csv` after the base ones, in order (the game's own, then
    /// `tolerated` when the run forgives faults).
    pub extra_columns: Vec<String>,
    /// The analysis settings of the report (JSON), so an export writes the run's own report.
    pub report: String,
    pub bots: Vec<BotRow>,
}

#[cfg(test)]
impl NewRun {
    /// A run of no real game, for the store's tests: games 0 to `end_game`, tagged `tag`.
    pub fn for_tests(tag: Option<&str>, end_game: u64) -> NewRun {
        NewRun {
            game: "a-game".into(),
            rules: "base".into(),
            configuration: "{}".into(),
            configuration_sha256: "0".into(),
            tool: "test".into(),
            host: "test".into(),
            folder: None,
            tag: tag.map(str::to_string),
            shard: None,
            first_game: 0,
            end_game,
            extra_columns: Vec::new(),
            report: "{}".into(),
            bots: Vec::new(),
        }
    }
}

/// One entry of a run's lineup, in the order games.csv's bot indices count.
#[derive(Clone, Debug, PartialEq)]
pub struct BotRow {
    pub label: String,
    /// The bot as named (`nice`, a manifest path).
    pub bot: String,
    /// Its parameters, as a JSON object.
    pub params: String,
    /// Which version of it played (`crate::version`): known for a run recorded as it plays,
    /// not for an imported folder (what ran then may not be what is on disk now).
    pub version: Option<VersionRow>,
}

/// A bot version: one row of `versions`, shared by every run it played in.
#[derive(Clone, Debug, PartialEq)]
pub struct VersionRow {
    /// SHA-256 of what plays, 64 hex digits.
    pub digest: String,
    pub label: Option<String>,
    /// `builtin`, `program` or `cgs` (a contest client, known by name only).
    pub kind: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// Playing, or killed while playing (`--resume` continues it).
    Running,
    /// Every game played (or a sequential stop decided the run).
    Complete,
    /// Stopped by Ctrl-C or SIGTERM before its last game; `--resume` continues it.
    Stopped,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Running => "running",
            RunStatus::Complete => "complete",
            RunStatus::Stopped => "stopped",
        }
    }
}

/// A run as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRun {
    pub id: String,
    pub run: NewRun,
    pub status: String,
    pub started_at: String,
    pub ended_at: Option<String>,
}

pub(super) const RUN_COLUMNS: [&str; 17] = [
    "id",
    "game",
    "rules",
    "configuration",
    "configuration_sha256",
    "tool",
    "host",
    "folder",
    "tag",
    "shard",
    "first_game",
    "end_game",
    "extra_columns",
    "report",
    "status",
    "started_at",
    "ended_at",
];

/// A new run id: unique across processes and machines without asking the database.
fn new_id(run: &NewRun) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut hash = Sha256::new();
    hash.update(format!(
        "{}\n{}\n{nanos}\n{}\n{}",
        run.host,
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        run.configuration_sha256
    ));
    hash.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Store {
    /// Records a new run, status running, and hands back its id.
    pub fn create_run(&mut self, run: &NewRun) -> Result<String> {
        let id = new_id(run);
        let columns = serde_json::to_string(&run.extra_columns)?;
        self.transaction(|db| {
            // Numbered one after the last, by one process at a time.
            db.serialize()?;
            let last = db.query("SELECT MAX(number) FROM runs", &[])?;
            let number = last[0][0].optional_int("number")?.unwrap_or(0) + 1;
            let row: Vec<Value> = vec![
                id.as_str().into(),
                run.game.as_str().into(),
                run.rules.as_str().into(),
                run.configuration.as_str().into(),
                run.configuration_sha256.as_str().into(),
                run.tool.as_str().into(),
                run.host.as_str().into(),
                run.folder.clone().into(),
                run.tag.clone().into(),
                run.shard.clone().into(),
                run.first_game.into(),
                run.end_game.into(),
                columns.into(),
                run.report.as_str().into(),
                RunStatus::Running.as_str().into(),
                super::now().into(),
                Value::Null,
                Value::Int(number),
            ];
            let mut columns = RUN_COLUMNS.to_vec();
            columns.push("number");
            db.insert("runs", &columns, &vec![row])?;
            // A version seen before keeps its row (and first label).
            let versions: Vec<Vec<Value>> = (run.bots.iter())
                .filter_map(|bot| bot.version.as_ref())
                .map(|v| {
                    vec![
                        v.digest.as_str().into(),
                        v.label.clone().into(),
                        v.kind.as_str().into(),
                    ]
                })
                .collect();
            db.insert("versions", &["digest", "label", "kind"], &versions)?;
            let bots: Vec<Vec<Value>> = (run.bots.iter().enumerate())
                .map(|(position, bot)| {
                    vec![
                        id.as_str().into(),
                        position.into(),
                        bot.label.as_str().into(),
                        bot.bot.as_str().into(),
                        bot.params.as_str().into(),
                        bot.version.as_ref().map(|v| v.digest.as_str()).into(),
                    ]
                })
                .collect();
            db.insert(
                "run_bots",
                &["run_id", "position", "label", "bot", "params", "version"],
                &bots,
            )
        })?;
        Ok(id)
    }

    /// The latest run of this configuration that this host played into `folder`: the run
    /// `--resume` continues (finished already, it is finished again with the same games).
    pub fn find_in_folder(
        &mut self,
        configuration_sha256: &str,
        host: &str,
        folder: &str,
    ) -> Result<Option<String>> {
        let rows = self.db.query(
            "SELECT id FROM runs WHERE configuration_sha256 = $1 AND host = $2 AND folder = $3 \
             ORDER BY number DESC",
            &[configuration_sha256.into(), host.into(), folder.into()],
        )?;
        rows.first().map(|row| row[0].text("id")).transpose()
    }

    /// The run of this configuration holding games `first..end` (a folder imported before, or
    /// recorded as it played): equal configurations play equal games, so its games are these.
    pub fn find_same(
        &mut self,
        configuration_sha256: &str,
        first_game: u64,
        end_game: u64,
    ) -> Result<Option<String>> {
        let rows = self.db.query(
            "SELECT id FROM runs WHERE configuration_sha256 = $1 AND first_game = $2 \
             AND end_game = $3 ORDER BY number",
            &[
                configuration_sha256.into(),
                first_game.into(),
                end_game.into(),
            ],
        )?;
        rows.first().map(|row| row[0].text("id")).transpose()
    }

    /// Marks run `id` as playing again from game `from`, dropping any game at or after it: the
    /// folder being resumed kept the games before it, and those after are played again.
    pub fn reopen(&mut self, id: &str, from: u64) -> Result<()> {
        self.transaction(|db| {
            let number = number(db, id)?;
            for table in ["seat_rows", "game_rows"] {
                db.execute(
                    &format!("DELETE FROM {table} WHERE run = $1 AND game >= $2"),
                    &[number.into(), from.into()],
                )?;
            }
            db.execute(
                "UPDATE runs SET status = $1, ended_at = NULL WHERE id = $2",
                &[RunStatus::Running.as_str().into(), id.into()],
            )?;
            Ok(())
        })
    }

    /// Records how run `id` ended.
    pub fn finish_run(&mut self, id: &str, status: RunStatus) -> Result<()> {
        self.transaction(|db| {
            db.execute(
                "UPDATE runs SET status = $1, ended_at = $2 WHERE id = $3",
                &[status.as_str().into(), super::now().into(), id.into()],
            )?;
            Ok(())
        })
    }

    /// Removes the shards of run `whole`'s configuration: its games are theirs (equal
    /// configurations, equal games), so a merged run is one run in the store.
    pub fn absorb_shards(&mut self, whole: &str, configuration_sha256: &str) -> Result<()> {
        self.transaction(|db| {
            let shards = db.query(
                "SELECT id FROM runs WHERE configuration_sha256 = $1 AND shard IS NOT NULL \
                 AND id <> $2",
                &[configuration_sha256.into(), whole.into()],
            )?;
            for row in shards {
                delete_run(db, &row[0].text("id")?)?;
            }
            Ok(())
        })
    }

    /// The one run whose id starts with `prefix` (at least 4 characters, as git takes).
    pub fn resolve(&mut self, prefix: &str) -> Result<String> {
        let shown = self.location.shown();
        if prefix.len() < 4 || !prefix.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(UsageError::Invalid(format!(
                "'{prefix}' is not a run id: give 4 or more of its hex digits (`tourney db \
                 runs` lists the runs of {shown})"
            ))
            .into());
        }
        let rows = self.db.query(
            "SELECT id FROM runs WHERE id LIKE $1 ORDER BY id",
            &[format!("{}%", prefix.to_ascii_lowercase()).into()],
        )?;
        match rows.as_slice() {
            [row] => row[0].text("id"),
            [] => Err(UsageError::Invalid(format!(
                "no run {prefix} in {shown} (`tourney db runs` lists them)"
            ))
            .into()),
            _ => Err(UsageError::Invalid(format!(
                "{} runs of {shown} start with {prefix}: give more digits",
                rows.len()
            ))
            .into()),
        }
    }

    /// The number of run `id` in this store.
    pub fn run_number(&mut self, id: &str) -> Result<i64> {
        number(self.db.as_mut(), id)
    }

    /// Run `id` as stored.
    pub fn run(&mut self, id: &str) -> Result<StoredRun> {
        let sql = format!("SELECT {} FROM runs WHERE id = $1", RUN_COLUMNS.join(", "));
        let rows = self.db.query(&sql, &[id.into()])?;
        let row = rows
            .first()
            .ok_or_else(|| anyhow::anyhow!("run {id} is not in the store"))?;
        let bots = self.bots(id)?;
        stored_run(row, bots)
    }

    pub(super) fn bots(&mut self, id: &str) -> Result<Vec<BotRow>> {
        let rows = self.db.query(
            "SELECT b.label, b.bot, b.params, v.digest, v.label, v.kind FROM run_bots b \
             LEFT JOIN versions v ON v.digest = b.version WHERE b.run_id = $1 ORDER BY b.position",
            &[id.into()],
        )?;
        rows.iter()
            .map(|row| {
                Ok(BotRow {
                    label: row[0].text("label")?,
                    bot: row[1].text("bot")?,
                    params: row[2].text("params")?,
                    version: match row[3].optional_text("digest")? {
                        Some(digest) => Some(VersionRow {
                            digest,
                            label: row[4].optional_text("version label")?,
                            kind: row[5].text("kind")?,
                        }),
                        None => None,
                    },
                })
            })
            .collect()
    }
}

pub(super) fn stored_run(row: &[Value], bots: Vec<BotRow>) -> Result<StoredRun> {
    let text = |i: usize| row[i].text(RUN_COLUMNS[i]);
    let optional = |i: usize| row[i].optional_text(RUN_COLUMNS[i]);
    let whole = |i: usize| row[i].int(RUN_COLUMNS[i]).map(|v| v as u64);
    Ok(StoredRun {
        id: text(0)?,
        run: NewRun {
            game: text(1)?,
            rules: text(2)?,
            configuration: text(3)?,
            configuration_sha256: text(4)?,
            tool: text(5)?,
            host: text(6)?,
            folder: optional(7)?,
            tag: optional(8)?,
            shard: optional(9)?,
            first_game: whole(10)?,
            end_game: whole(11)?,
            extra_columns: serde_json::from_str(&text(12)?)?,
            report: text(13)?,
            bots,
        },
        status: text(14)?,
        started_at: text(15)?,
        ended_at: optional(16)?,
    })
}

/// The number of run `id`.
fn number(db: &mut dyn Backend, id: &str) -> Result<i64> {
    let rows = db.query("SELECT number FROM runs WHERE id = $1", &[id.into()])?;
    let row = rows
        .first()
        .ok_or_else(|| anyhow::anyhow!("run {id} is not in the store"))?;
    row[0].int("number")
}

/// Deletes run `id` with its bots and games, inside the caller's transaction.
fn delete_run(db: &mut dyn Backend, id: &str) -> Result<()> {
    let number = number(db, id)?;
    for table in ["seat_rows", "game_rows"] {
        db.execute(
            &format!("DELETE FROM {table} WHERE run = $1"),
            &[number.into()],
        )?;
    }
    db.execute("DELETE FROM run_bots WHERE run_id = $1", &[id.into()])?;
    db.execute("DELETE FROM runs WHERE id = $1", &[id.into()])?;
    Ok(())
}
