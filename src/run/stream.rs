//! Stage 4 of `run`: the games played on a pool of workers, in blocks, and each record handed
//! in index order to every consumer: games.csv, the records file, the results store, the
//! tallies, the fault list, the progress bar and an optional observer (`check`'s sequential
//! test).

use super::STOP;
use super::faults::FaultedGames;
use super::live::StagedWatch;
use super::output::Output;
use super::recording::Recording;
use super::threads;
use crate::early_stop::{EarlyStop, Withdrawals};
use crate::format::{Staged, Stages as FormatStages, Watcher};
use crate::game::Game;
use crate::live::Live;
use crate::replay::RecordsWriter;
use crate::report::games_csv::GamesCsv;
use crate::report::progress::Progress;
use crate::report::standings::Crosstable;
use crate::report::terminal;
use crate::run::plan::RunPlan;
use crate::runner::play::Lineup;
use crate::runner::{Flow, GameRecord, RecordSink, Schedule, StreamStatus, run_fixtures};
use crate::scenario::Format;
use crate::score::Scoreboard;
use crate::summary::Tally;
use anyhow::Context;
use std::time::Instant;

/// What the stream did: how many games it played (and whether it was stopped), and in how
/// long.
pub struct Played {
    pub status: StreamStatus,
    pub seconds: f64,
}

impl Played {
    /// A stream that played no game.
    pub fn nothing() -> Played {
        Played {
            status: StreamStatus::default(),
            seconds: 0.0,
        }
    }
}

/// What to play: a schedule, or a knockout or Swiss system drawing its stages as it goes.
pub struct Stages<'a> {
    pub schedule: &'a Schedule,
    pub staged: Option<&'a mut Staged>,
}

/// Plays the games of `output` not yet played, printing the header and a progress bar unless
/// the plan is quiet. The records file is finished and games.csv closed when it returns.
pub fn play<G: Game>(
    game: &G,
    plan: &RunPlan,
    stages: Stages<'_>,
    lineup: &Lineup<'static, G>,
    output: &mut Output,
    observer: Option<&mut dyn RecordSink>,
) -> anyhow::Result<Played> {
    let (games, next) = (output.games.clone(), output.next);
    let schedule = stages.schedule;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads::for_games(plan.threads, games.end - next))
        .build()
        .context("cannot start the worker threads")?;
    if !plan.quiet {
        announce(game, plan, output, schedule, pool.current_num_threads());
    }
    let mut progress = Progress::running(
        games.end - games.start,
        next - games.start,
        plan.shows_progress(),
        plan.progress_every,
    );
    // One set of flags: a withdrawal shares the early stop's when both are on.
    let decided = (output.early_stop.as_ref().map(EarlyStop::decided))
        .or_else(|| output.withdrawals.as_ref().map(Withdrawals::flags));
    let mut sinks = Sinks {
        observer,
        csv: output.csv.as_mut(),
        records: output.records.as_mut(),
        recording: output.recording.as_mut(),
        tally: &mut output.tally,
        faults: &mut output.faults,
        crosstable: &mut output.crosstable,
        score: &mut output.score,
        early_stop: output.early_stop.as_mut(),
        withdrawals: output.withdrawals.as_mut(),
        progress: &mut progress,
        live: output.live.as_ref(),
        first: games.start,
    };
    super::contest::expect_seats(plan, schedule, next..games.end);
    let started = Instant::now();
    let status = match stages.staged {
        Some(tournament) => {
            let watch = output.live.as_ref().map(StagedWatch::new);
            let stages = FormatStages {
                game,
                lineup,
                master_seed: plan.master_seed,
                pool: &pool,
                stop: &STOP,
                watcher: watch.as_ref().map(|watch| Watcher {
                    names: &output.bot_names,
                    watch,
                }),
            };
            tournament.play(&stages, &mut sinks)
        }
        None => run_fixtures(
            game,
            lineup,
            match &decided {
                Some(flags) => schedule.part(next..games.end).skipping(flags),
                None => schedule.part(next..games.end),
            },
            plan.master_seed,
            &pool,
            &STOP,
            &mut sinks,
        ),
    }
    .context("cannot write the results")?;
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_with(&output.score);
    if let Some(records) = output.records.take() {
        records.finish().context("cannot write the records")?;
    }
    // Replay pages of faulted games read games.csv back.
    output.csv = None;
    Ok(Played { status, seconds })
}

