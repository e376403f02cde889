//! A `games.csv` that another process is still writing, read as it grows: each read starts at
//! the byte where the last one stopped and hands over only whole games. A torn last line (no
//! line break yet) and the rows of the last game seen (its other seats may still come) wait
//! for the next read, unless the run is over.

use crate::app::report::stream_games;
use crate::runner::GameRecord;
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;

pub struct GrowingCsv {
    path: PathBuf,
    /// The header line, line break included, once read.
    header: Option<Vec<u8>>,
    /// Where the next read starts: after the header and the games handed over.
    offset: u64,
    /// The bots' names, by the index the records use (the manifest's first, then as found).
    pub bots: Vec<String>,
}

impl GrowingCsv {
    pub fn new(path: PathBuf, bots: Vec<String>) -> GrowingCsv {
        GrowingCsv {
            path,
            header: None,
            offset: 0,
            bots,
        }
    }

    /// Hands every whole game written since the last read to `on_game`; with `last`, the run
    /// is over and the last game is whole too. A file not there yet holds no game.
    pub fn read(&mut self, last: bool, on_game: &mut dyn FnMut(&GameRecord)) -> anyhow::Result<()> {
        let Ok(mut file) = std::fs::File::open(&self.path) else {
            return Ok(());
        };
        file.seek(SeekFrom::Start(self.offset))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        let Some(end) = bytes.iter().rposition(|&b| b == b'\n') else {
            return Ok(());
        };
        let mut whole = &bytes[..=end];
        let header = match &self.header {
            Some(header) => header.clone(),
            None => {
                let line = whole.iter().position(|&b| b == b'\n').map_or(0, |i| i + 1);
                let header = whole[..line].to_vec();
                whole = &whole[line..];
                self.offset += line as u64;
                self.header = Some(header.clone());
                header
            }
        };
        if !last {
            whole = &whole[..start_of_last_game(whole)];
        }
        if whole.is_empty() {
            return Ok(());
        }
        let input = [header.as_slice(), whole].concat();
        stream_games(
            &self.path,
            input.as_slice(),
            &mut self.bots,
            &mut |record, _| {
                on_game(record);
                Ok(())
            },
        )?;
        self.offset += whole.len() as u64;
        Ok(())
    }
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
    use super::start_of_last_game;

    #[test]
    fn the_last_game_starts_after_the_last_row_of_another() {
        let lines = b"0,a\n0,b\n1,a\n1,b\n";
        assert_eq!(start_of_last_game(lines), 8);
        assert_eq!(start_of_last_game(b"5,a\n"), 0);
        assert_eq!(start_of_last_game(b"5,a\n6,a\n"), 4);
    }
}
