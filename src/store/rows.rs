//! Games and seats in the store: a [`Recorder`] writes a run's games as they are played, one
//! transaction per block (so a killed run leaves whole blocks, never half a game), and
//! [`Store::games`] reads them back as the records the run handed out, from which `games.csv`
//! is written again byte for byte.

use super::Store;
use super::backend::Value;
use crate::outcome::Termination;
use crate::runner::GameRecord;
use anyhow::{Context, Result};
use std::fmt::Write;

const GAME_COLUMNS: [&str; 8] = [
    "run_id",
    "game",
    "seed",
    "pairing",
    "rotation",
    "termination",
    "turns",
    "fault_message",
];

const SEAT_COLUMNS: [&str; 9] = [
    "run_id",
    "game",
    "seat",
    "bot",
    "score",
    "rank",
    "fault",
    "tolerated",
    "extras",
];

/// Writes the games of one run, a block at a time.
pub struct Recorder {
    store: Store,
    run: String,
    /// The game's own columns as JSON keys (`"name":`), in the order of a record's extras.
    keys: Vec<String>,
    games: Vec<Vec<Value>>,
    seats: Vec<Vec<Value>>,
}

impl Recorder {
    /// Records into run `run` of `store`; `extra_columns` are its games.csv columns after the
    /// base ones (`tolerated` among them is a seat column of its own).
    pub fn new(store: Store, run: String, extra_columns: &[String]) -> Recorder {
        let keys = extra_columns
            .iter()
            .filter(|name| *name != crate::report::games_csv::TOLERATED)
            .map(|name| format!("{}:", serde_json::Value::from(name.as_str())))
            .collect();
        Recorder {
            store,
            run,
            keys,
            games: Vec::new(),
            seats: Vec::new(),
        }
    }

    pub fn run(&self) -> &str {
        &self.run
    }

    pub fn store(&mut self) -> &mut Store {
        &mut self.store
    }

    /// The store, once the run's games are committed.
    pub fn into_store(self) -> Store {
        self.store
    }

    /// Keeps `record` for the next [`Recorder::commit`].
    pub fn add(&mut self, record: &GameRecord) {
        self.games.push(vec![
            self.run.as_str().into(),
            record.index.into(),
            record.seed_index.into(),
            record.pairing.into(),
            record.rotation.into(),
            record.termination.as_str().into(),
            Value::Int(record.turns.into()),
            record.fault.clone().into(),
        ]);
        let per_seat = self.keys.len();
        for seat in 0..record.seats() {
            let mut extras = String::from("{");
            let values = record.extras.get(seat * per_seat..(seat + 1) * per_seat);
            for (i, (key, value)) in self.keys.iter().zip(values.unwrap_or(&[])).enumerate() {
                if i > 0 {
                    extras.push(',');
                }
                extras.push_str(key);
                // Rust prints the shortest text that reads back as the same number, with no
                // exponent: valid JSON for every finite value (games give no other).
                match value.is_finite() {
                    true => write!(extras, "{value}").expect("writing to a string"),
                    false => extras.push_str("null"),
                }
            }
            extras.push('}');
            self.seats.push(vec![
                self.run.as_str().into(),
                record.index.into(),
                seat.into(),
                record.lineup[seat].into(),
                Value::Int(record.scores[seat].into()),
                Value::Int(record.ranks[seat].into()),
                Value::Int(i64::from(record.culprit == Some(seat))),
                record.tolerated.get(seat).map(|&n| i64::from(n)).into(),
                extras.into(),
            ]);
        }
    }

    /// Writes the games kept since the last commit in one transaction.
    pub fn commit(&mut self) -> Result<()> {
        if self.games.is_empty() {
            return Ok(());
        }
        let (games, seats) = (
            std::mem::take(&mut self.games),
            std::mem::take(&mut self.seats),
        );
        self.store.transaction(|db| {
            db.insert("games", &GAME_COLUMNS, &games)?;
            db.insert("seats", &SEAT_COLUMNS, &seats)
        })
    }
}

impl Store {
    /// How many games run `id` holds.
    pub fn game_count(&mut self, id: &str) -> Result<u64> {
        let rows = self
            .db
            .query("SELECT COUNT(*) FROM games WHERE run_id = $1", &[id.into()])?;
        Ok(rows[0][0].int("count")? as u64)
    }

    /// The games of run `id` in index order, as the run's records (no log, no think times:
    /// the store keeps what `games.csv` and the fault list say). `extra_columns` are the
    /// run's, as recorded.
    pub fn games(&mut self, id: &str, extra_columns: &[String]) -> Result<Vec<GameRecord>> {
        let names: Vec<&String> = extra_columns
            .iter()
            .filter(|name| *name != crate::report::games_csv::TOLERATED)
            .collect();
        let games = self.db.query(
            "SELECT game, seed, pairing, rotation, termination, turns, fault_message FROM games \
             WHERE run_id = $1 ORDER BY game",
            &[id.into()],
        )?;
        let seats = self.db.query(
            "SELECT game, seat, bot, score, rank, fault, tolerated, extras FROM seats \
             WHERE run_id = $1 ORDER BY game, seat",
            &[id.into()],
        )?;
        let mut seats = seats.into_iter().peekable();
        let mut records = Vec::with_capacity(games.len());
        for row in games {
            let index = row[0].int("game")? as u64;
            let termination = row[4].text("termination")?;
            let mut record = GameRecord {
                index,
                seed_index: row[1].int("seed")? as u64,
                pairing: row[2].int("pairing")? as usize,
                rotation: row[3].int("rotation")? as usize,
                termination: *Termination::ALL
                    .iter()
                    .find(|t| t.as_str() == termination)
                    .with_context(|| format!("game {index}: unknown termination {termination}"))?,
                turns: row[5].int("turns")? as u32,
                fault: row[6].optional_text("fault_message")?,
                ..GameRecord::default()
            };
            while let Some(seat) = seats.next_if(|seat| seat[0] == Value::Int(index as i64)) {
                add_seat(&mut record, &seat, &names)
                    .with_context(|| format!("game {index} of run {id}"))?;
            }
            records.push(record);
        }
        Ok(records)
    }
}

/// Adds one seat row to its game's record.
fn add_seat(record: &mut GameRecord, seat: &[Value], names: &[&String]) -> Result<()> {
    let number = seat[1].int("seat")? as usize;
    anyhow::ensure!(number == record.lineup.len(), "seat {number} out of order");
    record.lineup.push(seat[2].int("bot")? as usize);
    record.scores.push(i32::try_from(seat[3].int("score")?)?);
    record.ranks.push(u8::try_from(seat[4].int("rank")?)?);
    if seat[5].int("fault")? == 1 {
        record.culprit = Some(number);
    }
    if let Some(tolerated) = seat[6].optional_int("tolerated")? {
        record.tolerated.push(u32::try_from(tolerated)?);
    }
    let extras: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&seat[7].text("extras")?)?;
    for name in names {
        let value = extras
            .get(name.as_str())
            .and_then(serde_json::Value::as_f64)
            .with_context(|| format!("seat {number} has no number for column {name}"))?;
        record.extras.push(value);
    }
    Ok(())
}