/// The header of the run on the terminal, and what kind of run it is: a knockout, a shard, or
/// a resumed one.
fn announce<G: Game>(
    game: &G,
    plan: &RunPlan,
    output: &Output,
    schedule: &Schedule,
    threads: usize,
) {
    let games = &output.games;
    terminal::print_header(
        game.info(),
        &output.bot_names,
        schedule,
        matches!(plan.format, Format::Knockout(_) | Format::Swiss(_)),
        plan.master_seed,
        threads,
    );
    let total = games.end;
    match plan.format {
        Format::Knockout(settings) => {
            eprintln!("knockout: {}; {total} games", settings.describe())
        }
        Format::Swiss(settings) => eprintln!("swiss: {}; {total} games", settings.describe()),
        _ => {}
    }
    if let Some(seeds) = &plan.seeds {
        eprintln!(
            "seeds: {} from a file (sha256 {})",
            seeds.values.len(),
            &seeds.sha256[..12]
        );
    }
    if let Some(shard) = plan.shard {
        eprintln!("shard {shard}: games {}..{}", games.start, games.end);
    }
    if output.next > games.start {
        eprintln!(
            "resuming after {} finished games",
            output.next - games.start
        );
    }
}

/// Hands each record to every consumer, in order; the observer decides whether to go on.
struct Sinks<'a, 'o> {
    observer: Option<&'a mut (dyn RecordSink + 'o)>,
    csv: Option<&'a mut GamesCsv>,
    records: Option<&'a mut RecordsWriter>,
    recording: Option<&'a mut Recording>,
    tally: &'a mut Tally,
    faults: &'a mut FaultedGames,
    crosstable: &'a mut Crosstable,
    score: &'a mut Scoreboard,
    early_stop: Option<&'a mut EarlyStop>,
    withdrawals: Option<&'a mut Withdrawals>,
    progress: &'a mut Progress,
    live: Option<&'a Live>,
    /// The first game of the run's range, where the progress bar starts.
    first: u64,
}
impl RecordSink for Sinks<'_, '_> {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow> {
        if let Some(stop) = self.early_stop.as_ref()
            && stop.drops(record.pairing)
        {
            // Its pairing was decided before it: not a game that counts.
            return Ok(if stop.finished() {
                Flow::Stop
            } else {
                Flow::Continue
            });
        }
        if let Some(withdrawals) = self.withdrawals.as_mut() {
            if withdrawals.drops(record.pairing) {
                // A bot of it was withdrawn before it: not a game that counts.
                return Ok(Flow::Continue);
            }
            withdrawals.follow(record);
        }
        if let Some(csv) = self.csv.as_mut() {
            csv.record(record)?;
        }
        if let Some(records) = self.records.as_mut() {
            records.record(record)?;
        }
        if let Some(recording) = self.recording.as_mut() {
            recording.add(record);
        }
        self.tally.add(record);
        self.faults.add(0, record);
        self.crosstable.add(0, record);
        if let Some(live) = self.live {
            live.add(record);
        }
        let decided = match self.early_stop.as_mut() {
            Some(stop) => stop.follow(self.score, record),
            None => {
                self.score.add(record);
                Flow::Continue
            }
        };
        let observed = match self.observer.as_mut() {
            Some(observer) => observer.record(record)?,
            None => Flow::Continue,
        };
        Ok(match (decided, observed) {
            (Flow::Continue, Flow::Continue) => Flow::Continue,
            _ => Flow::Stop,
        })
    }

    fn block_done(&mut self, games_done: u64) -> std::io::Result<()> {
        if let Some(csv) = self.csv.as_mut() {
            csv.block_done(games_done)?;
        }
        // After games.csv, so the store never holds a game the folder lacks for long.
        if let Some(recording) = self.recording.as_mut() {
            recording.block_done();
        }
        self.progress.update(games_done - self.first, &*self.score);
        if let Some(live) = self.live {
            live.flushed(games_done);
        }
        Ok(())
    }
}
