//! A `games.csv` that another process is still writing, read as it grows: each read starts at
//! the byte where the last one stopped and takes in at most [`INCREMENT`] bytes at a time, so a
//! file that grew by a gigabyte between two looks (or a finished run watched from its start) is
//! handed over piece by piece, never held whole. Only whole games are handed over: a torn last
//! line (no line break yet) and the rows of the last game seen (its other seats may still come)
//! are held for the next read, unless the run is over; a torn line longer than a games.csv line
//! may be, or held rows past [`HELD`], are refused instead of gathered without end.

use crate::input::{self, CSV_LINE};
use crate::report::games_csv::read::stream_games;
use crate::report::games_csv::row::bad;
use crate::runner::GameRecord;
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;

/// The most bytes one step of a read takes in from the file.
const INCREMENT: u64 = 4 << 20;

/// The most bytes held between steps (the last game's rows and a torn line): a game has a row
/// per seat, a few hundred bytes each, so this is only reached by a file that is not a run's.
const HELD: u64 = 64 << 20;

pub struct GrowingCsv {
    path: PathBuf,
    /// The header line, line break included, once read.
    header: Option<Vec<u8>>,
    /// Where the next read starts: the end of what was read so far.
    offset: u64,
    /// Bytes read but not yet handed over: the last game's rows and a torn last line.
    held: Vec<u8>,
    /// Lines handed over (the header's included), for the line number of a refusal.
    lines: u64,
    /// [`INCREMENT`], smaller in the tests.
    increment: u64,
    /// The bots' names, by the index the records use (the manifest's first, then as found).
    pub bots: Vec<String>,
}

impl GrowingCsv {
    pub fn new(path: PathBuf, bots: Vec<String>) -> GrowingCsv {
        GrowingCsv {
            path,
            header: None,
            offset: 0,
            held: Vec::new(),
            lines: 0,
            increment: INCREMENT,
            bots,
        }
    }

    /// Hands every whole game written since the last read to `on_game`, [`INCREMENT`] bytes
    /// at a time; with `last`, the run is over and the last game is whole too once the end of
    /// the file is reached. A file not there yet holds no game.
    pub fn read(&mut self, last: bool, on_game: &mut dyn FnMut(&GameRecord)) -> anyhow::Result<()> {
        let Ok(mut file) = std::fs::File::open(&self.path) else {
            return Ok(());
        };
        loop {
            file.seek(SeekFrom::Start(self.offset))?;
            let before = self.held.len();
            (&mut file)
                .take(self.increment)
                .read_to_end(&mut self.held)?;
            let got = (self.held.len() - before) as u64;
            self.offset += got;
            let at_end = got < self.increment;
            self.hand_over(last && at_end, on_game)?;
            if at_end {
                return Ok(());
            }
        }
    }

    /// Hands over the whole games held (with `all`, the last one too) and keeps the rest.
    fn hand_over(&mut self, all: bool, on_game: &mut dyn FnMut(&GameRecord)) -> anyhow::Result<()> {
        let lines_end = self
            .held
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let torn = (self.held.len() - lines_end) as u64;
        if torn > CSV_LINE.bytes {
            let line = self.line_of(lines_end);
            let why = format!(
                "a line longer than {} bytes, the most a games.csv line may hold, and no line \
                 break yet: is it a run's games.csv?",
                input::grouped(CSV_LINE.bytes)
            );
            return Err(bad(&self.path, line, why).into());
        }
        let header = match &self.header {
            Some(header) => header.clone(),
            None if lines_end == 0 => return Ok(()),
            None => {
                let line = self
                    .held
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let header: Vec<u8> = self.held.drain(..line).collect();
                self.lines += 1;
                self.header = Some(header.clone());
                header
            }
        };
        let lines_end = self
            .held
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let whole = match all {
            true => lines_end,
            false => start_of_last_game(&self.held[..lines_end]),
        };
        if whole > 0 {
            let input = [header.as_slice(), &self.held[..whole]].concat();
            stream_games(
                &self.path,
                input.as_slice(),
                &mut self.bots,
                &mut |record, _| {
                    on_game(record);
                    Ok(())
                },
            )?;
            self.lines += newlines(&self.held[..whole]);
            self.held.drain(..whole);
        }
        if self.held.len() as u64 > HELD {
            let line = self.line_of(0);
            let why = format!(
                "the rows of one game take more than {} bytes from here on: is it a run's \
                 games.csv?",
                input::grouped(HELD)
            );
            return Err(bad(&self.path, line, why).into());
        }
        Ok(())
    }

