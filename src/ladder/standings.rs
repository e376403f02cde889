//! The ladder's standings: always the joint fit of `tourney rate` over every stored game of
//! the ladder (its runs are tagged `ladder:NAME`), so the standings and `tourney rate --tag
//! ladder:NAME` agree to the digit. Every version that played is a player of the fit (an old
//! version's games still tell about its opponents); only each entry's accepted version that
//! plays now is ranked. Written as `standings.json` and `standings.csv` (each replaced whole)
//! and printed on the terminal.

use super::{Fitted, Host, tag};
use crate::game::Game;
use crate::input::write_atomically;
use crate::report::markup::{interval_text, rating_text};
use crate::store::{LadderEntry, LadderVersion, Store};
use crate::version::SHORT_DIGITS;
use serde::Serialize;
use std::collections::HashMap;
use std::path::Path;

/// One ranked entry.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// 1 for the best; entries without a rating yet come last, unranked.
    pub rank: Option<usize>,
    pub entry: String,
    /// The version's label, else the first digits of its digest.
    pub version: String,
    pub digest: String,
    pub elo: Option<f64>,
    /// The 95% interval of the Elo, as the fit gives it; for a version that never won or
    /// never lost, `elo` is its one-sided bound and the open end is none.
    pub lower: Option<f64>,
    pub upper: Option<f64>,
    pub games: u64,
    pub faults: u64,
    pub fault_rate: f64,
    /// When this version was accepted.
    pub last_change: Option<String>,
    /// The rating and its interval as every other table shows them (a one-sided bound with
    /// `<` or `>`, never as a point); for the terminal.
    #[serde(skip)]
    pub shown: Option<(String, String)>,
}

/// Whether the standings are due at a scan: the entries changed, or the ladder's games grew by
/// a twentieth of those the last standings held (at least one game) or have never been fitted.
/// The joint fit reads every stored game, so refitting at every scan that found games would cost
/// time in proportion to the store at every scan (6.8 s a fit at 100,000 games, longer than a
/// scan); refitting once the games grew by 5% keeps the fit's cost per game constant however
/// long the ladder runs, and the last standings are at most 5% of the games behind.
pub fn due(changed: bool, fitted_at: Option<u64>, recorded: u64) -> bool {
    match fitted_at {
        None => true,
        Some(fitted) => changed || recorded >= fitted + (fitted / 20).max(1),
    }
}

/// The standings of `entries` (each with the version it plays) from the stored games, and
/// the fit's rating of every version that played.
pub fn standings<G: Game>(
    host: &impl Host<G>,
    store: &mut Store,
    ladder: &str,
    entries: &[LadderEntry],
    versions: &[LadderVersion],
) -> anyhow::Result<(Vec<Standing>, Fitted)> {
    let tag = tag(ladder);
    let games = store.seats_by_version(&tag)?;
    let joint = match games.is_empty() {
        true => Fitted::new(),
        false => host.fit(store, &tag)?,
    };
    let label_of: HashMap<(&str, &str), Option<&String>> = (versions.iter())
        .map(|v| ((v.entry.as_str(), v.digest.as_str()), v.label.as_ref()))
        .collect();
    let mut rows: Vec<Standing> = Vec::new();
    for entry in entries {
        let Some(digest) = &entry.version else {
            continue;
        };
        let rating = joint.get(&(entry.entry.clone(), digest.clone()));
        // A bound the fit does not give is NaN there: none here. Adding 0 writes -0 as 0.
        let finite = |v: f64| v.is_finite().then_some(v + 0.0);
        let (seats, faults) = (games.iter())
            .find(|(label, version, _, _)| *label == entry.entry && version == digest)
            .map_or((0, 0), |(_, _, seats, faults)| (*seats, *faults));
        let version = match label_of.get(&(entry.entry.as_str(), digest.as_str())) {
            Some(Some(label)) => (*label).clone(),
            _ => digest[..SHORT_DIGITS.min(digest.len())].to_string(),
        };
        rows.push(Standing {
            rank: None,
            entry: entry.entry.clone(),
            version,
            digest: digest.clone(),
            elo: rating.and_then(|r| finite(r.elo)),
            lower: rating.and_then(|r| finite(r.lower)),
            upper: rating.and_then(|r| finite(r.upper)),
            games: seats,
            faults,
            fault_rate: match seats {
                0 => 0.0,
                n => faults as f64 / n as f64,
            },
            last_change: entry.changed_at.clone(),
            shown: rating.map(|r| (rating_text(r), interval_text(r))),
        });
    }
    rank(&mut rows);
    Ok((rows, joint))
}

