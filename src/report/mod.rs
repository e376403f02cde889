//! Writes results out: `games.csv` as games finish (a [`crate::runner::RecordSink`]), and the
//! end-of-run artefacts through [`Exporter`], one file per format as in hyperfine: `ratings.csv`,
//! `winrates.csv`, `scores.csv`, `report.md`, `report.html`, `standings.html`, and the plots
//! (PNG and SVG).
//! Reads records and analyses, never a game.

pub mod bracket;
mod csv;
pub mod games_csv;
pub mod history;
mod html;
mod markdown;
pub(crate) mod markup;
pub mod plots;
pub mod progress;
pub mod standings;
pub mod swiss;
pub mod table;
pub mod terminal;
pub mod tune;
mod withdrawn;

use crate::format::{KnockoutResult, SwissResult};
use crate::summary::{Analysis, Disqualify, SprtStop};
use plots::Plot;
use standings::Standings;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot draw the {0} plot: {1}")]
    Plot(&'static str, String),
    #[error("cannot lay out the {0} page: {1}")]
    Page(&'static str, String),
}

/// What every exporter reads: the analysis, its plots as SVG, and the [`Pages`] the caller
/// handed over.
pub struct ReportData<'a> {
    pub analysis: &'a Analysis,
    pub plots: &'a [Plot],
    pub pages: Pages<'a>,
}

/// What the games add to the analysis: the faulted games, the standings' crosstable and lost
/// games, a knockout's pools and bracket, a Swiss system's rounds and standings, and where
/// `--sprt-stop` stopped.
#[derive(Clone, Copy)]
pub struct Pages<'a> {
    pub faults: &'a [FaultLink],
    pub standings: &'a Standings,
    pub knockout: Option<&'a KnockoutResult>,
    pub sprt_stop: Option<&'a SprtStop>,
    pub swiss: Option<&'a SwissResult>,
    /// `--disqualify`: the programs withdrawn.
    pub disqualify: Option<&'a Disqualify>,
}

/// Faulted games listed per bot: enough to see what goes wrong without a page per game of a
/// bot that fails every time.
pub const FAULTS_PER_BOT: usize = 10;

/// A game a bot lost by its own fault (crash, illegal action, timeout), and how to watch it
/// again when the run was recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct FaultLink {
    pub game: u64,
    pub bot: String,
    pub termination: String,
    /// What went wrong, as the harness said it when the game was played (`None` when only
    /// `games.csv` was read, which keeps no messages).
    pub message: Option<String>,
    /// The `tourney replay` command, when the folder has records.
    pub command: Option<String>,
    /// The replay page, relative to the report.
    pub page: Option<String>,
}

/// One end-of-run artefact. A new format is one file plus one entry in [`exporters`].
trait Exporter {
    fn file_name(&self) -> &'static str;
    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()>;
}

fn exporters() -> Vec<Box<dyn Exporter>> {
    vec![
        Box::new(csv::RATINGS),
        Box::new(csv::WINRATES),
        Box::new(csv::SCORES),
        Box::new(markdown::Markdown),
        Box::new(html::Html),
        Box::new(standings::StandingsPage),
    ]
}

/// A failed write as reported: which file it was writing.
fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> ReportError + use<> {
    let path = path.to_path_buf();
    move |source| ReportError::Io { path, source }
}

/// Writes every artefact into `dir`; with `plots`, also each plot as `.svg` and `.png` (the
/// HTML report inlines the SVGs either way). Returns the files written.
pub fn write_all(
    analysis: &Analysis,
    dir: &Path,
    plots: bool,
    pages: &Pages<'_>,
) -> Result<Vec<PathBuf>, ReportError> {
    let svgs = plots::svg_plots(analysis)?;
    let data = ReportData {
        analysis,
        plots: &svgs,
        pages: *pages,
    };
    let mut written = Vec::new();
    for exporter in exporters() {
        let path = dir.join(exporter.file_name());
        let mut buffer = Vec::new();
        exporter
            .write(&data, &mut buffer)
            .map_err(io_error(&path))?;
        std::fs::write(&path, buffer).map_err(io_error(&path))?;
        written.push(path);
    }
    if plots {
        for plot in &svgs {
            let path = dir.join(format!("{}.svg", plot.name));
            std::fs::write(&path, &plot.svg).map_err(io_error(&path))?;
            written.push(path);
        }
        written.extend(plots::write_pngs(analysis, dir)?);
    }
    Ok(written)
}

#[cfg(test)]
mod tests;
