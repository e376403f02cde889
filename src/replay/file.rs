//! `records.jsonl.gz` read back one game at a time without holding the file in memory (the
//! writer is in `writer.rs`); a file cut short is read up to the cut.
//! Always gzip: a line holds hundreds of actions of a few bytes' worth of JSON each, which
//! compresses about tenfold, and one format is simpler to read back than two.

use super::line::{FORMAT, Header, LineIndex};
use flate2::read::MultiGzDecoder;
use std::collections::BTreeSet;
use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind, Read};
use std::path::{Path, PathBuf};

/// The records file's name inside a results folder.
pub const RECORDS_FILE: &str = "records.jsonl.gz";

/// Longest line read back, far above any game's record (a few kilobytes to a few hundred): a
/// damaged or forged file that inflates to one huge line is refused after this much, instead
/// of being held in memory whole.
const MAX_LINE_BYTES: usize = 16 << 20;

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
    #[error("{path} holds no game {game} (it records games {first} to {last}){cut}")]
    NoSuchGame {
        path: PathBuf,
        game: u64,
        first: String,
        last: String,
        /// Empty, or `; ` and why the file ends early (see [`Cut::note`]).
        cut: String,
    },
}

/// Where a records file that is not a whole gzip stream stops: a run killed by `kill -9` or
/// stopped by a full disk leaves it cut short mid-block. Every line before is whole.
#[derive(Debug)]
pub struct Cut {
    /// The game of the last whole line, if any.
    pub last_game: Option<u64>,
    /// What the decompressor said.
    pub source: std::io::Error,
}

impl Cut {
    /// What the cut means for the reader of `dir`'s records, and what mends it.
    pub fn note(&self, dir: &Path) -> String {
        let after = self
            .last_game
            .map_or("before its first game".to_string(), |game| {
                format!("after game {game}")
            });
        format!(
            "{} is cut short {after} ({}): the games after that were not recorded whole (a \
             run killed, or a full disk); `tourney run --resume {}` records them again",
            dir.join(RECORDS_FILE).display(),
            self.source,
            dir.display()
        )
    }
}

