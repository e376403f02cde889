//! `tourney run`: resolves the plan against the chosen game, plays it, writes the files and
//! prints the tables.

use super::RunPlan;
use super::faults::{FaultedGames, loss_links};
use super::manifest::{Configuration, Manifest, file_sha256, write_atomically};
use super::progress::Progress;
use super::{folders, resume, threads};
use crate::bot::{BotEntry, BotMaker, Configured};
use crate::error::UsageError;
use crate::external::manifest::manifest_path;
use crate::external::{ExternalMaker, Manifest as BotManifest};
use crate::format::{Stages, Tournament};
use crate::games::Registered;
use crate::replay::{self, Header, RECORDS_FILE, RecordsWriter};
use crate::report::standings::{Crosstable, Standings};
use crate::report::{self, games_csv, games_csv::GamesCsv, terminal};
use crate::runner::play::{Lineup, play_fixture};
use crate::runner::{Flow, GameRecord, RecordSink, Schedule, StreamStatus, run_fixtures};
use crate::scenario::{BotChoice, Format};
use crate::seed::{self, Stream};
use crate::summary::{Analysis, Summary, Tally};
use anyhow::Context;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A game's entry point, monomorphised per game in the registry. The optional observer sees
/// every record in index order and may stop the run (a sequential test).
/// It hands back the run's summary, which says how many games were played and whether the run
/// was interrupted.
pub type RunFn = fn(&RunPlan, Option<&mut dyn RecordSink>) -> anyhow::Result<Summary>;

/// Set by Ctrl-C or SIGTERM; the runner stops between blocks and everything finished is kept.
pub(super) static STOP: AtomicBool = AtomicBool::new(false);

