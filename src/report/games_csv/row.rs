//! One row of a `games.csv` as read back by `report`, `resume` and `merge`: every column parsed
//! and checked on its own (whole numbers where the run writes whole numbers, a known
//! termination, fault 0 or 1, the game's own columns numeric), so that a damaged or
//! hand-edited file is refused with `file:line: message` instead of rated. Checks that span the
//! rows of a game are the reader's ([`super::read::stream_games`]).

use super::{BASE_COLUMNS, TOLERATED};
use crate::bot::check_label;
use crate::error::{UsageError, quote};
use crate::outcome::Termination;
use std::path::Path;
use std::str::FromStr;

/// Where each column is in the header.
pub struct Columns {
    game: usize,
    seed: usize,
    pairing: usize,
    rotation: usize,
    seat: usize,
    bot: usize,
    score: usize,
    rank: usize,
    termination: usize,
    turns: usize,
    fault: usize,
    /// `tolerated`, written under `--faults tolerate=N`.
    tolerated: Option<usize>,
    /// The game's own columns (every column after or between the base ones).
    extras: Vec<(usize, String)>,
}

/// A row, each field of the type the run wrote.
pub struct Row<'r> {
    pub game: u64,
    pub seed: u64,
    pub pairing: usize,
    pub rotation: usize,
    pub seat: usize,
    pub bot: &'r str,
    pub score: i32,
    pub rank: u8,
    pub termination: Termination,
    pub turns: u32,
    pub fault: bool,
    /// The faults forgiven to the seat, when the file counts them.
    pub tolerated: Option<u32>,
}

pub fn bad(path: &Path, line: u64, message: impl Into<String>) -> UsageError {
    UsageError::File {
        path: path.to_path_buf(),
        line: usize::try_from(line).unwrap_or(usize::MAX),
        message: message.into(),
    }
}

impl Columns {
    /// Finds every base column in the header line; the others are the game's own.
    pub fn find(header: &csv::ByteRecord, path: &Path) -> Result<Columns, UsageError> {
        let find = |name: &str| {
            header
                .iter()
                .position(|h| h == name.as_bytes())
                .ok_or_else(|| bad(path, 1, format!("missing column '{name}'")))
        };
        let extras = header
            .iter()
            .enumerate()
            .filter(|(_, h)| {
                !BASE_COLUMNS.iter().any(|base| base.as_bytes() == *h) && *h != TOLERATED.as_bytes()
            })
            .map(|(i, h)| (i, String::from_utf8_lossy(h).into_owned()))
            .collect();
        Ok(Columns {
            game: find("game")?,
            seed: find("seed")?,
            pairing: find("pairing")?,
            rotation: find("rotation")?,
            seat: find("seat")?,
            bot: find("bot")?,
            score: find("score")?,
            rank: find("rank")?,
            termination: find("termination")?,
            turns: find("turns")?,
            fault: find("fault")?,
            tolerated: find(TOLERATED).ok(),
            extras,
        })
    }
}

impl<'r> Row<'r> {
    /// Parses line `line` of `path`, appending the game's own columns to `extras`; the first
    /// bad field, in column order, is the error.
    pub fn parse(
        row: &'r csv::ByteRecord,
        columns: &Columns,
        path: &Path,
        line: u64,
        extras: &mut Vec<f64>,
    ) -> Result<Row<'r>, UsageError> {
        let fields = Fields { row, path, line };
        let whole = "a whole number";
        let game = fields.get(columns.game, "game", whole)?;
        let seed = fields.get(columns.seed, "seed", whole)?;
        let pairing = fields.get(columns.pairing, "pairing", whole)?;
        let rotation = fields.get(columns.rotation, "rotation", whole)?;
        let seat = fields.get(columns.seat, "seat", whole)?;
        let bot = std::str::from_utf8(fields.raw(columns.bot))
            .map_err(|_| fields.bad("bot name is not UTF-8"))?;
        // The name becomes a label in every table and a file name of the report pages, as a
        // manifest's name does.
        check_label(bot).map_err(|e| fields.bad(e))?;
        let score = fields.get(columns.score, "score", "an integer")?;
        let rank: u8 = fields.get(columns.rank, "rank", "a rank from 1")?;
        if rank == 0 {
            return Err(fields.bad("column 'rank' is '0', not a rank from 1"));
        }
        let termination = termination(&fields, columns.termination)?;
        let turns = fields.get(columns.turns, "turns", whole)?;
        let fault = fault(&fields, columns.fault, termination)?;
        let tolerated = columns
            .tolerated
            .map(|i| fields.get(i, TOLERATED, whole))
            .transpose()?;
        for (i, name) in &columns.extras {
            let value: f64 = fields.get(*i, name, "a number")?;
            if !value.is_finite() {
                return Err(fields.bad(format!(
                    "column '{name}' is '{}', not a finite number",
                    fields.shown(*i)
                )));
            }
            extras.push(value);
        }
        Ok(Row {
            game,
            seed,
            pairing,
            rotation,
            seat,
            bot,
            score,
            rank,
            termination,
            turns,
            fault,
            tolerated,
        })
    }
}

/// The `termination` column: one of [`Termination::ALL`], by name.
fn termination(fields: &Fields<'_, '_>, column: usize) -> Result<Termination, UsageError> {
    Termination::ALL
        .iter()
        .find(|t| t.as_str().as_bytes() == fields.raw(column))
        .copied()
        .ok_or_else(|| {
            let known: Vec<&str> = Termination::ALL.iter().map(|t| t.as_str()).collect();
            fields.bad(format!(
                "unknown termination '{}' (known: {})",
                fields.shown(column),
                known.join(", ")
            ))
        })
}

/// The `fault` column: 0 or 1, and 1 only in a game a bot forfeited.
fn fault(
    fields: &Fields<'_, '_>,
    column: usize,
    termination: Termination,
) -> Result<bool, UsageError> {
    let fault = match fields.raw(column) {
        b"0" => false,
        b"1" => true,
        _ => {
            return Err(fields.bad(format!(
                "column 'fault' is '{}', not 0 or 1",
                fields.shown(column)
            )));
        }
    };
    if fault && !termination.is_forfeit() {
        return Err(fields.bad(format!(
            "fault 1 in a game ended by '{}' (only illegal, crash and timeout have one)",
            termination.as_str()
        )));
    }
    Ok(fault)
}

/// The fields of one line, for messages that name it.
struct Fields<'r, 'p> {
    row: &'r csv::ByteRecord,
    path: &'p Path,
    line: u64,
}

impl<'r> Fields<'r, '_> {
    fn raw(&self, i: usize) -> &'r [u8] {
        self.row.get(i).unwrap_or(b"")
    }

    fn shown(&self, i: usize) -> String {
        quote(&String::from_utf8_lossy(self.raw(i)))
    }

    fn bad(&self, message: impl Into<String>) -> UsageError {
        bad(self.path, self.line, message)
    }

    /// Column `i` (called `name`) as a `T`, which the message calls `what`. The sign `+`,
    /// which Rust's parsers accept and the run never writes, is refused.
    fn get<T: FromStr>(&self, i: usize, name: &str, what: &str) -> Result<T, UsageError> {
        std::str::from_utf8(self.raw(i))
            .ok()
            .filter(|text| !text.starts_with('+'))
            .and_then(|text| text.parse().ok())
            .ok_or_else(|| {
                self.bad(format!(
                    "column '{name}' is '{}', not {what}",
                    self.shown(i)
                ))
            })
    }
}
