//! Reading a `games.csv` back, for `report`, `resume`, `merge`, `watch` and the records'
//! checks: the file streamed a game at a time (its consecutive rows with one `game` index), each
//! row checked on its own ([`super::row`]) and each game as a whole, so that a damaged or
//! hand-edited file is refused with `file:line: message` instead of rated.

use super::row::{Columns, Row, bad};
use crate::error::UsageError;
use crate::input::{self, LinesAtMost};
use crate::runner::GameRecord;
use std::io::BufRead;
use std::path::Path;

/// Hands the games of a `games.csv` read from `input` to `on_game`, one game (its consecutive
/// rows with one `game` index) at a time, with the byte offset where its rows end; stops at
/// the first error, `on_game`'s included. Every field is checked ([`Row::parse`]), and so is
/// each game as a whole: its rows agree on everything but the seat's own columns, seats come in
/// order, ranks are within the seats, at most one seat has a fault, every game has as many
/// seats as the first, and game indices increase. Bots are indices into `bots`, which new names
/// are appended to; the game's own columns are the record's extras. Returns the number of
/// games.
pub fn stream_games(
    path: &Path,
    input: impl std::io::Read,
    bots: &mut Vec<String>,
    on_game: &mut dyn FnMut(&GameRecord, u64) -> Result<(), UsageError>,
) -> anyhow::Result<u64> {
    let mut input = std::io::BufReader::new(LinesAtMost::new(input, input::CSV_LINE));
    let start = input
        .fill_buf()
        .map_err(|e| bad(path, 1, format!("cannot read the header: {e}")))?;
    check_encoding(start).map_err(|why| bad(path, 1, why))?;
    // A byte-order mark an editor added is passed over; the ends of games stay offsets into
    // the file.
    let skipped = match start.starts_with(input::BYTE_ORDER_MARK) {
        true => input::BYTE_ORDER_MARK.len() as u64,
        false => 0,
    };
    input.consume(skipped as usize);
    let mut reader = csv::ReaderBuilder::new()
        .buffer_capacity(1 << 20)
        .from_reader(input);
    let header = reader
        .byte_headers()
        .map_err(|e| bad(path, 1, format!("cannot read the header: {e}")))?
        .clone();
    let columns = Columns::find(&header, path)?;
    let mut game = Game {
        record: GameRecord::default(),
        lines: Vec::new(),
        seats: None,
        previous: None,
    };
    let mut open = false;
    let mut row = csv::ByteRecord::new();
    let mut extras = Vec::new();
    let mut games = 0u64;
    loop {
        let more = reader.read_byte_record(&mut row).map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            bad(path, line, format!("malformed CSV: {e}"))
        })?;
        if !more {
            break;
        }
        let line = row.position().map_or(0, |p| p.line());
        extras.clear();
        let parsed = Row::parse(&row, &columns, path, line, &mut extras)?;
        if open && parsed.game != game.record.index {
            let end = skipped + row.position().map_or(0, |p| p.byte());
            game.finish(path, end, on_game)?;
            games += 1;
            open = false;
        }
        if !open {
            game.open(&parsed, path, line)?;
            open = true;
        }
        game.add(&parsed, bots, path, line)?;
        game.record.extras.extend_from_slice(&extras);
    }
    if open {
        game.finish(path, skipped + reader.position().byte(), on_game)?;
        games += 1;
    }
    Ok(games)
}

/// Refuses a file that does not start as UTF-8 text (the start of the file is given): a
/// spreadsheet saved as UTF-16 would otherwise be refused for a missing column, which hides
/// the cause. (A UTF-8 byte-order mark is passed over.)
fn check_encoding(start: &[u8]) -> Result<(), String> {
    let resave = "save it as UTF-8";
    if start.starts_with(&[0xFF, 0xFE]) || start.starts_with(&[0xFE, 0xFF]) {
        Err(format!(
            "the file is UTF-16 (it starts with a byte-order mark); {resave}"
        ))
    } else if start.iter().take(64).any(|&b| b == 0) {
        Err(format!("the file holds NUL bytes: is it UTF-16? {resave}"))
    } else {
        Ok(())
    }
}

/// The game being read, and what the games before it settled.
struct Game {
    record: GameRecord,
    /// The line of each of its rows.
    lines: Vec<u64>,
    /// Seats of every game, from the first.
    seats: Option<usize>,
    /// The index of the game before.
    previous: Option<u64>,
}

