//! `games.csv`: one row per seat per game, streamed as games finish so memory stays flat and an
//! interrupted run keeps every finished game.

pub mod read;
pub mod row;

use crate::runner::{Flow, GameRecord, RecordSink};
use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;

/// The columns every game has, before its own extra columns.
pub const BASE_COLUMNS: [&str; 11] = [
    "game",
    "seed",
    "pairing",
    "rotation",
    "seat",
    "bot",
    "score",
    "rank",
    "termination",
    "turns",
    "fault",
];

/// The column `--faults tolerate=N` adds after the game's own: the faults forgiven to the
/// seat in the game. Absent under `lose`, so such a file is as before the flag existed.
pub const TOLERATED: &str = "tolerated";

/// Writes `games.csv`. `fault` is 1 on the seat that lost by a crash or illegal move.
pub struct GamesCsv {
    writer: csv::Writer<BufWriter<File>>,
    bot_names: Vec<String>,
    row: Vec<String>,
}

impl GamesCsv {
    pub fn create(path: &Path, bot_names: Vec<String>, extra: &[&str]) -> io::Result<GamesCsv> {
        let file = File::create(path).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot create {}: {e}", path.display()))
        })?;
        let mut csv = GamesCsv::over(file, bot_names);
        csv.writer.write_record(header(extra))?;
        Ok(csv)
    }

    /// Goes on writing rows at the end of an existing file (a resumed run), without a header.
    pub fn append(path: &Path, bot_names: Vec<String>) -> io::Result<GamesCsv> {
        let file = File::options().append(true).open(path).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot open {}: {e}", path.display()))
        })?;
        Ok(GamesCsv::over(file, bot_names))
    }

    fn over(file: File, bot_names: Vec<String>) -> GamesCsv {
        GamesCsv {
            writer: csv::Writer::from_writer(BufWriter::with_capacity(1 << 16, file)),
            bot_names,
            row: Vec::new(),
        }
    }
}

/// The header row's fields: the base columns, then the game's extra columns.
fn header<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    BASE_COLUMNS.iter().chain(extra).copied().collect()
}

/// The header row as written, line break included: how a resumed run recognises its file.
pub fn header_line(extra: &[&str]) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(header(extra))
        .expect("writing to memory cannot fail");
    writer.into_inner().expect("writing to memory cannot fail")
}

impl RecordSink for GamesCsv {
    fn record(&mut self, record: &GameRecord) -> io::Result<Flow> {
        for seat in 0..record.seats() {
            self.row.clear();
            self.row.extend([
                record.index.to_string(),
                record.seed_index.to_string(),
                record.pairing.to_string(),
                record.rotation.to_string(),
                seat.to_string(),
                self.bot_names[record.lineup[seat]].clone(),
                record.scores[seat].to_string(),
                record.ranks[seat].to_string(),
                record.termination.as_str().to_string(),
                record.turns.to_string(),
                u8::from(record.culprit == Some(seat)).to_string(),
            ]);
            self.row
                .extend(record.extras_of(seat).iter().map(|v| format_number(*v)));
            if let Some(count) = record.tolerated.get(seat) {
                self.row.push(count.to_string());
            }
            self.writer.write_record(&self.row)?;
        }
        Ok(Flow::Continue)
    }

    fn block_done(&mut self, _games_done: u64) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Integers without a decimal point, other values with Rust's shortest round-trip form, so the
/// file is byte-identical wherever it is written.
fn format_number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}
