//! `history.html`: one bot's rating over its versions, from the results store's joint fit
//! (`tourney history BOT --html FILE`). Self-contained like report.html (inline CSS and SVG,
//! no script, no network): the forest plot of the ratings plot with one row per version in
//! order of first appearance, then a table of the versions and the runs behind each, linked
//! to their report.html when the run's folder still holds one.

use super::ReportError;
use super::markup::{counted, interval_text, rating_text};
use super::plots::rating_forest_svg;
use crate::summary::RatingRow;
use askama::Template;

/// One version of the bot: its rating row (`bot` is the version's name), when it played and
/// the runs behind it.
pub struct VersionHistory {
    pub rating: RatingRow,
    pub first_seen: String,
    pub last_seen: String,
    pub games: u64,
    pub runs: Vec<RunLink>,
}

/// A run behind a version.
pub struct RunLink {
    pub id: String,
    pub started_at: String,
    /// Games the bot played in it.
    pub games: u64,
    /// The run's results folder, when it wrote one.
    pub folder: Option<String>,
    /// Its report.html, when the folder still holds one.
    pub report: Option<String>,
}

#[derive(Template)]
#[template(path = "history.html")]
struct HistoryPage<'a> {
    title: String,
    bot: &'a str,
    kind: &'a str,
    versions_counted: String,
    games_counted: String,
    svg: String,
    versions: Vec<VersionRow<'a>>,
}

/// A version's row of the versions table.
struct VersionRow<'a> {
    version: &'a str,
    rating: String,
    interval: String,
    games: u64,
    first_seen: &'a str,
    last_seen: &'a str,
    runs: &'a [RunLink],
}

/// The page of `bot` in `kind` (game and rule set), its ratings on `scale`.
pub fn history_page(
    bot: &str,
    kind: &str,
    scale: &str,
    versions: &[VersionHistory],
) -> Result<String, ReportError> {
    let rows: Vec<&RatingRow> = versions.iter().map(|v| &v.rating).collect();
    let svg = rating_forest_svg(&rows, format!("{bot}: rating by version ({scale})"))?;
    let games: u64 = versions.iter().map(|v| v.games).sum();
    let page = HistoryPage {
        title: format!("History of {bot}"),
        bot,
        kind,
        versions_counted: counted(versions.len() as f64, "version", "versions"),
        games_counted: counted(games as f64, "game", "games"),
        svg,
        versions: versions
            .iter()
            .map(|v| VersionRow {
                version: &v.rating.bot,
                rating: rating_text(&v.rating),
                interval: interval_text(&v.rating),
                games: v.games,
                first_seen: &v.first_seen,
                last_seen: &v.last_seen,
                runs: &v.runs,
            })
            .collect(),
    };
    crate::page::render(&page).map_err(|e| ReportError::Page("history", e))
}
