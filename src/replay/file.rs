//! `records.jsonl.gz`: written as the run streams (in index order, so the bytes do not depend
//! on the thread count), read back one game at a time without holding the file in memory.
//! Always gzip: a line holds hundreds of actions of a few bytes' worth of JSON each, which
//! compresses about tenfold, and one format is simpler to read back than two.

use super::line::{FORMAT, Header, LineIndex};
use crate::runner::GameRecord;
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use std::collections::BTreeSet;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// The records file's name inside a results folder.
pub const RECORDS_FILE: &str = "records.jsonl.gz";

/// Longest line read back, far above any game's record (a few kilobytes to a few hundred): a
/// damaged or forged file that inflates to one huge line is refused after this much, instead
/// of being held in memory whole.
const MAX_LINE_BYTES: usize = 16 << 20;

/// Appends one line per game to `records.jsonl.gz`.
pub struct RecordsWriter {
    path: PathBuf,
    out: GzEncoder<BufWriter<File>>,
}

impl RecordsWriter {
    /// Creates (or replaces) the file in `dir` and writes the header line.
    pub fn create(dir: &Path, header: &Header) -> std::io::Result<RecordsWriter> {
        let path = dir.join(RECORDS_FILE);
        let file = File::create(&path)?;
        let mut out = GzEncoder::new(BufWriter::new(file), Compression::default());
        serde_json::to_writer(&mut out, header)?;
        out.write_all(b"\n")?;
        Ok(RecordsWriter { path, out })
    }

    /// Writes the game's line; every record of a recording run carries one.
    pub fn record(&mut self, record: &GameRecord) -> std::io::Result<()> {
        let line = record.log.as_deref().ok_or_else(|| {
            std::io::Error::other(format!("game {} was played without a log", record.index))
        })?;
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")
    }

    /// Ends the gzip stream; without it the file is truncated.
    pub fn finish(self) -> std::io::Result<PathBuf> {
        self.out.finish()?.flush()?;
        Ok(self.path)
    }
}

/// Why a game's record could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{path}: {source} (was the run made with --record?)")]
    Open {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Not a whole gzip stream of text lines: corrupt, cut short, or not gzip at all.
    #[error("{path}: damaged or cut short after {line} whole line(s): {source}")]
    Damaged {
        path: PathBuf,
        line: usize,
        source: std::io::Error,
    },
    #[error("{path}, line {line}: {message}")]
    Bad {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{path} holds no game {game} (it records games {first} to {last})")]
    NoSuchGame {
        path: PathBuf,
        game: u64,
        first: String,
        last: String,
    },
}

/// The header of `dir`'s records and the line of game `game`, still undecoded (its types
/// depend on the game the header names).
pub fn read_game(dir: &Path, game: u64) -> Result<(Header, String), ReadError> {
    let Found {
        header,
        mut lines,
        span,
    } = read_games(dir, &BTreeSet::from([game]))?;
    match lines.pop() {
        Some((_, line)) => Ok((header, line)),
        None => {
            let show = |n: Option<u64>| n.map_or("none".to_string(), |n| n.to_string());
            Err(ReadError::NoSuchGame {
                path: dir.join(RECORDS_FILE),
                game,
                first: show(span.first),
                last: show(span.last),
            })
        }
    }
}

/// The first and last game a records file holds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Span {
    pub first: Option<u64>,
    pub last: Option<u64>,
}

/// What [`read_games`] found.
pub struct Found {
    pub header: Header,
    /// (game, undecoded line) of the wanted games present, in file order.
    pub lines: Vec<(u64, String)>,
    /// The games the file holds.
    pub span: Span,
}

/// The header and the lines of the `wanted` games that `dir`'s records hold, in one pass over
/// the file.
pub fn read_games(dir: &Path, wanted: &BTreeSet<u64>) -> Result<Found, ReadError> {
    let (path, file) = open(dir)?;
    read_records(&path, file, wanted)
}

fn open(dir: &Path) -> Result<(PathBuf, File), ReadError> {
    let path = dir.join(RECORDS_FILE);
    match File::open(&path) {
        Ok(file) => Ok((path, file)),
        Err(source) => Err(ReadError::Open { path, source }),
    }
}

