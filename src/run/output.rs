//! Stage 3 of `run`: the output folder. A new run claims it (a folder holding another run is
//! refused unless `--force`), a resumed one keeps what it finished, a shard writes its part;
//! the manifest is saved before the first game and `records.jsonl.gz` started under
//! `--record`, or continued when an earlier start of the run recorded. Without `--out`,
//! nothing is written and only the tallies are kept.

use super::faults::FaultedGames;
use super::recording::{Recording, Start};
use super::resume;
use crate::early_stop::{EarlyStop, Withdrawals};
use crate::error::UsageError;
use crate::games::{GameConfig, Registered};
use crate::replay::{self, Header, RECORDS_FILE, Recorded, RecordsWriter};
use crate::report::games_csv::{self, GamesCsv};
use crate::report::standings::Crosstable;
use crate::results::folders;
use crate::results::manifest::Manifest;
use crate::run::plan::RunPlan;
use crate::runner::Schedule;
use crate::runner::play::{Lineup, play_fixture};
use crate::score::Scoreboard;
use crate::summary::Tally;
use anyhow::Context;
use std::io::{BufRead, Read};
use std::ops::Range;
use std::path::Path;

/// Where the games of a run go, and what was kept of an earlier start.
pub struct Output {
    /// The games of this run: all of them, or a shard's part.
    pub games: Range<u64>,
    /// The first game still to play (`games.start` unless games were kept).
    pub next: u64,
    pub manifest: Manifest,
    pub csv: Option<GamesCsv>,
    pub records: Option<RecordsWriter>,
    pub tally: Tally,
    pub faults: FaultedGames,
    /// Who beat whom, for the standings page.
    pub crosstable: Crosstable,
    pub bot_names: Vec<String>,
    /// The running score, fed in game-index order.
    pub score: Scoreboard,
    /// `--sprt-stop`: the pairings decided so far.
    pub early_stop: Option<EarlyStop>,
    /// `--disqualify`: the programs withdrawn so far.
    pub withdrawals: Option<Withdrawals>,
    /// A resumed run that `--sprt-stop` had already ended: the manifest's note. Nothing is
    /// played or written.
    pub stopped_before: Option<String>,
    /// `--live`: the page fed each game (see [`crate::live`]).
    pub live: Option<crate::live::Live>,
    /// The run in the results store, unless `--no-db`.
    pub recording: Option<Recording>,
}

impl Output {
    /// Games kept from the folder of an earlier start.
    pub fn kept(&self) -> u64 {
        self.next - self.games.start
    }
}

/// Opens the plan's output for its `total` games: claims, resumes or creates the folder and
/// sets `lineup` to record games when asked to.
pub fn open<G: Registered>(
    game: &G,
    plan: &RunPlan,
    schedule: &Schedule,
    total: u64,
    lineup: &mut Lineup<'static, G>,
) -> anyhow::Result<Output> {
    let games = plan.shard.map_or(0..total, |shard| {
        shard.games(schedule.seeds, schedule.games_per_seed())
    });
    let bot_names = plan.labels();
    let recording = Recording::open(plan)?;
    let mut output = Output {
        next: games.start,
        manifest: Manifest::new(
            plan.configuration(game.info(), total),
            plan.shard,
            games.clone(),
        ),
        games,
        csv: None,
        records: None,
        tally: Tally::new(bot_names.len()),
        faults: FaultedGames::default(),
        crosstable: Crosstable::default(),
        score: Scoreboard::new(bot_names.clone(), plan.sprt_stop, plan.sprt_stop.is_some()),
        early_stop: plan
            .sprt_stop
            .map(|test| EarlyStop::new(test, schedule))
            .transpose()?,
        withdrawals: None,
        stopped_before: None,
        live: None,
        recording,
        bot_names,
    };
    output.withdrawals = plan.disqualify.map(|rate| {
        let shared = output.early_stop.as_ref().map(EarlyStop::decided);
        Withdrawals::new(rate, schedule, output.bot_names.clone(), shared)
    });
    let Some(dir) = plan.out_dir.as_deref() else {
        record(game, plan, &mut output, None);
        return Ok(output);
    };
    // A run already in the folder is refused, replaced, or continued (see `Existing`); the
    // folder exists and is this process's (see `run_game`).
    let continuing = match plan.resume {
        false => folders::claim(dir, Some(&output.manifest), plan.existing)?,
        true => true,
    };
    if continuing && let Some(note) = stopped_before(dir, &output.manifest)? {
        output.next = output.games.end;
        output.stopped_before = Some(note);
        return Ok(output);
    }
    // A run that recorded goes on recording, `--record` or not: records an earlier start left
    // are continued, and a resumed run keeps only the games they hold whole.
    let earlier = match continuing {
        true => earlier_records(plan, dir, &output.bot_names)?,
        false => None,
    };
    if plan.record && continuing && earlier.is_none() && holds_games(dir)? {
        return Err(UsageError::Invalid(format!(
            "--record: {} holds games played without --record, whose records cannot be made \
             now; resume it without --record, or record a new run in another folder",
            dir.display()
        ))
        .into());
    }
    let recorded = earlier.as_ref().map(|earlier| earlier.games.as_slice());
    let restored = match continuing {
        true => restore(game, plan, schedule, lineup, dir, recorded, &mut output)?,
        false => None,
    };
    let path = dir.join("games.csv");
    record(game, plan, &mut output, restored);
    output.csv = Some(match restored {
        Some(first) => {
            output.next = first;
            GamesCsv::append(&path, output.bot_names.clone())?
        }
        None => {
            output.manifest.save(dir)?;
            GamesCsv::create(&path, output.bot_names.clone(), &columns(game, plan))?
        }
    });
    // Recording is refused with --shard (see `RunPlan`).
    if plan.record || earlier.is_some() {
        lineup.record = Some(replay::start::<G>);
        let writer = match (&earlier, restored) {
            (Some(earlier), Some(first)) if earlier.header.is_some() => {
                // The kept games are the first the records hold, and end before `first`.
                let kept = earlier.games.partition_point(|&game| game < first);
                RecordsWriter::continue_after(dir, kept).map_err(records_refused)?
            }
            _ => RecordsWriter::create(dir, &record_header(plan, &output.bot_names))
                .with_context(|| format!("cannot create {}", dir.join(RECORDS_FILE).display()))?,
        };
        output.records = Some(writer);
    }
    Ok(output)
}

