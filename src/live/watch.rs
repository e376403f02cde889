//! `tourney watch`'s loop: the live page of a results folder that another process (a run, a
//! cluster's shard) is writing, fed from its `games.csv` as it grows (see [`super::growing`])
//! until the run is over.

use super::Live;
use super::growing::GrowingCsv;
use serde_json::Value;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the folder is read again.
const POLL: Duration = Duration::from_millis(500);

impl Live {
    /// Feeds the page with the games of `dir`'s `games.csv` as it grows (`bots` the names known
    /// before the first game), until Ctrl-C sets `stop` or `over` says the run is over, with
    /// summary.json's content (`None` for a shard, which writes none): the page then shows the
    /// final summary and report, and stays until Ctrl-C.
    pub fn watch(
        &self,
        dir: &Path,
        bots: Vec<String>,
        stop: &AtomicBool,
        over: impl Fn(&Path) -> anyhow::Result<Option<Option<Value>>>,
    ) -> anyhow::Result<()> {
        let mut csv = GrowingCsv::new(dir.join("games.csv"), bots);
        while !stop.load(Ordering::SeqCst) {
            let over = over(dir)?;
            csv.read(over.is_some(), &mut |record| self.add(record))?;
            self.set_bots(&csv.bots);
            if let Some(summary) = over {
                let report = dir.join("report.html").is_file().then_some("report.html");
                self.finish(summary, report);
                self.linger(stop, false);
                break;
            }
            std::thread::sleep(POLL);
        }
        Ok(())
    }
}
