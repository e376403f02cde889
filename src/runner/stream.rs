//! Plays a schedule in blocks on a rayon pool and hands records to a sink in index order:
//! output is identical at any thread count, memory is bounded by one block, and a stop request
//! (Ctrl-C) takes effect between blocks, keeping every finished one.

use super::play::{Lineup, play_fixture};
use super::record::GameRecord;
use super::schedule::Schedule;
use crate::game::Game;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Receives every record, in index order, on the calling thread.
pub trait RecordSink {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<()>;
    /// Called after each block, e.g. to flush files or move a progress bar.
    fn block_done(&mut self, _games_done: u64) -> std::io::Result<()> {
        Ok(())
    }
}

/// How a stream ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamStatus {
    pub games_played: u64,
    /// A stop was requested before the schedule was complete.
    pub interrupted: bool,
}

/// Games per block per thread: large enough to keep every core busy between the ordered
/// hand-offs, small enough that Ctrl-C answers within a fraction of a second.
const GAMES_PER_THREAD_PER_BLOCK: u64 = 256;

/// Plays `schedule` (or its first `limit` games) on `pool`, in blocks of whole seed groups.
pub fn run_fixtures<G: Game>(
    game: &G,
    lineup: &Lineup<'_, G>,
    schedule: &Schedule,
    master_seed: u64,
    pool: &rayon::ThreadPool,
    stop: &AtomicBool,
    sink: &mut dyn RecordSink,
) -> std::io::Result<StreamStatus> {
    let total = schedule.total_games();
    let group = schedule.games_per_seed();
    let block =
        (GAMES_PER_THREAD_PER_BLOCK * pool.current_num_threads() as u64).div_ceil(group) * group;
    let mut done = 0;
    while done < total {
        if stop.load(Ordering::SeqCst) {
            return Ok(StreamStatus {
                games_played: done,
                interrupted: true,
            });
        }
        let end = (done + block).min(total);
        let records: Vec<GameRecord> = pool.install(|| {
            (done..end)
                .into_par_iter()
                .map(|index| play_fixture(game, lineup, master_seed, &schedule.fixture(index)))
                .collect()
        });
        for record in &records {
            sink.record(record)?;
        }
        done = end;
        sink.block_done(done)?;
    }
    Ok(StreamStatus {
        games_played: done,
        interrupted: false,
    })
}