/// Starts the run in the results store; `kept_until` is the first game to play when the
/// folder kept games.
fn record<G: Registered>(game: &G, plan: &RunPlan, output: &mut Output, kept_until: Option<u64>) {
    if let Some(recording) = output.recording.as_mut() {
        recording.begin(&Start {
            plan,
            manifest: &output.manifest,
            extra_columns: columns(game, plan).iter().map(|c| c.to_string()).collect(),
            bot_names: &output.bot_names,
            kept_until,
        });
    }
}

/// The records an earlier start of this run left in `dir` (see [`replay::recorded_games`]):
/// `None` when there are none; refused when they are another run's or hold a line that is
/// not a record.
fn earlier_records(
    plan: &RunPlan,
    dir: &Path,
    bot_names: &[String],
) -> anyhow::Result<Option<Recorded>> {
    let earlier = replay::recorded_games(dir).map_err(records_refused)?;
    if let Some(header) = earlier.as_ref().and_then(|earlier| earlier.header.as_ref())
        && (header.game != plan.game.name
            || header.master_seed != plan.master_seed
            || header.bots != bot_names)
    {
        return Err(UsageError::Invalid(format!(
            "{} is not this run's: it records {} with master seed {} and bots {}; move it \
             away to resume without records",
            dir.join(RECORDS_FILE).display(),
            header.game,
            header.master_seed,
            header.bots.join(",")
        ))
        .into());
    }
    Ok(earlier)
}

/// A records file a resumed run cannot go on with: a failing disk is the harness's, a line
/// that is not a record bad input.
fn records_refused(e: replay::ReadError) -> anyhow::Error {
    match e {
        replay::ReadError::Io { .. } => e.into(),
        e => UsageError::Invalid(format!(
            "{e}; the records cannot be continued: move the file away to resume without them"
        ))
        .into(),
    }
}

/// Whether `games.csv` in `dir` holds anything after its header line.
fn holds_games(dir: &Path) -> anyhow::Result<bool> {
    let path = dir.join("games.csv");
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e).with_context(|| format!("cannot open {}", path.display())),
    };
    let length = file.metadata()?.len();
    let mut header = Vec::new();
    std::io::BufReader::new(file)
        .take(1 << 16)
        .read_until(b'\n', &mut header)
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(length > header.len() as u64)
}

/// Keeps the games an earlier start of this run finished in `dir` (see [`resume::restore`]),
/// replaying the faulted ones whose messages are wanted; returns the first game to play, or
/// `None` when the folder holds no run yet.
fn restore<G: Registered>(
    game: &G,
    plan: &RunPlan,
    schedule: &Schedule,
    lineup: &Lineup<'static, G>,
    dir: &Path,
    recorded: Option<&[u64]>,
    output: &mut Output,
) -> anyhow::Result<Option<u64>> {
    let header = games_csv::header_line(&columns(game, plan));
    let replay = |index| play_fixture(game, lineup, plan.master_seed, &schedule.fixture(index));
    let folder = resume::Folder {
        dir,
        wanted: &output.manifest,
        schedule,
        header: &header,
        bot_names: &output.bot_names,
        replay: &replay,
        recorded,
        quiet: plan.quiet,
    };
    resume::restore(
        &folder,
        resume::Kept {
            tally: &mut output.tally,
            faults: &mut output.faults,
            crosstable: &mut output.crosstable,
            score: &mut output.score,
            early_stop: output.early_stop.as_mut(),
            withdrawals: output.withdrawals.as_mut(),
        },
    )
}

/// The note of the folder's manifest when `--sprt-stop` ended its run (and it is this run).
fn stopped_before(dir: &Path, wanted: &Manifest) -> anyhow::Result<Option<String>> {
    Ok(Manifest::load(dir)?
        .filter(|found| found.refusal(wanted).is_none())
        .and_then(|found| found.stopped))
}

/// The first line of `records.jsonl.gz`: the configuration as asked for, so a replay
/// configures the same game.
pub(super) fn record_header(plan: &RunPlan, bot_names: &[String]) -> Header {
    records_header(plan.game.name, &plan.config, plan.master_seed, bot_names)
}

/// The records' header of a game `name` played as `config` from `master_seed` by `bots`: a
/// run's, and each deal's of a ladder.
pub(crate) fn records_header(
    name: &str,
    config: &GameConfig,
    master_seed: u64,
    bots: &[String],
) -> Header {
    Header {
        format: replay::FORMAT.to_string(),
        tool: format!("tourney {}", env!("CARGO_PKG_VERSION")),
        game: name.to_string(),
        rules: config.rules.clone(),
        options: config.options.clone(),
        seats: config.seats,
        master_seed,
        bots: bots.to_vec(),
    }
}

/// The columns of games.csv after the base ones: the game's own, then `tolerated` when the
/// run forgives faults.
fn columns<G: Registered>(game: &G, plan: &RunPlan) -> Vec<&'static str> {
    let tolerated = plan.faults.counts().then_some(games_csv::TOLERATED);
    game.extra_columns()
        .iter()
        .copied()
        .chain(tolerated)
        .collect()
}
