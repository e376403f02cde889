//! `run --live`: the live page started before the first game (with the games a resumed run
//! kept), shown a knockout's or Swiss system's picture as it is decided, told the summary and
//! report at the end, and kept up until Ctrl-C.

use super::STOP;
use super::output::record_header;
use super::replay::{FindReplay, page};
use crate::format::{SoFar, Watch};
use crate::game::GameInfo;
use crate::live::{Live, Replayer, Setup};
use crate::replay::Header;
use crate::run::plan::RunPlan;
use crate::summary::{Summary, Tally};
use anyhow::Context;
use std::cell::Cell;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The page of `plan`'s `--live`, serving the run's folder (its games are counted once the
/// folder is open, see [`Live::opened`]); its URL is printed, even when quiet, since nothing
/// else says where it is.
pub fn start(
    info: &GameInfo,
    plan: &RunPlan,
    find_replay: FindReplay,
) -> anyhow::Result<Option<Live>> {
    let Some(address) = &plan.live else {
        return Ok(None);
    };
    let bots = plan.labels();
    let replays = plan
        .out_dir
        .clone()
        .filter(|_| plan.record)
        .map(|dir| replayer(dir, find_replay, Some(record_header(plan, &bots))));
    let setup = Setup {
        title: format!("{}: {}", info.name, bots.join(", ")),
        options: plan.report.options(&bots)?,
        bots,
        total: 0,
        tally: Tally::new(0),
        replays,
    };
    let live = Live::start(address, setup, plan.out_dir.clone())?;
    eprintln!("live: {}", live.url);
    if let Some(warning) = &live.warning {
        eprintln!("{warning}");
    }
    Ok(Some(live))
}

/// Replays a game into its page: from its line, when the page kept it, under `header` (the
/// run's records' header, known before its file is); else from the records in `dir`.
pub fn replayer(dir: PathBuf, find: FindReplay, header: Option<Header>) -> Replayer {
    Box::new(move |game, line| {
        page(&dir, game, find, header.as_ref().zip(line)).map_err(|e| format!("{e:#}"))
    })
}

/// Shows the final summary and report on the page, then serves it until Ctrl-C (at once when
/// Ctrl-C already ended the run).
pub fn finish(live: &Live, summary: &Summary, written: &[PathBuf]) -> anyhow::Result<()> {
    let value = serde_json::to_value(summary).context("cannot encode the summary")?;
    let report = written
        .iter()
        .any(|path| path.file_name().is_some_and(|name| name == "report.html"))
        .then_some("report.html");
    live.finish(Some(value), report);
    live.linger(&STOP, summary.interrupted);
    Ok(())
}

/// Hands a staged format's pictures to the page: every one that ends a stage, others no more
/// often than [`PICTURE_EVERY`], so a long pool stage does not rank its pools after every seed
/// group.
pub struct StagedWatch<'a> {
    live: &'a Live,
    last: Cell<Option<Instant>>,
}

/// Half the page's refresh: a picture drawn between two of the page's requests is seen.
const PICTURE_EVERY: Duration = Duration::from_millis(400);

impl StagedWatch<'_> {
    pub fn new(live: &Live) -> StagedWatch<'_> {
        StagedWatch {
            live,
            last: Cell::new(None),
        }
    }
}

impl Watch for StagedWatch<'_> {
    fn so_far(&self, settled: bool, so_far: &dyn Fn() -> SoFar) {
        let recent = self
            .last
            .get()
            .is_some_and(|at| at.elapsed() < PICTURE_EVERY);
        if recent && !settled {
            return;
        }
        self.last.set(Some(Instant::now()));
        if let Ok(picture) = serde_json::to_value(so_far()) {
            self.live.set_staged(picture);
        }
    }
}
