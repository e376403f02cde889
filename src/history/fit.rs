//! The joint rating over stored runs: every game of the runs chosen, fed to the same [`Tally`]
//! a run or `tourney report` feeds, one source per run (so each run's seeds are resampled as
//! units of their own), and rated by the report's own fit, bootstrap and one-sided bounds
//! ([`ratings_table`]). A player is a bot label at one version: games of one label and version
//! pool across runs, and two versions of a bot are two players.
//!
//! Runs are fed oldest first and players numbered as their first seat appears, as `tourney
//! report` numbers bots reading its folders' `games.csv` in order: so the joint rating of
//! runs in the store equals `tourney report` over their folders given oldest first, where
//! each label has one version.

use crate::error::UsageError;
use crate::report::markup::counted;
use crate::report::terminal::print_ratings;
use crate::store::{Store, StoredRun};
use crate::summary::{AnalysisOptions, Ratings, Tally, ratings_table};
use crate::version::SHORT_DIGITS;
use std::collections::HashMap;

/// A player of the joint fit: a bot label and the digest of the version that played (none
/// for an imported folder's bots, whose versions are not known).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Identity {
    pub label: String,
    pub digest: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Player {
    pub identity: Identity,
    pub version_label: Option<String>,
    /// How tables name it: the label alone when the fit has one version of that label, else
    /// `label@version-label`, or `label@` and the digest's first digits when the version label
    /// does not tell the versions apart (`label@unversioned` for an imported folder's).
    pub name: String,
}

pub struct JointFit {
    pub game: String,
    pub rules: String,
    /// Runs that held games.
    pub runs: usize,
    pub games: u64,
    /// In the order of the ratings' rows.
    pub players: Vec<Player>,
    pub ratings: Ratings,
}

/// Games of a run read at once by [`fit`].
const PART: u64 = 10_000;

/// Rates every game of `runs` (newest first, as listed) jointly. `shown` names the filter
/// that chose them, for the refusals: no run, runs of several games, rule sets or seat counts,
/// no game at all (exit 2). `anchor`, when it played, is pinned at 0 in the fit and in every
/// bootstrap resample, so each other player's interval is that of its difference from it (the
/// history gate's question); without it ratings have mean 0, as `report`'s do.
pub fn fit(
    store: &mut Store,
    runs: &[StoredRun],
    shown: &str,
    anchor: Option<&Identity>,
) -> anyhow::Result<JointFit> {
    let (game, rules) = one_kind(runs, shown)?;
    let mut tally = Tally::new(0);
    let mut players: Vec<(Identity, Option<String>)> = Vec::new();
    let mut index: HashMap<Identity, usize> = HashMap::new();
    let mut used = 0;
    for stored in runs.iter().rev() {
        let extra = &stored.run.extra_columns;
        let mut records = store.games_from(&stored.id, extra, 0, PART)?;
        if records.is_empty() {
            continue;
        }
        used += 1;
        tally.start_source();
        let lineup: Vec<(Identity, Option<String>)> = (stored.run.bots.iter())
            .map(|b| {
                let version = b.version.as_ref();
                let identity = Identity {
                    label: b.label.clone(),
                    digest: version.map(|v| v.digest.clone()),
                };
                (identity, version.and_then(|v| v.label.clone()))
            })
            .collect();
        // A run's games in index order, a part at a time: the tally keeps sums, never the
        // games, so the fit holds one part at once however long the run (a ladder's).
        while let Some(next) = records.last().map(|r| r.index + 1) {
            for mut record in records {
                for bot in record.lineup.iter_mut() {
                    let (identity, label) = &lineup[*bot];
                    *bot = *index.entry(identity.clone()).or_insert_with(|| {
                        players.push((identity.clone(), label.clone()));
                        players.len() - 1
                    });
                }
                tally.add(&record);
            }
            records = store.games_from(&stored.id, extra, next, PART)?;
        }
    }
    if tally.games == 0 {
        return Err(UsageError::Invalid(format!(
            "the {} of {game} {rules} ({shown}) hold no game yet",
            counted(runs.len() as f64, "stored run", "stored runs")
        ))
        .into());
    }
    let options = AnalysisOptions {
        anchor: anchor.and_then(|a| index.get(a)).map(|&i| (i, 0.0)),
        ..AnalysisOptions::default()
    };
    let players = named(players);
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let ratings = ratings_table(&names, &tally, &options);
    Ok(JointFit {
        game,
        rules,
        runs: used,
        games: tally.games,
        players,
        ratings,
    })
}