/// [`read_games`] on a records file that may still be written (a run playing): the games up
/// to its last whole line, a stream cut short mid-line or mid-block ending there. Complete
/// games only: a line counts once its line break is in.
pub fn read_games_so_far(dir: &Path, wanted: &BTreeSet<u64>) -> Result<Found, ReadError> {
    let (path, file) = open(dir)?;
    read_lines(&path, file, wanted, true)
}

/// [`read_games`] on the gzip bytes of `input`, which messages call `path` (the fuzz targets
/// read from memory).
pub fn read_records(
    path: &Path,
    input: impl Read,
    wanted: &BTreeSet<u64>,
) -> Result<Found, ReadError> {
    read_lines(path, input, wanted, false)
}

/// [`read_records`], the stream possibly `growing` (see [`read_games_so_far`]).
fn read_lines(
    path: &Path,
    input: impl Read,
    wanted: &BTreeSet<u64>,
    growing: bool,
) -> Result<Found, ReadError> {
    let mut lines = RecordLines::new(path, input, growing);
    let header = lines.header()?;
    let mut span = Span::default();
    let mut found = Vec::new();
    while let Some(text) = lines.next_line()? {
        let index: LineIndex = serde_json::from_str(&text)
            .map_err(|e| lines.bad(format!("not a game's record: {e}")))?;
        span.first.get_or_insert(index.game);
        span.last = Some(index.game);
        if wanted.contains(&index.game) {
            found.push((index.game, text));
        }
    }
    Ok(Found {
        header,
        lines: found,
        span,
    })
}

/// Every game's undecoded line of `dir`'s records, with the header, handed to `on_line` in
/// file order (for readers that need every game but only a few of its fields); what `on_line`
/// refuses is an error naming the line.
pub fn each_line(
    dir: &Path,
    on_line: &mut dyn FnMut(&Header, &str) -> Result<(), String>,
) -> Result<(), ReadError> {
    let (path, file) = open(dir)?;
    let mut lines = RecordLines::new(&path, file, false);
    let header = lines.header()?;
    while let Some(text) = lines.next_line()? {
        on_line(&header, &text).map_err(|message| lines.bad(message))?;
    }
    Ok(())
}

/// The text lines of a records file, counted so that a message names the line it is about.
struct RecordLines<'a, R: Read> {
    path: &'a Path,
    input: BufReader<MultiGzDecoder<R>>,
    /// Lines read so far: the number of the last one.
    read: usize,
    /// The file may still be written: it ends at its last whole line.
    growing: bool,
}

impl<'a, R: Read> RecordLines<'a, R> {
    fn new(path: &'a Path, input: R, growing: bool) -> Self {
        RecordLines {
            path,
            input: BufReader::new(MultiGzDecoder::new(input)),
            read: 0,
            growing,
        }
    }

    /// The next line (without its `\n` or `\r\n`), `None` at the end of the file; one longer
    /// than [`MAX_LINE_BYTES`] is refused.
    fn next_line(&mut self) -> Result<Option<String>, ReadError> {
        let mut bytes = Vec::new();
        let read = (&mut self.input)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut bytes);
        let read = match read {
            // A file being written ends where its writer is: cut short, or mid-line.
            Err(e) if self.growing && cut_short(&e) => return Ok(None),
            Ok(_) if self.growing && bytes.last() != Some(&b'\n') => return Ok(None),
            read => read.map_err(|source| self.read_error(source))?,
        };
        if read == 0 {
            return Ok(None);
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        } else if bytes.len() > MAX_LINE_BYTES {
            self.read += 1;
            return Err(self.bad(format!(
                "a line longer than {MAX_LINE_BYTES} bytes, which no game's record is"
            )));
        }
        let line = String::from_utf8(bytes).map_err(|e| {
            self.read_error(std::io::Error::new(ErrorKind::InvalidData, e.utf8_error()))
        })?;
        self.read += 1;
        Ok(Some(line))
    }

    /// A failed read: the file's fault (see [`cut_short`]), and for bytes that are not UTF-8;
    /// else the system's.
    fn read_error(&self, source: std::io::Error) -> ReadError {
        if cut_short(&source) {
            ReadError::Damaged {
                path: self.path.to_path_buf(),
                line: self.read,
                source,
            }
        } else {
            ReadError::Io {
                path: self.path.to_path_buf(),
                source,
            }
        }
    }

    /// The first line, which must be a header of the format this version reads.
    fn header(&mut self) -> Result<Header, ReadError> {
        let text = self
            .next_line()?
            .ok_or_else(|| self.bad("empty file".into()))?;
        let header: Header =
            serde_json::from_str(&text).map_err(|e| self.bad(format!("bad header: {e}")))?;
        if header.format != FORMAT {
            return Err(self.bad(format!(
                "format '{}', this tourney reads '{FORMAT}'",
                header.format
            )));
        }
        Ok(header)
    }

    /// The line read last is not what it should be.
    fn bad(&self, message: String) -> ReadError {
        ReadError::Bad {
            path: self.path.to_path_buf(),
            line: self.read,
            message,
        }
    }
}