/// The header of `dir`'s records, the line of game `game` (still undecoded: its types depend
/// on the game the header names), and where the file ends early if it does: a game recorded
/// whole before the damage is read all the same.
pub fn read_game(dir: &Path, game: u64) -> Result<(Header, String, Option<Cut>), ReadError> {
    let Found {
        header,
        mut lines,
        span,
        cut,
    } = read_games(dir, &BTreeSet::from([game]))?;
    match lines.pop() {
        Some((_, line)) => Ok((header, line, cut)),
        None => {
            let show = |n: Option<u64>| n.map_or("none".to_string(), |n| n.to_string());
            Err(ReadError::NoSuchGame {
                path: dir.join(RECORDS_FILE),
                game,
                first: show(span.first),
                last: show(span.last),
                cut: cut.map_or(String::new(), |cut| format!("; {}", cut.note(dir))),
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
    /// Where the file ends early, when it is cut short or damaged after its header.
    pub cut: Option<Cut>,
}

/// The header and the lines of the `wanted` games that `dir`'s records hold, in one pass over
/// the file; a file cut short or damaged after its header is read up to the damage (see
/// [`Found::cut`]).
pub fn read_games(dir: &Path, wanted: &BTreeSet<u64>) -> Result<Found, ReadError> {
    let (path, file) = open(dir)?;
    read_records(&path, file, wanted)
}

pub(super) fn open(dir: &Path) -> Result<(PathBuf, File), ReadError> {
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
    read_lines(&path, file, wanted, Ending::Growing)
}

/// [`read_games`] on the gzip bytes of `input`, which messages call `path` (the fuzz targets
/// read from memory).
pub fn read_records(
    path: &Path,
    input: impl Read,
    wanted: &BTreeSet<u64>,
) -> Result<Found, ReadError> {
    read_lines(path, input, wanted, Ending::Damaged)
}

/// What a records file left by an earlier start of a run holds, for a resumed run to go on
/// with it (see [`super::RecordsWriter::continue_after`]).
pub struct Recorded {
    /// `None` when the file was cut short before its header was whole: it holds no game.
    pub header: Option<Header>,
    /// The game of each whole line, in order.
    pub games: Vec<u64>,
}

/// The records an earlier start of a run left in `dir`; `None` when there is no such file.
pub fn recorded_games(dir: &Path) -> Result<Option<Recorded>, ReadError> {
    let (path, file) = match open(dir) {
        Ok(opened) => opened,
        Err(ReadError::Open { source, .. }) if source.kind() == ErrorKind::NotFound => {
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    let mut lines = RecordLines::new(&path, file, Ending::Damaged);
    let header = match lines.header() {
        Ok(header) => header,
        // Killed before the compressor wrote its first block.
        Err(ReadError::Damaged { .. } | ReadError::Bad { line: 0, .. }) => {
            return Ok(Some(Recorded {
                header: None,
                games: Vec::new(),
            }));
        }
        Err(e) => return Err(e),
    };
    let mut games = Vec::new();
    while let Some(text) = lines.next_line()? {
        let index: LineIndex = serde_json::from_str(&text)
            .map_err(|e| lines.bad(format!("not a game's record: {e}")))?;
        games.push(index.game);
    }
    Ok(Some(Recorded {
        header: Some(header),
        games,
    }))
}

/// [`read_records`], the stream ending as `ending` allows.
fn read_lines(
    path: &Path,
    input: impl Read,
    wanted: &BTreeSet<u64>,
    ending: Ending,
) -> Result<Found, ReadError> {
    let mut lines = RecordLines::new(path, input, ending);
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
    let cut = lines.cut.take().map(|source| Cut {
        last_game: span.last,
        source,
    });
    Ok(Found {
        header,
        lines: found,
        span,
        cut,
    })
}

/// Every game's undecoded line of `dir`'s records, with the header, handed to `on_line` in
/// file order (for readers that need every game but only a few of its fields); what `on_line`
/// refuses is an error naming the line, and so is a file cut short or damaged.
pub fn each_line(
    dir: &Path,
    on_line: &mut dyn FnMut(&Header, &str) -> Result<(), String>,
) -> Result<(), ReadError> {
    let (path, file) = open(dir)?;
    lines_of(&path, file, on_line)
}

/// [`each_line`] of the gzip bytes of `input`, which messages call `path`.
fn lines_of(
    path: &Path,
    input: impl Read,
    on_line: &mut dyn FnMut(&Header, &str) -> Result<(), String>,
) -> Result<(), ReadError> {
    let mut lines = RecordLines::new(path, input, Ending::Whole);
    let header = lines.header()?;
    while let Some(text) = lines.next_line()? {
        on_line(&header, &text).map_err(|message| lines.bad(message))?;
    }
    Ok(())
}

/// How a records file may end before its gzip stream does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    /// It may not: a file cut short or damaged is an error.
    Whole,
    /// At damage: the lines before it are read, and the damage noted (a file a killed run
    /// left).
    Damaged,
    /// At its last whole line, silently: a file still being written.
    Growing,
}

/// The text lines of a records file, counted so that a message names the line it is about.
pub(super) struct RecordLines<'a, R: Read> {
    path: &'a Path,
    input: BufReader<MultiGzDecoder<R>>,
    /// Lines read so far: the number of the last one.
    read: usize,
    ending: Ending,
    /// [`Ending::Damaged`]: what the decompressor said where the file stopped being readable.
    cut: Option<std::io::Error>,
}

impl<'a, R: Read> RecordLines<'a, R> {
    pub(super) fn new(path: &'a Path, input: R, ending: Ending) -> Self {
        RecordLines {
            path,
            input: BufReader::new(MultiGzDecoder::new(input)),
            read: 0,
            ending,
            cut: None,
        }
    }

    /// The next line (without its `\n` or `\r\n`), `None` at the end of the file (or where it
    /// may end, see [`Ending`]); one longer than [`MAX_LINE_BYTES`] is refused.
    pub(super) fn next_line(&mut self) -> Result<Option<String>, ReadError> {
        let mut bytes = Vec::new();
        let read = (&mut self.input)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut bytes);
        let growing = self.ending == Ending::Growing;
        let read = match read {
            // A file being written ends where its writer is: cut short, or mid-line. A
            // damaged one where the damage is.
            Err(e) if self.ending != Ending::Whole && cut_short(&e) => {
                if self.ending == Ending::Damaged {
                    self.cut = Some(e);
                }
                return Ok(None);
            }
            Ok(_) if growing && bytes.last() != Some(&b'\n') => return Ok(None),
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

    /// The first line, which must be a header of the format this version reads; a file
    /// damaged before it is whole is damaged whatever the [`Ending`].
    pub(super) fn header(&mut self) -> Result<Header, ReadError> {
        let Some(text) = self.next_line()? else {
            return Err(match self.cut.take() {
                Some(source) => self.read_error(source),
                None => self.bad("empty file".into()),
            });
        };
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
    pub(super) fn bad(&self, message: String) -> ReadError {
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
    use flate2::Compression;
    use flate2::write::GzEncoder;
    use std::io::Write;

    /// A records file cut anywhere, as a run's file is while it is written or after a
    /// `kill -9`, reads as the games up to its last whole line, each complete, and never as
    /// damaged past its header; read as a finished file, the cut is noted.
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
            let found = match read_lines(path, &bytes[..cut], &all, Ending::Growing) {
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
            // A file a killed run left reads the same games, and says it ends early.
            let damaged = read_records(path, &bytes[..cut], &all).unwrap();
            assert!(damaged.cut.is_some(), "cut at {cut}: the end is noted");
            assert_eq!(damaged.lines, found.lines, "cut at {cut}");
            assert!(
                matches!(
                    lines_of(path, &bytes[..cut], &mut |_, _| Ok(())),
                    Err(ReadError::Damaged { .. })
                ),
                "a reader of every game is told"
            );
        }
        assert!(
            seen_some,
            "some cut falls after some games and before others"
        );
        let whole = read_lines(path, bytes.as_slice(), &all, Ending::Growing).unwrap();
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