/// Orders by Elo, best first (unrated last, by name), and numbers the rated ones.
fn rank(rows: &mut [Standing]) {
    rows.sort_by(|a, b| match (a.elo, b.elo) {
        (Some(x), Some(y)) => y.total_cmp(&x).then_with(|| a.entry.cmp(&b.entry)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.entry.cmp(&b.entry),
    });
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = row.elo.map(|_| i + 1);
    }
}

/// Writes `standings.json` and `standings.csv` into `out`.
pub fn write(out: &Path, ladder: &str, games: u64, rows: &[Standing]) -> anyhow::Result<()> {
    let json = serde_json::json!({
        "ladder": ladder,
        "updated_at": crate::store::now(),
        "games": games,
        "standings": rows,
    });
    write_atomically(
        &out.join("standings.json"),
        serde_json::to_string_pretty(&json)?.as_bytes(),
    )?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "rank",
        "entry",
        "version",
        "digest",
        "elo",
        "lower",
        "upper",
        "games",
        "faults",
        "fault_rate",
        "last_change",
    ])?;
    let number = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.1}"));
    for row in rows {
        csv.write_record([
            row.rank.map_or(String::new(), |r| r.to_string()),
            row.entry.clone(),
            row.version.clone(),
            row.digest.clone(),
            number(row.elo),
            number(row.lower),
            number(row.upper),
            row.games.to_string(),
            row.faults.to_string(),
            format!("{:.4}", row.fault_rate),
            row.last_change.clone().unwrap_or_default(),
        ])?;
    }
    write_atomically(&out.join("standings.csv"), &csv.into_inner()?)
}

/// The standings as a table for the terminal.
pub fn print(ladder: &str, games: u64, rows: &[Standing]) {
    println!("\nladder {ladder}: {games} games");
    println!(
        "{:>4}  {:<20} {:<14} {:>8}  {:<19} {:>6} {:>7}  last change",
        "rank", "entry", "version", "elo", "95% interval", "games", "faults"
    );
    for row in rows {
        let (elo, interval) = match (&row.shown, row.elo) {
            (Some((elo, interval)), Some(_)) => (elo.as_str(), interval.as_str()),
            _ => ("-", ""),
        };
        println!(
            "{:>4}  {:<20} {:<14} {:>8}  {:<19} {:>6} {:>6.1}%  {}",
            row.rank.map_or("-".to_string(), |r| r.to_string()),
            row.entry,
            row.version,
            elo,
            interval,
            row.games,
            row.fault_rate * 100.0,
            row.last_change.as_deref().unwrap_or("")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::due;

    #[test]
    fn standings_are_due_when_the_entries_change_or_the_games_grow_by_a_twentieth() {
        assert!(due(false, None, 0));
        assert!(due(true, Some(1000), 1000));
        assert!(!due(false, Some(0), 0));
        assert!(due(false, Some(0), 1));
        assert!(due(false, Some(19), 20));
        assert!(!due(false, Some(1000), 1049));
        assert!(due(false, Some(1000), 1050));
        assert!(!due(false, Some(100_000), 104_999));
        assert!(due(false, Some(100_000), 105_000));
    }
}
