//! The machine-readable tables: `ratings.csv`, `winrates.csv`, `scores.csv` (per bot, then per
//! bot and seat). Numbers in full precision; NaN (no interval, or the open side of a one-sided
//! bound) as an empty cell.

use super::{Exporter, ReportData};
use crate::stats::bounds::Identification;
use crate::summary::ScoreRow;
use std::io::Write;

fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        String::new()
    }
}

/// One table: the header, then a record per row. Every file here is one such table.
fn write_table<R: AsRef<[String]>>(
    out: &mut dyn Write,
    header: &[&str],
    rows: impl IntoIterator<Item = R>,
) -> std::io::Result<()> {
    let mut w = ::csv::Writer::from_writer(out);
    w.write_record(header).map_err(std::io::Error::other)?;
    for row in rows {
        w.write_record(row.as_ref())
            .map_err(std::io::Error::other)?;
    }
    w.flush()
}

pub struct RatingsCsv;

impl Exporter for RatingsCsv {
    fn file_name(&self) -> &'static str {
        "ratings.csv"
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        write_table(
            out,
            &[
                "bot",
                "elo",
                "lower95",
                "upper95",
                "games",
                "identification",
            ],
            data.analysis.ratings.rows.iter().map(|r| {
                [
                    r.bot.clone(),
                    num(r.elo),
                    num(r.lower),
                    num(r.upper),
                    r.games.to_string(),
                    identification(r.identification).to_string(),
                ]
            }),
        )
    }
}

/// The JSON spelling of an identification, so both files say the same.
fn identification(i: Identification) -> &'static str {
    match i {
        Identification::Identified => "identified",
        Identification::NeverScored => "never-scored",
        Identification::NeverLost => "never-lost",
    }
}

pub struct WinratesCsv;

impl Exporter for WinratesCsv {
    fn file_name(&self) -> &'static str {
        "winrates.csv"
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        write_table(
            out,
            &[
                "bot",
                "opponent",
                "games",
                "points",
                "win_rate",
                "lower95",
                "upper95",
                "seeds",
                "effective_games",
            ],
            data.analysis.pairwise.iter().map(|r| {
                [
                    r.bot.clone(),
                    r.opponent.clone(),
                    r.games.to_string(),
                    num(r.points),
                    num(r.win_rate),
                    num(r.lower),
                    num(r.upper),
                    r.seeds.to_string(),
                    num(r.effective_games),
                ]
            }),
        )
    }
}

pub struct ScoresCsv;

fn score_cells(s: &ScoreRow) -> [String; 9] {
    [
        num(s.mean),
        num(s.sd),
        num(s.min),
        num(s.q05),
        num(s.q25),
        num(s.median),
        num(s.q75),
        num(s.q95),
        num(s.max),
    ]
}

impl Exporter for ScoresCsv {
    fn file_name(&self) -> &'static str {
        "scores.csv"
    }

    /// `seat` is `all` for a bot's games in every seat, else the seat index.
    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        let row = |lead: [String; 3], score: &ScoreRow| {
            let mut row = lead.to_vec();
            row.extend(score_cells(score));
            row
        };
        let per_bot = data.analysis.per_bot.iter().map(|r| {
            row(
                [r.bot.clone(), "all".to_string(), r.games.to_string()],
                &r.score,
            )
        });
        let per_seat = data.analysis.per_seat.iter().map(|r| {
            row(
                [r.bot.clone(), r.seat.to_string(), r.games.to_string()],
                &r.score,
            )
        });
        write_table(
            out,
            &[
                "bot", "seat", "games", "mean", "sd", "min", "q05", "q25", "median", "q75", "q95",
                "max",
            ],
            per_bot.chain(per_seat),
        )
    }
}
