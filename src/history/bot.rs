//! `tourney history BOT`: every version of a bot in the order it first played (digest, label,
//! first and last start, games, runs), each with its rating from the joint fit over the
//! stored games of the bot's game and rule set; as a table, JSON, or a page (`--html`).

use super::Filter;
use super::fit::{Identity, JointFit, fit};
use crate::error::UsageError;
use crate::report::history::{RunLink, VersionHistory, history_page};
use crate::report::markup::{counted, interval_text, rating_text};
use crate::report::table::Table;
use crate::store::{RunFilter, Store, StoredRun};
use crate::version::SHORT_DIGITS;
use std::path::Path;

/// One version of the bot and the runs it played in.
pub(super) struct Version {
    pub(super) identity: Identity,
    pub(super) label: Option<String>,
    first_seen: String,
    last_seen: String,
    games: u64,
    /// `(run, games the bot played in it)`, oldest first.
    runs: Vec<(StoredRun, u64)>,
}

pub fn show(
    store: &mut Store,
    filter: &Filter,
    bot: &str,
    json: bool,
    html: Option<&Path>,
) -> anyhow::Result<()> {
    let mut own = filter.store.clone();
    own.bot = Some(bot.to_string());
    let picked = Filter {
        store: own,
        format: filter.format.clone(),
    };
    let runs = picked.runs(store)?;
    if runs.is_empty() {
        return Err(unknown(store, bot, filter)?.into());
    }
    // The joint fit is over every run of the bot's game and rule set that the filter picks,
    // whether the bot played in it or not: its opponents' other games place them too.
    let (game, rules) = (&runs[0].run.game, &runs[0].run.rules);
    let mut everyone = filter.store.clone();
    if runs
        .iter()
        .all(|r| r.run.game == *game && r.run.rules == *rules)
    {
        everyone.game = Some(game.clone());
        everyone.rules = Some(rules.clone());
    }
    let field = Filter {
        store: everyone,
        format: filter.format.clone(),
    };
    let field_runs = field.runs(store)?;
    let joint = fit(store, &field_runs, &field.shown(), None)?;
    let versions = versions(store, &runs, bot)?;
    match json {
        true => println!(
            "{}",
            serde_json::to_string_pretty(&to_json(bot, &joint, &versions))?
        ),
        false => print(bot, &joint, &versions),
    }
    if let Some(path) = html {
        let page = history_page(
            bot,
            &format!("{game} {rules}"),
            &joint.ratings.scale,
            &pages(bot, &joint, &versions),
        )?;
        std::fs::write(path, page)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Why no run matched: no such bot in the store at all, or none in the runs the filter picks.
fn unknown(store: &mut Store, bot: &str, filter: &Filter) -> anyhow::Result<UsageError> {
    let anywhere = store.find_runs(&RunFilter {
        bot: Some(bot.to_string()),
        ..RunFilter::default()
    })?;
    let shown = store.location().shown();
    Ok(UsageError::Invalid(match anywhere.is_empty() {
        true => format!(
            "no bot '{}' in the runs of {shown}: give a bot's label as `tourney history` lists \
             them",
            crate::error::quote(bot)
        ),
        false => format!(
            "'{}' played in none of the stored runs ({}); it did in {}",
            crate::error::quote(bot),
            filter.shown(),
            counted(anywhere.len() as f64, "other run", "other runs")
        ),
    }))
}

/// The bot's versions in order of first appearance (`runs` newest first).
pub(super) fn versions(
    store: &mut Store,
    runs: &[StoredRun],
    bot: &str,
) -> anyhow::Result<Vec<Version>> {
    let mut versions: Vec<Version> = Vec::new();
    for stored in runs.iter().rev() {
        let played = store.bot_games(&stored.id)?;
        for (position, row) in stored.run.bots.iter().enumerate() {
            if row.label != bot && row.bot != bot {
                continue;
            }
            let identity = Identity {
                label: row.label.clone(),
                digest: row.version.as_ref().map(|v| v.digest.clone()),
            };
            let games = played
                .iter()
                .find(|g| g.position == position)
                .map_or(0, |g| g.games);
            let at = versions.iter().position(|v| v.identity == identity);
            let version = match at {
                Some(i) => &mut versions[i],
                None => {
                    versions.push(Version {
                        identity,
                        label: row.version.as_ref().and_then(|v| v.label.clone()),
                        first_seen: stored.started_at.clone(),
                        last_seen: String::new(),
                        games: 0,
                        runs: Vec::new(),
                    });
                    versions.last_mut().expect("just pushed")
                }
            };
            version.last_seen = stored.started_at.clone();
            version.games += games;
            version.runs.push((stored.clone(), games));
        }
    }
    Ok(versions)
}

/// A version as tables name it: its digest's first digits and its label, with the bot's label
/// when BOT named several (`mcts` as a bot behind two labels).
fn version_name(v: &Version, bot: &str) -> String {
    let digest = match &v.identity.digest {
        Some(d) => d[..d.len().min(SHORT_DIGITS)].to_string(),
        None => "unversioned".to_string(),
    };
    let name = match &v.label {
        Some(label) => format!("{digest} ({label})"),
        None => digest,
    };
    match v.identity.label == bot {
        true => name,
        false => format!("{}: {name}", v.identity.label),
    }
}

fn print(bot: &str, joint: &JointFit, versions: &[Version]) {
    let mut table = Table::new(&[
        "version",
        "first seen",
        "last seen",
        "games",
        "runs",
        "elo",
        "95% interval",
    ]);
    for v in versions {
        let rating = joint.rating_of(&v.identity);
        table.row(vec![
            version_name(v, bot),
            v.first_seen.clone(),
            v.last_seen.clone(),
            v.games.to_string(),
            v.runs.len().to_string(),
            rating.map_or("n/a".to_string(), rating_text),
            rating.map_or("n/a".to_string(), interval_text),
        ]);
    }
    println!(
        "{bot} in {} {}: {}, rated jointly ({}) over {} of {}",
        joint.game,
        joint.rules,
        counted(versions.len() as f64, "version", "versions"),
        joint.ratings.scale,
        counted(joint.games as f64, "game", "games"),
        counted(joint.runs as f64, "run", "runs")
    );
    print!("{}", table.render());
}

fn to_json(bot: &str, joint: &JointFit, versions: &[Version]) -> serde_json::Value {
    let versions: Vec<serde_json::Value> = (versions.iter())
        .map(|v| {
            let rating = joint.rating_of(&v.identity);
            serde_json::json!({
                "label": v.identity.label,
                "digest": v.identity.digest,
                "version_label": v.label,
                "first_seen": v.first_seen,
                "last_seen": v.last_seen,
                "games": v.games,
                "runs": v.runs.iter().map(|(r, _)| r.id.clone()).collect::<Vec<_>>(),
                "rating": rating,
            })
        })
        .collect();
    serde_json::json!({
        "bot": bot,
        "game": joint.game,
        "rules": joint.rules,
        "fit": joint.json(),
        "versions": versions,
    })
}

/// The page's points: each version with its rating and the runs behind it, linked to their
/// report.html where the run's folder still holds one.
fn pages(bot: &str, joint: &JointFit, versions: &[Version]) -> Vec<VersionHistory> {
    versions
        .iter()
        .filter_map(|v| {
            let rating = joint.rating_of(&v.identity)?.clone();
            Some(VersionHistory {
                rating,
                first_seen: v.first_seen.clone(),
                last_seen: v.last_seen.clone(),
                games: v.games,
                runs: (v.runs.iter())
                    .map(|(run, games)| {
                        let report = (run.run.folder.as_deref())
                            .map(|f| Path::new(f).join("report.html"))
                            .filter(|p| p.is_file());
                        RunLink {
                            id: run.id.clone(),
                            started_at: run.started_at.clone(),
                            games: *games,
                            folder: run.run.folder.clone(),
                            report: report.map(|p| p.display().to_string()),
                        }
                    })
                    .collect(),
            })
            .map(|mut point| {
                point.rating.bot = version_name(v, bot);
                point
            })
        })
        .collect()
}