/// Whether `e` is what the decoder says of a stream that is not gzip, is corrupt or ends
/// early: the file's fault (or, for a file being written, where it ends for now).
fn cut_short(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        ErrorKind::InvalidInput | ErrorKind::InvalidData | ErrorKind::UnexpectedEof
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A records file cut anywhere, as a run's file is while it is written, reads as the
    /// games up to its last whole line, each complete, and never as damaged past its header.
    #[test]
    fn a_file_being_written_reads_up_to_its_last_whole_line() {
        let header = Header {
            format: FORMAT.to_string(),
            tool: "test".into(),
            game: "a game".into(),
            rules: None,
            options: Default::default(),
            seats: None,
            master_seed: 1,
            bots: vec!["a".into(), "b".into()],
        };
        let mut gzip = GzEncoder::new(Vec::new(), Compression::default());
        serde_json::to_writer(&mut gzip, &header).unwrap();
        gzip.write_all(b"\n").unwrap();
        let line = |game: u64| format!("{{\"game\":{game},\"pad\":\"{}\"}}", game * 7919 % 1000);
        for game in 0..400 {
            gzip.write_all(line(game).as_bytes()).unwrap();
            gzip.write_all(b"\n").unwrap();
        }
        let bytes = gzip.finish().unwrap();
        let path = Path::new("records.jsonl.gz");
        let all: BTreeSet<u64> = (0..400).collect();
        let (mut seen_some, mut header_in) = (false, false);
        for cut in (10..bytes.len()).step_by(97).chain([bytes.len() - 1]) {
            // Before its header is in, the file is refused; never after.
            let found = match read_lines(path, &bytes[..cut], &all, true) {
                Err(e) if !header_in => {
                    assert!(matches!(e, ReadError::Bad { line: 0 | 1, .. }), "{e}");
                    continue;
                }
                found => found.unwrap(),
            };
            header_in = true;
            for (game, text) in &found.lines {
                assert_eq!(*text, line(*game), "cut at {cut}");
            }
            let games: Vec<u64> = found.lines.iter().map(|(g, _)| *g).collect();
            assert_eq!(games, (0..games.len() as u64).collect::<Vec<_>>());
            seen_some |= !games.is_empty() && games.len() < 400;
            assert!(
                read_records(path, &bytes[..cut], &all).is_err(),
                "strict: cut short"
            );
        }
        assert!(
            seen_some,
            "some cut falls after some games and before others"
        );
        let whole = read_lines(path, bytes.as_slice(), &all, true).unwrap();
        assert_eq!(whole.lines.len(), 400);
    }

    #[test]
    fn a_line_longer_than_any_record_is_refused_without_reading_it_whole() {
        let mut gzip = GzEncoder::new(Vec::new(), Compression::fast());
        gzip.write_all(&vec![b'x'; MAX_LINE_BYTES * 2]).unwrap();
        let bytes = gzip.finish().unwrap();
        let path = Path::new("records.jsonl.gz");
        match read_records(path, bytes.as_slice(), &BTreeSet::new()) {
            Err(ReadError::Bad {
                line: 1, message, ..
            }) => {
                assert!(message.contains("longer than"), "{message}")
            }
            Err(other) => panic!("expected an over-long line, got {other}"),
            Ok(_) => panic!("expected an over-long line"),
        }
    }
}
