//! A Swiss system's standings and rounds, as text for the terminal and as an HTML section for
//! `report.html` and `standings.html`.

use super::table::Table;
use crate::format::{SwissMatch, SwissResult, SwissRow};
use askama::Template;
use std::fmt::Write;

/// What the tie-break columns mean, under every table of them.
const NOTE: &str = "Score: a match won 1, level ½, a bye 1. Level scores are ordered by \
    Buchholz (the opponents' scores summed), then Sonneborn-Berger (the scores of the opponents \
    beaten, and half those of the opponents drawn), then the points the level bots took from \
    each other; bots level on all of these share their place. The last column says which one \
    placed a bot above the next.";

/// A half or quarter point as written: `3`, `3.5`, `7.25` (exact: these are binary fractions).
fn points(value: f64) -> String {
    format!("{value}")
}

/// A match in one line: `nice 7 - 3 greedy`.
fn match_line(m: &SwissMatch) -> String {
    format!(
        "{} {} - {} {}",
        m.bots[0],
        points(m.points[0]),
        points(m.points[1]),
        m.bots[1]
    )
}

/// A row's cells, as both the text and HTML tables show them.
fn cells(r: &SwissRow) -> Vec<String> {
    vec![
        r.place.to_string(),
        r.bot.clone(),
        points(r.score),
        points(r.buchholz),
        points(r.sonneborn_berger),
        format!("{}-{}-{}", r.won, r.drawn, r.lost),
        r.byes.to_string(),
        r.tie_break.clone(),
    ]
}

const HEADER: [&str; 8] = [
    "place",
    "bot",
    "score",
    "Buchholz",
    "Sonneborn-Berger",
    "matches W-D-L",
    "byes",
    "above the next by",
];

/// How many rounds of those asked for were played, when the run stopped early.
fn unfinished(s: &SwissResult) -> Option<String> {
    (s.rounds.len() < s.rounds_asked).then(|| {
        format!(
            "not finished: the run stopped after {} of {} rounds",
            s.rounds.len(),
            s.rounds_asked
        )
    })
}

/// The standings and each round's matches, printed after a run.
pub fn text(s: &SwissResult) -> String {
    let mut out = format!("\nSwiss ({})\n", s.format);
    for round in &s.rounds {
        let mut matches: Vec<String> = round.matches.iter().map(match_line).collect();
        if let Some(bye) = &round.bye {
            matches.push(format!("bye {bye}"));
        }
        let rematches = match round.rematches {
            0 => String::new(),
            n => format!(" ({n} rematch(es): no pairing without one)"),
        };
        let _ = writeln!(
            out,
            "  round {}: {}{rematches}",
            round.round,
            matches.join("; ")
        );
    }
    let mut table = Table::new(&HEADER);
    for row in &s.standings {
        table.row(cells(row));
    }
    out.push('\n');
    out.push_str(&table.render());
    out.push_str(
        "(score: a match won 1, level 1/2, a bye 1; level scores by Buchholz, then \
         Sonneborn-Berger, then head-to-head; level on all, a shared place)\n",
    );
    if let Some(note) = unfinished(s) {
        let _ = writeln!(out, "{note}");
    }
    out
}

/// The standings table and a table of the rounds, as an HTML section for a page's template.
pub(super) fn section(s: &SwissResult) -> SwissSection<'_> {
    SwissSection {
        s,
        unfinished: unfinished(s),
        header: &HEADER,
        rows: s.standings.iter().map(cells).collect(),
        note: NOTE,
        rounds: s
            .rounds
            .iter()
            .map(|round| RoundRow {
                number: round.round,
                matches: round.matches.iter().map(match_line).collect(),
                rematches: round.rematches,
                bye: round.bye.clone().unwrap_or_default(),
            })
            .collect(),
    }
}

#[derive(Template)]
#[template(path = "swiss.html")]
pub(super) struct SwissSection<'a> {
    s: &'a SwissResult,
    unfinished: Option<String>,
    header: &'a [&'a str],
    rows: Vec<Vec<String>>,
    note: &'a str,
    rounds: Vec<RoundRow>,
}

/// A round as the rounds table shows it.
pub(super) struct RoundRow {
    number: usize,
    matches: Vec<String>,
    rematches: usize,
    bye: String,
}
