//! `history.html`: one bot's rating over its versions, from the results store's joint fit
//! (`tourney history BOT --html FILE`). Self-contained like report.html (inline CSS and SVG,
//! no script, no network): the forest plot of the ratings plot with one row per version in
//! order of first appearance, then a table of the versions and the runs behind each, linked
//! to their report.html when the run's folder still holds one.

use super::ReportError;
use super::html::page_start;
use super::markup::{counted, escape, interval_text, rating_text};
use super::plots::rating_forest_svg;
use crate::summary::RatingRow;
use std::fmt::Write;

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

/// The page of `bot` in `kind` (game and rule set), its ratings on `scale`.
pub fn history_page(
    bot: &str,
    kind: &str,
    scale: &str,
    versions: &[VersionHistory],
) -> Result<String, ReportError> {
    let rows: Vec<&RatingRow> = versions.iter().map(|v| &v.rating).collect();
    let svg = rating_forest_svg(&rows, format!("{bot}: rating by version ({scale})"))?;
    let mut head = Vec::new();
    page_start(&mut head, &format!("History of {}", escape(bot))).expect("writing to memory");
    let mut page = String::from_utf8(head).expect("the page is UTF-8");
    let games: u64 = versions.iter().map(|v| v.games).sum();
    let _ = writeln!(
        page,
        "<p>{} of {} in {}, {}, rated jointly with every bot of the \
         stored runs (a player is a bot label at one version; 95% bootstrap intervals over \
         seeds).</p>\n<figure>{svg}<figcaption>Rating by version, first at the top\
         </figcaption></figure>",
        counted(versions.len() as f64, "version", "versions"),
        escape(bot),
        escape(kind),
        counted(games as f64, "game", "games")
    );
    page.push_str(
        "<h2>Versions</h2>\n<table><thead><tr><th>version</th><th>elo</th>\
         <th>95% interval</th><th>games</th><th>first seen</th><th>last seen</th>\
         <th>runs</th></tr></thead><tbody>\n",
    );
    for v in versions {
        let runs: Vec<String> = v.runs.iter().map(run_cell).collect();
        let _ = writeln!(
            page,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td class=\"message\">{}</td></tr>",
            escape(&v.rating.bot),
            escape(&rating_text(&v.rating)),
            escape(&interval_text(&v.rating)),
            v.games,
            escape(&v.first_seen),
            escape(&v.last_seen),
            runs.join("<br>")
        );
    }
    page.push_str(
        "</tbody></table>\n<p class=\"note\">A run's link opens the report its folder \
         holds; a run whose folder is gone, or that wrote none, is named by its id \
         (<code>tourney db export ID --out DIR</code> writes it again).</p>\n</body></html>\n",
    );
    Ok(page)
}

/// A run as the versions table lists it: its id (linked to its report when there is one),
/// start and games.
fn run_cell(run: &RunLink) -> String {
    let id = match &run.report {
        Some(report) => format!("<a href=\"{}\">{}</a>", escape(report), escape(&run.id)),
        None => escape(&run.id),
    };
    let folder = match (&run.report, &run.folder) {
        (None, Some(folder)) => format!(", folder {} gone", escape(folder)),
        _ => String::new(),
    };
    format!(
        "{id} {} ({} games{folder})",
        escape(&run.started_at),
        run.games
    )
}