impl Game {
    /// Starts a game at its first row.
    fn open(&mut self, row: &Row<'_>, path: &Path, line: u64) -> Result<(), UsageError> {
        if let Some(previous) = self.previous.filter(|&p| row.game <= p) {
            return Err(bad(
                path,
                line,
                format!(
                    "game {} after game {previous}: each game must come once, in increasing order",
                    row.game
                ),
            ));
        }
        let record = &mut self.record;
        record.index = row.game;
        record.seed_index = row.seed;
        record.pairing = row.pairing;
        record.rotation = row.rotation;
        record.termination = row.termination;
        record.turns = row.turns;
        record.lineup.clear();
        record.scores.clear();
        record.ranks.clear();
        record.culprit = None;
        record.tolerated.clear();
        record.extras.clear();
        self.lines.clear();
        Ok(())
    }

    /// Adds a seat's row, checking that it belongs to the game.
    fn add(
        &mut self,
        row: &Row<'_>,
        bots: &mut Vec<String>,
        path: &Path,
        line: u64,
    ) -> Result<(), UsageError> {
        self.check_same_game(row, path, line)?;
        let record = &mut self.record;
        let game = record.index;
        if row.seat != record.lineup.len() {
            return Err(bad(
                path,
                line,
                format!(
                    "seat {} of game {game} out of order (expected seat {})",
                    row.seat,
                    record.lineup.len()
                ),
            ));
        }
        if row.fault {
            if let Some(other) = record.culprit {
                return Err(bad(
                    path,
                    line,
                    format!("game {game} has fault 1 on seats {other} and {}", row.seat),
                ));
            }
            record.culprit = Some(row.seat);
        }
        let bot = match bots.iter().position(|b| b == row.bot) {
            Some(b) => b,
            None => {
                bots.push(row.bot.to_string());
                bots.len() - 1
            }
        };
        record.lineup.push(bot);
        record.scores.push(row.score);
        record.ranks.push(row.rank);
        record.tolerated.extend(row.tolerated);
        self.lines.push(line);
        Ok(())
    }

    /// Checks that a seat's row says what the game's first row said of the whole game.
    fn check_same_game(&self, row: &Row<'_>, path: &Path, line: u64) -> Result<(), UsageError> {
        let record = &self.record;
        let game = record.index;
        let agree = |name: &str, mine: String, first: String| match mine == first {
            true => Ok(()),
            false => Err(bad(
                path,
                line,
                format!(
                    "column '{name}' of game {game} is '{mine}' here, '{first}' on its first row"
                ),
            )),
        };
        agree("seed", row.seed.to_string(), record.seed_index.to_string())?;
        agree(
            "pairing",
            row.pairing.to_string(),
            record.pairing.to_string(),
        )?;
        agree(
            "rotation",
            row.rotation.to_string(),
            record.rotation.to_string(),
        )?;
        agree(
            "termination",
            row.termination.as_str().to_string(),
            record.termination.as_str().to_string(),
        )?;
        agree("turns", row.turns.to_string(), record.turns.to_string())?;
        Ok(())
    }

    /// Checks the whole game and hands it on.
    fn finish(
        &mut self,
        path: &Path,
        end: u64,
        on_game: &mut dyn FnMut(&GameRecord, u64) -> Result<(), UsageError>,
    ) -> Result<(), UsageError> {
        let record = &self.record;
        let (game, seats) = (record.index, record.lineup.len());
        let first_line = self.lines.first().copied().unwrap_or(0);
        let wrong = |message: String| Err(bad(path, first_line, message));
        if seats < 2 {
            return wrong(format!("game {game} has only one seat"));
        }
        if let Some(expected) = self.seats.filter(|&s| s != seats) {
            return wrong(format!(
                "game {game} has {seats} seats, the games before it {expected}"
            ));
        }
        if let Some(seat) = record.ranks.iter().position(|&r| usize::from(r) > seats) {
            return Err(bad(
                path,
                self.lines[seat],
                format!(
                    "rank {} of game {game} is above its {seats} seats",
                    record.ranks[seat]
                ),
            ));
        }
        if record.termination.is_forfeit() && record.culprit.is_none() {
            return wrong(format!(
                "game {game} ended by '{}' but no seat has fault 1",
                record.termination.as_str()
            ));
        }
        self.seats = Some(seats);
        self.previous = Some(game);
        on_game(record, end)
    }
}
