//! The `history` gate of `tourney check`: a bot's version under test against another stored
//! version of the same bot (the one that played last before it, the best rated, or one named),
//! decided from every stored game of the game and rule set that either version played, the
//! check's own games included (they are recorded first).
//!
//! The decision is the joint fit of `tourney rate` ([`fit`]) with the reference pinned at 0 in
//! the fit and in every bootstrap resample, so the candidate's own 95% interval is the interval
//! of its difference from the reference; it is held to `-margin` as the baseline gate holds a
//! rating to its floor ([`above`]). A version the data do not identify (it never scored, or
//! never dropped a point) has a one-sided bound instead, and the difference then takes the
//! widest interval the two rows allow, unbounded on an open side.

use super::bot::{Version, versions};
use super::fit::{Identity, JointFit, fit, seats};
use crate::error::{UsageError, quote};
use crate::report::markup::counted;
use crate::scenario::gate::{HistoryGate, Judgement, Reference, Status, above};
use crate::store::{Location, RunFilter, RunStatus, Store, StoredRun};
use crate::summary::RatingRow;
use crate::version::BotVersion;
use std::collections::HashSet;

/// The entry a history gate tests: its label and the version that just played.
pub struct Candidate<'a> {
    pub label: &'a str,
    pub version: &'a BotVersion,
    pub game: &'a str,
}

/// Judges `gate` from the store at `location`, which holds the check's games by now. Refuses
/// (exit 2) a reference that cannot be found: no other version, a name that matches none or
/// several, or the candidate's own version.
pub fn judge(
    location: &Location,
    gate: &HistoryGate,
    candidate: &Candidate<'_>,
) -> anyhow::Result<Judgement> {
    let mut store = Store::open(location)?;
    let label = candidate.label;
    let own = Identity {
        label: label.to_string(),
        digest: Some(candidate.version.digest.clone()),
    };
    let all = store.find_runs(&RunFilter {
        game: Some(candidate.game.to_string()),
        bot: Some(label.to_string()),
        ..RunFilter::default()
    })?;
    // The newest run of the candidate's version is the check's own: its rule set and seats are
    // the gate's, as one table rates games of one kind.
    let Some(newest) = all.iter().find(|run| plays(run, &own)) else {
        anyhow::bail!(
            "the results store {} holds no game of {label} at version {} although this check \
             just played it",
            store.location().shown(),
            candidate.version
        );
    };
    let (rules, seat_count) = (newest.run.rules.clone(), seats(newest));
    let runs: Vec<StoredRun> = (all.iter())
        .filter(|run| run.run.rules == rules && seats(run) == seat_count)
        .cloned()
        .collect();
    let kind = format!("{} {rules}", candidate.game);
    let shown = format!("the runs of {label} in {kind}");
    let found: Vec<Version> = (versions(&mut store, &runs, label)?.into_iter())
        .filter(|v| v.identity.label == label)
        .collect();
    let reference = reference(&mut store, gate, &own, &found, &runs)?;
    let involved: Vec<StoredRun> = (runs.into_iter())
        .filter(|run| plays(run, &own) || plays(run, &reference))
        .collect();
    let involved = distinct(involved);
    let joint = fit(&mut store, &involved, &shown, Some(&reference))?;
    Ok(decide(gate, label, &joint, &own, &reference))
}

/// The runs with each repeat left out: a run of the same configuration, game range and bot
/// versions as another plays the same games (a CI job checking an unchanged version again), and
/// counting them twice would narrow the interval with no new evidence. Of repeats, a complete
/// run is kept over a stopped one, then the newest; `runs` stay newest first.
fn distinct(runs: Vec<StoredRun>) -> Vec<StoredRun> {
    let key = |run: &StoredRun| {
        let versions: Vec<Option<String>> = (run.run.bots.iter())
            .map(|bot| bot.version.as_ref().map(|v| v.digest.clone()))
            .collect();
        let r = &run.run;
        (
            r.configuration_sha256.clone(),
            r.first_game,
            r.end_game,
            versions,
        )
    };
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by_key(|&i| runs[i].status != RunStatus::Complete.as_str());
    let mut seen = HashSet::new();
    let mut kept = vec![false; runs.len()];
    for i in order {
        kept[i] = seen.insert(key(&runs[i]));
    }
    (runs.into_iter().zip(kept))
        .filter_map(|(run, keep)| keep.then_some(run))
        .collect()
}

