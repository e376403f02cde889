//! Games and seats in the store: a [`Recorder`] writes a run's games as they are played, one
//! transaction per [`Block`] (so a killed run leaves whole blocks, never half a game), and
//! [`Store::games`] reads them back as the records the run handed out, from which `games.csv`
//! is written again byte for byte.
//!
//! A block keeps plain copies of its records' columns and nothing else: it is filled on the
//! thread that plays, where every nanosecond counts against the run, and written on the
//! store's own ([`super::Writer`]), where each seat's extra columns become their JSON object.

use super::Store;
use super::backend::{Backend, Cell, Rows, Value};
use crate::outcome::Termination;
use crate::runner::GameRecord;
use anyhow::{Context, Result};
use std::fmt::Write;

const GAME_COLUMNS: [&str; 8] = [
    "run",
    "game",
    "seed",
    "pairing",
    "rotation",
    "termination",
    "turns",
    "fault_message",
];

const SEAT_COLUMNS: [&str; 9] = [
    "run",
    "game",
    "seat",
    "bot",
    "score",
    "rank",
    "fault",
    "tolerated",
    "extras",
];

/// Games kept for one transaction.
#[derive(Debug, Default)]
pub struct Block {
    games: Vec<GameRow>,
    seats: Vec<SeatRow>,
    /// Every game's extra values, one after the other (see [`GameRow::extras`]).
    extras: Vec<f64>,
}

#[derive(Debug)]
struct GameRow {
    game: u64,
    seed: u64,
    pairing: usize,
    rotation: usize,
    termination: Termination,
    turns: u32,
    fault: Option<String>,
    /// Where its record's extras are in [`Block::extras`].
    extras: std::ops::Range<usize>,
}

#[derive(Debug)]
struct SeatRow {
    /// Its game in [`Block::games`].
    game: usize,
    seat: usize,
    bot: usize,
    score: i32,
    rank: u8,
    fault: bool,
    tolerated: Option<u32>,
}

impl Block {
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Keeps `record`'s columns.
    pub fn add(&mut self, record: &GameRecord) {
        let start = self.extras.len();
        self.extras.extend_from_slice(&record.extras);
        let game = self.games.len();
        self.games.push(GameRow {
            game: record.index,
            seed: record.seed_index,
            pairing: record.pairing,
            rotation: record.rotation,
            termination: record.termination,
            turns: record.turns,
            fault: record.fault.clone(),
            extras: start..self.extras.len(),
        });
        for seat in 0..record.seats() {
            self.seats.push(SeatRow {
                game,
                seat,
                bot: record.lineup[seat],
                score: record.scores[seat],
                rank: record.ranks[seat],
                fault: record.culprit == Some(seat),
                tolerated: record.tolerated.get(seat).copied(),
            });
        }
    }

    /// Each seat's extra values as a JSON object of `keys` (`"name":`, as many per seat as
    /// a record has values per seat), one after the other in `text`, each ending where
    /// `ends` says.
    fn extras_json(&self, keys: &[String], text: &mut String, ends: &mut Vec<usize>) {
        text.clear();
        ends.clear();
        let per_seat = keys.len();
        for seat in &self.seats {
            let game = &self.extras[self.games[seat.game].extras.clone()];
            let values = game.get(seat.seat * per_seat..(seat.seat + 1) * per_seat);
            text.push('{');
            for (i, (key, value)) in keys.iter().zip(values.unwrap_or(&[])).enumerate() {
                if i > 0 {
                    text.push(',');
                }
                text.push_str(key);
                // Rust prints the shortest text that reads back as the same number, with no
                // exponent: valid JSON for every finite value (games give no other).
                match value.is_finite() {
                    true => write!(text, "{value}").expect("writing to a string"),
                    false => text.push_str("null"),
                }
            }
            text.push('}');
            ends.push(text.len());
        }
    }
}

/// A block's games as rows of `game_rows`.
struct GameRows<'a> {
    run: i64,
    block: &'a Block,
}