/// Installed before any bot program starts, so no signal can end the harness in a way that
/// leaves one running.
pub(super) fn install_ctrl_c() {
    // A second signal while the first is being honoured exits at once. The exit skips every
    // destructor, so the bots' process groups are killed first (they are not in the
    // harness's group, so the terminal's Ctrl-C never reaches them).
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            crate::external::kill_all();
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
    install_ctrl_c();
    let mut lineup = resolve_bots(&game, plan)?;
    let bot_names = plan.labels();
    let seats = game.info().seats;
    if bot_names.len() < seats && !matches!(plan.format, Format::Field { .. }) {
        return Err(UsageError::Invalid(format!(
            "{seats} players need at least {seats} bots (got {}); list a bot twice to seat it twice",
            bot_names.len()
        ))
        .into());
    }
    let mut knockout = match plan.format {
        Format::Knockout(settings) => {
            settings
                .check(bot_names.len(), seats)
                .map_err(UsageError::Invalid)?;
            let lower_is_better = game.info().lower_score_is_better;
            let games = plan.games_per_pairing;
            Some(Tournament::new(
                settings,
                bot_names.len(),
                games,
                lower_is_better,
            ))
        }
        _ => None,
    };
    let schedule = match plan.format {
        Format::Knockout(_) => knockout.as_ref().expect("set above").first_schedule(),
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
    let total = knockout
        .as_ref()
        .map_or_else(|| schedule.total_games(), Tournament::total_games);
    let games = plan.shard.map_or(0..total, |shard| {
        shard.games(schedule.seeds, schedule.games_per_seed())
    });
    let mut manifest = Manifest::new(
        Configuration::of(plan, game.info(), total),
        plan.shard,
        games.clone(),
    );
    // A run already in the folder is refused, replaced, or continued (see `Existing`).
    let continuing = match plan.out_dir.as_deref() {
        Some(dir) if !plan.resume => folders::claim(dir, Some(&manifest), plan.existing)?,
        _ => plan.resume,
    };

    let mut tally = Tally::new(bot_names.len());
    let mut faults = FaultedGames::default();
    let mut crosstable = Crosstable::default();
    let show = !plan.quiet;
    let mut next = games.start;
    let mut csv = match &plan.out_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create output folder {}", dir.display()))?;
            let path = dir.join("games.csv");
            let header = games_csv::header_line(game.extra_columns());
            let replay =
                |index| play_fixture(&game, &lineup, plan.master_seed, &schedule.fixture(index));
            let folder = resume::Folder {
                dir,
                wanted: &manifest,
                schedule: &schedule,
                header: &header,
                bot_names: &bot_names,
                replay: &replay,
                quiet: plan.quiet,
            };
            let restored = match continuing {
                true => resume::restore(&folder, &mut tally, &mut faults, &mut crosstable)?,
                false => None,
            };
            Some(match restored {
                Some(first) => {
                    next = first;
                    GamesCsv::append(&path, bot_names.clone())?
                }
                None => {
                    manifest.save(dir)?;
                    GamesCsv::create(&path, bot_names.clone(), game.extra_columns())?
                }
            })
        }
        None => None,
    };
    // Recording is refused with --resume and --shard (see `RunPlan`), so it starts a new file.
    let mut records = match (&plan.out_dir, plan.record) {
        (Some(dir), true) => {
            lineup.record = Some(replay::start::<G>);
            let header = record_header(plan, &bot_names);
            let writer = RecordsWriter::create(dir, &header)
                .with_context(|| format!("cannot create {}", dir.join(RECORDS_FILE).display()))?;
            Some(writer)
        }
        _ => None,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads::for_games(plan.threads, games.end - next))
        .build()
        .context("cannot start the worker threads")?;
    if show {
        terminal::print_header(
            game.info(),
            &bot_names,
            &schedule,
            plan.master_seed,
            pool.current_num_threads(),
        );
        if let Format::Knockout(settings) = plan.format {
            eprintln!("knockout: {}; {total} games", settings.describe());
        }
        if let Some(shard) = plan.shard {
            eprintln!("shard {shard}: games {}..{}", games.start, games.end);
        }
        if next > games.start {
            eprintln!("resuming after {} finished games", next - games.start);
        }
    }
    let mut progress = Progress::new(games.end - games.start, show);
    progress.set(next - games.start);
    let mut sinks = Sinks {
        observer,
        csv: csv.as_mut(),
        records: records.as_mut(),
        tally: &mut tally,
        faults: &mut faults,
        crosstable: &mut crosstable,
        progress: &mut progress,
        first: games.start,
    };
    let started = Instant::now();
    let status: StreamStatus = match knockout.as_mut() {
        Some(tournament) => {
            let stages = Stages {
                game: &game,
                lineup: &lineup,
                master_seed: plan.master_seed,
                pool: &pool,
                stop: &STOP,
            };
            tournament.play(&stages, &mut sinks)
        }
        None => run_fixtures(
            &game,
            &lineup,
            schedule.part(next..games.end),
            plan.master_seed,
            &pool,
            &STOP,
            &mut sinks,
        ),
    }
    .context("cannot write the results")?;
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();
    if let Some(records) = records {
        records.finish().context("cannot write the records")?;
    }
    // Replay pages of faulted games read games.csv back.
    drop(csv);
    let complete = next + status.games_played == games.end;

    let options = plan.report.options(&bot_names)?;
    let analysis = Analysis::build(&bot_names, &tally, &options);
    let mut summary = Summary::build(game.info(), plan, status, analysis);
    summary.knockout = knockout.map(|t| t.result(&bot_names));
    let mut written = Vec::new();
    if let Some(dir) = &plan.out_dir {
        if complete {
            let path = dir.join("games.csv");
            // On disk before the manifest vouches for it.
            std::fs::File::open(&path)
                .and_then(|file| file.sync_all())
                .with_context(|| format!("cannot sync {}", path.display()))?;
            manifest.complete = true;
            manifest.games_csv_sha256 = Some(file_sha256(&path)?);
            manifest.save(dir)?;
        }
        // A shard is a part: its summary and reports are those of the merged folder.
        if plan.shard.is_none() {
            let json =
                serde_json::to_string_pretty(&summary).context("cannot encode summary.json")?;
            write_atomically(&dir.join("summary.json"), (json + "\n").as_bytes())?;
            let dirs = std::slice::from_ref(dir);
            let pages = report::Pages {
                faults: &faults.link(dirs, dir, &bot_names),
                standings: &Standings {
                    losses: loss_links(&crosstable, dirs, dir),
                    crosstable,
                },
                knockout: summary.knockout.as_ref(),
            };
            written = report::write_all(&summary.analysis, dir, plan.report.plots, &pages)?;
        }
    }
    if show {
        terminal::print_analysis(&summary.analysis);
        if let Some(k) = &summary.knockout {
            print!("{}", report::bracket::text(k));
        }
        let kept = next - games.start;
        match (plan.shard, &plan.out_dir) {
            (Some(shard), Some(dir)) => println!(
                "shard {shard}: games {}..{} ({kept} kept, {} played in {seconds:.2} s); wrote \
                 {}/games.csv and manifest.json for `tourney merge`",
                games.start,
                games.end,
                status.games_played,
                dir.display()
            ),
            // The footer's games per second would count the kept games too.
            (None, Some(dir)) if kept > 0 => println!(
                "{kept} games kept from the folder, {} played in {seconds:.2} s{}; master seed \
                 {}; wrote {}/games.csv, summary.json and {} report files",
                status.games_played,
                if summary.interrupted {
                    " - interrupted again, finished games kept"
                } else {
                    ""
                },
                summary.master_seed,
                dir.display(),
                written.len()
            ),
            _ => terminal::print_run_footer(&summary, seconds, plan.out_dir.as_deref(), &written),
        }
    }
    Ok(summary)
}

