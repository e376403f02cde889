//! Which results store a run records into, and how it is opened: a store named on purpose must
//! open, the default one may fail with a warning. `app/store_plan.rs` makes one from the
//! command line's flags (`--db`, `TOURNEY_DB`, `--no-db`, `--tag`).

use crate::store::{Location, Store};

/// Where a plan's games are recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct StorePlan {
    pub location: Location,
    /// Named by `--db` or `TOURNEY_DB`: failing to open it refuses the run.
    pub explicit: bool,
    pub tag: Option<String>,
    /// `merge`: once complete, the run replaces the shards of its configuration in the store.
    pub absorbs_shards: bool,
}

impl StorePlan {
    /// Opens the store: an explicit one that fails is an error, the default one a warning.
    pub fn open(&self) -> anyhow::Result<Result<Store, String>> {
        if let Location::Sqlite(path) = &self.location
            && !self.explicit
            && let Some(folder) = path.parent()
        {
            // The default store sits beside the default result folders, made as they are.
            let _ = std::fs::create_dir_all(folder);
        }
        match Store::open(&self.location) {
            Ok(store) => Ok(Ok(store)),
            Err(e) if self.explicit => Err(e),
            Err(e) => Ok(Err(format!("{e:#}"))),
        }
    }
}
