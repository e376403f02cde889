//! Plays a schedule in blocks on a rayon pool and hands records to a sink in index order:
//! output is identical at any thread count, memory is bounded by one block, and a stop request
//! (Ctrl-C) abandons the games in play, keeping every game before the first one unfinished.

use super::play::{Lineup, play_fixture_unless_stopped};
use super::record::GameRecord;
use super::schedule::Part;
use crate::game::Game;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Whether a sink wants more records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// Stop the run after this record (a sequential test reached its decision). Decided in
    /// index order, so the stopping point does not depend on the thread count.
    Stop,
}

/// Receives every record, in index order, on the calling thread.
pub trait RecordSink {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow>;
    /// Called after each block, e.g. to flush files or move a progress bar; `games_done` is
    /// the index after the last record handed over.
    fn block_done(&mut self, _games_done: u64) -> std::io::Result<()> {
        Ok(())
    }
}

/// How a stream ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamStatus {
    pub games_played: u64,
    /// A stop was requested (Ctrl-C) before the schedule was complete; a sink that asked to
    /// stop (a sequential test decided) is not an interruption.
    pub interrupted: bool,
}

/// Most games per block per thread: large enough to keep every core busy between the ordered
/// hand-offs of fast games, small enough to bound the memory of a block's records.
const GAMES_PER_THREAD_PER_BLOCK: u64 = 256;

/// Blocks start at one seed group per thread and double while a block takes less than this,
/// up to [`GAMES_PER_THREAD_PER_BLOCK`]: games of a search bot (seconds each) are then written,
/// and kept by Ctrl-C or a kill, every few seconds instead of every few hundred games. Block
/// sizes change when records are handed over, never what they are.
const BLOCK_SECONDS: f64 = 2.0;

/// Plays `part` of a schedule (all of it, or a shard's or a resumed run's share) on `pool`, in
/// blocks of whole seed groups. While the pool plays one block, the calling thread hands the
/// previous one to the sink, so writing never idles the workers. A record depends only on its
/// index, so a part gives the same records as the matching stretch of the whole schedule.
pub fn run_fixtures<G: Game>(
    game: &G,
    lineup: &Lineup<'_, G>,
    part: Part<'_>,
    master_seed: u64,
    pool: &rayon::ThreadPool,
    stop: &AtomicBool,
    sink: &mut dyn RecordSink,
) -> std::io::Result<StreamStatus> {
    let group = part.schedule.games_per_seed();
    let threads = pool.current_num_threads() as u64;
    let largest = (GAMES_PER_THREAD_PER_BLOCK * threads).div_ceil(group) * group;
    let mut block = (threads * group).min(largest);
    let blocks = Blocks {
        game,
        lineup,
        part: &part,
        master_seed,
        pool,
        largest,
    };
    let (first, end) = (part.games.start, part.games.end);
    let mut played = first;
    let mut written = first;
    let mut decided = false;
    let mut pending: Vec<GameRecord> = Vec::new();
    loop {
        let next = (played < end && !decided && !stop.load(Ordering::SeqCst)).then_some(played);
        let (played_block, sunk) = blocks.play_and_sink(next, block, stop, sink, &pending, written);
        let (taken, flow) = sunk?;
        written += taken;
        decided |= flow == Flow::Stop;
        match played_block {
            // Games played past a decision are dropped: the stopping point is the same for
            // every thread count.
            Some((records, next_size)) if !decided => {
                block = next_size;
                played += records.len() as u64;
                pending = records;
            }
            _ => break,
        }
    }
    Ok(StreamStatus {
        games_played: written - first,
        interrupted: written < end && !decided,
    })
}

/// What playing a block of a part takes: the same for every block.
struct Blocks<'a, G: Game> {
    game: &'a G,
    lineup: &'a Lineup<'a, G>,
    part: &'a Part<'a>,
    master_seed: u64,
    pool: &'a rayon::ThreadPool,
    /// The most games in a block: [`GAMES_PER_THREAD_PER_BLOCK`] per thread, rounded up to whole
    /// seed groups.
    largest: u64,
}

/// A played block's records and how large the next block may be.
type PlayedBlock = (Vec<GameRecord>, u64);

impl<G: Game> Blocks<'_, G> {
    /// Plays the block of `size` games from `next`, if there is one, while the calling thread
    /// hands `pending`, the block before it, to the sink; the games before index `written`
    /// were handed over earlier.
    fn play_and_sink(
        &self,
        next: Option<u64>,
        size: u64,
        stop: &AtomicBool,
        sink: &mut dyn RecordSink,
        pending: &[GameRecord],
        written: u64,
    ) -> (Option<PlayedBlock>, std::io::Result<(u64, Flow)>) {
        if pending.is_empty() {
            // Nothing to hand over yet (the first block, or a part of one block such as a
            // tuning iteration): no helper thread to start.
            return (
                next.map(|start| self.play(start, size, stop)),
                Ok((0, Flow::Continue)),
            );
        }
        std::thread::scope(|scope| {
            let worker = next.map(|start| scope.spawn(move || self.play(start, size, stop)));
            let sunk = sink_block(sink, pending, written);
            let records = worker.map(|w| w.join().expect("game threads report panics as records"));
            (records, sunk)
        })
    }

    /// Plays the `size` games from `start` (fewer at the part's end, or up to the first game
    /// a stop request abandoned), and says how large the next block may be.
    fn play(&self, start: u64, size: u64, stop: &AtomicBool) -> PlayedBlock {
        let Blocks {
            game,
            lineup,
            part,
            master_seed,
            ..
        } = *self;
        let block_end = (start + size).min(part.games.end);
        let started = Instant::now();
        let played: Vec<Option<GameRecord>> = self.pool.install(|| {
            (start..block_end)
                .into_par_iter()
                .map(|index| {
                    let fixture = part.fixture(index);
                    if part.skips(fixture.pairing) {
                        // Its pairing was decided in an earlier block: the sink drops it.
                        return Some(GameRecord::unplayed(fixture));
                    }
                    play_fixture_unless_stopped(game, lineup, master_seed, &fixture, stop)
                })
                .collect()
        });
        // Records stay a stretch of consecutive games ending with a whole seed group, as an
        // uninterrupted block does: a game finished after an abandoned one, or in its seed
        // group, is dropped too, and replayed with it.
        let mut records: Vec<GameRecord> = played.into_iter().map_while(|record| record).collect();
        let kept_end = start + records.len() as u64;
        if kept_end < block_end {
            let group_start = kept_end - kept_end % part.schedule.games_per_seed();
            records.truncate((group_start.max(start) - start) as usize);
        }
        let quick = started.elapsed().as_secs_f64() < BLOCK_SECONDS;
        (
            records,
            if quick {
                (size * 2).min(self.largest)
            } else {
                size
            },
        )
    }
}

/// Hands one block to the sink in index order, until it asks to stop; the games before index
/// `before` were written earlier. Returns how many records it took.
fn sink_block(
    sink: &mut dyn RecordSink,
    records: &[GameRecord],
    before: u64,
) -> std::io::Result<(u64, Flow)> {
    let mut taken = 0;
    let mut flow = Flow::Continue;
    for record in records {
        flow = sink.record(record)?;
        taken += 1;
        if flow == Flow::Stop {
            break;
        }
    }
    if taken > 0 {
        sink.block_done(before + taken)?;
    }
    Ok((taken, flow))
}