impl Rows for GameRows<'_> {
    fn count(&self) -> usize {
        self.block.games.len()
    }

    fn cell(&self, row: usize, column: usize) -> Cell<'_> {
        let game = &self.block.games[row];
        match column {
            0 => Cell::Int(self.run),
            1 => Cell::Int(game.game as i64),
            2 => Cell::Int(game.seed as i64),
            3 => Cell::Int(game.pairing as i64),
            4 => Cell::Int(game.rotation as i64),
            5 => Cell::Text(game.termination.as_str()),
            6 => Cell::Int(game.turns.into()),
            _ => game.fault.as_deref().map_or(Cell::Null, Cell::Text),
        }
    }
}

/// A block's seats as rows of `seat_rows`, with their extras as JSON (see
/// [`Block::extras_json`]).
struct SeatRows<'a> {
    run: i64,
    block: &'a Block,
    text: &'a str,
    ends: &'a [usize],
}

impl Rows for SeatRows<'_> {
    fn count(&self) -> usize {
        self.block.seats.len()
    }

    fn cell(&self, row: usize, column: usize) -> Cell<'_> {
        let seat = &self.block.seats[row];
        match column {
            0 => Cell::Int(self.run),
            1 => Cell::Int(self.block.games[seat.game].game as i64),
            2 => Cell::Int(seat.seat as i64),
            3 => Cell::Int(seat.bot as i64),
            4 => Cell::Int(seat.score.into()),
            5 => Cell::Int(seat.rank.into()),
            6 => Cell::Int(seat.fault.into()),
            7 => seat.tolerated.map_or(Cell::Null, |n| Cell::Int(n.into())),
            _ => {
                let start = if row == 0 { 0 } else { self.ends[row - 1] };
                Cell::Text(&self.text[start..self.ends[row]])
            }
        }
    }
}

/// Writes the games of one run, a block at a time.
pub struct Recorder {
    store: Store,
    run: String,
    /// The run's number in the store: the key of its rows.
    number: i64,
    /// The game's own columns as JSON keys (`"name":`), in the order of a record's extras.
    keys: Vec<String>,
    pending: Block,
    /// The JSON of a block's extras, kept from block to block (see [`Block::extras_json`]).
    text: String,
    ends: Vec<usize>,
}

impl Recorder {
    /// Records into run `run` of `store`; `extra_columns` are its games.csv columns after the
    /// base ones (`tolerated` among them is a seat column of its own).
    pub fn new(mut store: Store, run: String, extra_columns: &[String]) -> Result<Recorder> {
        let keys = extra_columns
            .iter()
            .filter(|name| *name != crate::report::games_csv::TOLERATED)
            .map(|name| format!("{}:", serde_json::Value::from(name.as_str())))
            .collect();
        Ok(Recorder {
            number: store.run_number(&run)?,
            store,
            run,
            keys,
            pending: Block::default(),
            text: String::new(),
            ends: Vec::new(),
        })
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
        self.pending.add(record);
    }

    /// Writes the games kept since the last commit in one transaction.
    pub fn commit(&mut self) -> Result<()> {
        let block = std::mem::take(&mut self.pending);
        self.write(&block)
    }

    /// Writes `block` in one transaction; a game the run holds already is left as it is.
    pub fn write(&mut self, block: &Block) -> Result<()> {
        if block.is_empty() {
            return Ok(());
        }
        self.write_then(block, |_, _| Ok(()))
    }

    /// Writes `block` and then does `then` (given the run's number) in the same transaction:
    /// both are committed, or neither.
    pub(super) fn write_then(
        &mut self,
        block: &Block,
        then: impl FnOnce(&mut dyn Backend, i64) -> Result<()>,
    ) -> Result<()> {
        block.extras_json(&self.keys, &mut self.text, &mut self.ends);
        let games = GameRows {
            run: self.number,
            block,
        };
        let seats = SeatRows {
            run: self.number,
            block,
            text: &self.text,
            ends: &self.ends,
        };
        let number = self.number;
        self.store.transaction(|db| {
            db.insert("game_rows", &GAME_COLUMNS, &games)?;
            db.insert("seat_rows", &SEAT_COLUMNS, &seats)?;
            then(db, number)
        })
    }
}

