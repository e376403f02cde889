//! Reading the store for `tourney history` and `tourney rate`: the runs a filter picks, newest
//! first, and how each bot of a run did in its seats. The SQL names only the tables and columns
//! of schema migration 1, in the subset both backends read alike.

use super::Store;
use super::backend::Value;
use super::runs::{RUN_COLUMNS, StoredRun, stored_run};
use anyhow::Result;

/// Which runs a question is about; `None` leaves a field open.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunFilter {
    pub game: Option<String>,
    pub rules: Option<String>,
    /// A bot's label, or the bot as named (`nice`, a manifest path).
    pub bot: Option<String>,
    /// A version: its label, or (when hex) a prefix of its digest. With `bot`, a version that
    /// bot played in the run.
    pub version: Option<String>,
    pub tag: Option<String>,
    /// The earliest start, as stored (RFC 3339 in UTC, which sorts as text).
    pub since: Option<String>,
    /// The latest start, likewise.
    pub until: Option<String>,
}

/// How one bot of a run did, from its seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotGames {
    /// Its position in the run's lineup (games.csv's bot index).
    pub position: usize,
    /// Games it played.
    pub games: u64,
    /// Seats it sat in (more than its games when it held two seats of one game).
    pub seats: u64,
    /// Seats it finished first in, ties included.
    pub firsts: u64,
}

impl Store {
    /// The runs `filter` picks, newest first (by start, then id), each with its bots.
    pub fn find_runs(&mut self, filter: &RunFilter) -> Result<Vec<StoredRun>> {
        let mut params: Vec<Value> = Vec::new();
        let mut bind = |value: String| {
            params.push(value.into());
            format!("${}", params.len())
        };
        let mut conditions = Vec::new();
        for (column, value) in [
            ("game", &filter.game),
            ("rules", &filter.rules),
            ("tag", &filter.tag),
        ] {
            if let Some(value) = value {
                conditions.push(format!("runs.{column} = {}", bind(value.clone())));
            }
        }
        if let Some(since) = &filter.since {
            conditions.push(format!("runs.started_at >= {}", bind(since.clone())));
        }
        if let Some(until) = &filter.until {
            conditions.push(format!("runs.started_at <= {}", bind(until.clone())));
        }
        // One bot row must match both the bot and the version: `--bot a --version v2` asks for
        // runs where a played as v2, not runs where a played and anyone was v2.
        let mut bot_conditions = Vec::new();
        if let Some(bot) = &filter.bot {
            let p = bind(bot.clone());
            bot_conditions.push(format!("(b.label = {p} OR b.bot = {p})"));
        }
        if let Some(version) = &filter.version {
            let label = bind(version.clone());
            bot_conditions.push(match version.chars().all(|c| c.is_ascii_hexdigit()) {
                true => format!(
                    "(v.label = {label} OR v.digest LIKE {})",
                    bind(format!("{}%", version.to_ascii_lowercase()))
                ),
                false => format!("v.label = {label}"),
            });
        }
        if !bot_conditions.is_empty() {
            conditions.push(format!(
                "EXISTS (SELECT 1 FROM run_bots b LEFT JOIN versions v ON v.digest = b.version \
                 WHERE b.run_id = runs.id AND {})",
                bot_conditions.join(" AND ")
            ));
        }
        let filter = match conditions.is_empty() {
            true => String::new(),
            false => format!(" WHERE {}", conditions.join(" AND ")),
        };
        let sql = format!(
            "SELECT {} FROM runs{filter} ORDER BY number DESC",
            RUN_COLUMNS.join(", ")
        );
        let rows = self.db.query(&sql, &params)?;
        rows.into_iter()
            .map(|row| {
                let bots = self.bots(&row[0].text("id")?)?;
                stored_run(&row, bots)
            })
            .collect()
    }

    /// Games, seats and first places of each bot of run `id` that played, by position.
    pub fn bot_games(&mut self, id: &str) -> Result<Vec<BotGames>> {
        let rows = self.db.query(
            "SELECT bot, COUNT(DISTINCT game), COUNT(*), \
             SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END) FROM seats WHERE run_id = $1 \
             GROUP BY bot ORDER BY bot",
            &[id.into()],
        )?;
        rows.iter()
            .map(|row| {
                Ok(BotGames {
                    position: row[0].int("bot")? as usize,
                    games: row[1].int("games")? as u64,
                    seats: row[2].int("seats")? as u64,
                    firsts: row[3].int("firsts")? as u64,
                })
            })
            .collect()
    }
}
