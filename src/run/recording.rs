//! Recording a run into the results store ([`crate::store`]) as it plays, beside its folder.
//!
//! Where: `--db PATH|URL`, else the `TOURNEY_DB` environment variable, else
//! [`crate::store::DEFAULT_PATH`]; `--no-db` records nothing. A store named on purpose
//! (`--db`, `TOURNEY_DB`) that cannot be opened refuses the run before any game (exit 2). A
//! store that fails later, or the default one failing at all, never costs the folder: a warning
//! is printed once, the run plays on and writes every file, and the command ends with exit 3
//! naming the store's problem (`tourney db import DIR` brings the folder in later).
//!
//! A resumed run continues its own run in the store (the latest one of the same configuration
//! that this host played into the same folder): the games the folder kept are
//! made the store's too, those after them dropped, so the store ends as an uninterrupted run's.
//!
//! Games are written by the store's own thread ([`crate::store::Writer`]): a run hands each
//! block over and plays on.

use crate::report::games_csv::read::stream_games;
use crate::results::manifest::{Manifest, Shard};
use crate::run::plan::RunPlan;
use crate::run::report_settings::ReportSettings;
use crate::run::store_plan::StorePlan;
use crate::runner::GameRecord;
use crate::store::{BotRow, NewRun, Recorder, RunStatus, Store, VersionRow, Writer};
use crate::version::BotVersion;
use anyhow::Context;
use std::path::Path;

/// A run being recorded, or the reason it no longer is.
pub struct Recording {
    /// The store opened, until the run begins in it.
    store: Option<Store>,
    /// Each entry's version, found before any game.
    versions: Vec<BotVersion>,
    writer: Option<Writer>,
    shown: String,
    failure: Option<String>,
}

/// What the folder stage knows when the store run starts.
pub struct Start<'a> {
    pub plan: &'a RunPlan,
    pub manifest: &'a Manifest,
    /// games.csv's columns after the base ones.
    pub extra_columns: Vec<String>,
    pub bot_names: &'a [String],
    /// The first game still to play, when a folder's games were kept (a resumed run).
    pub kept_until: Option<u64>,
}

impl Recording {
    /// Opens the plan's store, before the folder is touched: a store named on purpose that
    /// cannot be used refuses the run with nothing written. `None` under `--no-db`.
    pub fn open(plan: &RunPlan) -> anyhow::Result<Option<Recording>> {
        let Some(store_plan) = &plan.store else {
            return Ok(None);
        };
        let mut recording = Recording {
            store: None,
            // A program whose version cannot be read is bad input (exit 2), found here.
            versions: plan.versions()?,
            writer: None,
            shown: store_plan.location.shown(),
            failure: None,
        };
        match store_plan.open()? {
            Ok(store) => recording.store = Some(store),
            Err(message) => recording.fail(&anyhow::anyhow!(message)),
        }
        Ok(Some(recording))
    }

    /// Starts (or, resumed, continues) the run in the store.
    pub fn begin(&mut self, start: &Start<'_>) {
        let (Some(store), Some(store_plan)) = (self.store.take(), &start.plan.store) else {
            return;
        };
        match begin(store, store_plan, start, &self.versions).and_then(Writer::start) {
            Ok(writer) => self.writer = Some(writer),
            Err(e) => self.fail(&e),
        }
    }

    /// Keeps a game for the block's commit.
    pub fn add(&mut self, record: &GameRecord) {
        if let Some(writer) = self.writer.as_mut() {
            writer.add(record);
        }
    }

    /// Hands the block's games to the store's thread, which commits them in one transaction.
    pub fn block_done(&mut self) {
        if let Some(Err(e)) = self.writer.as_mut().map(Writer::block_done) {
            self.fail(&e);
        }
    }

    /// Waits for the games' commits, then records how the run ended; a merged run then
    /// replaces its shards. Hands back the store's failure, if any, as the error the command
    /// ends with (exit 3).
    pub fn finish(&mut self, status: RunStatus, absorbs: Option<&str>) -> anyhow::Result<()> {
        if let Some(mut writer) = self.writer.take() {
            let done = writer.finish().and_then(|mut recorder| {
                let run = recorder.run().to_string();
                recorder.store().finish_run(&run, status)?;
                match absorbs {
                    Some(hash) => recorder.store().absorb_shards(&run, hash),
                    None => Ok(()),
                }
            });
            if let Err(e) = done {
                self.fail(&e);
            }
        }
        match &self.failure {
            Some(why) => anyhow::bail!(
                "the results store {} could not record this run ({why}); every file of the \
                 run was written: `tourney db import` brings its folder into a store",
                self.shown
            ),
            None => Ok(()),
        }
    }

