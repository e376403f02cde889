//! `standings.html`: the page an organiser publishes. Rank, rating with its interval, wins,
//! draws and losses against each opponent, faults per program, and links to replays of each
//! program's losses; for a knockout, how far each went and the bracket.

use super::bracket::KnockoutSection;
use super::html::write_page;
use super::markup::{counted, interval_text, rating_text};
use super::swiss::SwissSection;
use super::withdrawn::Withdrawn;
use super::{Exporter, ReportData, bracket, swiss, withdrawn};
use crate::format::shown_tenths;
use crate::runner::GameRecord;
use askama::Template;
use std::collections::BTreeMap;
use std::io::Write;

/// Lost games linked per program: enough to study, without a page per game of a program that
/// loses every time.
pub const LOSSES_PER_BOT: usize = 10;

/// Wins, draws and losses of every bot against every other, and each bot's first lost games,
/// fed with records in game order (a run, or `games.csv` files).
#[derive(Clone, Debug, Default)]
pub struct Crosstable {
    /// `(bot, opponent)`: games `bot` finished ahead of, level with, behind `opponent`.
    results: BTreeMap<(usize, usize), [u64; 3]>,
    losses: Vec<Lost>,
    per_bot: BTreeMap<usize, usize>,
}

/// A game a bot did not win (another seat ranked first, alone or shared, ahead of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lost {
    /// Which input folder (0 for a run).
    pub folder: usize,
    pub game: u64,
    pub bot: usize,
}

impl Crosstable {
    pub fn add(&mut self, folder: usize, record: &GameRecord) {
        let seats = record.seats();
        for a in 0..seats {
            for b in 0..seats {
                let (bot, opponent) = (record.lineup[a], record.lineup[b]);
                if bot == opponent {
                    continue;
                }
                let column = match record.ranks[a].cmp(&record.ranks[b]) {
                    std::cmp::Ordering::Less => 0,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 2,
                };
                self.results.entry((bot, opponent)).or_default()[column] += 1;
            }
            let bot = record.lineup[a];
            let count = self.per_bot.entry(bot).or_default();
            if record.ranks[a] > 1 && *count < LOSSES_PER_BOT {
                *count += 1;
                self.losses.push(Lost {
                    folder,
                    game: record.index,
                    bot,
                });
            }
        }
    }

    /// Wins, draws, losses of `bot` against `opponent`.
    pub fn get(&self, bot: usize, opponent: usize) -> [u64; 3] {
        self.results
            .get(&(bot, opponent))
            .copied()
            .unwrap_or_default()
    }

    /// The first lost games of each bot, in game order.
    pub fn losses(&self) -> &[Lost] {
        &self.losses
    }
}

/// A lost game and how to watch it again (see `crate::report::FaultLink`).
#[derive(Clone, Debug, PartialEq)]
pub struct LossLink {
    pub bot: usize,
    pub game: u64,
    pub command: Option<String>,
    pub page: Option<String>,
}

/// What the standings page shows beyond the analysis.
#[derive(Clone, Debug, Default)]
pub struct Standings {
    pub crosstable: Crosstable,
    pub losses: Vec<LossLink>,
}

pub struct StandingsPage;

#[derive(Template)]
#[template(path = "standings.html")]
struct Page<'a> {
    title: &'a str,
    /// The page this one is part of (a ladder's standings), linked above the table.
    home: Option<&'a str>,
    games: u64,
    programs: usize,
    withdrawn: Option<Withdrawn>,
    has_finish: bool,
    rows: Vec<RankRow>,
    method: &'a str,
    scale: &'a str,
    interval: &'a str,
    /// The programs in rank order, heading the crosstable's columns.
    names: Vec<&'a str>,
    /// Each program's row of won-drawn-lost against each column (`–` against itself).
    crosstable: Vec<(&'a str, Vec<String>)>,
    knockout: Option<KnockoutSection<'a>>,
    swiss: Option<SwissSection<'a>>,
    /// Whether the lost games are listed (a run's page; not a ladder's final).
    lost_games: bool,
    losses_per_bot: usize,
    /// Each program's first lost games.
    losses: Vec<(&'a str, Vec<&'a LossLink>)>,
    /// Whether the run was recorded (its lost games have replay pages).
    recorded: bool,
}

/// A program's row of the standings table.
struct RankRow {
    rank: usize,
    program: String,
    /// How far it went: a knockout's finish or a Swiss system's points.
    finish: Option<String>,
    rating: String,
    interval: String,
    games: u64,
    record: String,
    crashes: u64,
    illegal: u64,
    timeouts: u64,
}

impl Exporter for StandingsPage {
    fn file_name(&self) -> &'static str {
        "standings.html"
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        write_page(&page(data, "Standings", None), out)
    }
}

/// The standings page of a ladder's final (`tourney ladder --final`): the same page as a
/// run's, under `title`, with a link to `home` (the ladder's standings) and no lost games (the
/// final, as the ladder, stores results, not moves, so they have no replay).
pub fn final_page(data: &ReportData<'_>, title: &str, home: &str) -> Result<String, String> {
    let mut page = page(data, title, Some(home));
    page.lost_games = false;
    crate::page::render(&page)
}

