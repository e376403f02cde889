//! Which results store a command records into, from its flags (`--db`, `TOURNEY_DB`,
//! `--no-db`, `--tag`): a run's [`StorePlan`] (opened by `crate::run::store_plan`), or the store
//! a command that reads or names one opens.

use crate::cli::{DbLocation, StoreArgs};
use crate::error::UsageError;
use crate::run::store_plan::StorePlan;
use crate::store::{Location, Store};

impl StorePlan {
    /// The store the flags name, or `None` under `--no-db`.
    pub fn from_args(args: &StoreArgs) -> Result<Option<StorePlan>, UsageError> {
        if args.no_db {
            return Ok(None);
        }
        if let Some(tag) = &args.tag
            && tag.trim().is_empty()
        {
            return Err(UsageError::Invalid(
                "--tag is empty: give a word that names the run (e.g. --tag nightly)".into(),
            ));
        }
        let named = named_store(&args.db);
        Ok(Some(StorePlan {
            explicit: named.is_some(),
            location: named.map_or_else(
                || Location::Sqlite(crate::store::DEFAULT_PATH.into()),
                |text| Location::parse(&text),
            ),
            tag: args.tag.clone(),
            absorbs_shards: false,
        }))
    }

    /// The store of a command that names one (`ladder`), recording with `tag`: it must open,
    /// as a store named on purpose must.
    pub fn of_command(location: &DbLocation, tag: String) -> StorePlan {
        StorePlan {
            location: location_of(location),
            explicit: true,
            tag: Some(tag),
            absorbs_shards: false,
        }
    }
}

/// The store `--db`, `TOURNEY_DB` or the default names.
fn location_of(location: &DbLocation) -> Location {
    Location::parse(
        &named_store(&location.db).unwrap_or_else(|| crate::store::DEFAULT_PATH.to_string()),
    )
}

/// The store `--db`, `TOURNEY_DB` or the default names. Reading needs one that exists.
pub fn open_store(location: &DbLocation, create: bool) -> anyhow::Result<Store> {
    let location = location_of(location);
    if let Location::Sqlite(path) = &location
        && !create
        && !path.exists()
    {
        return Err(UsageError::Invalid(format!(
            "no results store at {}: runs record into it as they play (or give --db)",
            path.display()
        ))
        .into());
    }
    Store::open(&location)
}

/// The store named on purpose: `--db`, else `TOURNEY_DB`; an empty one names none.
fn named_store(db: &Option<String>) -> Option<String> {
    (db.clone())
        .or_else(|| std::env::var(crate::store::ENV).ok())
        .filter(|text| !text.is_empty())
}
