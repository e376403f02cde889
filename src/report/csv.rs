//! The machine-readable tables: `ratings.csv`, `winrates.csv`, `scores.csv` (per bot, then per
//! bot and seat). Numbers in full precision; NaN (no interval, or the open side of a one-sided
//! bound) as an empty cell.

use super::{Exporter, ReportData};
use crate::stats::bounds::Identification;
use crate::summary::{Analysis, ScoreRow};
use std::io::Write;

fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        String::new()
    }
}

/// One CSV file: the header, then a record per row. Every file here is one such table.
pub struct CsvTable {
    name: &'static str,
    header: &'static [&'static str],
    rows: fn(&Analysis) -> Vec<Vec<String>>,
}

impl Exporter for CsvTable {
    fn file_name(&self) -> &'static str {
        self.name
    }

    fn write(&self, data: &ReportData<'_>, out: &mut dyn Write) -> std::io::Result<()> {
        let mut w = ::csv::Writer::from_writer(out);
        w.write_record(self.header).map_err(std::io::Error::other)?;
        for row in (self.rows)(data.analysis) {
            w.write_record(&row).map_err(std::io::Error::other)?;
        }
        w.flush()
    }
}

pub const RATINGS: CsvTable = CsvTable {
    name: "ratings.csv",
    header: &[
        "bot",
        "elo",
        "lower95",
        "upper95",
        "games",
        "identification",
    ],
    rows: rating_rows,
};

fn rating_rows(a: &Analysis) -> Vec<Vec<String>> {
    a.ratings
        .rows
        .iter()
        .map(|r| {
            vec![
                r.bot.clone(),
                num(r.elo),
                num(r.lower),
                num(r.upper),
                r.games.to_string(),
                identification(r.identification).to_string(),
            ]
        })
        .collect()
}

/// The JSON spelling of an identification, so both files say the same.
fn identification(i: Identification) -> &'static str {
    match i {
        Identification::Identified => "identified",
        Identification::NeverScored => "never-scored",
        Identification::NeverLost => "never-lost",
    }
}

pub const WINRATES: CsvTable = CsvTable {
    name: "winrates.csv",
    header: &[
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
    rows: winrate_rows,
};

fn winrate_rows(a: &Analysis) -> Vec<Vec<String>> {
    a.pairwise
        .iter()
        .map(|r| {
            vec![
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
        })
        .collect()
}

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

pub const SCORES: CsvTable = CsvTable {
    name: "scores.csv",
    header: &[
        "bot", "seat", "games", "mean", "sd", "min", "q05", "q25", "median", "q75", "q95", "max",
    ],
    rows: score_rows,
};

/// `seat` is `all` for a bot's games in every seat, else the seat index.
fn score_rows(a: &Analysis) -> Vec<Vec<String>> {
    let row = |lead: [String; 3], score: &ScoreRow| {
        let mut row = lead.to_vec();
        row.extend(score_cells(score));
        row
    };
    let per_bot = a.per_bot.iter().map(|r| {
        row(
            [r.bot.clone(), "all".to_string(), r.games.to_string()],
            &r.score,
        )
    });
    let per_seat = a.per_seat.iter().map(|r| {
        row(
            [r.bot.clone(), r.seat.to_string(), r.games.to_string()],
            &r.score,
        )
    });
    per_bot.chain(per_seat).collect()
}
