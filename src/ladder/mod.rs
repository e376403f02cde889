//! A ladder that runs for weeks (`tourney ladder DIR`, docs/guide/ladder.md). Entries come
//! from a folder that is scanned again every few seconds (`entries`); each new version is
//! self-tested by the doctor before it plays (`selftest`); games are played without end on
//! the threads given, opponents chosen where the result is least certain (`matchmaking`);
//! the standings are always the joint fit of the stored games (`standings`), each version's
//! rating kept as it stood over time (`timeline`); every game's moves are kept as a record,
//! and the recent ones' replay pages are linked from the entry pages (`records`), the oldest
//! records pruned to keep a disk budget (`budget`); `--live` also serves, made on demand, the
//! replay page of any stored game and each entry's list of all its games (`served`). Everything that
//! must survive a restart is in the results store (`crate::store`'s ladder tables): the
//! entries, every version's verdict, the deal counter and the deals claimed, each game
//! recorded with its deal in one transaction, so `kill -9` and a restart lose no game and
//! count none twice. Several processes, on one machine or many, may play one ladder through
//! one store: each is a worker that claims deals and self-tests in the store under a lease
//! (`worker`, `crate::store`'s claims). The play loop itself is generic over the game (`play`).
//!
//! The ladder knows no command line and no game: the program's edge (`app::ladder`) checks
//! the arguments into [`Settings`], configures the game, opens the store and hands down, as a
//! [`Host`], the two things only it can do (look a launched program up as `run` does, and fit
//! stored games as `tourney rate` does).

mod budget;
mod entries;
mod finale;
mod log;
pub mod matchmaking;
mod pages;
mod play;
mod records;
mod selftest;
mod served;
pub mod simulate;
mod standings;
mod timeline;
mod worker;

pub use budget::parse_size;
pub use finale::{Finalist, final_seed, final_tag, finalists, write_final_pages};
pub use log::Log;
pub use pages::private_page;
pub use play::play;
pub use served::OnDemand;

use crate::bot::BotMaker;
use crate::error::UsageError;
use crate::game::{Game, GameInfo};
use crate::replay::Header;
use crate::runner::StartLog;
use crate::store::{LadderRow, Store};
use crate::summary::RatingRow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What the ladder was asked, checked.
pub struct Settings {
    pub dir: PathBuf,
    pub name: String,
    pub out: PathBuf,
    pub threads: usize,
    pub scan: Duration,
    pub placement: u64,
    /// Stop once the ladder holds this many games.
    pub games: Option<u64>,
    /// Stop at this time (as the store writes times, which sort as text).
    pub until: Option<String>,
    /// After this, no new version enters (`--freeze`).
    pub freeze: Option<Freeze>,
    pub seed: u64,
    /// The flags the doctor is given: the game's and the confinement's.
    pub doctor_flags: Vec<String>,
    pub self_test_timeout: Duration,
    /// How long a worker's claims hold without a renewal (`--lease`): after that, another
    /// worker sharing the store takes them over.
    pub lease: Duration,
    /// What the records and the programs' logs in `out` may take (`--disk-budget`).
    pub disk_budget: u64,
    /// The report settings stored with each of the ladder's runs, as JSON.
    pub report: String,
    pub quiet: bool,
    /// Whether `--live` serves the pages (and makes the pages of every game on demand).
    pub live: bool,
}

/// When the ladder freezes: at a time (as the store writes times), or this long after the
/// start that first gives it. Either is kept in the store at that start.
#[derive(Clone, Debug, PartialEq)]
pub enum Freeze {
    At(String),
    After(Duration),
}

impl Freeze {
    /// The time it names, as the store writes times: a duration counts from now.
    pub fn time(&self) -> String {
        match self {
            Freeze::At(at) => at.clone(),
            Freeze::After(wait) => crate::store::later(*wait),
        }
    }
}

/// Ratings of the joint fit by player: an entry's name and a version's digest.
pub type Fitted = HashMap<(String, String), RatingRow>;

/// What the program's edge does for the ladder.
pub trait Host<G: Game>: Sync {
    /// The maker of the launched program of `manifest`, seated as `label`, its log kept in
    /// `logs`: `run`'s own lookup of a bot.
    fn program(
        &self,
        game: &G,
        manifest: &Path,
        label: &str,
        logs: &Path,
    ) -> anyhow::Result<Box<dyn BotMaker<G>>>;

    /// The joint fit of `tourney rate --tag TAG` over the stored games (there is at least
    /// one).
    fn fit(&self, store: &mut Store, tag: &str) -> anyhow::Result<Fitted>;

    /// The log of each game's moves `run --record` keeps.
    fn start_log(&self) -> StartLog<G>;

    /// The header of records of games of `game` played by `bots` (by lineup position) under
    /// `master_seed`, as `run --record` writes it.
    fn records_header(&self, game: &G, master_seed: u64, bots: &[String]) -> Header;

    /// The replay page of game `game` from its record's header and line, as `tourney replay
    /// --html` writes it.
    fn replay_page(&self, header: &Header, line: &str, game: u64) -> anyhow::Result<String>;
}

/// The tag of the ladder's runs.
pub fn tag(ladder: &str) -> String {
    format!("ladder:{ladder}")
}

/// Where the accepted version `digest` of `entry` is copied to in the output folder `out`.
fn copy_of(out: &Path, entry: &str, digest: &str) -> PathBuf {
    let short = &digest[..crate::version::SHORT_DIGITS.min(digest.len())];
    out.join("versions").join(entry).join(short)
}

/// Opens the ladder of `plan` in `store` (made at its first start) and hands back its
/// configuration as stored; a ladder started with other game flags or another seed is
/// refused, so one name is one field of games.
fn open(store: &mut Store, info: &GameInfo, plan: &Settings) -> anyhow::Result<String> {
    let options: serde_json::Map<String, serde_json::Value> = (info.options.iter())
        .map(|(k, v)| (k.to_string(), v.clone().into()))
        .collect();
    let configuration = serde_json::json!({
        "format": "ladder",
        "ladder": plan.name,
        "game": info.name,
        "rules": info.rules,
        "options": options,
        "seats": info.seats,
        "master_seed": plan.seed,
    })
    .to_string();
    let wanted = LadderRow {
        name: plan.name.clone(),
        game: info.name.to_string(),
        rules: info.rules.to_string(),
        configuration: configuration.clone(),
        master_seed: plan.seed,
    };
    let stored = store.open_ladder(&wanted)?;
    if stored != wanted {
        return Err(UsageError::Invalid(format!(
            "the ladder {} in {} plays {} (seed {}), not {} (seed {}): start it with the game \
             flags and --seed it was started with, or give another --name",
            plan.name,
            store.location().shown(),
            stored.configuration,
            stored.master_seed,
            wanted.configuration,
            wanted.master_seed
        ))
        .into());
    }
    Ok(configuration)
}