/// Whether `identity` (a label at a version) played in `run`.
fn plays(run: &StoredRun, identity: &Identity) -> bool {
    (run.run.bots.iter()).any(|bot| {
        bot.label == identity.label
            && bot.version.as_ref().map(|v| &v.digest) == identity.digest.as_ref()
    })
}

/// The stored version the gate names. Only versions with a digest count: an imported folder's
/// bots have none, and cannot be told apart.
fn reference(
    store: &mut Store,
    gate: &HistoryGate,
    own: &Identity,
    found: &[Version],
    runs: &[StoredRun],
) -> anyhow::Result<Identity> {
    let label = &own.label;
    let known: Vec<&Version> = found
        .iter()
        .filter(|v| v.identity.digest.is_some())
        .collect();
    let listed = || {
        let shown: Vec<String> = known.iter().map(|v| short(v)).collect();
        shown.join(", ")
    };
    let where_ = store.location().shown();
    let chosen = match &gate.against {
        Reference::Previous => previous(runs, own),
        Reference::Best => best(store, runs, own, &known)?,
        Reference::Named(name) => return named(name, own, &known, &listed(), &where_),
    };
    chosen.ok_or_else(|| {
        UsageError::Invalid(format!(
            "history gate of {label}: the results store {where_} holds no {} version of {label} \
             to compare this one with (its stored versions of {label}: {}); a later version's \
             check compares with this one",
            gate.against.shown(),
            listed()
        ))
        .into()
    })
}

/// The version that played last before the candidate's newest run (runs are newest first, in
/// the order the store recorded them).
fn previous(runs: &[StoredRun], own: &Identity) -> Option<Identity> {
    (runs.iter())
        .flat_map(|run| run.run.bots.iter())
        .filter(|bot| bot.label == own.label)
        .find_map(|bot| {
            let digest = &bot.version.as_ref()?.digest;
            (own.digest.as_ref() != Some(digest)).then(|| Identity {
                label: own.label.clone(),
                digest: Some(digest.clone()),
            })
        })
}

/// The other version with the highest rating in the joint fit of every run of the bot.
fn best(
    store: &mut Store,
    runs: &[StoredRun],
    own: &Identity,
    known: &[&Version],
) -> anyhow::Result<Option<Identity>> {
    let others: Vec<&&Version> = known.iter().filter(|v| v.identity != *own).collect();
    if others.is_empty() {
        return Ok(None);
    }
    let joint = fit(store, runs, &format!("the runs of {}", own.label), None)?;
    Ok((others.iter())
        .filter_map(|v| Some((v, joint.rating_of(&v.identity)?.elo)))
        .filter(|(_, elo)| elo.is_finite())
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(v, _)| v.identity.clone()))
}

/// The one version `name` names, which must not be the candidate's.
fn named(
    name: &str,
    own: &Identity,
    known: &[&Version],
    listed: &str,
    where_: &str,
) -> anyhow::Result<Identity> {
    let label = &own.label;
    let matches: Vec<&&Version> = known.iter().filter(|v| names(v, name)).collect();
    match matches.as_slice() {
        [one] if one.identity == *own => Err(UsageError::Invalid(format!(
            "history gate of {label}: against = '{}' is the version under test ({}); name \
             another stored version of {label}: {listed}",
            quote(name),
            short(one),
        ))
        .into()),
        [one] => Ok(one.identity.clone()),
        [] => Err(UsageError::Invalid(format!(
            "history gate of {label}: no stored version of {label} is '{}' (a label, or hex \
             digits its digest starts with); the store {where_} holds {listed}",
            quote(name),
        ))
        .into()),
        several => {
            let shown: Vec<String> = several.iter().map(|v| short(v)).collect();
            Err(UsageError::Invalid(format!(
                "history gate of {label}: '{}' names {} versions of {label} ({}); give more \
                 digits of the digest",
                quote(name),
                several.len(),
                shown.join(", ")
            ))
            .into())
        }
    }
}