impl Store {
    /// How many games run `id` holds.
    pub fn game_count(&mut self, id: &str) -> Result<u64> {
        let number = self.run_number(id)?;
        let rows = self.db.query(
            "SELECT COUNT(*) FROM game_rows WHERE run = $1",
            &[number.into()],
        )?;
        Ok(rows[0][0].int("count")? as u64)
    }

    /// The games of run `id` in index order, as the run's records (no log, no think times:
    /// the store keeps what `games.csv` and the fault list say). `extra_columns` are the
    /// run's, as recorded.
    pub fn games(&mut self, id: &str, extra_columns: &[String]) -> Result<Vec<GameRecord>> {
        self.games_from(id, extra_columns, 0, i64::MAX as u64)
    }

    /// At most `most` of run `id`'s games from game `from` on, in index order, as
    /// [`Store::games`] gives them: a long run read a part at a time, so what is held at once
    /// does not grow with the run (the ladder's joint fit of a run of 100,000 games).
    pub fn games_from(
        &mut self,
        id: &str,
        extra_columns: &[String],
        from: u64,
        most: u64,
    ) -> Result<Vec<GameRecord>> {
        let names: Vec<&String> = extra_columns
            .iter()
            .filter(|name| *name != crate::report::games_csv::TOLERATED)
            .collect();
        let games = self.db.query(
            "SELECT game, seed, pairing, rotation, termination, turns, fault_message FROM games \
             WHERE run_id = $1 AND game >= $2 ORDER BY game LIMIT $3",
            &[id.into(), from.into(), most.into()],
        )?;
        let Some(last) = games.last() else {
            return Ok(Vec::new());
        };
        let last = last[0].int("game")?;
        let seats = self.db.query(
            "SELECT game, seat, bot, score, rank, fault, tolerated, extras FROM seats \
             WHERE run_id = $1 AND game >= $2 AND game <= $3 ORDER BY game, seat",
            &[id.into(), from.into(), Value::Int(last)],
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

#[cfg(test)]
mod tests {
    use super::super::{Location, NewRun, Recorder, Store};
    use crate::runner::GameRecord;

    /// A run's games read a part at a time are the games read whole, in order, whatever the
    /// part's size (one that divides the run, one that does not, one past its end).
    #[test]
    fn a_run_read_in_parts_is_the_run_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&Location::Sqlite(dir.path().join("parts.db"))).unwrap();
        let run = NewRun::for_tests(None, 23);
        let id = store.create_run(&run).unwrap();
        let mut recorder = Recorder::new(store, id.clone(), &[]).unwrap();
        for index in 0..23u64 {
            let first = (index % 2) as usize;
            recorder.add(&GameRecord {
                index,
                seed_index: index / 2,
                rotation: first,
                lineup: vec![first, 1 - first],
                scores: vec![index as i32, 3],
                ranks: vec![1 + u8::from(index < 3), 1 + u8::from(index >= 3)],
                ..GameRecord::default()
            });
        }
        recorder.commit().unwrap();
        let mut store = recorder.into_store();
        let whole = store.games(&id, &[]).unwrap();
        assert_eq!(whole.len(), 23);
        for part in [1, 5, 23, 40] {
            let mut read = Vec::new();
            let mut from = 0;
            loop {
                let games = store.games_from(&id, &[], from, part).unwrap();
                assert!(games.len() as u64 <= part);
                let Some(last) = games.last() else { break };
                from = last.index + 1;
                read.extend(games);
            }
            assert_eq!(read, whole, "parts of {part}");
        }
    }
}