    /// The line number in the file of the held byte at `at`.
    fn line_of(&self, at: usize) -> u64 {
        self.lines + newlines(&self.held[..at]) + 1
    }
}

fn newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
}

/// Where the rows of the last game of `lines` (whole lines) start: the line after the last
/// one of another game. The game index is the first column.
fn start_of_last_game(lines: &[u8]) -> usize {
    let game_of = |line: &[u8]| line.split(|&b| b == b',').next().map(<[u8]>::to_vec);
    let mut starts: Vec<usize> = vec![0];
    starts.extend(
        lines
            .iter()
            .enumerate()
            .filter(|(i, b)| **b == b'\n' && i + 1 < lines.len())
            .map(|(i, _)| i + 1),
    );
    let line_at = |k: usize| {
        let start = starts[k];
        let end = starts.get(k + 1).copied().unwrap_or(lines.len());
        &lines[start..end]
    };
    let last = starts.len() - 1;
    let game = game_of(line_at(last));
    let mut first = last;
    while first > 0 && game_of(line_at(first - 1)) == game {
        first -= 1;
    }
    starts[first]
}

#[cfg(test)]
mod tests {
    use super::{GrowingCsv, start_of_last_game};
    use std::io::Write;

    const CSV: &str = "game,seed,pairing,rotation,seat,bot,score,rank,termination,turns,fault\n\
        0,0,0,0,0,random,78,1,normal,71,0\n0,0,0,0,1,greedy,15,2,normal,71,0\n\
        1,0,0,1,0,greedy,70,1,normal,84,0\n1,0,0,1,1,random,54,2,normal,84,0\n\
        2,1,0,0,0,random,62,2,normal,77,0\n2,1,0,0,1,greedy,68,1,normal,77,0\n";

    /// The games handed over by reads of `csv` in steps of `increment` bytes, the file grown
    /// to `cuts` in turn and the run over at the last.
    fn games_read(cuts: &[usize], increment: u64) -> Vec<(u64, Vec<i32>)> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.csv");
        let mut csv = GrowingCsv::new(path.clone(), Vec::new());
        csv.increment = increment;
        let mut games = Vec::new();
        let mut written = 0;
        for (i, &cut) in cuts.iter().enumerate() {
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .unwrap();
            file.write_all(&CSV.as_bytes()[written..cut]).unwrap();
            written = cut;
            let last = i + 1 == cuts.len();
            csv.read(last, &mut |record| {
                games.push((record.index, record.scores.clone()))
            })
            .unwrap();
            // Never more held than the last game's rows, a torn line and one step.
            assert!(
                csv.held.len() as u64 <= 3 * 40 + increment,
                "{}",
                csv.held.len()
            );
        }
        games
    }

    #[test]
    fn steps_of_any_size_hand_over_the_same_whole_games_once() {
        let whole = games_read(&[CSV.len()], 1 << 20);
        assert_eq!(whole.len(), 3);
        assert_eq!(whole[0], (0, vec![78, 15]));
        let (a, b) = (CSV.len() / 3, 2 * CSV.len() / 3 + 5);
        for increment in [1, 7, 36, 100] {
            assert_eq!(games_read(&[CSV.len()], increment), whole, "{increment}");
            assert_eq!(
                games_read(&[a, b, CSV.len()], increment),
                whole,
                "{increment}"
            );
        }
    }

    /// A line that never ends is refused once it is longer than a games.csv line may be,
    /// read in steps rather than gathered whole; the message names the bound and the line.
    #[test]
    fn an_endless_line_is_refused_at_its_bound() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.csv");
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(&CSV.as_bytes()[..CSV.find('\n').unwrap() + 1])
            .unwrap();
        let endless = vec![b'7'; (super::CSV_LINE.bytes + 1) as usize];
        file.write_all(&endless).unwrap();
        let mut csv = GrowingCsv::new(path, Vec::new());
        let err = csv.read(false, &mut |_| ()).unwrap_err().to_string();
        assert!(err.contains("games.csv:2: a line longer"), "{err}");
        assert!(err.contains("longer than 16,777,216 bytes"), "{err}");
        assert!(csv.held.len() as u64 <= super::CSV_LINE.bytes + super::INCREMENT);
    }

    #[test]
    fn the_last_game_starts_after_the_last_row_of_another() {
        let lines = b"0,a\n0,b\n1,a\n1,b\n";
        assert_eq!(start_of_last_game(lines), 8);
        assert_eq!(start_of_last_game(b"5,a\n"), 0);
        assert_eq!(start_of_last_game(b"5,a\n6,a\n"), 4);
    }
}
