//! `tourney run --resume DIR`: picks an interrupted run up from what is on disk. Records stream
//! to `games.csv` in index order and each depends only on its index, so the file of a killed
//! run is the first K games of the finished file plus maybe a torn tail. Resuming keeps the
//! longest prefix of whole games that match the schedule, cuts the rest, feeds the kept games
//! to the tally exactly as the run did, and plays on from game K: the files end up
//! byte-identical to an uninterrupted run's. A recording run keeps only the games its records
//! hold whole too (a killed run's gzip stream ends earlier than its `games.csv`).

use super::faults::FaultedGames;
use crate::early_stop::{EarlyStop, Withdrawals};
use crate::error::UsageError;
use crate::replay::RECORDS_FILE;
use crate::report::games_csv::read::stream_games;
use crate::report::standings::Crosstable;
use crate::results::manifest::Manifest;
use crate::runner::{GameRecord, Schedule};
use crate::score::Scoreboard;
use crate::summary::{FAULT_EXAMPLES, Tally};
use anyhow::Context;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// What a resumed run needs to know about the games already in the folder.
pub struct Folder<'a> {
    pub dir: &'a Path,
    /// The manifest this run would write: the folder's must agree with it.
    pub wanted: &'a Manifest,
    pub schedule: &'a Schedule,
    /// `games.csv`'s header line, as this run writes it.
    pub header: &'a [u8],
    pub bot_names: &'a [String],
    /// Plays one game again. `games.csv` has no fault messages, and the summary quotes the
    /// first few of each bot: those games are replayed for them (and checked against their
    /// rows).
    pub replay: &'a dyn Fn(u64) -> GameRecord,
    /// A recording run: the games `records.jsonl.gz` holds whole, in file order. A row is
    /// kept only while the records hold its game too, so both files go on from one game.
    pub recorded: Option<&'a [u64]>,
    pub quiet: bool,
}

/// What the kept games are fed to, as the run fed them.
pub struct Kept<'a> {
    pub tally: &'a mut Tally,
    pub faults: &'a mut FaultedGames,
    pub crosstable: &'a mut Crosstable,
    pub score: &'a mut Scoreboard,
    pub early_stop: Option<&'a mut EarlyStop>,
    pub withdrawals: Option<&'a mut Withdrawals>,
}

/// Prepares the folder to go on: refuses another configuration's folder, keeps the longest run
/// of whole, expected games at the start of `games.csv` (feeding them to `tally`, `faults`
/// and `crosstable`) and cuts the file after them. Returns the first game still to play, or
/// `None` when the folder holds no run yet (killed before its first file, or new): then the
/// run starts afresh there.
pub fn restore(folder: &Folder<'_>, kept: Kept<'_>) -> anyhow::Result<Option<u64>> {
    let Kept {
        tally,
        faults,
        crosstable,
        score,
        mut early_stop,
        mut withdrawals,
    } = kept;
    let csv_path = folder.dir.join("games.csv");
    if !manifest_agrees(folder, &csv_path)? {
        return Ok(None);
    }
    let Some((mut file, lines_end)) = open_rows(folder, &csv_path)? else {
        return Ok(None);
    };
    let length = file.metadata()?.len();
    file.seek(SeekFrom::Start(0))?;
    let games = folder.wanted.games();
    let mut next = games.start;
    let mut kept_end = folder.header.len() as u64;
    let mut names = folder.bot_names.to_vec();
    let mut rows = 0;
    let stopped = stream_games(
        &csv_path,
        std::io::BufReader::new(&mut file).take(lines_end),
        &mut names,
        &mut |record, end| {
            // A pairing `--sprt-stop` decided, or one of a withdrawn program, wrote no more
            // games.
            while next < games.end && {
                let pairing = folder.schedule.fixture(next).pairing;
                early_stop.as_ref().is_some_and(|stop| stop.drops(pairing))
                    || withdrawals.as_ref().is_some_and(|w| w.drops(pairing))
            } {
                next += 1;
            }
            if next >= games.end || !is_scheduled(folder.schedule, next, record) {
                return Err(UsageError::Invalid(format!(
                    "game {} is not game {next} of this run as expected",
                    record.index
                )));
            }
            if let Some(recorded) = folder.recorded
                && recorded.get(rows) != Some(&record.index)
            {
                return Err(UsageError::Invalid(format!(
                    "game {} is not recorded whole in {RECORDS_FILE}",
                    record.index
                )));
            }
            rows += 1;
            let replayed = with_message(folder, next, record, tally, faults);
            let kept = replayed.as_ref().unwrap_or(record);
            if let Some(withdrawals) = withdrawals.as_mut() {
                withdrawals.follow(kept);
            }
            tally.add(kept);
            faults.add(0, kept);
            crosstable.add(0, kept);
            match early_stop.as_mut() {
                Some(stop) => _ = stop.follow(score, kept),
                None => _ = score.add(kept),
            }
            next += 1;
            kept_end = end;
            Ok(())
        },
    );
    if kept_end < length {
        file.set_len(kept_end)
            .with_context(|| format!("cannot cut {}", csv_path.display()))?;
        if !folder.quiet {
            let reason = stopped.err().map_or(String::new(), |e| format!(" ({e:#})"));
            eprintln!(
                "resume: kept {} whole games of {}; dropped the {} bytes after them{reason}",
                next - games.start,
                csv_path.display(),
                length - kept_end
            );
        }
    }
    file.sync_all()?;
    Ok(Some(next))
}

