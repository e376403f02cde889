//! `records.jsonl.gz` written as the run streams, in index order, so the bytes do not depend on
//! the thread count; a resumed run writes the games an earlier start recorded whole again and
//! goes on.

use super::file::{Ending, RECORDS_FILE, ReadError, RecordLines, open};
use super::line::Header;
use crate::runner::GameRecord;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The records a resumed run writes anew before they replace [`RECORDS_FILE`]; left behind
/// only by a kill during the copy, and then written anew by the next resume.
const PART_FILE: &str = "records.jsonl.gz.part";

/// Appends one line per game to `records.jsonl.gz`.
pub struct RecordsWriter {
    path: PathBuf,
    out: GzEncoder<BufWriter<File>>,
}

impl RecordsWriter {
    /// Creates (or replaces) the file in `dir` and writes the header line.
    pub fn create(dir: &Path, header: &Header) -> std::io::Result<RecordsWriter> {
        let path = dir.join(RECORDS_FILE);
        let out = RecordsWriter::start(File::create(&path)?, header)?;
        Ok(RecordsWriter { path, out })
    }

    /// Goes on with the records of `dir` after their first `games` lines (a resumed run's kept
    /// games, which the file holds whole): the header and those lines are written again into
    /// a new file, through the same compressor in the same order as the first time (so the
    /// finished file is the uninterrupted run's, byte for byte), which then replaces the old
    /// one; whatever came after them, a stream cut short included, is dropped. Until the
    /// replacement the old file stays as it was.
    pub fn continue_after(dir: &Path, games: usize) -> Result<RecordsWriter, ReadError> {
        let (path, file) = open(dir)?;
        let mut lines = RecordLines::new(&path, file, Ending::Damaged);
        let header = lines.header()?;
        let part = dir.join(PART_FILE);
        let io = |source| ReadError::Io {
            path: part.clone(),
            source,
        };
        let mut out =
            RecordsWriter::start(File::create(&part).map_err(io)?, &header).map_err(io)?;
        for _ in 0..games {
            let line = lines
                .next_line()?
                .ok_or_else(|| lines.bad(format!("the records end before game line {games}")))?;
            out.write_all(line.as_bytes()).map_err(io)?;
            out.write_all(b"\n").map_err(io)?;
        }
        // Lines still in the compressor are not on disk yet (a flush would change the bytes):
        // a kill from here leaves a shorter file, whose missing games the next resume plays
        // again, as it does those of any records file cut short.
        std::fs::rename(&part, &path).map_err(io)?;
        Ok(RecordsWriter { path, out })
    }

    /// The compressor over `file`, the header line written.
    fn start(file: File, header: &Header) -> std::io::Result<GzEncoder<BufWriter<File>>> {
        let mut out = GzEncoder::new(BufWriter::new(file), Compression::default());
        serde_json::to_writer(&mut out, header)?;
        out.write_all(b"\n")?;
        Ok(out)
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