/// Whether `name` is the version's label, or hex digits its digest starts with (as
/// `--version` takes them).
fn names(version: &Version, name: &str) -> bool {
    let digest = version.identity.digest.as_deref().unwrap_or("");
    version.label.as_deref() == Some(name)
        || (name.chars().all(|c| c.is_ascii_hexdigit())
            && digest.starts_with(&name.to_ascii_lowercase()))
}

/// `3f2a9c1b04de (v1.2)`, as `doctor` and `history BOT` show a version.
fn short(version: &Version) -> String {
    BotVersion {
        digest: version.identity.digest.clone().unwrap_or_default(),
        label: version.label.clone(),
    }
    .short()
}

/// The verdict from the joint fit anchored at the reference.
fn decide(
    gate: &HistoryGate,
    label: &str,
    joint: &JointFit,
    own: &Identity,
    reference: &Identity,
) -> Judgement {
    let name = |identity: &Identity| {
        (joint.players.iter())
            .find(|p| p.identity == *identity)
            .map_or(label.to_string(), |p| p.name.clone())
    };
    let gate_name = format!("history {label} vs {}", gate.against.shown());
    let fitted = format!(
        "joint fit of {} of {} {} from {}",
        counted(joint.games as f64, "game", "games"),
        joint.game,
        joint.rules,
        counted(joint.runs as f64, "stored run", "stored runs")
    );
    let (Some(candidate), Some(base)) = (joint.rating_of(own), joint.rating_of(reference)) else {
        return Judgement {
            gate: gate_name,
            status: Status::Inconclusive,
            detail: format!("{} has no stored game to rate; {fitted}", name(reference)),
        };
    };
    let (lower, upper) = difference(candidate, base);
    let floor = 0.0 - gate.margin;
    Judgement {
        gate: gate_name,
        status: above((lower, upper), floor),
        detail: format!(
            "{} {:+.1} [{}, {}] Elo over {} against 0 - {} = {floor:+.1}; {fitted}",
            name(own),
            candidate.elo - base.elo,
            bound(lower),
            bound(upper),
            name(reference),
            gate.margin
        ),
    }
}

/// The 95% interval of candidate minus reference. With the reference identified it was the
/// anchor, pinned at 0 in every resample, so this is the candidate's own interval; a one-sided
/// row (NaN on its open side) leaves the difference open on that side.
fn difference(candidate: &RatingRow, reference: &RatingRow) -> (f64, f64) {
    let low = |x: f64| if x.is_nan() { f64::NEG_INFINITY } else { x };
    let high = |x: f64| if x.is_nan() { f64::INFINITY } else { x };
    (
        low(candidate.lower) - high(reference.upper),
        high(candidate.upper) - low(reference.lower),
    )
}

/// An end of the interval: Elo with its sign, or `-inf`/`+inf` for an open side.
fn bound(x: f64) -> String {
    match x.is_finite() {
        true => format!("{x:+.1}"),
        false => format!("{}inf", if x < 0.0 { "-" } else { "+" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::bounds::Identification;

    fn row(elo: f64, lower: f64, upper: f64) -> RatingRow {
        RatingRow {
            bot: "b".into(),
            elo,
            lower,
            upper,
            games: 10,
            identification: Identification::Identified,
            peeled: 0,
        }
    }

    #[test]
    fn an_anchored_reference_leaves_the_candidates_interval() {
        assert_eq!(
            difference(&row(40.0, 10.0, 70.0), &row(0.0, 0.0, 0.0)),
            (10.0, 70.0)
        );
    }

    #[test]
    fn one_sided_rows_open_the_difference_on_their_open_side() {
        // The reference never lost: its lower bound is all that is known.
        let (lower, upper) = difference(&row(40.0, 10.0, 70.0), &row(300.0, 300.0, f64::NAN));
        assert_eq!((lower, upper), (f64::NEG_INFINITY, -230.0));
        assert_eq!(above((lower, upper), 0.0), Status::Fail);
        // The candidate never lost.
        let (lower, upper) = difference(&row(500.0, 500.0, f64::NAN), &row(0.0, -20.0, 20.0));
        assert_eq!((lower, upper), (480.0, f64::INFINITY));
        assert_eq!(
            (bound(lower), bound(upper)),
            ("+480.0".into(), "+inf".into())
        );
    }
}
