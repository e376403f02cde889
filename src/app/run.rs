//! `tourney run`: resolves the plan against the chosen game, plays it, writes the files and
//! prints the tables.

use super::RunPlan;
use super::progress::Progress;
use crate::bot::{BotEntry, BotMaker, Configured};
use crate::error::UsageError;
use crate::external::manifest::manifest_path;
use crate::external::{ExternalMaker, Manifest};
use crate::games::Registered;
use crate::report::{self, games_csv::GamesCsv, terminal};
use crate::runner::play::Lineup;
use crate::runner::{Flow, GameRecord, RecordSink, Schedule, StreamStatus, run_fixtures};
use crate::scenario::Format;
use crate::seed::{self, Stream};
use crate::summary::{Analysis, Summary, Tally};
use anyhow::Context;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A game's entry point, monomorphised per game in the registry. The optional observer sees
/// every record in index order and may stop the run (a sequential test).
/// It hands back the run's summary, which says how many games were played and whether the run
/// was interrupted.
pub type RunFn = fn(&RunPlan, Option<&mut dyn RecordSink>) -> anyhow::Result<Summary>;

/// Set by Ctrl-C; the runner stops between blocks and everything finished is kept.
static STOP: AtomicBool = AtomicBool::new(false);

fn install_ctrl_c() {
    // A second Ctrl-C while the first is being honoured exits at once.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

pub fn execute(plan: &RunPlan) -> anyhow::Result<Summary> {
    if let Some(serve) = &plan.serve {
        let address = crate::serve::tournament::start(
            &serve.host,
            serve.port,
            serve.move_timeout,
            serve.wait,
        )
        .with_context(|| format!("cannot listen on {}:{}", serve.host, serve.port))?;
        let clients: Vec<&str> = plan
            .bots
            .iter()
            .filter_map(|b| b.params.0.get("client").filter(|_| b.bot == "cgs"))
            .map(String::as_str)
            .collect();
        eprintln!(
            "serving contest clients on {address}: waiting for {}",
            clients.join(", ")
        );
    }
    (plan.game.run)(plan, None)
}

/// Plays `plan` for game `G`: the one place where the generic runner meets a concrete game.
pub fn run_game<G: Registered>(
    plan: &RunPlan,
    observer: Option<&mut dyn RecordSink>,
) -> anyhow::Result<Summary> {
    let game: G = crate::games::configure(&plan.config)?;
    let lineup = resolve_bots(&game, plan)?;
    let bot_names = plan.labels();
    let seats = game.info().seats;
    if bot_names.len() < seats && !matches!(plan.format, Format::Field { .. }) {
        return Err(UsageError::Invalid(format!(
            "{seats} players need at least {seats} bots (got {}); list a bot twice to seat it twice",
            bot_names.len()
        ))
        .into());
    }
    let schedule = match plan.format {
        Format::RoundRobin => {
            Schedule::combinations(bot_names.len(), seats, plan.games_per_pairing)
        }
        Format::Field { field } => {
            Schedule::field(field, bot_names.len(), seats, plan.games_per_pairing)
        }
        Format::Gauntlet { candidate } => {
            Schedule::gauntlet(candidate, bot_names.len(), seats, plan.games_per_pairing)
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .context("cannot start the worker threads")?;

    let mut csv = match &plan.out_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create output folder {}", dir.display()))?;
            Some(GamesCsv::create(
                &dir.join("games.csv"),
                bot_names.clone(),
                game.extra_columns(),
            )?)
        }
        None => None,
    };
    let mut tally = Tally::new(bot_names.len());
    let show = !plan.quiet;
    if show {
        terminal::print_header(game.info(), &bot_names, &schedule, plan);
    }
    let mut progress = Progress::new(schedule.total_games(), show);
    let mut sinks = Sinks {
        observer,
        csv: csv.as_mut(),
        tally: &mut tally,
        progress: &mut progress,
    };
    install_ctrl_c();
    let started = Instant::now();
    let status: StreamStatus = run_fixtures(
        &game,
        &lineup,
        &schedule,
        plan.master_seed,
        &pool,
        &STOP,
        &mut sinks,
    )
    .context("cannot write the results")?;
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();

    let options = plan.report.options(&bot_names)?;
    let analysis = Analysis::build(&bot_names, &tally, &options);
    let summary = Summary::build(game.info(), plan, status, analysis);
    let mut written = Vec::new();
    if let Some(dir) = &plan.out_dir {
        let path = dir.join("summary.json");
        let json = serde_json::to_string_pretty(&summary).context("cannot encode summary.json")?;
        std::fs::write(&path, json + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
        written = report::write_all(&summary.analysis, dir, plan.report.plots)?;
    }
    if show {
        terminal::print_analysis(&summary.analysis);
        terminal::print_run_footer(&summary, seconds, plan.out_dir.as_deref(), &written);
    }
    Ok(summary)
}

/// Looks every bot up: a manifest is read and checked (its program is started only when a game
/// needs it, so a program that cannot start loses games instead of stopping the run); a
/// built-in name is found in the game's table and its parameters checked by building it once.
fn resolve_bots<G: Registered>(game: &G, plan: &RunPlan) -> anyhow::Result<Lineup<'static, G>> {
    let table: &'static [BotEntry<G>] = G::bots();
    let mut entries: Vec<Box<dyn BotMaker<G>>> = Vec::new();
    for choice in &plan.bots {
        let (name, params) = (&choice.bot, &choice.params);
        if let Some(path) = manifest_path(name, |n| table.iter().any(|e| e.name == n)) {
            let manifest = Manifest::load(&path)?;
            manifest.check_game(G::NAME)?;
            params
                .expect_none(name)
                .map_err(|message| UsageError::BotParams {
                    bot: name.clone(),
                    message,
                })?;
            let logs = plan.out_dir.as_ref().map(|dir| dir.join("logs"));
            let maker = ExternalMaker::new(manifest, &choice.label, logs.as_deref())
                .context("cannot create the bot log folder")?;
            entries.push(Box::new(maker));
            continue;
        }
        let entry = table
            .iter()
            .find(|entry| entry.name == name)
            .or_else(|| G::contest_client().filter(|entry| entry.name == name))
            .ok_or_else(|| UsageError::UnknownBot {
                name: name.clone(),
                game: G::NAME,
                known: table
                    .iter()
                    .filter(|entry| !entry.hidden)
                    .map(|entry| entry.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        (entry.make)(game, 0, seed::rng(0, 0, Stream::Seat(0)), params).map_err(|message| {
            UsageError::BotParams {
                bot: name.clone(),
                message,
            }
        })?;
        entries.push(Box::new(Configured {
            entry,
            params: params.clone(),
        }));
    }
    Ok(Lineup { entries })
}

/// Hands each record to every consumer, in order; the observer decides whether to go on.
struct Sinks<'a, 'o> {
    observer: Option<&'a mut (dyn RecordSink + 'o)>,
    csv: Option<&'a mut GamesCsv>,
    tally: &'a mut Tally,
    progress: &'a mut Progress,
}

impl RecordSink for Sinks<'_, '_> {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow> {
        if let Some(csv) = self.csv.as_mut() {
            csv.record(record)?;
        }
        self.tally.add(record);
        match self.observer.as_mut() {
            Some(observer) => observer.record(record),
            None => Ok(Flow::Continue),
        }
    }

    fn block_done(&mut self, games_done: u64) -> std::io::Result<()> {
        if let Some(csv) = self.csv.as_mut() {
            csv.block_done(games_done)?;
        }
        self.progress.set(games_done);
        Ok(())
    }
}