/// Whether the folder's manifest is of this run: `false` when it has none and no games yet
/// (the run starts afresh), an error when it is another run's or `games.csv` has no manifest.
fn manifest_agrees(folder: &Folder<'_>, csv_path: &Path) -> anyhow::Result<bool> {
    let dir = folder.dir;
    let Some(found) = Manifest::load(dir)? else {
        if csv_path.exists() {
            return Err(UsageError::Invalid(format!(
                "{} has a games.csv but no manifest.json (it was not written by `tourney run` \
                 of this version, or by hand): cannot tell which run it belongs to; resume \
                 refused",
                dir.display()
            ))
            .into());
        }
        return Ok(false);
    };
    if let Some(why) = found.refusal(folder.wanted) {
        return Err(UsageError::Invalid(format!(
            "{} holds another run, so it cannot be resumed with this one: {why}",
            dir.display()
        ))
        .into());
    }
    Ok(true)
}

/// `games.csv` opened to be read and cut, with the end of its last whole line; `None` when
/// there is no file or not even a whole header yet. A header of other columns is refused.
fn open_rows(folder: &Folder<'_>, csv_path: &Path) -> anyhow::Result<Option<(std::fs::File, u64)>> {
    let mut file = match std::fs::File::options()
        .read(true)
        .write(true)
        .open(csv_path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot open {}", csv_path.display())),
    };
    // Everything after the last line break is a row cut short: never read.
    let lines_end = end_of_last_line(&mut file)
        .with_context(|| format!("cannot read {}", csv_path.display()))?;
    let mut start = vec![0u8; folder.header.len().min(lines_end as usize)];
    file.seek(SeekFrom::Start(0))?;
    file.read_exact(&mut start)?;
    if start == folder.header {
        Ok(Some((file, lines_end)))
    } else if folder.header.starts_with(&start) {
        Ok(None)
    } else {
        Err(UsageError::Invalid(format!(
            "{}: the header is not this game's columns, so the file is not this run's: \
             resume refused",
            csv_path.display()
        ))
        .into())
    }
}

/// Whether a row read back is the game the schedule puts at `index`.
fn is_scheduled(schedule: &Schedule, index: u64, record: &GameRecord) -> bool {
    let expected = schedule.fixture(index);
    record.index == expected.index
        && record.seed_index == expected.seed_index
        && record.pairing == expected.pairing
        && record.rotation == expected.rotation
        && record.lineup == expected.lineup
}

/// The game played again when its fault message is wanted (the summary quotes the first few
/// messages of each bot, the report lists more) and it ends as its row says; `None` keeps the
/// row as read.
fn with_message(
    folder: &Folder<'_>,
    index: u64,
    record: &GameRecord,
    tally: &Tally,
    faults: &FaultedGames,
) -> Option<GameRecord> {
    let wants_message = record.culprit.is_some_and(|seat| {
        let bot = record.lineup[seat];
        faults.wants(bot)
            || tally
                .bots
                .get(bot)
                .is_none_or(|tally| tally.fault_examples.len() < FAULT_EXAMPLES)
    });
    if !wants_message {
        return None;
    }
    let replayed = (folder.replay)(index);
    if same_result(&replayed, record) {
        return Some(replayed);
    }
    // The build is the folder's (the manifest says so), so only a bot that is not
    // deterministic (an outside program that timed out) gets here: the games.csv result
    // stands, without its message.
    eprintln!(
        "resume: warning: game {index} ends differently when played again (a bot that is not \
         deterministic?); the summary will lack its fault message"
    );
    None
}

/// The offset just after the last `\n` of the file (0 if it has none).
fn end_of_last_line(file: &mut std::fs::File) -> std::io::Result<u64> {
    const CHUNK: u64 = 1 << 16;
    let mut end = file.metadata()?.len();
    let mut buffer = vec![0u8; CHUNK as usize];
    while end > 0 {
        let start = end.saturating_sub(CHUNK);
        let chunk = &mut buffer[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(chunk)?;
        if let Some(at) = chunk.iter().rposition(|&b| b == b'\n') {
            return Ok(start + at as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

/// Whether a replayed game ended as its `games.csv` rows say (the rows carry no fault message
/// and no extra values, so those are not compared).
fn same_result(replayed: &GameRecord, read: &GameRecord) -> bool {
    replayed.lineup == read.lineup
        && replayed.scores == read.scores
        && replayed.ranks == read.ranks
        && replayed.termination == read.termination
        && replayed.culprit == read.culprit
        && replayed.turns == read.turns
}
