//! `standings.html`: the page an organiser publishes. Rank, rating with its interval, wins,
//! draws and losses against each opponent, faults per program, and links to replays of each
//! program's losses; for a knockout, how far each went and the bracket.

use super::html::page_start;
use super::markup::escape;
use super::markup::{counted, interval_text, rating_text};
use super::{Exporter, ReportData, bracket, swiss};
use crate::format::shown_tenths;
use crate::runner::GameRecord;
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

impl Exporter for StandingsPage {
    fn file_name(&self) -> &'static str {
        "standings.html"
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        let a = data.analysis;
        let order = ranking(data);
        page_start(out, "Standings")?;
        writeln!(
            out,
            "<p>{} games, {} programs.</p>",
            a.games_played,
            a.bots.len()
        )?;
        if let Some(disqualify) = data.disqualify {
            write!(out, "{}", super::withdrawn::html(disqualify))?;
        }
        write_ranking(data, &order, out)?;
        write_crosstable(data, &order, out)?;
        if let Some(k) = data.knockout {
            write!(out, "{}", bracket::html(k))?;
        }
        if let Some(s) = data.swiss {
            write!(out, "{}", swiss::html(s))?;
        }
        write_losses(data, &order, out)?;
        writeln!(out, "</body></html>")
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
    if let Some(s) = data.swiss {
        return s
            .standings
            .iter()
            .filter_map(|r| position(&r.bot))
            .collect();
    }
    match data.knockout {
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

/// The standings table: a row per program in `order`, with a knockout's finish column.
fn write_ranking(
    data: &ReportData<'_>,
    order: &[usize],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let a = data.analysis;
    let finish: Option<BTreeMap<String, String>> = match (data.knockout, data.swiss) {
        (Some(k), _) => Some(k.finishes().into_iter().map(|f| (f.bot, f.label)).collect()),
        (None, Some(s)) => Some(
            s.standings
                .iter()
                .map(|r| (r.bot.clone(), counted(r.score, "point", "points")))
                .collect(),
        ),
        (None, None) => None,
    };
    writeln!(
        out,
        "<table id=\"standings\"><thead><tr><th>rank</th><th>program</th>{}<th>rating</th>\
         <th>95% interval</th><th>games</th><th>W-D-L</th><th>crash</th><th>illegal</th>\
         <th>timeout</th></tr></thead><tbody>",
        if finish.is_some() {
            "<th>finish</th>"
        } else {
            ""
        }
    )?;
    for (rank, &bot) in order.iter().enumerate() {
        let finish = match &finish {
            Some(finish) => format!(
                "<td>{}</td>",
                escape(finish.get(&a.bots[bot]).map_or("", String::as_str))
            ),
            None => String::new(),
        };
        write_ranking_row(data, rank + 1, bot, &finish, out)?;
    }
    writeln!(
        out,
        "</tbody></table>\n<p class=\"note\">Rating: {}, {}; interval: {}. W-D-L counts \
         games won, shared first place, and lost.</p>",
        escape(&a.ratings.method),
        escape(&a.ratings.scale),
        escape(&a.ratings.interval)
    )
}

/// One program's row; `finish` is its finish cell, empty outside a knockout.
fn write_ranking_row(
    data: &ReportData<'_>,
    rank: usize,
    bot: usize,
    finish: &str,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let a = data.analysis;
    let row = &a.per_bot[bot];
    let rating = &a.ratings.rows[bot];
    writeln!(
        out,
        "<tr><td>{rank}</td><td>{}</td>{finish}<td>{}</td><td>{}</td><td>{}</td>\
         <td>{}-{}-{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        escape(&a.bots[bot]),
        escape(&rating_text(rating)),
        escape(&interval_text(rating)),
        row.games,
        row.wins,
        row.draws,
        row.losses,
        row.crashes,
        row.illegal,
        row.timeouts
    )
}

/// Each program's games against each other: won-drawn-lost from the row's side.
fn write_crosstable(
    data: &ReportData<'_>,
    order: &[usize],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let bots = &data.analysis.bots;
    write!(
        out,
        "<h2 id=\"crosstable\">Crosstable</h2>\n<table class=\"crosstable\"><thead><tr><th></th>"
    )?;
    for &o in order {
        write!(out, "<th>{}</th>", escape(&bots[o]))?;
    }
    writeln!(out, "</tr></thead><tbody>")?;
    for &b in order {
        write!(out, "<tr><td>{}</td>", escape(&bots[b]))?;
        for &o in order {
            let [w, d, l] = data.standings.crosstable.get(b, o);
            if b == o || w + d + l == 0 {
                write!(out, "<td>–</td>")?;
            } else {
                write!(out, "<td>{w}-{d}-{l}</td>")?;
            }
        }
        writeln!(out, "</tr>")?;
    }
    writeln!(
        out,
        "</tbody></table>\n<p class=\"note\">Games won, drawn and lost by the row's program \
         against the column's.</p>"
    )
}

/// Links to each program's first lost games.
fn write_losses(
    data: &ReportData<'_>,
    order: &[usize],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let bots = &data.analysis.bots;
    let losses = &data.standings.losses;
    writeln!(
        out,
        "<h2 id=\"losses\">Lost games</h2>\n<table><thead><tr><th>program</th><th>lost games \
         (first {LOSSES_PER_BOT})</th></tr></thead><tbody>"
    )?;
    for &bot in order {
        let links: Vec<String> = losses
            .iter()
            .filter(|l| l.bot == bot)
            .map(|l| match (&l.page, &l.command) {
                (Some(page), _) => format!("<a href=\"{}\">game {}</a>", escape(page), l.game),
                (None, Some(command)) => format!("<code>{}</code>", escape(command)),
                (None, None) => format!("game {}", l.game),
            })
            .collect();
        let cell = if links.is_empty() {
            "none".to_string()
        } else {
            links.join(", ")
        };
        writeln!(
            out,
            "<tr><td>{}</td><td class=\"message\">{cell}</td></tr>",
            escape(&bots[bot])
        )?;
    }
    let recorded = losses.iter().any(|l| l.command.is_some());
    writeln!(
        out,
        "</tbody></table>\n<p class=\"note\">{}</p>",
        if recorded {
            "Each link steps through the game (a replay page beside this one)."
        } else {
            "Not recorded: run with <code>--record</code> for a replay page of each."
        }
    )
}