/// Looks every bot up (see [`resolve_bot`]).
fn resolve_bots<G: Registered>(game: &G, plan: &RunPlan) -> anyhow::Result<Lineup<'static, G>> {
    let logs = plan.out_dir.as_ref().map(|dir| dir.join("logs"));
    let entries = plan
        .bots
        .iter()
        .map(|choice| resolve_bot(game, choice, logs.as_deref()))
        .collect::<anyhow::Result<_>>()?;
    Ok(Lineup {
        entries,
        record: None,
    })
}

/// Looks a bot up: a manifest is read and checked, its parameters against its `[params]`, and its
/// program started once and greeted (one that cannot start is refused before the first game; one
/// that fails later loses games); a built-in name is found in the game's table and its
/// parameters checked by building it once. `logs` is where external bots' logs go.
pub(super) fn resolve_bot<G: Registered>(
    game: &G,
    choice: &BotChoice,
    logs: Option<&Path>,
) -> anyhow::Result<Box<dyn BotMaker<G>>> {
    let table: &'static [BotEntry<G>] = G::bots();
    let (name, params) = (&choice.bot, &choice.params);
    let bad_params = |message| UsageError::BotParams {
        bot: name.clone(),
        message,
    };
    if let Some(path) = manifest_path(name, |n| table.iter().any(|e| e.name == n)) {
        let manifest = BotManifest::load(&path)?;
        manifest.check_game(G::NAME)?;
        let values = manifest.param_values(params).map_err(bad_params)?;
        let maker = ExternalMaker::new(manifest, &choice.label, logs, values)
            .context("cannot create the bot log folder")?;
        maker.check_start().map_err(|why| {
            UsageError::Invalid(format!(
                "bot manifest {}: the program does not start: {why}",
                path.display()
            ))
        })?;
        return Ok(Box::new(maker));
    }
    let entry = find_entry(name)?;
    (entry.make)(game, 0, seed::rng(0, 0, Stream::Seat(0)), params).map_err(bad_params)?;
    Ok(Box::new(Configured {
        entry,
        params: params.clone(),
    }))
}

/// The row of the game's bot table (or its contest client) named `name`.
pub(super) fn find_entry<G: Registered>(name: &str) -> Result<&'static BotEntry<G>, UsageError> {
    let table: &'static [BotEntry<G>] = G::bots();
    table
        .iter()
        .find(|entry| entry.name == name)
        .or_else(|| G::contest_client().filter(|entry| entry.name == name))
        .ok_or_else(|| UsageError::UnknownBot {
            name: name.to_string(),
            game: G::NAME,
            known: table
                .iter()
                .filter(|entry| !entry.hidden)
                .map(|entry| entry.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The first line of `records.jsonl.gz`: the configuration as asked for, so a replay
/// configures the same game.
fn record_header(plan: &RunPlan, bot_names: &[String]) -> Header {
    Header {
        format: replay::FORMAT.to_string(),
        tool: format!("tourney {}", env!("CARGO_PKG_VERSION")),
        game: plan.game.name.to_string(),
        rules: plan.config.rules.clone(),
        options: plan.config.options.clone(),
        seats: plan.config.seats,
        master_seed: plan.master_seed,
        bots: bot_names.to_vec(),
    }
}

/// Hands each record to every consumer, in order; the observer decides whether to go on.
struct Sinks<'a, 'o> {
    observer: Option<&'a mut (dyn RecordSink + 'o)>,
    csv: Option<&'a mut GamesCsv>,
    records: Option<&'a mut RecordsWriter>,
    tally: &'a mut Tally,
    faults: &'a mut FaultedGames,
    crosstable: &'a mut Crosstable,
    progress: &'a mut Progress,
    /// The first game of the run's range, where the progress bar starts.
    first: u64,
}

impl RecordSink for Sinks<'_, '_> {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow> {
        if let Some(csv) = self.csv.as_mut() {
            csv.record(record)?;
        }
        if let Some(records) = self.records.as_mut() {
            records.record(record)?;
        }
        self.tally.add(record);
        self.faults.add(0, record);
        self.crosstable.add(0, record);
        match self.observer.as_mut() {
            Some(observer) => observer.record(record),
            None => Ok(Flow::Continue),
        }
    }

    fn block_done(&mut self, games_done: u64) -> std::io::Result<()> {
        if let Some(csv) = self.csv.as_mut() {
            csv.block_done(games_done)?;
        }
        self.progress.set(games_done - self.first);
        Ok(())
    }
}
