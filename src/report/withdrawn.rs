//! `--disqualify`'s section of report.html and standings.html: the rule, and each program it
//! withdrew, when (after which game) and why (its share of faulty games).

use super::markup::escape;
use crate::summary::Disqualify;

/// The section, or nothing when no program was withdrawn.
pub fn html(disqualify: &Disqualify) -> String {
    if disqualify.withdrawn.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "<h2 id=\"withdrawn\">Withdrawn programs</h2>\n<p>--disqualify {}: a program that \
         faulted in more than {:.1}% of its games, judged from its {}th game on, is \
         withdrawn.</p>\n<ul>\n",
        disqualify.rate,
        100.0 * disqualify.rate,
        disqualify.min_games
    );
    for withdrawal in &disqualify.withdrawn {
        out += &format!("<li>{}</li>\n", escape(&withdrawal.text(disqualify.rate)));
    }
    out + "</ul>\n"
}