/// The one game and rule set of `runs`, which must also agree on seats: one table cannot rate
/// games of different kinds together.
fn one_kind(runs: &[StoredRun], shown: &str) -> Result<(String, String), UsageError> {
    let Some(first) = runs.first() else {
        return Err(UsageError::Invalid(format!(
            "no stored run matches ({shown}): `tourney history` lists the runs"
        )));
    };
    let mut kinds: Vec<String> = Vec::new();
    let mut seat_counts: Vec<u64> = Vec::new();
    for run in runs {
        let kind = format!("{} {}", run.run.game, run.run.rules);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
        if let Some(n) = seats(run).filter(|n| !seat_counts.contains(n)) {
            seat_counts.push(n);
        }
    }
    if kinds.len() > 1 {
        kinds.sort();
        return Err(UsageError::Invalid(format!(
            "the stored runs ({shown}) are of {} games and rule sets ({}), which one table \
             cannot rate together: choose one with --game and --rules",
            kinds.len(),
            kinds.join(", ")
        )));
    }
    if seat_counts.len() > 1 {
        seat_counts.sort_unstable();
        let counts: Vec<String> = seat_counts.iter().map(u64::to_string).collect();
        return Err(UsageError::Invalid(format!(
            "the stored runs ({shown}) hold games of {} seats, which one table cannot rate \
             together: narrow them (--tag, --since, --until, --bot)",
            counts.join(" and ")
        )));
    }
    Ok((first.run.game.clone(), first.run.rules.clone()))
}

/// The seats of a run's games, as its configuration says.
pub fn seats(run: &StoredRun) -> Option<u64> {
    let configuration: serde_json::Value = serde_json::from_str(&run.run.configuration).ok()?;
    configuration["seats"].as_u64()
}

/// Names the players (see [`Player::name`]).
fn named(players: Vec<(Identity, Option<String>)>) -> Vec<Player> {
    let of_label = |label: &str| players.iter().filter(|(i, _)| i.label == label).count();
    let same_version_label = |label: &str, version: &Option<String>| {
        (players.iter())
            .filter(|(i, v)| i.label == label && v == version)
            .count()
    };
    (players.iter())
        .map(|(identity, version_label)| {
            let label = &identity.label;
            let name = match (&identity.digest, version_label) {
                _ if of_label(label) == 1 => label.clone(),
                (None, _) => format!("{label}@unversioned"),
                (Some(_), Some(v)) if same_version_label(label, version_label) == 1 => {
                    format!("{label}@{v}")
                }
                (Some(digest), _) => {
                    format!("{label}@{}", &digest[..digest.len().min(SHORT_DIGITS)])
                }
            };
            Player {
                identity: identity.clone(),
                version_label: version_label.clone(),
                name,
            }
        })
        .collect()
}

impl JointFit {
    /// The ratings table as `report` prints it, then what it was fitted on.
    pub fn print(&self) {
        print_ratings(&self.ratings);
        println!(
            "\n{} of {} {} from {}; a player is a bot label at one version",
            counted(self.games as f64, "game", "games"),
            self.game,
            self.rules,
            counted(self.runs as f64, "run", "runs")
        );
    }

    pub fn json(&self) -> serde_json::Value {
        let players: Vec<serde_json::Value> = (self.players.iter())
            .map(|p| {
                serde_json::json!({
                    "name": p.name,
                    "label": p.identity.label,
                    "digest": p.identity.digest,
                    "version_label": p.version_label,
                })
            })
            .collect();
        serde_json::json!({
            "game": self.game,
            "rules": self.rules,
            "runs": self.runs,
            "games": self.games,
            "players": players,
            "ratings": self.ratings,
        })
    }

    /// The rating row of `identity`, if it played.
    pub fn rating_of(&self, identity: &Identity) -> Option<&crate::summary::RatingRow> {
        let player = self.players.iter().find(|p| p.identity == *identity)?;
        self.ratings.rows.iter().find(|r| r.bot == player.name)
    }
}
