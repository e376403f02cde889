//! A stored run's games.csv written back (`tourney db export`) by the code that wrote the run's
//! own, so the file is the one the run wrote.

use super::{Store, StoredRun};
use crate::report::games_csv::GamesCsv;
use crate::runner::RecordSink;
use anyhow::Result;
use std::path::Path;

impl Store {
    /// Writes the games of `stored` to `path` in index order, with the run's bots and extra
    /// columns.
    pub fn write_games_csv(&mut self, stored: &StoredRun, path: &Path) -> Result<()> {
        let records = self.games(&stored.id, &stored.run.extra_columns)?;
        let labels: Vec<String> = stored.run.bots.iter().map(|b| b.label.clone()).collect();
        let columns: Vec<&str> = stored
            .run
            .extra_columns
            .iter()
            .map(String::as_str)
            .collect();
        let mut csv = GamesCsv::create(path, labels, &columns)?;
        for record in &records {
            csv.record(record)?;
        }
        csv.block_done(0)?;
        Ok(())
    }
}
