//! A ladder's final (`tourney ladder DIR --final FORMAT`, docs/guide/ladder.md#the-final).
//! Its field is every entry's accepted version at the freeze, played from the ladder's copy
//! of it and seeded in the order of the ladder's standings (a knockout's bracket and a Swiss
//! system's first round follow the list). The final itself is a run in one of `tourney run`'s
//! formats, played by the edge and recorded into the ladder's store with the tag
//! `ladder-final:NAME`; its page, `pages/final.html`, is the run's standings page (the
//! format's own order, the fit with intervals, the crosstable, a bracket or Swiss rounds),
//! linked from the ladder's standings.
//!
//! One final per ladder: a completed one is never played over. An interrupted one has its
//! games dropped from the store and is played again whole from the same seed (a Swiss system
//! and a knockout cannot be resumed in `run` either), so it ends with the games an
//! uninterrupted final has.

use super::{Host, Settings, copy_of, entries, pages, standings, timeline};
use crate::error::UsageError;
use crate::game::Game;
use crate::input::write_atomically;
use crate::report::standings::{Crosstable, Standings, final_page};
use crate::report::{Pages, ReportData};
use crate::store::{RunFilter, RunStatus, Store, StoredRun};
use crate::summary::Summary;
use std::path::PathBuf;

/// The word `final` in the bits of the ladder's master seed that the final's seed flips: the
/// final's deals follow from the ladder's seed, and are other deals than its seed indices'.
const FINAL_SEED_BITS: u64 = u64::from_be_bytes(*b"\0\0\0final");

/// An entry of the final: its name and the manifest of its version's copy.
#[derive(Clone, Debug, PartialEq)]
pub struct Finalist {
    pub entry: String,
    pub manifest: PathBuf,
}

/// The tag of a ladder's final in the store.
pub fn final_tag(ladder: &str) -> String {
    format!("ladder-final:{ladder}")
}

/// The master seed of the final of a ladder whose master seed is `seed`.
pub fn final_seed(seed: u64) -> u64 {
    seed ^ FINAL_SEED_BITS
}

fn refuse(message: String) -> anyhow::Error {
    UsageError::Invalid(message).into()
}

/// The final's field, best of the ladder's standings first, once the checks pass: the ladder
/// is in the store with these game flags and seed, its freeze (kept in the store, or given
/// now with `--freeze`) has passed, no final of it is complete, and two entries or more have
/// an accepted version whose copy is in the output folder. The games of an interrupted final
/// are then dropped from the store, to be played again.
pub fn finalists<G: Game>(
    game: &G,
    store: &mut Store,
    plan: &Settings,
    host: &impl Host<G>,
) -> anyhow::Result<Vec<Finalist>> {
    let name = &plan.name;
    let shown = store.location().shown();
    if store.ladder_entries(name)?.is_empty() {
        return Err(refuse(format!(
            "the store {shown} holds no ladder {name} with an entry: play the ladder first, \
             then its final with the same --db and --name"
        )));
    }
    super::open(store, game.info(), plan)?;
    let given = plan.freeze.as_ref().map(super::Freeze::time);
    match store.freeze_ladder(name, given.as_deref())? {
        None => {
            return Err(refuse(format!(
                "the ladder {name} has no freeze: its final is played between the versions \
                 at the freeze; freeze it first (--freeze TIME when the ladder is started, or \
                 --freeze 0s with --final to freeze it now)"
            )));
        }
        Some(at) if at > crate::store::now() => {
            return Err(refuse(format!(
                "the ladder {name} freezes at {at}: its final can be played after that"
            )));
        }
        Some(_) => {}
    }
    let finals = final_runs(store, name)?;
    if let Some(done) = finals
        .iter()
        .find(|r| r.status == RunStatus::Complete.as_str())
    {
        return Err(refuse(format!(
            "the ladder {name} has played its final (run {}, ended {}): its standings are in \
             {}; a ladder plays one final",
            &done.id[..8.min(done.id.len())],
            done.ended_at.as_deref().unwrap_or("?"),
            plan.out.join("pages/final.html").display()
        )));
    }
    let entries = store.ladder_entries(name)?;
    let versions = store.ladder_versions(name)?;
    let (rows, _) = standings::standings(host, store, name, &entries, &versions)?;
    let mut field = Vec::new();
    for row in &rows {
        let copy = copy_of(&plan.out, &row.entry, &row.digest);
        let manifest = entries::manifest_in(&copy).ok_or_else(|| {
            refuse(format!(
                "the copy of {}'s version {} is not in {}: give the --out the ladder plays into",
                row.entry,
                row.version,
                copy.display()
            ))
        })?;
        field.push(Finalist {
            entry: row.entry.clone(),
            manifest,
        });
    }
    if field.len() < 2 {
        return Err(refuse(format!(
            "the ladder {name} has {} entries with an accepted version: a final needs two",
            field.len()
        )));
    }
    for run in &finals {
        store.reopen(&run.id, 0)?;
        store.finish_run(&run.id, RunStatus::Stopped)?;
        eprintln!(
            "the interrupted final (run {}) is played again whole; its games are dropped",
            &run.id[..8.min(run.id.len())]
        );
    }
    Ok(field)
}

