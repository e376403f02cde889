//! A knockout's pools and bracket, as text for the terminal and as an HTML section for
//! `report.html` and `standings.html`.

use super::markup::{number, signed_tenths};
use crate::format::{KnockoutResult, MatchResult};
use askama::Template;
use std::fmt::Write;

/// How a match is told in one line: `[1] greedy 7 - 3 [4] random -> greedy`.
fn match_line(m: &MatchResult) -> String {
    let high = format!("[{}] {}", m.high.seed, m.high.bot);
    match &m.low {
        None => format!("{high}: bye"),
        Some(low) => {
            let how = match m.decided_by.as_str() {
                "points" => String::new(),
                "score" => format!(" ({})", score_note(m)),
                _ => " (level on points and score; the better seed)".to_string(),
            };
            format!(
                "{high} {} - {} [{}] {} -> {}{how}",
                number(m.points[0]),
                number(m.points[1]),
                low.seed,
                low.bot,
                m.winner
            )
        }
    }
}

/// How a match level on points was decided by the score margin, told from the winner's side
/// (the margin is kept from the better seed's): `level; score margin +8 for frank`.
fn score_note(m: &MatchResult) -> String {
    let margin = if m.winner == m.high.bot {
        m.margin
    } else {
        -m.margin
    };
    format!("level; score margin {margin:+} for {}", m.winner)
}

/// The compact text bracket printed after a run.
pub fn text(k: &KnockoutResult) -> String {
    let mut out = format!("\nKnockout ({})\n", k.format);
    for pool in &k.pools {
        let rows: Vec<String> = pool
            .rows
            .iter()
            .map(|r| {
                format!(
                    "{}. {} {} pts ({:+}){}",
                    r.place,
                    r.bot,
                    r.match_points,
                    r.game_difference,
                    if r.advanced { "*" } else { "" }
                )
            })
            .collect();
        let _ = writeln!(out, "  pool {}: {}", pool.pool, rows.join(", "));
    }
    if !k.pools.is_empty() {
        out.push_str("  (match points, game difference; * entered the bracket)\n");
    }
    for round in &k.rounds {
        let _ = writeln!(out, "  {}:", round.name);
        for m in &round.matches {
            let _ = writeln!(out, "    {}", match_line(m));
        }
    }
    match &k.champion {
        Some(champion) => {
            let _ = writeln!(out, "  winner: {champion}");
        }
        None => out.push_str("  not finished: the run stopped before the final\n"),
    }
    out
}

/// The pools and bracket as an HTML section (a table per pool, a column per round), for a
/// page's template to show.
pub(super) fn section(k: &KnockoutResult) -> KnockoutSection<'_> {
    KnockoutSection { k }
}

#[derive(Template)]
#[template(path = "knockout.html")]
pub(super) struct KnockoutSection<'a> {
    k: &'a KnockoutResult,
}

/// One side of a match's box: a seeded bot (`None` for a bye).
struct Side<'a> {
    seed: usize,
    bot: &'a str,
    /// Its match points, when it had an opponent.
    points: Option<String>,
    won: bool,
}

impl KnockoutSection<'_> {
    /// A match's box from top to bottom: the higher seed, then the lower (or a bye).
    fn sides<'m>(&self, m: &'m MatchResult) -> [Option<Side<'m>>; 2] {
        let side = |seed: usize, bot: &'m str, points: Option<f64>| Side {
            seed,
            bot,
            points: points.map(number),
            won: bot == m.winner,
        };
        let high = side(
            m.high.seed,
            &m.high.bot,
            m.low.as_ref().map(|_| m.points[0]),
        );
        let low = m
            .low
            .as_ref()
            .map(|low| side(low.seed, &low.bot, Some(m.points[1])));
        [Some(high), low]
    }

    fn signed_tenths(&self, rating: &f64) -> String {
        signed_tenths(*rating)
    }

    fn score_note(&self, m: &MatchResult) -> String {
        score_note(m)
    }
}