    /// Stops recording after the first failure, saying so once.
    fn fail(&mut self, error: &anyhow::Error) {
        self.writer = None;
        if self.failure.is_none() {
            // Even under --quiet: the command's exit code will say it, this says why early.
            eprintln!(
                "warning: the results store {} cannot be written ({error:#}); the run goes on \
                 and keeps its files, and ends with exit code 3",
                self.shown
            );
            self.failure = Some(format!("{error:#}"));
        }
    }
}

/// The store run of `start`: a new one, or the one a resumed folder continues, brought up to
/// the games the folder kept.
fn begin(
    mut store: Store,
    store_plan: &StorePlan,
    start: &Start<'_>,
    versions: &[BotVersion],
) -> anyhow::Result<Recorder> {
    let plan = start.plan;
    let mut run = new_run(
        start.manifest,
        plan.out_dir.as_deref(),
        &plan.report,
        start.extra_columns.clone(),
        store_plan.tag.clone(),
    )?;
    for (bot, version) in run.bots.iter_mut().zip(versions) {
        let kind = match &bot.bot {
            name if name.ends_with(".toml") => "program",
            name if name.starts_with("cgs:") => "cgs",
            _ => "builtin",
        };
        bot.version = Some(VersionRow {
            digest: version.digest.clone(),
            label: version.label.clone(),
            kind: kind.to_string(),
        });
    }
    let folder = run.folder.clone();
    let resumed = match (start.kept_until, &folder) {
        (Some(next), Some(folder)) => store
            .find_in_folder(&run.configuration_sha256, &run.host, folder)?
            .map(|id| store.reopen(&id, next).map(|()| id))
            .transpose()?,
        _ => None,
    };
    let id = match resumed {
        Some(id) => id,
        None => store.create_run(&run)?,
    };
    let mut recorder = Recorder::new(store, id, &run.extra_columns)?;
    if let (Some(next), Some(dir)) = (start.kept_until, &plan.out_dir) {
        add_kept(&mut recorder, &dir.join("games.csv"), start.bot_names, next)?;
    }
    Ok(recorder)
}

/// The run's row: what its manifest says, where its folder is, how its report is made.
pub fn new_run(
    manifest: &Manifest,
    folder: Option<&Path>,
    report: &ReportSettings,
    extra_columns: Vec<String>,
    tag: Option<String>,
) -> anyhow::Result<NewRun> {
    let configuration = &manifest.configuration;
    let folder = match folder {
        Some(dir) => Some(
            dir.canonicalize()
                .with_context(|| format!("cannot find the folder {}", dir.display()))?
                .display()
                .to_string(),
        ),
        None => None,
    };
    Ok(NewRun {
        game: configuration.game.clone(),
        rules: configuration.rules.clone(),
        configuration: serde_json::to_string(configuration)?,
        configuration_sha256: manifest.configuration_sha256.clone(),
        tool: configuration.tool.clone(),
        host: crate::store::host(),
        folder,
        tag,
        shard: manifest.shard.map(|s: Shard| s.to_string()),
        first_game: manifest.first_game,
        end_game: manifest.end_game,
        extra_columns,
        report: serde_json::to_string(report)?,
        bots: configuration
            .bots
            .iter()
            .map(|bot| {
                Ok(BotRow {
                    label: bot.label.clone(),
                    bot: bot.bot.clone(),
                    params: serde_json::to_string(&bot.params)?,
                    version: None,
                })
            })
            .collect::<anyhow::Result<_>>()?,
    })
}

/// Adds the games of `path` before game `next` (those a resumed folder kept) and commits them;
/// the store keeps each game once, whatever it held of them already.
pub fn add_kept(
    recorder: &mut Recorder,
    path: &Path,
    bot_names: &[String],
    next: u64,
) -> anyhow::Result<()> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bots = bot_names.to_vec();
    let mut pending = 0;
    let mut failed: Option<anyhow::Error> = None;
    stream_games(path, file, &mut bots, &mut |record, _| {
        if record.index < next && failed.is_none() {
            recorder.add(record);
            pending += 1;
            if pending == 4096 {
                pending = 0;
                failed = recorder.commit().err();
            }
        }
        Ok(())
    })?;
    match failed {
        Some(e) => Err(e),
        None => recorder.commit(),
    }
}