fn final_runs(store: &mut Store, ladder: &str) -> anyhow::Result<Vec<StoredRun>> {
    store.find_runs(&RunFilter {
        tag: Some(final_tag(ladder)),
        ..RunFilter::default()
    })
}

/// After the final `summary` (its games in the store): writes `pages/final.html`, then the
/// ladder's pages again, so its standings link to the final. The folders' problems on the
/// standings are those the ladder last wrote into `status.json`.
pub fn write_final_pages<G: Game>(
    game: &G,
    store: &mut Store,
    plan: &Settings,
    host: &impl Host<G>,
    summary: &Summary,
) -> anyhow::Result<()> {
    let name = &plan.name;
    let finals = final_runs(store, name)?;
    let run = (finals.iter())
        .filter(|r| r.status == RunStatus::Complete.as_str())
        .max_by(|a, b| a.started_at.cmp(&b.started_at))
        .ok_or_else(|| anyhow::anyhow!("the final of the ladder {name} is not in the store"))?;
    let mut crosstable = Crosstable::default();
    for record in store.games(&run.id, &run.run.extra_columns)? {
        crosstable.add(0, &record);
    }
    let data = ReportData {
        analysis: &summary.analysis,
        plots: &[],
        pages: Pages {
            faults: &[],
            standings: &Standings {
                crosstable,
                losses: Vec::new(),
            },
            knockout: summary.knockout.as_ref(),
            swiss: summary.swiss.as_ref(),
            sprt_stop: None,
            disqualify: None,
        },
    };
    let pages = plan.out.join("pages");
    std::fs::create_dir_all(&pages)?;
    let html = final_page(
        &data,
        &format!("the final of the ladder {name}"),
        "index.html",
    )
    .map_err(|why| anyhow::anyhow!("cannot lay out the final's page: {why}"))?;
    write_atomically(&pages.join("final.html"), html.as_bytes())?;
    let entries = store.ladder_entries(name)?;
    let versions = store.ladder_versions(name)?;
    let (rows, fitted) = standings::standings(host, store, name, &entries, &versions)?;
    let games = store.ladder_game_count(name)? * game.info().seats as u64;
    let problems = last_problems(plan);
    let points = timeline::update(&plan.out, &rows, &crate::store::now())?;
    let view = pages::View {
        out: &plan.out,
        ladder: name,
        games,
        rows: &rows,
        entries: &entries,
        versions: &versions,
        problems: &problems,
        fitted: &fitted,
        points: &points,
        seats: game.info().seats,
        render: &|header, line, game| host.replay_page(header, line, game),
        // The final serves no pages: the entry pages link only to written files.
        live: false,
    };
    pages::write(store, &view)
}

/// The folders' problems as `status.json` last listed them (none when it cannot be read).
fn last_problems(plan: &Settings) -> Vec<entries::Problem> {
    let status: Option<serde_json::Value> = std::fs::read_to_string(plan.out.join("status.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok());
    let listed = status
        .as_ref()
        .and_then(|s| s["problems"].as_array().cloned());
    (listed.unwrap_or_default().iter())
        .filter_map(|p| {
            Some(entries::Problem {
                folder: p["folder"].as_str()?.to_string(),
                reason: p["reason"].as_str()?.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The final's seed follows from the ladder's, and differs from it for every seed.
    #[test]
    fn the_final_seed_follows_from_the_ladders() {
        assert_eq!(
            final_seed(1),
            0x0066_696e_616d,
            "the final's games stay the same"
        );
        assert_eq!(final_seed(final_seed(7)), 7);
        assert_ne!(final_seed(7), 7);
    }
}
