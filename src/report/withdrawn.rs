//! `--disqualify`'s section of report.html and standings.html: the rule, and each program it
//! withdrew, when (after which game) and why (its share of faulty games).

use crate::summary::Disqualify;
use askama::Template;

#[derive(Template)]
#[template(path = "withdrawn.html")]
pub(super) struct Withdrawn {
    rate: f64,
    percent: f64,
    min_games: u64,
    lines: Vec<String>,
}

/// The section for a page's template, or none when no program was withdrawn.
pub(super) fn section(disqualify: &Disqualify) -> Option<Withdrawn> {
    if disqualify.withdrawn.is_empty() {
        return None;
    }
    Some(Withdrawn {
        rate: disqualify.rate,
        percent: 100.0 * disqualify.rate,
        min_games: disqualify.min_games,
        lines: disqualify
            .withdrawn
            .iter()
            .map(|w| w.text(disqualify.rate))
            .collect(),
    })
}
