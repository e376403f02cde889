//! A run of games, below the command line: its plan (`plan`: the games, the bots, the seeds,
//! the outputs, the results store, the report's settings), made by `crate::app` from a command
//! line or by `configuration` from a results folder's manifest, and `tourney run` as a pipeline
//! of named stages that plays it, one file each:
//! 1. [`lineup`]: every bot looked up and checked, and who meets whom;
//! 2. [`output`]: the output folder, new, resumed ([`resume`]) or a shard, with its manifest and
//!    records;
//! 3. [`stream`]: the games played in parallel, each record handed to every consumer in order;
//! 4. [`finish`]: the manifest completed, `summary.json` and the report files written, and the
//!    tables printed; the run's status recorded in the results store ([`recording`]).
//!
//! `check` and `merge` run plans through the edge's registry, which picks the game's
//! [`run_game`]; `tune` and `serve` build their lineups with `crate::roster` and share the
//! Ctrl-C handling. [`report_folders`] makes a run's report again from its folders
//! (`tourney report`), with the think times its records kept (`recorded_thinks`). [`import`]
//! brings results folders into the results store and [`export`] writes a stored run's folder
//! back (`tourney db`).

pub mod binary;
mod configuration;
pub mod contest;
pub mod export;
pub mod faults;
mod finish;
pub mod import;
mod lineup;
pub mod live;
pub mod output;
pub mod plan;
mod recorded_thinks;
pub mod recording;
pub mod replay;
pub mod report_folders;
pub mod report_settings;
mod resume;
pub mod seeds;
pub mod store_plan;
mod stream;
pub mod threads;
pub mod versions;

use crate::format::Staged;
use crate::roster::Contest;
use crate::runner::RecordSink;
use crate::store::RunStatus;
use crate::summary::Summary;
use plan::RunPlan;
use replay::replay_of;
use std::sync::atomic::{AtomicBool, Ordering};

/// A game's entry point, monomorphised per game in the registry. The optional observer sees
/// every record in index order and may stop the run (a sequential test).
/// It hands back the run's summary, which says how many games were played and whether the run
/// was interrupted.
pub type RunFn = fn(&RunPlan, Option<&mut dyn RecordSink>) -> anyhow::Result<Summary>;

/// Set by Ctrl-C or SIGTERM; the runner abandons the games in play and keeps every one before
/// them.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Installed before any bot program starts, so no signal can end the harness in a way that
/// leaves one running.
pub fn install_ctrl_c() {
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

/// Plays `plan` for game `G`: the one place where the generic runner meets a concrete game.
pub fn run_game<G: Contest>(
    plan: &RunPlan,
    observer: Option<&mut dyn RecordSink>,
) -> anyhow::Result<Summary> {
    let game: G = crate::games::configure(&plan.config)?;
    install_ctrl_c();
    // Who meets whom needs no folder, so a schedule past its bounds is refused before one is
    // made.
    let (schedule, mut staged) = lineup::schedule(plan, game.info())?;
    // Before anything is written there, a program's log included: one process per folder.
    if let Some(dir) = &plan.out_dir {
        crate::results::lock::hold(dir)?;
    }
    let mut lineup = lineup::resolve(&game, plan)?;
    let total = staged
        .as_ref()
        .map_or_else(|| schedule.total_games(), Staged::total_games);
    // Before the folder is touched, so an address it cannot use leaves nothing written.
    let page = live::start(game.info(), plan, replay_of::<G>)?;
    let mut output = output::open(&game, plan, &schedule, total, &mut lineup)?;
    if let Some(note) = &output.stopped_before {
        if !plan.quiet {
            eprintln!(
                "nothing to resume: --sprt-stop already ended this run ({note}); its files are \
                 left as they are"
            );
        }
        let played = stream::Played::nothing();
        return finish::summarize(game.info(), plan, &output, &played);
    }
    output.live =
        page.map(|page| page.opened(&output.tally, output.games.end - output.games.start));
    let stages = stream::Stages {
        schedule: &schedule,
        staged: staged.as_mut(),
    };
    let played = stream::play(&game, plan, stages, &lineup, &mut output, observer)?;
    let result = staged.map(|k| k.result(&output.bot_names));
    let (summary, written) = finish::write(
        game.info(),
        replay_of::<G>,
        plan,
        &mut output,
        &played,
        result,
    )?;
    if !plan.quiet {
        finish::print(plan, &summary, &output, &played, &written);
    }
    // The store's error, if any, ends the command once the page is done with (exit 3).
    let mut stored = Ok(());
    if let Some(recording) = output.recording.as_mut() {
        let status = match summary.interrupted {
            true => RunStatus::Stopped,
            false => RunStatus::Complete,
        };
        let absorbs = (plan.store.as_ref())
            .filter(|store| store.absorbs_shards)
            .map(|_| output.manifest.configuration_sha256.as_str());
        stored = recording.finish(status, absorbs);
    }
    if let Some(page) = &output.live {
        live::finish(page, &summary, &written)?;
    }
    stored.map(|()| summary)
}