fn page<'a>(data: &'a ReportData<'a>, title: &'a str, home: Option<&'a str>) -> Page<'a> {
    let a = data.analysis;
    let order = ranking(data);
    let finish = finishes(data);
    let name = |bot: usize| a.bots[bot].as_str();
    let losses = &data.pages.standings.losses;
    Page {
        title,
        home,
        games: a.games_played,
        programs: a.bots.len(),
        withdrawn: data.pages.disqualify.and_then(withdrawn::section),
        has_finish: finish.is_some(),
        rows: order
            .iter()
            .enumerate()
            .map(|(rank, &bot)| rank_row(data, rank + 1, bot, finish.as_ref()))
            .collect(),
        method: &a.ratings.method,
        scale: &a.ratings.scale,
        interval: &a.ratings.interval,
        names: order.iter().map(|&o| name(o)).collect(),
        crosstable: order
            .iter()
            .map(|&b| {
                (
                    name(b),
                    order.iter().map(|&o| crosstable_cell(data, b, o)).collect(),
                )
            })
            .collect(),
        knockout: data.pages.knockout.map(bracket::section),
        swiss: data.pages.swiss.map(swiss::section),
        lost_games: true,
        losses_per_bot: LOSSES_PER_BOT,
        losses: order
            .iter()
            .map(|&bot| (name(bot), losses.iter().filter(|l| l.bot == bot).collect()))
            .collect(),
        recorded: losses.iter().any(|l| l.command.is_some()),
    }
}

/// The bots in rank order: by how far each went in a knockout, by a Swiss system's standings,
/// else by their records (points per game, counted exactly: a win 1, a draw 1/2), then by
/// rating as shown, then list order.
/// Records come first because a rating can be a bound (`> +75.5` for a program that never
/// lost), which says nothing about the order of two such programs.
pub(super) fn ranking(data: &ReportData<'_>) -> Vec<usize> {
    let a = data.analysis;
    let position = |bot: &String| a.bots.iter().position(|b| b == bot);
    if let Some(s) = data.pages.swiss {
        return s
            .standings
            .iter()
            .filter_map(|r| position(&r.bot))
            .collect();
    }
    match data.pages.knockout {
        Some(k) => k
            .finishes()
            .iter()
            .filter_map(|f| position(&f.bot))
            .collect(),
        None => {
            let (rows, records) = (&a.ratings.rows, &a.per_bot);
            // Half-points over games, compared by cross-multiplying: no rounding.
            let share = |bot: usize| {
                let r = &records[bot];
                (u128::from(2 * r.wins + r.draws), u128::from(r.games.max(1)))
            };
            let mut order: Vec<usize> = (0..a.bots.len()).collect();
            order.sort_by(|&x, &y| {
                let ((px, gx), (py, gy)) = (share(x), share(y));
                (py * gx)
                    .cmp(&(px * gy))
                    .then(shown_tenths(rows[y].elo).cmp(&shown_tenths(rows[x].elo)))
                    .then(x.cmp(&y))
            });
            order
        }
    }
}

/// Each program's finish: how far it went in a knockout, its points in a Swiss system; `None`
/// for other formats, which have no such column.
fn finishes(data: &ReportData<'_>) -> Option<BTreeMap<String, String>> {
    match (data.pages.knockout, data.pages.swiss) {
        (Some(k), _) => Some(k.finishes().into_iter().map(|f| (f.bot, f.label)).collect()),
        (None, Some(s)) => Some(
            s.standings
                .iter()
                .map(|r| (r.bot.clone(), counted(r.score, "point", "points")))
                .collect(),
        ),
        (None, None) => None,
    }
}

/// One program's row at `rank`.
fn rank_row(
    data: &ReportData<'_>,
    rank: usize,
    bot: usize,
    finish: Option<&BTreeMap<String, String>>,
) -> RankRow {
    let a = data.analysis;
    let row = &a.per_bot[bot];
    let rating = &a.ratings.rows[bot];
    RankRow {
        rank,
        program: a.bots[bot].clone(),
        finish: finish.map(|f| f.get(&a.bots[bot]).cloned().unwrap_or_default()),
        rating: rating_text(rating),
        interval: interval_text(rating),
        games: row.games,
        record: format!("{}-{}-{}", row.wins, row.draws, row.losses),
        crashes: row.crashes,
        illegal: row.illegal,
        timeouts: row.timeouts,
    }
}

/// Games won, drawn and lost by `bot` against `opponent`; `–` against itself or none played.
fn crosstable_cell(data: &ReportData<'_>, bot: usize, opponent: usize) -> String {
    let [w, d, l] = data.pages.standings.crosstable.get(bot, opponent);
    if bot == opponent || w + d + l == 0 {
        "–".to_string()
    } else {
        format!("{w}-{d}-{l}")
    }
}
